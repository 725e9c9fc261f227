"""Polish."""

from __future__ import annotations

from refbot.lang import Language

# Die faces 1 to 6 are also named as nouns: "wyrzucił szóstkę".
_NUMBERS = (
    ("jeden", "jedna", "jedno", "jedynka", "jedynkę"),
    ("dwa", "dwie", "dwójka", "dwójkę"),
    ("trzy", "trójka", "trójkę"),
    ("cztery", "czwórka", "czwórkę"),
    ("pięć", "piątka", "piątkę"),
    ("sześć", "szóstka", "szóstkę"),
    ("siedem",), ("osiem",), ("dziewięć",), ("dziesięć",), ("jedenaście",), ("dwanaście",),
)  # fmt: skip

LANGUAGE = Language(
    code="pl",
    stemmer="polish",
    negations=("nie", "bez", "żaden", "żadna", "żadne", "żadnego", "nikt", "nigdy", "ani"),
    inch=("cal", "cala", "cale", "cali", "caly"),
    cm=("cm", "centymetr", "centymetra", "centymetry", "centymetrów", "centymetrach"),
    # K for kość (2K6); translated rulebooks also write D6.
    dice_letters=("k", "d"),
    doubles=("podwójne", "dublet"),
    joiners=("i", "lub"),
    number_words=_NUMBERS,
    example_cues=("na przykład", "przykład:"),
    page_markers=("strona", "str."),
)
