"""The deterministic rules core: pure functions over typed inputs, each tied to its clauses."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from refbot.errors import RuleError, UnknownRule
from refbot.rules.core import (
    Amended,
    Chart,
    Constant,
    ConstantsRead,
    Context,
    Cue,
    Distance,
    Override,
    Param,
    Premise,
    Provenance,
    Roll,
    Rule,
    RuleResult,
    coerce_inputs,
)
from refbot.segment import Clause

__all__ = [
    "Amended",
    "Chart",
    "Constant",
    "Cue",
    "Distance",
    "Override",
    "Param",
    "Premise",
    "Provenance",
    "Roll",
    "Rule",
    "RuleResult",
    "all_rules",
    "amended_constants",
    "editions_of",
    "rule_of",
    "run_rule",
]


def all_rules() -> tuple[Rule, ...]:
    """Return every registered rule in every edition (built-in and plugin rules)."""
    from refbot.plugins import registered_rules

    return registered_rules()


def rule_of(result: RuleResult) -> Rule:
    """Return the rule that computed a result."""
    found = next((r for r in all_rules() if (r.id, r.edition) == (result.id, result.edition)), None)
    if found is None:
        raise UnknownRule(f"no rule {result.id!r} in edition {result.edition!r} is registered")
    return found


def input_param(name: str, rule_id: str | None = None, edition: str | None = None) -> Param | None:
    """Return the registered parameter of that name (of that rule, that edition's first), or
    None if unknown."""
    found = [
        (rule.edition != edition, param)
        for rule in all_rules()
        if rule_id in (None, rule.id) and (param := rule.param(name)) is not None
    ]
    # The edition's own words first: a Spanish overrun roll is 5D6 or 8D6, not 2D6.
    return min(found, key=lambda pair: pair[0])[1] if found else None


def input_help(name: str, rule_id: str | None = None, edition: str | None = None) -> str | None:
    """Return what an input is (its Param `help`, a message to translate), or None if unknown.

    Messages show it, never the input's internal name: "the Flee roll (total or faces)"; the
    edition's own help first ("the overrun roll (5D6 or 8D6…)" in the Spanish book).
    """
    param = input_param(name, rule_id, edition)
    return param.help if param is not None else None


def rule_inputs(rule_id: str) -> dict[str, str]:
    """Return each input of a rule (in any edition) by name, with its help."""
    return {p.name: p.help for r in editions_of(rule_id) for p in r.params}


def editions_of(rule_id: str, edition: str | None = None) -> list[Rule]:
    """Return every edition's version of a rule, or the one edition asked for."""
    found = [r for r in all_rules() if r.id == rule_id]
    if not found:
        known = ", ".join(sorted({r.id for r in all_rules()}))
        raise UnknownRule(f"no rule {rule_id!r}; known rules: {known}")
    if edition is not None:
        found = [r for r in found if r.edition == edition]
        if not found:
            raise UnknownRule(f"rule {rule_id!r} has no edition {edition!r}")
    return found


def amended_constants(
    rule: Rule, overrides: Iterable[Override] = ()
) -> tuple[dict[str, int], tuple[Amended, ...]]:
    """Return a rule's constants with the errata that amend them applied, and those errata.

    Errata are applied in order, so that a later one for the same constant wins.
    """
    values = {c.name: c.value for c in rule.constants}
    applied: dict[str, Amended] = {}
    for override in overrides:
        constant = rule.constant(override.constant)
        if (override.rule, override.game, override.edition) != (rule.id, rule.game, rule.edition):
            continue
        if constant is None:
            raise RuleError(
                f"rule {rule.id!r} ({rule.edition}) has no constant {override.constant!r}"
            )
        values[constant.name] = constant.parse(override.value)
        was = constant.show(constant.value)
        applied[constant.name] = Amended(
            override.erratum,
            override.title,
            constant.name,
            constant.show(values[constant.name]),
            was,
        )
    return values, tuple(applied.values())


def _reasons(
    rules: list[Rule],
    inputs: Mapping[str, Any],
    param: str | None,
    constants: Mapping[tuple[str, str], dict[str, int]],
) -> list[str]:
    """Return, per edition, why its parameter refuses the input."""
    reasons = []
    for rule in rules:
        if param is not None and rule.param(param) is None:
            reasons.append(f"takes no {param}")  # not "accepted": it never reads the input
            continue
        own = {k: v for k, v in inputs.items() if rule.param(k) is not None}
        try:
            coerce_inputs(rule, own, constants[(rule.id, rule.edition)])
            reasons.append("accepted")
        except RuleError as exc:
            reasons.append(str(exc) if exc.param == param else f"needs {exc.param}")
    return reasons


def run_rule(
    rule_id: str,
    inputs: Mapping[str, Any],
    clauses: Iterable[Clause] | Provenance,
    edition: str | None = None,
    unit: str | None = None,
    overrides: Iterable[Override] = (),
) -> list[RuleResult]:
    """Compute a rule in every edition that states it (labelled), citing the clauses it rests on.

    `overrides` are the errata of the corpus that amend rule constants: a rule they amend
    computes with their values and its result names them.
    """
    rules = editions_of(rule_id, edition)
    known = {p.name for r in rules for p in r.params}
    unknown = sorted(set(inputs) - known)
    if unknown:
        raise RuleError(
            f"rule {rule_id!r} has no input {unknown[0]!r}; its inputs: {', '.join(sorted(known))}",
            None,
            "unknown_input",
        )
    if unit not in (None, "in", "cm"):
        raise RuleError(f"unit: expected in or cm, got {unit!r}")
    texts = clauses if isinstance(clauses, Provenance) else Provenance(clauses)
    overrides = tuple(overrides)
    amended = {(r.id, r.edition): amended_constants(r, overrides) for r in rules}
    constants = {key: values for key, (values, _) in amended.items()}
    results, failures = _compute_editions(
        rules, inputs, texts, unit, amended, alone=len(rules) == 1
    )
    accepted = {name for result in results for name in result.inputs}
    rejected = [f for f in failures if f.param not in accepted]
    if rejected and len(rules) > 1:
        # An input every edition refused as shared ("17": 2D6 cannot make it, and 5D6 or 8D6
        # left open would read any roll as its own) is read by each edition alone: the one it
        # fits takes it.
        results, failures = _compute_editions(rules, inputs, texts, unit, amended, alone=True)
        accepted = {name for result in results for name in result.inputs}
        rejected = [f for f in failures if f.param not in accepted]
    if rejected:
        # Fits no edition: say what each edition allows (a 2D6 roll here, 5D6 there).
        first = rejected[0]
        why = "; ".join(
            f"{rule.edition}: {reason}"
            for rule, reason in zip(
                rules, _reasons(rules, inputs, first.param, constants), strict=True
            )
        )
        raise RuleError(f"{first.param}: fits no edition ({why})", first.param, first.reason)
    return results


def _compute_editions(
    rules: list[Rule],
    inputs: Mapping[str, Any],
    texts: Provenance,
    unit: str | None,
    amended: Mapping[tuple[str, str], tuple[dict[str, int], tuple[Any, ...]]],
    alone: bool,
) -> tuple[list[RuleResult], list[RuleError]]:
    """Compute each edition of a rule; return the results and the inputs an edition refused."""
    results = []
    failures: list[RuleError] = []
    for rule in rules:
        own = {k: v for k, v in inputs.items() if rule.param(k) is not None}
        ignored: dict[str, str] = {}
        values, applied = amended[(rule.id, rule.edition)]
        read = ConstantsRead(values)
        while True:
            try:
                typed, shown = coerce_inputs(rule, own, read, alone=alone)
                break
            except RuleError as exc:
                # Editions disagree (a 2D6 roll is no 8D6 roll): drop the input for this edition
                # only, and say so; it stays an error when it fits no edition at all.
                if len(rules) == 1 or exc.param not in own:
                    raise
                failures.append(exc)
                ignored[exc.param] = str(exc)
                del own[exc.param]
        context = Context(rule.units, unit, read)  # type: ignore[arg-type]
        outcome, tags = rule.compute(typed, context)
        if ignored:
            outcome["ignored_inputs"] = ignored
        results.append(
            RuleResult(
                id=rule.id,
                game=rule.game,
                edition=rule.edition,
                concept=rule.concept,
                inputs=shown,
                outcome=outcome,
                clauses=rule.locate(texts, tags),
                # Only the errata whose values this outcome rests on.
                amended_by=tuple(a for a in applied if a.constant in read.read),
            )
        )
    return results, failures
