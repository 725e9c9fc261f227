"""Dutch."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("een", "één"),
    ("twee",), ("drie",), ("vier",), ("vijf",), ("zes",), ("zeven",),
    ("acht",), ("negen",), ("tien",), ("elf",), ("twaalf",),
)  # fmt: skip

LANGUAGE = Language(
    code="nl",
    stemmer="dutch",
    compound_links=("", "s", "en", "e"),
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("als", "indien"),
    trailing_negations=("niet",),
    negations=("niet", "geen", "zonder", "nooit", "niemand", "bijna"),
    inch=("inch", "duim"),
    cm=("cm", "centimeter", "centimeters"),
    dice_letters=("d",),
    doubles=("dubbel",),
    joiners=("en", "of"),
    plus=("plus",),
    half=("half", "halve"),
    model_nouns=("modellen", "minis", "man"),
    determiners=("de", "deze"),  # not "die": also "which"
    stat_nouns=("aanvallen", "aanval", "attacks", "wonden"),
    turn_nouns=("beurt", "ronde", "pagina"),
    conjunctions=("en",),
    amount_words=("welke", "hoeveel", "wat voor"),
    apart_words=("van",),
    degree=("graden", "graad"),
    again=("nog", "opnieuw", "weer", "andere"),
    above=("meer dan", "boven"),
    possessives=("mijn", "onze", "ons"),
    articles=("een",),
    single_words=("enkele", "enkel", "enige", "eenzame"),
    number_words=_NUMBERS,
    face_nouns=(
        ("enen", 1),
        ("tweeën", 2),
        ("drieën", 3),
        ("vieren", 4),
        ("vijven", 5),
        ("zessen", 6),
    ),
    times=(("tweemaal", 2), ("driemaal", 3)),
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("slangenogen", (1, 1)),),
    false_friends=("held", "helden"),
    anaphora=("in dat geval", "in dit geval", "in zulke gevallen", "in zo'n geval"),
    example_cues=("bijvoorbeeld", "voorbeeld:"),
    page_markers=("pagina", "blz.", "p."),
    book_words=("regelboek", "regels", "boek", "editie", "versie", "vertaling"),
)
