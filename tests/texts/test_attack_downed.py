"""attack_downed (mordheim rulebook-ru): attacking knocked-down and stunned warriors."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

AUTO_HIT = "Все атаки против сбитого с ног воина автоматически считаются попавшими."
NO_PARRY = "Сбитая с ног модель не может парировать удары."
OUT_IF = "и он не проходит тест на защиту доспехами, он автоматически считается вне игры"
STUNNED_OUT = "Оглушенная модель автоматически выводится из игры"
SAME_MODEL = "не может оглушить/сбить с ног и затем автоматически вывести из игры воина"
STANDING = "она не может атаковать оглушенные или сбитые с ног модели"
MAY_ATTACK = "Если противник находится в бою со сбитым с ног воином, он может атаковать его"

KD = {"target": "knocked_down"}
ST = {"target": "stunned"}

TABLE = [
    {
        "id": "knocked-down-may-be-attacked",
        "clause": MAY_ATTACK,
        "cite": False,
        "inputs": KD,
        "expect": {"can_attack": True},
    },
    {
        "id": "knocked-down-auto-hit",
        "clause": AUTO_HIT,
        "inputs": KD,
        "expect": {"can_attack": True, "auto_hit": True},
    },
    {
        "id": "knocked-down-cannot-parry",
        "clause": NO_PARRY,
        "inputs": KD,
        "expect": {"can_parry": False},
    },
    {
        "id": "knocked-down-wounded-save-failed-out",
        "clause": OUT_IF,
        "inputs": {**KD, "wounded": "yes", "armour_save": "no"},
        "expect": {"out_of_action": True},
    },
    {
        "id": "knocked-down-wounded-save-passed-stays",
        "clause": OUT_IF,
        "inputs": {**KD, "wounded": "yes", "armour_save": "yes"},
        "expect": {"out_of_action": False},
    },
    {
        "id": "knocked-down-not-wounded-stays",
        "clause": OUT_IF,
        "inputs": {**KD, "wounded": "no"},
        "expect": {"out_of_action": False},
    },
    {
        "id": "knocked-down-by-same-model-not-taken-out",
        "clause": SAME_MODEL,
        "inputs": {**KD, "downed_by_this_model": "yes", "wounded": "yes", "armour_save": "no"},
        "expect": {"out_of_action": False},
    },
    {
        "id": "knocked-down-by-other-model-taken-out",
        "clause": OUT_IF,
        "inputs": {**KD, "downed_by_this_model": "no", "wounded": "yes", "armour_save": "no"},
        "expect": {"out_of_action": True},
    },
    {
        "id": "stunned-out-of-action",
        "clause": STUNNED_OUT,
        "inputs": ST,
        "expect": {"can_attack": True, "out_of_action": True},
    },
    {
        "id": "stunned-by-same-model-not-taken-out",
        "clause": SAME_MODEL,
        "inputs": {**ST, "downed_by_this_model": "yes"},
        "expect": {"out_of_action": False},
    },
    {
        "id": "stunned-by-other-model-taken-out",
        "clause": STUNNED_OUT,
        "inputs": {**ST, "downed_by_this_model": "no"},
        "expect": {"out_of_action": True},
    },
    {
        "id": "standing-enemy-no-attack-on-knocked-down",
        "clause": STANDING,
        "inputs": {**KD, "standing_enemy": "yes"},
        "expect": {"can_attack": False},
    },
    {
        "id": "standing-enemy-no-attack-on-stunned",
        "clause": STANDING,
        "inputs": {**ST, "standing_enemy": "yes"},
        "expect": {"can_attack": False},
    },
    {
        "id": "no-standing-enemy-stunned-out",
        "clause": STUNNED_OUT,
        "inputs": {**ST, "standing_enemy": "no"},
        "expect": {"can_attack": True, "out_of_action": True},
    },
    {
        "id": "no-standing-enemy-knocked-down-auto-hit",
        "clause": AUTO_HIT,
        "inputs": {**KD, "standing_enemy": "no"},
        "expect": {"can_attack": True, "auto_hit": True},
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_attack_downed(case: dict) -> None:
    check("attack_downed", "rulebook-ru", case)
