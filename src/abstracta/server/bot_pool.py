"""Bots for live games: the worker processes they think in, and their turns on the server's loop.

Bots think in a pool of worker processes (never under the server's GIL) on ``state.view(player)``
only. A game's bot turns are one asyncio task on the server's loop (:class:`BotTurns`), whose pause
is an async delay and whose failed writes are retried with backoff; a game has at most one such task,
marked in ``_bots_pending`` until no bot is to move.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Callable

import abstracta
from abstracta.bots.base import Bot
from abstracta.core.api import Game, State, View
from abstracta.server.live import ApiError, LiveGame

if TYPE_CHECKING:
    from abstracta.server.service import GameService

log = logging.getLogger("abstracta.server")

BotFactory = Callable[..., Bot]
"""``factory(level, game, seed) -> Bot``, like :func:`abstracta.bots.level_bot` (which is the default)."""

_worker_games: dict[tuple[str, str], Game] = {}


def _worker_setup(server_pid: int) -> None:
    """In each worker: yield the CPU to the server's requests, and end when the server has gone.

    A pool's worker holds both ends of its task queue, so it never sees the server die (kill -9,
    an interrupted shutdown); a watcher thread ends it instead of leaving it behind.
    """
    try:
        os.nice(5)
    except OSError:
        pass

    def watch_server() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:
                pass

    threading.Thread(target=watch_server, name="abstracta-server-watch", daemon=True).start()


def think(factory: BotFactory, slug: str, options_json: str, level: str, view: View, seed: int) -> str | None:
    """In a worker process: the move ``factory(level, game, seed)`` chooses on ``view``; ``None`` if it cannot."""
    key = (slug, options_json)
    game = _worker_games.get(key)
    if game is None:
        game = _worker_games[key] = abstracta.load(slug, **json.loads(options_json))
    try:
        return factory(level, game, seed).choose(view)
    except Exception as error:  # e.g. a view the search cannot play on (hidden information)
        log.warning("bot %s could not choose (%s: %s)", level, type(error).__name__, error)
        return None


def bot_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` bot processes (default: one per core), started from a clean interpreter."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=context,
                               initializer=_worker_setup, initargs=(os.getpid(),))  # fmt: skip


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a bot pool now: pending thoughts are dropped and thinking workers are ended."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


class BotTurns:
    """The bots' part of :class:`~abstracta.server.service.GameService` (a mixin: the state it uses,
    ``_bots_pending`` under ``_bots_lock``, ``_executor``, ``_loop`` and ``_closing``, is set up there)."""

    _executor: Executor | None
    _loop: asyncio.AbstractEventLoop | None
    _closing: threading.Event
    _bots_pending: set[str]
    _bots_lock: threading.Lock
    bot_factory: BotFactory
    bot_pause: float

    def _schedule_bot(self: GameService, live: LiveGame) -> None:
        """Start the bot task of this game on the server's loop, unless one is already at work on it."""
        with self._bots_lock:
            if self._closing.is_set() or self._loop is None or live.id in self._bots_pending:
                return
            if live.bot_level(live.state.player) is None or live.state.over or live.ended:
                return
            self._bots_pending.add(live.id)
        try:
            self._loop.call_soon_threadsafe(self._spawn, self._bot_turns(live))
        except RuntimeError:  # the loop has closed: shutting down
            with self._bots_lock:
                self._bots_pending.discard(live.id)

    def _bot_done(self: GameService, live: LiveGame) -> bool:
        """Clear this game's mark unless a bot is (again) to move; checked under the lock that schedules."""
        with self._bots_lock:
            with self._games_lock:
                current = self._games.get(live.id) is live  # a copy found out of date: the sweep takes over
            if current and not self._closing.is_set() and not live.state.over and not live.ended \
                    and live.bot_level(live.state.player) is not None:
                return False
            self._bots_pending.discard(live.id)
            return True

    async def _bot_turns(self: GameService, live: LiveGame) -> None:
        """The bots' moves of one game, one after another while a bot is to move."""
        loop = asyncio.get_running_loop()
        finished = False
        try:
            while not (finished := self._bot_done(live)):
                began = loop.time()
                with live.lock:
                    state, ply = live.state, len(live.moves)
                player = state.player
                level = live.bot_level(player)
                chosen = await self._think(live, state, player, level)
                rest = self.bot_pause - (loop.time() - began)
                if rest > 0:
                    await asyncio.sleep(rest)
                await self._play_retrying(live, player, chosen, ply)
        except asyncio.CancelledError:
            raise
        except Exception:  # never leave the mark behind: the sweep would skip this game for good
            log.exception("bot failed in game %s", live.id)
        finally:
            if not finished:  # a failure or a cancel: the mark must not outlive the task
                with self._bots_lock:
                    self._bots_pending.discard(live.id)

    async def _think(self, live: LiveGame, state: State, player: int, level: str) -> str:
        """The bot's move, found in a worker process on ``state.view(player)``; random when it has none."""
        legal = state.moves()
        try:
            move = await asyncio.get_running_loop().run_in_executor(
                self._executor, think, self.bot_factory, live.game.slug, json.dumps(live.game.options), level,
                state.view(player), secrets.randbits(63))  # fmt: skip
        except Exception as error:  # a broken worker: the game goes on with a random move
            log.warning("bot %s failed in game %s (%s); playing a random move", level, live.id, error)
            move = None
        if move not in legal:
            move = random.SystemRandom().choice(legal)
        return move

    async def _play_retrying(self: GameService, live: LiveGame, player: int, move: str, ply: int) -> None:
        """Play the bot's move; a busy database is waited out with backoff, never given up on."""
        delay = 0.05
        while not self._closing.is_set():
            try:
                await asyncio.to_thread(self._play_as, live, player, move, ply)
                return
            except ApiError as error:
                if error.status != 503:  # the game moved on meanwhile: think again from where it is
                    log.info("bot move %r in game %s refused: %s", move, live.id, error.message)
                    return
                log.warning("bot move in game %s waits for the database: %s", live.id, error.message)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def wait_for_bots(self, timeout: float = 30.0) -> bool:
        """Block until no bot move is pending (for tests and orderly shutdowns); False on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._bots_lock:
                if not self._bots_pending:
                    return True
            time.sleep(0.01)
        return False
