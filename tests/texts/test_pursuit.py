"""pursuit (warhammer-fantasy rulebook-en, inches), read off 'Flee & Pursue'."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.texts.textcase import check, params

CAUGHT = "is equal to or greater than the Flee roll scored by the fleeing enemy unit"
ROLLS_EQUAL = "If a pursuing unit rolls equal to or higher than the fleeing unit"
ESCAPES = "If the fleeing unit rolls higher than the pursuers, or has not been pursued"
STRAGGLERS = "Note that pursuers make this move even if the fleeing unit was caught"
HALT = 'or area of impassable terrain, they automatically halt 1" away.'
NEW_ENEMY = "then the pursuers must charge the enemy unit."
HOLD = "it is not allowed to take any charge reactions and must Hold."
ANOTHER_ROUND = "then the pursuing unit will get to fight another round of close combat!"
SECOND_FIGHT = "win a second fight in the same turn, it cannot overrun"
NEXT_TURN = "In the following turn's combat phase, the pursuers will still count as charging."
FLEEING_FOE = "The fleeing unit is then immediately destroyed and the pursuing unit is allowed"
OFF_TABLE = "moves into contact with the battlefield edge moves off the battlefield."
ROLL_2D6 = "the controlling player rolls 2D6, the result is the Flee roll."

CAUGHT_7 = {
    "caught": True,
    "fleeing_unit": "destroyed_where_they_stand",
    "flee_move": {"value": 0, "unit": "in"},
    "pursuit_move": {"value": 7, "unit": "in"},
}

TABLE = [
    # Caught or not: the boundary is equality.
    {
        "id": "equal-totals-caught",
        "clause": CAUGHT,
        "inputs": {"flee": "7", "pursuit": "7"},
        "expect": CAUGHT_7,
    },
    {
        "id": "equal-by-faces-caught",
        "clause": CAUGHT,
        "inputs": {"flee": "3,4", "pursuit": "2,5"},
        "expect": CAUGHT_7,
    },
    {
        "id": "pursuit-one-higher-caught",
        "clause": ROLLS_EQUAL,
        "inputs": {"flee": "6", "pursuit": "7"},
        "expect": {"caught": True},
    },
    {
        "id": "lowest-equal-caught",
        "clause": CAUGHT,
        "inputs": {"flee": "1,1", "pursuit": "2"},
        "expect": {"caught": True, "pursuit_move": {"value": 2, "unit": "in"}},
    },
    {
        "id": "highest-equal-caught",
        "clause": CAUGHT,
        "inputs": {"flee": "12", "pursuit": "6,6"},
        "expect": {
            "caught": True,
            "flee_move": {"value": 0, "unit": "in"},
            "pursuit_move": {"value": 12, "unit": "in"},
        },
    },
    {
        "id": "flee-one-higher-escapes",
        "clause": ESCAPES,
        "inputs": {"flee": "8", "pursuit": "7"},
        "expect": {"caught": False, "flee_move": {"value": 8, "unit": "in"}},
    },
    {
        "id": "flee-12-pursuit-2-escapes",
        "clause": ESCAPES,
        "inputs": {"flee": "6,6", "pursuit": "1,1"},
        "expect": {
            "caught": False,
            "flee_move": {"value": 12, "unit": "in"},
            "pursuit_move": {"value": 2, "unit": "in"},
        },
    },
    {
        "id": "pursuers-move-even-if-caught",
        "clause": STRAGGLERS,
        "inputs": {"flee": "4", "pursuit": "9"},
        "expect": {"caught": True, "pursuit_move": {"value": 9, "unit": "in"}},
    },
    {
        "id": "not-pursued-flees-full-roll",
        "clause": ESCAPES,
        "inputs": {"flee": "5", "pursued": "no"},
        "expect": {"caught": False, "flee_move": {"value": 5, "unit": "in"}},
    },
    {
        "id": "not-pursued-with-pursuit-roll-impossible",
        "clause": ESCAPES,
        "inputs": {"flee": "5", "pursuit": "9", "pursued": "no"},
        "raises": True,
    },
    {
        "id": "flee-13-impossible-on-2d6",
        "clause": ROLL_2D6,
        "inputs": {"flee": "13", "pursuit": "7"},
        "raises": True,
    },
    {
        "id": "pursuit-face-7-impossible",
        "clause": ROLL_2D6,
        "inputs": {"flee": "7", "pursuit": "7,1"},
        "raises": True,
    },
    # Unknown rolls: chance of catching, pursuit >= flee on 2D6.
    {
        "id": "p-caught-flee-7",
        "clause": CAUGHT,
        "inputs": {"flee": "7"},
        "expect": {"p_caught": Fraction(7, 12)},
    },
    {
        "id": "p-caught-flee-12",
        "clause": CAUGHT,
        "inputs": {"flee": "12"},
        "expect": {"p_caught": Fraction(1, 36)},
    },
    {
        "id": "p-caught-both-unknown",
        "clause": CAUGHT,
        "inputs": {},
        "expect": {"p_caught": Fraction(721, 1296)},
    },
    # Friendly unit or impassable terrain in the way.
    {
        "id": "obstacle-exactly-at-roll-halts",
        "clause": HALT,
        "inputs": {"flee": "9", "pursuit": "7", "obstacle": "7"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 6, "unit": "in"},
        },
    },
    {
        "id": "obstacle-beyond-roll-no-halt",
        "clause": STRAGGLERS,
        "cite": False,
        "inputs": {"flee": "9", "pursuit": "7", "obstacle": "8"},
        "expect": {"pursuit_move": {"value": 7, "unit": "in"}},
        "absent": ("stop",),
    },
    {
        "id": "obstacle-at-1-inch-no-move",
        "clause": HALT,
        "inputs": {"flee": "9", "pursuit": "7", "obstacle": "1"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 0, "unit": "in"},
        },
    },
    {
        "id": "obstacle-at-0-no-move",
        "clause": HALT,
        "inputs": {"flee": "9", "pursuit": "7", "obstacle": "0"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 0, "unit": "in"},
        },
    },
    {
        "id": "obstacle-17.5cm-is-7in-halts",
        "clause": HALT,
        "inputs": {"flee": "5", "pursuit": "7", "obstacle": "17.5cm"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 6, "unit": "in"},
        },
    },
    {
        "id": "obstacle-20cm-is-8in-no-halt",
        "clause": STRAGGLERS,
        "cite": False,
        "inputs": {"flee": "5", "pursuit": "7", "obstacle": "20cm"},
        "expect": {"pursuit_move": {"value": 7, "unit": "in"}},
        "absent": ("stop",),
    },
    {
        "id": "obstacle-5in-halts-at-4",
        "clause": HALT,
        "inputs": {"flee": "5", "pursuit": "7", "obstacle": "5in"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 4, "unit": "in"},
        },
    },
    # A new enemy in the way.
    {
        "id": "enemy-in-the-way-charged",
        "clause": NEW_ENEMY,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5"},
        "expect": {"stop": "charges_new_enemy"},
    },
    {
        "id": "enemy-exactly-at-roll-charged",
        "clause": NEW_ENEMY,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "7"},
        "expect": {"stop": "charges_new_enemy"},
    },
    {
        "id": "enemy-beyond-roll-not-charged",
        "clause": STRAGGLERS,
        "cite": False,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "8"},
        "expect": {"pursuit_move": {"value": 7, "unit": "in"}},
        "absent": ("stop", "charge"),
    },
    {
        "id": "charged-enemy-must-hold",
        "clause": HOLD,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5"},
        "expect": {"charge": {"enemy_reaction": "hold"}},
    },
    {
        "id": "unengaged-enemy-fought-next-turn",
        "clause": NEXT_TURN,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5", "enemy_engaged": "no"},
        "expect": {"charge": {"combat": "next_turn_counts_as_charging"}},
    },
    {
        "id": "engaged-enemy-another-round-now",
        "clause": ANOTHER_ROUND,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5", "enemy_engaged": "yes"},
        "expect": {"charge": {"combat": "another_round_now"}},
    },
    {
        "id": "second-fight-cannot-overrun",
        "clause": SECOND_FIGHT,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5", "enemy_engaged": "yes"},
        "expect": {"charge": {"can_overrun_if_won": False}},
    },
    {
        "id": "fleeing-enemy-destroyed-final-reform",
        "clause": FLEEING_FOE,
        "inputs": {"flee": "9", "pursuit": "7", "enemy": "5", "enemy_fleeing": "yes"},
        "expect": {"stop": "charged_fleeing_enemy_destroyed_final_reform"},
    },
    {
        "id": "enemy-fleeing-without-enemy-impossible",
        "clause": FLEEING_FOE,
        "inputs": {"flee": "9", "pursuit": "7", "enemy_fleeing": "yes"},
        "raises": True,
    },
    {
        "id": "obstacle-before-enemy-halts",
        "clause": HALT,
        "inputs": {"flee": "9", "pursuit": "7", "obstacle": "3", "enemy": "5"},
        "expect": {
            "stop": "halted_1_inch_from_obstruction",
            "pursuit_move": {"value": 2, "unit": "in"},
        },
    },
    # The battlefield edge.
    {
        "id": "edge-inside-roll-off-table",
        "clause": OFF_TABLE,
        "inputs": {"flee": "9", "pursuit": "7", "edge": "5"},
        "expect": {"stop": "off_battlefield_reenter_next_movement_phase"},
    },
    {
        "id": "edge-exactly-at-roll-off-table",
        "clause": OFF_TABLE,
        "inputs": {"flee": "9", "pursuit": "7", "edge": "7"},
        "expect": {"stop": "off_battlefield_reenter_next_movement_phase"},
    },
    {
        "id": "edge-beyond-roll-stays",
        "clause": STRAGGLERS,
        "cite": False,
        "inputs": {"flee": "9", "pursuit": "7", "edge": "8"},
        "expect": {"pursuit_move": {"value": 7, "unit": "in"}},
        "absent": ("stop",),
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_pursuit(case: dict) -> None:
    check("pursuit", "rulebook-en", case)
