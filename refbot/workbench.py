"""The translator workbench: documents to align, alignments, parallel clauses, concept lines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from refbot.align import Alignment, Document, align
from refbot.corpus import Section, read_loose_file
from refbot.embed import Embedder
from refbot.errors import UnknownClause
from refbot.glossary import Glossary
from refbot.loaded import Loaded
from refbot.router import candidates
from refbot.rules import all_rules
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


def parallel(
    loaded: Loaded, clause_id: str, aligned: Callable[[str, str], Alignment]
) -> list[Clause]:
    """Return the clauses the aligner links to this one in its section's counterparts.

    A counterpart is a section of the same game in another edition or language on the same
    subject (its title names a rule concept this section's does). Nothing when there is none:
    clauses on the same concepts elsewhere are other rules, not this one's translation.
    """
    clause = loaded.clause(clause_id)
    key = clause.id.split("#", 1)[0]
    linked: list[Clause] = []
    for other in counterparts(loaded, key):
        for pair in aligned(key, other).pairs:
            if any(c.id == clause.id for c in pair.a):
                linked += pair.b
    return linked


def counterparts(loaded: Loaded, key: str) -> list[str]:
    """Return the keys of the sections on the same subject in the game's other editions."""
    game, edition, lang = key.split("/")[:3]
    subject = loaded.subjects.get(key, frozenset())
    return [
        other
        for other, concepts in loaded.subjects.items()
        if other != key
        and other.split("/")[0] == game
        and tuple(other.split("/")[1:3]) != (edition, lang)
        and subject & concepts
    ]


def concept_clauses(loaded: Loaded, glossary: Glossary, concept: str) -> list[Document]:
    """Return, for each edition and language, its clauses on one glossary concept."""
    # Plain words and parts are never a text's concepts: no clause is on them.
    named = {k for k, c in glossary.concepts.items() if c.kind not in ("plain", "part")}
    if concept not in named:
        known = ", ".join(sorted(named))
        raise UnknownClause(f"no concept {concept!r} in the glossary; known: {known}")
    retriever = loaded.retriever
    # And the clauses stating a rule the concept names, as the rule's first situation: the
    # Spanish overrun's dice ("5D6 cm … 8D6 cm") never say "arrasar". (Not a detail naming it
    # too: "fewer in contact" would bring the whole charge move.)
    named_rules = {c.rule for c in candidates(all_rules()) if c.when[:1] == ((concept,),)}
    stating = {i for i, rules in loaded.stated_rules.items() if named_rules & set(rules)}
    groups: dict[tuple[str, str, str], list[Clause]] = {}
    for row, clause in enumerate(retriever.clauses):
        on_it = concept in retriever.concepts_of(row) or clause.id in stating
        if on_it and clause.kind != "heading":
            groups.setdefault((clause.game, clause.edition, clause.lang), []).append(clause)
    return [
        Document(f"{g}/{e}/{lang}", lang, clauses[0].units, clauses, concept, g, e)
        for (g, e, lang), clauses in groups.items()
    ]
