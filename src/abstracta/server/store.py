"""Where games live between requests and across restarts: SQLAlchemy tables and one small store class.

A game row holds what is needed to rebuild it exactly: the slug, the options, the
seed given to ``game.start`` and, in its own table, every move as played (the full
move, never the public form; chance outcomes included). Rebuilding replays them
from ``game.start(seed)``. Seat tokens and invite codes are kept only as SHA-256
digests, so the database alone never lets anyone play a seat.

Seeds are stored as text (``x`` and hexadecimal digits): the server draws 128-bit
seeds, which no integer column of every backend can hold.

Writes go through one writer at a time (a lock in this process), and SQLite runs in
WAL mode with ``synchronous=NORMAL`` and a busy timeout, so concurrent games queue
for the database instead of failing with ``database is locked``. A write that still
fails raises :class:`StoreUnavailable` and changes nothing. The busy timeout counts from
the call: time spent queued behind another write (one that is itself waiting out a lock)
is taken off the time the call's own transaction may wait, so a caller hears of a busy
database within one busy timeout, never two.

Moves, the hot path, are written with SQLAlchemy Core (the ORM's unit of work cost
about 1 ms of CPU per move) and committed in groups: the moves of every game that
queued while the previous commit ran are stored in one transaction, and each caller
returns only once the transaction holding its moves has committed (or failed, when
it raises and nothing of that group was stored). See :meth:`Store.add_moves`.

Any SQLAlchemy URL works (``sqlite:///path``, ``postgresql+psycopg://...``); the
default is a SQLite file in the user's data directory (:func:`default_database_url`).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    insert,
    event,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError, DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

CHANCE_PLAYER = -1

class StoreUnavailable(Exception):
    """The database refused or timed out a write (locked, unreachable); nothing was stored."""


class MoveConflict(Exception):
    """Another writer stored that ply first (two copies of one game in memory); nothing was stored."""


def default_database_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/abstracta/abstracta.db`` (``~/.local/share`` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'abstracta' / 'abstracta.db'}"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seed_text(seed: int) -> str:
    return f"x{seed:x}"


def seed_value(stored: Any) -> int:
    """A stored seed back as an int: ``x``-hex text, or a plain integer from databases written before."""
    if isinstance(stored, int):
        return stored
    stored = str(stored)
    return int(stored[1:], 16) if stored.startswith("x") else int(stored)


def _now() -> datetime:
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
    # A friend's seat: the digest of its one-time invite code; token_hash stays empty until it is used.
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


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
    invite_hashes: list[str | None]
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


@dataclass(eq=False)
class _MoveWrite:
    """One caller's moves, queued for the next group commit; ``error`` is what the caller raises."""

    game_id: str
    first_ply: int
    moves: list[tuple[int, str]]
    summary: dict[str, Any]
    done: bool = False
    error: Exception | None = None
    finished: Callable[[Exception | None], None] | None = None  # for callers that do not wait (the server's loop)
    told: bool = False
    deadline: float = 0.0  # time.monotonic() by which the caller hears the outcome (its busy timeout)
    settled: threading.Event = field(default_factory=threading.Event)  # set with ``done``


_MOVES = MoveRow.__table__
_GAMES = GameRow.__table__
_INSERT_MOVES = insert(_MOVES)
_UPDATE_SUMMARY = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"))
    .values({name: bindparam(f"new_{name}") for name in ("plies", "to_move", "seat_to_move", "over", "returns", "updated")})
)  # fmt: skip


def _check_url(url: str) -> None:
    """Refuse what SQLAlchemy would misread: SQLite URI file names would become a junk ``file:`` directory."""
    if url.startswith("sqlite") and ("uri=true" in url.lower() or url.split("///", 1)[-1].startswith("file:")):
        raise ValueError("SQLite URI file names (file:...?uri=true) are not supported; "
                         "give a plain path such as sqlite:///path/to/games.db")  # fmt: skip


def _check_writable(path: Path) -> None:
    """Refuse a SQLite database this process cannot write, before SQLite opens it.

    In WAL mode SQLite maps the ``-shm`` file into memory. A read-only one (or a read-only
    database, ``-wal`` or folder) would leave every write failing while reads go on, and a
    read-only mapping of a file that changes under it ends the process with SIGBUS, without a
    word. So each file there is opened for writing here (nothing is written), and the folder
    must be writable when SQLite has one of them to make there.
    """
    files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    for file in files:
        if not file.exists():
            continue
        try:
            with open(file, "r+b"):
                pass
        except OSError as error:
            raise ValueError(f"cannot write {file} ({error.strerror or error}): the server writes the database, "
                             "its -wal and -shm files and their folder; fix their permissions or use "
                             "another database") from None  # fmt: skip
    folder = path.parent
    check = {"effective_ids": True} if os.access in os.supports_effective_ids else {}
    missing = not all(file.exists() for file in files)  # SQLite will create it there
    if missing and folder.exists() and not os.access(folder, os.W_OK | os.X_OK, **check):
        raise ValueError(f"cannot write in the folder {folder}: SQLite keeps the database's -wal and -shm "
                         "files beside it; fix its permissions or use another database")  # fmt: skip


class Store:
    """The database behind the server. Every method is one short transaction.

    ``busy_timeout`` (seconds) is how long a write waits for a locked database before
    :class:`StoreUnavailable` is raised (SQLite's busy timeout; PostgreSQL's lock timeout).
    """

    def __init__(self, url: str | None = None, *, busy_timeout: float = 5.0) -> None:
        self.url = url or default_database_url()
        _check_url(self.url)
        self.busy_timeout = busy_timeout
        self.sqlite = self.url.startswith("sqlite")
        if self.sqlite and self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            path = Path(self.url.removeprefix("sqlite:///").split("?", 1)[0]).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
            _check_writable(path)
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            # Requests, bots and the lobby touch the database from several threads.
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_timeout}
            if ":memory:" in self.url or self.url == "sqlite://":
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
        elif self.url.startswith("postgresql"):
            kwargs["connect_args"] = {"options": f"-c lock_timeout={int(busy_timeout * 1000)}"}
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", self._sqlite_pragmas)
            event.listen(self.engine, "checkin", self._restore_wait)
        self._writer = threading.Lock()  # one writer at a time: queue here, not in "database is locked"
        self._queued: list[_MoveWrite] = []  # moves waiting for the next group commit
        self._queue_lock = threading.Lock()
        self._queue_ready = threading.Condition(self._queue_lock)
        self._writer_thread: threading.Thread | None = None  # commits what submit_moves queues
        self._closing = False
        self.commits = 0  # transactions that stored moves (a group counts once), for the load figures
        Base.metadata.create_all(self.engine)
        self._upgrade()
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def _sqlite_pragmas(self, connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        if ":memory:" not in self.url and self.url != "sqlite://":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        cursor.close()

    def _limit_wait(self, connection: Connection, deadline: float) -> None:
        """Let this transaction wait for a locked database only until ``deadline`` (its caller's busy
        timeout, counted from the call), when that is sooner than a full busy timeout from now."""
        seconds = deadline - time.monotonic()
        if seconds >= self.busy_timeout - 0.01:
            return
        milliseconds = max(0, int(seconds * 1000))
        if self.sqlite:  # outside SQLite's transaction (pysqlite begins it at the first write)
            connection.connection.dbapi_connection.execute(f"PRAGMA busy_timeout={milliseconds}")
            connection.connection.info["wait_limited"] = True  # _restore_wait puts it back
        elif self.url.startswith("postgresql"):
            connection.exec_driver_sql(f"SET LOCAL lock_timeout = {max(1, milliseconds)}")  # 0 would mean never

    def _restore_wait(self, dbapi_connection: Any, record: Any) -> None:
        """Back in the pool: a connection whose wait was limited gets the full busy timeout again."""
        if record.info.pop("wait_limited", False):
            try:
                dbapi_connection.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
            except Exception:  # a broken connection: the pool replaces it
                pass

    def _take_writer(self, deadline: float) -> bool:
        """The single writer, waited for until ``deadline`` at most; ``False`` if it stayed busy."""
        return self._writer.acquire(timeout=max(0.0, deadline - time.monotonic()))

    def _busy_too_long(self) -> StoreUnavailable:
        return StoreUnavailable(f"the database stayed busy for the busy timeout ({self.busy_timeout:g} s)")

    def _upgrade(self) -> None:
        """Bring a database written by an older version up to these tables (new columns only)."""
        inspector = inspect(self.engine)
        seat_columns = {column["name"] for column in inspector.get_columns("seats")}
        game_columns = {column["name"]: column for column in inspector.get_columns("games")}
        with self.engine.begin() as connection:
            if "invite_hash" not in seat_columns:
                connection.execute(text("ALTER TABLE seats ADD COLUMN invite_hash VARCHAR(64)"))
            seed_type = str(game_columns["seed"]["type"]).upper()
            if not self.sqlite and "INT" in seed_type:  # SQLite keeps 'x...' text in any column
                connection.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE VARCHAR(80) USING seed::text"))

    def close(self) -> None:
        with self._queue_ready:
            self._closing = True
            self._queue_ready.notify_all()
        if self._writer_thread is not None:
            self._writer_thread.join(timeout=10)
        self.engine.dispose()

    def _write(self, work: Any) -> Any:
        """Run ``work(session)`` in one transaction through the single writer, within one busy timeout."""
        deadline = time.monotonic() + self.busy_timeout
        if not self._take_writer(deadline):
            raise self._busy_too_long()
        try:
            with self._session.begin() as session:
                self._limit_wait(session.connection(), deadline)
                return work(session)
        except IntegrityError as error:
            raise MoveConflict(str(error.orig)) from None
        except (OperationalError, DBAPIError) as error:
            raise StoreUnavailable(str(getattr(error, "orig", error)).splitlines()[0]) from None
        finally:
            self._writer.release()

    def _read(self, work: Any) -> Any:
        try:
            with self._session() as session:
                return work(session)
        except (OperationalError, DBAPIError) as error:
            raise StoreUnavailable(str(getattr(error, "orig", error)).splitlines()[0]) from None

    def create_game(
        self,
        game_id: str,
        slug: str,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        token_hashes: list[str | None],
        invite_hashes: list[str | None],
        moves: list[tuple[int, str]],
        summary: dict[str, Any],
    ) -> None:
        """The game, its seats and the chance outcomes drawn at its start, in one transaction."""

        def work(session: Session) -> None:
            session.add(GameRow(id=game_id, slug=slug, options=json.dumps(options), seed=seed_text(seed),
                                num_players=len(seats), **summary))  # fmt: skip
            session.flush()
            for player, kind in enumerate(seats):
                session.add(SeatRow(game_id=game_id, player=player, kind=kind, token_hash=token_hashes[player],
                                    invite_hash=invite_hashes[player]))  # fmt: skip
            for ply, (player, move) in enumerate(moves):
                session.add(MoveRow(game_id=game_id, ply=ply, player=player, move=move))

        self._write(work)

    def add_moves(self, game_id: str, first_ply: int, moves: Iterable[tuple[int, str]], summary: dict[str, Any]) -> None:
        """Record moves ``first_ply``, ``first_ply + 1``, ... (a move and the chance outcomes it triggers)
        in one transaction; the unique (game, ply) key refuses a second writer of the same ply.

        Group commit: the call queues its moves; whichever caller holds the writer next stores
        everything queued so far in one transaction. Every caller returns (or raises) only after
        the transaction that held its moves has ended, so a return means "stored". A failed group
        is all-or-nothing: each caller in it gets :class:`StoreUnavailable` and nothing was stored;
        a :class:`MoveConflict` in a group is found by storing its members one by one, so only the
        conflicting caller is refused.
        """
        job = _MoveWrite(game_id, first_ply, list(moves), summary, deadline=time.monotonic() + self.busy_timeout)
        with self._queue_lock:
            self._queued.append(job)
        if self._take_writer(job.deadline):
            try:
                if not job.done:  # nobody took it yet: lead a group of everything queued meanwhile
                    with self._queue_lock:
                        group, self._queued = self._queued, []
                    self._commit_group(group)
            finally:
                self._writer.release()
        else:
            with self._queue_lock:
                waiting = job in self._queued
                if waiting:  # the writer stayed busy all along: give up, nothing of it was stored
                    self._queued.remove(job)
            if waiting:
                raise self._busy_too_long()
            job.settled.wait()  # a group being committed holds it; that group ends by this job's deadline
        if job.error is not None:
            raise job.error

    def submit_moves(self, game_id: str, first_ply: int, moves: Iterable[tuple[int, str]], summary: dict[str, Any],
                     finished: Callable[[Exception | None], None]) -> None:  # fmt: skip
        """:meth:`add_moves` for a caller that must not block (the server's event loop).

        The moves join the next group commit, made by the store's writer thread, which then calls
        ``finished(None)`` (stored) or ``finished(error)`` (:class:`StoreUnavailable` or
        :class:`MoveConflict`: nothing stored) from that thread.
        """
        job = _MoveWrite(game_id, first_ply, list(moves), summary, finished=finished,
                         deadline=time.monotonic() + self.busy_timeout)  # fmt: skip
        with self._queue_ready:
            if self._closing:
                raise StoreUnavailable("the server is shutting down")
            self._queued.append(job)
            if self._writer_thread is None:
                self._writer_thread = threading.Thread(target=self._write_queued, name="abstracta-store-writer",
                                                       daemon=True)  # fmt: skip
                self._writer_thread.start()
            self._queue_ready.notify()

    def _write_queued(self) -> None:
        """The writer thread: commit whatever is queued, as one group each time, until the store closes."""
        while True:
            with self._queue_ready:
                while not self._queued and not self._closing:
                    self._queue_ready.wait()
                if not self._queued:
                    return
            with self._writer:
                with self._queue_lock:
                    group, self._queued = self._queued, []
                if group:
                    self._commit_group(group)

    def _commit_group(self, group: list[_MoveWrite]) -> None:
        """Store ``group`` in one transaction (with the writer held); each member learns its outcome."""
        now = _now()
        moves = [{"game_id": job.game_id, "ply": job.first_ply + offset, "player": player, "move": move, "played": now}
                 for job in group for offset, (player, move) in enumerate(job.moves)]  # fmt: skip
        summaries = [{"game": job.game_id, "new_updated": now, **{f"new_{k}": v for k, v in job.summary.items()}}
                     for job in group]  # fmt: skip
        try:
            with self.engine.begin() as connection:
                self._limit_wait(connection, min(job.deadline for job in group))  # the earliest caller's
                if moves:
                    connection.execute(_INSERT_MOVES, moves)
                connection.execute(_UPDATE_SUMMARY, summaries)
            self.commits += 1
        except IntegrityError as error:
            if len(group) > 1:  # someone else's ply: store the others alone, refuse only that one
                for job in group:
                    self._commit_group([job])
                return
            group[0].error = MoveConflict(str(error.orig))
        except (OperationalError, DBAPIError) as error:
            message = str(getattr(error, "orig", error)).splitlines()[0]
            for job in group:
                job.error = StoreUnavailable(message)
        except Exception as error:  # rolled back; never let a caller believe its moves were stored
            for job in group:
                job.error = StoreUnavailable(f"{type(error).__name__}: {error}".splitlines()[0])
        finally:
            for job in group:
                job.done = True
                job.settled.set()
                if job.finished is not None and not job.told:  # once: a failed group retries its members
                    job.told = True
                    try:
                        job.finished(job.error)
                    except Exception:  # e.g. the loop has closed: nobody waits any more
                        pass

    def redeem_invite(self, invite_hash: str, token_hash: str) -> tuple[str, int] | None | bool:
        """Turn the invite with this digest into a seat token, once.

        ``(game_id, player)`` on success; ``False`` when the invite was used already; ``None``
        when no invite has this digest.
        """

        def work(session: Session) -> tuple[str, int] | None | bool:
            seat = session.scalars(select(SeatRow).where(SeatRow.invite_hash == invite_hash)).first()
            if seat is None:
                return None
            done = session.execute(update(SeatRow).where(SeatRow.id == seat.id, SeatRow.token_hash.is_(None))
                                   .values(token_hash=token_hash))  # fmt: skip
            if done.rowcount != 1:
                return False
            return seat.game_id, seat.player

        return self._write(work)

    def load(self, game_id: str) -> StoredGame | None:
        def work(session: Session) -> StoredGame | None:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.player)).all()
            moves = session.scalars(select(MoveRow.move).where(MoveRow.game_id == game_id).order_by(MoveRow.ply)).all()
            return StoredGame(
                id=row.id,
                slug=row.slug,
                options=json.loads(row.options),
                seed=seed_value(row.seed),
                seats=[seat.kind for seat in seats],
                token_hashes=[seat.token_hash for seat in seats],
                invite_hashes=[seat.invite_hash for seat in seats],
                moves=list(moves),
            )

        return self._read(work)

    def summaries(self, limit: int = 100, over: bool | None = None) -> list[Summary]:
        def work(session: Session) -> list[Summary]:
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

        return self._read(work)

    def needing_action(self) -> list[str]:
        """Unfinished games waiting for the server itself: at a chance node, or a bot's seat to move."""

        def work(session: Session) -> list[str]:
            at_chance = select(GameRow.id).where(GameRow.over == False, GameRow.to_move == CHANCE_PLAYER)  # noqa: E712
            bot_turn = (select(GameRow.id).join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.player == GameRow.to_move))
                        .where(GameRow.over == False, SeatRow.kind.like("bot:%")))  # noqa: E712  # fmt: skip
            return sorted(set(session.scalars(at_chance)) | set(session.scalars(bot_turn)))

        return self._read(work)

    def unfinished_ids(self) -> list[str]:
        return self._read(lambda session: list(session.scalars(select(GameRow.id).where(GameRow.over == False))))  # noqa: E712

    def count(self) -> int:
        return self._read(lambda session: session.scalar(select(func.count()).select_from(GameRow)) or 0)

    # -- game records (GET /api/games/{id}/record) ------------------------------------
    def created_at(self, game_id: str) -> datetime | None:
        """When the game was created (the record's Date); ``None`` for an unknown id."""
        return self._read(lambda session: session.scalar(select(GameRow.created).where(GameRow.id == game_id)))

    # -- game controls: resign, draw offers, rematches (server/controls.py) ------------
    def add_event(self, game_id: str, ply: int, player: int, kind: str, data: dict[str, Any] | None = None,
                  ending: list[float] | None = None) -> None:  # fmt: skip
        """Record a control event; ``ending`` (the returns) also marks the game finished, in the same transaction."""

        def work(session: Session) -> None:
            session.add(EventRow(game_id=game_id, ply=ply, player=player, kind=kind, data=json.dumps(data or {})))
            if ending is not None:
                session.execute(update(GameRow).where(GameRow.id == game_id).values(
                    updated=_now(), over=True, returns=list(ending), to_move=None, seat_to_move=None))  # fmt: skip

        self._write(work)

    def events(self, game_id: str) -> list[tuple[int, int, str, dict[str, Any]]]:
        """The game's control events in order: (ply, player, kind, data)."""

        def work(session: Session) -> list[tuple[int, int, str, dict[str, Any]]]:
            rows = session.scalars(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.id))
            return [(row.ply, row.player, row.kind, json.loads(row.data or "{}")) for row in rows]

        return self._read(work)

    def claim_seat(self, game_id: str, player: int, token_hash: str) -> bool:
        """Give an unclaimed friend's seat this token (a rematch seat taken with the old game's token); once."""

        def work(session: Session) -> bool:
            done = session.execute(update(SeatRow).where(
                SeatRow.game_id == game_id, SeatRow.player == player, SeatRow.token_hash.is_(None),
                SeatRow.invite_hash.is_not(None)).values(token_hash=token_hash))  # fmt: skip
            return done.rowcount == 1

        return self._write(work)


    def move_times(self, game_id: str) -> list[float]:
        """When each move was stored (POSIX seconds), in ply order: the clocks are rebuilt from them."""

        def work(session: Session) -> list[float]:
            rows = session.scalars(select(MoveRow.played).where(MoveRow.game_id == game_id).order_by(MoveRow.ply))
            return [(t if t.tzinfo else t.replace(tzinfo=timezone.utc)).timestamp() for t in rows]

        return self._read(work)

    def take_back(self, game_id: str, first_ply: int, player: int, summary: dict[str, Any]) -> None:
        """Delete moves ``first_ply`` on and record the takeback event, in one transaction."""

        def work(session: Session) -> None:
            session.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.ply >= first_ply))
            session.add(EventRow(game_id=game_id, ply=first_ply, player=player, kind="takeback", data="{}"))
            session.execute(update(GameRow).where(GameRow.id == game_id).values(updated=_now(), **summary))

        self._write(work)


class EventRow(Base):
    """A game control event (issue 15): resign, draw offer/answer, rematch. A new table: older
    databases get it from ``create_all`` at start-up, no column changes."""

    __tablename__ = "game_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    ply: Mapped[int] = mapped_column(Integer)  # the game's ply when it happened
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[str] = mapped_column(Text, default="{}")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
