"""Align two rule texts clause by clause across languages, and flag what differs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from refbot.embed import Embedder
from refbot.errors import RefbotError
from refbot.glossary import Glossary
from refbot.i18n import N_, Writer
from refbot.lang import CM_PER_INCH, patterns
from refbot.question import parse_question
from refbot.router import route
from refbot.rules import all_rules, run_rule
from refbot.segment import Clause, segment_section

if TYPE_CHECKING:
    from refbot.corpus import Section

# A link scores its cosine similarity minus this bar; leaving a clause unlinked scores 0.
LINK_BAR = 0.35
MERGE_PENALTY = 0.05  # a 1-2 or 2-1 link must beat a 1-1 link by this much
MOVES = ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1))
# Under this share of the shorter document's clauses linked, A and B do not translate each other
# (the hand-aligned translations of eval/align link 92-100 % of them; unrelated corpus sections
# 17-50 %): their TMX would pair sentences that only resemble each other.
TRANSLATED_SHARE = 0.6


@dataclass(frozen=True)
class Document:
    """A rule text to align: where it comes from, its language and units, and its clauses."""

    name: str
    lang: str
    units: str
    clauses: list[Clause]
    title: str = ""
    game: str | None = None
    edition: str | None = None

    @classmethod
    def of_section(cls, section: Section) -> Document:
        """Return a corpus section as a document, split into its clauses."""
        return cls(
            section.key, section.lang, section.units, segment_section(section),
            section.title, section.game, section.edition,
        )  # fmt: skip

    def meta(self) -> dict[str, Any]:
        """Return the document's metadata as JSON-ready data."""
        return {
            "name": self.name, "lang": self.lang, "units": self.units, "title": self.title,
            "game": self.game, "edition": self.edition, "clauses": len(self.clauses),
        }  # fmt: skip


@dataclass(frozen=True)
class Flag:
    """Something that differs between the two sides of a pair, or an example that is wrong.

    `message` is the English sentence (CLI, JSON); `describe_flag` writes it for a reader in
    another language from `kind`, `a`, `b` and `about` (the concept, or the example's clause).
    """

    kind: str  # number, dice, distance, term or example
    message: str
    a: Any
    b: Any
    about: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the flag as JSON-ready data."""
        return {"kind": self.kind, "message": self.message, "a": self.a, "b": self.b}


DIFFER = {
    "dice": N_("Dice differ: A has {a}, B has {b}."),
    "distance": N_('Distances differ (in cm, 1" = 2.5 cm): A has {a}, B has {b}.'),
    "number": N_("Numbers differ: A has {a}, B has {b}."),
}


def describe_flag(flag: Flag, writer: Writer, glossary: Glossary) -> str:
    """Return a flag as one sentence in the writer's language, with its numbers formatted."""
    if flag.kind in DIFFER:
        return writer.gettext(DIFFER[flag.kind]).format(
            a=writer.values(flag.a), b=writer.values(flag.b)
        )
    if flag.kind == "term" and flag.about in glossary.concepts:
        has_a = flag.a == flag.about
        terms = flag.b if has_a else flag.a
        return writer.gettext(
            "{side} speaks of “{concept}”; {other} uses none of its terms ({terms})."
        ).format(
            side="A" if has_a else "B",
            other="B" if has_a else "A",
            concept=glossary.concepts[flag.about].title(writer.lang),
            terms=", ".join(terms[:4]),
        )
    if flag.kind == "example":
        return writer.gettext(
            "This worked example states {stated}; the rules core computes {computed}."
        ).format(stated=writer.values(flag.a), computed=writer.values(sorted(set(flag.b.values()))))
    return flag.message


@dataclass(frozen=True)
class Pair:
    """Clauses of A linked to clauses of B (one side empty for a clause with no counterpart)."""

    a: list[Clause]
    b: list[Clause]
    score: float
    flags: list[Flag] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the pair as JSON-ready data."""
        return {
            "a": [{"id": c.id, "text": c.text} for c in self.a],
            "b": [{"id": c.id, "text": c.text} for c in self.b],
            "score": round(self.score, 4),
            "flags": [f.to_dict() for f in self.flags],
        }


@dataclass(frozen=True)
class Alignment:
    """Two documents and their clause links in document order."""

    a: Document
    b: Document
    pairs: list[Pair]

    @property
    def shorter_linked(self) -> tuple[int, int]:
        """Return how many of the shorter document's clauses are linked, and how many it has."""
        sides = [
            (sum(len(p.a) for p in self.pairs), sum(len(p.a) for p in self.pairs if p.b)),
            (sum(len(p.b) for p in self.pairs), sum(len(p.b) for p in self.pairs if p.a)),
        ]
        clauses, linked = min(sides)
        return linked, clauses

    @property
    def linked_share(self) -> float:
        """Return the share of the shorter document's clauses linked to a counterpart."""
        linked, clauses = self.shorter_linked
        return linked / clauses if clauses else 1.0

    @property
    def translated(self) -> bool:
        """Return whether A and B look like translations of each other (or of one part)."""
        return self.linked_share >= TRANSLATED_SHARE

    def to_dict(self) -> dict[str, Any]:
        """Return the alignment in its documented JSON shape."""
        return {
            "a": self.a.meta(),
            "b": self.b.meta(),
            "linked_share": round(self.linked_share, 3),
            "translated": self.translated,
            "pairs": [p.to_dict() for p in self.pairs],
        }

    def to_tmx(self) -> bytes:
        """Return the linked pairs as a TMX 1.4 translation memory (translate-toolkit)."""
        return self._tmx

    @cached_property
    def _tmx(self) -> bytes:
        # Written once per alignment: a cached alignment downloads without redoing it.
        from translate.storage.tmx import tmxfile

        memory = tmxfile(sourcelanguage=self.a.lang, targetlanguage=self.b.lang)
        for pair in self.pairs:
            if pair.a and pair.b:
                memory.addtranslation(
                    " ".join(c.text for c in pair.a), self.a.lang,
                    " ".join(c.text for c in pair.b), self.b.lang,
                )  # fmt: skip
        return bytes(memory)


def monotonic_links(
    similarity: dict[tuple[int, int, int, int], float], n: int, m: int
) -> list[tuple[int, int, int, int]]:
    """Return the best monotonic path of links (i, di, j, dj) by dynamic programming.

    The moves are those of published sentence aligners (Gale & Church; Vecalign): 1-1, 1-2,
    2-1, and a clause of either side left alone. A link scores its similarity minus LINK_BAR
    (minus MERGE_PENALTY for merges); leaving a clause alone scores 0.
    """
    best = np.full((n + 1, m + 1), -np.inf)
    back: dict[tuple[int, int], tuple[int, int]] = {}
    best[0, 0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if best[i, j] == -np.inf:
                continue
            for di, dj in MOVES:
                ni, nj = i + di, j + dj
                if ni > n or nj > m:
                    continue
                if di and dj:
                    gain = similarity[(i, di, j, dj)] - LINK_BAR
                    if di + dj > 2:
                        gain -= MERGE_PENALTY
                else:
                    gain = 0.0
                if best[i, j] + gain > best[ni, nj]:
                    best[ni, nj] = best[i, j] + gain
                    back[(ni, nj)] = (i, j)
    path = []
    i, j = n, m
    while (i, j) != (0, 0):
        pi, pj = back[(i, j)]
        path.append((pi, i - pi, pj, j - pj))
        i, j = pi, pj
    return list(reversed(path))


def align(
    a: Document, b: Document, embedder: Embedder, glossary: Glossary, corpus: Sequence[Clause]
) -> Alignment:
    """Align two documents clause by clause (embeddings plus order) and flag differences."""
    spans_a = _spans(a.clauses)
    spans_b = _spans(b.clauses)
    vectors_a = dict(
        zip(spans_a, embedder.embed([_join(a.clauses, s) for s in spans_a]), strict=True)
    )
    vectors_b = dict(
        zip(spans_b, embedder.embed([_join(b.clauses, s) for s in spans_b]), strict=True)
    )
    similarity = {
        (i, di, j, dj): float(vectors_a[(i, di)] @ vectors_b[(j, dj)])
        for (i, di) in spans_a
        for (j, dj) in spans_b
        if di + dj <= 3
    }
    examples = {**check_examples(a, glossary, corpus), **check_examples(b, glossary, corpus)}
    pairs = []
    for i, di, j, dj in monotonic_links(similarity, len(a.clauses), len(b.clauses)):
        left, right = a.clauses[i : i + di], b.clauses[j : j + dj]
        score = similarity[(i, di, j, dj)] if di and dj else 0.0
        flags = compare(left, a, right, b, glossary) if left and right else []
        flags += [examples[c.id] for c in [*left, *right] if c.id in examples]
        # A section aligned with itself meets each example on both sides: flag it once.
        flags = list({(f.kind, f.message): f for f in flags}.values())
        pairs.append(Pair(left, right, score, flags))
    return Alignment(a, b, pairs)


def _spans(clauses: Sequence[Clause]) -> list[tuple[int, int]]:
    return [(i, 1) for i in range(len(clauses))] + [(i, 2) for i in range(len(clauses) - 1)]


def _join(clauses: Sequence[Clause], span: tuple[int, int]) -> str:
    start, size = span
    return " ".join(c.text for c in clauses[start : start + size])


@dataclass(frozen=True)
class Quantities:
    """What a text states in numbers: dice expressions, lengths (in cm) and bare numbers."""

    dice: Counter[str]
    distances: Counter[float]
    numbers: Counter[float]


def quantities(text: str) -> Quantities:
    """Read dice, distances (normalised to cm at 1" = 2.5 cm) and bare numbers from a text.

    A length's unit is the one written after it; a bare number is not a length, whatever the
    document's units, so those are not needed.
    """
    found = patterns()
    text = found.spaced_decimal.sub(r"\1.\2 ", text)
    notation = list(found.notation.finditer(text))
    pairs = list(found.pair.finditer(text))
    dice = Counter(f"{m.group(1)}D6" for m in notation)
    taken = [m.span() for m in notation] + [m.span() for m in pairs]
    distances: Counter[float] = Counter()
    numbers: Counter[float] = Counter()
    for match in found.number.finditer(text):
        if any(start <= match.start() < end for start, end in taken):
            continue
        value = float(match.group(1).replace(",", "."))
        if match.group(2):
            distances[round(value * CM_PER_INCH, 2)] += 1
        elif match.group(3):
            distances[round(value, 2)] += 1
        else:
            numbers[value] += 1
    for match in pairs:
        numbers.update([float(match.group(1)), float(match.group(2))])
    return Quantities(dice, distances, numbers)


def _show(values: Counter[Any]) -> list[Any]:
    return sorted(values.elements(), key=str)


def compare(
    left: Sequence[Clause], a: Document, right: Sequence[Clause], b: Document, glossary: Glossary
) -> list[Flag]:
    """Flag the numbers, dice, distances and glossary terms that differ between two sides."""
    text_a, text_b = " ".join(c.text for c in left), " ".join(c.text for c in right)
    qa, qb = quantities(text_a), quantities(text_b)
    flags = []
    for kind, what in (("dice", "dice"), ("distance", "distances"), ("number", "numbers")):
        va, vb = getattr(qa, what), getattr(qb, what)
        if va != vb:
            unit = ' (in cm, 1" = 2.5 cm)' if kind == "distance" else ""
            flags.append(
                Flag(
                    kind,
                    f"{kind} differ{unit}: A has {_show(va)}, B has {_show(vb)}",
                    _show(va),
                    _show(vb),
                )
            )
    # Only game concepts: generic vocabulary ("movement", "combat") is translated too freely.
    concepts_a = {
        k for k in glossary.concepts_in(text_a, a.lang, ()) if glossary.concepts[k].kind == "rule"
    }
    concepts_b = {
        k for k in glossary.concepts_in(text_b, b.lang, ()) if glossary.concepts[k].kind == "rule"
    }
    for concept in sorted(concepts_a ^ concepts_b):
        has, lacks = (a, b) if concept in concepts_a else (b, a)
        expected = list(glossary.concepts[concept].words.get(lacks.lang, ()))
        if not expected:
            continue
        side = "A" if has is a else "B"
        other = "B" if side == "A" else "A"
        flags.append(
            Flag(
                "term",
                f"{side} speaks of '{concept}'; {other} ({lacks.lang}) uses none of its "
                f"glossary terms {expected[:4]}",
                concept if side == "A" else expected,
                concept if side == "B" else expected,
                about=concept,
            )
        )
    return flags


def check_examples(
    document: Document, glossary: Glossary, corpus: Sequence[Clause]
) -> dict[str, Flag]:
    """Recompute each worked example with the rules core; flag a conclusion that disagrees.

    Consecutive `example` clauses form one example. Its heading and text are routed like a
    question; when they name a rule and its inputs, the distance its last clause states must be
    one the rule computes. The rule's clauses are looked up in `corpus`.
    """
    flags: dict[str, Flag] = {}
    for group in _example_groups(document.clauses):
        text = " ".join([group[0].heading, *(c.text for c in group)])
        question = parse_question(text, document.lang, glossary)
        decision = route(question, glossary, frozenset(glossary.concepts), 0.0)
        if decision.kind != "rule" or not decision.rule:
            continue
        # A corpus section is checked against its own edition's rule, a file against any.
        own = [r.edition for r in all_rules() if r.id == decision.rule]
        edition = document.edition if document.edition in own else None
        try:
            results = run_rule(decision.rule, decision.inputs, corpus, edition=edition)
        except RefbotError:
            continue
        computed = {
            f"{r.id}.{key}": value["value"]
            for r in results
            for key, value in r.outcome.items()
            if isinstance(value, dict) and "value" in value
        }
        conclusion = next((c for c in reversed(group) if _stated_lengths(c.text)), None)
        if conclusion is None or not computed:
            continue
        stated = _stated_lengths(conclusion.text)
        if not set(stated) & set(computed.values()):
            flags[conclusion.id] = Flag(
                "example",
                f"worked example {conclusion.id} states {stated}; the rules core computes "
                f"{computed} from its inputs {decision.inputs}",
                stated,
                computed,
                about=conclusion.id,
            )
    return flags


def _example_groups(clauses: Sequence[Clause]) -> list[list[Clause]]:
    """Group consecutive example clauses; an example sentence in a rule paragraph stands alone."""
    in_rules = {(c.section, c.block) for c in clauses if c.kind == "rule"}
    groups: list[list[Clause]] = []
    for clause in clauses:
        if clause.kind != "example":
            continue
        previous = groups[-1][-1] if groups else None
        joined = (
            previous is not None
            and previous.section == clause.section
            and _next(previous.id) == clause.id
            and (
                previous.block == clause.block
                or not {(previous.section, previous.block), (clause.section, clause.block)}
                & in_rules
            )
        )
        if joined:
            groups[-1].append(clause)
        else:
            groups.append([clause])
    return groups


def _next(clause_id: str) -> str:
    key, number = clause_id.rsplit("#", 1)
    return f"{key}#{int(number) + 1}"


def _stated_lengths(text: str) -> list[float]:
    found = patterns()
    normalised = found.spaced_decimal.sub(r"\1.\2 ", text)
    return [
        float(m.group(1).replace(",", "."))
        for m in found.number.finditer(normalised)
        if m.group(2) or m.group(3)
    ]
