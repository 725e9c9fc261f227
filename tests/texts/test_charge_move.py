"""charge_move (warhammer-fantasy rulebook-ru): 'Перемещения нападающих'."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

ONE_WHEEL = "имеет право совершить один поворот на угол не более 90 градусов"
MAX_CONTACT = "Как можно больше моделей с обеих сторон должно быть приведено в базовый контакт"
DETOUR = "вы должны обогнуть препятствие на пути нападения"
UNLIMITED = "может двигаться на неограниченное расстояние"
ONE_INCH = "могут игнорировать «Правило 1-го дюйма»"

LEGAL = {"legal": True, "violations": []}

TABLE = [
    {
        "id": "one-wheel-exactly-90-legal",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "90"},
        "expect": LEGAL,
    },
    {
        "id": "one-wheel-91-illegal",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "91"},
        "expect": {"legal": False, "violations": ["wheel_over_90_degrees"]},
    },
    {
        "id": "one-wheel-90.5-illegal",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "90.5"},
        "expect": {"legal": False, "violations": ["wheel_over_90_degrees"]},
    },
    {
        "id": "one-small-wheel-legal",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "1"},
        "expect": LEGAL,
    },
    {
        "id": "two-wheels-illegal",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "45,45"},
        "expect": {"legal": False, "violations": ["more_than_one_wheel"]},
    },
    {
        "id": "two-wheels-one-over-90",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "30,91"},
        "expect": {"legal": False, "violations": ["more_than_one_wheel", "wheel_over_90_degrees"]},
    },
    {
        "id": "at-most-one-wheel-of-90",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "60"},
        "expect": {"max_wheels": 1, "max_wheel_degrees": 90},
    },
    {
        "id": "distance-unlimited",
        "clause": UNLIMITED,
        "inputs": {"wheels": "60"},
        "expect": {"distance_limited": False},
    },
    {
        "id": "one-inch-rule-ignored",
        "clause": ONE_INCH,
        "inputs": {"wheels": "60"},
        "expect": {"one_inch_rule_during_charge": False},
    },
    {
        "id": "all-possible-models-in-contact-legal",
        "clause": MAX_CONTACT,
        "inputs": {"wheels": "90", "models_in_contact": "5", "max_models_in_contact": "5"},
        "expect": LEGAL,
    },
    {
        "id": "one-model-short-illegal",
        "clause": MAX_CONTACT,
        "inputs": {"wheels": "45", "models_in_contact": "4", "max_models_in_contact": "5"},
        "expect": {"legal": False, "violations": ["fewer_models_in_contact_than_possible"]},
    },
    {
        "id": "fewer-models-forced-by-obstacle-legal",
        "clause": DETOUR,
        "inputs": {
            "wheels": "45",
            "models_in_contact": "3",
            "max_models_in_contact": "5",
            "obstacle": "yes",
        },
        "expect": LEGAL,
    },
    {
        "id": "fewer-models-no-obstacle-illegal",
        "clause": MAX_CONTACT,
        "inputs": {
            "wheels": "45",
            "models_in_contact": "3",
            "max_models_in_contact": "5",
            "obstacle": "no",
        },
        "expect": {"legal": False, "violations": ["fewer_models_in_contact_than_possible"]},
    },
    {
        "id": "obstacle-does-not-excuse-91-wheel",
        "clause": ONE_WHEEL,
        "inputs": {"wheels": "91", "obstacle": "yes"},
        "expect": {"legal": False, "violations": ["wheel_over_90_degrees"]},
    },
    {
        "id": "all-three-violations",
        "clause": MAX_CONTACT,
        "inputs": {"wheels": "90,91", "models_in_contact": "2", "max_models_in_contact": "4"},
        "expect": {
            "legal": False,
            "violations": [
                "more_than_one_wheel",
                "wheel_over_90_degrees",
                "fewer_models_in_contact_than_possible",
            ],
        },
    },
    {
        "id": "more-models-than-can-touch-impossible",
        "clause": MAX_CONTACT,
        "inputs": {"wheels": "45", "models_in_contact": "6", "max_models_in_contact": "5"},
        "raises": True,
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_charge_move(case: dict) -> None:
    check("charge_move", "rulebook-ru", case)
