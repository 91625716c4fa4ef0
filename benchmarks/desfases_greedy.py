"""A 1-ply greedy Desfases bot, the yardstick of ``benchmarks/desfases_levels.py``.

- Scoring turn: the highest tile it may score (ties: the first in ``moves()``).
- Moving turn: the pawn move to the square with the highest unscored tile facing it
  once this turn's tiles have turned (what it could score there if it scored now);
  ties at random.
- Feed: a random coin.

It never looks at the timers or at how tiles will have turned by its scoring turn.
"""

from __future__ import annotations

import random

from abstracta.bots.base import check_decision_state
from abstracta.games.desfases.board import SQUARE_INDEX, facers_of


class GreedyDesfasesBot:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        check_decision_state(state)
        moves = state.moves()
        if len(moves) == 1:
            return moves[0]
        if moves[0].startswith("score"):
            return max(moves, key=lambda move: state.tiles[SQUARE_INDEX[move[6:]]] % 6)
        if moves[0].startswith("feed"):
            return moves[int(self.rng.random() * len(moves))]
        turn = state.turning_mask()
        lo, hi = state.lo ^ turn, state.hi ^ (state.lo & turn)
        best: list[str] = []
        best_value = -2
        for move in moves:
            target = SQUARE_INDEX[move[3:]]
            facing = facers_of(target, lo, hi) & ~state.scored
            value = max((state.tiles[sq] % 6 for sq in range(25) if facing >> sq & 1), default=-1)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[int(self.rng.random() * len(best))]
