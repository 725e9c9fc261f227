from __future__ import annotations

import pytest

from refbot.glossary import Glossary, load_glossary
from refbot.question import parse_question
from refbot.router import route
from tests.helpers import SEED_CORPUS


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary(SEED_CORPUS / "glossary.yaml")


def decide(glossary: Glossary, text: str, lang: str, dense: float = 0.2):  # type: ignore[no-untyped-def]
    covered = frozenset(glossary.concepts)
    return route(parse_question(text, lang, glossary), glossary, covered, dense)


@pytest.mark.parametrize(
    ("lang", "text", "rule", "inputs"),
    [
        (
            "en",
            "my goblins fled 7, the pursuers rolled 7, what happens?",
            "pursuit",
            {"flee": "7", "pursuit": "7"},
        ),
        (
            "ru",
            "Мои гоблины бежали на 4, преследователи выбросили 3",
            "pursuit",
            {"flee": "4", "pursuit": "3"},
        ),
        (
            "de",
            "Meine Einheit flieht 6 Zoll weit, der Verfolger würfelt 10",
            "pursuit",
            {"flee": "6", "pursuit": "10"},
        ),
        (
            "es",
            "¿Qué probabilidad tengo de contener la persecución con Liderazgo 7?",
            "restrain",
            {"leadership": "7"},
        ),
        ("fr", "Ma charge a échoué avec 2 et 5", "failed_charge", {"dice": "2,5"}),
        (
            "it",
            "Un guerriero stordito viene messo fuori combattimento?",
            "attack_downed",
            {"target": "stunned"},
        ),
        ("pl", "Jaka jest szansa, że pościg dogoni uciekający oddział?", "pursuit", {}),
        (
            "en",
            "My knights have Movement 18 cm; how many dice to overrun?",
            "overrun",
            {"movement": "18cm"},
        ),
        (
            "en",
            "Can a unit that was charged and wiped out its attackers overrun?",
            "overrun",
            {"charged": "no", "wiped_out": "yes"},
        ),
        (
            "en",
            "What is the chance a 3D6 pursuit catches a unit that fled?",
            "pursuit",
            {"pursuit_dice": "3"},
        ),
    ],
)
def test_rule_questions_are_routed_with_their_inputs(
    glossary: Glossary, lang: str, text: str, rule: str, inputs: dict[str, str]
) -> None:
    decision = decide(glossary, text, lang)
    assert (decision.kind, decision.rule) == ("rule", rule)
    assert decision.inputs == inputs


def test_number_far_from_its_word_is_not_bound(glossary: Glossary) -> None:
    decision = decide(glossary, "Мой воин бежит из рукопашной, в которой 2 противника", "ru")
    assert decision.kind == "lookup"


@pytest.mark.parametrize(
    ("text", "dense", "kind"),
    [
        ("Is overrunning compulsory?", 0.1, "lookup"),
        ("How many points is a dragon?", 0.3, "abstain"),
        ("How many points is a dragon?", 0.6, "lookup"),
        ("What happens in close combat?", 0.2, "abstain"),
        ("What happens in close combat?", 0.35, "lookup"),
    ],
)
def test_lookup_or_abstain(glossary: Glossary, text: str, dense: float, kind: str) -> None:
    assert decide(glossary, text, "en", dense).kind == kind
