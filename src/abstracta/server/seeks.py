"""Open seeks: a game looking for an opponent, shown live in every lobby, and the lobby's live channel.

A seek names a game, its options, a clock (``{"minutes", "increment"}``, ``{"days"}`` per move, or none),
whether it is rated, and for a rated seek an optional rating range. Anyone may create a casual seek;
a rated one needs an account on both sides and a two-player game. When someone else accepts it, the
server starts the game: the creator's seat is drawn by the server's random number generator
(``random.SystemRandom`` unless a test passes another), the accepter takes another seat, and any
further seats (games of three or four) are friends' seats whose invite codes go to the creator.

The seek is gone when it is accepted, cancelled by its creator, its creator's account is disabled, or
when its creator has had no lobby page open for :data:`ABSENT_SECONDS`: a creator is present while one of its lobby connections
(``/ws/lobby``) is open: an account's by the session cookie, an anonymous creator's by the seek token
that connection announced. Limits: :data:`MAX_OPEN_PER_CREATOR` open seeks per account (or per seek
token holder's address when anonymous) and :data:`MAX_OPEN_PER_ADDRESS` per client address.

Seeks are rows of the ``seeks`` table (so a restart keeps them for their creators to come back to)
mirrored in memory; the lobby's connections and who is present live only in memory.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from abstracta.server import controls
from abstracta.server.accounts import User
from abstracta.server.database import Database
from abstracta.server.live import FRIEND, ME, ApiError, clip, load_game, unavailable
from abstracta.server.service import GameService
from abstracta.server.store import Store, StoreUnavailable, hash_token
from abstracta.server.tables import SeekRow, UserRow, utc_now

log = logging.getLogger("abstracta.server")

ABSENT_SECONDS = 60.0
"""A seek goes when its creator has had no lobby page open for this long."""
MAX_OPEN_PER_CREATOR = 3
"""Open seeks of one account, or of one anonymous creator's address."""
MAX_OPEN_PER_ADDRESS = 6
"""Open seeks from one client address, accounts included."""
LOBBY_CONNECTIONS_PER_ADDRESS = 32
LOBBY_CONNECTIONS_IN_ALL = 4096
START_RATING = 1500.0
"""The rating an account without one is taken to have when a seek's range is checked."""
STARTED_KEPT_SECONDS = 600.0
"""How long an anonymous creator may still pick up its seat token (``GET /api/seeks/{id}``) after the start."""
RATING_LIMITS = (0, 4000)


@dataclass
class Seek:
    id: str
    slug: str
    title: str
    num_players: int
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rated: bool
    rating_range: list[int] | None
    user_id: int | None
    username: str | None
    owner_hash: str
    address: str
    created: datetime
    since: float = field(default_factory=time.monotonic)  # when its creator's absence started counting

    def creator_key(self) -> tuple[str, Any]:
        return ("user", self.user_id) if self.user_id is not None else ("seek", self.owner_hash)

    def row(self) -> dict[str, Any]:
        """What ``GET /api/seeks`` and the lobby's channel show of it."""
        return {"id": self.id, "game": self.slug, "title": self.title, "players": self.num_players,
                "options": self.options, "clock": self.clock, "rated": self.rated,
                "creator": self.username or "anonymous", "range": self.rating_range,
                "created": self.created.isoformat()}  # fmt: skip


@dataclass(eq=False)
class LobbyConnection:
    """One open lobby page: the account it is logged in as (if any) and the seek tokens it announced."""

    loop: asyncio.AbstractEventLoop
    address: str
    user_id: int | None
    owner_hashes: set[str] = field(default_factory=set)
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)

    def keys(self) -> set[tuple[str, Any]]:
        found: set[tuple[str, Any]] = {("seek", digest) for digest in self.owner_hashes}
        if self.user_id is not None:
            found.add(("user", self.user_id))
        return found

    def send(self, text: str) -> None:
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, text)
        except RuntimeError:  # its loop has closed: it leaves on its own
            pass


class Seeks:
    """The open seeks of one server and its lobby connections."""

    def __init__(self, store: Store, service: GameService, *, absent_seconds: float = ABSENT_SECONDS,
                 rng: random.Random | None = None, rating_of: Callable[[int, str], float | None] | None = None,
                 day_seconds: float = 86400.0, open_per_address: int = MAX_OPEN_PER_ADDRESS) -> None:  # fmt: skip
        self.store = store
        self.service = service
        self.absent_seconds = absent_seconds
        self.rng = rng or random.SystemRandom()
        # The accepter's rating in a game, for a seek's range (the ratings' store sets it); None: START_RATING.
        self.rating_of = rating_of or (lambda user_id, slug: None)
        self.day_seconds = day_seconds
        self.open_per_address = open_per_address  # the benchmark lifts it: all its players share one address
        self._seeks: dict[str, Seek] = {}
        self._connections: dict[LobbyConnection, None] = {}
        self._present: dict[tuple[str, Any], int] = {}  # open lobby connections per creator key
        # Seeks started lately: seek id -> (owner hash, creator's account, what the creator is told, when).
        self._started: dict[str, tuple[str, int | None, dict[str, Any], float]] = {}
        self._lock = threading.RLock()
        self._loaded = False

    # -- the seeks -------------------------------------------------------------------
    def load(self) -> None:
        """Read the stored seeks (at start); their creators have :data:`ABSENT_SECONDS` to come back."""
        if self._loaded:
            return

        def work(session: Session) -> list[tuple[SeekRow, str | None]]:
            query = select(SeekRow, UserRow.username).outerjoin(UserRow, UserRow.id == SeekRow.user_id)
            return [(row, name) for row, name in session.execute(query).all()]

        stored = self.store._read(work)
        with self._lock:
            for row, username in stored:
                try:
                    game = load_game(row.slug, json.loads(row.options))
                except ApiError:  # a game or option that no longer exists
                    continue
                self._seeks[row.id] = Seek(row.id, row.slug, game.title, game.num_players, json.loads(row.options),
                                           json.loads(row.clock) if row.clock else None, row.rated,
                                           [row.range_low, row.range_high] if row.range_low is not None else None,
                                           row.user_id, username, row.owner_hash, row.address, row.created)  # fmt: skip
            self._loaded = True

    def list(self) -> list[dict[str, Any]]:
        with self._lock:
            self.load()
            return [seek.row() for seek in sorted(self._seeks.values(), key=lambda seek: seek.created)]

    def create(self, slug: Any, options: Any, clock: Any, rated: Any, rating_range: Any, user: User | None,
               address: str) -> tuple[str, str]:  # fmt: skip
        """A new seek: its id and the creator's seek token (an anonymous creator's proof of ownership)."""
        game = load_game(slug, options)
        if not isinstance(rated, bool):
            raise ApiError(400, "rated: true or false")
        if rated and user is None:
            raise ApiError(400, "rated seeks are between two accounts: log in to create one")
        if rated and game.num_players != 2:
            raise ApiError(400, f"rated seeks are for two-player games; this {game.slug} has {game.num_players} players")
        clock = controls.check_clock(clock, game.num_players)
        if rating_range is not None:
            if not rated:
                raise ApiError(400, "rating_range: only a rated seek has one")
            if (not isinstance(rating_range, list) or len(rating_range) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in rating_range)
                    or not RATING_LIMITS[0] <= rating_range[0] <= rating_range[1] <= RATING_LIMITS[1]):  # fmt: skip
                raise ApiError(400, f"rating_range: [low, high], whole numbers from {RATING_LIMITS[0]} to {RATING_LIMITS[1]}")
        token = secrets.token_urlsafe(24)
        seek = Seek(secrets.token_urlsafe(9), game.slug, game.title, game.num_players, dict(game.options), clock, rated,
                    rating_range, user.id if user else None, user.username if user else None, hash_token(token),
                    address[:64], utc_now())  # fmt: skip
        with self._lock:
            self.load()
            mine = [other for other in self._seeks.values() if other.creator_key() == seek.creator_key()
                    or other.user_id is None and user is None and other.address == seek.address]  # fmt: skip
            if len(mine) >= MAX_OPEN_PER_CREATOR:
                raise ApiError(429, f"you have {MAX_OPEN_PER_CREATOR} open seeks already: cancel one first")
            if sum(1 for other in self._seeks.values() if other.address == seek.address) >= self.open_per_address:
                raise ApiError(429, f"this address has {self.open_per_address} open seeks already: cancel one first")
            try:
                self.store._write(lambda session: session.add(SeekRow(
                    id=seek.id, slug=seek.slug, options=json.dumps(seek.options),
                    clock=json.dumps(clock) if clock else None, rated=rated,
                    range_low=rating_range[0] if rating_range else None, range_high=rating_range[1] if rating_range else None,
                    user_id=seek.user_id, owner_hash=seek.owner_hash, address=seek.address, created=seek.created)))  # fmt: skip
            except StoreUnavailable as error:
                raise unavailable(error, "the seek") from None
            self._seeks[seek.id] = seek
        self._broadcast({"seek": seek.row()})
        return seek.id, token

    def _owned(self, seek: Seek, user: User | None, token: str | None) -> bool:
        if user is not None and seek.user_id == user.id:
            return True
        return bool(token) and secrets.compare_digest(hash_token(token), seek.owner_hash)

    def _find(self, seek_id: str) -> Seek:
        with self._lock:
            self.load()
            seek = self._seeks.get(seek_id)
        if seek is None:
            raise ApiError(404, f"no open seek {clip(seek_id)}: accepted, cancelled or gone")
        return seek

    def _remove(self, seek_id: str, why: str) -> Seek | None:
        """Take the seek out (once: ``None`` when someone else did first), in memory and then in the store."""
        with self._lock:
            seek = self._seeks.pop(seek_id, None)
        if seek is None:
            return None
        try:
            self.store._write(lambda session: session.execute(delete(SeekRow).where(SeekRow.id == seek_id)))
        except StoreUnavailable as error:
            with self._lock:
                self._seeks[seek_id] = seek
            raise unavailable(error, "the change") from None
        self._broadcast({"gone": seek_id, "why": why})
        return seek

    def cancel(self, seek_id: str, user: User | None, token: str | None) -> None:
        seek = self._find(seek_id)
        if not self._owned(seek, user, token):
            raise ApiError(403, "only the seek's creator can cancel it")
        self._remove(seek_id, "cancelled")

    def accept(self, seek_id: str, user: User | None, token: str | None) -> dict[str, Any]:
        """Start the seek's game: the accepter's game id, seat and token (the creator hears on the lobby channel)."""
        seek = self._find(seek_id)
        if self._owned(seek, user, token):
            raise ApiError(403, "you cannot accept your own seek")
        if seek.rated and user is None:
            raise ApiError(400, "rated seeks are between two accounts: log in to accept one")
        if seek.rated and seek.rating_range is not None:
            assert user is not None
            rating = self.rating_of(user.id, seek.slug)
            rating = START_RATING if rating is None else rating
            low, high = seek.rating_range
            if not low <= rating <= high:
                raise ApiError(403, f"this seek is for ratings {low} to {high}; yours is {rating:.0f}")
        if self._remove(seek_id, "accepted") is None:
            raise ApiError(404, f"no open seek {clip(seek_id)}: accepted, cancelled or gone")
        n = seek.num_players
        creator_seat = self.rng.randrange(n)
        accepter_seat = self.rng.choice([p for p in range(n) if p != creator_seat])
        seats = [ME if p in (creator_seat, accepter_seat) else FRIEND for p in range(n)]
        owners = [seek.user_id if p == creator_seat else (user.id if user else None) if p == accepter_seat else None
                  for p in range(n)]  # fmt: skip
        game_id, tokens, invites = self.service.create(seek.slug, seek.options, seats, seat_owners=owners,
                                                       rated=seek.rated)  # fmt: skip
        controls.start_chosen_clock(self.service, game_id, seek.clock, day_seconds=self.day_seconds)
        start: dict[str, Any] = {"seek": seek_id, "game": game_id, "seat": creator_seat, "invites": invites}
        if seek.user_id is None:  # an anonymous creator opens its seat with this token, sent to its pages only
            start["token"] = tokens[str(creator_seat)]
        with self._lock:
            now = time.monotonic()
            self._started = {key: value for key, value in self._started.items() if now - value[3] < STARTED_KEPT_SECONDS}
            self._started[seek_id] = (seek.owner_hash, seek.user_id, start, now)
            targets = [c for c in self._connections if seek.creator_key() in c.keys()]
        text = json.dumps({"started": start})
        for connection in targets:
            connection.send(text)
        return {"game": game_id, "seat": accepter_seat, "token": tokens[str(accepter_seat)]}

    def started(self, seek_id: str, user: User | None, token: str | None) -> dict[str, Any]:
        """For the creator only: the game its accepted seek started (an anonymous creator's seat token included)."""
        with self._lock:
            found = self._started.get(seek_id)
            open_seek = self._seeks.get(seek_id)
        if open_seek is not None:
            if not self._owned(open_seek, user, token):
                raise ApiError(403, "only the seek's creator can read it")
            return {"seek": seek_id, "open": True}
        if found is None:
            raise ApiError(404, f"no seek {clip(seek_id)} started a game lately")
        owner_hash, creator, start, _ = found
        owned_by_token = bool(token) and secrets.compare_digest(hash_token(token), owner_hash)
        if not owned_by_token and not (user is not None and creator == user.id):
            raise ApiError(403, "only the seek's creator can read it")
        return {**start, "open": False}

    # -- the lobby's live channel and presence ----------------------------------------
    def connect(self, connection: LobbyConnection) -> str | None:
        """Add a lobby page; ``None`` when it is in, else why it was refused."""
        with self._lock:
            self.load()
            if len(self._connections) >= LOBBY_CONNECTIONS_IN_ALL:
                return "the server has as many lobby pages open as it takes; try again later"
            if (sum(1 for c in self._connections if c.address == connection.address)
                    >= max(LOBBY_CONNECTIONS_PER_ADDRESS, self.open_per_address)):  # fmt: skip
                return "this address has as many lobby pages open as it may"
            self._connections[connection] = None
            for key in connection.keys():
                self._arrive(key)
        connection.send(json.dumps({"seeks": self.list()}))
        return None

    def announce(self, connection: LobbyConnection, tokens: Any) -> None:
        """The page holds these seek tokens (its anonymous seeks): its presence keeps them open."""
        if not isinstance(tokens, list):
            return
        with self._lock:
            if connection not in self._connections:
                return
            for token in tokens[:MAX_OPEN_PER_CREATOR * 4]:
                if isinstance(token, str) and 0 < len(token) <= 200:
                    digest = hash_token(token)
                    if digest not in connection.owner_hashes:
                        connection.owner_hashes.add(digest)
                        self._arrive(("seek", digest))
                        started = next((s for s in self._started.values() if s[0] == digest), None)
                        if started is not None:  # accepted while this page was away
                            connection.send(json.dumps({"started": started[2]}))

    def disconnect(self, connection: LobbyConnection) -> None:
        with self._lock:
            if self._connections.pop(connection, "gone") == "gone":
                return
            now = time.monotonic()
            for key in connection.keys():
                self._present[key] -= 1
                if not self._present[key]:
                    del self._present[key]
                    for seek in self._seeks.values():
                        if seek.creator_key() == key:
                            seek.since = now

    def _arrive(self, key: tuple[str, Any]) -> None:
        self._present[key] = self._present.get(key, 0) + 1

    def sweep(self) -> list[str]:
        """Remove the seeks whose creator has been away for :attr:`absent_seconds`, or whose account was
        disabled (``abstracta user disable`` runs in another process: the database says so); their ids."""
        now = time.monotonic()
        with self._lock:
            self.load()
            gone = [(seek.id, "absent") for seek in self._seeks.values()
                    if seek.creator_key() not in self._present and now - seek.since >= self.absent_seconds]  # fmt: skip
            accounts = {seek.user_id for seek in self._seeks.values() if seek.user_id is not None}
        if accounts:
            disabled = self.store._read(lambda session: set(session.scalars(
                select(UserRow.id).where(UserRow.id.in_(accounts), UserRow.disabled == True))))  # noqa: E712  # fmt: skip
            with self._lock:
                gone += [(seek.id, "disabled") for seek in self._seeks.values() if seek.user_id in disabled]
        removed = []
        for seek_id, why in gone:
            try:
                if self._remove(seek_id, why) is not None:
                    removed.append(seek_id)
            except ApiError:  # the database is away: the next sweep tries again
                log.warning("cannot remove the absent seek %s yet", seek_id)
        return removed

    async def run_sweeps(self) -> None:
        """On the server's loop: sweep a few times per :attr:`absent_seconds` until cancelled."""
        while True:
            await asyncio.sleep(max(0.05, min(5.0, self.absent_seconds / 4)))
            try:
                await asyncio.to_thread(self.sweep)
            except Exception:
                log.exception("seek sweep failed")

    def _broadcast(self, message: dict[str, Any]) -> None:
        text = json.dumps(message)
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            connection.send(text)


def remove_seeks_of(user_id: int, database: Database) -> None:
    """Delete a disabled account's seeks (``abstracta user disable``, another process: a running server's
    sweep then finds the account disabled and tells its lobbies)."""
    database._write(lambda session: session.execute(delete(SeekRow).where(SeekRow.user_id == user_id)))
