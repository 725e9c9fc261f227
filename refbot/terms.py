"""Concepts for words the glossary does not list: the nearest glossary term by embedding.

A question in a language the glossary has no terms for ("Kaçış zarım 8, takip 7") names the
game's concepts in words no stemmer maps; the multilingual encoder still places "takip" near
"pursue". Each word of such a question (or its Snowball stem, "takipte" as "takip") takes the
concept of its nearest glossary term when the cosine is high and stands out from the word's
next-nearest concepts: function words ("bir", "var") resemble every term a little, and that
margin (a hubness correction in the manner of CSLS) keeps them out; a language's number words
and joiners ("iki", "ve") are never matched alone. Two neighbouring words are matched as one
phrase too, with a higher margin ("yok etti": destroyed, where neither word alone is). A word
nearest one of the glossary's plain words ("düşman" by "enemy") names nothing, where it would
otherwise take the concept of a term holding that word ("standing enemy"). The bars were chosen
on the development sets.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import numpy as np

from refbot.embed import Embedder
from refbot.glossary import TOKEN, Glossary, Mention, fold, stemmer_for, token_clauses
from refbot.lang import (
    HAN,
    HANGUL_SYLLABLES,
    HIRAGANA,
    KATAKANA,
    KATAKANA_EXTENSIONS,
    function_words,
)
from refbot.scripts import UNSPACED_CHAR

TERMS_CACHE = "terms"  # the kept vectors' file name, before the digest of the terms and model
PIECES_READ = True  # ablation switch: unspaced words (Han, kana, Hangul) read by their pieces
MAX_HAN_PIECE = 4  # the most Han characters one piece spans
MAX_PIECES = 300  # the most pieces one question is read by (about a hundred Han characters)
SCRIPT_RUN = re.compile(
    f"(?P<katakana>[{KATAKANA}{KATAKANA_EXTENSIONS}]+)|(?P<han>[{HAN}]+)"
    f"|(?P<hangul>[{HANGUL_SYLLABLES}]+)"
)
HIRAGANA_AFTER = re.compile(f"[{HIRAGANA}]{{1,2}}")
MIN_LETTERS = 3  # shorter words are particles and suffixes, not game terms
# A stem tried beside its word has a letter more: Snowball cuts some words to a bare root
# ("ileri", forward, to "i") that resembles every term a little.
MIN_STEM_LETTERS = MIN_LETTERS + 1
PAIRS_READ = True  # two neighbouring words are matched as one phrase too (ablation switch)
FUNCTION_WORDS_SKIPPED = True  # ablation switch: "iki", "ile" name no concept alone
LIGHT_WORDS_SKIPPED = True  # ablation switch: so do "ettim" (hücum ettim) and "benim" (my)
STEMS_READ = True  # ablation switch: "yakalandı" is also matched as its stem "yakala"
# Ablation switch: a word nearest a plain word ("düşman", enemy) names no concept, rather than
# the concept of the nearest term containing it ("standing enemy").
PLAIN_WORDS_ABSORB = True
# Names are matched exactly, never by resemblance; a topic only declines, so a near miss on one
# would refuse a question the corpus answers; a part says nothing alone.
SKIPPED_KINDS = frozenset({"other_game", "topic", "part"})


def unspaced_pieces(token: str) -> list[str]:
    """Return the likely words of a token in a script written without spaces.

    A katakana run is one loanword ("オーバーラン"); a Han run is read by every two to four of
    its characters ("我的哥布林逃跑掷出": "逃跑"), with the kana inflecting it ("捕まる"); a
    Hangul word is read without its last syllables, its particles ("추격자가": "추격자", "추격").
    """
    found: list[str] = []
    for run in SCRIPT_RUN.finditer(token):
        piece = run.group(0)
        if run.lastgroup == "katakana" and len(piece) >= 2:
            found.append(piece)
        elif run.lastgroup == "han":
            found += [
                piece[a : a + n]
                for n in range(2, MAX_HAN_PIECE + 1)
                for a in range(len(piece) - n + 1)
            ]
            okurigana = HIRAGANA_AFTER.match(token, run.end())
            if okurigana:
                found.append(piece[-2:] + okurigana.group(0))
        elif run.lastgroup == "hangul":
            found += [piece[:n] for n in range(len(piece), 1, -1)][:3]
    return list(dict.fromkeys(found))


@dataclass
class TermMatcher:
    """Glossary terms embedded once (on first use), matched against a question's words."""

    glossary: Glossary
    embedder: Embedder
    threshold: float = 0.7
    margin: float = 0.05  # dev: 0.15 → 0.05 raised Turkish R@5 0.67 → 0.89, no loss elsewhere
    rivals: int = 5  # the margin is over the mean of this many next-nearest concepts
    # A stem is a guess at the word: it must come nearer a term than a word ("değer", value,
    # of "değerse", if it reaches, is 0.71 from Leadership; "yakala", caught, 0.78).
    stem_threshold: float = 0.75
    # A piece of an unspaced word takes a word's bars (asia dev: 0.75 R@1 31 and 11 questions
    # wrongly declined of 78, 0.7 34 and 8, 0.65 33 and 8; a margin of 0.03 declined 6 but
    # ranked 2 fewer first).
    piece_threshold: float = 0.7
    piece_margin: float = 0.05
    pair_threshold: float = 0.7  # seen sets: 0.65 with a margin of 0.1 lost two outcomes
    pair_margin: float = 0.15
    # Where the terms' vectors are kept once embedded (the index directory): read, memory-mapped,
    # by every later process and shared between a server's workers, not embedded again.
    cache_dir: Path | None = None
    _names: list[str] = field(default_factory=list)  # the concepts, one per column
    _column_of_term: np.ndarray | None = None  # for each embedded term, its concept's column
    _vectors: np.ndarray | None = None

    def _load(self) -> np.ndarray:
        if self._vectors is None:
            terms: list[str] = []
            owners: list[str] = []
            for concept in self.glossary.concepts.values():
                if concept.kind in SKIPPED_KINDS or (
                    concept.kind == "plain" and not PLAIN_WORDS_ABSORB
                ):
                    continue
                for lang, words in concept.words.items():
                    if lang not in self.glossary.languages or self.glossary.segments(lang):
                        # Stems written to be found inside words ("捕ま", "추격하") are no words
                        # to compare another language's words with.
                        continue
                    terms += words
                    owners += [concept.name] * len(words)
            self._names = sorted(set(owners))
            column_of = {name: i for i, name in enumerate(self._names)}
            self._column_of_term = np.asarray([column_of[o] for o in owners])
            self._vectors = self._embedded(terms)
        return self._vectors

    def _embedded(self, terms: list[str]) -> np.ndarray:
        """Return the terms' vectors, from the copy kept in cache_dir when it holds these terms."""
        if self.cache_dir is None:
            return self.embedder.embed(terms)
        key = hashlib.sha256("\0".join([self.embedder.model_id, *terms]).encode()).hexdigest()
        kept = self.cache_dir / f"{TERMS_CACHE}-{key[:16]}.npy"
        try:
            vectors = np.load(kept, mmap_mode="r")
            if vectors.shape == (len(terms), self.embedder.dimension):
                return vectors
        except (OSError, ValueError):
            pass  # none yet, or unreadable: embed them
        vectors = self.embedder.embed(terms)
        if self.cache_dir.is_dir():
            written = self.cache_dir / f".{kept.name}.{os.getpid()}.tmp"
            try:
                with written.open("wb") as out:
                    np.save(out, vectors)
                os.replace(written, kept)
                for old in self.cache_dir.glob(f"{TERMS_CACHE}-*.npy"):
                    if old != kept:
                        old.unlink(missing_ok=True)
            except OSError:
                pass  # a read-only or full index directory: every process embeds them
            finally:
                written.unlink(missing_ok=True)
        return vectors

    def _nearest(self, phrases: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """Return each phrase's best cosine to each concept, and those sorted best first."""
        vectors = self._load()
        similarity = self.embedder.embed(phrases) @ vectors.T
        # The best cosine of each phrase to each concept's terms (concepts × phrases, turned).
        per_concept = np.full((len(self._names), len(phrases)), -1.0)
        assert self._column_of_term is not None  # set by _load
        np.maximum.at(per_concept, self._column_of_term, similarity.T)
        per_concept = per_concept.T
        return per_concept, -np.sort(-per_concept, axis=1)

    def _concept(
        self, row: np.ndarray, order: np.ndarray, threshold: float, margin: float
    ) -> tuple[str, float] | None:
        """Return a phrase's nearest concept and how far it stands out, or None where it is not
        near or not distinct."""
        stands_out = float(order[0] - order[1 : 1 + self.rivals].mean())
        near = order[0] >= threshold and stands_out >= margin
        return (self._names[int(row.argmax())], stands_out) if near else None

    def find(self, text: str, known: tuple[Mention, ...] = (), lang: str = "") -> list[Mention]:
        """Return concepts for the words of text no known mention covers, by nearest term."""
        taken = {i for m in known for i in range(m.start, m.end)}
        tokens = [(i, m.group(0)) for i, m in enumerate(TOKEN.finditer(fold(text)))]
        # Words of scripts written without spaces are read by their pieces (below).
        # At most MAX_PIECES, the first ones: a post of a thousand Han characters would
        # otherwise embed some three thousand pieces (half a minute).
        pieces = [
            (i, piece)
            for i, token in tokens
            if i not in taken and PIECES_READ and UNSPACED_CHAR.search(token)
            for piece in unspaced_pieces(token)
        ][:MAX_PIECES]
        words = [
            (i, w)
            for i, w in tokens
            if i not in taken
            and len(w) >= MIN_LETTERS
            and w.isalpha()
            and not (PIECES_READ and UNSPACED_CHAR.search(w))
        ]
        if not words and not pieces:
            return []
        stemmer = stemmer_for(lang) if lang and STEMS_READ else None
        stems = (
            dict(zip(words, stemmer.stemWords([w for _, w in words]), strict=True))
            if stemmer
            else {}
        )
        # Number words and joiners sit near every term a little and nearest to one by chance
        # ("iki", two, by "mandatory"): they name nothing alone, though they may in a pair.
        stopped = (
            function_words(lang, LIGHT_WORDS_SKIPPED) if FUNCTION_WORDS_SKIPPED else frozenset()
        )
        singles = [
            (i, w) for i, w in words if w not in stopped and stems.get((i, w)) not in stopped
        ]
        # A word inflected past what the encoder knows ("takipte", "yakalandı") is matched as
        # its stem too.
        stemmed = [
            (i, s)
            for i, w in singles
            if (s := stems.get((i, w), w)) != w and len(s) >= MIN_STEM_LETTERS
        ]
        # Two words side by side name what neither does alone ("yok etti": destroyed, "oyun
        # dışı": out of action); a pair resembles more terms a little, so it must stand out
        # further from its rivals. Only words of one sentence make a pair. Words and pairs are
        # embedded in one batch.
        clauses = token_clauses(fold(text))
        pairs = [
            (a, f"{first} {second}")
            for (a, first), (b, second) in pairwise(words)
            if PAIRS_READ and b == a + 1 and clauses[a] == clauses[b]
        ]
        # Each phrase with the bars it must pass and the number of words it spans.
        phrases = [
            *((i, w, self.threshold, self.margin, 1) for i, w in singles),
            *(
                (i, p, self.piece_threshold, self.piece_margin, 1)
                for i, p in pieces
                if p not in stopped
            ),
            *((i, s, self.stem_threshold, self.margin, 1) for i, s in stemmed),
            *((i, p, self.pair_threshold, self.pair_margin, 2) for i, p in pairs),
        ]
        rows, ranked = self._nearest([p[1] for p in phrases])
        # Each word or pair names at most one concept: the form of it that stands out most.
        best: dict[tuple[int, int], tuple[float, str]] = {}
        for k, (token, _, threshold, margin, width) in enumerate(phrases):
            match = self._concept(rows[k], ranked[k], threshold, margin)
            if match is None:
                continue
            concept, stands_out = match
            span = (token, token + width)
            if span not in best or stands_out > best[span][0]:
                best[span] = (stands_out, concept)
        found: dict[str, Mention] = {}
        # Single words claim their concepts before pairs, as each was matched before stems.
        for (start, end), (_, concept) in sorted(
            best.items(), key=lambda s: (s[0][1] - s[0][0], s[0])
        ):
            if concept not in found and self.glossary.concepts[concept].kind != "plain":
                found[concept] = Mention(concept, start, end, guessed=True)
        return sorted(found.values(), key=lambda m: (m.start, m.concept))
