"""The baseline: a uniformly random legal move."""

from __future__ import annotations

import random

from abstracta.bots.base import Bot, check_decision_state
from abstracta.core.api import State


class RandomBot(Bot):
    """Picks uniformly among ``state.moves()`` with its own ``random.Random(seed)``.

    The same seed and the same sequence of states give the same moves.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> str:
        check_decision_state(state)
        return self.rng.choice(state.moves())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
