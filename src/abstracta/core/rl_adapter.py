"""What a game tells the RL interface (``abstracta.rl``) about itself: its :class:`RLAdapter`.

``abstracta.rl`` numbers actions, builds observation tensors, draws pictures and describes a
game to OpenSpiel without knowing any game by name: it asks ``game.rl_adapter()``. A game that
returns ``None`` (the default) has no RL support, and ``abstracta.rl`` says so naming what is
missing. A game's adapter lives in ``games/<name>/rl.py``, imported only when asked for (the
tensors need numpy, which only the ``rl`` extra installs). This module, in ``core``, is all a
game and ``abstracta.rl`` share, so neither imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    import numpy as np

    from abstracta.core.api import Game, State


class ActionTable:
    """The action numbering of one game under one option set.

    ``size`` actions numbered ``0 .. size-1``; ``static`` maps move strings to actions for
    every move whose number does not depend on the position. A game subclasses it, fills
    ``names`` in ``_build`` (action -> move string) and overrides ``encode``/``legal``/``_size``
    for moves numbered relative to the position (Quin's Gravity and Reinforcement).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names: list[str] = []  # action -> move string, where the number is static
        self._build()
        self.static: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.size = self._size()

    def _build(self) -> None:
        """Fill ``self.names``; every game's table defines it."""
        raise NotImplementedError(f"{type(self).__name__} must define _build()")

    def _size(self) -> int:
        return len(self.names)

    # -- agent actions ---------------------------------------------------------------------
    def encode(self, state: State, move: str) -> int:
        """The action of ``move`` in ``state``; ``ValueError`` for a string outside the grammar."""
        action = self.static.get(move)
        if action is None:
            raise ValueError(f"{move!r} is not a move of {self.game.slug} in this position")
        return action

    def legal(self, state: State) -> tuple[list[str], list[int]]:
        """``(moves, actions)``: the state's legal moves and their actions, index for index."""
        moves = state.moves()
        static = self.static
        try:
            return moves, [static[m] for m in moves]
        except KeyError:
            return moves, [self.encode(state, m) for m in moves]

    def decode(self, state: State, action: int) -> str:
        """The legal move numbered ``action`` in ``state``; ``ValueError`` when it is not legal."""
        moves, actions = self.legal(state)
        for move, number in zip(moves, actions):
            if number == action:
                return move
        raise ValueError(f"action {action} is not legal in this {self.game.slug} position")

    # -- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[str]:
        """Every outcome a chance node of this game can list, in a fixed order ([] when none)."""
        return []


class SetupDeal:
    """A random setup dealt as a sequence of chance nodes (for OpenSpiel's explicit chance).

    Driven by the list of outcomes played so far (``dealt``): ``outcomes(dealt)`` are the next
    node's ``(action, probability)`` pairs, ``complete(dealt)`` says whether the setup is done,
    and ``start(dealt)`` is then the game's first position. ``max_outcomes`` bounds every node.
    A game with hidden pieces deals them so that what a player sees leaves every rival
    placement possible (Quin, in ``games/quin/rl.py``); ``abstracta.rl.setups.SeedDeal`` is the
    deal of every other random setup: one node over setup seeds.
    """

    max_outcomes: int = 0

    def __init__(self, game: Game) -> None:
        self.game = game

    def complete(self, dealt: list[int]) -> bool:
        raise NotImplementedError(f"{type(self).__name__} must define complete()")

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        raise NotImplementedError(f"{type(self).__name__} must define outcomes()")

    def outcome_name(self, dealt: list[int], action: int) -> str:
        return f"setup outcome {action}"

    def start(self, dealt: list[int]) -> State:
        raise NotImplementedError(f"{type(self).__name__} must define start()")


class MoveRecall:
    """How a hidden-information game writes one ply of a player's past into a fixed-size row.

    OpenSpiel's perfect-recall information-state tensor is the player's current observation
    followed by one row per ply played so far (``max_game_length`` rows, zeros for plies not yet
    played): the move as the player saw it (its own in full, a rival's in public form) and what
    the ply revealed to it. A row must depend only on what the player saw.
    """

    row_size: int = 0

    def __init__(self, game: Game) -> None:
        self.game = game

    def row(self, before: State, move_seen: str, after: State, own: bool) -> np.ndarray:
        """The float32 row (length ``row_size``) of one ply: the player's views ``before`` and
        ``after`` it, the move as the player saw it, and whether the player made it."""
        raise NotImplementedError(f"{type(self).__name__} must define row()")


class RLAdapter:
    """Everything ``abstracta.rl`` needs to know about one game under its options.

    A game's adapter subclasses this in ``games/<name>/rl.py`` and sets ``actions``,
    ``observation_shape`` and ``plane_names`` and defines ``observe``; the rest has defaults.
    ``docs/api.md`` ("RL adapter") states the contract.
    """

    actions: ClassVar[type[ActionTable]]
    """The game's action numbering (built once per option set and cached by ``abstracta.rl``)."""
    observation_shape: ClassVar[tuple[int, ...]]
    """The shape of every observation: ``(planes, *board)``."""
    plane_names: ClassVar[tuple[str, ...]]
    """What each plane holds, in order (``len(plane_names) == observation_shape[0]``)."""

    player_range: ClassVar[tuple[int, int] | None] = None
    """``(fewest, most)`` players over every option set; ``None``: the default options' count only."""
    chance_under_some_options: ClassVar[bool] = False
    """True when some option set has chance (dice or a random setup) although the default one has none."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def observe(self, view: State, player: int) -> np.ndarray:
        """The float32 tensor in [0, 1] of ``player`` from ``view = state.view(player)``.

        Read the view's ``structure()`` (``core/structure.py``): it is all the player may know.
        """
        raise NotImplementedError(f"{type(self).__name__} must define observe()")

    def owner_grid(self, observation: np.ndarray) -> np.ndarray | None:
        """For ``render_mode="rgb_array"``: per board cell 0 (empty), 1 (player 0's piece), 2 (a
        rival's), 3 or 4 (other suits), from player 0's observation. ``None``: no picture."""
        return None

    def max_game_length(self) -> int | None:
        """An upper bound on the plies (chance nodes included) of one game; ``None``: none is known."""
        return None

    def setup_deal(self) -> SetupDeal | None:
        """How a random setup is dealt as chance nodes; ``None``: one node over setup seeds
        (right for perfect information; a game hiding pieces at the start must deal them itself)."""
        return None

    def move_recall(self) -> MoveRecall | None:
        """For a hidden-information game: how each ply enters the perfect-recall information-state
        tensor (:class:`MoveRecall`); ``None``: that tensor is the observation tensor."""
        return None


__all__ = ["ActionTable", "MoveRecall", "RLAdapter", "SetupDeal"]
