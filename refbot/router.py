"""Decide what a question needs: a rules-core computation, a clause lookup, or an abstention."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from refbot.glossary import Glossary, Route
from refbot.question import Question
from refbot.rules import RULES

NEAR = 3  # at most this many words between a number and the word it belongs to


@dataclass(frozen=True)
class Thresholds:
    """Dense-score bars for answering questions the glossary recognises weakly or not at all.

    Chosen on eval/dev.jsonl so that no out-of-scope question there is answered.
    """

    with_terms: float = 0.30
    without_terms: float = 0.50


@dataclass(frozen=True)
class Decision:
    """What the router decided, and the rules-core inputs it read from the question."""

    kind: Literal["rule", "lookup", "abstain"]
    rule: str | None = None
    inputs: dict[str, str] = field(default_factory=dict)


def bind(route: Route, question: Question) -> dict[str, str]:
    """Read a rule's inputs from the question: choices, flags, dice faces and nearby numbers."""
    inputs: dict[str, str] = {}
    for param, options in route.choices.items():
        chosen = next((m.concept for m in question.mentions if m.concept in options), None)
        if chosen:
            inputs[param] = chosen
    for param, (concept, unless) in route.flags.items():
        if unless and unless in question.concepts:
            inputs[param] = "no"
        elif concept in question.concepts:
            inputs[param] = "yes"
    if route.dice and question.dice:
        inputs[route.dice] = ",".join(str(face) for face in question.dice[0])
    inputs.update(_nearest(route, question))
    return inputs


def _nearest(route: Route, question: Question) -> dict[str, str]:
    """Give each number parameter the closest free number after (or else before) its concept."""
    # (distance, parameter, which token it reads, input text); nearest pairs are bound first.
    candidates: list[tuple[float, str, int, str]] = []
    for param, concept in route.numbers.items():
        for mention in (m for m in question.mentions if m.concept == concept):
            for number in question.numbers:
                after = number.token - mention.end
                distance = after if after >= 0 else (mention.start - number.token) + 0.5
                if distance <= NEAR:
                    # "fled 7 inches" is a roll of 7: only distance inputs keep the unit.
                    text = (
                        number.text()
                        if param in _distance_params(route.rule)
                        else f"{number.value:g}"
                    )
                    candidates.append((distance, param, number.token, text))
            # A dice count such as "3D6 pursuit" sets how many dice that roll has.
            for count in question.counts:
                gap = min(abs(count.token - mention.start), abs(count.token - mention.end))
                if gap <= NEAR:
                    candidates.append((gap + 0.25, f"{param}_dice", count.token, str(count.count)))
    bound: dict[str, str] = {}
    used: set[int] = set()
    for _, param, token, text in sorted(candidates):
        if param not in bound and token not in used:
            bound[param] = text
            used.add(token)
    return bound


def _distance_params(rule_id: str) -> set[str]:
    return {p.name for r in RULES if r.id == rule_id for p in r.params if p.kind == "distance"}


def route(
    question: Question,
    glossary: Glossary,
    covered: frozenset[str],
    top_dense: float,
    thresholds: Thresholds | None = None,
) -> Decision:
    """Route a parsed question to a rule, a lookup or an abstention."""
    thresholds = thresholds or Thresholds()
    concepts = question.concepts
    best: tuple[int, int, Decision] | None = None
    for order, candidate in enumerate(glossary.routes.values()):
        if not any(set(group) <= concepts for group in candidate.when):
            continue
        inputs = bind(candidate, question)
        if not inputs and "probability" not in concepts:
            continue
        key = (len(inputs), -order)
        if best is None or key > best[:2]:
            best = (*key, Decision("rule", candidate.rule, inputs))
    if best is not None:
        return best[2]
    kinds = {glossary.concepts[c].kind for c in concepts & covered}
    if "rule" in kinds:
        return Decision("lookup")
    bar = thresholds.with_terms if "term" in kinds else thresholds.without_terms
    return Decision("lookup") if top_dense >= bar else Decision("abstain")
