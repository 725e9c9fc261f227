"""restrain (warhammer-fantasy rulebook-en): the Leadership test to restrain pursuit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.texts.textcase import check, params

TEST = "if you wish your unit to restrain pursuit, it must first take a Leadership test"
PASSED = "If the test is passed, the unit conforms to your wishes and holds position"
FAILED = "they elect to pursue the enemy anyway."

HOLDS = {"passed": True, "result": "holds_and_may_reform"}
PURSUES = {"passed": False, "result": "pursues_anyway"}

TABLE = [
    {
        "id": "roll-equals-leadership-passes",
        "clause": PASSED,
        "inputs": {"leadership": "7", "roll": "7"},
        "expect": HOLDS,
    },
    {
        "id": "roll-one-over-leadership-fails",
        "clause": FAILED,
        "inputs": {"leadership": "7", "roll": "8"},
        "expect": PURSUES,
    },
    {
        "id": "faces-3-4-pass-ld7",
        "clause": PASSED,
        "inputs": {"leadership": "7", "roll": "3,4"},
        "expect": HOLDS,
    },
    {
        "id": "faces-4-4-fail-ld7",
        "clause": FAILED,
        "inputs": {"leadership": "7", "roll": "4,4"},
        "expect": PURSUES,
    },
    {
        "id": "lowest-roll-passes-ld2",
        "clause": PASSED,
        "inputs": {"leadership": "2", "roll": "1,1"},
        "expect": HOLDS,
    },
    {
        "id": "lowest-roll-fails-ld1",
        "clause": FAILED,
        "inputs": {"leadership": "1", "roll": "2"},
        "expect": PURSUES,
    },
    {
        "id": "ld10-roll-10-passes",
        "clause": PASSED,
        "inputs": {"leadership": "10", "roll": "10"},
        "expect": HOLDS,
    },
    {
        "id": "ld10-highest-roll-fails",
        "clause": FAILED,
        "inputs": {"leadership": "10", "roll": "6,6"},
        "expect": PURSUES,
    },
    {
        "id": "leadership-test-on-2d6",
        "clause": TEST,
        "inputs": {"leadership": "8", "roll": "5"},
        "expect": {"dice": "2D6", "passed": True},
    },
    {
        "id": "p-pass-ld7",
        "clause": TEST,
        "inputs": {"leadership": "7"},
        "expect": {"p_pass": Fraction(7, 12)},
    },
    {
        "id": "p-pass-ld2",
        "clause": TEST,
        "inputs": {"leadership": "2"},
        "expect": {"p_pass": Fraction(1, 36)},
    },
    {
        "id": "p-pass-ld10",
        "clause": TEST,
        "inputs": {"leadership": "10"},
        "expect": {"p_pass": Fraction(11, 12)},
    },
    {
        "id": "roll-13-impossible",
        "clause": TEST,
        "inputs": {"leadership": "7", "roll": "13"},
        "raises": True,
    },
    {
        "id": "roll-1-impossible",
        "clause": TEST,
        "inputs": {"leadership": "7", "roll": "1"},
        "raises": True,
    },
    {"id": "no-leadership-no-test", "clause": TEST, "inputs": {"roll": "7"}, "raises": True},
]


@pytest.mark.parametrize("case", params(TABLE))
def test_restrain(case: dict) -> None:
    check("restrain", "rulebook-en", case)
