"""Where games live between requests and across restarts: SQLAlchemy tables and one small store class.

A game row holds what is needed to rebuild it exactly: the slug, the options, the
seed given to ``game.start`` and, in its own table, every move as played (the full
move, never the public form; chance outcomes included). Rebuilding replays them
from ``game.start(seed)``. Seat tokens are kept only as SHA-256 digests, so the
database alone never lets anyone play a seat.

Any SQLAlchemy URL works (``sqlite:///path``, ``postgresql://...``); the default is
a SQLite file in the user's data directory (:func:`default_database_url`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


def default_database_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/abstracta/abstracta.db`` (``~/.local/share`` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'abstracta' / 'abstracta.db'}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    slug: Mapped[str] = mapped_column(String(64))
    options: Mapped[str] = mapped_column(Text)  # JSON text: exact types (int vs bool) survive every backend
    seed: Mapped[int] = mapped_column(Integer)
    num_players: Mapped[int] = mapped_column(Integer)
    # Denormalised summary for the lobby list; the moves table is the truth.
    plies: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat_to_move: Mapped[str | None] = mapped_column(String(64), nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    returns: Mapped[Any] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "player"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))  # "human" or "bot:<level>"
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)  # 0-based index in the game's move list
    player: Mapped[int] = mapped_column(Integer)  # who played it; CHANCE (-1) for a chance outcome
    move: Mapped[str] = mapped_column(Text)
    played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True)
class StoredGame:
    """Everything the database knows about one game, in plain values."""

    id: str
    slug: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    moves: list[str]


@dataclass(frozen=True)
class Summary:
    """One line of the lobby's list."""

    id: str
    slug: str
    seats: list[str]
    plies: int
    to_move: int | None
    seat_to_move: str | None
    over: bool
    returns: list[float] | None
    created: datetime
    updated: datetime


class Store:
    """The database behind the server. Every method is one short transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        if self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            Path(self.url.removeprefix("sqlite:///")).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            # Requests, bots and the lobby touch the database from several threads.
            kwargs["connect_args"] = {"check_same_thread": False}
            if ":memory:" in self.url or self.url == "sqlite://":
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
        self.engine: Engine = create_engine(self.url, **kwargs)
        Base.metadata.create_all(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(
        self,
        game_id: str,
        slug: str,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        tokens: dict[int, str],
        summary: dict[str, Any],
    ) -> None:
        with self._session.begin() as session:
            session.add(GameRow(id=game_id, slug=slug, options=json.dumps(options), seed=seed,
                                num_players=len(seats), **summary))  # fmt: skip
            for player, kind in enumerate(seats):
                token = tokens.get(player)
                session.add(SeatRow(game_id=game_id, player=player, kind=kind,
                                    token_hash=hash_token(token) if token else None))  # fmt: skip

    def add_move(self, game_id: str, ply: int, player: int, move: str, summary: dict[str, Any]) -> None:
        """Record move number ``ply``; the unique (game, ply) key refuses a second writer of the same ply."""
        with self._session.begin() as session:
            session.add(MoveRow(game_id=game_id, ply=ply, player=player, move=move))
            session.execute(update(GameRow).where(GameRow.id == game_id).values(updated=_now(), **summary))

    def load(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.player)).all()
            moves = session.scalars(select(MoveRow.move).where(MoveRow.game_id == game_id).order_by(MoveRow.ply)).all()
            return StoredGame(
                id=row.id,
                slug=row.slug,
                options=json.loads(row.options),
                seed=row.seed,
                seats=[seat.kind for seat in seats],
                token_hashes=[seat.token_hash for seat in seats],
                moves=list(moves),
            )

    def summaries(self, limit: int = 100, over: bool | None = None) -> list[Summary]:
        with self._session() as session:
            query = select(GameRow).order_by(GameRow.updated.desc()).limit(limit)
            if over is not None:
                query = query.where(GameRow.over == over)
            rows = session.scalars(query).all()
            ids = [row.id for row in rows]
            kinds: dict[str, list[str]] = {game_id: [] for game_id in ids}
            if ids:
                for seat in session.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.player)):
                    kinds[seat.game_id].append(seat.kind)
            return [
                Summary(row.id, row.slug, kinds[row.id], row.plies, row.to_move, row.seat_to_move, row.over,
                        row.returns, row.created, row.updated)  # fmt: skip
                for row in rows
            ]

    def unfinished_ids(self) -> list[str]:
        with self._session() as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.over == False)))  # noqa: E712

    def count(self) -> int:
        with self._session() as session:
            return session.scalar(select(func.count()).select_from(GameRow)) or 0
