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
from dataclasses import dataclass, field
from typing import Any, Callable

import abstracta
from abstracta.bots import LEVELS, level_bot, sample_chance
from abstracta.core.api import Game, State, View
from abstracta.core.errors import CHANCE
from abstracta.server.store import MoveConflict, Store, StoredGame, StoreUnavailable, hash_token

log = logging.getLogger("abstracta.server")

HUMAN = "human"
ME = "me"
FRIEND = "friend"
BOT_PREFIX = "bot:"
SEED_BITS = 128
"""Bits of every seed the server draws: far beyond any search from one seat's view (see docs/web.md)."""
ECHO_LIMIT = 80
"""Longest piece of client input quoted back in an error message."""
RETRY_AFTER = 1
"""Seconds a client is told to wait after a 503 (the database was busy)."""

BotFactory = Callable[..., Any]
"""``factory(level, game, seed) -> Bot``, like :func:`abstracta.bots.level_bot` (which is the default)."""


class ApiError(Exception):
    """A request the server refuses: HTTP ``status`` and a message for the ``error`` key."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(value: Any, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting client input in a message."""
    return cut(repr(value), limit)


BUSY_MESSAGE = "the database is busy or unavailable"
"""What a client is told of a failed database call: the driver's own message may name hosts, ports or
paths, so it goes to the server's log only."""


def unavailable(error: Exception, what: str | None = None) -> ApiError:
    """The 503 for a failed database call (``what``: what was not stored, if anything); the detail is logged."""
    log.warning("%s: %s", BUSY_MESSAGE, error)
    told = f"{what} was not stored, nothing changed" if what else "nothing changed"
    return ApiError(503, f"{BUSY_MESSAGE}; {told}: try again", {"Retry-After": str(RETRY_AFTER)})


# -- bots in worker processes -------------------------------------------------------
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


# -- one game in memory -------------------------------------------------------------
@dataclass
class LiveGame:
    id: str
    game: Game
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    invite_hashes: list[str | None]
    states: list[State]
    moves: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)  # who played each move; CHANCE for chance outcomes
    public: list[str] = field(default_factory=list)  # the public form of each move
    lock: threading.RLock = field(default_factory=threading.RLock)
    on_loop: bool = False  # the server's loop holds ``lock`` while a move is being stored (play_async)
    touched: float = field(default_factory=time.monotonic)
    # Game controls (server/controls.py): stored events, what ended the game if not its rules, the rematch.
    events: list[tuple[int, int, str, dict[str, Any]]] = field(default_factory=list)
    ended: dict[str, Any] | None = None
    rematch: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None  # {"base", "increment" (seconds), "times": when each move was stored}

    @property
    def state(self) -> State:
        return self.states[-1]

    def append(self, move: str, after: State | None = None) -> None:
        before = self.state
        self.public.append(before.public_move(move))
        self.movers.append(before.player if before.player is not None else CHANCE)
        self.states.append(before.play(move) if after is None else after)
        self.moves.append(move)

    def holder(self, token: str | None) -> int | None:
        """The player whose seat ``token`` opens; ``None`` for no token (a spectator); ``ApiError`` for a wrong one."""
        self.touched = time.monotonic()
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for player, expected in enumerate(self.token_hashes):
            if expected is not None and secrets.compare_digest(expected, digest):
                return player
        raise ApiError(403, f"this token opens no seat of game {self.id}")

    def waiting_for(self) -> list[int]:
        """Friends' seats whose invite has not been used yet."""
        return [p for p, (invite, token) in enumerate(zip(self.invite_hashes, self.token_hashes))
                if invite is not None and token is None]  # fmt: skip

    def bot_level(self, player: int | None) -> str | None:
        if player is None or player < 0:
            return None
        kind = self.seats[player]
        return kind[len(BOT_PREFIX):] if kind.startswith(BOT_PREFIX) else None

    def needs_server(self) -> bool:
        """At a chance node or a bot's turn: the server itself must move next."""
        state = self.state
        return not state.over and self.ended is None and (state.player == CHANCE or self.bot_level(state.player) is not None)


def _settle(future: asyncio.Future, error: Exception | None) -> None:
    if not future.done():
        future.set_result(error)


def _summary(after: State, plies: int) -> dict[str, Any]:
    return {"plies": plies, "to_move": after.player, "seat_to_move": after.seat, "over": bool(after.over),
            "returns": list(after.returns()) if after.over else None}  # fmt: skip


Listener = Callable[["LiveGame"], None]


class GameService:
    """All the games of one server.

    ``bot_pause`` is the least time a bot takes per move (so a person can follow the
    game). ``bot_factory`` makes a bot from ``(level, game, seed)`` (tests pass a
    quick one; it must be importable by the worker processes); ``bot_executor`` runs
    :func:`think` (default: :func:`bot_pool` of ``bot_workers`` processes).
    ``keep(game_id)`` says whether a game must stay in memory (e.g. someone watches it).
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
    def create(self, slug: Any, options: Any, seats: list[Any] | None,
               seed: int | None = None) -> tuple[str, dict[str, str], dict[str, str]]:  # fmt: skip
        """A new game: its id, the tokens of the ``me`` seats and the invite codes of the ``friend`` seats."""
        game = load_game(slug, options)
        asked = self.check_seats(seats if seats is not None else [ME] * game.num_players, game.num_players)
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
                        [hash_token(invites[p]) if p in invites else None for p in range(len(kinds))], [start])  # fmt: skip
        for move in self._chance_run(start):  # a game may open with dice: drawn and stored with it
            live.append(move)
        try:
            self.store.create_game(game_id, game.slug, game.options, seed, kinds, live.token_hashes, live.invite_hashes,
                                   list(zip(live.movers, live.moves)), _summary(live.state, len(live.moves)))  # fmt: skip
        except StoreUnavailable as error:
            raise unavailable(error, "the game") from None
        with self._games_lock:
            self._games[game_id] = live
        self._schedule_bot(live)
        return (game_id, {str(p): token for p, token in tokens.items()},
                {str(p): code for p, code in invites.items()})  # fmt: skip

    def redeem(self, code: Any) -> dict[str, Any]:
        """Use a friend's invite code, once: the game, the seat and that seat's new token."""
        if not isinstance(code, str) or not code or len(code) > 200:
            raise ApiError(404, "no such invite")
        token = secrets.token_urlsafe(24)
        try:
            found = self.store.redeem_invite(hash_token(code), hash_token(token))
        except StoreUnavailable as error:
            raise unavailable(error, "the invite") from None
        if found is None:
            raise ApiError(404, "no such invite")
        if found is False:
            raise ApiError(410, "this invite has been used already; ask for a new game or a new link")
        game_id, player = found
        with self._games_lock:
            live = self._games.get(game_id)
        if live is not None:
            with live.lock:
                live.token_hashes[player] = hash_token(token)
                self._tell(live)
        return {"game": game_id, "seat": player, "token": token}

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
            return self._games.setdefault(game_id, live)

    # -- play ------------------------------------------------------------------
    def play(self, game_id: str, token: str | None, move: Any, ply: int | None = None) -> LiveGame:
        """A human's move: only the seat to move, only a move in ``moves()``, only at ``ply`` when given."""
        live = self.get(game_id)
        if token is None or token == "":
            raise ApiError(401, "a move needs the seat's token: send the header 'Authorization: Bearer <token>'")
        player = live.holder(token)
        self._play_as(live, player, move, ply)
        return live

    def _play_as(self, live: LiveGame, player: int | None, move: Any, ply: int | None) -> None:
        with live.lock:
            after = self._check_move(live, player, move, ply)
            self._commit(live, [move, *self._chance_run(after)], [after])
        self._schedule_bot(live)

    def play_random_setup(self, game_id: str, token: str | None, ply: int | None = None) -> LiveGame:
        """Complete the setup of the token's seat at random, with the server's own randomness.

        The game's knowledge (``Knowledge.random_setup``) picks one uniformly random complete
        placement in a uniformly random order; its moves are checked like any move and stored
        together. The client chooses nothing, so the order of the public placements cannot give
        the kinds away whatever the client does.
        """
        live = self.get(game_id)
        if token is None or token == "":
            raise ApiError(401, "a random setup needs the seat's token: send the header 'Authorization: Bearer <token>'")
        player = live.holder(token)
        with live.lock:
            state = live.state
            knowledge = live.game.knowledge()
            moves = [] if knowledge is None or state.over else knowledge.random_setup(state, self.chance_rng)
            if not moves and not state.over and not live.ended and state.player == player:
                raise ApiError(409, "there is no setup to complete now: a random setup is for a seat "
                                    "placing its pieces, before it is ready")  # fmt: skip
            after = self._check_move(live, player, moves[0] if moves else "", ply)  # over, stale, turn, legal
            for move in moves[1:]:
                if after.player != player:  # the game's knowledge must keep to the asker's own moves
                    raise ValueError(f"{live.game.slug}: a random setup passed the turn before its end")
                after = after.play(move)
            self._commit(live, [*moves, *self._chance_run(after)])
        self._schedule_bot(live)
        return live

    def _check_move(self, live: LiveGame, player: int | None, move: Any, ply: int | None) -> State:
        """The state after ``move`` if ``player`` may play it now (game's lock held); ``ApiError`` otherwise."""
        if not isinstance(move, str):
            raise ApiError(422, f"'move' must be a string in the game's move notation, got {clip(move)}")
        state = live.state
        if state.over or live.ended:
            raise ApiError(409, f"game {live.id} is over; no more moves")
        if ply is not None and ply != len(live.moves):
            raise ApiError(409, f"stale move: it was sent for ply {clip(ply)}, but the game is at ply {len(live.moves)}")
        if state.player != player:
            raise ApiError(409, f"it is not your turn: player {state.player} ({state.seat}) is to move")
        if move not in state.moves():
            raise ApiError(400, f"illegal move {clip(move)}: {self._refusal(live, state, move)}")
        return state.play(move)

    async def play_async(self, game_id: str, token: str | None, move: Any, ply: int | None = None) -> LiveGame:
        """:meth:`play` for the server's event loop: the same checks, the same single transaction.

        The hot path runs on the loop itself, with no thread hop: a loaded game whose lock is free
        is checked and its move computed right here, the move joins the store's next group commit
        (:meth:`Store.submit_moves`), and the game's lock stays held by the loop until the commit has
        ended, so nothing else moves the game meanwhile; ``on_loop`` keeps the loop's other
        coroutines, for which that lock is re-entrant, from starting a second move. A game not in
        memory, or busy, takes the thread path (:meth:`play`), which may wait.
        """
        live = self.loaded_game(game_id)
        if live is None or live.on_loop or not live.lock.acquire(blocking=False):
            return await asyncio.to_thread(self.play, game_id, token, move, ply)
        loop = asyncio.get_running_loop()
        try:
            live.touched = time.monotonic()
            if token is None or token == "":
                raise ApiError(401, "a move needs the seat's token: send the header 'Authorization: Bearer <token>'")
            after = self._check_move(live, live.holder(token), move, ply)
            moves = [move, *self._chance_run(after)]
            movers, states, summary = self._prepared(live, moves, [after])
            stored: asyncio.Future = loop.create_future()

            def finished(error: Exception | None) -> None:  # in the store's writer thread
                loop.call_soon_threadsafe(_settle, stored, error)

            try:
                self.store.submit_moves(live.id, len(live.moves), list(zip(movers, moves)), summary, finished)
            except StoreUnavailable as error:
                raise unavailable(error, "the move") from None
            live.on_loop = True
        except BaseException:
            live.lock.release()
            raise
        # Shielded: a request cancelled meanwhile must still apply a stored move and free the game.
        await asyncio.shield(self._finish_on_loop(live, stored, moves, states))
        self._schedule_bot(live)
        return live

    async def _finish_on_loop(self, live: LiveGame, stored: asyncio.Future, moves: list[str], states: list[State]) -> None:
        try:
            error = await stored
            if isinstance(error, MoveConflict):
                self._forget(live)
                raise ApiError(409, "the game moved on meanwhile; reload it")
            if error is not None:
                raise unavailable(error, "the move")
            self._apply(live, moves, states)
        finally:
            live.on_loop = False
            live.lock.release()  # on the loop's thread, which took it

    @staticmethod
    def _refusal(live: LiveGame, state: State, move: str) -> str:
        """Why ``move`` is refused, in the game's own words where they cannot reveal anything hidden."""
        if not live.game.perfect_information:
            # An engine's message may quote the full position; the sender may only learn its view.
            return "it is not one of your legal moves now (the view's 'moves' lists them)"
        try:
            state.play(move)
        except ValueError as error:  # the engine may quote the move: quoted cut, like ours
            return cut(str(error).replace(move, cut(move, ECHO_LIMIT)) if len(move) > ECHO_LIMIT else str(error), 200)
        return "not in moves()"

    def _chance_run(self, state: State) -> list[str]:
        """The chance outcomes drawn, fairly by ``state.chance()``'s probabilities, until a player must move."""
        outcomes = []
        while not state.over and state.player == CHANCE:
            outcome = sample_chance(state, self.chance_rng)
            outcomes.append(outcome)
            state = state.play(outcome)
        return outcomes

    def _commit(self, live: LiveGame, moves: list[str], known: list[State] = ()) -> None:
        """Store ``moves`` (a move and the chance outcomes it triggers) in one transaction, then apply them.

        Called with the game's lock held. When the store fails, nothing changes in memory either
        and the caller gets a 503 ``ApiError`` saying so.
        """
        movers, states, summary = self._prepared(live, moves, known)
        try:
            self.store.add_moves(live.id, len(live.moves), list(zip(movers, moves)), summary)
        except StoreUnavailable as error:
            raise unavailable(error, "the move") from None
        except MoveConflict:
            self._forget(live)
            raise ApiError(409, "the game moved on meanwhile; reload it") from None
        self._apply(live, moves, states)

    @staticmethod
    def _prepared(live: LiveGame, moves: list[str], known: list[State] = ()) -> tuple[list[int], list[State], dict[str, Any]]:
        """Who plays each of ``moves``, the states after each, and the game's summary after them all."""
        states, movers, before = [], [], live.state
        for index, move in enumerate(moves):
            movers.append(before.player if before.player is not None else CHANCE)
            before = known[index] if index < len(known) else before.play(move)
            states.append(before)
        return movers, states, _summary(before, len(live.moves) + len(moves))

    def _apply(self, live: LiveGame, moves: list[str], states: list[State]) -> None:
        """Moves stored: into memory, and every watcher is told."""
        for move, after in zip(moves, states):
            live.append(move, after)
        live.touched = time.monotonic()
        self._tell(live)

    def _forget(self, live: LiveGame) -> None:
        """Drop a copy found out of date; the next request loads the stored game."""
        with self._games_lock:
            if self._games.get(live.id) is live:
                del self._games[live.id]

    def _resolve_chance(self, live: LiveGame) -> None:
        """A chance node left open (only by databases from before moves and dice were stored together)."""
        with live.lock:
            if not live.state.over and live.state.player == CHANCE:
                self._commit(live, self._chance_run(live.state))

    # -- bots ------------------------------------------------------------------
    def _schedule_bot(self, live: LiveGame) -> None:
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

    def _bot_done(self, live: LiveGame) -> bool:
        """Clear this game's mark unless a bot is (again) to move; checked under the lock that schedules."""
        with self._bots_lock:
            with self._games_lock:
                current = self._games.get(live.id) is live  # a copy found out of date: the sweep takes over
            if current and not self._closing.is_set() and not live.state.over and not live.ended \
                    and live.bot_level(live.state.player) is not None:
                return False
            self._bots_pending.discard(live.id)
            return True

    async def _bot_turns(self, live: LiveGame) -> None:
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

    async def _play_retrying(self, live: LiveGame, player: int, move: str, ply: int) -> None:
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

    # -- what clients see -------------------------------------------------------
    def view_json(self, live: LiveGame, holder: int | None) -> dict[str, Any]:
        """The answer for ``holder`` (``None``: a spectator), built from ``state.view(holder)`` only."""
        with live.lock:
            state = live.state
            view = state.view(holder)
            return {
                "id": live.id,
                "game": live.game.slug,
                "title": live.game.title,
                "options": live.game.options,
                "position": view.notation(),
                "player": view.player,
                "seat": view.seat,
                "moves": list(state.moves()) if holder is not None and state.player == holder else [],
                "over": bool(view.over),
                "returns": list(view.returns()),
                "scores": list(view.scores()),
                "last_effects": list(view.last_effects()),
                "history": history_seen(live, holder),
                "history_players": list(live.movers),
                "ply": len(live.moves),
                "you": holder,
                "seats": list(live.seats),
                "num_players": live.game.num_players,
                "perfect_information": bool(live.game.perfect_information),
                "waiting_for": live.waiting_for(),
                **controls_view(live, holder),
            }

    def replay_json(self, live: LiveGame, holder: int | None) -> dict[str, Any]:
        """Every position of the game so far as ``holder`` saw it (views only), for the replay slider."""
        with live.lock:
            states = list(live.states)
            history = history_seen(live, holder)
        views = [state.view(holder) for state in states]
        return {
            "id": live.id,
            "positions": [view.notation() for view in views],
            "effects": [list(view.last_effects()) for view in views],
            "history": history,
        }


def controls_view(live: LiveGame, holder: int | None) -> dict[str, Any]:
    """The view's game-control keys; a game ended by a control (resign, agreed draw) reads as over."""
    from abstracta.server.controls import controls_json

    extra: dict[str, Any] = {"controls": controls_json(live, holder)}
    if live.ended:
        extra.update(over=True, returns=list(live.ended["returns"]), moves=[], player=None, seat=None)
    return extra


def history_seen(live: LiveGame, holder: int | None) -> list[str]:
    """Every move as ``holder`` may read it: its own moves in full (it made them: Quin's
    "place T e3"), everyone else's in public form ("place ? e3"); a spectator reads only public forms."""
    if holder is None:
        return list(live.public)
    return [move if mover == holder else public for move, public, mover in zip(live.moves, live.public, live.movers)]


def load_game(slug: Any, options: Any) -> Game:
    if not isinstance(slug, str):
        raise ApiError(400, f"'game' must be a game slug; valid games: {', '.join(abstracta.games())}")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ApiError(400, f"'options' must be an object, got {type(options).__name__}")
    try:
        return abstracta.load(slug, **options)
    except (TypeError, ValueError) as error:  # the message may quote an option: cut like any echo
        message = str(error)
        for value in [slug, *options.keys(), *map(str, options.values())]:
            if isinstance(value, str) and len(value) > ECHO_LIMIT:
                message = message.replace(value, cut(value, ECHO_LIMIT))
        raise ApiError(400, cut(message, 300)) from None


def rebuild(stored: StoredGame) -> LiveGame:
    """The game exactly as it was: start from the stored seed and replay every stored move."""
    game = abstracta.load(stored.slug, **stored.options)
    live = LiveGame(stored.id, game, stored.seed, stored.seats, list(stored.token_hashes), list(stored.invite_hashes),
                    [game.start(seed=stored.seed)])  # fmt: skip
    for move in stored.moves:
        live.append(move)
    return live
