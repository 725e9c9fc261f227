"""Hybrid retrieval: dense (FAISS) + BM25 on stems and concepts + concept overlap, fused."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import faiss
import numpy as np
from rank_bm25 import BM25Okapi

from refbot.glossary import Glossary, analyze, inside_other_term
from refbot.index import Hit, Index
from refbot.lang import patterns
from refbot.question import Question
from refbot.segment import Clause

DENSE_EXACT = 20000  # up to this many clauses in a flat index, every clause gets its cosine
DENSE_CANDIDATES = 256
CONCEPT_TOKEN = "§"  # concept tokens cannot collide with words
QUANTITY = "quantity"  # the intent "how far / how many", met by clauses that state a roll or length
# Intents that say what the user wants, not what the rule is about: not matched against clauses.
QUERY_ONLY = frozenset({"probability", "reroll"})
UNLISTED_DENSE = 4.0  # dense weight × this for a language without glossary terms (ablation)
UNLISTED_CONCEPTS = 0.5  # concept weight × this for such a language
PARAGRAPH_CONTEXT = True  # the concepts of earlier sentences of a paragraph count as a heading's
# ... and as a sentence's own where it points back to them ("In that case, treat the charge as
# failed", "En este caso, … debe cargar"): it is the answer to the situation they tell.
ANAPHORA_READ = True


@dataclass(frozen=True)
class Weights:
    """How much each retriever counts in the fused score; 0 switches one off.

    Chosen on eval/dev.jsonl (see the README): linear fusion of max-normalised scores beat
    reciprocal rank fusion there, headings' concepts count less than a clause's own, and
    figure captions, worked examples and exclamations rank a little below the rules they
    illustrate.
    """

    dense: float = 0.5
    bm25: float = 0.3
    concepts: float = 1.0
    heading: float = 0.3  # a heading's concepts, and those of a paragraph's earlier sentences
    example: float = 0.8
    exclaimed: float = 0.9  # seen sets: 1.0 → 0.9, R@1 1225 → 1231 of 1575, R@5 +2
    provenance: float = 0.5

    def for_unlisted_language(self) -> Weights:
        """Return the weights for a question in a language the glossary has no terms for.

        Its concepts come from nearest terms, noisier than the glossary's own, and no word of it
        is a word of the corpus: the multilingual encoder counts for more (on the seen sets'
        Turkish and Ukrainian questions R@1 0.464 → 0.500, R@5 0.714 → 0.804).
        """
        return replace(
            self, dense=self.dense * UNLISTED_DENSE, concepts=self.concepts * UNLISTED_CONCEPTS
        )


class Retriever:
    """Rank an index's clauses for a parsed question."""

    def __init__(self, index: Index, glossary: Glossary, weights: Weights | None = None) -> None:
        self.index = index
        self.clauses: list[Clause] = index.clauses
        self.weights = weights or Weights()
        self.own = [self._own_concepts(c, glossary) for c in self.clauses]
        # The concepts each clause's headings add to its own, and those of the sentences before
        # it in its paragraph: "In that case, treat the charge as failed" follows the sentence
        # saying what the case is.
        earlier = _earlier_in_paragraph(self.clauses, self.own) if PARAGRAPH_CONTEXT else None
        self.context_concepts = [
            (glossary.concepts_in(c.heading, c.lang, ()) | (earlier[i] if earlier else set())) - own
            for i, (c, own) in enumerate(zip(self.clauses, self.own, strict=True))
        ]
        # What each clause answers: its own concepts, and those of the sentences it points back to.
        answers = [
            own | earlier[i] if earlier and ANAPHORA_READ and _points_back(c) else own
            for i, (c, own) in enumerate(zip(self.clauses, self.own, strict=True))
        ]
        tags = [own | heading for own, heading in zip(self.own, self.context_concepts, strict=True)]
        frequency = Counter(k for both in tags for k in both)
        total = max(len(self.clauses), 1)
        self.idf = {k: math.log(1 + total / n) for k, n in frequency.items()}
        # The subjects of the corpus: what its headings name. A general topic (magic, shooting)
        # counts as covered only so; a passing mention ("the magic phase") is no chapter on it.
        self.headed = frozenset(
            k
            for c in self.clauses
            for k in glossary.concepts_in(" ".join(c.heading_path), c.lang, ())
        )
        self.covered = frozenset(
            k for k in frequency if glossary.concepts[k].kind != "topic" or k in self.headed
        )
        self.games = frozenset(c.game for c in self.clauses)
        # What each game's clauses speak of: a question naming one game asks of that game.
        by_game: dict[str, set[str]] = {}
        for c, both in zip(self.clauses, tags, strict=True):
            by_game.setdefault(c.game, set()).update(both)
        self.covered_by_game = {game: frozenset(found) for game, found in by_game.items()}
        # The situations each game's rules alone state: a question naming one asks of that game.
        situations = {k for k in frequency if glossary.concepts[k].kind == "rule"}
        self.only_in_game = {
            game: frozenset(
                k
                for k in found & situations
                if not any(k in other for g, other in by_game.items() if g != game)
            )
            for game, found in by_game.items()
        }
        self.languages = frozenset(c.lang for c in self.clauses)
        # The rows of each edition and of each game, to search one book or game without a scan.
        self._rows: dict[tuple[str, str], list[int]] = {}
        for i, c in enumerate(self.clauses):
            self._rows.setdefault(("edition", c.edition), []).append(i)
            self._rows.setdefault(("game", c.game), []).append(i)
        # For each topic the corpus mentions only in passing ("si la unidad que carga causa
        # Miedo", under "Carga durante Arrasamiento"), what the headings over the clauses
        # mentioning it name, the rarest first: a question on that topic naming two of them,
        # or the rarest ("overrun", not "charge"), is the corpus's.
        passing: dict[str, frozenset[str]] = {}
        for c, own in zip(self.clauses, self.own, strict=True):
            if not c.heading_path or not any(glossary.concepts[k].kind == "topic" for k in own):
                continue
            mentions = glossary.find(glossary.readable(c.text, c.lang), c.lang, ())
            for m in mentions:
                if (
                    glossary.concepts[m.concept].kind != "topic"
                    or m.concept in self.covered
                    or inside_other_term(m, mentions, glossary)
                ):
                    continue
                headed = glossary.concepts_in(c.heading_path[-1], c.lang, ()) - {m.concept}
                passing[m.concept] = passing.get(m.concept, frozenset()) | headed
        self.passing_topics: dict[str, tuple[str, ...]] = {
            topic: tuple(sorted(headed, key=lambda k: (frequency[k], k)))
            for topic, headed in passing.items()
        }
        # Clause × concept matrices of IDF weights, so a question costs one column sum.
        self._column = {k: i for i, k in enumerate(sorted(frequency))}
        self._own_idf = self._matrix(answers)
        self._context_idf = self._matrix(
            [
                context - answer
                for context, answer in zip(self.context_concepts, answers, strict=True)
            ]
        )
        self._norm = np.asarray([(sum(self.idf[k] for k in both) or 1.0) ** 0.25 for both in tags])
        self.bm25 = SparseBM25(
            [
                analyze(glossary.readable(f"{c.heading} {c.text}", c.lang), c.lang)
                + _concept_tokens(both)
                for c, both in zip(self.clauses, tags, strict=True)
            ]
        )
        self._scale = np.asarray([self._scale_of(c) for c in self.clauses])
        # Headings are context, and so is a question in running text ("Can the fleeing troops
        # escape their pursuers?"): it restates a reader's question but never answers one.
        # A sentence the text repeats word for word is cited once, where it first occurs.
        seen: set[str] = set()
        repeated = []
        for c in self.clauses:
            said = " ".join(c.text.split()).casefold()
            repeated.append(said in seen and c.kind != "heading")
            seen.add(said)
        self._not_answers = np.asarray(
            [
                c.kind == "heading" or _asks(c.text) or again
                for c, again in zip(self.clauses, repeated, strict=True)
            ],
            dtype=bool,
        )
        flat = isinstance(index.vectors, faiss.IndexFlat) and len(self.clauses) <= DENSE_EXACT
        self._matrix_of_vectors = (
            index.vectors.reconstruct_n(0, index.vectors.ntotal) if flat else None
        )
        self._row = {c.id: i for i, c in enumerate(self.clauses)}
        self.faq_rows = tuple(i for i, c in enumerate(self.clauses) if c.kind == "faq")

    def implied_games(self, concepts: Iterable[str]) -> frozenset[str]:
        """Return the one game whose own situations a question names, and no other's, if any."""
        said = set(concepts)
        games = frozenset(g for g, own in self.only_in_game.items() if own & said)
        return games if len(games) == 1 else frozenset()

    def rows_of(
        self,
        editions: Iterable[str | None] = (),
        games: Iterable[str] = (),
        within: Sequence[int] | None = None,
    ) -> list[int]:
        """Return the rows of clauses of these editions, or these games (within some rows)."""
        found = sorted(
            {
                *(i for e in editions if e for i in self._rows.get(("edition", e), ())),
                *(i for g in games for i in self._rows.get(("game", g), ())),
            }
        )
        if within is not None:
            kept = set(within)
            found = [i for i in found if i in kept]
        return found

    def _scale_of(self, clause: Clause) -> float:
        """Return how much a clause's fused score counts: examples and exclamations less."""
        if clause.kind == "example":
            return self.weights.example
        # "… momentum carries them clean off the battlefield!": an exclamation in running text
        # is more often the book's flavour than its rule (headings are not answers anyway).
        if clause.kind != "heading" and clause.text.rstrip().endswith("!"):
            return self.weights.exclaimed
        return 1.0

    def _matrix(self, concept_sets: list[set[str]]) -> np.ndarray:
        matrix = np.zeros((len(concept_sets), max(len(self._column), 1)))
        for row, concepts in enumerate(concept_sets):
            for k in concepts:
                matrix[row, self._column[k]] = self.idf[k]
        return matrix

    @staticmethod
    def _own_concepts(clause: Clause, glossary: Glossary) -> set[str]:
        # A clause meets "how far?" by stating a roll or a length, not by saying "distance".
        # A FAQ answer is about its question as much as about its own words.
        text = f"{clause.question} {clause.text}" if clause.question else clause.text
        found = glossary.concepts_in(text, clause.lang, extra_langs=()) - {QUANTITY}
        return found | {QUANTITY} if patterns().quantity.search(clause.text) else found

    def dense_scores(self, vector: np.ndarray) -> np.ndarray:
        """Return the cosine of every clause; past DENSE_EXACT clauses, of the top candidates only.

        An approximate index, or a large one, is asked for DENSE_CANDIDATES neighbours; the rest
        get the lowest score found, so they contribute nothing after normalisation.
        """
        n = len(self.clauses)
        if self._matrix_of_vectors is not None:
            # A flat index is a plain matrix: one product scores every clause, no top-k heap.
            return (self._matrix_of_vectors @ vector.astype(np.float32)).astype(np.float64)
        k = min(n, DENSE_CANDIDATES)
        found, rows = self.index.vectors.search(vector.reshape(1, -1).astype(np.float32), k)
        valid = rows[0] >= 0
        dense = np.full(n, float(found[0][valid].min()) if valid.any() else 0.0)
        dense[rows[0][valid]] = found[0][valid]
        return dense

    def scores(self, question: Question, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Return each retriever's raw score for every clause."""
        wanted = sorted((question.concepts - QUERY_ONLY) & self.covered)
        stems = analyze(question.text, question.lang) + _concept_tokens(set(wanted))
        bm25 = np.asarray(self.bm25.get_scores(stems), dtype=np.float64)
        columns = [self._column[k] for k in wanted]
        own = self._own_idf[:, columns].sum(axis=1)
        context = self._context_idf[:, columns].sum(axis=1)
        overlap = own + self.weights.heading * context
        return {"dense": self.dense_scores(vector), "bm25": bm25, "concepts": overlap / self._norm}

    def fuse(self, scores: dict[str, np.ndarray], weights: Weights | None = None) -> np.ndarray:
        """Return the weighted sum of max-normalised scores (dense min-max), in [0, 1]."""
        w = weights or self.weights
        dense = scores["dense"]
        spread = dense.max() - dense.min()
        parts = [
            (w.dense, (dense - dense.min()) / spread if spread > 0 else np.zeros_like(dense)),
            (w.bm25, _by_max(scores["bm25"])),
            (w.concepts, _by_max(scores["concepts"])),
        ]
        total = sum(weight for weight, _ in parts) or 1.0
        return sum(weight * part for weight, part in parts) * self._scale / total

    def rank(
        self,
        scores: dict[str, np.ndarray],
        k: int,
        allowed: Sequence[int] | None = None,
        boost: Mapping[str, float] | None = None,
        weights: Weights | None = None,
    ) -> list[Hit]:
        """Return the k best clauses by fused score; headings and questions are not answers.

        Boosted clauses (those stating a rule the core applied) gain the provenance bonus times
        their share of it.
        """
        fused = self.fuse(scores, weights)
        ranking = fused.copy()
        if boost:
            for clause_id, share in boost.items():
                if clause_id in self._row:
                    ranking[self._row[clause_id]] += share * self.weights.provenance
            fused = ranking.copy()
        ranking[self._not_answers] = -np.inf
        if allowed is not None:
            keep = np.zeros(len(ranking), dtype=bool)
            keep[list(allowed)] = True
            ranking[~keep] = -np.inf
        # The k best, then a stable order among them: best score first, then document order.
        if k < len(ranking):
            candidates = np.argpartition(-ranking, k)[: k + 1]
            cutoff = ranking[candidates].min()
            candidates = np.flatnonzero(ranking >= cutoff)
        else:
            candidates = np.arange(len(ranking))
        order = candidates[np.lexsort((candidates, -ranking[candidates]))][:k]
        return [Hit(self.clauses[r], float(fused[r])) for r in order if ranking[r] > -np.inf]

    def row_of(self, clause_id: str) -> int:
        """Return the row of a clause in this retriever's index."""
        return self._row[clause_id]

    def concepts_of(self, row: int) -> frozenset[str]:
        """Return the glossary concepts a clause's own text mentions."""
        return frozenset(self.own[row])

    def weight_of(self, concept: str) -> float:
        """Return the IDF weight of a concept over the indexed clauses."""
        return self.idf.get(concept, 0.0)


class SparseBM25:
    """rank-bm25's Okapi BM25, its per-document term weights precomputed as postings.

    rank-bm25 scores a query by looping over every document in Python, which takes tens of
    milliseconds at 17,000 clauses; each term's precomputed weights cost one scatter-add. (Plain
    numpy arrays, not a scipy sparse matrix: importing scipy took a fifth of a second of every
    process's start.)
    """

    def __init__(self, documents: Sequence[list[str]]) -> None:
        model = BM25Okapi(documents)
        lengths = np.asarray(model.doc_len, dtype=np.float64)
        norm = model.k1 * (1 - model.b + model.b * lengths / model.avgdl)
        rows: dict[str, list[int]] = {}
        weights: dict[str, list[float]] = {}
        for row, frequencies in enumerate(model.doc_freqs):
            for term, tf in frequencies.items():
                rows.setdefault(term, []).append(row)
                weights.setdefault(term, []).append(
                    model.idf[term] * tf * (model.k1 + 1) / (tf + norm[row])
                )
        self.documents = len(documents)
        # For each term: the documents it occurs in, and its BM25 weight in each.
        self.postings = {
            term: (np.asarray(rows[term], dtype=np.int64), np.asarray(weights[term]))
            for term in rows
        }

    def get_scores(self, query: Sequence[str]) -> np.ndarray:
        """Return every document's BM25 score for the query (repeated terms count again)."""
        scores = np.zeros(self.documents)
        for term, times in Counter(t for t in query if t in self.postings).items():
            rows, weights = self.postings[term]
            scores[rows] += times * weights  # a term occurs once per document's postings
        return scores


def _points_back(clause: Clause) -> bool:
    """Return whether a clause opens by pointing back to the situation told before it."""
    return bool(patterns().anaphora.match(clause.text.lstrip()))


def _asks(text: str) -> bool:
    """Return whether a clause is a question rather than a statement."""
    return text.rstrip().endswith(("?", "？"))


def _by_max(values: np.ndarray) -> np.ndarray:
    top = values.max() if len(values) else 0.0
    return values / top if top > 0 else np.zeros_like(values)


def _concept_tokens(concepts: set[str] | frozenset[str]) -> list[str]:
    return [CONCEPT_TOKEN + k for k in sorted(concepts)]


def _earlier_in_paragraph(clauses: list[Clause], own: list[set[str]]) -> list[set[str]]:
    """Return, per clause, the concepts of the clauses before it in the same paragraph."""
    earlier: list[set[str]] = []
    for i, clause in enumerate(clauses):
        same = i > 0 and _paragraph_of(clauses[i - 1]) == _paragraph_of(clause)
        earlier.append(earlier[-1] | own[i - 1] if same else set())
    return earlier


def _paragraph_of(clause: Clause) -> tuple[str, str, str, str, int]:
    """Return what names a clause's paragraph: two games may share an edition's slug."""
    return (clause.game, clause.edition, clause.lang, clause.section, clause.block)
