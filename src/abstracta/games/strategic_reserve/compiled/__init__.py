"""Strategic Reserve's compiled core (``engine.h``, docs/compiled.md) seen from Python.

``available()`` says whether the extension is built and enabled (``abstracta.core.compiled``).
:class:`Engine` plays positions of one game (its options) in C and converts them to and from the
reference's states; :class:`Batch` steps many self-play games at once over numpy buffers, with
``abstracta.rl``'s action numbers, masks and observations (the ``BatchCore`` of ``rl.py``, which
``abstracta.rl.CompiledVectorEnv`` steps). :class:`DiceStream` is the batch's dice
generator in pure Python (SplitMix64, ``engine.h``): handed to ``abstracta.rl`` in place of a numpy
generator it rolls the very dice the batch rolls, which is how the tests compare the two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.compiled import load_extension
from abstracta.core.errors import IllegalMove
from abstracta.core.rl_adapter import BatchCore

if TYPE_CHECKING:
    import numpy as np

    from abstracta.games.strategic_reserve.rules import StrategicReserve, StrategicReserveState

_extension = load_extension("abstracta.games.strategic_reserve.compiled._engine")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
# the reference's effect tuples (structure.py) from the core's effect fields
_EFFECT_ROLL, _EFFECT_PLACE = 1, 2  # SR_EFFECT_ROLL, SR_EFFECT_PLACE of engine.h


def available() -> bool:
    """True when the compiled core is built and not disabled (``ABSTRACTA_PURE_PYTHON``)."""
    return _extension is not None


def _require() -> Any:
    if _extension is None:
        raise RuntimeError(
            "the compiled core of strategic-reserve is not available (not built, or ABSTRACTA_PURE_PYTHON is set); "
            "build it with `make cores`"
        )
    return _extension


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class DiceStream:
    """The core's dice generator in Python: that of a batch row seeded with ``seed`` (``BatchCore.seed``).

    It answers the two calls ``abstracta.rl`` makes of a numpy generator: ``random()`` (the
    next double, the core's ``sr_rng_uniform``) and ``integers(n)``, the setup seed, which
    Strategic Reserve ignores: 0, drawing nothing, as the core draws nothing for it.
    """

    def __init__(self, seed: int) -> None:
        self.state = _mix64(seed & MASK64)

    def random(self) -> float:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return (_mix64(self.state) >> 11) * 2.0**-53

    def integers(self, *args: Any, **kwargs: Any) -> int:
        return 0


class Engine:
    """The core under the options of ``game``: positions (cffi ``sr_position``) played in C."""

    def __init__(self, game: "StrategicReserve") -> None:
        extension = _require()
        self.ffi, self.lib, self.game = extension.ffi, extension.lib, game
        self.rules = self.ffi.new("sr_rules *")
        files, ranks = (int(n) for n in game.board.split("x"))
        max_turns = -1 if game.max_turns is None else game.max_turns
        if self.lib.sr_rules_init(self.rules, game.options["reserve"], max_turns, files, ranks) != 0:
            raise ValueError(f"the compiled core refuses the options {game.options!r}")  # the game already checked them
        self._moves = self.ffi.new("int8_t[36]")

    # -- positions ---------------------------------------------------------------------------
    def start(self) -> Any:
        position = self.ffi.new("sr_position *")
        self.lib.sr_start(self.rules, position)
        return position

    def copy(self, position: Any) -> Any:
        copied = self.ffi.new("sr_position *")
        copied[0] = position[0]
        return copied

    def position(self, state: "StrategicReserveState") -> Any:
        """The core's position of a reference state (its last effect included)."""
        position = self.ffi.new("sr_position *")
        position.red, position.blue = state.red, state.blue
        position.red_reserve, position.blue_reserve = state.red_reserve, state.blue_reserve
        position.side, position.pending, position.count = state.side, state.pending, state.count
        position.effect_roll, position.effect_square = -1, -1
        effect = state._effect
        if effect is not None and effect[0] == 0:
            _, side, roll, target, hit, removed = effect
            position.effect, position.effect_side, position.effect_roll = _EFFECT_ROLL, side, roll
            position.effect_square, position.hit, position.removed = target.bit_length() - 1, hit, removed
        elif effect is not None:
            position.effect, position.effect_side, position.effect_square = _EFFECT_PLACE, effect[1], effect[2].bit_length() - 1
        self.lib.sr_refresh(self.rules, position)
        return position

    def state(self, position: Any) -> "StrategicReserveState":
        """The reference state of a core position (same notation, moves, effects and ending)."""
        from abstracta.games.strategic_reserve.rules import _new_state

        effect: tuple | None = None
        if position.effect == _EFFECT_ROLL:
            target = 1 << position.effect_square
            effect = (0, position.effect_side, position.effect_roll, target, position.hit, position.removed)
        elif position.effect == _EFFECT_PLACE:
            effect = (1, position.effect_side, 1 << position.effect_square)
        legal = position.legal if position.pending >= 0 and not position.over else None
        return _new_state(self.game, position.red, position.blue, position.red_reserve, position.blue_reserve,
                          position.side, position.pending, position.count, legal, effect)  # fmt: skip

    def notation(self, position: Any) -> str:
        return self.state(position).notation()

    # -- moves ---------------------------------------------------------------------------------
    def move_codes(self, position: Any) -> list[int]:
        """The legal plays as the core numbers them (roll indices, or squares), in the reference's order."""
        count = self.lib.sr_moves(self.rules, position, self._moves)
        return list(self.ffi.unpack(self._moves, count))

    def moves(self, position: Any) -> list[str]:
        """The legal plays as the reference writes them (``state.moves()``)."""
        from abstracta.games.strategic_reserve.board import ROLL_OUTCOMES, SQUARE_NAMES

        names = ROLL_OUTCOMES if self.lib.sr_is_chance(position) else SQUARE_NAMES
        return [names[code] for code in self.move_codes(position)]

    def play(self, position: Any, move: str) -> Any:
        """A new position: ``move`` (a roll ``"p,g"`` or a square) played; ``IllegalMove`` as the reference says it."""
        from abstracta.games.strategic_reserve.board import ROLL_INDEX, SQUARE_BIT

        code = -1  # anything but a move string is refused, as the reference refuses it
        if isinstance(move, str):
            code = ROLL_INDEX.get(move, -1) if self.lib.sr_is_chance(position) else SQUARE_BIT.get(move, 0).bit_length() - 1
        child = self.copy(position)
        if self.lib.sr_play(self.rules, child, code) != 0:
            raise IllegalMove(self.state(position)._why_illegal(move))
        return child

    def returns(self, position: Any) -> list[float]:
        result = self.lib.sr_result(position)
        return [1.0, -1.0] if result == 0 else [-1.0, 1.0] if result == 1 else [0.0, 0.0]

    def perft(self, position: Any, depth: int) -> int:
        """Move-path count (``abstracta.core.perft``) in C."""
        return int(self.lib.sr_perft(self.rules, position, depth))


class Batch(BatchCore):
    """``num_envs`` self-play games stepped in C: the batch core of ``StrategicReserveRL.batch_core``
    (``core/rl_adapter.py`` ``BatchCore`` states the protocol; ``abstracta.rl.CompiledVectorEnv`` steps it).

    Action numbers, masks and observations are ``abstracta.rl``'s (``oriented``: each row in its
    mover's frame). Each row rolls its dice from its own generator, the stream of
    ``DiceStream(seeds[i])``; the roll after a placement is made inside ``step``.
    """

    def __init__(self, game: "StrategicReserve", num_envs: int, oriented: bool = True) -> None:
        self.engine = engine = Engine(game)
        self._ffi, self._lib = engine.ffi, engine.lib
        pointer = self._lib.sr_batch_new(engine.rules, num_envs, int(oriented))
        if pointer == self._ffi.NULL:
            raise MemoryError(f"no memory for a batch of {num_envs} strategic-reserve games")
        self._batch = self._ffi.gc(pointer, self._lib.sr_batch_free)
        self.num_envs, self.oriented = num_envs, oriented

    def _rows(self, rows: "np.ndarray | None") -> Any:
        return self._ffi.NULL if rows is None else self._ffi.from_buffer("uint8_t[]", rows)

    def seed(self, seeds: "np.ndarray") -> None:
        """Row ``i`` rolls the dice of ``DiceStream(seeds[i])``; its sampler has a stream of its own."""
        import numpy as np

        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        if seeds.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} seeds, got shape {seeds.shape}")
        self._lib.sr_batch_seed_rows(self._batch, self._ffi.from_buffer("uint64_t[]", seeds))

    def reset(self, rows: "np.ndarray | None", observations: "np.ndarray", masks: "np.ndarray",
              players: "np.ndarray") -> None:
        buffer = self._ffi.from_buffer
        self._lib.sr_batch_reset(self._batch, self._rows(rows), buffer("float[]", observations),
                                 buffer("uint8_t[]", masks), buffer("int64_t[]", players))  # fmt: skip

    def step(self, actions: "np.ndarray", rows: "np.ndarray | None", observations: "np.ndarray",
             masks: "np.ndarray", players: "np.ndarray", rewards: "np.ndarray", terminated: "np.ndarray",
             truncated: "np.ndarray", illegal: "np.ndarray") -> None:
        buffer = self._ffi.from_buffer
        self._lib.sr_batch_step(self._batch, buffer("int64_t[]", actions), self._rows(rows),
                                buffer("float[]", observations), buffer("uint8_t[]", masks),
                                buffer("int64_t[]", players), buffer("float[]", rewards),
                                buffer("uint8_t[]", terminated), buffer("uint8_t[]", truncated),
                                buffer("uint8_t[]", illegal))  # fmt: skip

    def sample(self, actions: "np.ndarray") -> None:
        self._lib.sr_batch_sample(self._batch, self._ffi.from_buffer("int64_t[]", actions))

    def position(self, row: int) -> Any:
        """A copy of row ``row``'s position (``Engine.state`` turns it into a reference state)."""
        return self.engine.copy(self._lib.sr_batch_position(self._batch, row))

    def dice_state(self, row: int) -> int:
        """Row ``row``'s dice generator state (``DiceStream.state`` after as many draws)."""
        return int(self._lib.sr_batch_rng(self._batch, row)[0])


__all__ = ["Batch", "DiceStream", "Engine", "available"]
