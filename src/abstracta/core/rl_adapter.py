"""What a game tells the RL interface (``abstracta.rl``) about itself: its :class:`RLAdapter`.

``abstracta.rl`` numbers actions, builds observation tensors, draws pictures and describes a
game to OpenSpiel without knowing any game by name: it asks ``game.rl_adapter()``. A game that
returns ``None`` (the default) has no RL support, and ``abstracta.rl`` says so naming what is
missing. A game's adapter lives in ``games/<name>/rl.py``, imported only when asked for (the
tensors need numpy, which only the ``rl`` extra installs). This module, in ``core``, is all a
game and ``abstracta.rl`` share, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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

    # -- the same in a frame (an observer's orientation, docs/rl.md "Frames") --------------------
    def legal_in(self, state: State, frame: Frame | None) -> tuple[list[str], list[int]]:
        """``legal`` with the actions numbered in ``frame`` (``None``: the table's own numbers)."""
        moves, actions = self.legal(state)
        if frame is None:
            return moves, actions
        index = frame.action_index
        return moves, [index[a] for a in actions]

    def encode_in(self, state: State, move: str, frame: Frame | None) -> int:
        """``encode`` numbered in ``frame``."""
        action = self.encode(state, move)
        return action if frame is None else frame.action_index[action]

    def decode_in(self, state: State, action: int, frame: Frame | None) -> str:
        """``decode`` of an action numbered in ``frame``; ``ValueError`` when it is not legal."""
        if frame is None:
            return self.decode(state, action)
        moves, actions = self.legal_in(state, frame)
        for move, number in zip(moves, actions):
            if number == action:
                return move
        raise ValueError(f"action {action} is not legal in this {self.game.slug} position")

    # -- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[str]:
        """Every outcome a chance node of this game can list, in a fixed order ([] when none)."""
        return []


class Frame:
    """A relabelling of one game's observation entries and action numbers.

    An observer's orientation (``RLAdapter.frame``) and a symmetry for data augmentation
    (``RLAdapter.symmetries``) are both frames: ``observation_index`` is a flat gather (entry
    ``i`` of the framed tensor, flattened, is entry ``observation_index[i]`` of the original),
    ``action_index[a]`` is the framed number of action ``a``, and ``move`` renames a move
    string the same way (squares, directions, suits), for numbers relative to the position.
    Build one with :meth:`from_maps`. Methods accept a batch (leading axes) of tensors or masks.
    ``action``/``mask`` renumber the fixed numbers; a table numbering moves relative to the
    position (Quin's Gravity) numbers those in a frame itself (``encode_in``/``legal_in``).
    """

    def __init__(self, name: str, shape: tuple[int, ...], observation_index: np.ndarray,
                 action_index: Sequence[int], move: Callable[[str], str]) -> None:
        import numpy as np  # only the rl extra installs numpy; core imports it on use

        self.name = name
        self.shape = tuple(shape)
        self.observation_index = observation_index
        self.action_index = list(action_index)
        inverse = [0] * len(self.action_index)
        for action, framed in enumerate(self.action_index):
            inverse[framed] = action
        self.action_inverse = inverse  # framed number -> original number
        self._index = np.asarray(self.action_index, dtype=np.intp)
        self._inverse = np.asarray(inverse, dtype=np.intp)
        self.move = move

    @classmethod
    def from_maps(cls, name: str, shape: tuple[int, ...], entry: Callable[[int, int], tuple[int, int]],
                  table: ActionTable, move: Callable[[str], str]) -> Frame:
        """The frame moving observation entry ``(plane, cell)`` to ``entry(plane, cell)`` (cells
        flattened over the board axes) and renaming every move string by ``move``.

        Action numbers follow the strings: ``action_index[a] = table.static[move(names[a])]``; the
        numbers whose renamed string is not in the table (never-legal placeholders) take the
        numbers left over, in order, so the map stays one to one.
        """
        import numpy as np  # only the rl extra installs numpy; core imports it on use

        planes, cells = shape[0], int(np.prod(shape[1:]))
        index = np.full(planes * cells, -1, dtype=np.intp)
        for plane in range(planes):
            for cell in range(cells):
                to_plane, to_cell = entry(plane, cell)
                index[to_plane * cells + to_cell] = plane * cells + cell
        if (index < 0).any():
            raise ValueError(f"frame {name!r} of {table.game.slug} does not map onto every observation entry")
        names, static = table.names, table.static
        action_index: list[int | None] = [None] * table.size
        taken: set[int] = set()
        for action, action_name in enumerate(names):
            framed = static.get(move(action_name))
            if framed is not None:
                if framed in taken:
                    raise ValueError(f"frame {name!r} of {table.game.slug} renames two moves to {names[framed]!r}")
                action_index[action] = framed
                taken.add(framed)
        spare = iter(a for a in range(table.size) if a not in taken)
        return cls(name, shape, index, [a if a is not None else next(spare) for a in action_index], move)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """``observation`` (or a batch of them, leading axes) in this frame."""
        if observation.ndim == len(self.shape):  # one tensor, at every environment step: the short way
            return observation.ravel()[self.observation_index].reshape(self.shape)
        batch = observation.shape[: observation.ndim - len(self.shape)]
        return observation.reshape(*batch, -1)[..., self.observation_index].reshape(observation.shape)

    def action(self, action: int) -> int:
        """The framed number of ``action``."""
        return self.action_index[action]

    def actions(self, actions: np.ndarray) -> np.ndarray:
        """The framed numbers of an array of actions."""
        return self._index[actions]

    def mask(self, mask: np.ndarray) -> np.ndarray:
        """``mask`` (one per action, or a batch of them) with its actions renumbered into this frame."""
        return mask[..., self._inverse]

    def __repr__(self) -> str:
        return f"Frame({self.name!r})"


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
    the ply revealed to it. A row must depend only on what the player saw. In an oriented game
    ``move_seen`` comes renamed by the player's frame (``Frame.move``), so a row writes squares
    from it, never from the views' absolute squares, to stay in the frame of the observation.
    """

    row_size: int = 0

    def __init__(self, game: Game) -> None:
        self.game = game

    def row(self, before: State, move_seen: str, after: State, own: bool) -> np.ndarray:
        """The float32 row (length ``row_size``) of one ply: the player's views ``before`` and
        ``after`` it, the move as the player saw it, and whether the player made it."""
        raise NotImplementedError(f"{type(self).__name__} must define row()")


class BatchCore:
    """A game's compiled batch of games: the protocol ``abstracta.rl.CompiledVectorEnv`` steps.

    ``RLAdapter.batch_core(num_envs, oriented)`` returns one (``None``, the default: the game has
    none). It holds ``num_envs`` games of the adapter's game under its options, played by
    self-play: each row's observation, mask and action numbers are its mover's (in the mover's
    frame when ``oriented``), with the numbering, masks and observations of the adapter exactly,
    so ``CompiledVectorEnv`` equals ``abstracta.rl.VectorEnv`` step for step. It owns no arrays
    the caller sees: every method writes into numpy buffers the caller passes (C-contiguous;
    ``rows`` and flag arrays bool, actions and players int64, observations and rewards float32,
    masks bool ``(num_envs, num_actions)``), so a compiled core can loop over rows in C with no
    Python object per row. Auto-reset is the caller's: it resets the rows it chooses.

    - ``seed(seeds)``: one uint64 per row; the rows' chance (setups, dice) and ``sample`` draw from
      generators started from them (a game without chance may use them only for ``sample``).
    - ``reset(rows, observations, masks, players)``: new games in the rows where ``rows`` is True
      (every row when ``rows`` is None); writes those rows' observation, mask and player.
    - ``step(actions, rows, observations, masks, players, rewards, terminated, truncated, illegal)``:
      plays ``actions[i]`` in each selected row (the caller never steps a finished row; chance
      after the move is resolved inside). Writes each stepped row's observation, mask and player,
      ``rewards[i, p]`` every player's reward of the step (the returns on the step that ends the
      game, else 0), ``terminated`` (the rules ended it), ``truncated`` (a cap option cut it
      off: ``termination() == "turn limit"``), ``illegal`` (the action was not legal: the game
      ends with -1 for the mover). A finished row shows its last position to its mover with an
      all-False mask, its player the mover.
    - ``sample(actions)``: a uniformly random legal action per row (0 on a finished row).
    """

    num_envs: int

    def seed(self, seeds: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define seed()")

    def reset(self, rows: np.ndarray | None, observations: np.ndarray, masks: np.ndarray,
              players: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define reset()")

    def step(self, actions: np.ndarray, rows: np.ndarray | None, observations: np.ndarray, masks: np.ndarray,
             players: np.ndarray, rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
             illegal: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define step()")

    def sample(self, actions: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define sample()")


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

    def frame(self, player: int) -> Frame | None:
        """How ``player``'s observations and actions are turned to its side (``oriented=True``).

        ``None`` (the default, and every game's player 0): the planes and numbers as they are.
        Built once per player: use :meth:`cached_frame`.
        """
        return None

    def cached_frame(self, player: int) -> Frame | None:
        """``frame(player)``, built on first use and kept."""
        frames = self.__dict__.setdefault("_frames", {})
        if player not in frames:
            frames[player] = self.frame(player)
        return frames[player]

    def oriented_observe(self, view: State, player: int) -> np.ndarray:
        """``observe`` turned by ``player``'s frame. A game may override it to write the turned
        planes directly (faster); it must equal ``cached_frame(player).observation(observe(...))``."""
        planes = self.observe(view, player)
        frame = self.cached_frame(player) if player else None  # player 0's frame is the identity
        return planes if frame is None else frame.observation(planes)

    def symmetries(self) -> list[Frame]:
        """The symmetries of the rules, as frames acting on oriented observations and actions:
        each maps a position to a position of the same game with the same value and its legal
        moves onto the image's legal moves. ``[]`` (the default): none; docs/rl.md says why."""
        return []

    def max_game_length(self) -> int | None:
        """An upper bound on the plies (chance nodes included) of one game; ``None``: none is known."""
        return None

    def setup_deal(self) -> SetupDeal | None:
        """How a random setup is dealt as chance nodes; ``None``: one node over setup seeds
        (right for perfect information; a game hiding pieces at the start must deal them itself)."""
        return None

    def batch_core(self, num_envs: int, oriented: bool = True) -> BatchCore | None:
        """``num_envs`` games stepped by a compiled core (:class:`BatchCore`), for
        ``abstracta.rl.CompiledVectorEnv``; ``None`` (the default): the game has no batch core,
        or it is not built or disabled (``ABSTRACTA_PURE_PYTHON``)."""
        return None

    def move_recall(self) -> MoveRecall | None:
        """For a hidden-information game: how each ply enters the perfect-recall information-state
        tensor (:class:`MoveRecall`); ``None``: that tensor is the observation tensor."""
        return None


__all__ = ["ActionTable", "BatchCore", "Frame", "MoveRecall", "RLAdapter", "SetupDeal"]
