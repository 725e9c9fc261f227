"""The question log on SQLite and on a real PostgreSQL: answers, feedback, purge, report."""

from __future__ import annotations

import multiprocessing
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import yaml
from sqlalchemy import text

from refbot.answer import UNVERIFIED_CONFIDENCE, Answer
from refbot.bot import Refbot
from refbot.corpus import load_corpus, split_front_matter
from refbot.errors import InvalidFeedback, InvalidSince, StoreError, UnknownAnswer
from refbot.ingest import import_files
from refbot.segment import segment_section
from refbot.store import CHANNELS, Reason, Store, build_report
from refbot.store.report import faq_markdown, only_game, parse_since, week
from tests.helpers import SEED_CORPUS
from tests.pgcluster import fresh_database

PURSUIT = "my goblins fled 7, the pursuers rolled 7, what happens?"
OTHER_GAME = "How far can a Space Marine move in Warhammer 40k?"
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLAlchemy URL of an empty database: a SQLite file, or one in a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'log' / 'refbot.db'}"
    cluster = request.getfixturevalue("postgres_url")
    return fresh_database(cluster, f"t{uuid.uuid4().hex[:12]}")


@pytest.fixture
def store(database: str) -> Store:
    return Store.open(database)


def test_an_answer_is_kept_with_everything_it_said(store: Store, bot: Refbot) -> None:
    answer = bot.ask(PURSUIT)
    answer_id = store.record_question(answer, "api", at=NOW)
    kept = store.answer(answer_id)
    assert len(answer_id) == 32 and kept.created_at == NOW
    assert (kept.question, kept.lang, kept.answer) == (PURSUIT, "en", answer.answer)
    assert (kept.rule, kept.concept, kept.game) == ("pursuit", "pursuit", "warhammer-fantasy")
    assert kept.inputs == {"flee": "7", "pursuit": "7"}
    assert kept.citations == [c.id for c in answer.citations] and kept.citations
    assert kept.confidence == pytest.approx(answer.confidence) and not kept.abstained


def test_an_abstention_is_kept_with_the_concept_given(store: Store, bot: Refbot) -> None:
    answer = bot.ask(OTHER_GAME)
    assert answer.abstained
    kept = store.answer(store.record_question(answer, "page", concept="warhammer-40k"))
    assert kept.abstained and kept.rule is None and kept.concept == "warhammer-40k"
    assert kept.confidence == 0.0 and kept.inputs == {}


@pytest.mark.parametrize("channel", CHANNELS)
def test_feedback_from_every_channel_lands(store: Store, bot: Refbot, channel: str) -> None:
    answer_id = store.record_question(bot.ask(PURSUIT), channel)
    store.record_feedback(answer_id, False, "  the right rule was Restrain Pursuit  ", channel)
    store.record_feedback(answer_id, True, "", channel)
    [(_, verdicts)] = store.answers()
    assert [(v.helpful, v.correction, v.channel) for v in verdicts] == [
        (False, "the right rule was Restrain Pursuit", channel),
        (True, None, channel),
    ]


def test_feedback_on_an_unknown_answer_is_refused(store: Store) -> None:
    with pytest.raises(UnknownAnswer, match="no answer with id"):
        store.record_feedback("0" * 32, True)


def test_a_correction_too_long_is_refused_and_nothing_is_lost(store: Store, bot: Refbot) -> None:
    answer_id = store.record_question(bot.ask(PURSUIT), "api")
    with pytest.raises(InvalidFeedback, match="at most 2000"):
        store.record_feedback(answer_id, False, "x" * 2001)
    assert store.count() == 1 and store.answers()[0][1] == []


def test_answers_and_feedback_survive_reopening(database: str, bot: Refbot) -> None:
    first = Store.open(database)
    answer_id = first.record_question(bot.ask(PURSUIT), "widget")
    first.record_feedback(answer_id, False, "wrong", "widget")
    first.close()
    again = Store.open(database)  # the migrations run again and find nothing to do
    [(served, verdicts)] = again.answers()
    assert served.id == answer_id and verdicts[0].correction == "wrong"


def test_purge_deletes_old_answers_with_their_feedback(store: Store, bot: Refbot) -> None:
    answer = bot.ask(PURSUIT)
    old = store.record_question(answer, "api", at=NOW - timedelta(days=200))
    store.record_feedback(old, False, "old", at=NOW - timedelta(days=200))
    recent = store.record_question(answer, "api", at=NOW - timedelta(days=10))
    store.record_feedback(recent, False, "recent", at=NOW - timedelta(days=10))
    assert store.purge(timedelta(days=180), at=NOW) == 1
    [(served, verdicts)] = store.answers()
    assert served.id == recent and [v.correction for v in verdicts] == ["recent"]
    with pytest.raises(UnknownAnswer):
        store.answer(old)


def test_times_in_any_zone_are_kept_in_utc(store: Store, bot: Refbot) -> None:
    from zoneinfo import ZoneInfo

    moscow = NOW.astimezone(ZoneInfo("Europe/Moscow"))
    answer_id = store.record_question(bot.ask(PURSUIT), "api", at=moscow)
    assert store.answer(answer_id).created_at == NOW
    assert store.purge(timedelta(hours=1), at=NOW + timedelta(minutes=30)) == 0
    assert (
        store.purge(timedelta(hours=1), at=(NOW + timedelta(hours=2)).astimezone(moscow.tzinfo))
        == 1
    )


def _verified(answer: Answer, ok: bool = True) -> Answer:
    """Return the answer as if its clauses had (or had not) verified its computed outcome.

    The test index's hash embedder retrieves too poorly to verify anything by itself.
    """
    rules = tuple(replace(r, verified=ok) for r in answer.rules)
    return replace(answer, rules=rules, confidence=0.9 if ok else UNVERIFIED_CONFIDENCE)


def test_report_groups_by_concept_and_language_per_week(store: Store, bot: Refbot) -> None:
    pursuit, abstention = _verified(bot.ask(PURSUIT)), bot.ask(OTHER_GAME)
    weeks = [NOW - timedelta(days=14), NOW - timedelta(days=7), NOW]
    for at in weeks:
        store.record_question(abstention, "api", concept="warhammer-40k", at=at)
    fine = store.record_question(pursuit, "page", at=NOW)
    store.record_feedback(fine, True)
    unhelpful = store.record_question(pursuit, "widget", at=NOW)
    store.record_feedback(unhelpful, False, "restrain first")
    report = build_report(store)
    assert (report.answers, report.feedback, len(report.entries)) == (5, 2, 4)
    groups = {(g.concept, g.lang): g for g in report.groups}
    other = groups[("warhammer-40k", "en")]
    assert other.total == 3 and other.reasons == {"abstained": 3}
    assert sorted(other.weeks.items()) == [(week(at), 1) for at in weeks]
    pursue = groups[("pursuit", "en")]
    assert pursue.total == 1 and pursue.reasons == {"not_helpful": 1}
    flagged = next(e for e in report.entries if e.id == unhelpful)
    assert flagged.reasons == (Reason.NOT_HELPFUL,) and flagged.corrections == ("restrain first",)
    assert fine not in {e.id for e in report.entries}
    recent = build_report(store, since=NOW - timedelta(days=1))
    assert recent.answers == 3
    assert {g.concept for g in recent.groups} == {"warhammer-40k", "pursuit"}


def test_an_unverified_computation_is_flagged_as_such_and_a_weak_lookup_by_threshold(
    store: Store, bot: Refbot
) -> None:
    verified = _verified(bot.ask(PURSUIT))
    store.record_question(verified, "api")
    assert build_report(store).entries == ()
    assert build_report(store, threshold=0.95).entries == ()  # the threshold is for lookups
    # 0.6: exactly the default threshold, and still flagged, as what it is.
    first = store.record_question(_verified(verified, ok=False), "api")
    assert store.answer(first).verified is False
    [entry] = build_report(store).entries
    assert entry.id == first and entry.reasons == (Reason.UNVERIFIED,)
    weak = store.record_question(Answer("what is a flee?", "en", "…", False, 0.5), "api")
    strong = store.record_question(Answer("what is a rout?", "en", "…", False, 0.7), "api")
    assert store.answer(weak).verified is None
    flagged = {e.id: e.reasons for e in build_report(store).entries}
    assert flagged == {first: (Reason.UNVERIFIED,), weak: (Reason.LOW_CONFIDENCE,)}
    assert strong in {e.id for e in build_report(store, threshold=0.75).entries}


def test_the_verified_migration_fills_in_the_answers_logged_before_it(database: str) -> None:
    old = Store(database)
    old.migrate("0001")
    rows = [("a" * 32, "pursuit", 0.9), ("b" * 32, "pursuit", 0.6), ("c" * 32, None, 0.5)]
    with old.engine.begin() as connection:
        for answer_id, rule, confidence in rows:
            connection.execute(
                text(
                    "INSERT INTO answers (id, created_at, channel, question, lang, answer, "
                    "abstained, confidence, rule, inputs, citations) VALUES (:id, :at, 'api', "
                    "'q', 'en', 'a', :no, :confidence, :rule, '{}', '[]')"
                ),
                {"id": answer_id, "at": NOW, "no": False, "confidence": confidence, "rule": rule},
            )
    old.engine.dispose()
    store = Store.open(database)
    assert [store.answer(i).verified for i, _, _ in rows] == [True, False, None]


def test_report_json_is_plain_data(store: Store, bot: Refbot) -> None:
    store.record_question(bot.ask(OTHER_GAME), "discord", concept="warhammer-40k", at=NOW)
    data = build_report(store).to_dict()
    assert data["groups"] == [
        {
            "concept": "warhammer-40k",
            "lang": "en",
            "total": 1,
            "reasons": {"abstained": 1, "unverified": 0, "low_confidence": 0, "not_helpful": 0},
            "weeks": {"2026-W49": 1},
        }
    ]
    assert data["entries"][0]["reasons"] == ["abstained"]
    assert data["entries"][0]["created_at"] == NOW.isoformat()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout_and_normal_sync(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'refbot.db'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 15000
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1


def _write_many(url: str, worker: int, count: int) -> None:
    from refbot.answer import Answer

    store = Store.open(url)  # every worker migrates at start, as gunicorn's workers would
    for n in range(count):
        answer_id = store.record_question(Answer(f"q{worker}-{n}", "en", "a", True, 0.0), "api")
        store.record_feedback(answer_id, n % 2 == 0, None)


def test_processes_writing_at_once_to_one_sqlite_file_all_land(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'refbot.db'}"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_many, args=(url, w, 40)) for w in range(4)]
    for p in workers:
        p.start()
    for p in workers:
        p.join(120)
    assert [p.exitcode for p in workers] == [0, 0, 0, 0]
    rows = Store.open(url).answers()
    assert len(rows) == 160 and sum(len(v) for _, v in rows) == 160


@pytest.mark.parametrize(
    "url", ["not a url", "nosuchdialect://x/y", "postgresql+nosuchdriver://h/db"]
)
def test_a_store_url_that_cannot_be_used_is_one_clear_error(url: str) -> None:
    with pytest.raises(StoreError, match="store_url"):
        Store.open(url)


def test_an_unwritable_sqlite_folder_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot create the store's folder"):
        Store.open(f"sqlite:///{blocker / 'sub' / 'refbot.db'}")


def test_an_unreachable_database_is_one_clear_error_without_its_password() -> None:
    with pytest.raises(StoreError) as caught:
        Store.open("postgresql+psycopg://refbot:secret@127.0.0.1:1/refbot")
    assert "secret" not in str(caught.value) and "cannot open the store" in str(caught.value)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("2026-11-01", datetime(2026, 11, 1, tzinfo=UTC)),
        ("30d", datetime(2026, 10, 31, tzinfo=UTC)),
    ],
)
def test_since_is_a_date_or_days_back(given: str, expected: datetime) -> None:
    assert parse_since(given, today=NOW.date()) == expected


@pytest.mark.parametrize("given", ["yesterday", "30", "2026-13-01", "-3d"])
def test_since_that_cannot_be_read_names_itself(given: str) -> None:
    with pytest.raises(InvalidSince, match="since"):
        parse_since(given)


def test_the_faq_export_is_corpus_markdown_that_refbot_add_imports(
    store: Store, bot: Refbot, tmp_path: Path
) -> None:
    pursuit = bot.ask(PURSUIT)
    for correction in ("The unit is caught: destroyed.", "# not a heading"):
        answer_id = store.record_question(pursuit, "page")
        store.record_feedback(answer_id, False, correction)
    store.record_question(bot.ask(OTHER_GAME), "api", concept="warhammer-40k")
    text = faq_markdown(build_report(store), "en", "FAQ", "(To be written.)")
    header, _body = split_front_matter(text) or ("", "")
    meta = yaml.safe_load(header)
    assert meta["kind"] == "faq" and meta["lang"] == "en" and meta["game"] == "warhammer-fantasy"
    assert {"edition", "units", "title", "source"} <= set(meta)
    # A valid corpus file as it stands, once placed where its front matter says.
    corpus = tmp_path / "faq-corpus"
    placed = corpus / meta["game"] / meta["edition"] / "en" / "faq.md"
    placed.parent.mkdir(parents=True)
    placed.write_text(text, encoding="utf-8")
    [section] = load_corpus(corpus)
    # Each logged question is a FAQ entry: its answer (the corrections, a "#" kept as text)
    # is one clause of kind faq, searched and cited with the question.
    answers = {c.question: c.text for c in segment_section(section) if c.kind == "faq"}
    assert answers[PURSUIT] == "The unit is caught: destroyed. not a heading"
    assert answers[OTHER_GAME] == "(To be written.)"
    # And `refbot add` imports the downloaded file.
    download = tmp_path / "faq-en.md"
    download.write_text(text, encoding="utf-8")
    imported = tmp_path / "imported"
    report = import_files(
        [download], imported, "warhammer-fantasy", "faq", "en", "none", max_bytes=10**6
    )
    [written] = [s for f in report.files for s in f.sections]
    assert written.status == "new" and PURSUIT in (imported / written.path).read_text("utf-8")


def test_a_faq_of_questions_about_no_known_game_leaves_the_game_to_the_importer(
    store: Store, bot: Refbot, tmp_path: Path
) -> None:
    store.record_question(bot.ask(OTHER_GAME), "api", concept="warhammer-40k")
    text = faq_markdown(build_report(store), "en", "FAQ", "(To be written.)")
    header, _body = split_front_matter(text) or ("", "")
    assert "game" not in yaml.safe_load(header)  # never a made-up slug such as "unknown"
    download = tmp_path / "faq-en.md"
    download.write_text(text, encoding="utf-8")
    report = import_files([download], tmp_path / "c", "warhammer-fantasy", "faq", max_bytes=10**6)
    [written] = [s for f in report.files for s in f.sections]
    assert written.path.startswith("warhammer-fantasy/faq/en/")
    [section] = load_corpus(tmp_path / "c")
    assert section.kind == "faq"  # from the file's own front matter, no --kind needed
    # A corpus of one game names it; of two (the seed corpus) names none.
    assert only_game(tmp_path / "c") == "warhammer-fantasy"
    assert only_game(SEED_CORPUS) is None
    with_game = faq_markdown(build_report(store), "en", "FAQ", "(…)", only_game(tmp_path / "c"))
    assert yaml.safe_load(split_front_matter(with_game)[0])["game"] == "warhammer-fantasy"


def test_the_migrations_build_exactly_the_tables_the_code_uses(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from refbot.store.tables import metadata

    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []


def test_the_head_revision_the_store_checks_is_the_newest_migration() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from refbot.store.store import HEAD_REVISION

    config = Config()
    config.set_main_option("script_location", "refbot.store:migrations")
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD_REVISION


def test_a_store_already_migrated_opens_without_running_the_migrations(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Store.open(database)
    assert first.revision() == "0002"
    ran: list[str] = []
    monkeypatch.setattr(Store, "migrate", lambda self, revision="head": ran.append(revision))
    Store.open(database)
    assert ran == []
    monkeypatch.undo()
    # One behind: opening it migrates.
    with first.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0001'")
    monkeypatch.setattr(Store, "migrate", lambda self, revision="head": ran.append(revision))
    Store.open(database)
    assert ran == ["head"]
