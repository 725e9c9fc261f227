from __future__ import annotations

import pytest

from refbot.glossary import Glossary
from refbot.scripts import space_scripts


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        ("逃跑掷出7，追击者掷出9。", "逃跑掷出 7, 追击者掷出 9."),
        ("逃走で７を出し、追撃側は9を出した", "逃走で 7 を出し, 追撃側は 9 を出した"),
        ("추격자가 9를 굴렸다", "추격자가 9 를 굴렸다"),
        ("Mordheim에서", "Mordheim 에서"),
        # Scripts written with spaces are left as they are, punctuation and all.
        ("fled 7,they rolled 9.5, e.g. 2D6", "fled 7,they rolled 9.5, e.g. 2D6"),
        ("fled 7... e.g. http://x.com 追", "fled 7... e.g. http://x.com 追"),
        # A full-width comma between faces is no decimal point.
        ("溃逃掷了4，3", "溃逃掷了 4, 3"),
        # Only a classifier or unit after a whole number is parted, not any Han character.
        ("7追击者", "7 追击者"),
        ("第3回合冲锋", "第 3 回合冲锋"),
        ("M5 追击", "M5 追击"),
        ("移动10厘米，还剩14个人", "移动 10 厘米, 还剩 14 个 人"),
        # A unit glued to the word after it is a word of its own.
        ("12インチ先の敵に", "12 インチ 先の敵に"),
        ("5인치를 움직여", "5 인치 를 움직여"),
        # Arabic-Indic digits are digits.
        ("رموا٩ و٣", "رموا 9 و 3"),
        ("", ""),
    ],
)
def test_numbers_are_parted_from_scripts_written_without_spaces(text: str, spaced: str) -> None:
    assert space_scripts(text) == spaced


@pytest.mark.parametrize(
    ("term", "question", "lang", "concept"),
    [
        # A term of the glossary is read as a question is: "1インチ以内" in both.
        ("1インチ以内", "味方の1インチ以内を通っていい?", "ja", "inch_rule"),
    ],
)
def test_a_term_and_a_question_written_alike_are_spaced_alike(
    glossary: Glossary, term: str, question: str, lang: str, concept: str
) -> None:
    assert space_scripts(term) in glossary.concepts[concept].words[lang]
    spaced = glossary.segment(space_scripts(question), lang)
    assert concept in {m.concept for m in glossary.find(spaced, lang)}


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        # A Han numeral before a classifier or unit is a count or a length.
        ("我的兽人被三个矮人围殴", "我的兽人被 3 个 矮人围殴"),
        ("差了两寸没够着", "差了 2 寸 没够着"),
        ("十二人", "12 人"),
        ("三体の敵", "3 体 の敵"),
        ("差了三英寸", "差了 3 英寸"),
        ("五厘米", "5 厘米"),
        # Not "一" (as often "a"), an ordinal, a numeral inside a larger one, or before no
        # classifier.
        ("一个青年兵", "一个青年兵"),
        ("第二个单位", "第二个单位"),
        ("三十个人", "三十个人"),
        ("三国", "三国"),
        ("二体目が攻撃", "二体目が攻撃"),
    ],
)
def test_a_han_numeral_before_a_classifier_reads_as_digits(text: str, spaced: str) -> None:
    assert space_scripts(text) == spaced
