"""Polish."""

from __future__ import annotations

from refbot.lang import Language

# Every case of the number words ("z dwoma orkami"); die faces 1 to 6 are also named as nouns:
# "wyrzucił szóstkę".
_NUMBERS = (
    (
        "jeden", "jedna", "jedno", "jednego", "jednej", "jednemu", "jednym", "jedną",
        "jedynka", "jedynkę",
    ),
    ("dwa", "dwie", "dwóch", "dwoma", "dwóm", "dwaj", "dwójka", "dwójkę"),
    ("trzy", "trzech", "trzema", "trzem", "trzej", "trójka", "trójkę"),
    ("cztery", "czterech", "czterema", "czterem", "czterej", "czwórka", "czwórkę"),
    ("pięć", "pięciu", "pięcioma", "piątka", "piątkę"),
    ("sześć", "sześciu", "sześcioma", "szóstka", "szóstkę"),
    ("siedem", "siedmiu"), ("osiem", "ośmiu"), ("dziewięć", "dziewięciu"),
    ("dziesięć", "dziesięciu"),
    ("jedenaście", "jedenastu"), ("dwanaście", "dwunastu"),
)  # fmt: skip

LANGUAGE = Language(
    code="pl",
    stemmer="polish",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("jeśli", "jeżeli", "gdyby"),
    negations=(
        "nie",
        "bez",
        "żaden",
        "żadna",
        "żadne",
        "żadnego",
        "nikt",
        "nigdy",
        "ani",
        "zamiast",
        "prawie",
    ),
    inch=("cal", "cala", "cale", "cali", "caly"),
    cm=("cm", "centymetr", "centymetra", "centymetry", "centymetrów", "centymetrach"),
    # K for kość (2K6); translated rulebooks also write D6.
    dice_letters=("k", "d"),
    doubles=("podwójne", "dublet"),
    joiners=("i", "lub"),
    plus=("plus",),
    half=("pół", "pol"),
    model_nouns=("modeli", "modele", "modelami", "figurek", "chłopa", "ludzi"),
    stat_nouns=("ataki", "ataków", "atak", "atakami", "żywotności"),
    turn_nouns=("tura", "turze", "turę", "tury", "runda", "rundzie", "strona", "stronie"),
    conjunctions=("i", "oraz"),
    amount_words=("jaki", "jakie", "jakich", "jaką", "ile", "którą", "które"),
    apart_words=("od",),
    degree=("stopień", "stopnie", "stopni", "stopniu"),
    again=("jeszcze", "znowu", "ponownie", "kolejne", "kolejny", "kolejnych"),
    above=("więcej niż", "ponad", "powyżej", "więcej jak"),
    possessives=(
        "mój",
        "moja",
        "moje",
        "moi",
        "moich",
        "moimi",
        "moim",
        "nasz",
        "nasza",
        "nasze",
        "nasi",
        "naszych",
    ),
    number_words=_NUMBERS,
    # After 2-4 the plural ("dwie szóstki"), from 5 the genitive ("pięć szóstek").
    face_nouns=(
        *(("jedynki", 1), ("dwójki", 2), ("trójki", 3), ("czwórki", 4), ("piątki", 5)),
        *(("szóstki", 6), ("jedynek", 1), ("dwójek", 2), ("trójek", 3), ("czwórek", 4)),
        *(("piątek", 5), ("szóstek", 6)),
    ),
    times=(("dwukrotnie", 2), ("trzykrotnie", 3)),
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("oczy węża", (1, 1)), ("wężowe oczy", (1, 1))),
    anaphora=("w takim przypadku", "w tym przypadku", "w takich przypadkach", "w takim razie"),
    example_cues=("na przykład", "przykład:"),
    page_markers=("strona", "str."),
    book_words=(
        "podręcznik",
        "podręczniku",
        "zasady",
        "zasadach",
        "zasad",
        "zasadami",
        "edycja",
        "edycji",
        "wersja",
        "wersji",
        "książka",
        "książce",
        "rulebook",
        "tłumaczenie",
    ),
)
