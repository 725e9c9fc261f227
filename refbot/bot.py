"""The facade the CLI and the web app call: corpus → clauses → index → search."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from refbot.align import Alignment, Document, align
from refbot.answer import Answer, compose_abstention, compose_lookup, compose_rule
from refbot.config import Settings
from refbot.corpus import Section, hash_sections, load_corpus, read_loose_file
from refbot.embed import Embedder, load_embedder
from refbot.errors import (
    CorpusError,
    IndexCorrupt,
    IndexMismatch,
    IndexMissing,
    QuestionError,
    RefbotError,
    RuleError,
    UnknownClause,
)
from refbot.evaluate import Report, evaluate, read_questions
from refbot.glossary import Glossary, load_glossary
from refbot.i18n import detect_language
from refbot.index import Hit, Index, Manifest, load_index, read_manifest, save_index
from refbot.question import parse_question
from refbot.retrieve import Retriever
from refbot.router import route
from refbot.rules import RULES, Provenance, Rule, RuleResult, run_rule
from refbot.segment import Clause, segment_section

GLOSSARY_FILE = "glossary.yaml"
VERIFY_DEPTH = 10

Progress = Callable[[int, int], None]
Notice = Callable[[str], None]
BATCH = 64


@dataclass(frozen=True)
class BuildReport:
    """What `build` did: built a new index or found the current one up to date."""

    status: str
    clause_count: int
    seconds: float
    model: str
    path: Path


def segment_corpus(sections: list[Section]) -> list[Clause]:
    """Return every clause of every section, in corpus order."""
    return [clause for section in sections for clause in segment_section(section)]


class Refbot:
    """One corpus, one embedding model and one index, loaded lazily and once."""

    def __init__(
        self,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        notice: Notice | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self._embedder = embedder
        self._index: Index | None = None
        self.notice: Notice = notice or (lambda message: None)

    @cached_property
    def embedder(self) -> Embedder:
        """Return the configured embedder, created on first use."""
        return self._embedder or load_embedder(self.settings.model, self.settings.threads)

    def sections(self) -> list[Section]:
        """Load and validate the corpus."""
        return load_corpus(self.settings.corpus_dir)

    def clauses(
        self, lang: str | None = None, game: str | None = None, kind: str | None = None
    ) -> list[Clause]:
        """Return the corpus clauses, filtered by language, game and kind."""
        return [c for c in segment_corpus(self.sections()) if c.matches(lang, game, kind)]

    def build(self, force: bool = False, progress: Progress | None = None) -> BuildReport:
        """Build the index from the corpus, or do nothing when it is already current."""
        started = time.perf_counter()
        sections = self.sections()
        corpus_hash = hash_sections(sections)
        directory = self.settings.index_dir
        if not force:
            try:
                index = load_index(directory, self.embedder.model_id, corpus_hash)
            except (IndexMissing, IndexMismatch, IndexCorrupt):
                index = None
            if index is not None and index.manifest.index_type == self.settings.index_type:
                self._use(index)
                return BuildReport(
                    "unchanged",
                    len(index.clauses),
                    time.perf_counter() - started,
                    index.manifest.model,
                    directory,
                )
        clauses = segment_corpus(sections)
        texts = [c.embedding_text() for c in clauses]
        chunks = []
        for start in range(0, len(texts), BATCH):
            chunks.append(self.embedder.embed(texts[start : start + BATCH]))
            if progress:
                progress(min(start + BATCH, len(texts)), len(texts))
        import numpy as np

        vectors = np.vstack(chunks)
        manifest = Manifest(
            index_type=self.settings.index_type,
            model=self.embedder.model_id,
            dimension=int(vectors.shape[1]),
            corpus_hash=corpus_hash,
            clause_count=len(clauses),
        )
        save_index(directory, clauses, vectors, manifest)
        self._use(load_index(directory, manifest.model, corpus_hash))
        return BuildReport(
            "built", len(clauses), time.perf_counter() - started, manifest.model, directory
        )

    @property
    def index(self) -> Index:
        """Return a verified index, rebuilding it when it is missing, stale or damaged."""
        if self._index is None:
            self._use(self._load_or_rebuild())
        assert self._index is not None
        return self._index

    def _use(self, index: Index) -> None:
        """Serve this index from now on; what was derived from the old one is dropped."""
        self._index = index
        for derived in ("retriever", "_clauses_by_id", "provenance", "_topics"):
            self.__dict__.pop(derived, None)

    @cached_property
    def glossary(self) -> Glossary:
        """Return the corpus glossary, loaded once."""
        return load_glossary(self.settings.corpus_dir / GLOSSARY_FILE)

    @cached_property
    def provenance(self) -> Provenance:
        """Return the clause-text lookup the rules core cites from, built once per index."""
        return Provenance(self.index.clauses)

    @cached_property
    def retriever(self) -> Retriever:
        """Return the hybrid retriever over the current index, built once."""
        return Retriever(self.index, self.glossary)

    def _load_or_rebuild(self) -> Index:
        directory = self.settings.index_dir
        try:
            corpus_hash = hash_sections(self.sections())
        except CorpusError as exc:
            # A bad new file must not take the last good index away from users.
            self.notice(f"corpus has errors, serving the last good index:\n{exc}")
            return load_index(directory, self.embedder.model_id)
        try:
            return load_index(directory, self.embedder.model_id, corpus_hash)
        except (IndexMissing, IndexMismatch, IndexCorrupt) as exc:
            self.notice(f"{exc}; rebuilding the index now")
        self.build(force=True)
        assert self._index is not None
        return self._index

    def manifest(self) -> Manifest:
        """Return the manifest of the current index without loading its vectors."""
        return read_manifest(self.settings.index_dir)

    def search(
        self,
        text: str,
        k: int | None = None,
        lang: str | None = None,
        game: str | None = None,
        kind: str | None = None,
    ) -> list[Hit]:
        """Return the clauses nearest in meaning to text, best first."""
        index = self.index
        allowed = None
        if lang or game or kind:
            allowed = [row for row, c in enumerate(index.clauses) if c.matches(lang, game, kind)]
        query = self.embedder.embed([text])[0]
        return index.search(query, k or self.settings.k, allowed)

    def rules(self) -> tuple[Rule, ...]:
        """Return every rule of the rules core, in every edition."""
        return RULES

    def rule(
        self,
        rule_id: str,
        inputs: dict[str, object],
        edition: str | None = None,
        unit: str | None = None,
    ) -> list[tuple[RuleResult, list[Clause]]]:
        """Compute a rule in each edition that states it, with the clauses it rests on."""
        clauses = self.clauses()
        by_id = {c.id: c for c in clauses}
        results = run_rule(rule_id, inputs, clauses, edition, unit)
        return [(result, [by_id[i] for i in result.clauses]) for result in results]

    def ask(
        self,
        query: str,
        lang: str | None = None,
        k: int | None = None,
        edition: str | None = None,
        profile: dict[str, float] | None = None,
    ) -> Answer:
        """Answer a question in any language: compute, cite, or abstain.

        When `profile` is given, the seconds each stage took are added to it.
        """
        clock = _Stopwatch(profile)
        text = query.strip()
        if not text:
            raise QuestionError("the question is empty", "empty_question")
        limit = self.settings.max_question_chars
        if len(text) > limit:
            raise QuestionError(
                f"the question has {len(text)} characters; the limit is {limit}",
                "question_too_long",
            )
        k = k or self.settings.k
        retriever = self.retriever
        with clock("detect"):
            lang = lang or detect_language(text, self.settings.default_lang)
        with clock("parse"):
            question = parse_question(text, lang, self.glossary)
        with clock("embed"):
            vector = self.embedder.embed([text])[0]
        with clock("search"):
            allowed = None
            if edition:
                allowed = [i for i, c in enumerate(retriever.clauses) if c.edition == edition]
            scores = retriever.scores(question, vector)
            hits = retriever.rank(scores, k, allowed)
            top_dense = float(scores["dense"].max()) if len(scores["dense"]) else 0.0
        with clock("route"):
            decision = route(question, self.glossary, retriever.covered, top_dense)
        if decision.kind == "abstain" or not hits:
            with clock("answer"):
                return compose_abstention(text, lang, self._topics)
        problem = None
        if decision.kind == "rule" and decision.rule:
            with clock("rules"):
                try:
                    results = run_rule(decision.rule, decision.inputs, self.provenance, edition)
                except RuleError as exc:
                    problem = str(exc)
                    results = []
            if results:
                with clock("answer"):
                    # Verified: retrieval alone ranks a clause stating the applied rule among its
                    # top VERIFY_DEPTH, however few citations the caller asked for.
                    deep = (
                        hits if k >= VERIFY_DEPTH else retriever.rank(scores, VERIFY_DEPTH, allowed)
                    )
                    found = {h.clause.id for h in deep}
                    checked = [(r, bool(found & set(r.clauses))) for r in results]
                    cited = frozenset(i for r in results for i in r.clauses)
                    provenance = {i: self.clause(i) for i in cited}
                    boosted = retriever.rank(scores, k, allowed, boost=cited)
                    return compose_rule(text, lang, checked, boosted, provenance, k)
        with clock("answer"):
            return compose_lookup(text, lang, hits, problem)

    def clause(self, clause_id: str) -> Clause:
        """Return the indexed clause with that id, or raise UnknownClause."""
        found = self._clauses_by_id.get(clause_id)
        if found is None:
            raise UnknownClause(f"no clause has the id {clause_id!r}")
        return found

    @cached_property
    def _clauses_by_id(self) -> dict[str, Clause]:
        return {c.id: c for c in self.index.clauses}

    def parallel(self, clause_id: str, limit: int = 3) -> list[Clause]:
        """Return clauses in other languages on the same concepts, closest first."""
        retriever = self.retriever
        row = next(i for i, c in enumerate(retriever.clauses) if c.id == self.clause(clause_id).id)
        source, concepts = retriever.clauses[row], retriever.own[row] - {"quantity"}
        scored = [
            (sum(retriever.idf[k] for k in concepts & retriever.own[i]), i)
            for i, c in enumerate(retriever.clauses)
            if c.lang != source.lang and c.kind != "heading"
        ]
        best = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))[:limit]
        return [retriever.clauses[i] for _, i in best]

    def health(self) -> dict[str, object]:
        """Return the state of the index and the model, for monitoring; never raises."""
        from refbot import __version__

        report: dict[str, object] = {
            "status": "ok",
            "version": __version__,
            "model": self.settings.model,
            "model_loaded": "embedder" in self.__dict__,
            "index_loaded": self._index is not None,
            "clauses": 0,
            "built_at": None,
            "problem": None,
        }
        try:
            manifest = self._index.manifest if self._index else self.manifest()
        except RefbotError as exc:
            report.update(status="unavailable", problem=str(exc))
            return report
        report.update(
            model=manifest.model, clauses=manifest.clause_count, built_at=manifest.built_at
        )
        return report

    def warm(self) -> None:
        """Load the index, the model and the retriever now rather than on the first question."""
        self.ask("warm up", k=1)

    def document(
        self,
        ref: str,
        lang: str | None = None,
        allow_files: bool = True,
        sections: list[Section] | None = None,
    ) -> Document:
        """Return a corpus section (by key) or, when allowed, a Markdown or text file to align."""
        for section in self.sections() if sections is None else sections:
            if ref in (section.key, section.path, f"{self.settings.corpus_dir}/{section.path}"):
                return Document(
                    section.key, section.lang, section.units, segment_section(section),
                    section.title, section.game, section.edition,
                )  # fmt: skip
        if not allow_files:
            raise UnknownClause(f"no corpus section {ref!r}")
        section = read_loose_file(Path(ref), lang)
        return Document(ref, section.lang, section.units, segment_section(section), section.title)

    def align(
        self,
        a: str,
        b: str,
        lang_a: str | None = None,
        lang_b: str | None = None,
        allow_files: bool = True,
    ) -> Alignment:
        """Align two documents clause by clause and flag what differs."""
        sections = self.sections()  # read the corpus once for both documents and the rules
        first = self.document(a, lang_a, allow_files, sections)
        second = self.document(b, lang_b, allow_files, sections)
        return align(first, second, self.embedder, self.glossary, segment_corpus(sections))

    def concept_clauses(self, concept: str) -> list[Document]:
        """Return, for each edition and language, its clauses on one glossary concept."""
        if concept not in self.glossary.concepts:
            known = ", ".join(sorted(self.glossary.concepts))
            raise UnknownClause(f"no concept {concept!r} in the glossary; known: {known}")
        retriever = self.retriever
        groups: dict[tuple[str, str, str], list[Clause]] = {}
        for clause, own in zip(retriever.clauses, retriever.own, strict=True):
            if concept in own and clause.kind != "heading":
                groups.setdefault((clause.game, clause.edition, clause.lang), []).append(clause)
        return [
            Document(f"{g}/{e}/{lang}", lang, clauses[0].units, clauses, concept, g, e)
            for (g, e, lang), clauses in groups.items()
        ]

    @cached_property
    def _topics(self) -> list[str]:
        return self.topics()

    def topics(self) -> list[str]:
        """Return what the corpus covers: each game with its section titles."""
        titles: dict[str, list[str]] = {}
        for clause in self.index.clauses:
            if clause.heading_path:
                names = titles.setdefault(clause.game, [])
                if clause.heading_path[0] not in names:
                    names.append(clause.heading_path[0])
        return [f"{game}: {', '.join(names)}" for game, names in titles.items()]

    def evaluate(self, path: Path, retrieval: str = "hybrid") -> Report:
        """Score a JSONL development set on the full pipeline, or on bare dense search."""
        questions = read_questions(path)
        if retrieval == "dense":
            return evaluate(questions, search=lambda q, k: self.search(q.q, k))
        return evaluate(questions, ask=lambda q, k: self.ask(q.q, k=k))


class _Stopwatch:
    """Add the seconds each named stage takes to a profile dict (or do nothing without one)."""

    def __init__(self, profile: dict[str, float] | None) -> None:
        self.profile = profile

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        if self.profile is None:
            yield
            return
        started = time.perf_counter()
        try:
            yield
        finally:
            self.profile[stage] = self.profile.get(stage, 0.0) + time.perf_counter() - started
