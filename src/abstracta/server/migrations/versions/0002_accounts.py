"""Accounts: users, their server-side sessions, and seats that belong to an account.

``seats.user_id`` names the account a seat belongs to (``users.id``; empty for an anonymous seat).
It is added as a plain nullable column, which every backend adds in place (SQLite included, without
copying the table); the store keeps it consistent.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("username_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_user_id", "account_sessions", ["user_id"])
    op.add_column("seats", sa.Column("user_id", sa.Integer(), nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("user_id")
    op.drop_table("account_sessions")
    op.drop_table("users")
