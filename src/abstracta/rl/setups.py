"""How a random setup is dealt as chance nodes, for adapters that model chance explicitly (OpenSpiel).

A perfect-information game may deal its whole setup from one seed: every player sees the
result anyway. A game with hidden pieces may not: with one node over a few seeds, a player's
own setup (and the squares the rival occupies) would pin down the seed, hence every hidden
kind. Such a game deals each side's pieces from chance outcomes of their own, one piece at a
time, so a player's information set after the setup holds every rival placement consistent
with what that player sees, all equally likely.

``setup_deal(game)`` gives the deal of a game whose start depends on the seed (``None``
otherwise). A deal is driven by the list of outcomes played so far (``dealt``):
``outcomes(dealt)`` are the next node's ``(action, probability)`` pairs, ``complete(dealt)``
says whether the setup is done, and ``start(dealt)`` is then the game's first position.
"""

from __future__ import annotations

from typing import Callable

from abstracta.core.api import Game, State

SETUP_OUTCOMES = 1000
"""How many setup seeds the one chance node of a ``SeedDeal`` chooses from."""


def random_setup(game: Game) -> bool:
    """Whether ``game``'s first position depends on the seed."""
    return game.start(seed=0).to_json() != game.start(seed=1).to_json()


class SeedDeal:
    """One chance node over ``SETUP_OUTCOMES`` equally likely seeds: outcome k is ``start(seed=k)``."""

    max_outcomes = SETUP_OUTCOMES

    def __init__(self, game: Game) -> None:
        self.game = game

    def complete(self, dealt: list[int]) -> bool:
        return len(dealt) == 1

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        return [(k, 1.0 / SETUP_OUTCOMES) for k in range(SETUP_OUTCOMES)]

    def outcome_name(self, dealt: list[int], action: int) -> str:
        return f"setup seed {action}"

    def start(self, dealt: list[int]) -> State:
        return self.game.start(seed=dealt[0])


class QuinDeal:
    """Quin's random setup (rules §4), one piece per chance node: South's twelve, then North's.

    Node ``i`` puts side ``i // 12``'s piece ``RANDOM_ORDER[i % 12]`` on one of that side's
    setup cells still empty, each equally likely; the action is the cell's index in the side's
    sorted cell list: the 15 spaces of rings 3-5 of the side, its Gateways included.
    ``Quin.start(seed)`` draws ``rng.sample(cells, 12)`` and puts the pieces in that order,
    which is uniform over the same ordered choices: the deal has the engine's distribution.
    Nothing else stands on the board; every piece not dealt (the Light and the four Artificial
    Lights, D17b) starts in its owner's reserve.
    """

    def __init__(self, game: Game) -> None:
        from abstracta.games.quin.pieces import KIND_LETTERS, PIECE_COUNTS
        from abstracta.games.quin.rules import RANDOM_CELLS, RANDOM_ORDER

        self.game = game
        self.pieces = RANDOM_ORDER
        self.cells = RANDOM_CELLS  # the engine's own cell lists, so the two deals cannot drift apart
        self.max_outcomes = max(len(cells) for cells in self.cells)
        undealt = "".join(
            kind * (count - RANDOM_ORDER.count(kind)) for kind, count in zip(KIND_LETTERS, PIECE_COUNTS)
        )
        # side to move, phase and counters as the engine starts them; the reserves hold what is not dealt
        self._rest = game.start(seed=0).notation().split(" ")[1:]
        self._rest[2] = f"{undealt}/{undealt.lower()}"

    def complete(self, dealt: list[int]) -> bool:
        return len(dealt) == 2 * len(self.pieces)

    def _node(self, dealt: list[int]) -> tuple[int, list[int]]:
        """The side dealt at the next node, and the cells it has used so far."""
        side, placed = divmod(len(dealt), len(self.pieces))
        return side, dealt[len(dealt) - placed:]

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        side, used = self._node(dealt)
        free = [c for c in range(len(self.cells[side])) if c not in used]
        return [(c, 1.0 / len(free)) for c in free]

    def _token(self, side: int, index: int, cell: int) -> str:
        kind = self.pieces[index]
        return self.cells[side][cell] + (kind if side == 0 else kind.lower())

    def outcome_name(self, dealt: list[int], action: int) -> str:
        side, used = self._node(dealt)
        return f"deal {self._token(side, len(used), action)}"

    def start(self, dealt: list[int]) -> State:
        count = len(self.pieces)
        tokens = [self._token(i // count, i % count, cell) for i, cell in enumerate(dealt)]
        return self.game.parse(" ".join([",".join(tokens), *self._rest]))


# games whose setup hides pieces and so may not come from one shared seed (a later issue moves
# this into the games themselves)
_SPLIT_DEALS: dict[str, Callable[[Game], object]] = {"quin": QuinDeal}


def setup_deal(game: Game) -> SeedDeal | QuinDeal | None:
    """How ``game``'s random setup is dealt as chance nodes; ``None`` when its start is fixed."""
    if not random_setup(game):
        return None
    split = _SPLIT_DEALS.get(game.slug)
    return split(game) if split is not None else SeedDeal(game)
