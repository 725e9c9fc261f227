"""A rule package outside refbot, installed through its entry point, is used everywhere."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from refbot.bot import Refbot
from refbot.plugins import reload_plugins
from refbot.rules import all_rules
from refbot.web import create_app
from tests.helpers import ROOT

PACKAGE = ROOT / "examples" / "refbot-charge-odds"
QUESTION = "Movement 4: what is the chance my charge reaches an enemy 9 inches away?"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Install the example plugin with pip into a folder put on the import path."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--target", str(target), str(PACKAGE)],
        check=True,
    )  # fmt: skip
    sys.path.insert(0, str(target))
    importlib.invalidate_caches()
    reload_plugins()
    yield target
    sys.path.remove(str(target))
    importlib.invalidate_caches()
    reload_plugins()


def test_the_plugin_rule_is_registered(installed: Path) -> None:
    assert "charge_reach" in {r.id for r in all_rules()}


def test_refbot_rules_lists_it(installed: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(installed), "REFBOT_MODEL": "hash"}
    listed = subprocess.run(
        [sys.executable, "-m", "refbot", "rules"], env=env, capture_output=True, text=True
    )
    assert listed.returncode == 0, listed.stderr
    assert "charge_reach" in listed.stdout
    computed = subprocess.run(
        [sys.executable, "-m", "refbot", "rule", "charge_reach", "--movement", "4",
         "--distance", "9", "--json"],
        env={**env, "REFBOT_CORPUS_DIR": str(ROOT / "corpus")},
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert computed.returncode == 0, computed.stderr
    assert '"p_reach": "5/9"' in computed.stdout  # 4 + highest die >= 9: 1 - (4/6)^2


def test_ask_computes_it(installed: Path, bot: Refbot) -> None:
    answer = bot.ask(QUESTION, lang="en")
    assert answer.rule is not None and answer.rule.id == "charge_reach"
    assert answer.rule.outcome["p_reach"] == "5/9"
    assert "55.6%" in answer.answer


def test_the_web_page_shows_it_with_its_chart(installed: Path, bot: Refbot) -> None:
    app = create_app(bot.settings, bot=bot)
    page = app.test_client().get("/", query_string={"q": QUESTION, "lang": "en"})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "55.6%" in html and "<svg" in html
