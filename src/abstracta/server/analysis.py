"""Post-game analysis for the web app: ``POST /api/games/{id}/analysis`` starts it, ``GET`` polls it.

For a finished game every position is valued by :func:`abstracta.bots.win_chances` (each player's
expected score, deterministic: fixed node and iteration budgets, seeded samples), and each move is
judged by :func:`abstracta.bots.analysis.judge_move` (marks by the drop in the mover's expected
score, never on a forced move or one with no better alternative, always on a missed or allowed win
at once); each player gets an accuracy figure. Each position, then each move's judgement, is one
task on the server's bot worker pool, submitted one after the other from an asyncio task (and one at
a time across all analyses), so a request never waits for it and a bot move in a live game waits at
most for one task. Results are cached per game and viewpoint, in memory (a finished game never changes).

What is valued is what the asker could see: a game with perfect information is analysed once for
everyone; a game with hidden information (Quin) is analysed per seat from that seat's views
(``state.view(seat)``), and only for the seat's token; spectators get none (403), because a
spectator's views carry too little to value and the full states must never be used for them.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from abstracta.bots.analysis import PlyAnalysis, analysis_json, judge_move, seat_player
from abstracta.bots.win_chances import ANALYSIS_LEVEL, win_chances
from abstracta.core.api import State
from abstracta.server.service import ApiError, GameService, LiveGame, history_seen

log = logging.getLogger("abstracta.server")

LEVEL = ANALYSIS_LEVEL
"""The level whose search gives the static part of the win chances (``bots/win_chances.py``)."""
CACHED_GAMES = 256
"""Analyses kept in memory; the oldest are forgotten first (asking again recomputes them)."""


def value_position(state: State, seed: int = 0) -> list[float]:
    """In a worker process: each player's win chances from ``state`` (a full state or a seat's view)."""
    return [float(p) for p in win_chances(state, seed)]


def judge_position(before: State, move: str, after: State, chances_before: list[float], chances_after: list[float],
                   ply: int, owner: int) -> PlyAnalysis:  # fmt: skip
    """In a worker process: the judgement of one move (tactics and alternatives)."""
    return judge_move(before, move, after, chances_before, chances_after, ply, owner)


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
        executor = self.service._executor
        chances: list[list[float]] = []
        if self._one_at_a_time is None:
            self._one_at_a_time = asyncio.Semaphore(1)
        try:
            for state in seen:
                # One task of one analysis on the pool at a time, however many run: a bot's move
                # in a live game never waits behind more than one task.
                async with self._one_at_a_time:
                    chances.append(await loop.run_in_executor(executor, value_position, state))
                job.done = len(chances)
            plies: list[PlyAnalysis] = []
            for ply, (before, move) in enumerate(zip(seen, moves), 1):
                if before.player is None:
                    break
                owner = before.player if before.player >= 0 else seat_player(seen, ply - 1)
                async with self._one_at_a_time:
                    plies.append(await loop.run_in_executor(
                        executor, judge_position, before, move, seen[ply], chances[ply - 1], chances[ply], ply,
                        owner))  # fmt: skip
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server stopped during the analysis; start it again"
            raise
        except Exception as error:  # a broken worker: say so; asking again starts afresh
            log.exception("analysis of game %s failed", live.id)
            job.status, job.error = "failed", f"the analysis failed ({type(error).__name__}); start it again"
            return
        job.result = {"method": f"a tactical check, then the {LEVEL} search",
                      **analysis_json(plies, chances[: len(plies) + 1], live.game.num_players)}
        job.status = "done"


def install(app: Any, service: GameService) -> Analyses:
    """Add the two analysis routes to ``app``; the one hook ``create_app`` calls."""

    analyses = Analyses(service)

    @app.post("/api/games/{game_id}/analysis", status_code=202, tags=["analysis"],
              summary="Start the post-game analysis of a finished game (as the token's seat may see it)",
              description="Each position valued by the win chances in the background; poll with GET. Games with "
              "hidden information: a seat's token is needed and the analysis uses only that seat's views.")  # fmt: skip
    async def post_analysis(game_id: str, request: Request) -> dict[str, Any]:
        live = await asyncio.to_thread(service.get, game_id)
        credential = await app.state.sessions.credential_async(request, required=False)  # a token, or the account's seat
        return analyses.start(live, live.holder(credential))

    @app.get("/api/games/{game_id}/analysis", tags=["analysis"],
             summary="The analysis: status, progress, each position's win probabilities and each move's mark",
             description="status 'none' (not started), 'running' (done of total positions), 'done' (with "
             "'positions': per position each player's expected score, 'plies': each move's mover, expected "
             "score before and after, loss, mark (inaccuracy, mistake or blunder at 10/20/30 points; never on a "
             "forced move or one with no better alternative; always on a missed or allowed win at once), reason "
             "and best alternative when valued, and 'players': each player's accuracy and mark counts), "
             "or 'failed'.")  # fmt: skip
    def get_analysis(game_id: str, request: Request) -> dict[str, Any]:
        live = service.get(game_id)
        return analyses.get(live, live.holder(app.state.sessions.credential(request, required=False)))

    return analyses
