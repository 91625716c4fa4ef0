"""Post-game analysis for the web app: ``POST /api/games/{id}/analysis`` starts it, ``GET`` polls it.

For a finished game every position is valued by the strongest bot level (``LEVELS[-1]``) made by the
server's bot factory, through :mod:`abstracta.bots.analysis`: ``bot.evaluate`` where the bot
declares one (``bot.evaluates``: alpha-beta, expectimax, multi-player MCTS), else a few seeded
random playouts. Each position is one task on the server's bot worker pool, submitted one after the
other from an asyncio task (and one at a time across all analyses), so a request never waits for it
and a bot move in a live game waits at most for one position.
The work per position is capped (:data:`SECONDS_PER_POSITION`, :data:`PLAYOUTS`) so that a
100-ply game is done within a minute or two even on a loaded machine. Results are cached per
game and viewpoint, in memory (a finished game never changes).

What is valued is what the asker could see: a game with perfect information is analysed once for
everyone; a game with hidden information (Quin) is analysed per seat from that seat's views
(``state.view(seat)``), and only for the seat's token; spectators get none (403), because a
spectator's views carry too little to play out and the full states must never be used for them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

import abstracta
from abstracta.bots import LEVELS
from abstracta.bots.analysis import analyse_game, bot_evaluator, playout_evaluator
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.server.service import ApiError, BotFactory, GameService, LiveGame, history_seen

log = logging.getLogger("abstracta.server")

LEVEL = LEVELS[-1]
"""The level whose bot values the positions: the strongest one offered to players."""
SECONDS_PER_POSITION = 0.4
"""Cap on a search bot's thinking per position (its own node budget usually ends it sooner)."""
PLAYOUTS = 16
"""Random playouts per position for games whose strongest bot has no evaluation of its own."""
CACHED_GAMES = 256
"""Analyses kept in memory; the oldest are forgotten first (asking again recomputes them)."""

_worker_games: dict[tuple[str, str], Game] = {}


def value_position(factory: BotFactory, slug: str, options_json: str, level: str, state: State) -> list[float]:
    """In a worker process: the per-player values in [-1, 1] of ``state`` (a full state or a seat's view)."""
    key = (slug, options_json)
    game = _worker_games.get(key)
    if game is None:
        game = _worker_games[key] = abstracta.load(slug, **json.loads(options_json))
    bot = factory(level, game, 0)
    if bot.seconds is not None:
        bot.seconds = min(bot.seconds, SECONDS_PER_POSITION)
    fallback = playout_evaluator(PLAYOUTS)  # for a seat's view, playouts from worlds the view could be
    if bot.evaluates and state.player == CHANCE and not state.over:
        try:  # a search that takes chance roots (expectimax) values the roll once, not once per outcome
            return [float(v) for v in bot.evaluate(state)]
        except Exception:
            pass
    return [float(v) for v in bot_evaluator(bot, fallback)(state)]


@dataclass
class Job:
    """One analysis: its progress and, when done, its result."""

    total: int
    done: int = 0
    status: str = "running"  # running, done, failed
    error: str = ""
    result: dict[str, Any] = field(default_factory=dict)

    def json(self) -> dict[str, Any]:
        answer = {"status": self.status, "done": self.done, "total": self.total, "level": LEVEL}
        if self.status == "done":
            answer.update(self.result)
        if self.error:
            answer["error"] = self.error
        return answer


class Analyses:
    """The analyses of finished games, by (game id, viewpoint); started once, cached."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._jobs: OrderedDict[tuple[str, str], Job] = OrderedDict()
        self._lock = threading.Lock()
        self._one_at_a_time: asyncio.Semaphore | None = None  # made on the server's loop, at first use

    @staticmethod
    def viewpoint(live: LiveGame, holder: int | None) -> str:
        """``"all"`` for games with perfect information, else the seat's number; refuses spectators there."""
        if live.game.perfect_information:
            return "all"
        if holder is None:
            raise ApiError(403, "this game hides information: only its players may analyse it, each from "
                                "what their own seat saw (send the seat's token)")  # fmt: skip
        return str(holder)

    @staticmethod
    def check_finished(live: LiveGame) -> None:
        if not (live.state.over or live.ended):
            raise ApiError(409, "the game is not over yet: analysis is for finished games")

    def get(self, live: LiveGame, holder: int | None) -> dict[str, Any]:
        key = (live.id, self.viewpoint(live, holder))
        with self._lock:
            job = self._jobs.get(key)
        if job is None:
            return {"status": "none", "done": 0, "total": len(live.states), "level": LEVEL}
        return job.json()

    def start(self, live: LiveGame, holder: int | None) -> dict[str, Any]:
        """Start the analysis unless it runs or is done already (a failed one starts again); its state."""
        self.check_finished(live)
        point = self.viewpoint(live, holder)
        key = (live.id, point)
        with live.lock:
            states = list(live.states)
            moves = history_seen(live, holder)
        seen = states if point == "all" else [state.view(holder) for state in states]
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.status != "failed":
                return job.json()
            job = self._jobs[key] = Job(total=len(seen))
            self._jobs.move_to_end(key)
            while len(self._jobs) > CACHED_GAMES:
                self._jobs.popitem(last=False)
        self.service._spawn(self._run(live, job, seen, moves))  # cancelled with the service's other tasks
        return job.json()

    async def _run(self, live: LiveGame, job: Job, seen: list[State], moves: list[str]) -> None:
        loop = asyncio.get_running_loop()
        slug, options_json = live.game.slug, json.dumps(live.game.options)
        values: list[list[float]] = []
        if self._one_at_a_time is None:
            self._one_at_a_time = asyncio.Semaphore(1)
        try:
            for state in seen:
                # One position of one analysis on the pool at a time, however many run: a bot's move
                # in a live game never waits behind more than one position.
                async with self._one_at_a_time:
                    values.append(await loop.run_in_executor(
                        self.service._executor, value_position, self.service.bot_factory, slug, options_json, LEVEL,
                        state))  # fmt: skip
                job.done = len(values)
            by_state = {id(state): value for state, value in zip(seen, values)}
            plies = analyse_game(seen, moves, lambda state: by_state[id(state)])
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server stopped during the analysis; start it again"
            raise
        except Exception as error:  # a broken worker: say so; asking again starts afresh
            log.exception("analysis of game %s failed", live.id)
            job.status, job.error = "failed", f"the analysis failed ({type(error).__name__}); start it again"
            return
        job.result = {
            "method": "evaluation" if self.service.bot_factory(LEVEL, live.game, 0).evaluates
            else f"{PLAYOUTS} random playouts per position",
            "positions": [[round(p, 4) for p in (plies[0].before if plies else ())]]
            + [[round(p, 4) for p in ply.after] for ply in plies],
            "plies": [{"ply": ply.ply, "player": ply.player, "move": ply.move,
                       "before": round(ply.mover_before, 4), "after": round(ply.mover_after, 4),
                       "loss": round(ply.loss, 4), "mark": ply.mark} for ply in plies],
        }  # fmt: skip
        if not plies:  # a game over before its first move: one position
            job.result["positions"] = [[round(min(1.0, max(0.0, (v + 1) / 2)), 4) for v in values[0]]] if values else []
        job.status = "done"


def install(app: Any, service: GameService) -> Analyses:
    """Add the two analysis routes to ``app``; the one hook ``create_app`` calls."""

    analyses = Analyses(service)

    @app.post("/api/games/{game_id}/analysis", status_code=202, tags=["analysis"],
              summary="Start the post-game analysis of a finished game (as the token's seat may see it)",
              description=f"Each position valued by the {LEVEL} bot in the background; poll with GET. Games with "
              "hidden information: a seat's token is needed and the analysis uses only that seat's views.")  # fmt: skip
    async def post_analysis(game_id: str, request: Request) -> dict[str, Any]:
        live = await asyncio.to_thread(service.get, game_id)
        credential = await app.state.sessions.credential_async(request, required=False)  # a token, or the account's seat
        return analyses.start(live, live.holder(credential))

    @app.get("/api/games/{game_id}/analysis", tags=["analysis"],
             summary="The analysis: status, progress, each position's win probabilities and each move's mark",
             description="status 'none' (not started), 'running' (done of total positions), 'done' (with "
             "'positions': per position a win probability per player, and 'plies': each move's mover, win "
             "probability before and after, loss and mark: inaccuracy, mistake or blunder at 10/20/30 points), "
             "or 'failed'.")  # fmt: skip
    def get_analysis(game_id: str, request: Request) -> dict[str, Any]:
        live = service.get(game_id)
        return analyses.get(live, live.holder(app.state.sessions.credential(request, required=False)))

    return analyses
