"""The store's tables (SQLAlchemy Core); the migrations in `migrations/` create them."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

# One row per answer served: what was asked, in which language, what refbot said and why.
answers = Table(
    "answers",
    metadata,
    Column("id", String(32), primary_key=True),  # random: feedback cannot guess other answers
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("channel", String(16), nullable=False),  # api, page, widget, discord
    Column("question", Text, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("answer", Text, nullable=False),
    Column("abstained", Boolean, nullable=False),
    Column("confidence", Float, nullable=False),
    Column("rule", String(64), nullable=True),
    Column("edition", String(64), nullable=True),
    Column("game", String(64), nullable=True),
    Column("concept", String(64), nullable=True),
    # Whether the computed outcome was verified against its clauses; NULL when none was computed.
    Column("verified", Boolean, nullable=True),
    Column("inputs", JSON, nullable=False),
    Column("citations", JSON, nullable=False),
    Index("ix_answers_created_at", "created_at"),
)

# Readers' verdicts on an answer, with an optional correction ("the right rule was …").
feedback = Table(
    "feedback",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column(
        "answer_id",
        String(32),
        ForeignKey("answers.id", ondelete="CASCADE"),
        nullable=False,
    ),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("channel", String(16), nullable=False),
    Column("helpful", Boolean, nullable=False),
    Column("correction", Text, nullable=True),
    Index("ix_feedback_answer_id", "answer_id"),
)
