from __future__ import annotations

from pathlib import Path

import pytest

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.errors import CorpusError
from refbot.index import read_manifest
from tests.conftest import write_section


def test_second_build_is_a_no_op(bot: Refbot) -> None:
    assert bot.build().status == "built"
    first = read_manifest(bot.settings.index_dir)
    assert bot.build().status == "unchanged"
    assert read_manifest(bot.settings.index_dir) == first


def test_added_file_is_indexed_on_rebuild(bot: Refbot, corpus_dir: Path) -> None:
    bot.build()
    write_section(
        corpus_dir, "wfb/regelbuch/de/flucht", "# Flucht\n\nEine Einheit flieht 2W6 Zoll.\n"
    )
    report = bot.build()
    assert report.status == "built"
    assert any(c.lang == "de" for c in bot.index.clauses)


def test_bad_file_leaves_the_index_untouched(bot: Refbot, corpus_dir: Path) -> None:
    bot.build()
    before = read_manifest(bot.settings.index_dir)
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", units="parsecs")
    with pytest.raises(CorpusError, match=r"wfb/mine/en/broken\.md: units"):
        bot.build()
    assert read_manifest(bot.settings.index_dir) == before


def test_search_serves_last_good_index_when_corpus_breaks(
    settings: Settings, bot: Refbot, corpus_dir: Path
) -> None:
    bot.build()
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", lang="english")
    notices: list[str] = []
    fresh = Refbot(settings, embedder=bot.embedder, notice=notices.append)
    assert fresh.search("pursuers catch the fleeing unit")
    assert "serving the last good index" in notices[0]


def test_stale_index_is_rebuilt_with_a_notice(
    settings: Settings, bot: Refbot, corpus_dir: Path
) -> None:
    bot.build()
    write_section(
        corpus_dir, "wfb/regelbuch/de/flucht", "# Flucht\n\nEine Einheit flieht 2W6 Zoll.\n"
    )
    notices: list[str] = []
    fresh = Refbot(settings, embedder=bot.embedder, notice=notices.append)
    hits = fresh.search("Eine Einheit flieht", lang="de")
    assert hits[0].clause.text == "Eine Einheit flieht 2W6 Zoll."
    assert "corpus changed" in notices[0]


@pytest.mark.parametrize(
    ("filters", "field", "value"),
    [
        ({"lang": "ru"}, "lang", "ru"),
        ({"game": "mordheim"}, "game", "mordheim"),
        ({"kind": "example"}, "kind", "example"),
    ],
)
def test_search_filters(bot: Refbot, filters: dict[str, str], field: str, value: str) -> None:
    hits = bot.search("unit", k=5, **filters)
    assert hits and all(getattr(h.clause, field) == value for h in hits)


def test_clause_filters(bot: Refbot) -> None:
    examples = bot.clauses(kind="example", lang="en")
    assert examples and all(c.kind == "example" and c.lang == "en" for c in examples)


SEARCHES = [
    ("en", "How far does a unit overrun?", ("Arrasamiento", "Overrun")),
    ("es", "¿Puede un guerrero abandonar el combate cuerpo a cuerpo?", ("Выход из боя",)),
    ("ru", "Атаки по сбитому с ног воину попадают автоматически?", ("Воины, сбитые с ног",)),
    (
        "de",
        "Kann eine Einheit, die angegriffen wurde und alle Feinde vernichtet hat, überrennen?",
        ("Arrasamiento", "Overrun"),
    ),
    (
        "fr",
        "Une unité qui a chargé et anéanti l'ennemi peut-elle faire une percée ?",
        ("Arrasamiento", "Overrun"),
    ),
]


@pytest.mark.model
@pytest.mark.parametrize(("lang", "question", "headings"), SEARCHES)
def test_real_model_finds_the_section_in_every_language(
    tmp_path: Path, corpus_dir: Path, lang: str, question: str, headings: tuple[str, ...]
) -> None:
    real = Refbot(Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index"))
    hits = real.search(question, k=5)
    assert any(any(h in hit.clause.heading for h in headings) for hit in hits[:3])
