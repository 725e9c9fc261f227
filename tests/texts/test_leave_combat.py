"""leave_combat (mordheim rulebook-ru): 'Выход из боя'."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

CANNOT = "они не могут уйти из него во время своей фазы передвижения."
EXCEPTION = "когда вражеская модель сбита с ног либо оглушена."
MAY_LEAVE = "воин может по желанию выйти из ближнего боя"
OTHER_ENEMIES = "и даже атаковать других врагов в зоне досягаемости."

TABLE = [
    {
        "id": "zero-standing-may-leave",
        "clause": MAY_LEAVE,
        "inputs": {"standing_enemies": "0"},
        "expect": {"may_leave": True},
    },
    {
        "id": "zero-standing-exception-cited",
        "clause": EXCEPTION,
        "inputs": {"standing_enemies": "0"},
        "expect": {"may_leave": True},
    },
    {
        "id": "zero-standing-may-attack-others",
        "clause": OTHER_ENEMIES,
        "inputs": {"standing_enemies": "0"},
        "expect": {"may_attack_other_enemies": True},
    },
    {
        "id": "one-standing-cannot-leave",
        "clause": CANNOT,
        "inputs": {"standing_enemies": "1"},
        "expect": {"may_leave": False},
    },
    {
        "id": "two-standing-cannot-leave",
        "clause": CANNOT,
        "inputs": {"standing_enemies": "2"},
        "expect": {"may_leave": False},
    },
    {
        "id": "many-standing-cannot-leave",
        "clause": CANNOT,
        "inputs": {"standing_enemies": "10"},
        "expect": {"may_leave": False},
    },
    # Asked in general: no, unless every enemy is down (the rule and its exception).
    {
        "id": "no-count-cannot-leave-unless-all-down",
        "clause": CANNOT,
        "inputs": {},
        "expect": {"may_leave": False, "unless_every_enemy_is_down": True},
    },
    {
        "id": "no-count-exception-cited",
        "clause": EXCEPTION,
        "inputs": {},
        "expect": {"may_leave": False},
    },
    {
        "id": "negative-standing-impossible",
        "clause": CANNOT,
        "inputs": {"standing_enemies": "-1"},
        "raises": True,
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_leave_combat(case: dict) -> None:
    check("leave_combat", "rulebook-ru", case)
