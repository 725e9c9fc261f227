"""The facade the CLI and the web app call: corpus → clauses → index → search."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from cachetools import LRUCache, cached
from filelock import FileLock, Timeout

from refbot import pipeline, workbench
from refbot.align import Alignment, Document
from refbot.answer import Answer, Situation
from refbot.config import Settings
from refbot.corpus import Section, hash_sections, load_corpus
from refbot.embed import Embedder, RememberingEmbedder, load_embedder
from refbot.errata import amend, overrides_of
from refbot.errors import (
    BuildInProgress,
    CorpusError,
    IndexCorrupt,
    IndexMismatch,
    IndexMissing,
    IndexUnwritable,
    QuestionError,
    RefbotError,
    UnknownClause,
    one_line,
)
from refbot.evaluate import Report, evaluate, read_questions
from refbot.glossary import Glossary, load_glossary
from refbot.index import Hit, Index, Manifest, load_index, read_manifest, save_index
from refbot.loaded import Loaded
from refbot.retrieve import Retriever
from refbot.rules import Provenance, Rule, RuleResult, all_rules, run_rule
from refbot.segment import Clause, segment_section
from refbot.terms import TermMatcher
from refbot.translation import link_translations

GLOSSARY_FILE = "glossary.yaml"
RELOAD_CHECK_SECONDS = 1.0  # how often a running service looks for a newer build
BUILD_LOCK = ".build.lock"  # in the index folder: one build at a time writes and publishes
BUILD_WAIT_SECONDS = 600.0  # a second build waits this long for the first one to finish
ALIGNMENTS_CACHED = 64  # alignments of corpus sections kept per process (LRU)
ALIGNED_TEXTS_CACHED = 20_000  # vectors of clauses (and clause pairs) aligned, kept (LRU)

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
    """Return every clause of every section, in corpus order, with the errata that amend it."""
    return amend(sections, [clause for section in sections for clause in segment_section(section)])


class Refbot:
    """Settings and the corpus/index lifecycle: one corpus, one model, one loaded index."""

    def __init__(
        self,
        settings: Settings | None = None,
        embedder: Embedder | None = None,
        notice: Notice | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self._embedder = embedder
        self._loaded: Loaded | None = None
        self._models_ready = False
        self._checked = time.monotonic()
        # Why the service answers from a last good index rather than the newest (health says
        # "degraded"): a problem found when loading at start, or when swapping in a new build.
        self._load_problem: str | None = None
        self._reload_problem: str | None = None
        self._alignments: LRUCache[tuple[str, str, str], Alignment] = LRUCache(ALIGNMENTS_CACHED)
        lock = threading.Lock()
        # Concurrent requests for the same alignment wait for the first rather than redo it.
        self._corpus_alignment = cached(
            self._alignments,
            key=lambda loaded, a, b: (loaded.index.manifest.build_id, a, b),
            lock=lock,
            condition=threading.Condition(lock),
        )(self._align_sections)
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
        found = segment_corpus(self.sections())
        _check_filters(found, lang, game)
        return [c for c in found if c.matches(lang, game, kind)]

    def build(self, force: bool = False, progress: Progress | None = None) -> BuildReport:
        """Build the index from the corpus, or do nothing when it is already current.

        Builds into one index folder take turns: a second build waits for the first (and
        then finds the index current, unless forced) instead of removing its files.
        """
        directory = self.settings.index_dir
        try:
            directory.mkdir(parents=True, exist_ok=True)
            lock = FileLock(directory / BUILD_LOCK)
            try:
                lock.acquire(timeout=0)
            except Timeout:
                self.notice(f"another build is in progress in {directory}; waiting for it")
                lock.acquire(timeout=BUILD_WAIT_SECONDS)
        except Timeout:
            raise BuildInProgress(
                f"another build has held {directory / BUILD_LOCK} for {BUILD_WAIT_SECONDS:.0f} s;"
                " try again when it has finished"
            ) from None
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise IndexUnwritable(f"cannot write the index to {directory}: {reason}") from None
        try:
            return self._build(force, progress)
        finally:
            lock.release()

    def _build(self, force: bool, progress: Progress | None) -> BuildReport:
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
        # Each translation's clauses linked to its original's, by the aligner, once per build.
        clauses = link_translations(
            sections, clauses, self.aligning_embedder, self.glossary, self.notice
        )
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
        try:
            save_index(directory, clauses, vectors, manifest)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise IndexUnwritable(f"cannot write the index to {directory}: {reason}") from None
        self._use(load_index(directory, manifest.model, corpus_hash))
        return BuildReport(
            "built", len(clauses), time.perf_counter() - started, manifest.model, directory
        )

    @property
    def loaded(self) -> Loaded:
        """Return the loaded index and what derives from it, rebuilding a missing or stale one.

        A server keeps answering while `refbot build` runs elsewhere: at most once every
        RELOAD_CHECK_SECONDS it looks whether a newer build is current, and swaps it in.
        """
        if self._loaded is None:
            self._use(*self._load_or_rebuild())
        else:
            self._reload_if_rebuilt()
        assert self._loaded is not None
        return self._loaded

    def _reload_if_rebuilt(self) -> None:
        """Swap in the current build when another process has built a newer one."""
        now = time.monotonic()
        if now - self._checked < RELOAD_CHECK_SECONDS:
            return
        self._checked = now
        assert self._loaded is not None
        serving = self._loaded.index.manifest
        try:
            current = read_manifest(self.settings.index_dir)
            if (current.built_at, current.build_id) == (serving.built_at, serving.build_id):
                self._reload_problem = None  # what we serve is current again
                return
            index = load_index(self.settings.index_dir, self.embedder.model_id)
        except RefbotError as exc:
            self._reload_problem = f"a new build could not be loaded: {exc}"
            self.notice(f"a new build could not be loaded, serving the previous one: {exc}")
            return
        self._use(index)

    @property
    def index(self) -> Index:
        """Return a verified index, rebuilding it when it is missing, stale or damaged."""
        return self.loaded.index

    @property
    def retriever(self) -> Retriever:
        """Return the hybrid retriever over the current index."""
        return self.loaded.retriever

    def _use(self, index: Index, problem: str | None = None) -> None:
        """Serve this index from now on: its derived state is built, then swapped in one step.

        `problem` says why this is a last good index rather than the newest one.
        """
        self._loaded = Loaded.of(index, self.glossary, self.settings.corpus_dir)
        self._load_problem, self._reload_problem = problem, None

    @cached_property
    def terms(self) -> TermMatcher:
        """Return the matcher of words to their nearest glossary terms (embedded once, kept)."""
        return TermMatcher(self.glossary, self.embedder, cache_dir=self.settings.index_dir)

    @cached_property
    def glossary(self) -> Glossary:
        """Return the corpus glossary, loaded once."""
        return load_glossary(self.settings.corpus_dir / GLOSSARY_FILE)

    def _load_or_rebuild(self) -> tuple[Index, str | None]:
        """Return the index to serve and, when it is a last good one, why."""
        directory = self.settings.index_dir
        try:
            corpus_hash = hash_sections(self.sections())
        except CorpusError as exc:
            # A bad new file must not take the last good index away from users.
            self.notice(f"corpus has errors, serving the last good index: {one_line(exc)}")
            index = load_index(directory, self.embedder.model_id)
            return index, f"the corpus has errors, serving the last good index: {exc}"
        try:
            return load_index(directory, self.embedder.model_id, corpus_hash), None
        except (IndexMissing, IndexMismatch, IndexCorrupt) as exc:
            # The error's advice ("run `refbot build`") is what happens next: not said twice.
            said = re.sub(r"[:;,]?\s*run `refbot build`\.?$", "", str(exc))
            self.notice(f"{said}; building it now")
        try:
            self.build(force=True)
        except CorpusError as exc:
            # Found only when the clauses are made (an erratum whose words are not in its
            # section): the last good index still serves, as for a file that fails to parse.
            self.notice(f"corpus has errors, serving the last good index: {one_line(exc)}")
            index = load_index(directory, self.embedder.model_id)
            return index, f"the corpus has errors, serving the last good index: {exc}"
        except (IndexUnwritable, BuildInProgress) as exc:
            # Answer from the last good index (if any) rather than fail every question.
            self.notice(f"{exc}; serving the last good index")
            return load_index(
                directory, self.embedder.model_id
            ), f"{exc}; serving the last good index"
        assert self._loaded is not None
        return self._loaded.index, None

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
            _check_filters(index.clauses, lang, game)
            allowed = [row for row, c in enumerate(index.clauses) if c.matches(lang, game, kind)]
        query = self.embedder.embed([text])[0]
        return index.search(query, k or self.settings.k, allowed)

    def rules(self) -> tuple[Rule, ...]:
        """Return every registered rule, in every edition."""
        return all_rules()

    def rule(
        self,
        rule_id: str,
        inputs: dict[str, object],
        edition: str | None = None,
        unit: str | None = None,
    ) -> list[tuple[RuleResult, list[Clause]]]:
        """Compute a rule in each edition that states it, with the clauses it rests on.

        The clauses are those of the index when one is current; with no index, those of the
        corpus itself, so that a rule never waits for the model to build one.
        """
        clauses = self._current_clauses()
        by_id = {c.id: c for c in clauses}
        overrides = overrides_of(clauses)
        results = run_rule(rule_id, inputs, Provenance(clauses), edition, unit, overrides)
        return [(result, [by_id[i] for i in result.clauses]) for result in results]

    def _current_clauses(self) -> list[Clause]:
        """Return the clauses of the loaded or current index, else of the corpus (no build)."""
        if self._loaded is not None:
            return self._loaded.index.clauses
        sections = self.sections()
        try:
            index = load_index(
                self.settings.index_dir, self.embedder.model_id, hash_sections(sections)
            )
        except (IndexMissing, IndexMismatch, IndexCorrupt):
            return segment_corpus(sections)
        self._use(index)
        return index.clauses

    def ask(
        self,
        query: str,
        lang: str | None = None,
        k: int | None = None,
        edition: str | None = None,
        profile: dict[str, float] | None = None,
        situation: Situation | None = None,
        previous: Situation | None = None,
        lang_prior: str | None = None,
    ) -> Answer:
        """Answer a question in any language: compute, cite, or abstain (see pipeline.ask)."""
        if not self._models_ready:
            self._load_models()
        limits = pipeline.Limits(
            self.settings.k, self.settings.max_question_chars, self.settings.default_lang
        )
        return pipeline.ask(
            query,
            self.loaded,
            self.embedder,
            self.glossary,
            limits,
            lang,
            k,
            edition,
            profile,
            self.terms,
            situation,
            previous,
            lang_prior,
        )

    def clause(self, clause_id: str) -> Clause:
        """Return the indexed clause with that id, or raise UnknownClause."""
        return self.loaded.clause(clause_id)

    def parallel(self, clause_id: str) -> list[Clause]:
        """Return the clauses aligned with this one in the other editions of its section."""
        loaded = self.loaded
        return workbench.parallel(
            loaded, clause_id, lambda a, b: self._corpus_alignment(loaded, a, b)
        )

    def health(self) -> dict[str, object]:
        """Return the state of the index and the model, for monitoring; never raises."""
        from refbot import __version__

        report: dict[str, object] = {
            "status": "ok",
            "version": __version__,
            "model": self.settings.model,
            "model_loaded": "embedder" in self.__dict__,
            "index_loaded": self._loaded is not None,
            "clauses": 0,
            "built_at": None,
            "problem": None,
        }
        try:
            manifest = self._loaded.index.manifest if self._loaded else self.manifest()
        except RefbotError as exc:
            report.update(status="unavailable", problem=str(exc))
            return report
        report.update(
            model=manifest.model, clauses=manifest.clause_count, built_at=manifest.built_at
        )
        problem = self._reload_problem or self._load_problem
        if self._loaded is not None and problem:
            # Answering, but from a last good index: monitors should page someone.
            report.update(status="degraded", problem=problem)
        return report

    def _load_models(self) -> None:
        """Load the language identifier, the index and the embedding model, before answering."""
        from refbot.i18n import DETECTABLE, warm_detector

        # The identifier first: its transient buffers are freed before the model's arrays come,
        # which keeps the process's peak memory ~40 MB lower than the other order.
        warm_detector(DETECTABLE)
        self.loaded  # noqa: B018 (load or build the index, and the embedder's model id)
        self.embedder.embed(["warm up"])
        self._models_ready = True

    def warm(self) -> None:
        """Load the index, the model and the retriever now rather than on the first question."""
        self.ask("warm up", k=1)

    def document(self, ref: str, lang: str | None = None, allow_files: bool = True) -> Document:
        """Return a corpus section (by key) or, when allowed, a Markdown or text file to align."""
        return workbench.document(ref, self.sections(), self.settings.corpus_dir, lang, allow_files)

    def align(
        self,
        a: str,
        b: str,
        lang_a: str | None = None,
        lang_b: str | None = None,
        allow_files: bool = True,
    ) -> Alignment:
        """Align two documents clause by clause and flag what differs.

        Without files (the web pages), the two corpus sections of the loaded index are aligned
        and the alignment is kept for later requests, keyed by the index build.
        """
        if not allow_files:
            return self._corpus_alignment(self.loaded, a, b)
        sections = self.sections()  # read the corpus once for both documents and the rules
        corpus_dir = self.settings.corpus_dir
        first = workbench.document(a, sections, corpus_dir, lang_a, allow_files)
        second = workbench.document(b, sections, corpus_dir, lang_b, allow_files)
        corpus = segment_corpus(sections)
        return workbench.align_documents(first, second, corpus, self.embedder, self.glossary)

    def _align_sections(self, loaded: Loaded, a: str, b: str) -> Alignment:
        """Align two corpus sections of a loaded index (cached by `_corpus_alignment`)."""
        documents = loaded.documents
        for ref in (a, b):
            if ref not in documents:
                raise UnknownClause(f"no corpus section {ref!r}")
        return workbench.align_documents(
            documents[a], documents[b], loaded.index.clauses, self.aligning_embedder, self.glossary
        )

    @cached_property
    def aligning_embedder(self) -> Embedder:
        """Return the embedder for alignments: a section's clauses are embedded once, whatever
        it is aligned with (embedding is nearly all of an alignment's cost)."""
        return RememberingEmbedder(self.embedder, ALIGNED_TEXTS_CACHED)

    def section_keys(self) -> list[str]:
        """Return the keys of the corpus sections of the loaded index (parsed once)."""
        return list(self.loaded.documents)

    def concept_clauses(self, concept: str) -> list[Document]:
        """Return, for each edition and language, its clauses on one glossary concept."""
        return workbench.concept_clauses(self.loaded, self.glossary, concept)

    def topics(self) -> list[str]:
        """Return what the corpus covers: each game with its section titles."""
        return list(self.loaded.topics)

    def evaluate(self, path: Path, retrieval: str = "hybrid") -> Report:
        """Score a JSONL development set on the full pipeline, or on bare dense search."""
        questions = read_questions(path)
        if retrieval == "dense":
            return evaluate(questions, search=lambda q, k: self.search(q.q, k))
        return evaluate(questions, ask=lambda q, k: self.ask(q.q, k=k))


def _check_filters(clauses: Sequence[Clause], lang: str | None, game: str | None) -> None:
    """Raise QuestionError naming a language or game filter no clause has, and those it has."""
    for name, value, values in (
        ("lang", lang, sorted({c.lang for c in clauses})),
        ("game", game, sorted({c.game for c in clauses})),
    ):
        if value is not None and value not in values:
            raise QuestionError(
                f"{name}: no clause has {value!r}; the corpus has {', '.join(values)}",
                "invalid_parameter",
            )
