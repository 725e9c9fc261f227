from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from refbot.i18n import (
    DEFAULT_LOCALES_DIR,
    available_languages,
    detect_language,
    format_distance,
    format_fraction,
    format_probability,
    translations,
)
from refbot.rules import dice

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ("es", "ru", "de", "fr")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Is overrunning compulsory?"),
        ("es", "¿Es obligatorio arrasar?"),
        ("ru", "Мои гоблины бежали на 7"),
        ("de", "Wie weit flieht eine Einheit?"),
        ("fr", "La percée est-elle obligatoire ?"),
        ("it", "Di quanto si muove un'unità in fuga?"),
        ("pl", "Czy powalony wojownik może parować ciosy?"),
    ],
)
def test_short_questions_are_detected(lang: str, text: str) -> None:
    assert detect_language(text) == lang


def test_undecidable_text_falls_back_to_the_default() -> None:
    assert detect_language("7 7 ?", default="es") == "es"


@pytest.mark.parametrize(
    ("lang", "value", "unit", "expected"),
    [
        ("ru", 5, "in", "5 дюймов"),
        ("ru", 2, "in", "2 дюйма"),
        ("ru", 1, "in", "1 дюйм"),
        ("en", 1, "in", "1 inch"),
        ("es", 17.5, "cm", "17,5 centímetros"),
        ("pl", 2, "in", "2 cale"),
    ],
)
def test_distances_are_plural_correct(lang: str, value: float, unit: str, expected: str) -> None:
    assert format_distance(value, unit, lang) == expected


@pytest.mark.parametrize(("lang", "percent"), [("en", "55.6%"), ("fr", "55,6 %"), ("ru", "55,6 %")])
def test_probability_shows_locale_percent_and_exact_fraction(lang: str, percent: str) -> None:
    text = format_probability(Fraction(721, 1296), lang)
    assert re.sub(r"\s", " ", text) == f"{percent} (721/1296)"


def test_one_fraction_format_for_outcomes_and_answers() -> None:
    assert dice.show is format_fraction
    assert format_fraction(Fraction(2, 4)) == "1/2"
    assert format_fraction(Fraction(1)) == "1"
    assert format_probability(Fraction(1), "en") == "100.0% (1)"


def _code_messages() -> set[str]:
    """Extract the message ids of the code and templates, as `pybabel extract -F babel.cfg` does."""
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_template_is_up_to_date_with_the_code() -> None:
    with (DEFAULT_LOCALES_DIR / "messages.pot").open("rb") as handle:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(handle) if m.id}
    assert _code_messages() == template


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    with (DEFAULT_LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle)
    messages = [m for m in catalog if m.id]
    assert len(messages) >= len(_code_messages())
    for message in messages:
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        targets = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(targets), f"[{lang}] untranslated: {sources[0]}"
        for target in targets:
            assert set(re.findall(r"{\w+}", target)) == set(re.findall(r"{\w+}", sources[-1]))


def test_other_languages_fall_back_to_english() -> None:
    assert (
        translations("pl").gettext("This warrior is out of action.")
        == "This warrior is out of action."
    )
    assert available_languages(DEFAULT_LOCALES_DIR)[:1] == ["en"]
    assert set(CATALOGS) <= set(available_languages(DEFAULT_LOCALES_DIR))
