"""An example refbot plugin: the chance that a charge reaches a target, by Movement and distance.

The Russian rulebook's worked example sets the charge range to Movement plus the highest of
the two charge dice; this rule gives the chance that the range covers the distance.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

from refbot.hookspecs import hookimpl
from refbot.i18n import Writer, format_fraction
from refbot.rules import Chart, Cue, Param, Rule, RuleResult
from refbot.rules.core import Context, Inputs


def charge_reach(inputs: Inputs, ctx: Context) -> tuple[dict[str, Any], list[str]]:
    """Return the chance that Movement + the highest of 2D6 covers the distance."""
    movement, distance = inputs["movement"], inputs["distance"].to("in").value
    reaching = sum(1 for a, b in product(range(1, 7), repeat=2) if movement + max(a, b) >= distance)
    # refbot's one fraction format: "5/9", "0", "1".
    return {"p_reach": format_fraction(Fraction(reaching, 36)), "dice": "2D6"}, ["example"]


def explain_charge_reach(result: RuleResult, writer: Writer) -> str:
    """Say the chance that the charge reaches."""
    return writer.gettext(
        "Chance that a charge with Movement {movement} reaches a target {distance} away: {p}."
    ).format(
        movement=result.inputs["movement"],
        distance=writer.distance(result.inputs["distance"]),
        p=writer.probability(result.outcome["p_reach"]),
    )


def chart_charge_reach(result: RuleResult) -> Chart:
    """Draw the charge roll behind the chance."""
    return Chart("Chance of each total", (("charge roll", 2),))


CHARGE_REACH = Rule(
    "charge_reach",
    "warhammer-fantasy",
    "rulebook-ru",
    "ru",
    "in",
    "charge",
    "The chance that a charge reaches: Movement plus the highest of 2D6 against the distance.",
    (
        Param(
            "movement", "int", "the unit's Movement", True, low=0, high=20, cue=Cue(("movement",))
        ),
        Param("distance", "distance", "distance to the target", True, cue=Cue(("charge",))),
    ),
    charge_reach,
    {"base": ("выпавшему на наибольшем кубике",), "example": ("отбрасывая меньшее значение",)},
    explain=explain_charge_reach,
    when=(("charge", "probability"),),
    chart=chart_charge_reach,
)


@hookimpl
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register the charge-odds rule."""
    register(CHARGE_REACH)
