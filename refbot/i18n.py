"""Languages: detect a question's language, translate answer strings, format numbers and units."""

from __future__ import annotations

import io
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_percent
from babel.support import NullTranslations, Translations
from babel.units import format_unit

DEFAULT_LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
# Languages a question may be detected in: those of the default model (USE multilingual v3).
DETECTABLE = (
    "en",
    "es",
    "ru",
    "de",
    "fr",
    "it",
    "pl",
    "pt",
    "nl",
    "tr",
    # Not a language of the model, but told apart from Russian so that its words are matched
    # by resemblance (refbot/terms.py) rather than by a Russian stemmer.
    "uk",
    "ar",
    "zh",
    "ja",
    "ko",
    "th",
)
UNIT_NAMES = {"in": "length-inch", "cm": "length-centimeter"}


@lru_cache(maxsize=4)
def _detector(languages: tuple[str, ...]) -> Any:
    from lingua import IsoCode639_1, LanguageDetectorBuilder

    codes = [getattr(IsoCode639_1, code.upper()) for code in languages]
    # Short questions are often ambiguous; below this distance we fall back to the default.
    # Preloading the models costs half a second once and keeps every answer after it fast.
    return (
        LanguageDetectorBuilder.from_iso_codes_639_1(*codes)
        .with_minimum_relative_distance(0.1)
        .with_preloaded_language_models()
        .build()
    )


def detect_language(text: str, default: str = "en", languages: tuple[str, ...] = DETECTABLE) -> str:
    """Return the ISO 639-1 code of text's language, or default when it cannot tell."""
    found = _detector(languages).detect_language_of(text)
    return found.iso_code_639_1.name.lower() if found else default


@lru_cache(maxsize=32)
def translations(lang: str, locales_dir: Path = DEFAULT_LOCALES_DIR) -> NullTranslations:
    """Return the gettext catalog for lang, read from its .po file; English when there is none."""
    path = locales_dir / lang / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)


def available_languages(locales_dir: Path = DEFAULT_LOCALES_DIR) -> list[str]:
    """Return the languages that have an answer catalog, English first."""
    found = sorted(p.parent.parent.name for p in locales_dir.glob("*/LC_MESSAGES/messages.po"))
    return ["en", *[lang for lang in found if lang != "en"]]


def locale_for(lang: str) -> str:
    """Return a Babel locale identifier for lang, English when Babel does not know it."""
    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return "en"
    return lang


def format_distance(value: float, unit: str, lang: str) -> str:
    """Return a length with its plural-correct unit name: "5 дюймов", "2 дюйма", "17,5 cm"."""
    return str(format_unit(value, UNIT_NAMES[unit], length="long", locale=locale_for(lang)))


def format_probability(p: Fraction, lang: str) -> str:
    """Return a probability as a locale percentage with one decimal and the exact fraction."""
    locale = Locale.parse(locale_for(lang))
    pattern = locale.percent_formats[None].pattern.replace("0", "0.0", 1)
    percent = format_percent(float(p), format=pattern, locale=locale)
    return f"{percent} ({format_fraction(p)})"


def format_fraction(p: Fraction) -> str:
    """Return a fraction in lowest terms as text, such as "721/1296" (or "1"), in any language."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is used."""
    return message


class Writer:
    """Writes answer sentences in one language, with its catalog and number formats."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        catalog = translations(lang)
        self.gettext = catalog.gettext
        self.ngettext = catalog.ngettext

    def distance(self, value: dict[str, Any]) -> str:
        """Return a distance given as {"value", "unit"} with its unit name."""
        return format_distance(value["value"], value["unit"], self.lang)

    def dice(self, dice: str, unit: str) -> str:
        """Return a dice distance such as 2D6" or 5D6 cm."""
        return f'{dice}"' if unit == "in" else f"{dice} {unit}"

    def probability(self, fraction: str) -> str:
        """Return an exact fraction ("13/18") as a locale percentage with the fraction."""
        return format_probability(Fraction(fraction), self.lang)
