"""Live games: create, rebuild, play, resolve chance, run bots and tell every watcher.

One :class:`LiveGame` per game id lives in memory, rebuilt from the store on first
use by replaying its moves from ``game.start(seed)``. Every change to a game happens
under that game's lock, and a move is accepted only if, under the lock, its sender
holds the seat to move and the move is in ``state.moves()``: two racing clicks
cannot both land.

A move and every chance outcome it triggers are computed first, then written to the
store in one transaction, and only then applied in memory: a failed write leaves
both untouched and the client is told so (503, retry). Bots think in a pool of
worker processes (never under this process's GIL) on ``state.view(player)`` only;
their turns are asyncio tasks on the server's loop, whose pause is an async delay
and whose failed writes are retried with backoff. A periodic sweep resumes any game
left at a chance node or a bot's turn with nothing scheduled, and lets idle games
leave memory (they are loaded again on demand).

Nothing here ever hands out a full state: :meth:`GameService.view_json` builds every
answer from ``state.view(holder)`` (spectators: ``view(None)``) and the public form
of the moves (``state.public_move``).

:class:`GameService` is this module: its life cycle, the sweep, creating, joining and
loading games. Its other parts live beside it, one concern each, and every name they
define is importable from here as before:

- :mod:`abstracta.server.live`: one game in memory (:class:`LiveGame`, :func:`rebuild`,
  :func:`load_game`) and the errors clients are told (:class:`ApiError`, :func:`unavailable`);
- :mod:`abstracta.server.commit`: moves checked, stored in one transaction, then applied (:class:`Commits`);
- :mod:`abstracta.server.bot_pool`: the bots' worker processes and their turns (:class:`BotTurns`);
- :mod:`abstracta.server.views`: what clients see (:func:`view_json`, :func:`replay_json`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Callable

from abstracta.bots import LEVELS, level_bot
from abstracta.server import views
from abstracta.server.bot_pool import BotFactory, BotTurns, bot_pool, stop_pool, think
from abstracta.server.commit import Commits
from abstracta.server.live import (BOT_PREFIX, BUSY_MESSAGE, ECHO_LIMIT, FRIEND, HUMAN, ME, RETRY_AFTER, SEED_BITS,
                                   ApiError, LiveGame, clip, cut, game_summary, load_game, rebuild, unavailable)  # fmt: skip
from abstracta.server.store import Store, StoreUnavailable, hash_token
from abstracta.server.views import controls_view, history_seen

__all__ = [
    "BOT_PREFIX", "BUSY_MESSAGE", "ECHO_LIMIT", "FRIEND", "HUMAN", "ME", "RETRY_AFTER", "SEED_BITS",
    "ApiError", "BotFactory", "GameService", "Listener", "LiveGame", "bot_pool", "clip", "controls_view", "cut",
    "history_seen", "load_game", "rebuild", "stop_pool", "think", "unavailable",
]  # fmt: skip

log = logging.getLogger("abstracta.server")

Listener = Callable[[LiveGame], None]


class GameService(Commits, BotTurns):
    """All the games of one server.

    ``bot_pause`` is the least time a bot takes per move (so a person can follow the
    game). ``bot_factory`` makes a bot from ``(level, game, seed)`` (tests pass a
    quick one; it must be importable by the worker processes); ``bot_executor`` runs
    :func:`think` (default: :func:`bot_pool` of ``bot_workers`` processes).
    ``keep(game_id)`` says whether a game must stay in memory (e.g. someone watches it).
    Moves (:class:`~abstracta.server.commit.Commits`) and bot turns (:class:`~abstracta.server.bot_pool.BotTurns`)
    are mixins beside it, on the state set up here.
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_factory: BotFactory = level_bot,
        bot_pause: float = 0.6,
        bot_workers: int | None = None,
        bot_executor: Executor | None = None,
        idle_seconds: float = 600.0,
        sweep_seconds: float = 5.0,
    ) -> None:
        self.store = store
        self.bot_factory = bot_factory
        self.bot_pause = bot_pause
        self.bot_workers = bot_workers
        self.idle_seconds = idle_seconds
        self.sweep_seconds = sweep_seconds
        self.chance_rng = random.SystemRandom()  # fair dice nobody can predict or replay
        self.keep: Callable[[str], bool] = lambda game_id: False
        self._executor = bot_executor
        self._own_executor = bot_executor is None
        self._games: dict[str, LiveGame] = {}
        self._games_lock = threading.Lock()
        self._listeners: list[Listener] = []
        self.on_rebuilt: list[Listener] = []  # called with each game rebuilt from the store (server/rated.py)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task] = set()
        self._closing = threading.Event()
        self._bots_pending: set[str] = set()
        self._bots_lock = threading.Lock()
        self.resumed = threading.Event()

    # -- life cycle ------------------------------------------------------------
    async def start(self) -> None:
        """On the server's loop: resume unfinished games in the background and start the sweep."""
        self._loop = asyncio.get_running_loop()
        if self._executor is None:
            self._executor = bot_pool(self.bot_workers)
        self._spawn(self._resume_then_sweep())

    async def stop(self) -> None:
        self._closing.set()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._own_executor and isinstance(self._executor, ProcessPoolExecutor):
            stop_pool(self._executor)
        elif self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resume_then_sweep(self) -> None:
        first = True
        while not self._closing.is_set():
            try:
                await asyncio.to_thread(self.sweep)
            except Exception:  # the database may be away for a while; the next sweep tries again
                log.exception("sweep failed")
            if first:
                self.resumed.set()
                first = False
            await asyncio.sleep(self.sweep_seconds)

    def sweep(self) -> None:
        """Resume every game waiting for the server with nothing scheduled; let idle games leave memory."""
        for game_id in self.store.needing_action():
            with self._bots_lock:
                if game_id in self._bots_pending:
                    continue
            try:
                live = self.get(game_id)
                self._resolve_chance(live)
            except StoreUnavailable as error:
                log.warning("game %s waits for the database: %s", game_id, error)
                continue
            except Exception:  # one broken row must not stop the others
                log.exception("cannot resume game %s", game_id)
                continue
            self._schedule_bot(live)
        now = time.monotonic()
        with self._games_lock, self._bots_lock:
            for game_id, live in list(self._games.items()):
                if (now - live.touched > self.idle_seconds and game_id not in self._bots_pending
                        and not live.needs_server() and not self.keep(game_id)):  # fmt: skip
                    del self._games[game_id]

    def resume(self) -> None:
        """Resume what waits for the server (also the first sweep after start-up)."""
        self.sweep()

    def subscribe(self, listener: Listener) -> None:
        """``listener(live)`` is called, under the game's lock, after every change of every game."""
        self._listeners.append(listener)

    def _tell(self, live: LiveGame) -> None:
        for listener in self._listeners:
            try:
                listener(live)
            except Exception:  # a broken watcher must not undo a stored move
                log.exception("listener failed for game %s", live.id)

    def loaded(self) -> int:
        with self._games_lock:
            return len(self._games)

    # -- seats -----------------------------------------------------------------
    @staticmethod
    def check_seats(seats: list[Any], num_players: int) -> list[str]:
        """The seats as asked for: ``me`` (``human`` is the same), ``friend`` or ``bot:<level>``."""
        levels = ", ".join(BOT_PREFIX + name for name in LEVELS)
        if not isinstance(seats, list) or len(seats) != num_players:
            count = len(seats) if isinstance(seats, list) else "none"
            raise ApiError(400, f"seats must list one entry per player: this game has {num_players}, got {count}")
        checked = []
        for seat in seats:
            if seat == HUMAN:
                seat = ME
            if not isinstance(seat, str) or not (seat in (ME, FRIEND) or seat.startswith(BOT_PREFIX)
                                                 and seat[len(BOT_PREFIX):] in LEVELS):  # fmt: skip
                raise ApiError(400, f"unknown seat {clip(seat)}; a seat is 'me', 'friend' or one of {levels}")
            checked.append(seat)
        return checked

    # -- create and load -------------------------------------------------------
    def create(self, slug: Any, options: Any, seats: list[Any] | None, seed: int | None = None,
               owner: int | None = None, rated: bool = False, *,
               seat_owners: list[int | None] | None = None) -> tuple[str, dict[str, str], dict[str, str]]:  # fmt: skip
        """A new game: its id, the tokens of the ``me`` seats and the invite codes of the ``friend`` seats.
        ``owner``: the account (users.id) the ``me`` seats belong to, when created while logged in.
        ``rated``: a rated game (:func:`check_rated` says which may be). ``seat_owners``: each ``me`` seat's
        own account instead of ``owner`` (a seek's two players: server/seeks.py checks a rated seek's accounts)."""
        game = load_game(slug, options)
        asked = self.check_seats(seats if seats is not None else [ME] * game.num_players, game.num_players)
        if rated and seat_owners is None:
            check_rated(asked, owner, seed)
        if seed is not None and not game.perfect_information:
            raise ApiError(422, f"seed: {game.slug} hides information, so the server draws its seed; send none")
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        try:
            start = game.start(seed=seed)
        except (TypeError, ValueError) as error:
            raise ApiError(400, f"cannot start {game.slug} with seed {clip(seed)}: {cut(str(error), 200)}") from None
        tokens = {p: secrets.token_urlsafe(24) for p, kind in enumerate(asked) if kind == ME}
        invites = {p: secrets.token_urlsafe(24) for p, kind in enumerate(asked) if kind == FRIEND}
        kinds = [HUMAN if kind in (ME, FRIEND) else kind for kind in asked]
        game_id = secrets.token_urlsafe(9)
        live = LiveGame(game_id, game, seed, kinds,
                        [hash_token(tokens[p]) if p in tokens else None for p in range(len(kinds))],
                        [hash_token(invites[p]) if p in invites else None for p in range(len(kinds))], [start],
                        owners=[(seat_owners[p] if seat_owners is not None else owner) if p in tokens else None
                                for p in range(len(kinds))], rated=rated)  # fmt: skip
        for move in self._chance_run(start):  # a game may open with dice: drawn and stored with it
            live.append(move)
        try:
            self.store.create_game(game_id, game.slug, game.options, seed, kinds, live.token_hashes, live.invite_hashes,
                                   list(zip(live.movers, live.moves)), game_summary(live.state, len(live.moves)),
                                   live.owners, rated=rated)  # fmt: skip
        except StoreUnavailable as error:
            raise unavailable(error, "the game") from None
        with self._games_lock:
            self._games[game_id] = live
        self._schedule_bot(live)
        return (game_id, {str(p): token for p, token in tokens.items()},
                {str(p): code for p, code in invites.items()})  # fmt: skip

    def redeem(self, code: Any, owner: int | None = None) -> dict[str, Any]:
        """Use a friend's invite code, once: the game, the seat and that seat's new token (the seat belongs
        to the account ``owner`` when given)."""
        if not isinstance(code, str) or not code or len(code) > 200:
            raise ApiError(404, "no such invite")
        token = secrets.token_urlsafe(24)
        try:
            found = self.store.redeem_invite(hash_token(code), hash_token(token), owner)
        except StoreUnavailable as error:
            raise unavailable(error, "the invite") from None
        if found is None:
            raise ApiError(404, "no such invite")
        if found is False:
            raise ApiError(410, "this invite has been used already; ask for a new game or a new link")
        if isinstance(found, str):
            raise ApiError(403, found)
        game_id, player = found
        with self._games_lock:
            live = self._games.get(game_id)
        if live is not None:
            with live.lock:
                live.token_hashes[player] = hash_token(token)
                live.owners[player] = owner
                self._tell(live)
        return {"game": game_id, "seat": player, "token": token}

    def claim_seats(self, user_id: int, seats: list[tuple[str, str]]) -> list[tuple[str, int]]:
        """Give the account the anonymous seats these (game id, token) open; the (game, player) pairs claimed."""
        try:
            claimed = self.store.claim_seats(user_id, [(game_id, hash_token(token)) for game_id, token in seats])
        except StoreUnavailable as error:
            raise unavailable(error, "the claim") from None
        for game_id, player in claimed:
            live = self.loaded_game(game_id)
            if live is not None:
                with live.lock:
                    live.owners[player] = user_id
        return claimed

    def loaded_game(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (never touches the database); ``None`` otherwise."""
        with self._games_lock:
            return self._games.get(game_id)

    def get(self, game_id: str) -> LiveGame:
        with self._games_lock:
            live = self._games.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise ApiError(404, f"no game with id {clip(game_id)}")
        try:
            stored = self.store.load(game_id)
        except StoreUnavailable as error:
            raise unavailable(error) from None
        if stored is None:
            raise ApiError(404, f"no game with id {clip(game_id)}")
        live = rebuild(stored)
        from abstracta.server.controls import restore  # here: controls imports this module

        restore(live, self)
        with self._games_lock:
            live = self._games.setdefault(game_id, live)
        for hook in self.on_rebuilt:
            try:
                hook(live)
            except StoreUnavailable as error:  # e.g. its ratings could not be read: the game itself is fine
                log.warning("game %s rebuilt, but a follow-up failed: %s", game_id, error)
        return live

    # -- what clients see (server/views.py) ---------------------------------------
    view_json = staticmethod(views.view_json)
    replay_json = staticmethod(views.replay_json)


def check_rated(seats: list[str], owner: int | None, seed: int | None) -> None:
    """A rated game is between accounts: its creator is logged in and holds one seat ('me'), every other
    seat is a friend's, taken by invite by another logged-in account (:meth:`Store.redeem_invite`); no bots,
    and no chosen seed (the creator would pick the setup)."""
    if owner is None:
        raise ApiError(401, "log in to start a rated game: rated games are between accounts")
    if len(seats) < 2:
        raise ApiError(400, "a rated game has at least two players")
    if any(seat.startswith(BOT_PREFIX) for seat in seats):
        raise ApiError(400, "rated games are between accounts: no bots")
    if seats.count(ME) != 1:
        raise ApiError(400, "in a rated game one seat is yours ('me') and every other a friend's ('friend')")
    if seed is not None:
        raise ApiError(422, "seed: the server draws the seed of a rated game")

