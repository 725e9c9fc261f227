"""German."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("eins", "ein", "eine"),
    ("zwei",), ("drei",), ("vier",), ("fünf",), ("sechs",), ("sieben",),
    ("acht",), ("neun",), ("zehn",), ("elf",), ("zwölf",),
)  # fmt: skip

LANGUAGE = Language(
    code="de",
    stemmer="german",
    compound_links=("", "s", "es", "n", "en", "e"),
    # "statt zu verfolgen": instead of pursuing is not pursuing.
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("wenn", "falls"),
    negations=(
        "nicht",
        "kein",
        "keine",
        "keinen",
        "keinem",
        "keiner",
        "ohne",
        "nie",
        "niemand",
        "statt",
        "anstatt",
        "fast",
        "beinahe",
        "nahezu",
    ),
    inch=("zoll",),
    cm=("cm", "zentimeter", "zentimetern"),
    # W for Würfel (2W6); translated rulebooks also write D6.
    dice_letters=("w", "d"),
    doubles=("pasch", "doppel", "doppelte"),
    joiners=("und", "oder"),
    plus=("plus",),
    half=("halb", "halbe", "halben", "halber", "halbes"),
    model_nouns=("modelle", "modellen", "mann", "minis", "figuren"),
    determiners=("die", "diese", "den"),
    capitalised_nouns=True,
    stat_nouns=("attacken", "attacke", "lebenspunkte"),
    turn_nouns=("zug", "runde", "seite"),
    conjunctions=("und",),
    amount_words=("welche", "welcher", "welchen", "welches", "wie viele", "wieviele", "was für"),
    apart_words=("von", "vom", "entfernt", "weg"),
    degree=("grad",),
    again=("noch", "nochmal", "nochmals", "erneut", "wieder", "weitere", "weiteren"),
    above=("mehr als", "über"),
    possessives=(
        "mein",
        "meine",
        "meinen",
        "meiner",
        "meinem",
        "meines",
        "unser",
        "unsere",
        "unseren",
        "unserer",
    ),
    # "ne", "'ne": spoken "eine" ("hab ne 7 gewürfelt", "ne 4 und ne 5").
    articles=("ein", "eine", "einen", "einer", "einem", "ne"),
    single_words=("einzigen", "einzelnen", "einzelner", "einziger", "einzige", "einzelne"),
    number_words=_NUMBERS,
    face_nouns=(
        ("einsen", 1),
        ("zweien", 2),
        ("dreien", 3),
        ("vieren", 4),
        ("fünfen", 5),
        ("sechsen", 6),
        ("sechser", 6),
    ),
    times=(("zweimal", 2), ("dreimal", 3)),
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("schlangenaugen", (1, 1)),),
    false_friends=("held", "helden"),
    anaphora=("in diesem fall", "in dem fall", "in solchen fällen", "in einem solchen fall"),
    example_cues=("zum beispiel", "beispiel:", "z. b.", "z.b."),
    page_markers=("seite", "s."),
    book_words=(
        "regelbuch",
        "regeln",
        "regelwerk",
        "buch",
        "edition",
        "ausgabe",
        "version",
        "übersetzung",
    ),
)
