"""The dice charts beside an answer: what they draw, their legend, numbers and text alternative."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from refbot.i18n import format_percentage
from refbot.rules import all_rules
from refbot.rules.core import RuleResult
from refbot.rules.dice import distribution
from refbot.web.chart import bar_chart


def pursuit_result(inputs: dict[str, object]) -> RuleResult:
    outcome = {"p_caught": "7/12"}
    return RuleResult("pursuit", "warhammer-fantasy", "rulebook-en", "pursuit", inputs, outcome, [])


def chart_of(result: RuleResult):  # type: ignore[no-untyped-def]
    rule = next(r for r in all_rules() if r.id == result.id and r.edition == result.edition)
    assert rule.chart is not None
    return rule.chart(result)


@pytest.mark.parametrize(
    ("inputs", "series", "region"),
    [
        # The flee roll is known: only the pursuit roll is drawn, 7 and up catches.
        ({"flee": {"total": 7, "dice": "2D6"}}, ["pursuit roll"], (7, 12)),
        ({"pursuit": {"total": 5, "dice": "2D6"}}, ["flee roll"], (2, 5)),
        ({}, ["flee roll", "pursuit roll"], None),
    ],
)
def test_the_pursuit_chart_draws_what_is_unknown_given_what_is_known(
    inputs: dict[str, object], series: list[str], region: tuple[int, int] | None
) -> None:
    chart = chart_of(pursuit_result(inputs))
    assert [label for label, _ in chart.series] == series
    assert chart.region == region


@pytest.mark.parametrize(("lang", "written"), [("en", "58.3%"), ("fr", "58,3"), ("de", "58,3")])
def test_the_chart_has_a_legend_locale_numbers_and_a_text_alternative(
    lang: str, written: str
) -> None:
    svg = str(
        bar_chart(
            [("pursuit roll", distribution(2))],
            "Chance of each pursuit roll",
            lambda p: format_percentage(p, lang),
            region=(7, 12),
            region_label="caught: 7 or more",
            others_label="other totals",
        )
    )
    assert "caught: 7 or more" in svg and "other totals" in svg  # every colour is named
    desc = re.search(r"<desc>(.*)</desc>", svg)
    assert desc and f"caught: 7 or more: {written}" in desc.group(1)
    tooltips = re.findall(r"<title>pursuit roll \d+: ([^<]*)</title>", svg)
    assert len(tooltips) == 11
    assert format_percentage(Fraction(1, 36), lang) in tooltips  # 2: one chance in 36
    # Totals outside the deciding region are faded, inside are not.
    assert svg.count('opacity="0.35"') == 5 + 1  # totals 2 to 6, and the legend's faded square
