"""Bot levels: the one place that says what ``random``, ``easy``, ``medium`` and ``hard`` mean.

Every interface (web app, ``abstracta play --vs``, ``simulate``, ``tournament``,
the RL environments) asks for a bot by level through :func:`level_bot`; the
budget comes from the level, unless a bot spec overrides some of its numbers
(``hard:nodes=2000``, :func:`parse_bot_spec`; designers' runs of ``simulate``,
``tournament`` and ``report``).

Two-player games without chance whose rules offer knowledge get alpha-beta
(Laser Chess), two-player dice games with knowledge get expectimax (Strategic
Reserve), games with knowledge for more than two players (Reflec, Desfases: their
knowledge asks for the same search at two players too) the multi-player MCTS, two-player
games with hidden information whose knowledge samples worlds information-set MCTS (Quin),
the others MCTS. ``old-hard`` (the former MCTS ``hard``) stays
reachable as a named bot so that new levels can be measured against it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.bots.base import Bot
from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.bots.ismcts import ISMCTSBot
from abstracta.bots.mcts import DEFAULT_EXPLORATION as MCTS_EXPLORATION
from abstracta.bots.mcts import DEFAULT_ITERATIONS, MCTSBot
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


SEARCH_BOTS: tuple[str, ...] = ("mcts",)
"""Searches named by their own name rather than a level, always with a budget (``mcts:iterations=400``:
plain MCTS with random rollouts; ``old-hard`` is the same search at 2 s a move)."""

BUDGET_KEYS: dict[str, dict[str, str]] = {
    "alpha-beta": {"nodes": "positions searched per move", "depth": "deepest ply searched",
                   "quiescence": "extra plies of captures and King shots", "seconds": "time cap per move"},
    "multiplayer-mcts": {"iterations": "iterations per move", "randomness": "share of uniformly random moves",
                         "exploration": "UCT exploration constant", "seconds": "time cap per move"},
    "expectimax": {"nodes": "positions visited per move", "depth": "decisions searched",
                   "samples": "chance outcomes sampled below the first roll",
                   "randomness": "share of uniformly random moves", "seconds": "time cap per move"},
    "ismcts": {"iterations": "iterations per move", "widening": "progressive widening exponent",
               "randomness": "share of uniformly random moves", "seconds": "time cap per move"},
    "mcts": {"iterations": "iterations per move", "exploration": "UCT exploration constant",
             "seconds": "time cap per move"},
    "random": {},
}
"""The budget keys each search takes in a bot spec (``hard:nodes=2000``), with what they set.

``seconds`` replaces the level's time cap (:data:`TIME_LIMITS`); every other key replaces one
number of the level's deterministic budget, so a spec without ``seconds`` stays independent of load
as long as the cap is not reached.
"""

_INTEGER_KEYS = {"nodes", "depth", "quiescence", "iterations", "samples"}
_FRACTION_KEYS = {"randomness"}


@dataclass(frozen=True)
class BotSpec:
    """A bot named on the command line: a level (or :data:`SEARCH_BOTS` name) and budget overrides.

    >>> parse_bot_spec("hard:nodes=2000:seconds=0.5")
    BotSpec(level='hard', budget=(('nodes', 2000), ('seconds', 0.5)))
    >>> str(parse_bot_spec("hard:nodes=2000:seconds=0.5"))
    'hard:nodes=2000:seconds=0.5'
    """

    level: str
    budget: tuple[tuple[str, float], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.level, *(f"{key}={value:g}" for key, value in self.budget)])


def parse_bot_spec(text: str) -> BotSpec:
    """``LEVEL[:KEY=VALUE]...`` as a :class:`BotSpec`; ``ValueError`` (one line) for a malformed one.

    Which keys a level takes depends on the search the game gets (:data:`BUDGET_KEYS`);
    :func:`level_bot` checks them.
    """
    level, *pairs = [part.strip() for part in text.strip().split(":")]
    known = LEVELS + REFERENCE_BOTS + SEARCH_BOTS
    if level not in known:
        raise ValueError(f"unknown bot level {level!r}; valid levels: {', '.join(known)}")
    if level in SEARCH_BOTS and not pairs:
        raise ValueError(f"unknown bot {level!r}; valid levels: {', '.join(LEVELS + REFERENCE_BOTS)};"
                         f" {level} alone needs a budget, e.g. {level}:iterations=400")  # fmt: skip
    budget: dict[str, float] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ValueError(f"bot {text!r}: budget {pair!r} should be KEY=VALUE, e.g. {level}:nodes=2000")
        budget[key] = _budget_value(text, key, value.strip())
    return BotSpec(level, tuple(budget.items()))


def _budget_value(text: str, key: str, value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise ValueError(f"bot {text!r}: {key}={value!r} is not a number")
    if key in _INTEGER_KEYS:
        if number != int(number) or number < (0 if key == "quiescence" else 1):
            least = 0 if key == "quiescence" else 1
            raise ValueError(f"bot {text!r}: {key} must be a whole number of at least {least}, got {value}")
        return int(number)
    if key in _FRACTION_KEYS and not 0 <= number <= 1:
        raise ValueError(f"bot {text!r}: {key} must be between 0 and 1, got {value}")
    if not number > 0 and key not in _FRACTION_KEYS:
        raise ValueError(f"bot {text!r}: {key} must be greater than 0, got {value}")
    return number


def is_level_spec(text: str) -> bool:
    """Whether ``text`` names a level or search (budget or not) rather than something else (a policy).

    >>> is_level_spec("hard:nodes=2000"), is_level_spec("mcts:iterations=400"), is_level_spec("mcts")
    (True, True, False)
    """
    level, budgeted, _ = text.strip().partition(":")
    return level in LEVELS + REFERENCE_BOTS or (level in SEARCH_BOTS and bool(budgeted))


def split_bot_specs(text: str) -> list[str]:
    """A comma-separated ``--bots`` value as bot specs; a ``KEY=VALUE`` piece continues the spec before it.

    >>> split_bot_specs("hard:nodes=2000,seconds=0.5,mcts:iterations=400,random")
    ['hard:nodes=2000:seconds=0.5', 'mcts:iterations=400', 'random']
    """
    specs: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if specs and ":" not in piece and "=" in piece and ":" in specs[-1]:
            specs[-1] += ":" + piece
        elif piece:
            specs.append(piece)
    return specs


def search_kind(level: str, game: Game) -> str:
    """Which search ``level`` gets in ``game``: a key of :data:`BUDGET_KEYS`."""
    if level == "random":
        return "random"
    if level in SEARCH_BOTS:
        return level
    knowledge = game.knowledge()
    if level in MULTIPLAYER_LEVELS and _suits_multiplayer(game, knowledge):
        return "multiplayer-mcts"
    if level in ALPHA_BETA_LEVELS and _suits_alpha_beta(game, knowledge):
        return "alpha-beta"
    if level in LEVELS and knowledge is not None and game.has_chance and game.perfect_information \
            and game.num_players == 2:
        return "expectimax"
    if level in ISMCTS_LEVELS and _suits_ismcts(game, knowledge):
        return "ismcts"
    return "mcts"


def level_bot(level: str, game: Game, seed: int | None = None) -> Bot:
    """The bot that plays ``game`` at ``level``; ``seed`` makes its choices repeatable.

    ``level`` may carry budget overrides, ``hard:nodes=2000:seconds=0.5`` (:func:`parse_bot_spec`;
    :data:`BUDGET_KEYS` lists the keys of each search). Raises ``ValueError`` naming the valid
    levels for an unknown one, or the keys this game's search takes for an unknown key.
    """
    spec = parse_bot_spec(level)
    kind = search_kind(spec.level, game)
    budget = dict(spec.budget)
    unknown = sorted(set(budget) - set(BUDGET_KEYS[kind]))
    if unknown:
        takes = ", ".join(BUDGET_KEYS[kind]) or "no budget"
        raise ValueError(f"bot {level!r}: {spec.level} in {game.slug} plays {kind} search, which takes {takes};"
                         f" not {', '.join(unknown)}")  # fmt: skip
    bot = _budgeted_bot(spec.level, kind, game, seed, budget)
    if budget:
        bot.name = str(spec)
    return bot


def _budgeted_bot(level: str, kind: str, game: Game, seed: int | None, over: dict[str, float]) -> Bot:
    """The level's bot with the budget keys in ``over`` replacing the level's own numbers."""
    if kind == "random":
        return RandomBot(seed)
    seconds = float(over.get("seconds", TIME_LIMITS.get(level, TIME_LIMITS["hard"])))
    if kind == "mcts":
        iterations = {"easy": 200, "medium": 2000, "mcts": DEFAULT_ITERATIONS}.get(level)
        if "iterations" in over:
            iterations = int(over["iterations"])
        return MCTSBot(iterations=iterations, seconds=seconds, seed=seed,
                       exploration=float(over.get("exploration", MCTS_EXPLORATION)))  # fmt: skip
    knowledge = game.knowledge()
    assert knowledge is not None  # every other search is chosen for games with knowledge
    if kind == "multiplayer-mcts":
        budget = {**MULTIPLAYER_LEVELS[level], **knowledge.level_budgets.get(level, {}), **over}
        return KnowledgeMCTSBot(knowledge, iterations=int(budget["iterations"]),
                                randomness=float(budget.get("randomness", 0.0)),
                                exploration=float(budget.get("exploration", DEFAULT_EXPLORATION)),
                                seconds=seconds, seed=seed, name=level)  # fmt: skip
    if kind == "alpha-beta":
        budget = {**ALPHA_BETA_LEVELS[level], **knowledge.level_budgets.get(level, {})}
        renamed = {"nodes": "max_nodes", "depth": "max_depth", "quiescence": "quiescence"}
        budget.update({renamed[key]: value for key, value in over.items() if key in renamed})
        return AlphaBetaBot(knowledge, seconds=seconds, seed=seed, name=level,
                            **{key: None if value is None else int(value) for key, value in budget.items()})
    if kind == "expectimax":
        return _expectimax_level(level, knowledge, seed, over, seconds)
    budget = {**ISMCTS_LEVELS[level], **over}
    return ISMCTSBot(knowledge, iterations=int(budget["iterations"]), widening=budget.get("widening"),
                     randomness=budget.get("randomness", 0.0), seconds=seconds, seed=seed, name=level)  # fmt: skip


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


def _expectimax_level(level: str, knowledge: Knowledge, seed: int | None, over: dict[str, float] | None = None,
                      seconds: float | None = None) -> Bot:  # fmt: skip
    renamed = {"nodes": "nodes", "depth": "max_depth", "samples": "chance_samples", "randomness": "randomness"}
    budget = {**EXPECTIMAX_BUDGETS[level], **{renamed[k]: v for k, v in (over or {}).items() if k in renamed}}
    return ExpectimaxBot(
        max_depth=int(budget.pop("max_depth")),
        nodes=int(budget.pop("nodes")),
        exact_depth=int(budget.pop("exact_depth")) if "exact_depth" in budget else None,
        chance_samples=int(budget.pop("chance_samples", 6)),
        randomness=float(budget.pop("randomness", 0.0)),
        seconds=TIME_LIMITS[level] if seconds is None else seconds,
        seed=seed,
        knowledge=knowledge,
        name=level,
    )
