"""Parallel clauses: the clauses the aligner links to a clause in its section's other editions."""

from __future__ import annotations

from pathlib import Path

import pytest

from refbot.bot import Refbot

FLEE = "warhammer-fantasy/rulebook-en/en/flee-and-pursue"
CAUGHT = "If a pursuing unit rolls equal to or higher"  # the Caught! rule


def clause_with(bot: Refbot, section: str, text: str) -> str:
    return next(
        c.id for c in bot.loaded.index.clauses if c.id.startswith(section + "#") and text in c.text
    )


def test_a_clause_with_no_counterpart_section_has_no_parallel_clauses(bot: Refbot) -> None:
    bot.build()
    # The Spanish overrun section shares concepts with Flee & Pursue but is another rule.
    assert bot.parallel(clause_with(bot, FLEE, CAUGHT)) == []
    overrun = clause_with(bot, "warhammer-fantasy/reglamento-es/es/arrasamiento", "")
    assert bot.parallel(overrun) == []


@pytest.mark.parametrize("edition", ["club-translation", "rulebook-en-2"])
def test_parallel_clauses_of_a_clause_are_its_aligned_counterparts(
    bot: Refbot, corpus_dir: Path, edition: str
) -> None:
    source = corpus_dir / f"{FLEE}.md"
    text = source.read_text(encoding="utf-8").replace("edition: rulebook-en", f"edition: {edition}")
    # Another edition of the section that lacks one paragraph: links are by alignment, not by
    # clause number.
    text = text.replace(
        "If a unit fails its Break test it must flee and might be destroyed as it runs.\n", ""
    )
    copy = corpus_dir / f"warhammer-fantasy/{edition}/en/flee-and-pursue.md"
    copy.parent.mkdir(parents=True)
    copy.write_text(text, encoding="utf-8")
    bot.build()
    caught = bot.loaded.clause(clause_with(bot, FLEE, CAUGHT))
    counterpart = clause_with(bot, f"warhammer-fantasy/{edition}/en/flee-and-pursue", CAUGHT)
    assert counterpart.split("#")[1] != caught.id.split("#")[1]
    assert [c.id for c in bot.parallel(caught.id)] == [counterpart]
    assert [c.id for c in bot.parallel(counterpart)] == [caught.id]  # and back
