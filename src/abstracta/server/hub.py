"""WebSocket fan-out: after every move each watcher gets the view of its own seat.

Moves are made on the server's loop (most human moves) or in worker threads (bots,
games that had to be loaded); each watcher lives on an asyncio loop. The hub builds
each watcher's view where the move was made, under the game's lock (so pushes keep
the order of the moves), and hands it to the watcher's loop with ``call_soon_threadsafe``. Each view is serialised once, however
many watchers of that seat there are: the watchers send the JSON text as it is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from abstracta.server.service import GameService, LiveGame

log = logging.getLogger("abstracta.server")


@dataclass(eq=False)
class Watcher:
    holder: int | None
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)


class Hub:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._watchers: dict[str, set[Watcher]] = {}
        self._lock = threading.Lock()
        service.subscribe(self.publish)

    def join(self, game_id: str, watcher: Watcher, limit: int | None = None) -> bool:
        """Add ``watcher``; ``False`` (and nothing added) when the game has ``limit`` watchers already."""
        with self._lock:
            watchers = self._watchers.setdefault(game_id, set())
            if limit is not None and len(watchers) >= limit:
                return False
            watchers.add(watcher)
            return True

    def leave(self, game_id: str, watcher: Watcher) -> None:
        with self._lock:
            watchers = self._watchers.get(game_id)
            if watchers is not None:
                watchers.discard(watcher)
                if not watchers:
                    del self._watchers[game_id]

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
            try:
                watcher.loop.call_soon_threadsafe(watcher.queue.put_nowait, views[watcher.holder])
            except RuntimeError:  # that watcher's loop has closed; it leaves on its own
                pass


def view_text(view: dict[str, Any]) -> str:
    """A view as the compact JSON text a watcher is sent (what ``WebSocket.send_json`` would send)."""
    return json.dumps(view, separators=(",", ":"), ensure_ascii=False)
