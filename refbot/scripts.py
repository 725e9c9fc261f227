"""Writing systems read as spaced text: numbers, punctuation and digits of unspaced scripts.

Chinese, Japanese and Korean run words and numbers together ("掷出7", "9를"), Arabic writes
"and" onto a number ("2 و3"), and these scripts have punctuation and digits of their own
("，", "７", "٩"). Questions and the glossary's terms are both read through `space_scripts`, so
that a term matches a question written the same way.
"""

from __future__ import annotations

import re
from functools import cache

from refbot.lang import (
    CODES,
    HAN,
    HANGUL_JAMO,
    HANGUL_SYLLABLES,
    HIRAGANA,
    KATAKANA,
    KATAKANA_EXTENSIONS,
)
from refbot.lang import get as get_language

# Scripts written without spaces between words and numbers ("掷出7", "9를"): Han, kana and
# Hangul. A number glued to them is parted from them, as in the languages written with spaces.
HAN_KANA = HAN + HIRAGANA + KATAKANA + KATAKANA_EXTENSIONS
UNSPACED = HAN_KANA + HANGUL_SYLLABLES + HANGUL_JAMO
# Arabic writes "and" onto the next word, a number too ("2 و3"): parted from digits as well.
# (Not the Arabic-Indic digits inside that block: they are read as ASCII digits first.)
PARTED = UNSPACED + "\u0600-\u065f\u066a-\u06ef\u06fa-\u06ff\u0750-\u077f"
UNSPACED_EDGE = re.compile(rf"(?<=[{PARTED}])(?=[^\W_{PARTED}])|(?<=[^\W_{PARTED}])(?=[{PARTED}])")
UNSPACED_CHAR = re.compile(rf"[{UNSPACED}]")
# Han and kana: words run together, a negation ("没有", "ない") inside the word it denies.
HAN_KANA_CHAR = re.compile(f"[{HAN_KANA}]")
PARTED_CHAR = re.compile(rf"[{PARTED}\uff01-\uff5e\u0660-\u0669\u06f0-\u06f9。、]")
# The punctuation of these scripts as ASCII with the space after it ("4，3" is two numbers, not
# 4.3); then full-width letters and digits ("７") and Arabic-Indic digits ("٩") as ASCII.
IDEOGRAPHIC = {
    "。": ". ", "、": ", ", "　": " ", "，": ", ", "？": "? ", "！": "! ", "：": ": ", "；": "; ",
    "،": ", ", "؟": "? ", "؛": "; ",
}  # fmt: skip
FULL_WIDTH = {
    **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)},
    **{0x0660 + d: 0x30 + d for d in range(10)},
    **{0x06F0 + d: 0x30 + d for d in range(10)},
}
SCRIPTS_SPACED = True  # ablation switch
# Han numerals from two to twelve, read as digits before a classifier or unit ("三个矮人" is "3
# 个 矮人", "差了两寸" "2 寸", "三英寸" "3 英寸"). Not "一": "一个", "一队" are as often "a" as
# "one". Not after "第" or before "目" (ordinals), nor after another numeral ("三十").
HAN_NUMERALS = {
    "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "十": 10, "十一": 11, "十二": 12,
}  # fmt: skip
HAN_NUMERALS_READ = True  # ablation switch


def space_scripts(text: str) -> str:
    """Return text with numbers parted from Han, kana, Hangul and Arabic letters by a space.

    "我的哥布林逃跑掷出7，追击者掷出9" reads as "… 掷出 7, 追击者掷出 9": its numbers are words of
    their own, as "fled 7, they rolled 9" are; its punctuation and full-width or Arabic-Indic
    digits are ASCII, and a classifier after a number ("5体を") a word of its own. Text with none
    of these scripts is returned as it is.
    """
    if not SCRIPTS_SPACED or not PARTED_CHAR.search(text):
        return text
    for mark, plain in IDEOGRAPHIC.items():
        text = text.replace(mark, plain)
    if HAN_NUMERALS_READ:
        text = _han_counted().sub(lambda m: str(HAN_NUMERALS[m.group(1)]), text)
    text = UNSPACED_EDGE.sub(" ", text.translate(FULL_WIDTH))
    # A number's classifier or unit is its next character ("5体を全滅", "20个帝国长枪兵", "9寸"):
    # a word of its own, as "5 models" has, unless a unit word of two starts there ("10厘米").
    units, classifiers = _unspaced_units(), _classifiers()
    # A unit glued to the word after it is a word of its own: "12インチ先の敵", "5인치를".
    text = _glued_unit().sub(r"\1 \2 ", text)
    return COUNTED.sub(
        lambda m: (
            f"{m.group(1)} {m.group(2)} "
            if m.group(2) in classifiers and m.group(2) + m.group(3) not in units
            else m.group(0)
        ),
        text,
    ).strip()


# A whole number, its space, then one Han character before more Han or kana: its classifier.
COUNTED = re.compile(r"(?<![\w.,])(\d+) ([\u4e00-\u9fff])(?=([\u3040-\u30ff\u4e00-\u9fff]))")


# Han and kana: scripts that write no spaces, where a word is about two characters long.
CHARACTERS_A_WORD = 2


def count_words(text: str) -> int:
    """Return how many words text has, its Han and kana runs counted by their characters."""
    runs = re.findall(r"[^\W\d_]+", text)
    unspaced = sum(len(HAN_KANA_CHAR.findall(run)) for run in runs)
    spaced = sum(1 for run in runs if not HAN_KANA_CHAR.search(run))
    return spaced + unspaced // CHARACTERS_A_WORD


@cache
def _han_counted() -> re.Pattern[str]:
    """Return the pattern of a Han numeral (two to twelve) right before a classifier or unit."""
    numerals = "".join(dict.fromkeys("".join(HAN_NUMERALS) + "一百千万萬几幾"))
    spelled = "|".join(sorted(HAN_NUMERALS, key=len, reverse=True))
    words = sorted({*_classifiers(), *_unspaced_units()}, key=len, reverse=True)
    after = "|".join(re.escape(w) for w in words)
    # "二体目", "三人目": the second model, the third man (an ordinal), not a count.
    return re.compile(rf"(?<![{numerals}第])({spelled})(?=(?:{after})(?!目))")


@cache
def _glued_unit() -> re.Pattern[str]:
    """Return the pattern of a number, its unit of an unspaced script, and a letter right after."""
    units = "|".join(re.escape(u) for u in sorted(_unspaced_units(), key=len, reverse=True))
    return re.compile(rf"(?<![\w.,])(\d+) ({units})(?=[{PARTED}])")


@cache
def _unspaced_units() -> frozenset[str]:
    """Return the inch and cm words of every language that start with Han, kana or Hangul."""
    words = (w for code in CODES for w in (*get_language(code).inch, *get_language(code).cm))
    return frozenset(w.lower() for w in words if UNSPACED_CHAR.match(w))


@cache
def _classifiers() -> frozenset[str]:
    """Return the one-character model nouns and units of the languages written in Han."""
    words = (
        w for code in CODES for w in (*get_language(code).model_nouns, *get_language(code).inch)
    )
    return frozenset(w for w in words if len(w) == 1 and UNSPACED_CHAR.match(w))
