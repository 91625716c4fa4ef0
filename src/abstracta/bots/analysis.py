"""Analysing a played game: each position's value, each move's win probability for its mover, and marks.

A value is a per-player number in [-1, 1] (1: that player wins, -1: loses), the scale of
``state.returns()`` and of ``bot.evaluate(state)``; the win probability is ``(value + 1) / 2``.
A position is valued by the bot's own ``evaluate`` where it declares one (``bot.evaluates``:
alpha-beta, expectimax and the multi-player MCTS do), and otherwise by the mean returns of a few
seeded random playouts, a rough but honest estimate.

A move's loss is how much the mover's win probability dropped from the position before the
move to the position after it; 10, 20 and 30 points mark an inaccuracy, a mistake and a blunder.

The web app can use :func:`win_probability` and :func:`analyse_game` as they are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from abstracta.bots.base import Bot
from abstracta.bots.playout import random_playout
from abstracta.core.api import State
from abstracta.core.errors import CHANCE

MARKS = ((0.30, "blunder"), (0.20, "mistake"), (0.10, "inaccuracy"))
"""Win-probability loss at or above which a move gets each mark, the worst first."""

DEFAULT_PLAYOUTS = 32
MAX_PLAYOUT_PLIES = 2000

Evaluator = Callable[[State], list[float]]


def win_probability(value: float) -> float:
    """A value in [-1, 1] as a win probability in [0, 1] (out-of-range values are clipped)."""
    return min(1.0, max(0.0, (value + 1.0) / 2.0))


def mark_for(loss: float) -> str:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or ``""`` for a win-probability loss (0.25 = 25 points)."""
    for threshold, name in MARKS:
        if loss >= threshold - 1e-12:
            return name
    return ""


def playout_evaluator(playouts: int = DEFAULT_PLAYOUTS, seed: int = 0) -> Evaluator:
    """Values as the mean returns of ``playouts`` random playouts, seeded by the position (repeatable).

    A seat's view of a game with hidden information cannot be played out itself (the hidden
    pieces are unknown to it): each playout starts from a full state the view could be
    (``view.determinize(rng)``), so the values depend on the view alone.
    """

    def evaluate(state: State) -> list[float]:
        if state.over:
            return list(state.returns())
        rng = random.Random(f"abstracta.analysis:{seed}:{state.notation()}")
        totals = [0.0] * state.game.num_players
        for _ in range(playouts):
            start = state.determinize(rng)  # a full state is its own world
            final, _ = random_playout(start, rng, MAX_PLAYOUT_PLIES)
            for player, value in enumerate(final.returns()):
                totals[player] += value
        return [total / playouts for total in totals]

    return evaluate


def bot_evaluator(bot: Bot, fallback: Evaluator) -> Evaluator:
    """``bot.evaluate`` where the bot declares one (``bot.evaluates``), else ``fallback``.

    Finished games are valued by their returns, chance nodes by the mean over their outcomes.
    """
    if not bot.evaluates:
        return fallback
    evaluate = bot.evaluate

    def by_bot(state: State) -> list[float]:
        if state.over:
            return list(state.returns())
        if state.player == CHANCE:  # a bot values decisions; a chance node is the mean of its outcomes
            return _mean([by_bot(state.play(outcome)) for outcome, _ in state.chance()],
                         [p for _, p in state.chance()])  # fmt: skip
        return list(evaluate(state))

    return by_bot


def _mean(values: list[list[float]], weights: list[float]) -> list[float]:
    return [sum(w * v[i] for v, w in zip(values, weights)) for i in range(len(values[0]))]


@dataclass(frozen=True)
class PlyAnalysis:
    """One ply: who played what, the mover's win probability before and after, the loss and its mark.

    For a chance outcome ``player`` is ``CHANCE`` and ``mover_before``/``mover_after`` are those
    of the seat the event belongs to; chance outcomes are never marked.
    """

    ply: int
    player: int
    seat: str | None
    move: str
    before: tuple[float, ...]
    after: tuple[float, ...]
    mover_before: float
    mover_after: float
    loss: float
    mark: str


def analyse_game(states: Sequence[State], moves: Sequence[str], evaluate: Evaluator,
                 on_position: Callable[[int], None] | None = None) -> list[PlyAnalysis]:  # fmt: skip
    """Analyse the game ``states[0] -> moves[0] -> states[1] ...``; ``on_position`` hears of each position valued."""
    chances = []
    for index, state in enumerate(states):
        chances.append(tuple(win_probability(v) for v in evaluate(state)))
        if on_position is not None:
            on_position(index)
    plies = []
    for ply, (before, move) in enumerate(zip(states, moves), 1):
        player = before.player
        if player is None:
            break
        owner = player if player >= 0 else _seat_player(states, ply - 1)
        start, end = chances[ply - 1][owner], chances[ply][owner]
        loss = max(0.0, start - end) if player >= 0 else 0.0
        plies.append(PlyAnalysis(ply, player, before.seat, move, chances[ply - 1], chances[ply], start, end, loss,
                                 mark_for(loss) if player >= 0 else ""))  # fmt: skip
    return plies


def _seat_player(states: Sequence[State], index: int) -> int:
    """The player a chance node belongs to: the next player to decide (0 when none does)."""
    for state in states[index:]:
        if state.player is not None and state.player >= 0:
            return state.player
    return 0
