"""Whether an answer's computed outcome was verified against its clauses.

The report flags an unverified computation by this column, not by its confidence score. Rows
logged before it get it from their confidence, which said the same: a computed rule (`rule`
set) scored 0.9 when verified and 0.6 when not; answers that computed nothing keep NULL.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("answers") as batch:  # SQLite alters a table by copying it
        batch.add_column(sa.Column("verified", sa.Boolean, nullable=True))
    answers = sa.table(
        "answers",
        sa.column("rule", sa.String),
        sa.column("confidence", sa.Float),
        sa.column("verified", sa.Boolean),
    )
    computed = answers.c.rule.is_not(None)
    # 0.75: halfway between the two scores a computation could have (0.6 and 0.9).
    op.execute(
        answers.update()
        .where(computed)
        .values(verified=sa.case((answers.c.confidence >= 0.75, True), else_=False))
    )


def downgrade() -> None:
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("verified")
