"""break_from_combat (mordheim rulebook-ru): 'Бегство из сражения'."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

HITS = "его противники автоматически наносят ему удары, производя каждый по одному попаданию"
AT_ONCE = "которые должны быть рассмотрены немедленно."
NO_LEAVING = "воины не могут покинуть поле боя по собственному желанию."


def hits(n: int) -> dict:
    return {"automatic_hits": n, "hits_per_opponent": 1}


TABLE = [
    {"id": "one-opponent-one-hit", "clause": HITS, "inputs": {"opponents": "1"}, "expect": hits(1)},
    {
        "id": "two-opponents-two-hits",
        "clause": HITS,
        "inputs": {"opponents": "2"},
        "expect": hits(2),
    },
    {
        "id": "three-opponents-three-hits",
        "clause": HITS,
        "inputs": {"opponents": "3"},
        "expect": hits(3),
    },
    {
        "id": "six-opponents-six-hits",
        "clause": HITS,
        "inputs": {"opponents": "6"},
        "expect": hits(6),
    },
    {
        "id": "hits-resolved-immediately",
        "clause": AT_ONCE,
        "inputs": {"opponents": "2"},
        "expect": {"resolved": "immediately"},
    },
    {
        "id": "may-not-leave-table-voluntarily",
        "clause": NO_LEAVING,
        "inputs": {"opponents": "1"},
        "expect": {"may_leave_table_voluntarily": False},
    },
    {
        "id": "zero-opponents-impossible",
        "clause": HITS,
        "inputs": {"opponents": "0"},
        "raises": True,
    },
    {"id": "opponents-required", "clause": HITS, "inputs": {}, "raises": True},
]


@pytest.mark.parametrize("case", params(TABLE))
def test_break_from_combat(case: dict) -> None:
    check("break_from_combat", "rulebook-ru", case)
