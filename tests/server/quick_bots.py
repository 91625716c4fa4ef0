"""Quick bots for the server tests: the levels' names with tiny budgets, and one shared worker pool.

``quick_bot`` has the signature of :func:`abstracta.bots.level_bot`; the worker processes
import it by name, so it lives in a module of its own.
"""

from __future__ import annotations

import atexit
from concurrent.futures import ProcessPoolExecutor

from abstracta.bots import LEVELS, MCTSBot, RandomBot

_pool: ProcessPoolExecutor | None = None


def quick_bot(level: str, game, seed: int | None = None):
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if level == "random":
        return RandomBot(seed)
    return MCTSBot(iterations=4 + 4 * LEVELS.index(level), seed=seed)


def shared_pool() -> ProcessPoolExecutor:
    """Two bot processes shared by every test server of the session (started once, stopped at exit)."""
    global _pool
    if _pool is None:
        from abstracta.server.service import bot_pool, stop_pool

        _pool = bot_pool(2)
        atexit.register(stop_pool, _pool)
    return _pool


def instant_bot(level: str, game, seed: int | None = None):
    """Every level a seeded random mover: for tests that need a bot's answer but not its strength."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return RandomBot(seed)
