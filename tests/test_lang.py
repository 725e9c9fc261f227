from __future__ import annotations

import pytest
import Stemmer

from refbot import lang
from refbot.errors import RuleError
from refbot.glossary import analyze
from refbot.lang import CODES, STEMMER_ONLY, Language, all_languages, get, parse_bool, patterns
from refbot.rules.core import parse_bool as parse_rule_bool
from refbot.rules.core import parse_distance

LANGUAGES = [pytest.param(language, id=language.code) for language in all_languages()]


def test_every_code_has_its_module() -> None:
    assert [language.code for language in all_languages()] == list(CODES)
    assert get("de").inch == ("zoll",)
    with pytest.raises(KeyError, match="no language module"):
        get("sv")


def test_number_words_cover_one_to_twelve() -> None:
    with pytest.raises(ValueError, match="1 to 12"):
        Language("xx", "english", number_words=(("one",), ("two",)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_own_patterns_read_its_units(language: Language) -> None:
    own = patterns((language.code,))
    for found in (own, patterns()):
        for word in language.inch:
            match = found.number.fullmatch(f"12 {word.capitalize()}")
            assert match and match.group(2), word
        for word in language.cm:
            match = found.number.fullmatch(f"12,5 {word}")
            assert match and match.group(3) and not match.group(2), word
        assert found.distance.fullmatch(f"18 {language.inch[0]}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_own_patterns_read_dice_and_die_faces(language: Language) -> None:
    own = patterns((language.code,))
    for letter in language.dice_letters:
        match = own.notation.search(f"x 3{letter.upper()}6 x")
        assert match and match.group(1) == "3", letter
    for joiner in language.joiners:
        for article in ("", *language.articles):
            text = f"2 {joiner} {article} 5" if article else f"2 {joiner} 5"
            match = own.pair.search(text)
            assert match and match.groups() == ("2", "5"), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_own_patterns_read_number_words(language: Language) -> None:
    own = patterns((language.code,))
    for value, spellings in enumerate(language.number_words, start=1):
        for word in spellings:
            assert own.number_word.fullmatch(word.upper()), word
            assert own.numbers[word] == value == patterns().numbers[word]


@pytest.mark.parametrize("language", LANGUAGES)
def test_own_patterns_read_cues_page_markers_and_ordinals(language: Language) -> None:
    own = patterns((language.code,))
    for cue in language.example_cues:
        assert own.example_cue.match(f"{cue.capitalize()} the unit flees"), cue
    for marker in language.page_markers:
        match = own.page_marker.match(f"{marker.capitalize()} 12")
        assert match and match.group(1) == "12", marker
    for suffix in language.ordinal_suffixes:
        match = own.number.fullmatch(f"1-{suffix}")
        assert match and match.group(1) == "1", suffix


@pytest.mark.parametrize("language", LANGUAGES)
def test_stemmer_exists(language: Language) -> None:
    # Chinese, Japanese and Korean have no Snowball stemmer: their words are read unstemmed.
    assert language.stemmer in Stemmer.algorithms() or language.code in ("zh", "ja", "ko")
    assert lang.stemmer(language.code) == (language.stemmer or None)


def test_stemmer_only_languages_still_stem() -> None:
    assert set(STEMMER_ONLY.values()) <= set(Stemmer.algorithms())
    assert not set(STEMMER_ONLY) & set(CODES)
    assert analyze("kitaplar", "tr") == ["kitap"]
    assert lang.stemmer("xx") is None
    assert analyze("kitaplar", "xx") == ["kitaplar"]


def test_units_are_whole_words() -> None:
    # "sm" is a Russian spelling of cm, not the start of "small".
    assert not patterns().number.fullmatch("5 small")
    assert patterns().number.match("5 small").group(3) is None  # type: ignore[union-attr]


def test_spaced_decimal_only_where_decimals_take_a_comma() -> None:
    assert patterns().spaced_decimal.search("на 4, 5 дюймов")
    assert not patterns(("en",)).spaced_decimal.search("on a 4, 5 inches away")


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [("18 Zoll", 18, "in"), ("7 pouces", 7, "in"), ("45 Zentimeter", 45, "cm"), ("5", 5, "cm")],
)
def test_rule_distances_in_any_language(text: str, value: float, unit: str) -> None:
    distance = parse_distance("movement", text, "cm")
    assert (distance.value, distance.unit) == (value, unit)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        *[("yes", True), ("Y", True), ("true", True), ("1", True), ("on", True), (True, True)],
        *[("no", False), ("N", False), ("false", False), ("0", False), ("off", False)],
    ],
)
def test_one_boolean_reader(text: object, expected: bool) -> None:
    assert parse_bool(text) is expected
    assert parse_rule_bool("charged", text) is expected


def test_boolean_reader_refuses_other_words() -> None:
    with pytest.raises(ValueError, match="expected yes or no"):
        parse_bool("maybe")
    with pytest.raises(RuleError, match="charged: expected yes or no, got 'maybe'"):
        parse_rule_bool("charged", "maybe")
