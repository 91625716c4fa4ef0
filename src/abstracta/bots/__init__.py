"""Bots that play any game through the contract alone, and the tools to pit them against each other.

>>> import abstracta
>>> from abstracta.bots import make_bot
>>> state = abstracta.load("strategic-reserve").start()
>>> state = state.play("3,4")  # the chance node: a roll
>>> make_bot("mcts", seed=1, iterations=50).choose(state) in state.moves()
True
"""

from __future__ import annotations

from abstracta.bots.levels import LEVELS, REFERENCE_BOTS, TIME_LIMITS, level_bot
from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.bots.ismcts import ISMCTSBot
from abstracta.bots.multiplayer import KnowledgeMCTSBot
from abstracta.bots.base import Bot, ChanceTable, chance_table, check_decision_state, sample_chance
from abstracta.bots.match import GameRecord, MatchResult, play_game, play_match, wilson_interval
from abstracta.bots.mcts import MCTSBot, RandomRolloutEvaluator, SearchResult, uct_select
from abstracta.bots.playout import BenchResult, bench, random_playout
from abstracta.bots.policy import PolicyBot, bot_or_policy, is_policy_spec, policy_bot
from abstracta.bots.random_bot import RandomBot
from abstracta.bots.win_chances import win_chances

BOT_NAMES = ("random", "mcts")


def make_bot(name: str, seed: int | None = None, iterations: int | None = None, seconds: float | None = None) -> Bot:
    """A bot by name: ``'random'`` (ignores the budget) or ``'mcts'`` (``iterations`` and/or ``seconds``)."""
    if name == "random":
        return RandomBot(seed)
    if name == "mcts":
        return MCTSBot(iterations=iterations, seconds=seconds, seed=seed)
    raise ValueError(f"unknown bot {name!r}; valid bots: {', '.join(BOT_NAMES)}")


__all__ = [
    "LEVELS",
    "REFERENCE_BOTS",
    "TIME_LIMITS",
    "level_bot",
    "BOT_NAMES",
    "AlphaBetaBot",
    "BenchResult",
    "ExpectimaxBot",
    "ISMCTSBot",
    "Bot",
    "ChanceTable",
    "GameRecord",
    "KnowledgeMCTSBot",
    "MCTSBot",
    "MatchResult",
    "PolicyBot",
    "RandomBot",
    "RandomRolloutEvaluator",
    "SearchResult",
    "bench",
    "bot_or_policy",
    "chance_table",
    "check_decision_state",
    "is_policy_spec",
    "make_bot",
    "play_game",
    "play_match",
    "policy_bot",
    "random_playout",
    "sample_chance",
    "uct_select",
    "wilson_interval",
    "win_chances",
]
