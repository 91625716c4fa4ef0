"""The analysis board's one route: ``POST /api/analysis/position``, a position and a variation, valued.

A request names where the variation starts, either a position of a game on this server (``game_id``
and ``ply``, seen as the asker may see it: a seat's token or the account's seat, else a spectator)
or a pasted position of a game with perfect information (``game``, ``options`` and ``position``, in
the game's notation), and the variation's ``moves``, each checked by the engine. The answer is the
position the variation reaches, as the board draws it, its legal moves, each player's win chances
(:func:`abstracta.bots.win_chances`) and the ``hard`` search's best line
(:func:`abstracta.bots.best_line.best_line`), both computed in the server's bot worker processes,
never on the event loop.

What is valued is only what the asker may see. A game with hidden information is explored from a
seat's view only: the start is ``state.view(seat)``, the variation is the seat's own moves, each
played by the view into one world built from the view alone (``View.play``), and the answer is that
world's view for the seat again; its chances are sampled from the view. The full state is never
read past the seat's view, so nothing the seat cannot see can reach an answer; spectators get none
(403). A rated game in progress cannot be analysed by anyone until it ends (no engine help in a rated
game).

Limits, per user (the account when logged in, else the client address): :data:`CONCURRENT` requests
at a time and :data:`PER_MINUTE` a minute; past either the answer is 429 with ``Retry-After``.
Across all users at most :data:`WORKER_TASKS` searches use the worker pool at once, so the live
games' bots always find a free worker.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

from fastapi import Request
from pydantic import BaseModel, Field

from abstracta.bots.best_line import LEVEL as LINE_LEVEL
from abstracta.bots.best_line import PLIES, SECONDS, best_line
from abstracta.bots.win_chances import ANALYSIS_LEVEL, win_chances
from abstracta.core.api import State
from abstracta.core.errors import illegal_reason, without_position
from abstracta.server.live import ApiError, clip, cut, load_game
from abstracta.server.routes.games import RateLimit
from abstracta.server.service import BotFactory, GameService, history_seen
from abstracta.server.views import board_view

log = logging.getLogger("abstracta.server")

CONCURRENT = 2
"""Requests one user may have running at once."""
PER_MINUTE = 60
"""Requests one user may send a minute."""
WORKER_TASKS = 2
"""Board searches running in the worker pool at once, all users together."""
MAX_MOVES = 200
"""The longest variation a request may carry."""
MAX_POSITION = 4000
"""The longest pasted position, in characters."""


class PositionRequest(BaseModel):
    """Where the variation starts, and its moves."""

    game_id: Optional[str] = Field(default=None, max_length=64, description="A game on this server: the variation "
                                   "starts from its position after 'ply' moves, as your seat (token or account) "
                                   "or a spectator may see it.")  # fmt: skip
    ply: Optional[int] = Field(default=None, ge=0, description="With 'game_id': the position after this many plies "
                               "(default: the latest).")  # fmt: skip
    game: Optional[str] = Field(default=None, max_length=64, description="Without 'game_id': the game slug of a "
                                "pasted position (games with perfect information only).")  # fmt: skip
    options: dict[str, Any] = Field(default_factory=dict, description="With 'game': the game's options.")
    position: Optional[str] = Field(default=None, max_length=MAX_POSITION, description="With 'game': the position "
                                    "in the game's notation (what a game view's 'position' holds).")  # fmt: skip
    moves: list[str] = Field(default_factory=list, max_length=MAX_MOVES, description="The variation: moves played "
                             "one after another from the start, each checked by the engine.")  # fmt: skip

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"game_id": "AbC123", "ply": 4, "moves": ["c1-b2"]},
        {"game": "laser-chess", "options": {}, "position": "<a position's notation>", "moves": []}]}}  # fmt: skip


class Limits:
    """Per user: at most ``concurrent`` requests at a time and ``per_minute`` a minute (429 past either)."""

    def __init__(self, concurrent: int = CONCURRENT, per_minute: int = PER_MINUTE, seconds: float = 60.0) -> None:
        self.concurrent = concurrent
        self.rate = RateLimit(per_minute, seconds)
        self._running: dict[str, int] = {}
        self._lock = threading.Lock()

    @contextmanager
    def admitted(self, who: str) -> Iterator[None]:
        with self._lock:
            if self._running.get(who, 0) >= self.concurrent:
                raise ApiError(429, f"too many analysis board requests at once: at most {self.concurrent} at a time "
                                    "per user; wait for the ones running", {"Retry-After": "1"})  # fmt: skip
            try:
                self.rate.check(who, "analysis board requests")
            except ApiError as error:  # the shared limiter speaks of an address; here it is a user
                raise ApiError(429, error.message.replace("from this address", "from you"), error.headers) from None
            self._running[who] = self._running.get(who, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                left = self._running[who] - 1
                if left:
                    self._running[who] = left
                else:
                    del self._running[who]


def evaluate_board(factory: BotFactory, view: State, seed: int, plies: int, seconds: float) -> dict[str, Any]:
    """In a worker process: the win chances and the best line from ``view`` (a full state or a seat's view)."""
    return {"chances": [float(p) for p in win_chances(view, seed)],
            "best_line": best_line(view, plies, seed, seconds=seconds, factory=factory)}  # fmt: skip


class Board:
    """The analysis board's work: the start, the variation, the search on the workers."""

    def __init__(self, service: GameService, limits: Limits | None = None, plies: int = PLIES,
                 seconds: float = SECONDS) -> None:  # fmt: skip
        self.service = service
        self.limits = limits or Limits()
        self.plies = plies
        self.seconds = seconds
        self._tasks: asyncio.Semaphore | None = None  # made on the server's loop, at first use

    def start(self, body: PositionRequest, credential: Any) -> tuple[State, int | None, list[str], dict[str, Any]]:
        """The start of the variation as the asker sees it, the seat (or ``None``), the moves before it, where it is."""
        if body.game_id is not None:
            if body.game is not None or body.position is not None or body.options:
                raise ApiError(400, "send either 'game_id' (and 'ply') or 'game', 'options' and 'position', not both")
            live = self.service.get(body.game_id)
            holder = live.holder(credential)
            with live.lock:
                states, over = list(live.states), bool(live.state.over or live.ended)
                history = history_seen(live, holder)
            if live.rated and not over:
                raise ApiError(403, "a rated game in progress cannot be analysed: open the analysis board once it is over")
            if not live.game.perfect_information and holder is None:
                raise ApiError(403, "this game hides information: only its players may analyse its positions, each "
                                    "from what their own seat sees (send the seat's token)")  # fmt: skip
            ply = len(states) - 1 if body.ply is None else body.ply
            if ply >= len(states):
                raise ApiError(400, f"ply {ply}: game {live.id} has {len(states) - 1} plies so far")
            return states[ply].view(holder), holder, history[:ply], {"game_id": live.id, "ply": ply}
        if body.game is None or body.position is None:
            raise ApiError(400, "say where to start: 'game_id' (and 'ply'), or 'game', 'options' and 'position'")
        if body.ply is not None:
            raise ApiError(400, "'ply' goes with 'game_id'; a pasted position starts where it is")
        game = load_game(body.game, body.options)
        if not game.perfect_information:
            raise ApiError(400, f"{game.slug} hides information: a pasted position cannot say what each seat knows; "
                                "open a game of yours instead")  # fmt: skip
        try:
            state = game.parse(body.position)
        except ValueError as error:
            raise ApiError(400, f"not a position of {game.slug}: {cut(str(error), 200)}") from None
        return state, None, [], {"game": game.slug, "position": state.notation()}

    @staticmethod
    def variation(start: State, holder: int | None, moves: list[str]) -> State:
        """The position after ``moves`` from ``start``, each checked by the engine; 400 for the first illegal one."""
        state = start
        for number, move in enumerate(moves, 1):
            if state.over:
                raise ApiError(400, f"move {number} ({clip(move)}): the game is over by then")
            if move not in state.moves():
                reason = "not a legal move here"
                if not state.game.perfect_information and state.player != holder:
                    reason = "the board explores only your own seat's moves in a game that hides information"
                else:
                    try:
                        state.play(move)
                    except ValueError as error:  # the engine's reason, without the position it quotes
                        words = without_position(str(error), state.notation())
                        reason = cut(illegal_reason(words), 200)
                raise ApiError(400, f"illegal move {clip(move)} (move {number} of the variation): {reason}")
            after = state.play(move)
            state = after.view(holder) if holder is not None else after
        return state

    async def answer(self, body: PositionRequest, request: Request, sessions: Any) -> dict[str, Any]:
        who = await asyncio.to_thread(self._who, request, sessions)
        with self.limits.admitted(who):
            credential = await sessions.credential_async(request, required=False)
            start, holder, history, origin = await asyncio.to_thread(self.start, body, credential)
            reached = await asyncio.to_thread(self.variation, start, holder, list(body.moves))
            if self._tasks is None:
                self._tasks = asyncio.Semaphore(WORKER_TASKS)
            async with self._tasks:
                try:
                    found = await asyncio.get_running_loop().run_in_executor(
                        self.service._executor, evaluate_board, self.service.bot_factory, reached, 0, self.plies,
                        self.seconds)  # fmt: skip
                except Exception as error:  # a broken or stopping worker pool: nothing was changed, ask again
                    log.exception("analysis board search failed")
                    raise ApiError(503, f"the search failed ({type(error).__name__}); try again",
                                   {"Retry-After": "1"}) from None  # fmt: skip
        return self.json(reached, holder, history, origin, list(body.moves), found)

    @staticmethod
    def _who(request: Request, sessions: Any) -> str:
        """The key of the per-user limits: the logged-in account, else the client address."""
        user = sessions.user(request, changing=False) if not request.headers.get("authorization") else None
        if user is not None:
            return f"account:{user.id}"
        return f"address:{request.client.host if request.client else 'unknown'}"

    @staticmethod
    def json(view: State, holder: int | None, history: list[str], origin: dict[str, Any], moves: list[str],
             found: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
        return {
            **board_view(view),
            "start": origin,
            "you": holder,
            "variation": moves,
            "history": history + moves,
            "moves": [] if view.over else list(view.moves()),
            "chances": found["chances"],
            "chances_level": ANALYSIS_LEVEL,
            "best_line": found["best_line"],
            "level": LINE_LEVEL,
            "sampled": bool(moves) and not view.game.perfect_information,
        }


def install(app: Any, service: GameService, limits: Limits | None = None) -> Board:
    """Add ``POST /api/analysis/position`` to ``app``; the one hook ``create_app`` calls."""
    board = Board(service, limits)

    @app.post("/api/analysis/position", tags=["analysis"],
              summary="The analysis board: a position and a variation, with win chances and the best line",
              description="Start from a game on this server ('game_id', 'ply'; as your seat, by token or account, "
              "else as a spectator may see it) or from a pasted position of a game with perfect information ('game', "
              "'options', 'position'), then play 'moves', each checked by the engine (400 for the first illegal one). "
              "Answers the position reached as a view ('position', 'structure', 'player', 'moves' legal there, "
              "'last_effects', ...), each player's win chances ('chances', expected scores summing to 1) and the "
              "hard search's best line ('best_line', a few plies in notation), computed on the bot workers. Games "
              "with hidden information: a seat's own view and moves only (spectators 403; 'sampled' says the "
              "rival's hidden pieces are then drawn from your view, never revealed). A rated game in progress: 403. "
              f"Per user (account, else address): {CONCURRENT} requests at a time and {PER_MINUTE} a minute, "
              "else 429 with Retry-After.")  # fmt: skip
    async def analysis_position(body: PositionRequest, request: Request) -> dict[str, Any]:
        return await board.answer(body, request, app.state.sessions)

    return board
