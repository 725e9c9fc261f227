"""Faults: damaged, deleted or foreign index files and broken corpus files, at start or later."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask import Flask

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.embed import HashEmbedder
from refbot.errors import IndexUnwritable
from refbot.index import CLAUSES, VECTORS, current_build, read_manifest
from refbot.web import create_app
from tests.helpers import write_section

QUESTION = {"q": "my goblins fled 7, the pursuers rolled 7"}


def serving(settings: Settings, embedder: HashEmbedder | None = None) -> tuple[Flask, list[str]]:
    notices: list[str] = []
    bot = Refbot(settings, embedder=embedder or HashEmbedder(), notice=notices.append)
    return create_app(settings, bot), notices


def ask(app: Flask) -> tuple[int, dict[str, object]]:
    response = app.test_client().post("/api/ask", json=QUESTION)
    return response.status_code, response.get_json()


@pytest.mark.parametrize("damage", ["truncate", "delete", "delete-folder"])
def test_damage_while_serving_keeps_the_loaded_index(settings: Settings, damage: str) -> None:
    app, _ = serving(settings)
    assert ask(app)[0] == 200
    build = current_build(settings.index_dir)
    if damage == "truncate":
        (build / VECTORS).write_bytes(b"\0" * 10)
    elif damage == "delete":
        (build / CLAUSES).unlink()
    else:
        shutil.rmtree(settings.index_dir)
    status, body = ask(app)
    assert status == 200 and body["rule"]["outcome"]["caught"] is True  # type: ignore[index]


@pytest.mark.parametrize("damage", ["truncate", "delete"])
def test_damaged_index_at_start_is_rebuilt(settings: Settings, bot: Refbot, damage: str) -> None:
    bot.build()
    path = current_build(settings.index_dir) / VECTORS
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:100])
    else:
        path.unlink()
    app, notices = serving(settings)
    assert ask(app)[0] == 200
    assert "rebuilding" in notices[0]
    assert read_manifest(settings.index_dir).clause_count > 100


def test_index_of_another_model_is_not_used(settings: Settings, corpus_dir: Path) -> None:
    Refbot(settings.with_overrides(model="hash-64"), embedder=HashEmbedder(64)).build()
    app, notices = serving(settings)
    assert ask(app)[0] == 200
    assert "not the configured 'hash-256'" in notices[0]
    assert read_manifest(settings.index_dir).model == "hash-256"


def test_broken_corpus_file_while_serving_and_after_a_restart(
    settings: Settings, corpus_dir: Path
) -> None:
    app, _ = serving(settings)
    assert ask(app)[0] == 200
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", units="parsecs")
    assert ask(app)[0] == 200
    restarted, notices = serving(settings)
    assert ask(restarted)[0] == 200
    assert "serving the last good index" in notices[0] and "broken.md" in notices[0]


def test_no_index_and_a_broken_corpus_is_a_clear_503(settings: Settings, corpus_dir: Path) -> None:
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", lang="english")
    app, _ = serving(settings)
    status, body = ask(app)
    assert status == 503
    assert body["error"]["code"] == "index_missing"  # type: ignore[index]
    health = app.test_client().get("/api/health")
    assert health.status_code == 503 and "refbot build" in health.get_json()["problem"]


def test_an_unwritable_index_folder_serves_the_last_good_index(
    settings: Settings, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Refbot(settings, embedder=HashEmbedder()).build()
    write_section(corpus_dir, "warhammer-fantasy/club-faq/en/faq", "# FAQ\n\nKnights may sulk.\n")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("refbot.bot.save_index", refuse)
    notices: list[str] = []
    bot = Refbot(settings, embedder=HashEmbedder(), notice=notices.append)
    answer = bot.ask("my goblins fled 7, the pursuers rolled 7")  # no traceback
    assert answer.rule is not None
    assert any("cannot write the index" in n and "Permission denied" in n for n in notices)
    with pytest.raises(IndexUnwritable, match="Permission denied"):
        bot.build(force=True)
