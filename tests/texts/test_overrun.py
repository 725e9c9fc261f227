"""overrun: English 'Overrun!' (rulebook-en, inches) and Spanish 'Arrasamiento' (reglamento-es, cm).

Every case runs over both editions (edition=None) and checks the edition it is about.
"""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

EN = "rulebook-en"
ES = "reglamento-es"

# English
EN_WHO = "If the victorious unit charged into combat and the enemy was wiped out, it can move"
EN_2D6 = 'it can move 2D6" straight forward.'
EN_SECOND = "win a second fight in the same turn, it cannot overrun"
# Spanish
ES_WHO = "Cualquier unidad que haya acabado con todos sus enemigos en el primer turno de combate"
ES_CHARGED = "No es únicamente si ha cargado, puede ser si ha recibido la carga."
ES_EXTRA = "que no queden miniaturas después de retirar esas heridas adicionales"
ES_MAGIC = "durante la fase de magia (por ejemplo, por tener un hechizo"
ES_OPTIONAL = "No, generalmente las tropas no están obligadas a Arrasar."
ES_DICE = "La unidad moverá 5D6 (si su atributo de Movimiento es de 15 cm o menos) u 8D6 cm"
ES_DIRECTION = "La unidad que Arrasa avanza en línea recta en la dirección en la que estaba"

ES_OK = {"wiped_out": "yes", "first_turn": "yes"}
EN_OK = {"charged": "yes", "wiped_out": "yes"}


def es(movement: str, **more: str) -> dict:
    return {**ES_OK, "movement": movement, **more}


EN_HALT = 'they automatically halt 1" away'
EN_OTHER = "All other rules governing pursuit moves, such as intervening units and terrain"

TABLE = [
    # English: pursuit's rules apply, so a friendly unit in the way halts the overrun 1" short.
    {
        "id": "en-friendly-unit-in-the-way-halts-1-inch-short",
        "clause": EN_HALT,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "5,6", "obstacle": "8in"},
        "expect": {"move": {"value": 7, "unit": "in"}, "stop": "halted_1_inch_from_obstruction"},
    },
    {
        "id": "en-obstacle-rule-cited",
        "clause": EN_OTHER,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "11", "obstacle": "8in"},
        "expect": {"move": {"value": 7, "unit": "in"}},
    },
    {
        "id": "en-obstacle-beyond-the-roll-does-not-halt",
        "clause": EN_2D6,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "6", "obstacle": "8in"},
        "expect": {"move": {"value": 6, "unit": "in"}},
        "absent": ["stop"],
    },
    # English: who may overrun.
    {
        "id": "en-charged-wiped-out-eligible",
        "clause": EN_WHO,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "7"},
        "expect": {
            "eligible": True,
            "dice": "2D6",
            "unit": "in",
            "optional": True,
            "direction": "straight_forward",
            "move": {"value": 7, "unit": "in"},
        },
    },
    {
        "id": "en-not-charged-not-eligible",
        "clause": EN_WHO,
        "edition": EN,
        "inputs": {"charged": "no", "wiped_out": "yes"},
        "expect": {"eligible": False},
    },
    {
        "id": "en-not-wiped-out-not-eligible",
        "clause": EN_WHO,
        "edition": EN,
        "inputs": {"charged": "yes", "wiped_out": "no"},
        "expect": {"eligible": False},
    },
    {
        "id": "en-second-fight-not-eligible",
        "clause": EN_SECOND,
        "edition": EN,
        "inputs": {**EN_OK, "second_fight": "yes"},
        "expect": {"eligible": False},
    },
    {
        "id": "en-charge-unknown-undecided",
        "clause": EN_WHO,
        "edition": EN,
        "inputs": {"wiped_out": "yes"},
        "expect": {"eligible": None},
    },
    {
        "id": "en-lowest-roll-2",
        "clause": EN_2D6,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "1,1"},
        "expect": {"move": {"value": 2, "unit": "in"}},
    },
    {
        "id": "en-highest-roll-12",
        "clause": EN_2D6,
        "edition": EN,
        "inputs": {**EN_OK, "roll": "6,6"},
        "expect": {"move": {"value": 12, "unit": "in"}},
    },
    # Spanish: who may overrun.
    {
        "id": "es-first-turn-wipe-eligible",
        "clause": ES_WHO,
        "edition": ES,
        "inputs": ES_OK,
        "expect": {"eligible": True, "unit": "cm"},
    },
    {
        "id": "es-charged-unit-also-eligible",
        "clause": ES_CHARGED,
        "edition": ES,
        "inputs": {**ES_OK, "charged": "no"},
        "expect": {"eligible": True},
    },
    {
        "id": "en-same-inputs-charged-no-not-eligible",
        "clause": EN_WHO,
        "edition": EN,
        "inputs": {**ES_OK, "charged": "no"},
        "expect": {"eligible": False},
    },
    {
        "id": "es-not-first-turn-not-eligible",
        "clause": ES_WHO,
        "edition": ES,
        "inputs": {"wiped_out": "yes", "first_turn": "no"},
        "expect": {"eligible": False},
    },
    {
        "id": "es-first-turn-unknown-undecided",
        "clause": ES_WHO,
        "edition": ES,
        "inputs": {"wiped_out": "yes"},
        "expect": {"eligible": None},
    },
    {
        "id": "es-magic-phase-wipe-eligible",
        "clause": ES_MAGIC,
        "edition": ES,
        "inputs": {**ES_OK, "magic_phase": "yes"},
        "expect": {"eligible": True},
    },
    {
        "id": "es-no-models-left-after-extra-wounds",
        "clause": ES_EXTRA,
        "edition": ES,
        "inputs": {"first_turn": "yes", "models_left": "0"},
        "expect": {"eligible": True},
    },
    {
        "id": "es-wiped-out-and-no-models-left",
        "clause": ES_EXTRA,
        "edition": ES,
        "cite": False,
        "inputs": {**ES_OK, "models_left": "0"},
        "expect": {"eligible": True},
    },
    {
        "id": "es-one-model-left-after-extra-wounds",
        "clause": ES_EXTRA,
        "edition": ES,
        "inputs": {"first_turn": "yes", "models_left": "1"},
        "expect": {"eligible": False},
    },
    {
        "id": "es-optional",
        "clause": ES_OPTIONAL,
        "edition": ES,
        "inputs": ES_OK,
        "expect": {"optional": True},
    },
    {
        "id": "es-direction-not-forward",
        "clause": ES_DIRECTION,
        "edition": ES,
        "inputs": ES_OK,
        "unlike": {"direction": "straight_forward"},
    },
    # Spanish: 5D6 up to 15 cm Movement, 8D6 above.
    {
        "id": "es-movement-10cm-5d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("10"),
        "expect": {"dice": "5D6"},
    },
    {
        "id": "es-movement-exactly-15-5d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("15"),
        "expect": {"dice": "5D6"},
    },
    {
        "id": "es-movement-15cm-5d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("15cm"),
        "expect": {"dice": "5D6"},
    },
    {
        "id": "es-movement-6in-is-15cm-5d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("6in"),
        "expect": {"dice": "5D6"},
    },
    {
        "id": "es-movement-6-inch-mark-is-15cm-5d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es('6"'),
        "expect": {"dice": "5D6"},
    },
    {
        "id": "es-movement-16-8d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("16"),
        "expect": {"dice": "8D6"},
    },
    {
        "id": "es-movement-6.4in-is-16cm-8d6",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("6.4in"),
        "expect": {"dice": "8D6"},
    },
    {
        "id": "es-movement-unknown-both-dice",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": ES_OK,
        "expect": {"dice_by_movement": {}},
    },
    {
        "id": "es-5d6-lowest-move-5cm",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("10", roll="1,1,1,1,1"),
        "expect": {"move": {"value": 5, "unit": "cm"}},
    },
    {
        "id": "es-5d6-highest-move-30cm",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("15", roll="30"),
        "expect": {"move": {"value": 30, "unit": "cm"}},
    },
    {
        "id": "es-8d6-highest-move-48cm",
        "clause": ES_DICE,
        "edition": ES,
        "inputs": es("20", roll="6,6,6,6,6,6,6,6"),
        "expect": {"move": {"value": 48, "unit": "cm"}},
    },
    {
        "id": "es-31-impossible-on-5d6",
        "clause": ES_DICE,
        "inputs": es("15", roll="31"),
        "raises": True,
    },
    {
        "id": "roll-49-no-edition-allows",
        "clause": ES_DICE,
        "inputs": es("20", roll="49", charged="yes"),
        "raises": True,
    },
    {
        "id": "roll-1-no-edition-allows",
        "clause": EN_2D6,
        "inputs": {**EN_OK, "roll": "1"},
        "raises": True,
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_overrun(case: dict) -> None:
    check("overrun", EN, case)
