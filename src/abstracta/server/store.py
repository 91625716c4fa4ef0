"""Where games live between requests and across restarts: the store the server reads and writes.

A game is stored so that it can be rebuilt exactly: slug, options, the seed given to
``game.start`` and every move as played; rebuilding replays them from ``game.start(seed)``
(the tables: :mod:`abstracta.server.tables`). Seat tokens and invite codes are kept only as
SHA-256 digests, so the database alone never lets anyone play a seat.

The connection, the single writer and the busy timeout are :class:`Database`'s
(:mod:`abstracta.server.database`); :class:`Store` adds the operations, each one short
transaction. Moves, the hot path, are written with SQLAlchemy Core (the ORM's unit of work cost
about 1 ms of CPU per move) and committed in groups: the moves of every game that queued while
the previous commit ran are stored in one transaction, and each caller returns only once the
transaction holding its moves has committed (or failed, when it raises and nothing of that
group was stored). See :meth:`Store.add_moves`.

Every name of the store's three modules that callers use is importable from here.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterable

from sqlalchemy import bindparam, delete, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

from abstracta.server.database import Database, MoveConflict, StoreUnavailable, default_database_url, refusal
from abstracta.server.tables import (
    CHANCE_PLAYER,
    Base,
    EventRow,
    GameRow,
    MoveRow,
    SeatRow,
    hash_token,
    is_rated,
    seed_text,
    seed_value,
    utc_now,
)

__all__ = [
    "CHANCE_PLAYER", "Base", "Database", "EventRow", "GameRow", "MoveConflict", "MoveRow", "SeatRow", "Store",
    "StoreUnavailable", "StoredGame", "Summary", "default_database_url", "hash_token", "seed_text", "seed_value",
]  # fmt: skip


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
    owners: list[int | None] = field(default_factory=list)  # users.id of each seat's account, if any
    rated: bool = False


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


class Store(Database):
    """The database behind the server. Every method is one short transaction.

    ``busy_timeout`` (seconds) is how long a write waits for a locked database before
    :class:`StoreUnavailable` is raised (SQLite's busy timeout; PostgreSQL's lock timeout).
    """

    def __init__(self, url: str | None = None, *, busy_timeout: float = 5.0) -> None:
        super().__init__(url, busy_timeout=busy_timeout)
        self._queued: list[_MoveWrite] = []  # moves waiting for the next group commit
        self._queue_lock = threading.Lock()
        self._queue_ready = threading.Condition(self._queue_lock)
        self._writer_thread: threading.Thread | None = None  # commits what submit_moves queues
        self._closing = False
        self.commits = 0  # transactions that stored moves (a group counts once), for the load figures

    def close(self) -> None:
        with self._queue_ready:
            self._closing = True
            self._queue_ready.notify_all()
        if self._writer_thread is not None:
            self._writer_thread.join(timeout=10)
        super().close()

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
        owners: list[int | None] | None = None,
        rated: bool = False,
    ) -> None:
        """The game, its seats (``owners``: the account of each, if any) and the chance outcomes drawn at its
        start, in one transaction; ``rated``: a game from a rated seek (``games.rated``)."""

        def work(session: Session) -> None:
            session.add(GameRow(id=game_id, slug=slug, options=json.dumps(options), seed=seed_text(seed),
                                num_players=len(seats), rated=rated, **summary))  # fmt: skip
            session.flush()
            for player, kind in enumerate(seats):
                session.add(SeatRow(game_id=game_id, player=player, kind=kind, token_hash=token_hashes[player],
                                    invite_hash=invite_hashes[player], user_id=owners[player] if owners else None))  # fmt: skip
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
        now = utc_now()
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
            message = refusal(error)
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

    def redeem_invite(self, invite_hash: str, token_hash: str,
                      owner: int | None = None) -> tuple[str, int] | None | bool | str:  # fmt: skip
        """Turn the invite with this digest into a seat token (of the account ``owner``, if given), once.

        ``(game_id, player)`` on success; ``False`` when the invite was used already; ``None``
        when no invite has this digest; a refusal's reason (text) when the game is rated and
        ``owner`` is nobody or holds another of its seats (every seat of a rated game is a distinct account).
        """

        def work(session: Session) -> tuple[str, int] | None | bool | str:
            seat = session.scalars(select(SeatRow).where(SeatRow.invite_hash == invite_hash)).first()
            if seat is None:
                return None
            if is_rated(session.get(GameRow, seat.game_id)) and seat.token_hash is None:
                if owner is None:
                    return "log in to take a seat in a rated game: its seats belong to accounts"
                if session.scalar(select(SeatRow.id).where(SeatRow.game_id == seat.game_id, SeatRow.user_id == owner)):
                    return "your account holds another seat of this rated game: a rated game is between different accounts"
            done = session.execute(update(SeatRow).where(SeatRow.id == seat.id, SeatRow.token_hash.is_(None))
                                   .values(token_hash=token_hash, user_id=owner))  # fmt: skip
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
                owners=[seat.user_id for seat in seats],
                rated=is_rated(row),
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

    # -- seats of accounts (server/routes/account.py) -----------------------------------
    def claim_seats(self, user_id: int, seats: list[tuple[str, str]]) -> list[tuple[str, int]]:
        """Give the account the seats these (game id, token digest) open, where no account holds them yet."""

        def work(session: Session) -> list[tuple[str, int]]:
            claimed = []
            for game_id, token_hash in seats:
                seat = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.token_hash == token_hash,
                                                             SeatRow.user_id.is_(None))).first()  # fmt: skip
                if seat is not None:
                    seat.user_id = user_id
                    claimed.append((seat.game_id, seat.player))
            return claimed

        return self._write(work)

    def account_games(self, user_id: int, limit: int = 200) -> list[tuple[Summary, list[int]]]:
        """The account's games, most recently changed first, each with the players whose seats are its."""

        def work(session: Session) -> list[tuple[Summary, list[int]]]:
            owned = session.execute(select(SeatRow.game_id, SeatRow.player).where(SeatRow.user_id == user_id)).all()
            players: dict[str, list[int]] = {}
            for game_id, player in owned:
                players.setdefault(game_id, []).append(player)
            if not players:
                return []
            rows = session.scalars(select(GameRow).where(GameRow.id.in_(list(players)))
                                   .order_by(GameRow.updated.desc()).limit(limit)).all()  # fmt: skip
            kinds: dict[str, list[str]] = {row.id: [] for row in rows}
            for seat in session.scalars(select(SeatRow).where(SeatRow.game_id.in_(list(kinds))).order_by(SeatRow.player)):
                kinds[seat.game_id].append(seat.kind)
            return [(Summary(row.id, row.slug, kinds[row.id], row.plies, row.to_move, row.seat_to_move, row.over,
                             row.returns, row.created, row.updated), sorted(players[row.id])) for row in rows]  # fmt: skip

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
                    updated=utc_now(), over=True, returns=list(ending), to_move=None, seat_to_move=None))  # fmt: skip

        self._write(work)

    def events(self, game_id: str) -> list[tuple[int, int, str, dict[str, Any]]]:
        """The game's control events in order: (ply, player, kind, data)."""

        def work(session: Session) -> list[tuple[int, int, str, dict[str, Any]]]:
            rows = session.scalars(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.id))
            return [(row.ply, row.player, row.kind, json.loads(row.data or "{}")) for row in rows]

        return self._read(work)

    def claim_seat(self, game_id: str, player: int, token_hash: str, owner: int | None = None) -> bool:
        """Give an unclaimed friend's seat this token (a rematch seat taken with the old game's token), and
        to the account ``owner`` if given; once."""

        def work(session: Session) -> bool:
            done = session.execute(update(SeatRow).where(
                SeatRow.game_id == game_id, SeatRow.player == player, SeatRow.token_hash.is_(None),
                SeatRow.invite_hash.is_not(None)).values(token_hash=token_hash, user_id=owner))  # fmt: skip
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
            session.execute(update(GameRow).where(GameRow.id == game_id).values(updated=utc_now(), **summary))

        self._write(work)
