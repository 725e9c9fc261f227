"""Compose the answer: short text in the question's language, the rule outcome, the citations."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from refbot.i18n import format_distance, format_probability, translations
from refbot.index import Hit
from refbot.rules import RuleResult
from refbot.segment import Clause

VERIFIED_CONFIDENCE = 0.9
UNVERIFIED_CONFIDENCE = 0.6
LOOKUP_CEILING = 0.8  # a lookup is never as sure as a verified computation


@dataclass(frozen=True)
class Answer:
    """What refbot says to a question (the JSON contract of `refbot ask --json`)."""

    query: str
    lang: str
    answer: str
    abstained: bool
    confidence: float
    rule: dict[str, Any] | None
    citations: list[dict[str, Any]]
    rules: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return the answer as JSON-ready data."""
        return {
            "query": self.query,
            "lang": self.lang,
            "answer": self.answer,
            "abstained": self.abstained,
            "confidence": round(self.confidence, 3),
            "rule": self.rule,
            "rules": self.rules,
            "citations": self.citations,
        }


def cite(clause: Clause, score: float | None) -> dict[str, Any]:
    """Return a citation: the clause in its original language, with its provenance and score."""
    return {
        "id": clause.id,
        "text": clause.text,
        "lang": clause.lang,
        "game": clause.game,
        "edition": clause.edition,
        "section": clause.section,
        "heading": clause.heading,
        "source": clause.source,
        "page": clause.page,
        "kind": clause.kind,
        "score": None if score is None else round(score, 4),
    }


class Writer:
    """Writes answer sentences in one language, with its catalog and number formats."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        catalog = translations(lang)
        self._: Callable[[str], str] = catalog.gettext
        self.ngettext = catalog.ngettext

    def distance(self, value: dict[str, Any]) -> str:
        return format_distance(value["value"], value["unit"], self.lang)

    def dice(self, dice: str, unit: str) -> str:
        return f'{dice}"' if unit == "in" else f"{dice} {unit}"

    def p(self, fraction: str) -> str:
        return format_probability(Fraction(fraction), self.lang)


def explain(result: RuleResult, w: Writer) -> str:
    """Return one short paragraph stating a rule result in the writer's language."""
    explainer = EXPLAINERS.get(result.id)
    return explainer(result, w) if explainer else ""


def _pursuit(r: RuleResult, w: Writer) -> str:
    _, o, i = w._, r.outcome, r.inputs
    parts = []
    if "p_caught" in o:
        parts.append(
            _("Chance that the pursuers catch the fleeing unit: {p}.").format(p=w.p(o["p_caught"]))
        )
    elif o.get("caught") is True:
        parts.append(
            _(
                "Caught: the pursuit roll of {pursuit} is equal to or higher than the flee roll of "
                "{flee}. The fleeing unit is destroyed where it stands."
            ).format(pursuit=i["pursuit"]["total"], flee=i["flee"]["total"])
        )
    elif "pursuit" in i and "flee" in i:
        parts.append(
            _(
                "Escaped: the flee roll of {flee} is higher than the pursuit roll of {pursuit}. "
                "The fleeing unit flees {move}."
            ).format(
                flee=i["flee"]["total"],
                pursuit=i["pursuit"]["total"],
                move=w.distance(o["flee_move"]),
            )
        )
    elif o.get("caught") is False and "flee_move" in o:
        parts.append(
            _("The unit is not pursued: it flees {move}.").format(move=w.distance(o["flee_move"]))
        )
    stop = o.get("stop")
    if stop == "halted_1_inch_from_obstruction":
        parts.append(
            _(
                "The pursuers halt 1 inch short of the friendly unit or impassable terrain in their way."
            )
        )
    elif stop == "charges_new_enemy":
        parts.append(
            _(
                "The pursuers must charge the enemy in their way without a charge roll; it must hold."
            )
        )
        if o["charge"]["combat"] == "another_round_now":
            parts.append(_("That fight is not yet resolved, so they fight another round now."))
        else:
            parts.append(_("The combat is fought next turn and the pursuers count as charging."))
    elif stop == "charged_fleeing_enemy_destroyed_final_reform":
        parts.append(_("The fleeing enemy they reach is destroyed, and the pursuers may reform."))
    elif stop == "off_battlefield_reenter_next_movement_phase":
        parts.append(
            _("The pursuers leave the battlefield and re-enter in their next Movement phase.")
        )
    if "pursuit_move" in o:
        parts.append(_("The pursuers move {move}.").format(move=w.distance(o["pursuit_move"])))
    return " ".join(parts)


def _restrain(r: RuleResult, w: Writer) -> str:
    _, o, i = w._, r.outcome, r.inputs
    if "passed" in o:
        text = (
            _(
                "Leadership test of {roll} against Leadership {ld}: passed. The unit restrains "
                "pursuit, holds its position and may reform."
            )
            if o["passed"]
            else _(
                "Leadership test of {roll} against Leadership {ld}: failed. The unit pursues anyway."
            )
        )
        return text.format(roll=i["roll"]["total"], ld=i["leadership"])
    return _(
        "Chance to pass the Leadership test and restrain pursuit with Leadership {ld}: {p}."
    ).format(ld=i["leadership"], p=w.p(o["p_pass"]))


def _flee(r: RuleResult, w: Writer) -> str:
    if "flee_move" in r.outcome:
        return w._("The unit flees {move} directly away from the enemy.").format(
            move=w.distance(r.outcome["flee_move"])
        )
    return w._("A fleeing unit moves 2D6 inches directly away from the enemy.")


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is used."""
    return message


REASONS = {
    "did_not_charge": N_("it did not charge"),
    "enemy_not_wiped_out": N_("the enemy was not wiped out"),
    "won_second_fight_this_turn": N_("it already won a second fight this turn"),
    "models_left_after_extra_wounds": N_("models are left after extra wounds"),
    "not_first_turn_of_combat": N_("it was not the first turn of combat"),
}


CONDITIONS = {
    "did_not_charge": N_("it charged"),
    "enemy_not_wiped_out": N_("it wiped out its enemy"),
    "not_first_turn_of_combat": N_("this is the first turn of combat"),
}


def _overrun(r: RuleResult, w: Writer) -> str:
    _, o = w._, r.outcome
    label = f"{r.edition} ({r.game})"
    if o["eligible"] is False:
        reasons = ", ".join(_(REASONS[k]) for k in o["reasons"])
        return _("{edition}: the unit cannot overrun: {reasons}.").format(
            edition=label, reasons=reasons
        )
    if o.get("dice") is None:
        text = _(
            "{edition}: the unit may overrun 5D6 cm (Movement up to 15 cm) or 8D6 cm (Movement "
            "above 15 cm), straight ahead; it is not obliged to."
        ).format(edition=label)
    elif "move" in o:
        text = _("{edition}: the unit overruns {move} ({dice}).").format(
            edition=label, move=w.distance(o["move"]), dice=w.dice(o["dice"], o["unit"])
        )
    else:
        text = _(
            "{edition}: the unit may overrun {dice} straight ahead; it is not obliged to."
        ).format(edition=label, dice=w.dice(o["dice"], o["unit"]))
    if o["eligible"] is None:
        conditions = ", ".join(_(CONDITIONS[k]) for k in o["unknown"])
        text += " " + _("This holds only if {conditions}.").format(conditions=conditions)
    return text


def _overrun_charge(r: RuleResult, w: Writer) -> str:
    if not r.outcome["must_charge"]:
        return w._("Without contact there is no charge: the unit may not wheel to force one.")
    return w._(
        "The overrunning unit must charge the new enemy: the enemy may only hold, no psychology "
        "tests are taken, and the combat is fought next turn with charge bonuses."
    )


def _failed_charge(r: RuleResult, w: Writer) -> str:
    _, o, i = w._, r.outcome, r.inputs
    parts = []
    if "charge_range" in o:
        verdict = (
            _(
                "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge fails."
            )
            if o["failed"]
            else _(
                "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge reaches it."
            )
        )
        parts.append(
            verdict.format(
                range=w.distance(o["charge_range"]),
                movement=i["movement"],
                die=o["highest_die"],
                distance=w.distance(i["distance"]),
            )
        )
    if "move" in o:
        parts.append(
            _(
                "The failed charge moves the unit {move} straight toward its target: the highest "
                "die of the charge roll ({die})."
            ).format(move=w.distance(o["move"]), die=o["highest_die"])
        )
    return " ".join(parts)


def _attack_downed(r: RuleResult, w: Writer) -> str:
    _, o, i = w._, r.outcome, r.inputs
    if not o["can_attack"]:
        return _(
            "A model fighting an enemy who is still standing cannot attack knocked-down or stunned warriors."
        )
    parts = []
    if i.get("downed_by_this_model"):
        parts.append(
            _(
                "The same model cannot down an enemy and then take it out of action in the same phase; another attacker can."
            )
        )
    if i["target"] == "stunned":
        if o["out_of_action"]:
            parts.append(
                _(
                    "A stunned warrior is taken out of action automatically when an enemy can attack it."
                )
            )
    else:
        parts.append(
            _(
                "Attacks against a knocked-down warrior hit automatically and cannot be parried; "
                "if one wounds and the armour save fails, the warrior is out of action."
            )
        )
        if o.get("out_of_action") is True:
            parts.append(_("This warrior is out of action."))
    return " ".join(parts)


def _leave_combat(r: RuleResult, w: Writer) -> str:
    if r.outcome["may_leave"]:
        return w._(
            "Every enemy is down, so the warrior may leave the combat and even attack other enemies."
        )
    return w._(
        "Warriors cannot leave a combat in their movement phase while an enemy still stands."
    )


def _break_from_combat(r: RuleResult, w: Writer) -> str:
    n = r.outcome["automatic_hits"]
    return w.ngettext(
        "The warrior breaks and runs: its {n} opponent gets one automatic hit, resolved at once.",
        "The warrior breaks and runs: each of its {n} opponents gets one automatic hit, resolved at once.",
        n,
    ).format(n=n)


def _charge_move(r: RuleResult, w: Writer) -> str:
    if r.outcome["legal"]:
        return w._(
            "The charge move is legal: at most one wheel of up to 90 degrees, with as many models in contact as possible."
        )
    return w._(
        "The charge move is not legal: a charge allows one wheel of up to 90 degrees and must bring as many models into contact as possible."
    )


EXPLAINERS: dict[str, Callable[[RuleResult, Writer], str]] = {
    "pursuit": _pursuit,
    "restrain": _restrain,
    "flee": _flee,
    "overrun": _overrun,
    "overrun_charge": _overrun_charge,
    "failed_charge": _failed_charge,
    "attack_downed": _attack_downed,
    "leave_combat": _leave_combat,
    "break_from_combat": _break_from_combat,
    "charge_move": _charge_move,
}


def compose_rule(
    query: str,
    lang: str,
    results: Sequence[tuple[RuleResult, bool]],
    hits: Sequence[Hit],
    provenance: dict[str, Clause],
    k: int,
) -> Answer:
    """Answer with computed outcomes, citing first the clauses that state the applied rules."""
    w = Writer(lang)
    texts = [explain(result, w) for result, _ in results]
    if len(results) > 1 and len({r.edition for r, _ in results}) > 1:
        texts.insert(0, w._("The editions differ; each one's answer follows, with its citation."))
    verified = all(ok for _, ok in results)
    # Retrieved clauses best first; an edition none of whose clauses made it gets its first
    # provenance clause cited in place of the weakest hit, with no score.
    citations = [cite(h.clause, h.score) for h in hits]
    for result, _ in results:
        if result.clauses and not set(result.clauses) & {c["id"] for c in citations}:
            citations = [*citations[: max(k - 1, 0)], cite(provenance[result.clauses[0]], None)]
    rules = [{**result.to_dict(), "verified": ok} for result, ok in results]
    return Answer(
        query=query,
        lang=lang,
        answer=" ".join(t for t in texts if t),
        abstained=False,
        confidence=VERIFIED_CONFIDENCE if verified else UNVERIFIED_CONFIDENCE,
        rule=rules[0],
        rules=rules,
        citations=citations,
    )


def compose_lookup(
    query: str, lang: str, hits: Sequence[Hit], problem: str | None = None
) -> Answer:
    """Answer by citing the best clauses, quoting the first in its original language."""
    w = Writer(lang)
    top = hits[0].clause
    text = w._("According to {edition} ({game}), {heading}: «{text}»").format(
        edition=top.edition, game=top.game, heading=top.heading, text=top.text
    )
    if problem:
        text = (
            w._("I could not compute an outcome ({problem}).").format(problem=problem) + " " + text
        )
    return Answer(
        query=query,
        lang=lang,
        answer=text,
        abstained=False,
        confidence=min(LOOKUP_CEILING, hits[0].score),
        rule=None,
        citations=[cite(h.clause, h.score) for h in hits],
    )


def compose_abstention(query: str, lang: str, topics: Sequence[str]) -> Answer:
    """Decline, saying in the question's language what the corpus does cover."""
    w = Writer(lang)
    text = w._("The rules I have do not cover this. They cover: {topics}.").format(
        topics="; ".join(topics)
    )
    return Answer(query, lang, text, True, 0.0, None, [])
