"""Faults: damaged, deleted or foreign index files and broken corpus files, at start or later."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask

from refbot.bot import Refbot
from refbot.cli import main
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
    assert notices[0].endswith("; building it now")
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


# --- health says "degraded" while a last good index is served ----------------------------------


def health(app: Flask) -> tuple[int, dict[str, object]]:
    response = app.test_client().get("/api/health")
    return response.status_code, response.get_json()


def test_a_broken_corpus_at_start_is_degraded_health(settings: Settings, corpus_dir: Path) -> None:
    Refbot(settings, embedder=HashEmbedder()).build()
    write_section(corpus_dir, "wfb/mine/en/broken", "Text.\n", units="parsecs")
    app, _ = serving(settings)
    assert ask(app)[0] == 200
    status, report = health(app)
    assert status == 200 and report["status"] == "degraded"
    assert "broken.md" in str(report["problem"]) and "last good index" in str(report["problem"])


def test_an_unwritable_index_folder_is_degraded_health(
    settings: Settings, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Refbot(settings, embedder=HashEmbedder()).build()
    write_section(corpus_dir, "warhammer-fantasy/club-faq/en/faq", "# FAQ\n\nKnights may sulk.\n")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("refbot.bot.save_index", refuse)
    app, _ = serving(settings)
    assert ask(app)[0] == 200
    status, report = health(app)
    assert status == 200 and report["status"] == "degraded"
    assert "Permission denied" in str(report["problem"])


def test_a_new_build_that_cannot_be_loaded_is_degraded_until_a_good_one(
    settings: Settings, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("refbot.bot.RELOAD_CHECK_SECONDS", 0.0)
    app, _ = serving(settings)
    assert ask(app)[0] == 200 and health(app)[1]["status"] == "ok"
    # A newer build whose vectors are damaged: the service keeps the one it has.
    write_section(corpus_dir, "warhammer-fantasy/club-faq/en/faq", "# FAQ\n\nKnights may sulk.\n")
    Refbot(settings, embedder=HashEmbedder()).build()
    (current_build(settings.index_dir) / VECTORS).write_bytes(b"\0" * 10)
    assert ask(app)[0] == 200
    status, report = health(app)
    assert status == 200 and report["status"] == "degraded"
    assert "could not be loaded" in str(report["problem"])
    Refbot(settings, embedder=HashEmbedder()).build(force=True)
    assert ask(app)[0] == 200
    status, report = health(app)
    assert report["status"] == "ok" and report["problem"] is None
    assert report["clauses"] == read_manifest(settings.index_dir).clause_count


# --- concurrent builds ---------------------------------------------------------------------------


class SlowEmbedder(HashEmbedder):
    """The hash embedder, slowed down so that two builds certainly overlap."""

    def embed(self, texts: list[str]):  # type: ignore[no-untyped-def, override]
        time.sleep(0.05)
        return super().embed(texts)


def test_two_forced_builds_at_once_take_turns(settings: Settings) -> None:
    notices: list[str] = []
    errors: list[BaseException] = []

    def build() -> None:
        try:
            Refbot(settings, embedder=SlowEmbedder(), notice=notices.append).build(force=True)
        except BaseException as exc:  # the test reports whatever escaped
            errors.append(exc)

    threads = [threading.Thread(target=build) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sum("another build is in progress" in n for n in notices) == 2
    bot = Refbot(settings, embedder=HashEmbedder())
    assert bot.build().status == "unchanged"  # the last build left a whole, current index
    assert len(list(settings.index_dir.glob("build-*"))) == 1


def test_a_build_waits_for_the_lock_and_says_so(settings: Settings) -> None:
    from filelock import FileLock

    from refbot.bot import BUILD_LOCK

    settings.index_dir.mkdir(parents=True)
    lock = FileLock(settings.index_dir / BUILD_LOCK)
    lock.acquire()
    notices: list[str] = []
    done = threading.Event()

    def build() -> None:
        Refbot(settings, embedder=HashEmbedder(), notice=notices.append).build(force=True)
        done.set()

    thread = threading.Thread(target=build)
    thread.start()
    try:
        assert not done.wait(1.0)  # held back while another build holds the lock
        assert notices and "waiting for it" in notices[0]
    finally:
        lock.release()
    thread.join(10)
    assert done.is_set() and read_manifest(settings.index_dir).clause_count > 100


def test_a_build_that_waits_too_long_is_a_clear_error(
    runner: CliRunner, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from filelock import FileLock

    from refbot.bot import BUILD_LOCK

    monkeypatch.setattr("refbot.bot.BUILD_WAIT_SECONDS", 0.2)
    settings.index_dir.mkdir(parents=True)
    with FileLock(settings.index_dir / BUILD_LOCK):
        result = runner.invoke(main, ["build", "--force"])
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1].startswith("error: another build has held")
