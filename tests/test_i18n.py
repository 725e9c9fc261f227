from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from refbot.i18n import (
    DEFAULT_LOCALES_DIR,
    available_languages,
    detect_language,
    format_distance,
    format_probability,
    translations,
)

ANSWER_MODULE = Path(__file__).resolve().parent.parent / "refbot" / "answer.py"
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


def _messages() -> list[str | tuple[str, str]]:
    found: list[str | tuple[str, str]] = []
    # Babel's default keywords cover _, N_ and ngettext.
    for _, message, _, _ in extract_from_file("python", str(ANSWER_MODULE)):
        # Calls on a variable, such as _(REASONS[k]), carry no literal; their strings are N_().
        if isinstance(message, str):
            found.append(message)
        elif message and all(isinstance(m, str) for m in message):
            found.append((message[0], message[1]))
    return found


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_answer_message_is_translated_with_its_placeholders(lang: str) -> None:
    catalog = translations(lang)
    messages = _messages()
    assert len(messages) > 40
    for message in messages:
        if isinstance(message, tuple):
            translated = catalog.ngettext(message[0], message[1], 3)
            source = message[1]
        else:
            translated, source = catalog.gettext(message), message
        assert translated != source, f"[{lang}] untranslated: {source}"
        assert set(re.findall(r"{\w+}", translated)) == set(re.findall(r"{\w+}", source))


def test_other_languages_fall_back_to_english() -> None:
    assert (
        translations("pl").gettext("This warrior is out of action.")
        == "This warrior is out of action."
    )
    assert available_languages(DEFAULT_LOCALES_DIR)[:1] == ["en"]
    assert set(CATALOGS) <= set(available_languages(DEFAULT_LOCALES_DIR))
