"""Attach the errata of the corpus to the clauses they amend, and give the rules their values."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from refbot.corpus import Erratum, Section
from refbot.errors import CorpusError, RuleError
from refbot.rules import Override, all_rules
from refbot.segment import Amendment, Clause


def amend(sections: Sequence[Section], clauses: Sequence[Clause]) -> list[Clause]:
    """Return the clauses with each erratum attached to the clauses whose text it replaces.

    Raise one CorpusError naming the file and the erratum for every erratum that names an
    unknown section, replaces text the section does not have, or changes an unknown rule
    constant or gives it an unreadable value.
    """
    by_section: dict[str, list[int]] = {}
    for row, clause in enumerate(clauses):
        key = f"{clause.game}/{clause.edition}/{clause.lang}/{clause.section}"
        by_section.setdefault(key, []).append(row)
    kinds = {section.key: section.kind for section in sections}
    attached: dict[int, list[Amendment]] = {}
    problems: list[str] = []
    for section in sections:
        for number, erratum in enumerate(section.errata, 1):
            name = f"{section.path}: erratum {number} ({erratum.title!r})"
            target = erratum.target(section.game)
            if kinds.get(target) not in ("rules", "faq"):
                problems.append(f"{name}: no section {target!r} to amend")
                continue
            rows = _rows_stating(erratum.replaces, [clauses[r] for r in by_section.get(target, [])])
            if not rows:
                problems.append(
                    f"{name}: section {target!r} has no text {erratum.replaces!r} to replace"
                )
                continue
            problem = _check_param(erratum, section.game)
            if problem:
                problems.append(f"{name}: {problem}")
                continue
            amendment = Amendment(
                erratum=f"{section.key}#{number}",
                title=erratum.title,
                replaces=erratum.replaces,
                text=erratum.text,
                source=section.source_title or section.title,
                param=erratum.param,
                value=erratum.value,
            )
            for row in rows:
                attached.setdefault(by_section[target][row], []).append(amendment)
    if problems:
        raise CorpusError(problems)
    return [
        replace(c, amended_by=(*c.amended_by, *attached[row])) if row in attached else c
        for row, c in enumerate(clauses)
    ]


def _rows_stating(text: str, clauses: Sequence[Clause]) -> list[int]:
    """Return the positions of the clauses the text occurs in (one, or several it spans)."""
    words = text.casefold().split()
    joined = ""
    spans = []
    for clause in clauses:
        start = len(joined) + (1 if joined else 0)
        joined = f"{joined} {clause.text.casefold()}" if joined else clause.text.casefold()
        spans.append((start, len(joined)))
    found = re.search(r"\s+".join(re.escape(w) for w in words), joined) if words else None
    if found is None:
        return []
    low, high = found.span()
    return [i for i, (start, end) in enumerate(spans) if start < high and low < end]


def _check_param(erratum: Erratum, game: str) -> str | None:
    """Return what is wrong with an erratum's rule constant and value, or None."""
    if not erratum.param:
        return None
    rule_id, _, name = erratum.param.partition(".")
    wanted = (rule_id, game, erratum.edition)
    rules = [r for r in all_rules() if (r.id, r.game, r.edition) == wanted]
    if not rules:
        return f"param {erratum.param!r}: no rule {rule_id!r} in {game}/{erratum.edition}"
    constant = rules[0].constant(name)
    if constant is None:
        known = ", ".join(f"{rule_id}.{c.name}" for c in rules[0].constants) or "none"
        return f"param {erratum.param!r}: rule {rule_id!r} has no such constant ({known})"
    try:
        constant.parse(erratum.value)
    except RuleError as exc:
        return f"value {erratum.value!r}: {exc}"
    return None


def overrides_of(clauses: Iterable[Clause]) -> tuple[Override, ...]:
    """Return the rule constants the errata attached to the clauses amend, in corpus order."""
    found: dict[str, Override] = {}
    for clause in clauses:
        for amendment in clause.amended_by:
            if amendment.param and amendment.erratum not in found:
                rule_id, _, name = amendment.param.partition(".")
                found[amendment.erratum] = Override(
                    rule=rule_id,
                    game=clause.game,
                    edition=clause.edition,
                    constant=name,
                    value=amendment.value,
                    erratum=amendment.erratum,
                    title=amendment.title,
                )
    return tuple(found.values())
