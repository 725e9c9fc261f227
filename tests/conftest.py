from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.embed import HashEmbedder
from refbot.glossary import Glossary, load_glossary
from tests.helpers import SEED_CORPUS
from tests.pgcluster import postgres_url  # noqa: F401  (one PostgreSQL cluster per session)


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    """The seed corpus's glossary, read once a module."""
    return load_glossary(SEED_CORPUS / "glossary.yaml")


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    """A private copy of the seed corpus that a test may change."""
    target = tmp_path / "corpus"
    shutil.copytree(SEED_CORPUS, target)
    return target


@pytest.fixture
def settings(tmp_path: Path, corpus_dir: Path) -> Settings:
    return Settings(corpus_dir=corpus_dir, index_dir=tmp_path / "index", model="hash")


@pytest.fixture
def bot(settings: Settings) -> Refbot:
    return Refbot(settings, embedder=HashEmbedder())


@pytest.fixture
def runner(settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> CliRunner:
    """A CLI runner whose environment points refbot at the test corpus and the fake embedder."""
    monkeypatch.chdir(tmp_path)
    for name in ("REFBOT_CONFIG", "REFBOT_K", "REFBOT_THREADS"):
        monkeypatch.delenv(name, raising=False)
    return CliRunner(
        env={
            "REFBOT_MODEL": "hash",
            "REFBOT_CORPUS_DIR": str(settings.corpus_dir),
            "REFBOT_INDEX_DIR": str(settings.index_dir),
        }
    )


@pytest.fixture(scope="module")
def real_bot(tmp_path_factory: pytest.TempPathFactory) -> Refbot:
    """Return the default model on a copy of the seed corpus, built once for the module."""
    root = tmp_path_factory.mktemp("real")
    shutil.copytree(SEED_CORPUS, root / "corpus")
    return Refbot(Settings(corpus_dir=root / "corpus", index_dir=root / "index"))
