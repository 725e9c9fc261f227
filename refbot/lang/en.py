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
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("if",),
    negations=(
        "no",
        "not",
        "cannot",
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
        "almost",
        "nearly",
        # Written without the apostrophe, as forum posts often are.
        "didnt",
        "dont",
        "doesnt",
        "wasnt",
        "werent",
        "isnt",
        "arent",
        "hasnt",
        "havent",
        "hadnt",
        "cant",
        "wont",
        "couldnt",
        "wouldnt",
        "shouldnt",
    ),
    negation_tails=("n't",),
    inch=("in", "inch", "inches"),
    cm=("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    dice_letters=("d",),
    doubles=("double",),
    joiners=("and", "or"),
    plus=("plus",),
    half=("half",),
    model_nouns=("models", "model", "minis", "figures", "guys", "men", "strong"),
    determiners=("the", "these", "those"),
    stat_nouns=("attacks", "attack", "wounds"),
    turn_nouns=("turn", "round", "page"),
    conjunctions=("and",),
    degree=("degree", "degrees", "deg"),
    again=("again", "another"),
    above=("more than", "over", "beyond", "above", "greater than", "in excess of"),
    possessives=("my", "our"),
    articles=("a", "an"),
    single_words=("single", "lone", "only"),
    amount_words=("what", "which", "how many", "how much"),
    apart_words=("from", "off", "away"),
    ordinal_suffixes=("st", "nd", "rd", "th"),
    number_words=_NUMBERS,
    # "two sixes", and with the face in digits, "two 4s".
    face_nouns=tuple(
        (w, n) for n, w in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), 1)
    )
    + tuple((f"{n}s", n) for n in range(1, 7)),
    named_rolls=(("snake eyes", (1, 1)), ("boxcars", (6, 6)), ("box cars", (6, 6))),
    times=(("twice", 2), ("thrice", 3)),
    anaphora=("in that case", "in this case", "in such cases", "in such a case", "in which case"),
    example_cues=("for example", "for instance", "example:", "e.g.", "that is, if"),
    page_markers=("page", "p.", "pg."),
    decimal_comma=False,
    book_words=(
        "rulebook",
        "rulebooks",
        "rules",
        "book",
        "edition",
        "version",
        "translation",
    ),
)
