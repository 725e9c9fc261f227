"""The translator workbench: documents to align, alignments, parallel clauses, concept lines."""

from __future__ import annotations

from pathlib import Path

from refbot.align import Alignment, Document, align
from refbot.corpus import Section, read_loose_file
from refbot.embed import Embedder
from refbot.errors import UnknownClause
from refbot.glossary import Glossary
from refbot.loaded import Loaded
from refbot.retrieve import QUANTITY
from refbot.segment import Clause, segment_section


def document(
    ref: str,
    sections: list[Section],
    corpus_dir: Path,
    lang: str | None = None,
    allow_files: bool = True,
) -> Document:
    """Return a corpus section (by key or path) or, when allowed, a Markdown or text file."""
    for section in sections:
        if ref in (section.key, section.path, f"{corpus_dir}/{section.path}"):
            return Document.of_section(section)
    if not allow_files:
        raise UnknownClause(f"no corpus section {ref!r}")
    section = read_loose_file(Path(ref), lang)
    return Document(ref, section.lang, section.units, segment_section(section), section.title)


def align_documents(
    first: Document,
    second: Document,
    corpus: list[Clause],
    embedder: Embedder,
    glossary: Glossary,
) -> Alignment:
    """Align two documents clause by clause, checking worked examples against the corpus rules."""
    return align(first, second, embedder, glossary, corpus)


def parallel(loaded: Loaded, clause_id: str, limit: int = 3) -> list[Clause]:
    """Return clauses in other languages on the same concepts, closest first."""
    retriever = loaded.retriever
    row = retriever.row_of(loaded.clause(clause_id).id)
    source = retriever.clauses[row]
    concepts = retriever.concepts_of(row) - {QUANTITY}
    scored = [
        (sum(retriever.weight_of(k) for k in concepts & retriever.concepts_of(i)), i)
        for i, c in enumerate(retriever.clauses)
        if c.lang != source.lang and c.kind != "heading"
    ]
    best = sorted((s for s in scored if s[0] > 0), key=lambda s: (-s[0], s[1]))[:limit]
    return [retriever.clauses[i] for _, i in best]


def concept_clauses(loaded: Loaded, glossary: Glossary, concept: str) -> list[Document]:
    """Return, for each edition and language, its clauses on one glossary concept."""
    if concept not in glossary.concepts:
        known = ", ".join(sorted(glossary.concepts))
        raise UnknownClause(f"no concept {concept!r} in the glossary; known: {known}")
    retriever = loaded.retriever
    groups: dict[tuple[str, str, str], list[Clause]] = {}
    for row, clause in enumerate(retriever.clauses):
        if concept in retriever.concepts_of(row) and clause.kind != "heading":
            groups.setdefault((clause.game, clause.edition, clause.lang), []).append(clause)
    return [
        Document(f"{g}/{e}/{lang}", lang, clauses[0].units, clauses, concept, g, e)
        for (g, e, lang), clauses in groups.items()
    ]
