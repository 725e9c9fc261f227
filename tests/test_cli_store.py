"""`refbot report` and `refbot purge` on the store the web service writes."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from click.testing import CliRunner

from refbot.answer import Answer
from refbot.cli import main
from refbot.config import Settings
from refbot.store import Store
from refbot.store.store import now


@pytest.fixture
def store(settings: Settings) -> Store:
    """The store the runner's settings point at (SQLite beside the test index)."""
    return Store.open(settings.database_url)


def seed(store: Store) -> None:
    unsure = Answer("how many dice to overrun?", "en", "…", False, 0.4)
    store.record_question(unsure, "page", concept="overrun")
    abstained = Answer("¿cómo se lanza magia?", "es", "…", True, 0.0)
    for days in (0, 8):
        store.record_question(abstained, "widget", concept="magic", at=now() - timedelta(days))
    fine = store.record_question(Answer("fled 7?", "en", "…", False, 0.9), "api")
    store.record_feedback(fine, False, "the right rule was Caught!", "discord")
    store.record_question(Answer("old", "en", "…", True, 0.0), "api", at=now() - timedelta(400))


def test_report_prints_a_table_by_concept_and_language(runner: CliRunner, store: Store) -> None:
    seed(store)
    result = runner.invoke(main, ["report"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "5 answers, 1 feedback, 5 to look at"
    header = lines[1].split()
    assert header[:7] == [
        "concept",
        "lang",
        "total",
        "abstained",
        "unverified",
        "weak",
        "unhelpful",
    ]
    magic = next(line.split() for line in lines if line.startswith("magic"))
    assert magic[:7] == ["magic", "es", "2", "2", "0", "0", "0"]
    assert "    correction: the right rule was Caught!" in lines


def test_report_json_and_since(runner: CliRunner, store: Store) -> None:
    seed(store)
    data = json.loads(runner.invoke(main, ["report", "--json", "--since", "3d"]).output)
    assert data["answers"] == 3
    groups = {(g["concept"], g["lang"]): g for g in data["groups"]}
    assert groups[("magic", "es")]["reasons"]["abstained"] == 1
    assert groups[("overrun", "en")]["reasons"]["low_confidence"] == 1
    assert [e["corrections"] for e in data["entries"] if e["corrections"]] == [
        ["the right rule was Caught!"]
    ]
    bad = runner.invoke(main, ["report", "--since", "last week"])
    assert bad.exit_code == 1 and bad.output.startswith("error: since: 'last week'")


def test_report_faq_prints_the_export(runner: CliRunner, store: Store) -> None:
    seed(store)
    result = runner.invoke(main, ["report", "--faq", "es"])
    assert result.exit_code == 0
    assert "kind: faq" in result.output and "## ¿cómo se lanza magia?" in result.output
    assert "(La respuesta aún está por escribir.)" in result.output


@pytest.mark.parametrize("lang", ["xx", "english"])
def test_report_faq_refuses_an_unknown_language(runner: CliRunner, store: Store, lang: str) -> None:
    seed(store)
    result = runner.invoke(main, ["report", "--faq", lang])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: --faq: '{lang}' is not")
    assert result.output.count("\n") == 1


def test_purge_keeps_the_retention_period(
    runner: CliRunner, store: Store, settings: Settings
) -> None:
    seed(store)
    result = runner.invoke(main, ["purge"])
    assert result.exit_code == 0 and result.output.startswith("Purged 1 answers older than 180")
    assert store.count() == 4
    result = runner.invoke(main, ["purge", "--older-than", "5"])
    assert result.output.startswith("Purged 1 answers older than 5 days") and store.count() == 3


def test_purge_with_retention_off_needs_an_age(runner: CliRunner, store: Store) -> None:
    seed(store)
    result = runner.invoke(main, ["purge"], env={"REFBOT_RETENTION_DAYS": "0"})
    assert result.exit_code == 2 and "--older-than" in result.output and store.count() == 5


def test_a_store_that_cannot_be_opened_is_one_line(runner: CliRunner) -> None:
    result = runner.invoke(
        main, ["report"], env={"REFBOT_STORE_URL": "postgresql+psycopg://u:pw@127.0.0.1:1/x"}
    )
    assert result.exit_code == 1 and result.output.startswith("error: cannot open the store")
    assert "pw" not in result.output
