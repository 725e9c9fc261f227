"""Korean: units, joiners, dice, negations.

Words are spaced but carry their particles ("9를"): a number glued to Hangul is parted from it
first (`space_scripts`), and a word is cut into the glossary's Korean words that cover most of
it (`Glossary.segment`: "도주를" is "도주 를"). A word no term lists takes the concept of its
nearest glossary term, or of itself without its last syllables (refbot.terms).
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
    # After the verb: "닿지는 않아요" (does not touch).
    trailing_negations=(
        "않",
        "않아",
        "않아요",
        "않았",
        "않았어요",
        "않았다",
        "않는",
        "않는다",
        "않고",
        "않은",
        "않음",
        "않습니다",
        "않았습니다",
        "못해",
        "못해요",
        "못했",
        "못했어요",
        "없어요",
        "없음",
    ),
    degree=("도",),
    model_nouns=("명", "마리", "기", "개", "구"),
    times=(("두번", 2), ("세번", 3)),
    amount_words=("몇",),
)
