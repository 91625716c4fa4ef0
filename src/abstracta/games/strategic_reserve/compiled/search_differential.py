"""The compiled expectimax against the Python one, side by side: what the tests and benchmarks/sr_search.py share.

:func:`seeded_positions` draws decision positions from seeded random games;
:func:`search_both` runs :class:`~abstracta.bots.expectimax.ExpectimaxBot` on one of them
with the compiled search and with its Python search, with no time cap, and returns what each found.
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple

from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.core.errors import CHANCE

COMPARED_SETTINGS: tuple[dict[str, Any], ...] = (
    {"max_depth": 2},  # hard's search without its budget: every node of two placements
    {"max_depth": 2, "nodes": 500},  # the budget runs out inside the second iteration
    {"max_depth": 3, "exact_depth": 1, "chance_samples": 3, "nodes": 2_500},  # sampled rolls below the top
    {"max_depth": 2, "star2": False, "nodes": 4_000},
)
"""ExpectimaxBot settings the comparisons cycle through: full, budget-cut, sampled and Star1-only searches."""


class Found(NamedTuple):
    """What one search chose and why: its move, value, last finished depth, nodes, and seconds."""

    move: str
    value: float
    depth: int
    nodes: int
    seconds: float

    def same_search(self, other: "Found") -> bool:
        """Equal move, value, depth and node count (the time aside)."""
        return self[:4] == other[:4]


def seeded_positions(game: Any, count: int, seed: int, share: float = 0.35) -> list[Any]:
    """``count`` decision positions of ``game`` from seeded random games (about ``share`` of the placements)."""
    rng = random.Random(seed)
    positions: list[Any] = []
    state = game.start()
    while len(positions) < count:
        if state.over:
            state = game.start()
        elif state.player == CHANCE:
            state = state.play(rng.choice(state.moves()))
        else:
            if len(state.moves()) > 1 and rng.random() < share:
                positions.append(state)
            state = state.play(rng.choice(state.moves()))
    return positions


def search_once(state: Any, compiled: bool, seed: int = 3, **settings: Any) -> Found:
    """One ExpectimaxBot search of ``state`` with ``settings``, on the compiled or the Python search."""
    bot = ExpectimaxBot(seed=seed, compiled=compiled, **settings)
    began = time.perf_counter()
    move = bot.choose(state)
    return Found(move, bot.last_value, bot.last_depth, bot.last_nodes, time.perf_counter() - began)


def search_both(state: Any, seed: int = 3, **settings: Any) -> tuple[Found, Found]:
    """The compiled and the Python search of ``state`` with the same seed and ``settings``."""
    return search_once(state, True, seed, **settings), search_once(state, False, seed, **settings)
