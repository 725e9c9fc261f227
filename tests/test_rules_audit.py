"""The rules core against the letter of the texts: every row of the issue 12 audit, and units.

Each case names the clause it comes from; the expected values are read off the texts.
"""

from __future__ import annotations

from typing import Any

import pytest

from refbot.bot import segment_corpus
from refbot.corpus import load_corpus
from refbot.errors import RuleError
from refbot.rules import Provenance, RuleResult, run_rule
from tests.helpers import SEED_CORPUS


@pytest.fixture(scope="module")
def provenance() -> Provenance:
    return Provenance(segment_corpus(load_corpus(SEED_CORPUS)))


HALT = "halted_1_inch_from_obstruction"
EDGE = "off_battlefield_reenter_next_movement_phase"


def one(provenance: Provenance, rule: str, unit: str | None = None, **inputs: Any) -> RuleResult:
    results = run_rule(rule, inputs, provenance, unit=unit)
    assert len(results) == 1
    return results[0]


# "they automatically halt 1" away" from a friendly unit or impassable terrain; lengths given in
# centimetres are the same lengths (1" = 2.5 cm), whatever unit the answer is asked in.
@pytest.mark.parametrize(
    ("inputs", "unit", "stop", "move"),
    [
        ({"flee": 3, "pursuit": 7, "obstacle": "5cm"}, None, HALT, 1),
        ({"flee": 3, "pursuit": 7, "obstacle": "12.5cm"}, None, HALT, 4),
        ({"flee": 3, "pursuit": 7, "enemy": "10cm"}, None, "charges_new_enemy", 4),
        ({"flee": 3, "pursuit": 7, "edge": "15cm"}, None, EDGE, 6),
        ({"flee": 3, "pursuit": 10, "obstacle": "25cm"}, "cm", HALT, 22.5),
    ],
)  # fmt: skip
def test_lengths_in_centimetres_are_compared_as_lengths(
    provenance: Provenance, inputs: dict[str, Any], unit: str | None, stop: str, move: float
) -> None:
    outcome = one(provenance, "pursuit", unit, **inputs).outcome
    assert outcome["stop"] == stop
    assert outcome["pursuit_move"]["value"] == move
    assert outcome["unit"] == outcome["pursuit_move"]["unit"] == (unit or "in")


@pytest.mark.parametrize(
    ("rule", "inputs", "length"),
    [
        ("flee", {"roll": 7}, "flee_move"),
        ("pursuit", {"flee": 9, "pursuit": 4}, "flee_move"),
        ("failed_charge", {"dice": "2,5"}, "move"),
    ],
)
def test_the_unit_field_agrees_with_the_lengths(
    provenance: Provenance, rule: str, inputs: dict[str, Any], length: str
) -> None:
    outcome = one(provenance, rule, "cm", **inputs).outcome
    assert outcome["unit"] == outcome[length]["unit"] == "cm"


@pytest.mark.parametrize(
    ("inches", "centimetres"),
    [(1, 2.5), (2, 5), (3, 7.5), (4, 10), (6, 15), (9, 22.5), (12, 30)],
)
@pytest.mark.parametrize("what", ["obstacle", "enemy", "edge"])
def test_the_same_situation_in_inches_or_centimetres_has_one_outcome(
    provenance: Provenance, what: str, inches: float, centimetres: float
) -> None:
    base = {"flee": 3, "pursuit": 8}
    in_inches = one(provenance, "pursuit", **base, **{what: f"{inches}in"}).outcome
    in_cm = one(provenance, "pursuit", **base, **{what: f"{centimetres}cm"}).outcome
    assert in_inches == in_cm


def test_failed_charge_range_in_centimetres(provenance: Provenance) -> None:
    # Movement 4 + highest die 5 = 9"; 22.5 cm is 9": the charge reaches; 25 cm (10") does not.
    assert (
        one(provenance, "failed_charge", dice="1,5", movement=4, distance="22.5cm").outcome[
            "failed"
        ]
        is False
    )
    assert (
        one(provenance, "failed_charge", dice="1,5", movement=4, distance="25cm").outcome["failed"]
        is True
    )


def test_a_fight_next_turn_does_not_bar_an_overrun(provenance: Provenance) -> None:
    # "If a pursuing unit is lucky enough to win a second fight in the same turn ... it cannot
    # overrun": a pursuit charge fought next turn is no second fight in the same turn.
    charge = one(provenance, "pursuit", flee=3, pursuit=7, enemy=5).outcome["charge"]
    assert charge["combat"] == "next_turn_counts_as_charging"
    assert charge["can_overrun_if_won"] is True


@pytest.mark.parametrize(
    ("rule", "inputs", "named"),
    [
        ("pursuit", {"pursued": "no", "pursuit": 12}, "pursuit"),
        ("pursuit", {"flee": 5, "pursuit": 7, "enemy_fleeing": "yes"}, "enemy"),
        ("charge_move", {"models_in_contact": 6, "max_models_in_contact": 5}, "models_in_contact"),
        ("break_from_combat", {"opponents": 0}, "opponents"),
        ("failed_charge", {"dice": "3"}, "dice"),
        ("restrain", {"leadership": 8, "reroll": "yes"}, "reroll"),
    ],
)
def test_conflicting_or_impossible_inputs_are_errors_naming_them(
    provenance: Provenance, rule: str, inputs: dict[str, Any], named: str
) -> None:
    with pytest.raises(RuleError, match=named):
        run_rule(rule, inputs, provenance)


def test_a_roll_no_edition_allows_names_each_editions_bound(provenance: Provenance) -> None:
    with pytest.raises(RuleError) as raised:
        run_rule("overrun", {"movement": "10cm", "roll": 40}, provenance)
    assert "5D6 roll totals 5 to 30" in str(raised.value)
    assert "reglamento-es" in str(raised.value)


def test_leaving_combat_cites_the_condition_and_its_consequence(provenance: Provenance) -> None:
    result = one(provenance, "leave_combat", standing_enemies=0)
    texts = _texts(result)
    assert any("Исключением из этого правила" in t for t in texts)
    assert any("может по желанию выйти из ближнего боя" in t for t in texts)


def test_the_charge_range_cites_the_example_that_computes_it(provenance: Provenance) -> None:
    result = one(provenance, "failed_charge", dice="1,5", movement=4, distance=11)
    assert any("дальность нападения равной" in t for t in _texts(result))


def _texts(result: RuleResult) -> list[str]:
    clauses = segment_corpus(load_corpus(SEED_CORPUS))
    return [c.text for c in clauses if c.id in result.clauses]


@pytest.mark.parametrize(
    ("movement_in", "movement_cm", "dice"),
    [(4, 10, "5D6"), (6, 15, "5D6"), (6.4, 16, "8D6"), (8, 20, "8D6")],
)
def test_spanish_overrun_dice_are_the_same_in_inches_or_centimetres(
    provenance: Provenance, movement_in: float, movement_cm: float, dice: str
) -> None:
    # "La unidad moverá 5D6 cm si su Movimiento es de 15 cm o menos, y 8D6 cm si es superior".
    for movement in (f"{movement_in}in", f"{movement_cm}cm"):
        (result,) = run_rule(
            "overrun", {"wiped_out": "yes", "movement": movement}, provenance, "reglamento-es"
        )
        assert result.outcome["dice"] == dice, movement
