"""Answers served and readers' feedback on them.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "answers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("abstained", sa.Boolean, nullable=False),
        sa.Column("confidence", sa.Float, nullable=False),
        sa.Column("rule", sa.String(64), nullable=True),
        sa.Column("edition", sa.String(64), nullable=True),
        sa.Column("game", sa.String(64), nullable=True),
        sa.Column("concept", sa.String(64), nullable=True),
        sa.Column("inputs", sa.JSON, nullable=False),
        sa.Column("citations", sa.JSON, nullable=False),
    )
    op.create_index("ix_answers_created_at", "answers", ["created_at"])
    op.create_table(
        "feedback",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "answer_id",
            sa.String(32),
            sa.ForeignKey("answers.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("helpful", sa.Boolean, nullable=False),
        sa.Column("correction", sa.Text, nullable=True),
    )
    op.create_index("ix_feedback_answer_id", "feedback", ["answer_id"])


def downgrade() -> None:
    op.drop_table("feedback")
    op.drop_table("answers")
