"""Bot levels: the one place that says what ``random``, ``easy``, ``medium`` and ``hard`` mean.

Every interface (web app, ``abstracta play --vs``, ``simulate``, ``tournament``,
the RL environments) asks for a bot by level through :func:`level_bot`; the
budget comes from the level, never from the caller.

Two-player games without chance whose rules offer knowledge get alpha-beta
(Laser Chess), two-player dice games with knowledge get expectimax (Strategic
Reserve), two-player games with hidden information whose knowledge samples worlds
information-set MCTS (Quin), the others MCTS. ``old-hard`` (the former MCTS ``hard``) stays
reachable as a named bot so that new levels can be measured against it.
"""

from __future__ import annotations

from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.bots.base import Bot
from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.bots.ismcts import ISMCTSBot
from abstracta.bots.mcts import MCTSBot
from abstracta.bots.random_bot import RandomBot
from abstracta.core.api import Game
from abstracta.core.knowledge import Knowledge

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""Level names, weakest first."""

REFERENCE_BOTS: tuple[str, ...] = ("old-hard",)
"""Named bots kept for comparison only; accepted by :func:`level_bot` but not offered to players."""

TIME_LIMITS: dict[str, float] = {"random": 0.05, "easy": 0.3, "medium": 1.0, "hard": 2.0, "old-hard": 2.0}
"""The most a level may think per move, in seconds, on this project's 2-core reference machine."""


ALPHA_BETA_LEVELS: dict[str, dict[str, int | None]] = {
    "easy": {"max_depth": 2, "max_nodes": None, "quiescence": 0},
    "medium": {"max_nodes": 3_000, "quiescence": 2},
    "hard": {"max_nodes": 12_000, "quiescence": 2},
}
"""Alpha-beta budgets per level, in nodes (deterministic); ``TIME_LIMITS`` only caps them.

``easy`` searches two full plies without quiescence (it sees every King shot and
every one-move threat to its own King); ``medium`` and ``hard`` always complete
those two plies, then go as deep as their node budgets allow (into the third ply,
and through it, from the Laser Chess setups; see benchmarks/README.md). Only the
time cap, on a heavily loaded machine, can cut a search shorter.
"""


def _suits_alpha_beta(game: Game) -> bool:
    """Two players, no chance, nothing hidden, and the game tells the search what positions are worth."""
    return (
        not game.has_chance and game.perfect_information and game.num_players == 2 and game.knowledge() is not None
    )


ISMCTS_LEVELS: dict[str, dict[str, float]] = {
    "easy": {"iterations": 100, "randomness": 0.5},
    "medium": {"iterations": 400, "widening": 1.5, "randomness": 0.25},
    "hard": {"iterations": 1500, "widening": 1.5},
}
"""Information-set search budgets per level (iterations, deterministic); ``TIME_LIMITS`` only caps them.

Each iteration samples one world consistent with the bot's view and values a leaf with the
game's evaluation (0.4 to 1 ms an iteration in Quin on the 2-core reference machine, by load).
``widening`` lets only the knowledge's likeliest moves compete below the root, which reaches
deeper: at 1,500 iterations it beat the same search without it 13 games to 3. Quin between
these bots is mostly decided in its first ten plies, and more iterations alone did not set
the levels apart in short matches (400 against 100 iterations: 12 wins in 20 games; 1,500
against 400: 9 in 20), so, as for Strategic Reserve, the lower levels play a seeded share of
uniformly random moves (``randomness``). See benchmarks/README.md for the measured levels.
"""


def _suits_ismcts(game: Game) -> bool:
    """Two players, hidden information, and the game's knowledge can sample worlds consistent with a view."""
    if game.perfect_information or game.num_players != 2:
        return False
    knowledge = game.knowledge()
    return knowledge is not None and callable(getattr(knowledge, "sample_world", None))


def level_bot(level: str, game: Game, seed: int | None = None) -> Bot:
    """The bot that plays ``game`` at ``level``; ``seed`` makes its choices repeatable.

    Raises ``ValueError`` naming the valid levels for an unknown one.
    """
    if level in ALPHA_BETA_LEVELS and _suits_alpha_beta(game):
        return AlphaBetaBot(game.knowledge(), seconds=TIME_LIMITS[level], seed=seed, name=level, **ALPHA_BETA_LEVELS[level])
    if level == "random":
        return RandomBot(seed)
    if level in LEVELS and game.has_chance and game.perfect_information and game.num_players == 2:
        knowledge = game.knowledge()
        if knowledge is not None:
            return _expectimax_level(level, knowledge, seed)
    if level in ISMCTS_LEVELS and _suits_ismcts(game):
        budget = ISMCTS_LEVELS[level]
        return ISMCTSBot(game.knowledge(), iterations=int(budget["iterations"]), widening=budget.get("widening"),
                         randomness=budget.get("randomness", 0.0), seconds=TIME_LIMITS[level], seed=seed,
                         name=level)  # fmt: skip
    if level == "easy":
        return MCTSBot(iterations=200, seconds=TIME_LIMITS["easy"], seed=seed)
    if level == "medium":
        return MCTSBot(iterations=2000, seconds=TIME_LIMITS["medium"], seed=seed)
    if level in ("hard", "old-hard"):
        return MCTSBot(seconds=TIME_LIMITS[level], seed=seed)
    raise ValueError(f"unknown bot level {level!r}; valid levels: {', '.join(LEVELS + REFERENCE_BOTS)}")


EXPECTIMAX_BUDGETS: dict[str, dict[str, float]] = {
    "easy": {"max_depth": 1, "nodes": 2_000, "randomness": 0.7},
    "medium": {"max_depth": 2, "nodes": 20_000, "randomness": 0.4},
    "hard": {"max_depth": 2, "nodes": 40_000},
}
"""Deterministic budgets of the expectimax levels (two-player chance games with knowledge).

Depth counts decisions; ``nodes`` caps the positions visited per move, and the
level's time limit is only a safety cap. ``hard`` searches two placements deep
over every roll (a few hundred to a few thousand nodes, a small fraction of a
second at Strategic Reserve's 15,000 to 45,000 nodes/s). A deeper, sampled
third placement (``max_depth=3, exact_depth=2``) did no better in a short
match against a depth-2 bot with 25% random moves (29 wins in 64 games, where the two-placement search
won 35 of 60) and costs 20 times the nodes. The dice rule this game, so the lower levels are set apart by
a seeded share of uniformly random moves (``randomness``) instead, calibrated
by ``benchmarks/strategic_reserve_levels.py``.
"""


def _expectimax_level(level: str, knowledge: Knowledge, seed: int | None) -> Bot:
    budget = dict(EXPECTIMAX_BUDGETS[level])
    return ExpectimaxBot(
        max_depth=int(budget.pop("max_depth")),
        nodes=int(budget.pop("nodes")),
        exact_depth=int(budget.pop("exact_depth")) if "exact_depth" in budget else None,
        chance_samples=int(budget.pop("chance_samples", 6)),
        randomness=float(budget.pop("randomness", 0.0)),
        seconds=TIME_LIMITS[level],
        seed=seed,
        knowledge=knowledge,
        name=level,
    )
