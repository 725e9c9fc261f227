"""Italian."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("uno", "una", "un"),
    ("due",), ("tre",), ("quattro",), ("cinque",), ("sei",), ("sette",),
    ("otto",), ("nove",), ("dieci",), ("undici",), ("dodici",),
)  # fmt: skip

LANGUAGE = Language(
    code="it",
    stemmer="italian",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("se",),
    clitics=("la", "lo", "li", "le", "ne", "si", "ci", "vi", "gli", "mi", "ti"),
    negations=("non", "senza", "nessun", "nessuno", "nessuna", "mai", "né", "invece", "quasi"),
    inch=("pollice", "pollici"),
    cm=("cm", "centimetro", "centimetri"),
    dice_letters=("d",),
    doubles=("doppio",),
    joiners=("e", "o"),
    plus=("più", "piu"),
    half=("mezzo", "mezza"),
    model_nouns=("modelli", "miniature", "minis", "uomini"),
    determiners=("i", "gli", "questi", "quei"),
    stat_nouns=("attacchi", "attacco", "ferite"),
    turn_nouns=("turno", "round", "pagina"),
    conjunctions=("e", "ed"),
    amount_words=("quale", "quali", "quanti", "quante", "che"),
    apart_words=("da", "dal", "dalla", "dallo", "dai", "dalle"),
    degree=("grado", "gradi"),
    again=("ancora", "nuovo", "altri", "altro", "altra"),
    above=("più di", "oltre", "superiore a"),
    possessives=("mio", "mia", "miei", "mie", "nostro", "nostra", "nostri", "nostre"),
    articles=("un", "uno", "una"),
    single_words=("solo", "sola", "unico", "unica", "singolo", "singola"),
    number_words=_NUMBERS,
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("occhi di serpente", (1, 1)),),
    false_friends=("dice", "dici"),
    anaphora=("in questo caso", "in tal caso", "in tali casi", "in quel caso"),
    example_cues=("ad esempio", "per esempio", "esempio:"),
    page_markers=("pagina", "pag.", "p."),
    book_words=(
        "regolamento",
        "regole",
        "manuale",
        "libro",
        "edizione",
        "versione",
        "traduzione",
    ),
)
