"""Random playouts: the rollout of MCTS, and the engine speed benchmark.

A ply is one ``play()`` call, chance outcomes included. Decisions are uniform
over ``moves()``; chance outcomes follow ``state.chance()``.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from typing import Callable

from abstracta.bots.base import chance_table
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE

BENCH_CHUNK_PLIES = 1024
"""Plies between clock checks inside one playout, so a very long game cannot overrun ``bench``."""

PROGRESS_INTERVAL = 0.1
"""Seconds between ``on_progress`` calls in :func:`bench`."""


def random_playout(state: State, rng: random.Random, max_plies: int | None = None) -> tuple[State, int]:
    """Play random moves from ``state`` until the game is over (or ``max_plies`` plies were played).

    Returns ``(final_state, plies)``. The final state is over unless the ply
    limit stopped it first.
    """
    uniform = rng.random
    limit = sys.maxsize if max_plies is None else max_plies
    plies = 0
    # The hot loop of bench() and of every MCTS rollout: locals only, one rng call per ply.
    while plies < limit and not state.over:
        if state.player == CHANCE:
            table = chance_table(state.chance())
            if table.cumulative is None:
                names = table.names
                move = names[int(uniform() * len(names))]
            else:
                move = table.draw(uniform())
        else:
            moves = state.moves()
            # int(u * n) < n for every u < 1, and avoids rng.choice's slower integer draw.
            move = moves[int(uniform() * len(moves))]
        state = state.play(move)
        plies += 1
    return state, plies


@dataclass(frozen=True)
class BenchResult:
    """What :func:`bench` measured.

    ``playouts`` counts finished games; ``plies`` counts every ply played,
    including those of the game the clock interrupted.
    """

    playouts: int
    plies: int
    seconds: float

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    @property
    def plies_per_second(self) -> float:
        return self.plies / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        return (
            f"{self.playouts} playouts, {self.plies} plies in {self.seconds:.2f} s: "
            f"{self.playouts_per_second:,.0f} playouts/s, {self.plies_per_second:,.0f} plies/s"
        )


def bench(
    game: Game,
    seconds: float,
    seed: int | None = None,
    on_progress: Callable[[float], None] | None = None,
) -> BenchResult:
    """Play random playouts of ``game`` for ``seconds`` and count them.

    Each playout starts from ``game.start(seed=...)`` with a start seed drawn
    from ``random.Random(seed)``, so games with random setups vary and the run
    can be repeated. ``on_progress`` receives the fraction of the time budget
    used (0 to 1), about every :data:`PROGRESS_INTERVAL` seconds and once
    with 1.0 at the end.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")
    rng = random.Random(seed)
    playouts = 0
    plies = 0
    begin = time.perf_counter()
    deadline = begin + seconds
    next_report = begin + PROGRESS_INTERVAL
    state = game.start(seed=rng.getrandbits(32))
    while True:
        state, played = random_playout(state, rng, BENCH_CHUNK_PLIES)
        plies += played
        if state.over:
            playouts += 1
            state = game.start(seed=rng.getrandbits(32))
        now = time.perf_counter()
        if now >= deadline:
            break
        if on_progress is not None and now >= next_report:
            on_progress((now - begin) / seconds)
            next_report = now + PROGRESS_INTERVAL
    if on_progress is not None:
        on_progress(1.0)
    return BenchResult(playouts, plies, now - begin)
