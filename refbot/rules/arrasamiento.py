"""Warhammer Fantasy Battle, Spanish rulebook: Arrasamiento (overrun, centimetres)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from refbot.hookspecs import hookimpl
from refbot.i18n import N_, Writer
from refbot.rules.core import (
    Constant,
    Context,
    Cue,
    Inputs,
    Param,
    Premise,
    Rule,
    RuleResult,
    eligibility,
)
from refbot.rules.messages import LEFT_STANDING, WIPED_OUT_PRESUMED, explain_overrun

GAME, EDITION, LANG = "warhammer-fantasy", "reglamento-es", "es"
FAST_MOVEMENT_CM = 15  # above this Movement a unit overruns 8D6 cm instead of 5D6
# The dice the text states ("La unidad moverá 5D6 … u 8D6 cm"), which an erratum may amend.
CONSTANTS = (
    Constant("dice", "dice", 5, N_("the overrun dice with Movement up to 15 cm")),
    Constant("fast_dice", "dice", 8, N_("the overrun dice with Movement above 15 cm")),
)


def _dice_count(inputs: Inputs, constants: Mapping[str, int]) -> int | tuple[int, ...]:
    movement = inputs.get("movement")
    if movement is None:
        # Without the Movement the roll is either: its faces or its total may still say which,
        # and the unit moves its total whichever it was.
        return constants["dice"], constants["fast_dice"]
    # Read only the constant that applies: an erratum of the other is no part of this outcome.
    fast_unit = movement.to("cm").value > FAST_MOVEMENT_CM
    return constants["fast_dice"] if fast_unit else constants["dice"]


def overrun(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Arrasamiento: any unit that destroyed all its enemies in the first turn of combat."""
    tags = []
    models_left = inputs.get("models_left", 0)
    if "models_left" in inputs:
        tags.append("extra_wounds")
    if inputs.get("magic_phase"):
        tags.append("magic_phase")
    wiped_out = inputs.get("wiped_out")
    if "models_left" in inputs:
        # No model left once extra wounds are removed counts as destroying the unit, whatever
        # the attacks left standing before them.
        wiped_out = models_left == 0
    first_turn = inputs.get("first_turn")
    outcome = eligibility(
        {
            "enemy_not_wiped_out": None if wiped_out is None else not wiped_out,
            "models_left_after_extra_wounds": models_left > 0,
            "not_first_turn_of_combat": None if first_turn is None else not first_turn,
        }
    )
    outcome["unit"] = "cm"
    if first_turn is False:
        tags.append("first_turn")
    if outcome["eligible"] is False:
        return outcome, tags
    outcome.update(optional=True)
    outcome["direction"] = (
        "straight_toward_either_destroyed_unit"
        if inputs.get("units_destroyed", 1) > 1
        else "straight_toward_destroyed_unit"
    )
    movement = inputs.get("movement")
    roll = inputs.get("roll")
    if movement is not None:
        outcome["dice"] = f"{_dice_count(inputs, ctx.constants)}D6"
    elif roll is not None and roll.count:
        outcome["dice"] = f"{roll.count}D6"  # five faces, or a total only 8D6 makes
    else:
        outcome["dice"] = None
        outcome["dice_by_movement"] = {
            "<=15 cm": f"{ctx.constants['dice']}D6",
            ">15 cm": f"{ctx.constants['fast_dice']}D6",
        }
    if roll is not None:
        outcome["move"] = ctx.distance(roll.total)
    return outcome, [*tags, "distance", "direction"]


def overrun_charge(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Carga durante Arrasamiento: reaching a new enemy forces a charge, with three exceptions."""
    contact = inputs["contact"]
    outcome: dict[str, Any] = {"must_charge": contact}
    if not contact:
        outcome["may_wheel_to_force_charge"] = False
        return outcome, ["no_contact"]
    outcome.update(
        enemy_reaction="flee_move" if inputs.get("enemy_fleeing") else "hold",
        maximise_models_in_contact=True,
        psychology_tests=False,
        combat="next_turn_counts_as_charging",
    )
    return outcome, ["exceptions"]


def explain_overrun_charge(result: RuleResult, writer: Writer) -> str:
    """Say whether an overrun that reaches a new enemy must charge it, and how that goes."""
    if not result.outcome["must_charge"]:
        return writer.gettext(
            "Without contact there is no charge: the unit may not wheel to force one."
        )
    if result.outcome["enemy_reaction"] == "flee_move":
        # "si la unidad enemiga cargada ya estaba Huyendo, debe realizar un movimiento de Huida".
        return writer.gettext(
            "The overrunning unit must charge the new enemy: an enemy already fleeing makes a "
            "flee move at once, and is caught and destroyed as in any charge if it does not get "
            "far enough; no psychology tests are taken."
        )
    return writer.gettext(
        "The overrunning unit must charge the new enemy: the enemy may only hold, no psychology "
        "tests are taken, and the combat is fought next turn with charge bonuses."
    )


RULES = [
    Rule(
        "overrun",
        GAME,
        EDITION,
        LANG,
        "cm",
        "overrun",
        "Any unit, charging or charged, that destroyed all its enemies in the first turn of "
        "combat (magic-phase kills included, after extra wounds) may overrun: 5D6 cm with "
        "Movement up to 15 cm, 8D6 cm above; not mandatory; straight toward where the enemy was.",
        (
            Param(
                "wiped_out",
                "bool",
                N_("the unit destroyed all its enemies"),
                cue=Cue(("wiped_out",)),
                presumed=WIPED_OUT_PRESUMED,
            ),
            Param(
                "first_turn",
                "bool",
                N_("it happened in the first turn of combat"),
                # "in the second round of combat": not the first.
                cue=Cue(("first_turn",), unless=("second_fight",)),
                # The fight a question about arrasamiento tells of is the first, unless it
                # tells of a second one.
                presumed=Premise("yes", unless=("second_fight",)),
            ),
            Param(
                "magic_phase",
                "bool",
                N_("the enemies were destroyed in the magic phase"),
                cue=Cue(("magic_phase",)),
            ),
            Param(
                "models_left",
                "int",
                N_("enemy models left after extra wounds"),
                low=0,
                # Read from no number (the numbers of a story are its models, its rolls); the
                # extra wounds an overrun's story tells of are what finished the enemy.
                cue=Cue((), by_order=False),
                presumed=Premise("0", unless=LEFT_STANDING, when=("extra_wounds",)),
            ),
            Param("units_destroyed", "int", N_("how many enemy units it destroyed"), low=1, high=4),
            Param(
                "movement",
                "distance",
                N_("the unit's Movement (cm, or inches with \")"),
                # A profile value, said beside its word: a length said alone is the enemy's
                # or the move's ("a 17 cm, hay una unidad de Orcos").
                cue=Cue(("movement",), by_order=False),
                profile=True,
                ask=N_("What is the unit's Movement?"),
            ),
            Param(
                "roll",
                "roll",
                N_("the overrun roll (5D6 or 8D6: total or faces)"),
                dice=_dice_count,
                # The roll word, not "overrun": "overran with my 5 wolf riders" is no roll of 5.
                cue=Cue(("roll",), by_order=False),
            ),
        ),
        overrun,
        {
            "base": (
                "Cualquier unidad que haya acabado con todos sus enemigos en el primer turno",
                "No es únicamente si ha cargado",
                "no están obligadas a Arrasar",
            ),
            # "In the first turn of combat": through the enemy "in a single round of combat".
            "first_turn": (
                "Cualquier unidad que haya acabado con todos sus enemigos en el primer turno",
                "en una sola ronda de combate",
            ),
            "extra_wounds": ("heridas adicionales",),
            "magic_phase": ("durante la fase de magia",),
            "distance": ("La unidad moverá 5D6",),
            "direction": ("avanza en línea recta en la dirección",),
        },
        title=N_("Overrun"),
        explain=explain_overrun,
        # "wiped them out in the first turn of combat": the situation itself, unnamed.
        when=(("overrun",), ("wiped_out", "first_turn")),
        constants=CONSTANTS,
    ),
    Rule(
        "overrun_charge",
        GAME,
        EDITION,
        LANG,
        "cm",
        "overrun",
        "An overrun that reaches a new enemy must charge it: the enemy may only hold (or flee "
        "again if already fleeing), the attacker wheels only to maximise contact, no psychology "
        "tests; the combat is fought next turn with charge bonuses.",
        (
            Param(
                "contact",
                "bool",
                N_("the straight overrun move reaches an enemy unit"),
                required=True,
                # "Am I obliged to charge them?" asks about an enemy the overrun reached.
                # An already fleeing enemy named in an overrun is one the overrun reached.
                cue=Cue(
                    ("new_enemy", "contact", "mandatory", "fleeing_enemy"), denied_by=("contact",)
                ),
            ),
            Param(
                "enemy_fleeing",
                "bool",
                N_("that enemy unit is already fleeing"),
                cue=Cue(("fleeing_enemy",)),
            ),
        ),
        overrun_charge,
        {
            "base": ("debe cargar contra el nuevo enemigo",),
            "exceptions": (
                "se resolverá en el siguiente turno de juego",
                "sólo puede reaccionar manteniendo la posición",
                "el máximo número posible de miniaturas",
                "No se efectúan chequeos de Psicología",
                "se aplican los modificadores por carga",
            ),
            "no_contact": ("NO puede pivotar para forzar la carga",),
        },
        title=N_("Charge from an overrun"),
        explain=explain_overrun_charge,
        # Wheeling during an overrun is this rule's question too: only to maximise contact.
        when=(
            ("overrun", "new_enemy"),
            ("overrun", "charge", "mandatory"),
            ("overrun", "contact"),
            ("overrun", "wheel"),
            ("overrun", "fleeing_enemy"),
            # The overrun told, not named: "wiped them out, and the move after it took them
            # into a regiment of spearmen; must I charge them?"
            ("wiped_out", "new_enemy"),
            ("wiped_out", "charge", "mandatory"),
        ),
    ),
]


@hookimpl
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register the Spanish rulebook's Arrasamiento rules."""
    for rule in RULES:
        register(rule)
