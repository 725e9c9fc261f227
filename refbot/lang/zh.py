"""Chinese (simplified and traditional): units, joiners, dice, negations.

Words are not spaced: a number glued to Han is parted from it first (`space_scripts`), so "掷出7"
and "9寸" read as in spaced scripts, and a one-character classifier after a number ("20个") is a
word. A run of Han is then cut into the glossary's Chinese words and negations that cover most of
it (`Glossary.segment`: "没有 冲锋"); a piece no term lists takes the concept of its nearest
glossary term (refbot.terms). Number words sit inside words and are not read.
"""

from __future__ import annotations

from refbot.lang import Language

LANGUAGE = Language(
    code="zh",
    stemmer="",
    decimal_comma=False,
    inch=("寸", "英寸", "吋"),
    cm=("厘米", "公分", "cm"),
    dice_letters=("d",),
    joiners=("和", "跟", "与", "與", "或"),
    plus=("加",),
    # Before the verb they deny, parted from it by the glossary's words ("没有 冲锋").
    negations=(
        "不",
        "没",
        "没有",
        "沒",
        "沒有",
        "未",
        "别",
        "別",
        "不能",
        "不会",
        "不會",
        "无法",
        "無法",
    ),
    degree=("度",),
    model_nouns=("个", "個", "名", "人", "只", "骑", "騎"),
    times=(("两次", 2), ("兩次", 2), ("二次", 2), ("三次", 3)),
    amount_words=("几", "幾", "多少"),
    page_markers=("第",),
)
