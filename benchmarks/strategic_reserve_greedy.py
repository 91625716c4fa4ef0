"""A 1-ply greedy Strategic Reserve bot for the level benchmarks: the placement the next roll punishes least.

It places where the rival's next roll is expected to send back the fewest of
its checkers (exact over the 36 rolls, ``expected_loss_after``), breaking ties
with its seeded generator. It looks no further: no search, no reserves.
"""

from __future__ import annotations

import random

from abstracta.bots import check_decision_state
from abstracta.games.strategic_reserve.evaluation import expected_loss_after


class GreedyBot:
    """Minimises the expected checkers the rival's next roll sends back."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state) -> str:  # noqa: ANN001 - a StrategicReserveState
        check_decision_state(state)
        losses = {move: expected_loss_after(state, move) for move in state.moves()}
        least = min(losses.values())
        return self.rng.choice([move for move, loss in losses.items() if loss <= least + 1e-12])
