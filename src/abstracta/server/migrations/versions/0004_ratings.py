"""Ratings: each account's rating per pool, the history of every rated game's changes, and games.rated.

``games.rated`` may exist already: revision ``0003`` (open seeks) adds it too, and this revision
was written beside that one, so it adds the column only where it is missing. Either order of the
two revisions leaves the same schema: a boolean ``rated``, false for every game made before.

Revision ID: 0004
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0002"
branch_labels = None
depends_on = None


def has_rated_column() -> bool:
    return any(column["name"] == "rated" for column in sa.inspect(op.get_bind()).get_columns("games"))


def upgrade() -> None:
    if not has_rated_column():
        op.add_column("games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("pool", sa.String(80), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_pool", "ratings", ["pool"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("pool", sa.String(80), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("deviation_before", sa.Float(), nullable=False),
        sa.Column("volatility_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("deviation_after", sa.Float(), nullable=False),
        sa.Column("volatility_after", sa.Float(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    op.create_index("ix_rating_history_user_id", "rating_history", ["user_id"])
    op.create_index("ix_rating_history_game_id", "rating_history", ["game_id"])


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
    # games.rated stays: revision 0003 may own it, and a column nobody reads harms nothing.
