"""Korean: units, joiners, dice; the glossary has no Korean terms.

Words are spaced but carry their particles ("9를"): a number glued to Hangul is parted from it
first (`space_scripts`). Concepts come from the nearest glossary term of each word and of the
word without its last syllables (refbot.terms).
"""

from __future__ import annotations

from refbot.lang import Language

LANGUAGE = Language(
    code="ko",
    stemmer="",
    decimal_comma=False,
    inch=("인치",),
    cm=("센티", "cm", "센티미터", "센치"),
    dice_letters=("d",),
    joiners=("와", "과", "하고", "이랑", "랑"),
    negations=("안", "못"),
    degree=("도",),
    model_nouns=("명", "마리", "기", "개", "구"),
    times=(("두번", 2), ("세번", 3)),
    amount_words=("몇",),
)
