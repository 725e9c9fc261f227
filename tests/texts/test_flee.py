"""flee (warhammer-fantasy rulebook-en): the Flee move is the Flee roll, 2D6 inches."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

TWO_D6 = 'A unit flees 2D6".'
FORWARD = "move directly forward a number of inches equal to their Flee roll."


def inches(n: int) -> dict:
    return {"flee_move": {"value": n, "unit": "in"}, "dice": "2D6", "unit": "in"}


TABLE = [
    {"id": "total-7", "clause": FORWARD, "inputs": {"roll": "7"}, "expect": inches(7)},
    {"id": "faces-3-4", "clause": FORWARD, "inputs": {"roll": "3,4"}, "expect": inches(7)},
    {"id": "lowest-faces-1-1", "clause": FORWARD, "inputs": {"roll": "1,1"}, "expect": inches(2)},
    {"id": "lowest-total-2", "clause": FORWARD, "inputs": {"roll": "2"}, "expect": inches(2)},
    {"id": "highest-faces-6-6", "clause": FORWARD, "inputs": {"roll": "6,6"}, "expect": inches(12)},
    {"id": "highest-total-12", "clause": FORWARD, "inputs": {"roll": "12"}, "expect": inches(12)},
    {"id": "dice-are-2d6", "clause": TWO_D6, "inputs": {"roll": "5"}, "expect": {"dice": "2D6"}},
    {"id": "total-13-impossible", "clause": TWO_D6, "inputs": {"roll": "13"}, "raises": True},
    {"id": "total-1-impossible", "clause": TWO_D6, "inputs": {"roll": "1"}, "raises": True},
    {"id": "face-7-impossible", "clause": TWO_D6, "inputs": {"roll": "7,1"}, "raises": True},
    {"id": "face-0-impossible", "clause": TWO_D6, "inputs": {"roll": "0,5"}, "raises": True},
    {"id": "three-faces-impossible", "clause": TWO_D6, "inputs": {"roll": "1,2,3"}, "raises": True},
]


@pytest.mark.parametrize("case", params(TABLE))
def test_flee(case: dict) -> None:
    check("flee", "rulebook-en", case)
