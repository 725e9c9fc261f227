"""Warhammer Fantasy Battle, English rulebook: Flee & Pursue (inches)."""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from refbot.errors import RuleError
from refbot.hookspecs import hookimpl
from refbot.i18n import N_, Writer
from refbot.rules.core import (
    Chart,
    Context,
    Cue,
    Inputs,
    Param,
    Rule,
    RuleResult,
    eligibility,
)
from refbot.rules.dice import p_at_most, p_catch, show
from refbot.rules.messages import CHARGED_PRESUMED, WIPED_OUT_PRESUMED, explain_overrun

GAME, EDITION, LANG = "warhammer-fantasy", "rulebook-en", "en"
PATH_BY_ORDER = False  # a pursuit's obstacle or edge ahead read by order too (True: as before)


class Stop(StrEnum):
    """What halts a pursuit move before its full roll."""

    OBSTRUCTION = "halted_1_inch_from_obstruction"
    EDGE = "off_battlefield_reenter_next_movement_phase"
    FLEEING_ENEMY = "charged_fleeing_enemy_destroyed_final_reform"
    NEW_ENEMY = "charges_new_enemy"


def restrain(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Restrain pursuit: a Leadership test, passed on 2D6 <= Leadership."""
    leadership = inputs["leadership"]
    p = p_at_most(2, leadership)
    outcome: dict[str, Any] = {"test": "Leadership", "dice": "2D6", "p_pass": show(p)}
    roll = inputs.get("roll")
    if roll is not None:
        passed = roll.total <= leadership
        outcome["passed"] = passed
        outcome["result"] = "holds_and_may_reform" if passed else "pursues_anyway"
        return outcome, ["passed" if passed else "failed"]
    return outcome, []


def flee(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Flee: the losing unit flees 2D6 inches directly away from the victor."""
    outcome: dict[str, Any] = {"dice": "2D6", "unit": ctx.unit}
    roll = inputs.get("roll")
    tags = []
    if roll is not None:
        outcome["flee_move"] = ctx.distance(roll.total)
        # A roll given is a move made: the clause saying how far a fleeing unit moves leads
        # the one saying which dice it rolls.
        tags.append("flee_move")
    if inputs.get("pursued") is False:
        # "Nobody pursued": the clause on a unit not pursued says where it ends, and so leads.
        outcome["pursued"] = False
        return outcome, ["not_pursued"]
    return outcome, tags


def _path_stop(inputs: Inputs, move: float, ctx: Context) -> tuple[str, float] | None:
    """Return what the pursuers meet first within their move, and where (in edition units)."""
    # Lengths given in another unit are compared in the edition's: 5 cm is 2".
    along = {
        name: inputs[name].to(ctx.units or "in").value
        for name in ("obstacle", "enemy", "edge")
        if name in inputs
    }
    events = [
        (along[name], order, name)
        for order, name in enumerate(("obstacle", "enemy", "edge"))
        if name in along and along[name] <= move
    ]
    if not events:
        return None
    distance, _, name = min(events)
    return name, distance


def pursuit(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Flee and pursue: caught on pursuit >= flee; then both units move."""
    flee_roll, pursuit_roll = inputs.get("flee"), inputs.get("pursuit")
    pursued = inputs.get("pursued", True)
    outcome: dict[str, Any] = {"unit": ctx.unit}
    tags: list[str] = []
    if not pursued and pursuit_roll is not None:
        raise RuleError("pursuit: a unit that is not pursued has no pursuit roll", "pursuit")
    if inputs.get("enemy_fleeing") and "enemy" not in inputs:
        raise RuleError("enemy_fleeing: give the distance to that enemy (enemy) too", "enemy")
    if not pursued:
        outcome["caught"] = False
        if flee_roll is not None:
            outcome["flee_move"] = ctx.distance(flee_roll.total)
        return outcome, ["escaped"]
    tied = inputs.get("tied")
    if tied and flee_roll is not None and pursuit_roll is not None:
        if flee_roll.total != pursuit_roll.total:
            raise RuleError("tied: the rolls given are not equal", "tied")
    elif tied:
        # Equal rolls, whatever they were: "equal to or higher" catches.
        outcome["caught"] = True
        outcome["flee_move"] = ctx.distance(0)
        outcome["fleeing_unit"] = "destroyed_where_they_stand"
        return outcome, ["caught"]
    ahead = [name for name in ("obstacle", "enemy", "edge") if name in inputs]
    # With neither roll, a question naming what is in the way asks what halts the pursuit, not
    # the chance of catching ("must pursuers stop 1\" from my own unit?").
    asks_path = flee_roll is None and pursuit_roll is None and bool(ahead)
    if (flee_roll is None or pursuit_roll is None) and not asks_path:
        p = p_catch(
            flee_roll,
            pursuit_roll,
            inputs.get("flee_dice", 2),
            inputs.get("pursuit_dice", 2),
        )
        outcome["p_caught"] = show(p)
        tags.append("caught")
    elif flee_roll is not None and pursuit_roll is not None:
        caught = pursuit_roll.total >= flee_roll.total
        outcome["caught"] = caught
        outcome["flee_move"] = ctx.distance(0 if caught else flee_roll.total)
        if caught:
            outcome["fleeing_unit"] = "destroyed_where_they_stand"
        tags.append("caught" if caught else "escaped")
    if pursuit_roll is not None:
        move: float = pursuit_roll.total
        # Pursuers move even when they caught their prey: the clause saying so is the caught
        # case's; an escape's move is the plain one.
        tags.append("pursuer_move_caught" if outcome.get("caught") else "pursuer_move")
        stop = _path_stop(inputs, move, ctx)
        if stop is not None:
            name, distance = stop
            halt = _halt(name, inputs)
            outcome["stop"] = halt
            # Friends and impassable terrain halt it 1" short; an enemy or the edge is reached.
            move = max(0.0, distance - 1) if halt is Stop.OBSTRUCTION else distance
            if halt is Stop.NEW_ENEMY:
                outcome["charge"] = _charge_into_new_enemy(inputs)
                tags += [
                    "new_enemy",
                    "second_round" if inputs.get("enemy_engaged") else "next_turn",
                ]
            else:
                tags.insert(0, STOP_TAGS[halt])
        outcome["pursuit_move"] = ctx.distance(move)
    elif ahead:
        # No pursuit roll, but something in the way: the rule for what halts the pursuit is
        # what the question is about ("my own Stormvermin stand 7\" behind them"); the nearest
        # thing in the way halts it first.
        nearest = _path_stop(inputs, math.inf, ctx)
        assert nearest is not None  # something is in the way, at some distance
        halt = _halt(nearest[0], inputs)
        outcome["stop_if_reached"] = halt
        tags.insert(0, STOP_TAGS[halt])
        if halt is Stop.NEW_ENEMY:
            outcome["charge"] = _charge_into_new_enemy(inputs)
    return outcome, tags


# The provenance tag of the clause that states each way a pursuit halts.
STOP_TAGS = {
    Stop.OBSTRUCTION: "obstruction",
    Stop.EDGE: "edge",
    Stop.FLEEING_ENEMY: "fleeing_enemy",
    Stop.NEW_ENEMY: "new_enemy",
}


def _halt(name: str, inputs: Inputs) -> Stop:
    """Return how a pursuit halts at the thing in its way named by that input."""
    if name == "obstacle":
        return Stop.OBSTRUCTION
    if name == "edge":
        return Stop.EDGE
    return Stop.FLEEING_ENEMY if inputs.get("enemy_fleeing") else Stop.NEW_ENEMY


def _charge_into_new_enemy(inputs: Inputs) -> dict[str, Any]:
    """Return how pursuers charge an enemy in their way: no roll, it holds, when they fight."""
    return {
        "roll_needed": False,
        "enemy_reaction": "hold",
        "combat": "another_round_now"
        if inputs.get("enemy_engaged")
        else "next_turn_counts_as_charging",
        # Only a second fight won in the same turn bars an overrun.
        "can_overrun_if_won": not inputs.get("enemy_engaged"),
    }


def overrun(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Overrun: only a unit that charged and wiped out its enemy, 2D6 inches straight forward."""
    outcome = eligibility(
        {
            "did_not_charge": _negate(inputs.get("charged")),
            "enemy_not_wiped_out": _negate(inputs.get("wiped_out")),
            "won_second_fight_this_turn": inputs.get("second_fight", False),
        }
    )
    outcome.update(dice="2D6", unit="in")
    tags = ["second_win"] if inputs.get("second_fight") else []
    if outcome["eligible"] is not False:
        outcome.update(optional=True, direction="straight_forward")
        roll = inputs.get("roll")
        if roll is not None:
            move: float = roll.total
            # "All other rules governing pursuit moves … apply to overruns": friends and
            # impassable terrain in the way halt it 1" short.
            stop = _path_stop({k: v for k, v in inputs.items() if k == "obstacle"}, move, ctx)
            if stop is not None:
                move = max(0.0, stop[1] - 1)
                outcome["stop"] = Stop.OBSTRUCTION
                tags.append("obstruction")
            outcome["move"] = ctx.distance(move)
    return outcome, tags


def _negate(value: bool | None) -> bool | None:
    return None if value is None else not value


def explain_pursuit(result: RuleResult, writer: Writer) -> str:
    """Say whether the fleeing unit was caught (or the chance), and how the pursuers move."""
    _, outcome, inputs = writer.gettext, result.outcome, result.inputs
    parts = []
    if "p_caught" in outcome:
        parts.append(
            _("Chance that the pursuers catch the fleeing unit: {p}.").format(
                p=writer.probability(outcome["p_caught"])
            )
        )
    elif outcome.get("caught") is True and not ("pursuit" in inputs and "flee" in inputs):
        # A tie said with one roll ("tied, they rolled 7"): the tie, not the rolls, decides.
        parts.append(
            _(
                "Caught: on equal rolls the pursuers catch the fleeing unit (equal to or higher "
                "catches). The fleeing unit is destroyed where it stands."
            )
        )
    elif outcome.get("caught") is True:
        parts.append(
            _(
                "Caught: the pursuit roll of {pursuit} is equal to or higher than the flee roll of "
                "{flee}. The fleeing unit is destroyed where it stands."
            ).format(pursuit=inputs["pursuit"]["total"], flee=inputs["flee"]["total"])
        )
    elif "pursuit" in inputs and "flee" in inputs:
        parts.append(
            _(
                "Escaped: the flee roll of {flee} is higher than the pursuit roll of {pursuit}. "
                "The fleeing unit flees {move}."
            ).format(
                flee=inputs["flee"]["total"],
                pursuit=inputs["pursuit"]["total"],
                move=writer.distance(outcome["flee_move"]),
            )
        )
    elif outcome.get("caught") is False and "flee_move" in outcome:
        parts.append(
            _("The unit is not pursued: it flees {move}.").format(
                move=writer.distance(outcome["flee_move"])
            )
        )
    stop = outcome.get("stop")
    if stop is not None:
        parts.append(STOP_SENTENCES[Stop(stop)](outcome, writer))
    ahead = outcome.get("stop_if_reached")
    if ahead is not None:
        parts.append(
            _("If their pursuit roll reaches it:")
            + " "
            + STOP_SENTENCES[Stop(ahead)](outcome, writer)
        )
    if "pursuit_move" in outcome:
        parts.append(
            _("The pursuers move {move}.").format(move=writer.distance(outcome["pursuit_move"]))
        )
    return " ".join(parts)


def _new_enemy(outcome: dict[str, Any], writer: Writer) -> str:
    _ = writer.gettext
    first = _(
        "The pursuers must charge the enemy in their way without a charge roll; it must hold."
    )
    if outcome["charge"]["combat"] == "another_round_now":
        return first + " " + _("That fight is not yet resolved, so they fight another round now.")
    return first + " " + _("The combat is fought next turn and the pursuers count as charging.")


STOP_SENTENCES: dict[Stop, Callable[[dict[str, Any], Writer], str]] = {
    Stop.OBSTRUCTION: lambda outcome, writer: writer.gettext(
        "The pursuers halt 1 inch short of the friendly unit or impassable terrain in their way."
    ),
    Stop.NEW_ENEMY: _new_enemy,
    Stop.FLEEING_ENEMY: lambda outcome, writer: writer.gettext(
        "The fleeing enemy they reach is destroyed, and the pursuers may reform."
    ),
    Stop.EDGE: lambda outcome, writer: writer.gettext(
        "The pursuers leave the battlefield and re-enter in their next Movement phase."
    ),
}


def explain_restrain(result: RuleResult, writer: Writer) -> str:
    """Say whether the Leadership test to restrain pursuit passed, or its chance."""
    _, outcome, inputs = writer.gettext, result.outcome, result.inputs
    if "passed" in outcome:
        text = (
            _(
                "Leadership test of {roll} against Leadership {ld}: passed. The unit restrains "
                "pursuit, holds its position and may reform."
            )
            if outcome["passed"]
            else _(
                "Leadership test of {roll} against Leadership {ld}: failed. The unit pursues anyway."
            )
        )
        return text.format(roll=inputs["roll"]["total"], ld=inputs["leadership"])
    return _(
        "Chance to pass the Leadership test and restrain pursuit with Leadership {ld}: {p}."
    ).format(ld=inputs["leadership"], p=writer.probability(outcome["p_pass"]))


def explain_flee(result: RuleResult, writer: Writer) -> str:
    """Say how far the unit flees."""
    if "flee_move" in result.outcome:
        return writer.gettext("The unit flees {move} directly away from the enemy.").format(
            move=writer.distance(result.outcome["flee_move"])
        )
    return writer.gettext("A fleeing unit moves 2D6 inches directly away from the enemy.")


def chart_pursuit(result: RuleResult) -> Chart | None:
    """Draw what decides a chance of being caught: the unknown roll, given the known one."""
    if "p_caught" not in result.outcome:
        return None
    inputs = result.inputs
    flee_dice, pursuit_dice = inputs.get("flee_dice", 2), inputs.get("pursuit_dice", 2)
    if "flee" in inputs and "pursuit" not in inputs:
        # Caught on a pursuit roll equal to or higher than the flee roll.
        return Chart(
            N_("Chance of each pursuit roll"),
            ((N_("pursuit roll"), pursuit_dice),),
            region=(inputs["flee"]["total"], 6 * pursuit_dice),
            region_label=N_("caught: {low} or more"),
        )
    if "pursuit" in inputs and "flee" not in inputs:
        return Chart(
            N_("Chance of each flee roll"),
            ((N_("flee roll"), flee_dice),),
            region=(flee_dice, inputs["pursuit"]["total"]),
            region_label=N_("caught: {high} or less"),
        )
    return Chart(
        N_("Chance of each total"),
        ((N_("flee roll"), flee_dice), (N_("pursuit roll"), pursuit_dice)),
    )


def chart_restrain(result: RuleResult) -> Chart | None:
    """Draw the Leadership test distribution, the passing totals in full colour."""
    if "p_pass" not in result.outcome:
        return None
    return Chart(
        N_("Chance of each total"),
        ((N_("Leadership test roll"), 2),),
        region=(2, result.inputs["leadership"]),
        region_label=N_("passed: {high} or less"),
    )


def _roll(
    name: str, help: str, dice: int | str = 2, cue: Cue | None = None, ask: str | None = None
) -> Param:
    return Param(name, "roll", help, dice=dice, cue=cue, ask=ask)


RULES = [
    Rule(
        "pursuit",
        GAME,
        EDITION,
        LANG,
        "in",
        "pursuit",
        "Pursuers roll 2D6; on a roll equal to or higher than the Flee roll the fleeing unit is "
        'destroyed where it stands; pursuers then move their roll, halting 1" from friends or '
        "impassable terrain, charging enemies in the way, leaving the battlefield at its edge.",
        (
            Param("flee_dice", "int", N_("dice in the Flee roll (default 2)"), low=1, high=6),
            Param("pursuit_dice", "int", N_("dice in the Pursuit roll (default 2)"), low=1, high=6),
            _roll(
                "flee",
                N_("the Flee roll (total or faces)"),
                "flee_dice",
                Cue(("flee",)),
                ask=N_("What did the fleeing unit roll?"),
            ),
            _roll(
                "pursuit",
                N_("the Pursuit roll (total or faces)"),
                "pursuit_dice",
                Cue(("pursue",)),
                ask=N_("What did the pursuers roll?"),
            ),
            Param(
                "pursued", "bool", N_("whether the fleeing unit is pursued at all (default yes)")
            ),
            Param(
                "tied",
                "bool",
                N_("the two rolls were equal (a tie)"),
                cue=Cue(("tie",), not_when=("probability",)),
                decided_by=("flee", "pursuit"),
            ),
            # A friendly unit or impassable terrain, and the table's edge, only beside their
            # words: "an enemy unit 6\" in front of them" is none of them; a length in the
            # pursuers' way named by nothing is an enemy's ("his Handgunners sat 6\" behind").
            Param(
                "obstacle",
                "distance",
                N_("distance to a friendly unit or impassable terrain in the way"),
                cue=Cue(("obstruction",), by_order=PATH_BY_ORDER),
            ),
            Param(
                "enemy",
                "distance",
                N_("distance to an enemy unit in the way"),
                cue=Cue(("new_enemy",)),
            ),
            Param("enemy_fleeing", "bool", N_("that enemy unit is already fleeing")),
            Param(
                "enemy_engaged",
                "bool",
                N_("that enemy is in a fight not yet resolved this turn"),
                cue=Cue(("already_engaged",)),
            ),
            Param(
                "edge",
                "distance",
                N_("distance to the battlefield edge in the way"),
                cue=Cue(("battlefield_edge",), by_order=PATH_BY_ORDER),
            ),
        ),
        pursuit,
        {
            "base": ('a unit pursues 2D6"',),
            # The comparison decides both outcomes; each outcome's own clause comes first.
            "caught": (
                "equal to or higher than the fleeing unit",
                "completely destroyed where they stand",
            ),
            "escaped": (
                "If the fleeing unit rolls higher than the pursuers",
                "equal to or higher than the fleeing unit",
            ),
            "pursuer_move": ("will then move its Pursuit distance in the direction",),
            "pursuer_move_caught": ("pursuers make this move even if the fleeing unit was caught",),
            "obstruction": ('they automatically halt 1" away',),
            "new_enemy": (
                "then the pursuers must charge the enemy unit",
                "you do not need to roll for the charge range",
                "it is not allowed to take any charge reactions and must Hold",
            ),
            "second_round": (
                "the pursuing unit will get to fight another round",
                "win a second fight in the same turn",
            ),
            "next_turn": (
                "the combat is not resolved straight away",
                "the pursuers will still count as charging",
            ),
            "fleeing_enemy": ("The fleeing unit is then immediately destroyed",),
            "edge": (
                "moves off the battlefield",
                "re-enter the board in their next Movement Phase",
            ),
        },
        title=N_("Pursuit"),
        explain=explain_pursuit,
        # "Fled 6: what chance do they catch us?" is a pursuit with its one roll unknown.
        when=(
            ("flee", "pursue"),
            ("flee", "caught"),
            ("pursue", "caught"),
            ("flee", "probability"),
            # "the pursuit would take them into my own Stormvermin": where a pursuit halts.
            ("pursue", "obstruction"),
        ),
        outcome_values={"stop": tuple(Stop), "stop_if_reached": tuple(Stop)},
        chart=chart_pursuit,
    ),
    Rule(
        "restrain",
        GAME,
        EDITION,
        LANG,
        "in",
        "restrain",
        "A victorious unit restrains pursuit by passing a Leadership test (2D6 <= Leadership); "
        "if it fails, it pursues anyway.",
        (
            Param(
                "leadership",
                "int",
                N_("the unit's Leadership"),
                required=True,
                low=1,
                high=10,
                cue=Cue(("leadership",)),
            ),
            _roll(
                "roll",
                N_("the Leadership test roll (2D6: total or faces)"),
                cue=Cue(("roll", "restrain")),
                ask=N_("What did the Leadership test roll?"),
            ),
        ),
        restrain,
        {
            "base": ("it must first take a Leadership test",),
            "passed": ("If the test is passed, the unit conforms to your wishes",),
            "failed": ("If the test is failed, then no amount of bellowing",),
        },
        title=N_("Restraining pursuit"),
        explain=explain_restrain,
        # Leadership and a roll is a Leadership test: the one a pursuit asks for.
        when=(("restrain",), ("leadership", "pursue"), ("leadership", "roll")),
        chart=chart_restrain,
    ),
    Rule(
        "flee",
        GAME,
        EDITION,
        LANG,
        "in",
        "flee",
        'A unit that fails its Break test flees 2D6" directly away from the enemy.',
        (
            _roll(
                "roll",
                N_("the Flee roll (2D6: total or faces)"),
                cue=Cue(("flee",)),
                ask=N_("What did the fleeing unit roll?"),
            ),
            # "nobody pursued", "the enemy restrained": read only as a no.
            Param(
                "pursued",
                "bool",
                N_("whether the fleeing unit is pursued at all (default yes)"),
                cue=Cue(("pursue",), unless=("restrain",), only_denied=True),
                with_others=True,
            ),
        ),
        flee,
        {
            "base": (
                'A unit flees 2D6"',
                "a number of inches equal to their Flee roll",
            ),
            "not_pursued": ("or has not been pursued",),
            "flee_move": ("a number of inches equal to their Flee roll",),
        },
        title=N_("Flee move"),
        explain=explain_flee,
        when=(("flee",),),
    ),
    Rule(
        "overrun",
        GAME,
        EDITION,
        LANG,
        "in",
        "overrun",
        'Only a unit that charged and wiped out its enemy may overrun, 2D6" straight forward; a '
        "unit that wins a second fight in the same turn cannot overrun.",
        (
            Param(
                "charged",
                "bool",
                N_("the victorious unit charged into this combat"),
                cue=Cue(("charge",), unless=("was_charged",)),
                presumed=CHARGED_PRESUMED,
            ),
            Param(
                "wiped_out",
                "bool",
                N_("the enemy was wiped out"),
                cue=Cue(("wiped_out",)),
                presumed=WIPED_OUT_PRESUMED,
            ),
            Param(
                "second_fight",
                "bool",
                N_("it won a second fight this turn after a pursuit"),
                cue=Cue(("second_fight",)),
            ),
            # The roll word, not "overrun": "overran with my 5 wolf riders" is no roll of 5.
            _roll(
                "roll",
                N_("the overrun roll (2D6: total or faces)"),
                cue=Cue(("roll",), by_order=False),
            ),
            # Only beside its word: an overrun's lengths are mostly its roll and the enemy ahead.
            Param(
                "obstacle",
                "distance",
                N_("distance to a friendly unit or impassable terrain in the way"),
                cue=Cue(("obstruction",), by_order=False),
            ),
        ),
        overrun,
        {
            "base": (
                "If the victorious unit charged into combat and the enemy was wiped out",
                "All other rules governing pursuit moves",
            ),
            "second_win": ("it cannot overrun and automatically restrains pursuit",),
            "obstruction": (
                'they automatically halt 1" away',
                "All other rules governing pursuit moves",
            ),
        },
        title=N_("Overrun"),
        explain=explain_overrun,
        outcome_values={"stop": (Stop.OBSTRUCTION,)},
        # "charged and killed every last one": the situation itself, unnamed.
        when=(("overrun",), ("charge", "wiped_out")),
    ),
]


@hookimpl
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register the English rulebook's Flee & Pursue rules."""
    for rule in RULES:
        register(rule)
