"""The Laser Chess compiled core (C through cffi, docs/compiled.md): a small Python face on ``engine.c``.

``available()`` says whether the core is built and enabled (``ABSTRACTA_PURE_PYTHON`` unset).
:class:`Position` is a core position with its repetition history, read from and compared with
the reference engine (``rules.py``): moves are strings in notation here and integers inside C.
``perft`` counts move paths on the core; :class:`Batch` steps many games at once for
``abstracta.rl.CompiledVectorEnv`` (numpy buffers handed to C, no Python object per row).

For example (the tests check the same, with the core built)::

    from abstracta.games.laser_chess import compiled
    state = abstracta.load("laser-chess").start()
    compiled.perft(state, 3)                                   # 451867, as perft.txt says
    compiled.Position.from_state(state).play("j1-").notation() # as state.play("j1-").notation()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.compiled import load_extension
from abstracta.core.errors import IllegalMove
from abstracta.core.rl_adapter import BatchCore

if TYPE_CHECKING:
    import numpy as np

    from abstracta.games.laser_chess.rules import LaserChessState

_engine = load_extension("abstracta.games.laser_chess.compiled._engine")
ffi = _engine.ffi if _engine is not None else None
lib = _engine.lib if _engine is not None else None
if lib is not None:
    lib.lc_init()  # the tables, once, before any thread can call in (cffi releases the GIL in calls)

ENDS = (None, "normal", "repetition", "turn limit")
"""``termination()`` of each ``lc_position.end`` (LC_END_NONE, _KING, _REPETITION, _TURN_LIMIT)."""
STOPS = {0: "edge", -1: "laser", -2: "blocked", -3: "removed"}
DRAW = 0xFFFF


def available() -> bool:
    """Whether the compiled core is built and not disabled (``ABSTRACTA_PURE_PYTHON``)."""
    return lib is not None


def _require() -> None:
    if lib is None:
        raise RuntimeError("the Laser Chess compiled core is not available (not built, or ABSTRACTA_PURE_PYTHON "
                           "is set); build it with `make cores`")


def _new_history() -> Any:
    history = ffi.new("lc_history *")
    return ffi.gc(history, lib.lc_history_free)


class Position:
    """A core position and its repetition history (the keys of every earlier position since the
    last removal). Immutable from Python: :meth:`play` returns a new one, like ``State.play``."""

    __slots__ = ("_position", "_history", "game")

    def __init__(self, game: Any, position: Any, history: Any) -> None:
        self.game = game
        self._position = position
        self._history = history

    @classmethod
    def from_state(cls, state: "LaserChessState") -> "Position":
        """The reference state ``state`` (board, side, plies, history, draw claim, last shot) on the core."""
        _require()
        position = ffi.new("lc_position *")
        lib.lc_set(position, bytes(state.board), state.turn, state.plies, state.game._ply_limit)
        history = _new_history()
        for board, turn in state.history():
            lib.lc_history_push(history, lib.lc_key(bytes(board), turn))
        position.quiet = state._quiet
        if state.draw_claimed:
            position.over, position.end = 1, 2
        if state._shot is not None:
            position.shot_mover, position.shot_square, position.shot_code = state._shot
        return cls(state.game, position, history)

    # -- the rules ------------------------------------------------------------------------------
    def _legal(self) -> list[int]:
        out = ffi.new("lc_move[]", lib.LC_MAX_MOVES)
        count = lib.lc_legal(self._position, self._history, out)
        return list(out[0:count])

    def moves(self) -> list[str]:
        """The legal moves in ``state.moves()`` order."""
        return [move_name(m) for m in self._legal()]

    def play(self, move: str) -> "Position":
        """The position after ``move`` (a legal move's notation) and its shot."""
        code = lib.lc_move_parse(move.encode()) if isinstance(move, str) and "\0" not in move else None
        if code is None or code not in self._legal():
            raise IllegalMove(f"illegal move {move!r} in {self.notation()}")
        position = ffi.new("lc_position *")
        position[0] = self._position[0]
        history = _new_history()
        lib.lc_history_copy(history, self._history)
        lib.lc_make(position, code, ffi.NULL)
        if code != DRAW:
            lib.lc_history_push(history, position.key)
        return Position(self.game, position, history)

    @property
    def over(self) -> bool:
        return bool(self._position.over)

    @property
    def winner(self) -> int | None:
        return None if self._position.winner < 0 else int(self._position.winner)

    @property
    def turn(self) -> int:
        return int(self._position.turn)

    @property
    def plies(self) -> int:
        return int(self._position.plies)

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self._position.board)

    def returns(self) -> list[float]:
        out = ffi.new("float[2]")
        lib.lc_returns(self._position, out)
        return [float(out[0]), float(out[1])]

    def termination(self) -> str | None:
        return ENDS[self._position.end] if self._position.over else None

    def repetitions(self) -> int:
        return int(lib.lc_repetitions(self._position, self._history))

    def notation(self) -> str:
        out = ffi.new("char[128]")
        lib.lc_format(self._position, self.game.max_plies is not None, out)
        return ffi.string(out).decode()

    def last_effects(self) -> list[dict[str, Any]]:
        """``state.last_effects()``: the last shot's beam, and the piece it removed."""
        from abstracta.games.laser_chess.board import LASER_SQUARE, SQUARE_NAMES
        from abstracta.games.laser_chess.notation import removal

        p = self._position
        if p.shot_mover < 0:
            return []
        board = ffi.new("uint8_t[80]", list(p.board))
        if p.shot_code:
            board[p.shot_square] = p.shot_code
        path = ffi.new("uint8_t[80]")
        length, struck = ffi.new("int *"), ffi.new("int *")
        stop = lib.lc_fire(board, p.shot_mover, path, length, struck)
        effects = [{"kind": "beam", "from": SQUARE_NAMES[LASER_SQUARE[p.shot_mover]],
                    "path": [SQUARE_NAMES[s] for s in path[0:length[0]]], "stop": STOPS[stop]}]
        if p.shot_code:
            effects.append(removal(p.shot_square, p.shot_code))
        return effects

    def forced_win(self, solver: int, turns_left: int) -> bool:
        """Whether ``solver`` wins by force within ``turns_left`` more of its moves (``lc_forced_win``)."""
        position = ffi.new("lc_position *")
        position[0] = self._position[0]
        history = _new_history()
        lib.lc_history_copy(history, self._history)
        found = int(lib.lc_forced_win(position, history, solver, turns_left))
        if found < 0:
            raise MemoryError("the Laser Chess core ran out of memory in a puzzle proof")
        return bool(found)

    def perft(self, depth: int) -> int:
        position = ffi.new("lc_position *")
        position[0] = self._position[0]
        history = _new_history()
        lib.lc_history_copy(history, self._history)
        return int(lib.lc_perft(position, history, depth))


def move_name(move: int) -> str:
    out = ffi.new("char[8]")
    lib.lc_move_name(move, out)
    return ffi.string(out).decode()


def perft(state: "LaserChessState", depth: int) -> int:
    """``core.perft.perft(state, depth)`` counted on the core."""
    return Position.from_state(state).perft(depth)


def forced_win(state: "LaserChessState", solver: int, turns_left: int) -> bool:
    """``abstracta.bots.puzzles.Prover(...).wins`` for the King goal, counted on the core: whether
    ``solver`` hits the rival's King by force within ``turns_left`` more of its moves."""
    return Position.from_state(state).forced_win(solver, turns_left)


class Batch(BatchCore):
    """``num_envs`` games from ``start`` stepped in C: the batch core of ``LaserChessRL.batch_core``
    (``core/rl_adapter.py`` ``BatchCore`` states the protocol)."""

    def __init__(self, start: "LaserChessState", num_envs: int, oriented: bool) -> None:
        _require()
        position = Position.from_state(start)._position
        self.num_envs = num_envs
        self._batch = ffi.gc(lib.lc_batch_new(num_envs, position, bool(oriented)), lib.lc_batch_free)
        if self._batch == ffi.NULL:
            raise MemoryError(f"no memory for {num_envs} Laser Chess games")

    def seed(self, seeds: "np.ndarray") -> None:
        """Laser Chess has no chance: the seeds only start the sampler's stream."""
        lib.lc_batch_seed(self._batch, int(seeds[0]) if len(seeds) else 0)

    def reset(self, rows: "np.ndarray | None", observations: "np.ndarray", masks: "np.ndarray",
              players: "np.ndarray") -> None:
        lib.lc_batch_reset(self._batch, _rows(rows), ffi.from_buffer("float[]", observations),
                           ffi.from_buffer("uint8_t[]", masks), ffi.from_buffer("int64_t[]", players))

    def step(self, actions: "np.ndarray", rows: "np.ndarray | None", observations: "np.ndarray",
             masks: "np.ndarray", players: "np.ndarray", rewards: "np.ndarray", terminated: "np.ndarray",
             truncated: "np.ndarray", illegal: "np.ndarray") -> None:
        lib.lc_batch_step(self._batch, ffi.from_buffer("int64_t[]", actions), _rows(rows),
                          ffi.from_buffer("float[]", observations), ffi.from_buffer("uint8_t[]", masks),
                          ffi.from_buffer("int64_t[]", players), ffi.from_buffer("float[]", rewards),
                          ffi.from_buffer("uint8_t[]", terminated), ffi.from_buffer("uint8_t[]", truncated),
                          ffi.from_buffer("uint8_t[]", illegal))

    def sample(self, actions: "np.ndarray") -> None:
        lib.lc_batch_sample(self._batch, ffi.from_buffer("int64_t[]", actions))

    def notation(self, row: int) -> str:
        """Row ``row``'s position in notation (for tests)."""
        out = ffi.new("char[128]")
        position = lib.lc_batch_position(self._batch, row)
        lib.lc_format(position, position.ply_limit >= 0, out)
        return ffi.string(out).decode()


def _rows(rows: "np.ndarray | None") -> Any:
    return ffi.NULL if rows is None else ffi.from_buffer("uint8_t[]", rows)


__all__ = ["Batch", "Position", "available", "move_name", "perft"]
