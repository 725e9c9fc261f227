"""overrun_charge (warhammer-fantasy reglamento-es): 'Carga durante Arrasamiento'."""

from __future__ import annotations

import pytest

from tests.texts.textcase import check, params

MUST = "no tiene elección: debe cargar contra el nuevo enemigo."
HOLD = "La unidad cargada sólo puede reaccionar manteniendo la posición."
FLEE_AGAIN = "si la unidad enemiga cargada ya estaba Huyendo, debe realizar un movimiento de Huida"
MAXIMISE = "el jugador atacante debe trabar en combate el máximo número posible de miniaturas."
NO_FORCE = "NO puede pivotar para forzar la carga"
NO_PSYCHOLOGY = "No se efectúan chequeos de Psicología"
NEXT_TURN = "El combate cuerpo a cuerpo resultante se resolverá en el siguiente turno de juego."
CHARGED = "se aplican los modificadores por carga como si hubiese cargado en ese turno"

CONTACT = {"contact": "yes"}

TABLE = [
    {
        "id": "contact-must-charge",
        "clause": MUST,
        "inputs": CONTACT,
        "expect": {"must_charge": True},
    },
    {
        "id": "contact-enemy-holds",
        "clause": HOLD,
        "inputs": CONTACT,
        "expect": {"enemy_reaction": "hold"},
    },
    {
        "id": "contact-not-fleeing-enemy-holds",
        "clause": HOLD,
        "inputs": {**CONTACT, "enemy_fleeing": "no"},
        "expect": {"enemy_reaction": "hold"},
    },
    {
        "id": "contact-fleeing-enemy-flees-again",
        "clause": FLEE_AGAIN,
        "inputs": {**CONTACT, "enemy_fleeing": "yes"},
        "expect": {"must_charge": True, "enemy_reaction": "flee_move"},
    },
    {
        "id": "contact-maximise-models",
        "clause": MAXIMISE,
        "inputs": CONTACT,
        "expect": {"maximise_models_in_contact": True},
    },
    {
        "id": "contact-no-psychology",
        "clause": NO_PSYCHOLOGY,
        "inputs": CONTACT,
        "expect": {"psychology_tests": False},
    },
    {
        "id": "contact-combat-next-turn",
        "clause": NEXT_TURN,
        "inputs": CONTACT,
        "expect": {"combat": "next_turn_counts_as_charging"},
    },
    {
        "id": "contact-counts-as-charging",
        "clause": CHARGED,
        "inputs": CONTACT,
        "expect": {"combat": "next_turn_counts_as_charging"},
    },
    {
        "id": "no-contact-no-charge",
        "clause": NO_FORCE,
        "inputs": {"contact": "no"},
        "expect": {"must_charge": False},
    },
    {
        "id": "no-contact-no-wheel-to-force",
        "clause": NO_FORCE,
        "inputs": {"contact": "no"},
        "expect": {"may_wheel_to_force_charge": False},
    },
]


@pytest.mark.parametrize("case", params(TABLE))
def test_overrun_charge(case: dict) -> None:
    check("overrun_charge", "reglamento-es", case)
