"""Japanese: units, joiners, dice, negations.

Words are not spaced: a number glued to kana or Han is parted from it first (`space_scripts`),
so "5と4" reads as two faces joined by "と". A run is then cut into the glossary's Japanese words
that cover most of it (`Glossary.segment`); a piece no term lists takes the concept of its
nearest glossary term, katakana loanwords whole (refbot.terms).
"""

from __future__ import annotations

from refbot.lang import Language

LANGUAGE = Language(
    code="ja",
    stemmer="",
    decimal_comma=False,
    inch=("インチ", "吋"),
    cm=("センチ", "cm", "センチメートル"),
    dice_letters=("d",),
    joiners=("と", "か"),
    degree=("度",),
    model_nouns=("体", "人", "騎", "名"),
    times=(("二回", 2), ("三回", 3)),
    # After the verb they deny, parted from it by the glossary's words ("接触 は しない").
    trailing_negations=(
        "ない",
        "しない",
        "なかった",
        "しなかった",
        "ません",
        "しません",
        "せず",
        "ず",
        "できない",
        "できなかった",
        "なし",
    ),
    amount_words=("何", "いくつ"),
)
