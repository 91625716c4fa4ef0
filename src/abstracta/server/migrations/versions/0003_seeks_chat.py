"""Open seeks, in-game chat and rated games.

``seeks`` holds the open seeks, ``chat_messages`` the players' chat of each game, and ``games.rated``
marks a game started from a rated seek (added as a column with a server default, so every existing
game reads as casual; every backend adds it in place). Revision ``0004`` (ratings) was written beside
this one from ``0002`` and adds ``games.rated`` too: each adds it only where it is missing, and
``0005`` joins the two branches, so a database at either one upgrades to the same schema. A correspondence clock needs no column: it is a
``clock`` control event like the other clocks (:mod:`abstracta.server.controls`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def has_rated_column() -> bool:
    return any(column["name"] == "rated" for column in sa.inspect(op.get_bind()).get_columns("games"))


def upgrade() -> None:
    if not has_rated_column():
        op.add_column("games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("slug", sa.String(64), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("clock", sa.Text(), nullable=True),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("range_low", sa.Integer(), nullable=True),
        sa.Column("range_high", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seeks_user_id", "seeks", ["user_id"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_game_id", "chat_messages")
    op.drop_table("chat_messages")
    op.drop_index("ix_seeks_user_id", "seeks")
    op.drop_table("seeks")
    # games.rated stays: revision 0004 may own it (as its downgrade leaves it to this one).
