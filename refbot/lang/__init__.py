"""Language data, one module per language (spaCy's `lang/<code>`), and the patterns built from it.

Each `refbot/lang/<code>.py` holds one `Language` value named `LANGUAGE`: how that language writes
units, dice, die faces, numbers, worked examples and page markers. `patterns()` joins them into
the regular expressions the parser, segmenter, retriever, aligner and rules core use, built once.

Languages refbot only stems (Arabic, Swedish, …) stay a plain table, `STEMMER_ONLY`: a module for
each would hold a stemmer name and nothing else, and an empty module reads as a promise that
questions in that language are parsed as well as the nine with real data.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

# The languages with a module, in the order they were added.
CODES = ("en", "es", "ru", "de", "fr", "it", "pl", "pt", "nl", "tr", "zh", "ja", "ko", "ar")
# ISO 639-1 → Snowball algorithm, for the other languages PyStemmer ships that a question may use.
STEMMER_ONLY = {
    "ca": "catalan", "cs": "czech", "da": "danish", "el": "greek",
    "eu": "basque", "fi": "finnish", "hu": "hungarian", "id": "indonesian", "lt": "lithuanian",
    "no": "norwegian", "ro": "romanian", "sr": "serbian", "sv": "swedish",
}  # fmt: skip
# Written the same in every language: inch marks after a number, and die faces joined by symbols.
INCH_MARKS = ('"', "″", "''")
DEGREE_MARKS = ("°", "º")
MAX_RUN = 8  # the most faces one roll lists: an 8D6 overrun
CM_PER_INCH = 2.5  # the conversion the metric Warhammer editions use: 1" = 2.5 cm
JOIN_SYMBOLS = r"\s*,\s+|\s*[&+・·]\s*"  # "4, 3", "4+3", "4 & 3", "4・3"
# Scripts written without spaces between words (character ranges, for regular expressions):
# Han, hiragana, katakana (and its phonetic extensions), Hangul syllables and jamo.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HIRAGANA = "\u3040-\u309f"
KATAKANA = "\u30a0-\u30ff"
KATAKANA_EXTENSIONS = "\u31f0-\u31ff"
HANGUL_SYLLABLES = "\uac00-\ud7af"
HANGUL_JAMO = "\u1100-\u11ff\u3130-\u318f"
# The words a yes/no input accepts, wherever it comes from (rule inputs, settings).
TRUE_WORDS = frozenset({"1", "true", "yes", "y", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "n", "off"})


@dataclass(frozen=True)
class Language:
    """How one language writes what refbot reads: units, dice, die faces, numbers, cues.

    Words are matched case-insensitively: unit and number words as whole words, joiners and
    articles between spaces, example cues and page markers at the start of a line.
    """

    code: str
    stemmer: str  # the Snowball algorithm's name in PyStemmer; "" where it has none (Chinese)
    inch: tuple[str, ...] = ()
    cm: tuple[str, ...] = ()
    dice_letters: tuple[str, ...] = ()  # the letter of 2D6: d, д (ru), w (de), k (pl)
    joiners: tuple[str, ...] = ()  # words between two die faces: "2 and 5"
    # The word for "+" between two faces, read in the question's own language only (Portuguese
    # "mais" is French "but"): "zes plus één", "6 плюс 1".
    plus: tuple[str, ...] = ()
    # Words for half before a unit word, or glued to it: "half an inch", "полдюйма".
    half: tuple[str, ...] = ()
    conjunctions: tuple[str, ...] = ()  # words joining a list of models: "two orcs and a goblin"
    degree: tuple[str, ...] = ()  # after a number, an angle: "45 degrees" (° in every language)
    # Words for once more before a number: "на 45 градусов, а потом ещё на 30" is a second
    # angle, though written without degrees.
    again: tuple[str, ...] = ()
    # Before a number, words saying the value is past it: "more than 90 degrees" is no 90.
    above: tuple[str, ...] = ()
    # The same after the number and at most one word more: "90 dereceden fazla".
    above_after: tuple[str, ...] = ()
    # Nouns for models after a number: "(9 modeli)", "20 Mann" count models, never a roll.
    model_nouns: tuple[str, ...] = ()
    # Definite articles and demonstratives before a number: "the 10 knights", "les 10 chevaliers"
    # count something; a roll is said with no article or an indefinite one ("a 9").
    determiners: tuple[str, ...] = ()
    # Whether common nouns are capitalised ("7 Zoll"): then a capital starts no name.
    capitalised_nouns: bool = False
    # Nouns for a model's characteristic after a number: "(3 attacks)", "две атаки" give that
    # characteristic, never a count of models or a roll.
    stat_nouns: tuple[str, ...] = ()
    # Nouns a number after which numbers a turn or a page: "since turn 2", "в 3 ходу" is no roll
    # and no count of models.
    turn_nouns: tuple[str, ...] = ()
    # First-person possessives: "my 20 goblins" counts the asker's own models, never a roll.
    possessives: tuple[str, ...] = ()
    # Verbs that only carry tense or person for the noun before them ("hücum ettim", "panik
    # oldu"): in a language without glossary terms they name no concept alone; a negation word
    # before one is the noun they make a verb of ("yok etti": destroyed, not a denial).
    auxiliaries: tuple[str, ...] = ()
    # Personal pronouns ("ben 9 attım": I rolled 9): in a language without glossary terms they
    # name no concept alone; unlike possessives they say nothing of the number after them.
    pronouns: tuple[str, ...] = ()
    doubles: tuple[str, ...] = ()  # two dice showing one face: "double 5"
    articles: tuple[str, ...] = ()  # before a die face: "a 3 and a 6"
    # After an article, words saying there is only one: "against a single orc" is one opponent.
    single_words: tuple[str, ...] = ()
    # A word for one said before the article, not after it: "tek bir rakip" (Turkish).
    single_first: bool = False
    # Words asking which or how many, read before a word for dice: "what dice", "quantos dados"
    # ask for a quantity as "how far" does.
    amount_words: tuple[str, ...] = ()
    # Words after a length saying what it is apart from: "half an inch from my archers".
    apart_words: tuple[str, ...] = ()
    ordinal_suffixes: tuple[str, ...] = ()  # after a digit: "1st", "1-го"
    number_words: tuple[tuple[str, ...], ...] = ()  # the spellings of 1 to 12, in order
    # Nouns for a die face, with the face: "two sixes", "dwie szóstki" are two dice showing 6.
    face_nouns: tuple[tuple[str, int], ...] = ()
    # Names of whole rolls, with their faces: "snake eyes" is a double 1.
    named_rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    # One word for so many times, read as that number: "zweimal schwenken" is two wheels.
    times: tuple[tuple[str, int], ...] = ()
    # Words of this language that are English terms in another sense ("dice": says; "held":
    # hero): English terms are looked for in every question, but not in these words.
    false_friends: tuple[str, ...] = ()
    # A sentence opening with one answers the situation the sentences before it told: "In that
    # case, treat the charge as failed".
    anaphora: tuple[str, ...] = ()
    # Words for a rulebook or its rules: "the English rulebook", "по английским правилам" name a
    # book by its language where "my English opponent" does not.
    book_words: tuple[str, ...] = ()
    example_cues: tuple[str, ...] = ()  # a sentence opening with one is a worked example
    page_markers: tuple[str, ...] = ()  # a line "<marker> 12" marks page 12
    # Words opening a condition inside a sentence: in "how far do they flee if the pursuers
    # roll 7?" what follows "if" is the premise, not what is asked.
    conditionals: tuple[str, ...] = ()
    # Pronouns after which such a word is none: Italian "se ne vanno", "se la dà a gambe".
    clitics: tuple[str, ...] = ()
    # Words that deny the situation word just after them: "did not charge", "sin tocarla".
    negations: tuple[str, ...] = ()
    # Words that deny the situation word just before them: "препятствий нет", "engel yok".
    trailing_negations: tuple[str, ...] = ()
    # Words that deny the word before them only where they end a clause ("препятствий никаких.",
    # "obstáculo nenhum."); elsewhere they stand before what they deny ("ninguno sobrevivió").
    final_negations: tuple[str, ...] = ()
    # Endings that make a word a negation: "can't", "won't" (read as the words "can", "won").
    negation_tails: tuple[str, ...] = ()
    # Writes compounds as one word ("Angriffswürfel"): the links that may join two words
    # ("s" of "Angriff-s-würfel"), "" among them; empty for a language that does not.
    compound_links: tuple[str, ...] = ()
    decimal_comma: bool = True  # writes four and a half as 4,5
    # Endings the Snowball stemmer keeps, rewritten before stemming (pattern, replacement):
    # French "détalent" is stemmed as "détale", so it is the term "détaler".
    stem_rewrites: tuple[tuple[str, str], ...] = ()
    # The unit its players measure in when they write none ("Movement 8"): the unit of the
    # rulebooks in that language; None where editions differ.
    customary_unit: str | None = None

    def __post_init__(self) -> None:
        if self.number_words and len(self.number_words) != 12:
            raise ValueError(f"{self.code}: number_words needs the words for 1 to 12")

    @property
    def numbers(self) -> dict[str, int]:
        """Return each number word, lowercased, with its value."""
        return {w.lower(): n for n, words in enumerate(self.number_words, 1) for w in words}


@dataclass(frozen=True)
class Patterns:
    """Regular expressions built from some languages' data (all of them by default)."""

    # A number, an optional ordinal ending and an optional unit: groups value, inch word, cm word.
    number: re.Pattern[str]
    # A whole length and nothing else ("18 Zoll"), for typed inputs: groups value, inch, cm.
    distance: re.Pattern[str]
    # Dice notation 2D6, 2Д6, 2W6, 2K6: group count, then the 6.
    notation: re.Pattern[str]
    # Two die faces joined as people write them ("un 3 y un 6"): groups face, face.
    pair: re.Pattern[str]
    # Faces listed ("3, 4, 2, 5 y 6"), the whole list: one roll if three to MAX_RUN faces.
    run: re.Pattern[str]
    double: re.Pattern[str]
    # Whether a text states a roll or a length at all.
    quantity: re.Pattern[str]
    # "4, 5 дюймов": a decimal written with a stray space before its unit: groups whole, tenth.
    spaced_decimal: re.Pattern[str]
    example_cue: re.Pattern[str]
    anaphora: re.Pattern[str]  # at a sentence's start (after its list number, if any)
    page_marker: re.Pattern[str]  # group: the page
    # Number words are best read with the text's own language: "elf" is eleven in German and
    # Dutch but a unit in English.
    number_word: re.Pattern[str]
    # Right after a number, the mark or word of degrees: "45°", "45 градусов".
    degree: re.Pattern[str]
    # Just before a number, a word of degrees and at most one word more: "градусов на 45".
    degree_before: re.Pattern[str]
    # Just before a number, or after it and one word more: the value is exceeded.
    above: re.Pattern[str]
    above_after: re.Pattern[str]
    numbers: Mapping[str, int]  # number word (lowercased) → value


def get(code: str) -> Language:
    """Return the language with that ISO 639-1 code; raise KeyError when it has no module."""
    if code not in CODES:
        raise KeyError(f"no language module for {code!r} (known: {', '.join(CODES)})")
    return _load(code)


@lru_cache(maxsize=len(CODES))
def _load(code: str) -> Language:
    language: Any = importlib.import_module(f"refbot.lang.{code}").LANGUAGE
    if not isinstance(language, Language) or language.code != code:
        raise TypeError(f"refbot.lang.{code}.LANGUAGE must be the Language {code!r}")
    return language


def language_names(lang: str) -> Mapping[str, str]:
    """Return what lang calls each language, by ISO 639-1 code: in Spanish {"ru": "ruso", …}.

    The names are the Unicode CLDR's (through Babel), for every language a question may be in;
    empty for a language CLDR does not know.
    """
    return _language_names(lang)


@lru_cache(maxsize=32)
def _language_names(lang: str) -> Mapping[str, str]:
    from babel import Locale, UnknownLocaleError

    try:
        names = Locale.parse(lang).languages
    except (UnknownLocaleError, ValueError):
        return MappingProxyType({})
    codes = (*CODES, *STEMMER_ONLY)
    return MappingProxyType({code: names[code] for code in codes if code in names})


def all_languages() -> tuple[Language, ...]:
    """Return every language that has a module."""
    return tuple(_load(code) for code in CODES)


@lru_cache(maxsize=32)
def ordinal_nouns(code: str) -> frozenset[str]:
    """Return the nouns a number's point before makes an ordinal ("1. Runde"): the turn nouns."""
    return frozenset(_load(code).turn_nouns) if code in CODES else frozenset()


def stemmer(code: str) -> str | None:
    """Return the Snowball algorithm for a language, or None when PyStemmer has none for it."""
    return (_load(code).stemmer or None) if code in CODES else STEMMER_ONLY.get(code)


@lru_cache(maxsize=32)
def stem_rewrites(code: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Return a language's rewrites of word endings before stemming, compiled; none for most."""
    rewrites = _load(code).stem_rewrites if code in CODES else ()
    return tuple((re.compile(pattern), replacement) for pattern, replacement in rewrites)


@lru_cache(maxsize=32)
def function_words(code: str, light: bool = True) -> frozenset[str]:
    """Return a language's number words, joiners, articles, possessives, auxiliaries, pronouns.

    Without `light`, not its possessives, auxiliaries and pronouns. None for a language
    without a module.
    """
    if code not in CODES:
        return frozenset()
    language = _load(code)
    words = set(language.numbers)
    for attribute in (
        "joiners",
        "conjunctions",
        "articles",
        "plus",
        "single_words",
        *(("possessives", "auxiliaries", "pronouns") if light else ()),
    ):
        words.update(getattr(language, attribute))
    return frozenset(w.lower() for w in words if " " not in w)


@lru_cache(maxsize=32)
def false_friends(code: str) -> frozenset[str]:
    """Return a language's words that are English terms in another sense, lowercased."""
    return frozenset(w.lower() for w in _load(code).false_friends) if code in CODES else frozenset()


def compound_links(code: str) -> tuple[str, ...]:
    """Return the links a language joins compounds with, none where it writes no compounds."""
    return _load(code).compound_links if code in CODES else ()


def parse_bool(value: Any) -> bool:
    """Read yes/no, true/false, y/n, on/off, 1/0 (and real booleans); raise ValueError otherwise."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise ValueError("expected yes or no")


def _alternation(words: Iterable[str], whole: bool = True) -> str:
    """Return a regex alternation of the words, longest first; whole words end on a boundary."""
    unique = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    if not unique:
        return "(?!)"  # matches nothing, so a language without such words adds none
    return "|".join(
        re.escape(w) + (r"(?!\w)" if whole and re.match(r"\w", w[-1]) else "") for w in unique
    )


@lru_cache(maxsize=16)
def patterns(codes: tuple[str, ...] = CODES) -> Patterns:
    """Return the patterns for these languages (every language by default), built once."""
    langs = [get(code) for code in codes]

    def words(attribute: str) -> list[str]:
        return [w for lang in langs for w in getattr(lang, attribute)]

    inch = _alternation([*INCH_MARKS, *words("inch")])
    cm = _alternation(words("cm"))
    units = f"(?:{inch})|(?:{cm})"
    letters = _alternation(words("dice_letters"), whole=False)
    ordinal = _alternation(words("ordinal_suffixes"), whole=False)
    joiners = _alternation(words("joiners"), whole=False)
    articles = _alternation(words("articles"), whole=False)
    # One more face of a listed roll: a comma or plus ("4, 3", "4+3"), and for the last face
    # maybe "and" ("3, 4 y 5"; "3, 4 or 5" are choices); "3 and 4, 5 models" lists no one roll.
    face = r"(?:(?:{articles})\s+)?[1-6](?!\w|[.,]\d)".replace("{articles}", articles)
    next_face = rf"(?:{JOIN_SYMBOLS}){face}"
    last_face = rf"\s+(?:{_alternation(words('conjunctions'), whole=False)})\s+{face}"
    # The stray space of "4, 5 дюймов" only makes a decimal where decimals take a comma.
    comma_units = [
        *INCH_MARKS,
        *(w for lang in langs if lang.decimal_comma for w in (*lang.inch, *lang.cm)),
    ]
    numbers: dict[str, int] = {}
    for lang in langs:
        for word, value in lang.numbers.items():
            if numbers.setdefault(word, value) != value:
                raise ValueError(f"number word {word!r} means {numbers[word]} and {value}")
    flags = re.I
    return Patterns(
        number=re.compile(
            rf"(?<![\w.])(\d+(?:[.,]\d+)?)(?:-?(?:{ordinal})\b)?\s*(?:({inch})|({cm}))?", flags
        ),
        distance=re.compile(rf"\s*(-?\d+(?:[.,]\d+)?)\s*(?:({inch})|({cm}))?\s*", flags),
        notation=re.compile(rf"(?<!\w)(\d{{1,2}})\s*(?:{letters})(6)(?!\w)", flags),
        pair=re.compile(
            # "(3,5)" written as a pair in brackets is two faces, not three and a half.
            # "came up 5-1": a hyphen between two faces, with no unit after (not "2-3 inches").
            rf"(?<![\w.,])([1-6])(?:{JOIN_SYMBOLS}|\s+(?:{joiners})\s+|(?<=\([1-6]),(?=[1-6]\)(?!\s*(?:{inch}|{cm})))"
            rf"|(?<=[1-6])[-–](?=[1-6](?!\s*(?:{inch}|{cm}))))"
            rf"(?:(?:{articles})\s+)?([1-6])(?!\w|[.,]\d)",
            flags,
        ),
        run=re.compile(rf"(?<![\w.,])[1-6](?:{next_face})+(?:{last_face})?", flags),
        # "double 5", "double 3s"
        double=re.compile(
            rf"(?<!\w)(?:{_alternation(words('doubles'))})\s+([1-6])(?:'?s)?(?!\w)", flags
        ),
        quantity=re.compile(rf"\d\s*(?:{letters})\s*6|\d+(?:[.,]\d+)?\s*(?:{units})", flags),
        spaced_decimal=re.compile(rf"(\d+)\s*,\s+(\d)\s*(?={_alternation(comma_units)})", flags),
        example_cue=re.compile(rf"^(?:{_alternation(words('example_cues'), whole=False)})", flags),
        anaphora=re.compile(rf"^(?:\d+\.\s*)?(?:{_alternation(words('anaphora'))})", flags),
        page_marker=re.compile(
            rf"^(?:{_alternation(words('page_markers'), whole=False)})\s*(\d{{1,4}})\.?$", flags
        ),
        number_word=re.compile(rf"(?<!\w)(?:{_alternation(numbers)})", flags),
        degree=re.compile(rf"\s*(?:{_alternation([*DEGREE_MARKS, *words('degree')])})", flags),
        degree_before=re.compile(
            rf"(?<!\w)(?:{_alternation(words('degree'))})\s+(?:\w+\s+)?$", flags
        ),
        above=re.compile(rf"(?<!\w)(?:{_alternation(words('above'))})\s+$", flags),
        above_after=re.compile(rf"\s*(?:\w+\s+)?(?:{_alternation(words('above_after'))})", flags),
        numbers=MappingProxyType(numbers),
    )
