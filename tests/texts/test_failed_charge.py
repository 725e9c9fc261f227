"""failed_charge (warhammer-fantasy rulebook-ru): a failed charge moves the highest die, inches."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

HIGHEST = "на расстояние, равное числу, выпавшему на наибольшем кубике"
EXAMPLE_2_5 = "если на кубиках при нападении выпало 2 и 5, то подразделение проходит вперёд на 5"
EXAMPLE_RANGE = "Таким образом, дальность нападения равной 9."
EXAMPLE_FAIL = "оказалось равным 11 дюймам, и нападение считается проваленным."


def moves(n: int) -> dict:
    return {"highest_die": n, "move": {"value": n, "unit": "in"}, "unit": "in"}


TABLE = [
    {
        "id": "example-2-and-5-moves-5",
        "clause": EXAMPLE_2_5,
        "cite": False,
        "inputs": {"dice": "2,5"},
        "expect": moves(5),
    },
    {
        "id": "order-5-and-2-moves-5",
        "clause": HIGHEST,
        "inputs": {"dice": "5,2"},
        "expect": moves(5),
    },
    {
        "id": "lowest-1-and-1-moves-1",
        "clause": HIGHEST,
        "inputs": {"dice": "1,1"},
        "expect": moves(1),
    },
    {
        "id": "highest-6-and-6-moves-6",
        "clause": HIGHEST,
        "inputs": {"dice": "6,6"},
        "expect": moves(6),
    },
    {"id": "double-3-moves-3", "clause": HIGHEST, "inputs": {"dice": "3,3"}, "expect": moves(3)},
    {
        "id": "example-range-4-plus-5-is-9",
        "clause": EXAMPLE_RANGE,
        "inputs": {"dice": "1,5", "movement": "4", "distance": "11"},
        "expect": {"charge_range": {"value": 9, "unit": "in"}, **moves(5)},
    },
    {
        "id": "example-11in-away-fails",
        "clause": EXAMPLE_FAIL,
        "inputs": {"dice": "1,5", "movement": "4", "distance": "11"},
        "expect": {"failed": True},
    },
    {
        "id": "target-10in-beyond-range-9-fails",
        "clause": EXAMPLE_FAIL,
        "cite": False,
        "inputs": {"dice": "1,5", "movement": "4", "distance": "10"},
        "expect": {"failed": True},
    },
    {
        "id": "target-8in-within-range-9",
        "clause": EXAMPLE_RANGE,
        "inputs": {"dice": "1,5", "movement": "4", "distance": "8"},
        "expect": {"failed": False},
    },
    {
        "id": "distance-27.5cm-is-11in-fails",
        "clause": EXAMPLE_FAIL,
        "inputs": {"dice": "1,5", "movement": "4", "distance": "27.5cm"},
        "expect": {"failed": True, "charge_range": {"value": 9, "unit": "in"}},
    },
    {
        "id": "movement-10cm-is-4in-range-9",
        "clause": EXAMPLE_RANGE,
        "inputs": {"dice": "1,5", "movement": "10cm", "distance": "20cm"},
        "expect": {"failed": False, "charge_range": {"value": 9, "unit": "in"}},
    },
    {"id": "one-die-impossible", "clause": HIGHEST, "inputs": {"dice": "5"}, "raises": True},
    {"id": "face-7-impossible", "clause": HIGHEST, "inputs": {"dice": "7,2"}, "raises": True},
    {"id": "face-0-impossible", "clause": HIGHEST, "inputs": {"dice": "0,3"}, "raises": True},
]


@pytest.mark.parametrize("case", params(TABLE))
def test_failed_charge(case: dict) -> None:
    check("failed_charge", "rulebook-ru", case)
