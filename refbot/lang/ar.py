"""Arabic: units, joiners, dice, negations (its glossary terms are in corpus/glossary.yaml).

"و" (and) is written onto the next word, a number too ("2 و3"): a number glued to Arabic letters
is parted from them first (`space_scripts`). Words no term lists take the concept of their nearest
glossary term, or of their Snowball stem's (refbot.terms).
"""

from __future__ import annotations

from refbot.lang import Language

LANGUAGE = Language(
    code="ar",
    stemmer="arabic",
    decimal_comma=False,
    inch=("بوصة", "بوصات", "إنش", "انش", "انشات"),
    cm=("سم", "سنتيمتر", "سنتي", "cm"),
    dice_letters=("d",),
    joiners=("و", "أو"),
    # Not "ما": it is "what" as often as "not".
    negations=("لا", "لم", "ليس", "بدون", "مو", "مش"),
    degree=("درجة",),
    model_nouns=("مجسم", "مجسمات", "نموذج", "نماذج", "جندي", "محارب"),
    possessives=("عندي",),
    amount_words=("كم",),
    book_words=(
        "كتاب",
        "الكتاب",
        "قواعد",
        "القواعد",
        "نسخة",
        "النسخة",
        "إصدار",
        "الإصدار",
        "ترجمة",
    ),
)
