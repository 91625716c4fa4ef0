"""A 1-ply greedy Reflec bot, the yardstick of ``benchmarks/reflec_levels.py``.

It plays every legal action on a copy and keeps those with the best *laser balance*
afterwards: the player's live lasers minus the rivals' (a won game counts above any
balance, a lost one below). So a fire that destroys a rival laser comes first and a fire
that destroys its own laser is never chosen while a safe action exists; among equally good
actions it picks at random (seeded). It looks no further than the one action.
"""

from __future__ import annotations

import random

from abstracta.bots.base import check_decision_state


def laser_balance(state, player: int) -> float:
    """The player's live lasers minus its rivals'; +-100 once the game is won or lost."""
    if state.over:
        result = state.returns()[player]
        if result > 0:
            return 100.0
        if result < 0:
            return -100.0
    scores = state.scores()  # Reflec's scores(): live lasers per player
    return scores[player] - sum(s for q, s in enumerate(scores) if q != player)


class GreedyReflecBot:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state) -> str:
        check_decision_state(state)
        moves = state.moves()
        if len(moves) == 1:
            return moves[0]
        player = state.player
        best: list[str] = []
        best_value = -float("inf")
        for move in moves:
            # Only a fire changes the balance; every other action keeps the current one.
            value = laser_balance(state.play(move), player) if move.startswith("*") else None
            if value is None:
                value = laser_balance(state, player)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[int(self.rng.random() * len(best))]
