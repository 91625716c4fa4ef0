"""How a random setup is dealt as chance nodes, for adapters that model chance explicitly (OpenSpiel).

A perfect-information game may deal its whole setup from one seed: every player sees the
result anyway. A game with hidden pieces may not: with one node over a few seeds, a player's
own setup (and the squares the rival occupies) would pin down the seed, hence every hidden
kind. Such a game deals each side's pieces from chance outcomes of their own, and says how in
its RL adapter (``RLAdapter.setup_deal``, ``core/rl_adapter.py``).

``setup_deal(game)`` gives the deal of a game whose start depends on the seed (``None``
otherwise). A deal (``core.rl_adapter.SetupDeal``) is driven by the list of outcomes played
so far (``dealt``): ``outcomes(dealt)`` are the next node's ``(action, probability)`` pairs,
``complete(dealt)`` says whether the setup is done, and ``start(dealt)`` is then the game's
first position.
"""

from __future__ import annotations

from abstracta.core.api import Game, State
from abstracta.core.rl_adapter import SetupDeal
from abstracta.rl.adapters import adapter_of

SETUP_OUTCOMES = 1000
"""How many setup seeds the one chance node of a ``SeedDeal`` chooses from."""


def random_setup(game: Game) -> bool:
    """Whether ``game``'s first position depends on the seed."""
    return game.start(seed=0).to_json() != game.start(seed=1).to_json()


class SeedDeal(SetupDeal):
    """One chance node over ``SETUP_OUTCOMES`` equally likely seeds: outcome k is ``start(seed=k)``."""

    max_outcomes = SETUP_OUTCOMES

    def complete(self, dealt: list[int]) -> bool:
        return len(dealt) == 1

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        return [(k, 1.0 / SETUP_OUTCOMES) for k in range(SETUP_OUTCOMES)]

    def outcome_name(self, dealt: list[int], action: int) -> str:
        return f"setup seed {action}"

    def start(self, dealt: list[int]) -> State:
        return self.game.start(seed=dealt[0])


def setup_deal(game: Game) -> SetupDeal | None:
    """How ``game``'s random setup is dealt as chance nodes; ``None`` when its start is fixed."""
    if not random_setup(game):
        return None
    return adapter_of(game).setup_deal() or SeedDeal(game)
