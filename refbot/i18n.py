"""Languages: detect a question's language, translate answer strings, format numbers and units."""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import os
import re
from collections.abc import Collection, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations
from babel.units import format_unit

from refbot.lang import HAN, HANGUL_JAMO, HANGUL_SYLLABLES, HIRAGANA, KATAKANA
from refbot.scripts import count_words

DEFAULT_LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
# Languages the model does not read, told apart only so that a question surely in one of them is
# not read as the nearest model language's (Swedish as Spanish, Czech as Portuguese) and
# answered in it: its words take no concepts by resemblance, and a question in one is declined
# naming it unless the glossary's own terms are in it. Below SURE_TOLD_APART (their share
# together), the question is the likeliest model language's, as if these were not known.
TOLD_APART = (
    "sv", "da", "no", "fi", "cs", "sk", "hu", "ro", "el", "bg", "hr", "sl", "lt", "lv", "et",
)  # fmt: skip
# Of the 4,258 questions in model languages of the eval sets, none gave them a share over 0.62
# (an Italian "in fuga si tirano 2d6 o 3d6?"); Russian ones gave Bulgarian up to 0.45.
SURE_TOLD_APART = 0.75
# Languages a question may be detected in: those of the default model (USE multilingual v3),
# and those told apart.
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
    *TOLD_APART,
)
UNIT_NAMES = {"in": "length-inch", "cm": "length-centimeter"}


# Below this probability (normalised over DETECTABLE) a question is too short or too mixed to
# tell, and `default` is used: every question of the dev sets scores 0.71 or more, while "7 7 ?",
# "ok" or "hello" score under 0.25.
MIN_CONFIDENCE = 0.5


@lru_cache(maxsize=4)
def _detector(languages: tuple[str, ...]) -> Any:
    # py3langid (a maintained langid.py): a naive Bayes model over byte n-grams that ships in the
    # package; lingua needed ~400 MB and ~2 s for the same languages, and was less accurate on
    # refbot's eval sets (README, "Libraries and why").
    from py3langid.langid import LanguageIdentifier

    nb_ptc, nb_pc, classes, nextmove, row, output = _identifier_model(languages)
    return LanguageIdentifier(nb_ptc, nb_pc, classes, nextmove, output, norm_probs=True, tk_row=row)


def _identifier_model(languages: tuple[str, ...]) -> tuple[Any, ...]:
    """Return py3langid's model restricted to languages, from a cache when one is written.

    The packaged model is LZMA-compressed: two thirds of a second to open at every start. The
    restricted model is kept uncompressed in the user's cache after the first start (a few
    tens of MB), and read from there in a few milliseconds.
    """
    from array import array

    import numpy as np
    from py3langid.langid import MODEL_DIR, MODEL_FILE
    from py3langid.modelio import load_model

    version = importlib.metadata.version("py3langid")
    key = hashlib.sha256(f"{version}:{','.join(languages)}".encode()).hexdigest()[:16]
    cached = _cache_dir() / f"langid-{key}.npz"
    if cached.exists():
        try:
            with np.load(cached, allow_pickle=False) as data:
                return (
                    data["ptc"], data["pc"], data["classes"].tolist(),
                    array("I", data["nextmove"].tobytes()), array("H", data["row"].tobytes()),
                    data["output"].tolist(),
                )  # fmt: skip
        except (OSError, ValueError, KeyError):
            pass  # a damaged cache is rebuilt below
    nb_ptc, nb_pc, classes, nextmove, row, output = load_model(Path(MODEL_DIR) / MODEL_FILE)
    keep = [i for i, code in enumerate(classes) if code in languages]
    model = (
        np.ascontiguousarray(nb_ptc[:, keep]), nb_pc[keep], [classes[i] for i in keep],
        nextmove, row, output,
    )  # fmt: skip
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(
            partial, ptc=model[0], pc=model[1], classes=np.asarray(model[2]),
            nextmove=np.frombuffer(nextmove, dtype=np.uint32),
            row=np.frombuffer(row, dtype=np.uint16), output=np.asarray(output, dtype=np.int32),
        )  # fmt: skip
        os.replace(partial, cached)
    except OSError:
        pass  # no writable cache: the next start decompresses again
    return model


def _cache_dir() -> Path:
    """Return refbot's folder in the user's cache (XDG_CACHE_HOME, else ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "refbot"


def warm_detector(languages: tuple[str, ...] = DETECTABLE) -> None:
    """Load the language identifier now (it takes most of a second)."""
    _detector(languages)


SHORT_TEXT_WORDS = 2


def language_problem(code: str) -> str | None:
    """Return why code is not a known ISO 639-1 language, or None when it is one.

    One check for every place a language code comes in (corpus front matter, `refbot add
    --lang`, settings, report and API parameters), so that what one accepts the others accept.
    """
    if not re.fullmatch(r"[a-z]{2}", code):
        return f"{code!r} is not a two-letter ISO 639-1 code (such as en or es)"
    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return f"{code!r} is not a known ISO 639-1 language"
    return None


def too_long_message(lang: str, limit: int) -> str:
    """Say in lang that a question is over the limit of characters, stating the limit."""
    return (
        translations(lang)
        .ngettext(
            "That question is too long: the limit is {limit} character.",
            "That question is too long: the limit is {limit} characters.",
            limit,
        )
        .format(limit=format_decimal(limit, locale=locale_for(lang)))
    )


def detect_language(
    text: str,
    default: str = "en",
    languages: tuple[str, ...] = DETECTABLE,
    names: Collection[str] = (),
) -> str:
    """Return the ISO 639-1 code of text's language, or default when it cannot tell.

    `names` (games' names, lowercased) are left out first: "Can I overrun in Mordheim?" read
    as Dutch for the German-looking name. A text of one or two words is too short to tell
    ("flee" reads as Dutch): it is default's.
    """
    found = identify_language(text, languages, names)
    return found[0] if found is not None and found[1] >= MIN_CONFIDENCE else default


def identify_language(
    text: str, languages: tuple[str, ...] = DETECTABLE, names: Collection[str] = ()
) -> tuple[str, float] | None:
    """Return text's likeliest language and its probability; None for a text too short to tell.

    `names` are left out first, as `detect_language` leaves them out.
    """
    if names:
        text = _without(text, frozenset(names))
    if count_words(text) <= SHORT_TEXT_WORDS:
        # Too short to tell by its words, but not by a script only one language writes:
        # "그럼 10이면?" is Korean, whatever language the page is in.
        written = _script_language(text)
        return (written, 1.0) if written in languages else None
    ranked = _detector(languages).rank(text)
    told = [(code, p) for code, p in ranked if code in TOLD_APART]
    # Their share together: a Danish question read as 0.69 Danish and 0.31 Norwegian is
    # surely one of them.
    share = sum(p for _, p in told)
    if told and share >= SURE_TOLD_APART:
        return str(told[0][0]), float(share)
    # The likeliest of the others, and its probability among them alone: what a detector that
    # knew only them would say.
    others = [(code, p) for code, p in ranked if code not in TOLD_APART]
    return str(others[0][0]), float(others[0][1] / sum(p for _, p in others))


# Scripts only one of the languages read writes (Han alone is Chinese or Japanese).
SCRIPT_LANGUAGES = (
    (re.compile(f"[{HANGUL_SYLLABLES}{HANGUL_JAMO}]"), "ko"),
    (re.compile(f"[{HIRAGANA}{KATAKANA}]"), "ja"),
    (re.compile("[\u0600-\u06ff]"), "ar"),
)
HAN_LETTER = re.compile(f"[{HAN}]")


def _script_language(text: str) -> str | None:
    """Return the one language whose script every letter of text is in (kana beside Han)."""
    letters = "".join(re.findall(r"[^\W\d_]", text))
    for script, code in SCRIPT_LANGUAGES:
        rest = script.sub("", letters)
        rest = HAN_LETTER.sub("", rest) if code == "ja" else rest
        if letters and script.search(letters) and not rest:
            return code
    return None


@lru_cache(maxsize=4)
def _names_pattern(names: frozenset[str]) -> re.Pattern[str]:
    """Return one pattern matching any of names as whole words, longest first."""
    alternation = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)", re.IGNORECASE)


def _without(text: str, names: frozenset[str]) -> str:
    """Return text with the names in it blanked out."""
    return _names_pattern(names).sub(" ", text)


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


def language_titles(codes: Sequence[str], lang: str) -> list[str]:
    """Return languages' names as lang's answers write them (in English without a catalog)."""
    shown = lang if lang in available_languages() else "en"
    return [str(Locale.parse(code).get_display_name(shown) or code) for code in codes]


@lru_cache(maxsize=32)
def text_direction(lang: str) -> str:
    """Return "rtl" for a language written right to left (Arabic), "ltr" otherwise (CLDR's)."""
    try:
        order = Locale.parse(lang).character_order
    except (UnknownLocaleError, ValueError):
        return "ltr"
    return "rtl" if order == "right-to-left" else "ltr"


def format_distance(value: float, unit: str, lang: str) -> str:
    """Return a length with its plural-correct unit name: "5 дюймов", "2 дюйма", "17,5 cm"."""
    return str(format_unit(value, UNIT_NAMES[unit], length="long", locale=locale_for(lang)))


def format_probability(p: Fraction, lang: str) -> str:
    """Return a probability as a locale percentage with one decimal and the exact fraction."""
    return f"{format_percentage(p, lang)} ({format_fraction(p)})"


def format_percentage(p: Fraction, lang: str) -> str:
    """Return a probability as a locale percentage with one decimal: "72,2 %", "72.2%"."""
    locale = Locale.parse(locale_for(lang))
    pattern = locale.percent_formats[None].pattern.replace("0", "0.0", 1)
    return str(format_percent(float(p), format=pattern, locale=locale))


def format_fraction(p: Fraction) -> str:
    """Return a fraction in lowest terms as text, such as "721/1296" (or "1"), in any language."""
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is used."""
    return message


class Writer:
    """Writes answer sentences in one language, with its catalog and number formats."""

    def __init__(self, lang: str) -> None:
        catalog = translations(lang)
        # Without a catalog the sentences are English: so are their numbers and units ("7
        # inches", not "7 インチ" inside an English sentence).
        self.lang = lang if isinstance(catalog, Translations) else "en"
        self.gettext = catalog.gettext
        self.ngettext = catalog.ngettext

    def distance(self, value: dict[str, Any]) -> str:
        """Return a distance given as {"value", "unit"} with its unit name."""
        return format_distance(value["value"], value["unit"], self.lang)

    def dice(self, dice: str, unit: str) -> str:
        """Return a dice distance such as 2D6" or 5D6 cm."""
        return f'{dice}"' if unit == "in" else f"{dice} {unit}"

    def alternatives(self, items: list[str]) -> str:
        """Return items joined as the locale says "or": "5D6 cm o 8D6 cm" in Spanish."""
        return format_list(items, style="or", locale=locale_for(self.lang))

    def together(self, items: list[str]) -> str:
        """Return items joined as the locale says "and": "magia y disparo", "魔法、射撃"."""
        return format_list(items, style="standard", locale=locale_for(self.lang))

    def values(self, values: list[Any]) -> str:
        """Return numbers as a list in the writer's locale: "2,5; 3" in French, "2.5; 3"."""
        locale = locale_for(self.lang)
        # "; " because a decimal comma would make ", " ambiguous.
        return "; ".join(
            format_decimal(v, locale=locale) if isinstance(v, int | float) else str(v)
            for v in values
        )

    def probability(self, fraction: str) -> str:
        """Return an exact fraction ("13/18") as a locale percentage with the fraction."""
        return format_probability(Fraction(fraction), self.lang)
