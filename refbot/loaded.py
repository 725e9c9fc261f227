"""The state a question is answered from, built from one index and swapped in one step."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from refbot.align import Document
from refbot.corpus import Section, load_corpus
from refbot.errata import overrides_of
from refbot.errors import ProvenanceMissing, UnknownClause
from refbot.glossary import Glossary
from refbot.index import Index
from refbot.lang import patterns
from refbot.retrieve import Retriever
from refbot.rules import Override, Provenance, all_rules
from refbot.segment import Amendment, Clause


@dataclass(frozen=True)
class Coverage:
    """What the corpus says of one game: the rules its clauses state, as glossary concepts."""

    game: str
    concepts: tuple[str, ...]


@dataclass(frozen=True)
class Loaded:
    """One index with everything derived from it: retriever, provenance, clauses by id, topics."""

    index: Index
    retriever: Retriever
    provenance: Provenance
    clauses_by_id: dict[str, Clause]
    topics: tuple[str, ...]
    corpus_dir: Path
    coverage: tuple[Coverage, ...] = ()
    # What readers call each (game, edition): its title from the corpus, else its slug.
    edition_titles: dict[tuple[str, str], str] = field(default_factory=dict)
    # What each section is about (by key): the rule concepts its title names.
    subjects: dict[str, frozenset[str]] = field(default_factory=dict)
    # The rule constants the corpus's errata amend: the rules core computes with these values.
    overrides: tuple[Override, ...] = ()
    # The edition each translation renders, by the translation's edition slug (its links').
    originals: dict[str, str] = field(default_factory=dict)
    # Games' names as written, lowercased: no word of any one language (language detection).
    game_names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, index: Index, glossary: Glossary, corpus_dir: Path) -> Loaded:
        """Derive the retriever, provenance and topics of an index."""
        return cls(
            index=index,
            retriever=Retriever(index, glossary),
            provenance=Provenance(index.clauses),
            clauses_by_id={c.id: c for c in index.clauses},
            topics=tuple(topics_of(index.clauses)),
            corpus_dir=corpus_dir,
            coverage=coverage_of(index.clauses, glossary),
            edition_titles={
                (c.game, c.edition): c.edition_title or c.edition for c in index.clauses
            },
            subjects=subjects_of(index.clauses, glossary),
            overrides=overrides_of(index.clauses),
            originals={
                c.edition: link.original.split("/")[1]
                for c in index.clauses
                for link in c.translates
            },
            game_names=glossary.game_names({c.game for c in index.clauses}),
        )

    @cached_property
    def sections(self) -> tuple[Section, ...]:
        """Return the corpus sections, read and parsed once for this index (the workbench's)."""
        return tuple(load_corpus(self.corpus_dir))

    @cached_property
    def documents(self) -> dict[str, Document]:
        """Return each corpus section as a document to align, by section key, split once."""
        return {section.key: Document.of_section(section) for section in self.sections}

    def paragraph(self, clause: Clause) -> tuple[str, tuple[Amendment, ...]]:
        """Return the text of the paragraph (or list item) a clause sits in, as errata amend it,
        and those errata."""
        clauses = [
            c
            for c in self.index.clauses
            if (c.game, c.edition, c.lang, c.section, c.block)
            == (clause.game, clause.edition, clause.lang, clause.section, clause.block)
        ]
        amendments = tuple(dict.fromkeys(a for c in clauses for a in c.amended_by))
        text = " ".join(c.text for c in clauses)
        for amendment in amendments:
            text = amendment.apply(text)
        return text, amendments

    @cached_property
    def stated_rules(self) -> dict[str, tuple[str, ...]]:
        """Return, by clause id, the rules it states (as their provenance names them).

        A translation's clause states what the clause it renders states.
        """
        found: dict[str, dict[str, None]] = {}
        for (rule_id, _), stating in self.rule_clauses.items():
            for clause_id in stating:
                found.setdefault(clause_id, {})[rule_id] = None
        for clause in self.index.clauses:
            for link in clause.translates:
                for rule_id in found.get(link.original, {}).copy():
                    found.setdefault(clause.id, {})[rule_id] = None
        return {clause_id: tuple(rules) for clause_id, rules in found.items()}

    @cached_property
    def rule_clauses(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """Return, by (rule id, edition), the ids of the clauses stating it (every tag's).

        A rule whose provenance this index lacks is left out.
        """
        found: dict[tuple[str, str], tuple[str, ...]] = {}
        for rule in all_rules():
            try:
                found[(rule.id, rule.edition)] = tuple(
                    rule.locate(self.provenance, tuple(rule.provenance))
                )
            except ProvenanceMissing:
                continue
        return found

    @cached_property
    def stated_dice(self) -> dict[tuple[str, str], frozenset[int]]:
        """Return, by (rule id, edition), the dice counts its clauses write ("5D6": 5)."""
        notation = patterns().notation
        # As errata amend the text: the rule computes with the amended dice.
        return {
            key: frozenset(
                int(m.group(1))
                for i in stating
                for m in notation.finditer(self.clause(i).amended_text())
            )
            for key, stating in self.rule_clauses.items()
        }

    def clause(self, clause_id: str) -> Clause:
        """Return the indexed clause with that id, or raise UnknownClause."""
        found = self.clauses_by_id.get(clause_id)
        if found is None:
            raise UnknownClause(f"no clause has the id {clause_id!r}")
        return found


def topics_of(clauses: list[Clause]) -> list[str]:
    """Return what the clauses cover: each game with its section titles."""
    titles: dict[str, list[str]] = {}
    for clause in clauses:
        if clause.heading_path:
            names = titles.setdefault(clause.game, [])
            if clause.heading_path[0] not in names:
                names.append(clause.heading_path[0])
    return [f"{game}: {', '.join(names)}" for game, names in titles.items()]


def coverage_of(clauses: list[Clause], glossary: Glossary) -> tuple[Coverage, ...]:
    """Return, for each game, the rule concepts its headings name, in order of appearance.

    Headings say what a text is about; a rule merely mentioned in passing ("no Psychology tests
    are taken") is no subject of it.
    """
    found: dict[str, dict[str, None]] = {}
    for clause in clauses:
        concepts = found.setdefault(clause.game, {})
        heading = glossary.readable(" ".join(clause.heading_path), clause.lang)
        for mention in glossary.find(heading, clause.lang, ()):
            if glossary.concepts[mention.concept].kind == "rule":
                concepts.setdefault(mention.concept, None)
    return tuple(Coverage(game, tuple(concepts)) for game, concepts in found.items())


def subjects_of(clauses: list[Clause], glossary: Glossary) -> dict[str, frozenset[str]]:
    """Return, by section key, the rule concepts its title (top heading) names."""
    titles: dict[str, tuple[str, str]] = {}
    for clause in clauses:
        if clause.heading_path:
            titles.setdefault(clause.id.split("#", 1)[0], (clause.heading_path[0], clause.lang))
    return {
        key: frozenset(
            m.concept
            for m in glossary.find(glossary.readable(title, lang), lang, ())
            if glossary.concepts[m.concept].kind == "rule"
        )
        for key, (title, lang) in titles.items()
    }
