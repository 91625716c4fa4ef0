"""Live games: create, rebuild, play, resolve chance, run bots and tell every watcher.

One :class:`LiveGame` per game id lives in memory, rebuilt from the store on first
use by replaying its moves from ``game.start(seed)``. Every change to a game happens
under that game's lock, and a move is accepted only if, under the lock, its sender
holds the seat to move and the move is in ``state.moves()``: two racing clicks
cannot both land. The move is written to the store before the game in memory
changes, so what is kept is exactly what was played.

Nothing here ever hands out a full state: :meth:`GameService.view_json` builds every
answer from ``state.view(holder)`` (spectators: ``view(None)``) and the public form
of the moves (``state.public_move``).
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

import abstracta
from abstracta.bots import MCTSBot, RandomBot, sample_chance
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.server.store import Store, StoredGame, hash_token

log = logging.getLogger("abstracta.server")

HUMAN = "human"
BOT_PREFIX = "bot:"


class ApiError(Exception):
    """A request the server refuses: HTTP ``status`` and a message for the ``error`` key."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# -- bot levels ------------------------------------------------------------------
@dataclass(frozen=True)
class BotLevel:
    """How a ``bot:<name>`` seat plays: ``make(seed)`` returns a fresh bot for one move."""

    name: str
    make: Callable[[int], Any]
    about: str = ""


def default_bot_levels() -> dict[str, BotLevel]:
    """The levels the issue names, mapped to today's bots: random, then MCTS with growing budgets (<= 2 s)."""
    return {
        "random": BotLevel("random", lambda seed: RandomBot(seed), "a uniformly random legal move"),
        "easy": BotLevel("easy", lambda seed: MCTSBot(iterations=200, seconds=0.5, seed=seed), "MCTS, 200 iterations"),
        "medium": BotLevel(
            "medium", lambda seed: MCTSBot(iterations=2000, seconds=1.0, seed=seed), "MCTS, 2000 iterations, 1 s"
        ),
        "hard": BotLevel("hard", lambda seed: MCTSBot(seconds=2.0, seed=seed), "MCTS, 2 s a move"),
    }


def fast_bot_levels() -> dict[str, BotLevel]:
    """Every level as a quick bot, for tests: same names, tiny budgets."""
    return {
        "random": BotLevel("random", lambda seed: RandomBot(seed)),
        "easy": BotLevel("easy", lambda seed: MCTSBot(iterations=8, seed=seed)),
        "medium": BotLevel("medium", lambda seed: MCTSBot(iterations=12, seed=seed)),
        "hard": BotLevel("hard", lambda seed: MCTSBot(iterations=16, seed=seed)),
    }


# -- one game in memory -------------------------------------------------------------
@dataclass
class LiveGame:
    id: str
    game: Game
    seed: int
    seats: list[str]
    token_hashes: list[str | None]
    states: list[State]
    moves: list[str] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)  # who played each move; CHANCE for chance outcomes
    public: list[str] = field(default_factory=list)  # the public form of each move
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def state(self) -> State:
        return self.states[-1]

    def append(self, move: str) -> None:
        before = self.state
        self.public.append(before.public_move(move))
        self.movers.append(before.player if before.player is not None else CHANCE)
        self.states.append(before.play(move))
        self.moves.append(move)

    def holder(self, token: str | None) -> int | None:
        """The player whose seat ``token`` opens; ``None`` for no token (a spectator); ``ApiError`` for a wrong one."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for player, expected in enumerate(self.token_hashes):
            if expected is not None and secrets.compare_digest(expected, digest):
                return player
        raise ApiError(403, f"this token opens no seat of game {self.id}")

    def bot_level(self, player: int | None) -> str | None:
        if player is None or player < 0:
            return None
        kind = self.seats[player]
        return kind[len(BOT_PREFIX):] if kind.startswith(BOT_PREFIX) else None

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "plies": len(self.moves),
            "to_move": state.player,
            "seat_to_move": state.seat,
            "over": bool(state.over),
            "returns": list(state.returns()) if state.over else None,
        }


Listener = Callable[["LiveGame"], None]


class GameService:
    """All the games of one server.

    ``bot_pause`` is the least time a bot takes per move (so a person can follow
    the game); tests set it to 0 and pass :func:`fast_bot_levels`.
    """

    def __init__(
        self,
        store: Store,
        bot_levels: dict[str, BotLevel] | None = None,
        bot_pause: float = 0.6,
        bot_workers: int = 2,
    ) -> None:
        self.store = store
        self.bot_levels = bot_levels if bot_levels is not None else default_bot_levels()
        self.bot_pause = bot_pause
        self.chance_rng = random.SystemRandom()  # fair dice nobody can predict or replay
        self._games: dict[str, LiveGame] = {}
        self._games_lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="abstracta-bot")
        self._closing = threading.Event()
        self._bots_pending: set[str] = set()
        self._bots_lock = threading.Lock()

    # -- life cycle ------------------------------------------------------------
    def resume(self) -> None:
        """After a restart: finish any chance step left open and wake the bots of unfinished games."""
        for game_id in self.store.unfinished_ids():
            try:
                live = self.get(game_id)
            except Exception:  # one broken row must not stop the server
                log.exception("cannot resume game %s", game_id)
                continue
            with live.lock:
                self._resolve_chance(live)
            self._schedule_bot(live)

    def close(self) -> None:
        self._closing.set()
        self._executor.shutdown(wait=True, cancel_futures=True)

    def subscribe(self, listener: Listener) -> None:
        """``listener(live)`` is called, under the game's lock, after every move of every game."""
        self._listeners.append(listener)

    # -- seats -----------------------------------------------------------------
    def check_seats(self, seats: list[Any], num_players: int) -> list[str]:
        levels = ", ".join(BOT_PREFIX + name for name in self.bot_levels)
        if len(seats) != num_players:
            raise ApiError(400, f"seats must list one entry per player: this game has {num_players}, got {len(seats)}")
        for seat in seats:
            if not isinstance(seat, str) or not (seat == HUMAN or seat.removeprefix(BOT_PREFIX) in self.bot_levels
                                                 and seat.startswith(BOT_PREFIX)):  # fmt: skip
                raise ApiError(400, f"unknown seat {seat!r}; a seat is 'human' or one of {levels}")
        return list(seats)

    # -- create and load -------------------------------------------------------
    def create(self, slug: Any, options: Any, seats: list[Any] | None, seed: int | None = None) -> tuple[str, dict[str, str]]:
        game = load_game(slug, options)
        seats = self.check_seats(seats if seats is not None else [HUMAN] * game.num_players, game.num_players)
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            start = game.start(seed=seed)
        except (TypeError, ValueError) as error:
            raise ApiError(400, f"cannot start {game.slug} with seed {seed!r}: {error}") from None
        tokens = {player: secrets.token_urlsafe(18) for player, kind in enumerate(seats) if kind == HUMAN}
        game_id = secrets.token_urlsafe(6)
        live = LiveGame(game_id, game, seed, seats, [hash_token(tokens[p]) if p in tokens else None
                                                      for p in range(len(seats))], [start])  # fmt: skip
        self.store.create_game(game_id, game.slug, game.options, seed, seats, tokens, live.summary())
        with self._games_lock:
            self._games[game_id] = live
        with live.lock:
            self._resolve_chance(live)
        self._schedule_bot(live)
        return game_id, {str(player): token for player, token in tokens.items()}

    def get(self, game_id: str) -> LiveGame:
        with self._games_lock:
            live = self._games.get(game_id)
        if live is not None:
            return live
        stored = self.store.load(game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        if stored is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        live = rebuild(stored)
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
        if not isinstance(move, str):
            raise ApiError(422, f"'move' must be a string in the game's move notation, got {move!r}")
        with live.lock:
            state = live.state
            if state.over:
                raise ApiError(409, f"game {live.id} is over; no more moves")
            if ply is not None and ply != len(live.moves):
                raise ApiError(409, f"stale move: it was sent for ply {ply}, but the game is at ply {len(live.moves)}")
            if state.player != player:
                raise ApiError(409, f"it is not your turn: player {state.player} ({state.seat}) is to move")
            if move not in state.moves():
                raise ApiError(400, f"illegal move {move!r}: {self._refusal(live, state, move)}")
            self._commit(live, move)
            self._resolve_chance(live)
        self._schedule_bot(live)

    @staticmethod
    def _refusal(live: LiveGame, state: State, move: str) -> str:
        """Why ``move`` is refused, in the game's own words where they cannot reveal anything hidden."""
        if not live.game.perfect_information:
            # An engine's message may quote the full position; the sender may only learn its view.
            return "it is not one of your legal moves now (the view's 'moves' lists them)"
        try:
            state.play(move)
        except ValueError as error:
            return str(error)
        return "not in moves()"

    def _commit(self, live: LiveGame, move: str) -> None:
        """Store, then apply, then tell the listeners. Called with the game's lock held."""
        state = live.state
        after = state.play(move)
        mover = state.player if state.player is not None else CHANCE
        summary = {"plies": len(live.moves) + 1, "to_move": after.player, "seat_to_move": after.seat,
                   "over": bool(after.over), "returns": list(after.returns()) if after.over else None}  # fmt: skip
        self.store.add_move(live.id, len(live.moves), mover, move, summary)
        live.public.append(state.public_move(move))
        live.movers.append(mover)
        live.states.append(after)
        live.moves.append(move)
        for listener in self._listeners:
            try:
                listener(live)
            except Exception:  # a broken watcher must not undo a stored move
                log.exception("listener failed for game %s", live.id)

    def _resolve_chance(self, live: LiveGame) -> None:
        """Draw every chance event the moment it comes up, fairly, by ``state.chance()``'s probabilities."""
        while not live.state.over and live.state.player == CHANCE:
            self._commit(live, sample_chance(live.state, self.chance_rng))

    # -- bots ------------------------------------------------------------------
    def _schedule_bot(self, live: LiveGame, finished_turn: bool = False) -> None:
        """Start the bot of the seat to move, unless one is already at work on this game.

        A bot turn ends by calling this with ``finished_turn``: clearing its own mark and
        starting the next bot happen under one lock, so :meth:`wait_for_bots` never sees
        a gap between two bot moves.
        """
        with self._bots_lock:
            if finished_turn:
                self._bots_pending.discard(live.id)
            state = live.state
            if self._closing.is_set() or state.over or live.bot_level(state.player) is None:
                return
            if live.id in self._bots_pending:
                return
            self._bots_pending.add(live.id)
            try:
                self._executor.submit(self._bot_turn, live)
            except RuntimeError:  # shutting down
                self._bots_pending.discard(live.id)

    def _bot_turn(self, live: LiveGame) -> None:
        """One bot move: think on the view, wait out the pause, then play through the humans' path."""
        try:
            chosen = self._bot_think(live)
            if chosen is not None:
                player, move, ply = chosen
                try:
                    self._play_as(live, player, move, ply)
                except ApiError as error:  # the game moved on meanwhile
                    log.warning("bot move %r in game %s refused: %s", move, live.id, error.message)
                    chosen = None
        except Exception:
            log.exception("bot failed in game %s", live.id)
            chosen = None
        if chosen is None:  # nothing played: do not try again in a loop
            with self._bots_lock:
                self._bots_pending.discard(live.id)
        else:
            self._schedule_bot(live, finished_turn=True)

    def _bot_think(self, live: LiveGame) -> tuple[int, str, int] | None:
        began = time.monotonic()
        with live.lock:
            state, ply = live.state, len(live.moves)
        player = state.player
        level = live.bot_level(player)
        if level is None or state.over or self._closing.is_set():
            return None
        move = self._bot_move(live, state, player, level)
        rest = self.bot_pause - (time.monotonic() - began)
        if rest > 0 and self._closing.wait(rest):
            return None
        return player, move, ply

    def _bot_move(self, live: LiveGame, state: State, player: int, level: str) -> str:
        """The bot sees only ``state.view(player)``; a move outside the real ``moves()`` falls back to random."""
        bot = self.bot_levels[level].make(secrets.randbelow(2**31))
        legal = state.moves()
        try:
            move = bot.choose(state.view(player))
        except Exception as error:  # e.g. a view the search cannot play on (hidden information)
            log.warning("bot %s could not choose in game %s (%s); playing a random move", level, live.id, error)
            move = None
        if move not in legal:
            move = random.SystemRandom().choice(legal)
        return move

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
                "player": _seen(view, state, "player"),
                "seat": _seen(view, state, "seat"),
                "moves": list(state.moves()) if holder is not None and state.player == holder else [],
                "over": bool(_seen(view, state, "over")),
                "returns": list(_seen(view, state, "returns")),
                "scores": list(_seen(view, state, "scores")),
                "last_effects": _effects_seen(view),
                "history": list(live.public),
                "history_players": list(live.movers),
                "ply": len(live.moves),
                "you": holder,
                "seats": list(live.seats),
                "num_players": live.game.num_players,
                "perfect_information": bool(live.game.perfect_information),
            }

    def replay_json(self, live: LiveGame, holder: int | None) -> dict[str, Any]:
        """Every position of the game so far as ``holder`` saw it (views only), for the replay slider."""
        with live.lock:
            states = list(live.states)
            history = list(live.public)
        views = [state.view(holder) for state in states]
        return {
            "id": live.id,
            "positions": [view.notation() for view in views],
            "effects": [_effects_seen(view) for view in views],
            "history": history,
        }


PUBLIC_FACTS = {"player", "seat", "over", "returns", "scores"}


def _seen(view: Any, state: State, name: str) -> Any:
    """A public fact (whose turn, over, returns, scores) from the view, or from the state if the view lacks it.

    The contract lets ``view()`` return a lighter object (Quin's carries the view notation); these
    facts are public in every game, so the state may supply them. Nothing else is taken from it.
    """
    assert name in PUBLIC_FACTS
    source = view if hasattr(view, name) else state
    value = getattr(source, name)
    if callable(value):
        try:
            return value()
        except NotImplementedError:
            return getattr(state, name)()
    return value


def _effects_seen(view: Any) -> list[dict[str, Any]]:
    """The view's ``last_effects``; none when the view has no such method (never the state's own)."""
    method = getattr(view, "last_effects", None)
    if method is None:
        return []
    try:
        return list(method())
    except NotImplementedError:
        return []


def load_game(slug: Any, options: Any) -> Game:
    if not isinstance(slug, str):
        raise ApiError(400, f"'game' must be a game slug; valid games: {', '.join(abstracta.games())}")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ApiError(400, f"'options' must be an object, got {type(options).__name__}")
    try:
        return abstracta.load(slug, **options)
    except (TypeError, ValueError) as error:
        raise ApiError(400, str(error)) from None


def rebuild(stored: StoredGame) -> LiveGame:
    """The game exactly as it was: start from the stored seed and replay every stored move."""
    game = abstracta.load(stored.slug, **stored.options)
    live = LiveGame(stored.id, game, stored.seed, stored.seats, stored.token_hashes, [game.start(seed=stored.seed)])
    for move in stored.moves:
        live.append(move)
    return live
