"""WebSocket fan-out: after every move each watcher gets the view of its own seat.

Moves are made on the server's loop (most human moves) or in worker threads (bots,
games that had to be loaded); each watcher lives on an asyncio loop. The hub builds
each watcher's view where the move was made, under the game's lock (so pushes keep
the order of the moves), and hands it to the watcher's loop with ``call_soon_threadsafe``. Each view is serialised once, however
many watchers of that seat there are: the watchers send the JSON text as it is.

Presence and chat go only to watchers that asked for them (``?extras=1`` on the socket, as the game
page does; other clients see views only, as before). Presence: each such watcher of a game is sent ``{"presence": [bool per seat]}`` when it joins and
whenever the seats with an open socket change (a bot's seat always counts as present); chat messages
(:mod:`abstracta.server.chat`) go to every watcher as they are (:meth:`Hub.send_all`).

Who may watch: a seat's token always gets a socket (its oldest gives way past
:data:`SOCKETS_PER_SEAT`); spectators, whom anyone can open since game ids are public, are
capped per game, per client address and on the whole server, and never count against a seat.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import threading
from dataclasses import dataclass, field
from typing import Any

from abstracta.server.live import BOT_PREFIX
from abstracta.server.service import GameService, LiveGame

log = logging.getLogger("abstracta.server")

SOCKETS_PER_SEAT = 8
"""A seat's sockets (its player's tabs); past this the seat's oldest socket is closed (4409), never the new one."""
SPECTATORS_PER_GAME = 64
"""Spectator sockets on one game; seats' sockets never count against it."""
SPECTATORS_PER_ADDRESS = 32
"""Spectator sockets from one client address, over every game."""
SPECTATORS_IN_ALL = 2048
"""Spectator sockets on the whole server (fewer when the open-file limit is low: see :func:`spectators_in_all`)."""

DROPPED = object()
"""Put on a watcher's queue to have its socket closed: a newer socket of the same seat took its place."""


def spectators_in_all() -> int:
    """:data:`SPECTATORS_IN_ALL`, or half the process's open-file limit if that is lower, so that
    spectators can never use up the descriptors a seat's socket needs."""
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return SPECTATORS_IN_ALL
    return SPECTATORS_IN_ALL if soft == resource.RLIM_INFINITY else max(1, min(SPECTATORS_IN_ALL, soft // 2))


@dataclass(eq=False)
class Watcher:
    holder: int | None
    loop: asyncio.AbstractEventLoop
    address: str = ""
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    extras: bool = False  # also sent presence and chat (the game page asks for them)

    def send(self, text: str) -> None:
        """Queue this text for the socket (from any thread)."""
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, text)
        except RuntimeError:  # its loop has closed: it leaves on its own
            pass

    def drop(self) -> None:
        """Close this watcher's socket (from any thread): its pusher finds :data:`DROPPED` and closes."""
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, DROPPED)
        except RuntimeError:  # its loop has closed: the socket is gone already
            pass


@dataclass(frozen=True)
class SocketLimits:
    """The WebSocket caps of one server (defaults: the module's constants); tests and benchmarks pass others."""

    per_seat: int = SOCKETS_PER_SEAT
    spectators_per_game: int = SPECTATORS_PER_GAME
    spectators_per_address: int = SPECTATORS_PER_ADDRESS
    spectators_in_all: int = field(default_factory=spectators_in_all)


class Hub:
    """Who watches which game. A seat's token always gets a socket; spectators are capped per game,
    per client address and on the whole server (:class:`SocketLimits`), so that no crowd of
    spectators, whoever opens them, can keep a player from the live updates."""

    def __init__(self, service: GameService, limits: SocketLimits | None = None) -> None:
        self.service = service
        self.limits = limits or SocketLimits()
        self._watchers: dict[str, dict[Watcher, None]] = {}  # per game, oldest first
        self._spectators_from: dict[str, int] = {}  # spectator sockets by client address
        self._spectators = 0
        self._lock = threading.Lock()
        self._presence_lock = threading.Lock()  # taken before _lock, never inside it
        service.subscribe(self.publish)

    def join(self, game_id: str, watcher: Watcher) -> str | None:
        """Add ``watcher``; ``None`` when it is in, else why a spectator was refused (nothing added).

        A seat's watcher is always let in: when its seat has ``per_seat`` sockets already, the
        oldest of them is dropped to make room.
        """
        limits = self.limits
        with self._lock:
            watchers = self._watchers.get(game_id, {})
            if watcher.holder is None:
                spectators = sum(1 for other in watchers if other.holder is None)
                if spectators >= limits.spectators_per_game:
                    return f"this game has {limits.spectators_per_game} spectators already; try again later"
                if self._spectators_from.get(watcher.address, 0) >= limits.spectators_per_address:
                    return (f"this address has {limits.spectators_per_address} spectator connections open already; "
                            "close one and try again")  # fmt: skip
                if self._spectators >= limits.spectators_in_all:
                    return "the server has as many spectators as it takes; try again later"
                self._spectators += 1
                self._spectators_from[watcher.address] = self._spectators_from.get(watcher.address, 0) + 1
            else:
                same_seat = [other for other in watchers if other.holder == watcher.holder]
                for oldest in same_seat[: max(0, len(same_seat) - limits.per_seat + 1)]:
                    del watchers[oldest]
                    oldest.drop()
            watchers[watcher] = None
            self._watchers[game_id] = watchers
        self._announce_presence(game_id)
        return None

    def leave(self, game_id: str, watcher: Watcher) -> None:
        with self._lock:
            watchers = self._watchers.get(game_id)
            if watchers is None or watcher not in watchers:
                return  # never let in, or dropped already
            del watchers[watcher]
            seat_left = watcher.holder is not None and all(other.holder != watcher.holder for other in watchers)
            if not watchers:
                del self._watchers[game_id]
            if watcher.holder is None:
                self._spectators -= 1
                left = self._spectators_from[watcher.address] - 1
                if left:
                    self._spectators_from[watcher.address] = left
                else:
                    del self._spectators_from[watcher.address]
        if seat_left:  # that seat's last socket closed
            self._announce_presence(game_id)

    # Presence is worked out outside ``_lock``: the service's sweep asks the hub (``watching``) while it holds
    # its own lock, so the hub must never wait for the service's lock while holding its own.
    def _presence(self, game_id: str, holders: set[int | None]) -> list[bool]:
        live = self.service.loaded_game(game_id)
        if live is None:
            return []
        return [player in holders or kind.startswith(BOT_PREFIX) for player, kind in enumerate(live.seats)]

    def _announce_presence(self, game_id: str) -> None:
        """Send every watcher asking for extras who is connected now; one announcement at a time, so that
        a later one is never overtaken by an earlier, staler one."""
        with self._presence_lock:
            with self._lock:
                watchers = list(self._watchers.get(game_id, ()))
            text = view_text({"presence": self._presence(game_id, {watcher.holder for watcher in watchers})})
            for watcher in watchers:
                if watcher.extras:
                    watcher.send(text)

    def presence(self, game_id: str) -> list[bool]:
        """Whether each seat of the game has a socket open (a bot's seat always has)."""
        with self._lock:
            holders = {watcher.holder for watcher in self._watchers.get(game_id, ())}
        return self._presence(game_id, holders)

    def send_all(self, game_id: str, text: str) -> None:
        """Send this JSON text to every watcher of the game that asked for extras (a chat message)."""
        with self._lock:
            watchers = list(self._watchers.get(game_id, ()))
        for watcher in watchers:
            if watcher.extras:
                watcher.send(text)

    def watching(self, game_id: str) -> int:
        with self._lock:
            return len(self._watchers.get(game_id, ()))

    def publish(self, live: LiveGame) -> None:
        with self._lock:
            watchers = list(self._watchers.get(live.id, ()))
        views: dict[int | None, str] = {}
        for watcher in watchers:
            if watcher.holder not in views:
                views[watcher.holder] = view_text(self.service.view_json(live, watcher.holder))
            watcher.send(views[watcher.holder])


def view_text(view: dict[str, Any]) -> str:
    """A view as the compact JSON text a watcher is sent (what ``WebSocket.send_json`` would send)."""
    return json.dumps(view, separators=(",", ":"), ensure_ascii=False)
