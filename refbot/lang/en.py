"""English."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("one",), ("two",), ("three",), ("four",), ("five",), ("six",),
    ("seven",), ("eight",), ("nine",), ("ten",), ("eleven",), ("twelve",),
)  # fmt: skip

LANGUAGE = Language(
    code="en",
    customary_unit="in",
    stemmer="english",
    # "didn't" is read as "didn": an apostrophe's short tail is dropped like "'s".
    negations=(
        "no",
        "not",
        "never",
        "without",
        "none",
        "nobody",
        "nothing",
        "didn",
        "don",
        "doesn",
        "wasn",
        "weren",
        "isn",
        "aren",
        "hasn",
        "haven",
        "hadn",
        "instead",
    ),
    inch=("in", "inch", "inches"),
    cm=("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    dice_letters=("d",),
    doubles=("double",),
    joiners=("and", "or"),
    model_nouns=("models", "model", "minis", "figures", "guys", "men", "strong"),
    conjunctions=("and",),
    degree=("degree", "degrees", "deg"),
    possessives=("my", "our"),
    articles=("a", "an"),
    ordinal_suffixes=("st", "nd", "rd", "th"),
    number_words=_NUMBERS,
    face_nouns=(("ones", 1), ("twos", 2), ("threes", 3), ("fours", 4), ("fives", 5), ("sixes", 6)),
    times=(("twice", 2), ("thrice", 3)),
    example_cues=("for example", "for instance", "example:", "e.g.", "that is, if"),
    page_markers=("page", "p.", "pg."),
    decimal_comma=False,
)
