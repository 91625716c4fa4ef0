"""Lesson progress: the steps of each lesson an account has passed (issue 29, "First lessons").

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_progress",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("lesson", sa.String(64), primary_key=True),
        sa.Column("passed", sa.Text(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
