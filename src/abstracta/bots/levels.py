"""Bot levels: the one place that says what ``random``, ``easy``, ``medium`` and ``hard`` mean.

Every interface (web app, ``abstracta play --vs``, ``simulate``, ``tournament``,
the RL environments) asks for a bot by level through :func:`level_bot`; the
budget comes from the level, never from the caller.

Two-player games without chance whose rules offer knowledge get alpha-beta
(Laser Chess), two-player dice games with knowledge get expectimax (Strategic
Reserve), games with knowledge for more than two players (Reflec, Desfases: their
knowledge asks for the same search at two players too) the multi-player MCTS, two-player
games with hidden information whose knowledge samples worlds information-set MCTS (Quin),
the others MCTS. ``old-hard`` (the former MCTS ``hard``) stays
reachable as a named bot so that new levels can be measured against it.
"""

from __future__ import annotations

from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.bots.base import Bot
from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.bots.ismcts import ISMCTSBot
from abstracta.bots.mcts import MCTSBot
from abstracta.bots.multiplayer import DEFAULT_EXPLORATION, KnowledgeMCTSBot
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
time cap, on a heavily loaded machine, can cut a search shorter. A game's knowledge
may change them per level through ``Knowledge.level_budgets`` (keys ``max_nodes``,
``max_depth``, ``quiescence``): Laser Chess gives ``hard`` 800,000 nodes where its
search runs on the compiled core.
"""


def _suits_alpha_beta(game: Game, knowledge: Knowledge | None) -> bool:
    """Two players, no chance, nothing hidden, and the game tells the search what positions are worth."""
    return knowledge is not None and not game.has_chance and game.perfect_information and game.num_players == 2


MULTIPLAYER_LEVELS: dict[str, dict[str, float]] = {
    "easy": {"iterations": 20, "randomness": 0.4},
    "medium": {"iterations": 80, "randomness": 0.15},
    "hard": {"iterations": 300},
}
"""Budgets of the multi-player MCTS levels (``bots/multiplayer.py``): iterations per action
(``TIME_LIMITS`` only caps them) and the seeded share of uniformly random decisions. A game's
knowledge may change them per level through ``Knowledge.level_budgets`` (keys ``iterations``,
``randomness``, ``exploration``): Desfases, whose evaluation is cheap, gives ``hard`` ten times
the iterations.

With iterations alone `hard` beat `medium` in two-player Reflec (22 of the first 30 games)
but not in Desfases (11 wins, 1 draw, 10 losses in 22 games) nor with four players, where a
few dozen evaluated iterations already find what a few hundred find; the random share sets
the levels apart, as for Strategic Reserve (benchmarks/README.md has the figures).
"""


def _suits_multiplayer(game: Game, knowledge: Knowledge | None) -> bool:
    """Nothing hidden, knowledge offered, and more than two players (or knowledge that asks for this search at any count)."""
    return (
        knowledge is not None
        and game.perfect_information
        and (game.num_players > 2 or knowledge.multiplayer_search)
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


def _suits_ismcts(game: Game, knowledge: Knowledge | None) -> bool:
    """Two players, hidden information, and the game's knowledge samples worlds consistent with a view."""
    return knowledge is not None and knowledge.samples_worlds and not game.perfect_information and game.num_players == 2


def level_bot(level: str, game: Game, seed: int | None = None) -> Bot:
    """The bot that plays ``game`` at ``level``; ``seed`` makes its choices repeatable.

    Raises ``ValueError`` naming the valid levels for an unknown one.
    """
    if level == "random":
        return RandomBot(seed)
    knowledge = game.knowledge()  # built once per game; its declared capabilities pick the search
    if level in MULTIPLAYER_LEVELS and _suits_multiplayer(game, knowledge):
        budget = {**MULTIPLAYER_LEVELS[level], **knowledge.level_budgets.get(level, {})}  # type: ignore[union-attr]
        return KnowledgeMCTSBot(
            knowledge,  # type: ignore[arg-type]
            iterations=int(budget["iterations"]),
            randomness=float(budget.get("randomness", 0.0)),
            exploration=float(budget.get("exploration", DEFAULT_EXPLORATION)),
            seconds=TIME_LIMITS[level],
            seed=seed,
            name=level,
        )
    if level in ALPHA_BETA_LEVELS and _suits_alpha_beta(game, knowledge):
        budget = {**ALPHA_BETA_LEVELS[level], **knowledge.level_budgets.get(level, {})}  # type: ignore[union-attr]
        return AlphaBetaBot(knowledge, seconds=TIME_LIMITS[level], seed=seed, name=level,
                            **{key: None if value is None else int(value) for key, value in budget.items()})
    if level in LEVELS and knowledge is not None and game.has_chance and game.perfect_information \
            and game.num_players == 2:
        return _expectimax_level(level, knowledge, seed)
    if level in ISMCTS_LEVELS and _suits_ismcts(game, knowledge):
        budget = ISMCTS_LEVELS[level]
        return ISMCTSBot(knowledge, iterations=int(budget["iterations"]), widening=budget.get("widening"),
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
    "easy": {"max_depth": 1, "nodes": 2_000, "randomness": 0.6},
    "medium": {"max_depth": 2, "nodes": 20_000, "randomness": 0.3},
    "hard": {"max_depth": 2, "nodes": 40_000},
}
"""Deterministic budgets of the expectimax levels (two-player chance games with knowledge).

Depth counts decisions; ``nodes`` caps the positions visited per move, and the
level's time limit is only a safety cap. For Strategic Reserve the leaves are
the game's learned evaluation, which at a placement already weighs every legal
square against the rival's next roll, so ``hard`` (two placements deep over
every roll) looks three placements ahead in effect, in about 0.1 s a move in Python
(about 0.3 ms on Strategic Reserve's compiled search, which makes the same moves).
The dice rule this game: against the 1-ply greedy bot ``hard`` is level, and
even a bot that sees the rival's next roll wins only 56% against greedy
(benchmarks/README.md), so deeper searches are not worth their cost: on the compiled
core depth 3 costs 14 ms a move and did not beat ``hard`` (docs/compiled.md, "Strategic Reserve search"). The lower
levels are set apart by a seeded share of uniformly random moves
(``randomness``), calibrated by ``benchmarks/strategic_reserve_levels.py``.
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
