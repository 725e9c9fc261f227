"""The rule registry: every rule is complete, consistent and reachable from a question."""

from __future__ import annotations

from typing import Any

import pytest

from refbot.bot import segment_corpus
from refbot.corpus import load_corpus
from refbot.errors import UnknownRule
from refbot.glossary import Glossary
from refbot.i18n import Writer, available_languages, translations
from refbot.plugins import DEFAULT_PLUGINS
from refbot.question import parse_question
from refbot.router import route
from refbot.rules import (
    Provenance,
    Rule,
    RuleResult,
    all_rules,
    input_help,
    input_param,
    rule_of,
    run_rule,
)
from tests.helpers import SEED_CORPUS

BUILT_IN = [r for r in all_rules() if r.compute.__module__ in DEFAULT_PLUGINS]
CATALOGS = [lang for lang in available_languages() if lang != "en"]

# Inputs that drive each built-in rule through its outcomes (every enumerated value included).
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "pursuit": [
        {},
        {"flee": 7, "pursuit": 7},
        {"flee": 9, "pursuit": 6},
        {"pursued": "no", "flee": 5},
        {"flee": 4, "pursuit": 9, "obstacle": 3},
        {"flee": 4, "pursuit": 9, "enemy": 5},
        {"flee": 4, "pursuit": 9, "enemy": 5, "enemy_engaged": "yes"},
        {"flee": 4, "pursuit": 9, "enemy": 5, "enemy_fleeing": "yes"},
        {"flee": 4, "pursuit": 9, "edge": 6},
        {"obstacle": 7},
        {"edge": 5},
        {"enemy": 5},
        {"enemy": 5, "enemy_fleeing": "yes"},
    ],
    "restrain": [{"leadership": 8}, {"leadership": 8, "roll": 7}, {"leadership": 8, "roll": 10}],
    "flee": [{}, {"roll": 8}],
    "overrun": [
        {},
        {"charged": "no"},
        {"charged": "yes", "wiped_out": "yes", "movement": "20cm"},
        {"charged": "yes", "wiped_out": "yes", "movement": "10cm", "roll": 8},
        {"charged": "yes", "wiped_out": "yes", "movement": "20cm", "roll": 11, "obstacle": "8in"},
        {"wiped_out": "yes", "first_turn": "no", "second_fight": "yes", "models_left": 2},
    ],
    "overrun_charge": [{"contact": "yes"}, {"contact": "no"}],
    "failed_charge": [{"dice": "2,5"}, {"dice": "1,5", "movement": 4, "distance": 11}],
    "charge_move": [{"wheels": "45"}, {"wheels": "120"}],
    "attack_downed": [
        {"target": "knocked_down"},
        {"target": "stunned"},
        {"target": "stunned", "standing_enemy": "yes"},
        {"target": "knocked_down", "downed_by_this_model": "yes", "wounded": "yes"},
    ],
    "leave_combat": [{"standing_enemies": 0}, {"standing_enemies": 2}],
    "break_from_combat": [{"opponents": 1}, {"opponents": 3}],
}

# A question per rule and language that reaches it through the router, as `ask` does.
REACH: dict[str, list[tuple[str, str]]] = {
    "pursuit": [
        ("en", "We fled 6 and they pursued with 9"),
        ("ru", "Бежали на 5, преследование 8"),
    ],
    "restrain": [("en", "Can I restrain pursuit with Leadership 8?")],
    "flee": [("es", "Mi unidad huye con un 8, ¿cuánto se mueve?")],
    "overrun": [("en", "My knights charged and wiped out the enemy: can they overrun?")],
    "overrun_charge": [("es", "El arrasamiento alcanza a un nuevo enemigo, ¿qué pasa?")],
    "failed_charge": [("en", "My charge failed with dice 2 and 5, how far do I move?")],
    "charge_move": [("en", "My unit charged and made a wheel of 120 degrees, is that allowed?")],
    "attack_downed": [("en", "Can I attack a knocked down warrior?")],
    "leave_combat": [("en", "Can my warrior leave combat if 0 enemies are still standing?")],
    "break_from_combat": [("en", "My warrior breaks from combat with 2 enemies in close combat")],
}


@pytest.fixture(scope="module")
def provenance() -> Provenance:
    return Provenance(segment_corpus(load_corpus(SEED_CORPUS)))


class RecordingWriter(Writer):
    """A writer that remembers every message it was asked to translate."""

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.untranslated: list[str] = []
        catalog = translations(lang)

        def gettext(message: str) -> str:
            translated = catalog.gettext(message)
            if translated == message:
                self.untranslated.append(message)
            return translated

        def ngettext(singular: str, plural: str, n: int) -> str:
            translated = catalog.ngettext(singular, plural, n)
            if translated in (singular, plural):
                self.untranslated.append(singular)
            return translated

        self.gettext = gettext  # type: ignore[method-assign]
        self.ngettext = ngettext  # type: ignore[method-assign]


def test_every_built_in_rule_has_samples_and_a_question() -> None:
    ids = {r.id for r in BUILT_IN}
    assert ids == set(SAMPLES), "give every built-in rule sample inputs in SAMPLES"
    assert ids == set(REACH), "give every built-in rule a question in REACH"


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: f"{r.id}-{r.edition}")
def test_rule_declares_messages_and_cues(rule: Rule, glossary: Glossary) -> None:
    assert rule.explain is not None, "a rule needs answer messages"
    assert rule.when, "a rule needs the concepts that make a question about it"
    for group in rule.when:
        assert set(group) <= set(glossary.concepts), f"unknown concept in {group}"
    for param in rule.params:
        # The input a count never exceeds is one of the rule's own.
        assert param.at_most is None or rule.param(param.at_most), param.name
        if param.cue is None:
            continue
        assert set(param.cue.concepts) <= set(glossary.concepts), param.name
        assert set(param.cue.unless) <= set(glossary.concepts), param.name
        assert set(param.cue.not_when) <= set(glossary.concepts), param.name
        if param.kind == "choice":
            assert set(param.cue.concepts) == set(param.choices), param.name
    assert any(p.cue for p in rule.params), "a routed rule reads at least one input"


@pytest.mark.parametrize("rule", BUILT_IN, ids=lambda r: f"{r.id}-{r.edition}")
def test_every_outcome_has_a_translated_sentence(rule: Rule, provenance: Provenance) -> None:
    seen: dict[str, set[str]] = {field: set() for field in rule.outcome_values}
    for inputs in SAMPLES[rule.id]:
        own = {k: v for k, v in inputs.items() if rule.param(k) is not None}
        if any(p.required and p.name not in own for p in rule.params):
            continue
        (result,) = run_rule(rule.id, own, provenance, edition=rule.edition)
        for field in seen:
            if field in result.outcome:
                seen[field].add(str(result.outcome[field]))
        assert rule.explain is not None
        assert rule.explain(result, Writer("en")), f"no sentence for {result.outcome}"
        for lang in CATALOGS:
            writer = RecordingWriter(lang)
            assert rule.explain(result, writer)
            assert not writer.untranslated, f"{lang} catalog lacks {writer.untranslated}"
    for field, values in rule.outcome_values.items():
        assert seen[field] == {str(v) for v in values}, f"{field}: sample every value"


@pytest.mark.parametrize(
    ("rule_id", "lang", "text"),
    [(rule_id, lang, text) for rule_id, cases in REACH.items() for lang, text in cases],
)
def test_every_rule_is_reachable_from_a_question(
    glossary: Glossary, rule_id: str, lang: str, text: str
) -> None:
    question = parse_question(text, lang, glossary)
    decision = route(question, glossary, frozenset(glossary.concepts), 0.5)
    assert (decision.kind, decision.rule) == ("rule", rule_id)
    assert decision.inputs


def test_a_result_of_an_unknown_rule_is_refused() -> None:
    with pytest.raises(UnknownRule, match="nope"):
        rule_of(RuleResult("nope", "g", "e", "c", {}, {}, []))


@pytest.mark.parametrize(
    "edition, dice", [("rulebook-en", "2D6"), ("reglamento-es", "5D6 or 8D6"), (None, "2D6")]
)
def test_an_input_is_described_in_its_editions_words(edition: str | None, dice: str) -> None:
    # Both editions' overruns have a "roll": the Spanish book's is 5D6 or 8D6, the English 2D6.
    help_text = input_help("roll", "overrun", edition)
    assert help_text is not None and f"({dice}:" in help_text
    assert input_param("roll", "overrun", edition) is not None
