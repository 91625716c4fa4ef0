"""The schema of the release before migrations: games, seats, moves and control events.

A new database gets its tables here. A database that release wrote already has them: each table
is created only where it is missing (that release made ``game_events`` only when it started over
an older file), so the upgrade of such a database keeps every row
(:func:`abstracta.server.migrate.upgrade` first adds the columns older files lacked).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def missing(table: str) -> bool:
    return not sa.inspect(op.get_bind()).has_table(table)


def upgrade() -> None:
    if missing("games"):
        create_games()
    if missing("seats"):
        create_seats()
    if missing("moves"):
        create_moves()
    if missing("game_events"):
        create_game_events()


def create_games() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("slug", sa.String(64), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(80), nullable=False),
        sa.Column("num_players", sa.Integer(), nullable=False),
        sa.Column("plies", sa.Integer(), nullable=False),
        sa.Column("to_move", sa.Integer(), nullable=True),
        sa.Column("seat_to_move", sa.String(64), nullable=True),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("returns", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )


def create_seats() -> None:
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("game_id", "player"),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])
    op.create_index("ix_seats_invite_hash", "seats", ["invite_hash"])


def create_moves() -> None:
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("move", sa.Text(), nullable=False),
        sa.Column("played", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "ply"),
    )
    op.create_index("ix_moves_game_id", "moves", ["game_id"])


def create_game_events() -> None:
    op.create_table(
        "game_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("player", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_game_events_game_id", "game_events", ["game_id"])


def downgrade() -> None:
    for table in ("game_events", "moves", "seats", "games"):
        op.drop_table(table)
