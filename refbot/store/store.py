"""Answers and feedback in a SQL database: SQLite by default, any SQLAlchemy URL otherwise."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, delete, event, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

from refbot.answer import Answer
from refbot.errors import InvalidFeedback, StoreError, UnknownAnswer
from refbot.store.tables import answers, feedback

CHANNELS = ("api", "page", "widget", "discord")
MAX_CORRECTION_CHARS = 2000
# SQLite lets one writer in at a time; the others wait this long (gunicorn's workers share it).
BUSY_TIMEOUT_SECONDS = 15
# The newest migration (refbot/store/migrations/versions; a test keeps the two in step). A store
# already there opens without importing Alembic, which costs every serving worker ~25 MiB.
HEAD_REVISION = "0002"


@dataclass(frozen=True)
class Served:
    """What the store keeps of an answer it was given."""

    id: str
    created_at: datetime
    channel: str
    question: str
    lang: str
    answer: str
    abstained: bool
    confidence: float
    rule: str | None
    edition: str | None
    game: str | None
    concept: str | None
    inputs: dict[str, Any]
    citations: list[str]
    # Whether the computed outcome was verified (None: no rule was computed).
    verified: bool | None = None


@dataclass(frozen=True)
class Verdict:
    """One reader's feedback on an answer."""

    answer_id: str
    created_at: datetime
    channel: str
    helpful: bool
    correction: str | None


class Store:
    """The question log: record answers and feedback, purge old ones, read them back."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            parsed = make_url(url)
        except ArgumentError:
            raise StoreError(f"setting 'store_url': {url!r} is not a database URL") from None
        self.sqlite = parsed.get_backend_name() == "sqlite"
        options: dict[str, Any] = {"pool_pre_ping": not self.sqlite}
        if self.sqlite:
            options["connect_args"] = {"timeout": BUSY_TIMEOUT_SECONDS}
            if parsed.database:
                folder = Path(parsed.database).parent
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StoreError(f"cannot create the store's folder {folder}: {exc}") from None
        try:
            self.engine: Engine = create_engine(url, **options)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise StoreError(f"setting 'store_url': cannot use {_safe(url)}: {exc}") from None
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._pid = os.getpid()

    @classmethod
    def open(cls, url: str) -> Store:
        """Open the database at url and bring its tables up to date (runs the migrations)."""
        store = cls(url)
        if store.revision() != HEAD_REVISION:
            store.migrate()
        return store

    def revision(self) -> str | None:
        """Return the migration the database is at (None before the first, or unreadable)."""
        try:
            with self.engine.connect() as connection:
                found = connection.exec_driver_sql("SELECT version_num FROM alembic_version")
                versions = [row[0] for row in found]
        except SQLAlchemyError:
            return None
        finally:
            self.engine.dispose()
        return versions[0] if len(versions) == 1 else None

    def migrate(self, revision: str = "head") -> None:
        """Run the migrations the database has not had yet, one process at a time.

        `revision` stops at an earlier one (tests of a migration start from the one before).
        """
        from alembic import command
        from alembic.config import Config
        from filelock import FileLock, Timeout

        config = Config()
        config.set_main_option("script_location", "refbot.store:migrations")
        database = self.engine.url.database
        lock = FileLock(f"{database}.lock") if self.sqlite and database else None
        try:
            if lock is not None:
                lock.acquire(timeout=60)
            with self.engine.begin() as connection:
                if self.engine.dialect.name == "postgresql":
                    # Two workers starting at once: the second waits, then finds nothing to do.
                    connection.exec_driver_sql("SELECT pg_advisory_xact_lock(727263)")
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
        except (SQLAlchemyError, OSError) as exc:
            raise StoreError(f"cannot open the store at {_safe(self.url)}: {exc}") from None
        except Timeout:
            raise StoreError(
                f"cannot open the store at {_safe(self.url)}: another process has been "
                f"migrating it for a minute ({lock.lock_file if lock else ''} is held)"
            ) from None
        finally:
            if lock is not None and lock.is_locked:
                lock.release()
        # Forked workers must not share the parent's connections (gunicorn --preload).
        self.engine.dispose()

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        if os.getpid() != self._pid:
            # A forked worker: drop the parent's pooled connections without closing them.
            self.engine.dispose(close=False)
            self._pid = os.getpid()
        try:
            with self.engine.begin() as connection:
                yield connection
        except SQLAlchemyError as exc:
            raise StoreError(f"the store at {_safe(self.url)} failed: {exc}") from None

    def record_question(
        self,
        answer: Answer,
        channel: str,
        concept: str | None = None,
        at: datetime | None = None,
    ) -> str:
        """Keep an answer served on a channel; return its id, which feedback refers to."""
        if channel not in CHANNELS:
            raise ValueError(f"channel must be one of {', '.join(CHANNELS)}, not {channel!r}")
        answer_id = secrets.token_hex(16)
        rule = answer.rule
        game = rule.game if rule else answer.citations[0].game if answer.citations else None
        row = {
            "id": answer_id,
            "created_at": _stamp(at),
            "channel": channel,
            "question": answer.query,
            "lang": answer.lang,
            "answer": answer.answer,
            "abstained": answer.abstained,
            "confidence": round(answer.confidence, 3),
            "rule": rule.id if rule else None,
            "edition": rule.edition if rule else None,
            "game": game,
            "concept": rule.concept if rule else concept,
            "verified": (
                all(r.verified for r in answer.rules if r.id == rule.id) if rule else None
            ),
            "inputs": dict(answer.situation.inputs) if answer.situation else {},
            "citations": [c.id for c in answer.citations],
        }
        with self._begin() as connection:
            connection.execute(answers.insert().values(**row))
        return answer_id

    def record_feedback(
        self,
        answer_id: str,
        helpful: bool,
        correction: str | None = None,
        channel: str = "api",
        at: datetime | None = None,
    ) -> Verdict:
        """Keep a reader's verdict on an answer; UnknownAnswer when no answer has that id."""
        if channel not in CHANNELS:
            raise ValueError(f"channel must be one of {', '.join(CHANNELS)}, not {channel!r}")
        text = (correction or "").strip() or None
        if text is not None and len(text) > MAX_CORRECTION_CHARS:
            raise InvalidFeedback(f"correction: at most {MAX_CORRECTION_CHARS} characters")
        verdict = Verdict(answer_id, _stamp(at), channel, helpful, text)
        with self._begin() as connection:
            known = connection.execute(select(answers.c.id).where(answers.c.id == answer_id))
            if known.first() is None:
                raise UnknownAnswer(f"no answer with id {answer_id!r} (purged, or never given)")
            connection.execute(
                feedback.insert().values(
                    answer_id=answer_id,
                    created_at=verdict.created_at,
                    channel=channel,
                    helpful=helpful,
                    correction=text,
                )
            )
        return verdict

    def purge(self, older_than: timedelta, at: datetime | None = None) -> int:
        """Delete answers (and their feedback) older than the given age; return how many."""
        cutoff = _stamp(at) - older_than
        with self._begin() as connection:
            old = select(answers.c.id).where(answers.c.created_at < cutoff)
            connection.execute(delete(feedback).where(feedback.c.answer_id.in_(old)))
            result = connection.execute(delete(answers).where(answers.c.created_at < cutoff))
        return int(result.rowcount or 0)

    def answer(self, answer_id: str) -> Served:
        """Return one recorded answer, or raise UnknownAnswer."""
        with self._begin() as connection:
            row = connection.execute(select(answers).where(answers.c.id == answer_id)).first()
        if row is None:
            raise UnknownAnswer(f"no answer with id {answer_id!r} (purged, or never given)")
        return _served(row._mapping)

    def answers(self, since: datetime | None = None) -> list[tuple[Served, list[Verdict]]]:
        """Return the recorded answers since a time, oldest first, each with its feedback."""
        query = select(answers).order_by(answers.c.created_at, answers.c.id)
        votes = select(feedback).order_by(feedback.c.created_at, feedback.c.id)
        if since is not None:
            since = _stamp(since)
            query = query.where(answers.c.created_at >= since)
            votes = votes.join(answers).where(answers.c.created_at >= since)
        with self._begin() as connection:
            served = [_served(row._mapping) for row in connection.execute(query)]
            verdicts: dict[str, list[Verdict]] = {}
            for row in connection.execute(votes):
                m = row._mapping
                verdicts.setdefault(m["answer_id"], []).append(
                    Verdict(m["answer_id"], _utc(m["created_at"]), m["channel"], m["helpful"],
                            m["correction"])
                )  # fmt: skip
        return [(s, verdicts.get(s.id, [])) for s in served]

    def count(self) -> int:
        """Return how many answers are kept."""
        with self._begin() as connection:
            return int(connection.execute(select(func.count()).select_from(answers)).scalar_one())

    def close(self) -> None:
        """Close the pooled connections."""
        self.engine.dispose()


def now() -> datetime:
    """Return the current time in UTC."""
    return datetime.now(UTC)


def _stamp(at: datetime | None) -> datetime:
    """Return a time in UTC (now when None): SQLite compares times as text, so one zone only."""
    if at is None:
        return now()
    if at.tzinfo is None:
        raise ValueError("times given to the store must carry a time zone")
    return at.astimezone(UTC)


def _utc(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; they were written in UTC.
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _served(m: Any) -> Served:
    return Served(
        m["id"], _utc(m["created_at"]), m["channel"], m["question"], m["lang"], m["answer"],
        bool(m["abstained"]), float(m["confidence"]), m["rule"], m["edition"], m["game"],
        m["concept"], dict(m["inputs"] or {}), list(m["citations"] or []),
        None if m["verified"] is None else bool(m["verified"]),
    )  # fmt: skip


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers never block the writer, so gunicorn's workers can share one file.
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL syncs at checkpoints, not at every commit: a power cut may lose the
    # last answers logged, never the database; a commit then costs no fsync.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _safe(url: str) -> str:
    """Return a database URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)
