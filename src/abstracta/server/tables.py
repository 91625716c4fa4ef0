"""The server's database tables (SQLAlchemy ORM): games, their seats, moves and control events.

A game row holds what is needed to rebuild it exactly: the slug, the options, the seed given
to ``game.start`` (as text: :func:`seed_text`) and a denormalised summary for the lobby; its
moves, as played (the full move, never the public form; chance outcomes included), are rows of
their own. Seat tokens and invite codes are stored only as SHA-256 digests (:func:`hash_token`).

The schema is managed by migrations (:mod:`abstracta.server.migrate`, the revisions in
``server/migrations/versions/``): a change here needs a new revision there.
:class:`abstracta.server.store.Store` reads and writes these tables; accounts and their sessions
(:class:`UserRow`, :class:`SessionRow`) are :mod:`abstracta.server.accounts`'s; ratings and their history
(:class:`RatingRow`, :class:`RatingHistoryRow`) are :mod:`abstracta.server.rated`'s; lesson progress
(:class:`LessonProgressRow`) is :mod:`abstracta.server.lessons`'s.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

CHANCE_PLAYER = -1
"""``to_move`` and a move's ``player`` for a chance outcome (``abstracta.CHANCE``)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_text(seed: int) -> str:
    """A seed as stored: ``x`` and hexadecimal digits (the server draws 128-bit seeds, which no
    integer column of every backend can hold)."""
    return f"x{seed:x}"


def seed_value(stored: Any) -> int:
    """A stored seed back as an int: ``x``-hex text, or a plain integer from databases written before."""
    if isinstance(stored, int):
        return stored
    stored = str(stored)
    return int(stored[1:], 16) if stored.startswith("x") else int(stored)


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    slug: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON text: exact types (int vs bool) survive every backend
    seed: Mapped[str] = mapped_column(String(80))  # seed_text(): 'x' + hex digits, any size
    num_players: Mapped[int] = mapped_column(Integer)
    # Denormalised summary for the lobby list and the sweep; the moves table is the truth.
    plies: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat_to_move: Mapped[str | None] = mapped_column(String(64), nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    returns: Mapped[Any] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    # A rated game (issue 27): its end changes the ratings of its seats' accounts (server/rated.py).
    rated: Mapped[bool] = mapped_column(Boolean, default=False)


def is_rated(game_row: Any) -> bool:
    """Whether a game row (a ``GameRow``, or a query's row holding its ``rated`` column) is a rated
    game; ``None`` (no such game) is not. The one place that reads the column (NULL reads as false)."""
    return game_row is not None and bool(game_row.rated)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "player"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))  # "human" or "bot:<level>"
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # A friend's seat: the digest of its one-time invite code; token_hash stays empty until it is used.
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The account the seat belongs to (users.id), when it was taken while logged in or claimed later.
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)  # 0-based index in the game's move list
    player: Mapped[int] = mapped_column(Integer)  # who played it; CHANCE (-1) for a chance outcome
    move: Mapped[str] = mapped_column(Text)
    played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class EventRow(Base):
    """A game control event (issue 15): resign, draw offer/answer, rematch."""

    __tablename__ = "game_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)  # the game's ply when it happened
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[str] = mapped_column(Text, default="{}")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class UserRow(Base):
    """An account. ``username_key`` is the name in lower case: names are unique without regard to case."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(20))  # as the user typed it
    username_key: Mapped[str] = mapped_column(String(20), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))  # Argon2id, in its PHC string form
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class SessionRow(Base):
    """A logged-in browser: the session id is kept only as its SHA-256 digest, like the seat tokens."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
    seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class SeekRow(Base):
    """An open seek (:mod:`abstracta.server.seeks`): a game looking for an opponent. Deleted when accepted,
    cancelled or its creator has gone; ``owner_hash`` is the digest of the creator's seek token."""

    __tablename__ = "seeks"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    slug: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON text, as games.options
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON: {"minutes", "increment"} or {"days"}
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    range_low: Mapped[int | None] = mapped_column(Integer, nullable=True)
    range_high: Mapped[int | None] = mapped_column(Integer, nullable=True)
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)  # None: an anonymous creator
    owner_hash: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class ChatRow(Base):
    """A chat message of a game's player (:mod:`abstracta.server.chat`): plain text, at most 500 characters."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class RatingRow(Base):
    """One account's rating in one pool (``server/ratings.py``'s ``pool_key``: a slug, or ``slug/players``)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(80), primary_key=True, index=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    last_played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class RatingHistoryRow(Base):
    """One account's rating before and after one rated game. The unique (game, user) key is what makes
    a game change ratings once only, whoever tries again (a restart, a second watcher)."""

    __tablename__ = "rating_history"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    pool: Mapped[str] = mapped_column(String(80))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(8))  # "win", "draw" or "loss"
    rating_before: Mapped[float] = mapped_column(Float)
    deviation_before: Mapped[float] = mapped_column(Float)
    volatility_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    deviation_after: Mapped[float] = mapped_column(Float)
    volatility_after: Mapped[float] = mapped_column(Float)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)


class LessonProgressRow(Base):
    """The steps of one lesson an account has passed (:mod:`abstracta.server.lessons`); anonymous learners
    keep theirs in the browser."""

    __tablename__ = "lesson_progress"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    lesson: Mapped[str] = mapped_column(String(64), primary_key=True)
    passed: Mapped[str] = mapped_column(Text, default="[]")  # JSON list of step indices, sorted
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
