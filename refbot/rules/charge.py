"""Warhammer Fantasy Battle, Russian rulebook: failed charges and charge moves (inches)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from refbot.errors import RuleError
from refbot.hookspecs import hookimpl
from refbot.i18n import N_, Writer
from refbot.rules.core import Context, Cue, Inputs, Param, Rule, RuleResult

GAME, EDITION, LANG = "warhammer-fantasy", "rulebook-ru", "ru"
MAX_WHEEL_DEGREES = 90
# A bare number up to this beside "wheel" counts wheels ("two wheels"); a larger one is degrees.
MAX_WHEEL_COUNT_READ = 4
CHARGE_DICE = 2  # the worked example rolls two dice and keeps the highest
SIDES = ("front", "flank", "rear")  # the sides of a unit a charge is declared against


def failed_charge(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """A failed charge moves the highest die of the charge roll straight toward its target."""
    dice = inputs["dice"]
    if len(dice) != CHARGE_DICE:
        raise RuleError(
            f"dice: a charge roll has {CHARGE_DICE} dice, got {len(dice)}", "dice", dice=CHARGE_DICE
        )
    highest = max(dice)
    outcome: dict[str, Any] = {"highest_die": highest, "unit": ctx.unit}
    tags = []
    movement, distance = inputs.get("movement"), inputs.get("distance")
    if movement is not None and distance is not None:
        # The worked example: charge range = Movement + the highest die.
        charge_range = movement.to("in").value + highest
        outcome["charge_range"] = ctx.distance(charge_range)
        outcome["failed"] = distance.to("in").value > charge_range
        tags.append("example")
        if not outcome["failed"]:
            return outcome, tags
    outcome["move"] = ctx.distance(highest)
    # How far a failed charge moves is stated by the rule; the worked example follows it.
    return outcome, ["moved", *tags]


def charge_move(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """A charge moves straight with at most one wheel of up to 90°, maximising contact."""
    violations = []
    wheels = inputs.get("wheels", ())
    if max(len(wheels), inputs.get("wheel_count", 0)) > 1:
        violations.append("more_than_one_wheel")
    if any(angle > MAX_WHEEL_DEGREES for angle in wheels):
        violations.append("wheel_over_90_degrees")
    in_contact, possible = inputs.get("models_in_contact"), inputs.get("max_models_in_contact")
    if in_contact is not None and possible is not None and in_contact > possible:
        raise RuleError(
            f"models_in_contact: {in_contact} models cannot touch when at most {possible} can",
            "models_in_contact",
        )
    fewer = inputs.get("fewer_in_contact") or (
        in_contact is not None and possible is not None and in_contact < possible
    )
    if fewer and not inputs.get("obstacle"):
        violations.append("fewer_models_in_contact_than_possible")
    charged, touched = inputs.get("charged_side"), inputs.get("contact_side")
    if charged is not None and touched is not None and charged != touched:
        violations.append("contact_with_another_side")
    outcome: dict[str, Any] = {
        "legal": not violations,
        "violations": violations,
        "max_wheels": 1,
        "max_wheel_degrees": MAX_WHEEL_DEGREES,
        "distance_limited": False,
        "one_inch_rule_during_charge": False,
    }
    if inputs.get("wheel_timing"):
        outcome["wheel_at_any_point"] = True
    # The detour around an obstacle is the text's one exception to maximising contact; the side
    # and the timing of the wheel are stated in clauses of their own.
    # A wheel broken, or the 1" rule the question raises, is stated before anything else.
    tags = ["wheel"] if {"more_than_one_wheel", "wheel_over_90_degrees"} & set(violations) else []
    tags += [tag for tag in ("near_other_units", "obstacle", "wheel_timing") if inputs.get(tag)]
    if fewer and not inputs.get("obstacle"):
        tags.append("fewer")
    if charged is not None and touched is not None:
        tags.append("side")
    return outcome, tags


def explain_failed_charge(result: RuleResult, writer: Writer) -> str:
    """Say whether the charge reached (when the range is known) and how far a failed one moves."""
    _, outcome, inputs = writer.gettext, result.outcome, result.inputs
    parts = []
    if "charge_range" in outcome:
        verdict = (
            _(
                "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge fails."
            )
            if outcome["failed"]
            else _(
                "The charge range is {range} ({movement} + {die}) and the target is {distance} away, so the charge reaches it."
            )
        )
        parts.append(
            verdict.format(
                range=writer.distance(outcome["charge_range"]),
                movement=writer.distance(inputs["movement"]),
                die=outcome["highest_die"],
                distance=writer.distance(inputs["distance"]),
            )
        )
    if "move" in outcome:
        parts.append(
            _(
                "The failed charge moves the unit {move} straight toward its target: the highest "
                "die of the charge roll ({die})."
            ).format(move=writer.distance(outcome["move"]), die=outcome["highest_die"])
        )
    return " ".join(parts)


def explain_charge_move(result: RuleResult, writer: Writer) -> str:
    """Say whether the described charge move is legal, and which of its limits it breaks."""
    outcome = result.outcome
    if outcome["legal"]:
        parts = [
            writer.gettext(
                "The charge move is legal: at most one wheel of up to 90 degrees, with as many models in contact as possible."
            )
        ]
        if outcome.get("wheel_at_any_point"):
            parts.append(writer.gettext("The wheel may be made at any point of the move."))
        if result.inputs.get("obstacle"):
            parts.append(
                writer.gettext(
                    "An obstacle in the way is the exception: the detour may bring fewer models into contact."
                )
            )
        return " ".join(parts)
    parts = [
        writer.gettext(
            "The charge move is not legal: a charge allows one wheel of up to 90 degrees and must bring as many models into contact as possible."
        )
    ]
    if "contact_with_another_side" in outcome["violations"]:
        parts.append(
            writer.gettext("The charging unit must touch the side of the enemy unit it charged.")
        )
    return " ".join(parts)


RULES = [
    Rule(
        "failed_charge",
        GAME,
        EDITION,
        LANG,
        "in",
        "failed_charge",
        "A unit whose charge fails moves straight toward its target as many inches as the "
        "highest die of its charge roll.",
        (
            Param(
                "dice",
                "dice",
                N_("the faces of the charge roll, e.g. 2,5"),
                required=True,
                cue=Cue(faces=True),
            ),
            # A length: "Movimiento 10 cm" is 4 inches of charge range, and the rule reckons in
            # inches; a bare characteristic ("Movement 5") is in the rule's own unit.
            Param(
                "movement",
                "distance",
                N_("the unit's Movement (for the charge range)"),
                high=20,
                cue=Cue(("movement",), by_order=False),
                profile=True,
            ),
            Param(
                "distance",
                "distance",
                N_("distance to the target (for the charge range)"),
                # No concept cue: "charge range 9" names the range, not the distance; the
                # distance is the number written with a length unit.
                cue=Cue(),
            ),
        ),
        failed_charge,
        {
            "base": ("выпавшему на наибольшем кубике",),
            "moved": ("выпавшему на наибольшем кубике",),
            # What the charge range is, then how the example reached it.
            "example": (
                "дальность нападения равной",
                "отбрасывая меньшее значение",
                "нападение считается проваленным",
            ),
            # The rule's own example ("выпало 2 и 5 … вперёд на 5 дюймов"): it states the rule
            # and verifies a result, though no result cites it.
            "example_move": ("то подразделение проходит вперёд на 5",),
        },
        title=N_("Charge range and failed charge"),
        explain=explain_failed_charge,
        # "Did my charge reach?" is decided by the rule from Movement, dice and distance.
        # Movement, the dice and a distance are the charge-range situation even unnamed.
        when=(
            ("charge", "failed"),
            ("charge", "movement"),
            ("movement", "roll"),
            # "Bewegung 5, Angriffswurf 6 und 2": a charge's roll or range is a charge.
            ("charge_range", "movement"),
            # "Не добежал до врага" (did not reach the enemy): a range not made is a failed charge.
            ("charge_range", "failed"),
        ),
    ),
    Rule(
        "charge_move",
        GAME,
        EDITION,
        LANG,
        "in",
        "charge",
        "A charging unit moves straight with one wheel of at most 90°, brings as many models as "
        'possible into base contact, and may ignore the 1" rule while charging.',
        (
            Param(
                "wheels",
                "angles",
                N_("the wheels made during the charge, in degrees"),
                cue=Cue(("wheel",)),
            ),
            # "two wheels" counts wheels; the angles are the numbers of degrees.
            Param(
                "wheel_count",
                "int",
                N_("how many wheels the unit made during the charge"),
                low=1,
                high=MAX_WHEEL_COUNT_READ,
                cue=Cue(("wheel",), by_order=False),
            ),
            # "only 3 in contact instead of 5": two counts beside "contact", the smaller the actual.
            Param(
                "models_in_contact",
                "int",
                N_("models brought into base contact"),
                low=0,
                cue=Cue(("contact",), by_order=False),
                at_most="max_models_in_contact",
            ),
            Param(
                "max_models_in_contact",
                "int",
                N_("the most models that could touch"),
                low=0,
                cue=Cue(("contact",), by_order=False),
            ),
            # "wheel so that fewer models touch", with no counts given.
            Param(
                "fewer_in_contact",
                "bool",
                N_("the charge brings fewer models into contact than it could"),
                cue=Cue(("fewer_in_contact",)),
            ),
            Param(
                "obstacle",
                "bool",
                N_("an obstacle forced a detour"),
                cue=Cue(("obstruction", "building", "detour")),
            ),
            # "charged the flank but touched the front": the side named first, then the other.
            Param(
                "charged_side",
                "choice",
                N_("the side of the enemy unit the charge was declared against"),
                choices=SIDES,
                cue=Cue(SIDES),
            ),
            Param(
                "contact_side",
                "choice",
                N_("the side of the enemy unit the charging unit touched"),
                choices=SIDES,
                cue=Cue(SIDES, nth=1),
            ),
            Param(
                "wheel_timing",
                "bool",
                N_("the question asks when during the move the wheel is made"),
                cue=Cue(("move_timing",)),
            ),
            # Coming within 1" of other units: allowed while charging, so only the situation.
            Param(
                "near_other_units",
                "bool",
                N_('the charge passes within 1" of other units'),
                cue=Cue(("inch_rule",)),
            ),
        ),
        charge_move,
        {
            "base": (
                "один поворот на угол не более 90",
                "как можно больше моделей",
                "на неограниченное расстояние",
                "Правило 1-го дюйма",
            ),
            "wheel": ("один поворот на угол не более 90",),
            "near_other_units": ("Правило 1-го дюйма",),
            "obstacle": ("вы должны обогнуть препятствие на пути нападения",),
            "fewer": ("меньшее число моделей, чем вы могли бы",),
            "side": ("должно войти в контакт с той стороной вражеского подразделения",),
            "wheel_timing": ("в любой точке своего движения",),
        },
        title=N_("Charge move"),
        explain=explain_charge_move,
        when=(
            ("charge", "wheel"),
            ("charge", "inch_rule"),
            ("charge", "contact"),
            # Wheeling to bring models into contact is a charge's wheel, however the charge is
            # said ("greifen … an", a separable verb).
            ("wheel", "contact"),
            ("fewer_in_contact",),
            # "In the middle of the charge move, may I…": when during the move is the wheel's.
            ("charge", "move_timing", "movement"),
            ("charge", "front", "flank"),
            ("charge", "front", "rear"),
            ("charge", "flank", "rear"),
        ),
    ),
]


@hookimpl
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register the Russian rulebook's failed-charge and charge-move rules."""
    for rule in RULES:
        register(rule)
