"""Alpha-beta for Laser Chess on the compiled core (``search.c``, docs/compiled.md "Search").

:class:`CompiledSearcher` is what ``LaserChessKnowledge.compiled_searcher()`` hands the generic
``AlphaBetaBot`` when the core is available: the same search, node for node (the same move
order, quiescence, node count, repetition rule and fallback), run in C with no Python object
per node. The C side takes its tables and the evaluation's weights from the reference modules
(``board.py``, ``rules.py``, ``evaluation.py``) once, at import, so they have one source.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.games.laser_chess.compiled import Position, ffi, lib, move_name

if TYPE_CHECKING:
    from abstracta.games.laser_chess.rules import LaserChessState

STOPPED = ("depth", "nodes", "time", "decided")
"""``SearchReport.stopped`` of each LCS_STOP_* code."""
NO_MOVE = 0xFFFE


def _load_tables() -> None:
    """Hand the reference's tables and weights to the C search (one source for both)."""
    from abstracta.games.laser_chess import evaluation
    from abstracta.games.laser_chess.board import (
        CODES, LASER_SQUARE, NEIGHBOURS, OPEN, RAYS, REACTION, ROTATED, SQUARES,
    )  # fmt: skip
    from abstracta.games.laser_chess.rules import SWAP_INTO

    next_square = [RAYS[sq * 4 + d][0] if RAYS[sq * 4 + d] else -1 for sq in range(SQUARES) for d in range(4)]
    neighbours = [n for sq in range(SQUARES) for n in (list(NEIGHBOURS[sq]) + [0] * 8)[:8]]
    lib.lcs_set_tables(
        ffi.new("int8_t[]", REACTION),
        ffi.new("int8_t[]", next_square),
        ffi.new("uint8_t[]", [value for code in range(CODES) for value in ROTATED[code]]),
        ffi.new("uint8_t[]", [int(SWAP_INTO[sq][code]) for sq in range(SQUARES) for code in range(CODES)]),
        ffi.new("uint8_t[]", [int(OPEN[colour][sq]) for colour in (0, 1) for sq in range(SQUARES)]),
        ffi.new("uint8_t[]", neighbours),
        ffi.new("uint8_t[]", [len(NEIGHBOURS[sq]) for sq in range(SQUARES)]),
        ffi.new("double[]", evaluation.PIECE_VALUE),
        ffi.new("uint8_t[]", list(LASER_SQUARE)),
    )
    weights = (evaluation.SCALE, evaluation.KING_THREAT, evaluation.EXTRA_KING_THREAT, evaluation.RIVAL_CAPTURE,
               evaluation.OWN_CAPTURE, evaluation.MOBILITY, evaluation.KING_LINES, evaluation.KING_VALUE)
    lib.lcs_set_weights(ffi.new("double[]", weights))


if lib is not None:
    _load_tables()


def _move_code(move: str) -> int:
    return int(lib.lc_move_parse(move.encode()))


class CompiledSearcher:
    """One alpha-beta searcher on the core, with its own transposition table (kept until the next
    search, for :meth:`principal_variation`). Build it only where the core is available."""

    def __init__(self) -> None:
        searcher = lib.lcs_new()
        if searcher == ffi.NULL:
            raise MemoryError("no memory for a Laser Chess searcher")
        self._searcher = ffi.gc(searcher, lib.lcs_free)
        self._report = ffi.new("lcs_report *")

    def __reduce__(self) -> tuple:
        """A copy or an unpickled searcher is a fresh one (its table only serves the last search)."""
        return (CompiledSearcher, ())

    def search(self, state: "LaserChessState", root_moves: list[str], *, max_depth: int, min_depth: int,
               max_nodes: int | None, seconds: float | None, spent: float,
               quiescence: int) -> tuple[str, float, int, int, str]:
        """``(move, score, depth, nodes, stopped)`` of ``AlphaBetaBot.search`` over ``root_moves`` in that
        order; ``spent`` is the time the caller already used of ``seconds``."""
        position = Position.from_state(state)
        codes = ffi.new("lc_move[]", [_move_code(move) for move in root_moves])
        report = self._report
        failed = lib.lcs_search(
            self._searcher, position._position, position._history, codes, len(root_moves), max_depth, min_depth,
            -1 if max_nodes is None else max_nodes, 0.0 if seconds is None else seconds, spent, quiescence, report,
        )  # fmt: skip
        if failed:
            raise MemoryError("the Laser Chess search ran out of memory")
        return move_name(report.move), float(report.score), int(report.depth), int(report.nodes), STOPPED[report.stopped]

    def principal_variation(self, state: "LaserChessState", first: str, plies: int) -> list[str]:
        """``first``, then the best moves the last search's table holds (as ``AlphaBetaBot.principal_variation``)."""
        position = Position.from_state(state)
        out = ffi.new("lc_move[]", max(plies, 1))
        count = lib.lcs_principal_variation(self._searcher, position._position, position._history,
                                            _move_code(first), plies, out)
        return [move_name(out[i]) for i in range(count)]


def evaluate(state: "LaserChessState") -> float:
    """``LaserChessKnowledge.value_for_mover`` on the core (for the differential tests)."""
    return float(lib.lcs_evaluate(Position.from_state(state)._position))


def order(state: "LaserChessState") -> list[str]:
    """``LaserChessKnowledge.order(state, state.moves())`` on the core."""
    position = Position.from_state(state)
    out = ffi.new("lc_move[]", lib.LC_MAX_MOVES)
    count = lib.lcs_order(position._position, position._history, out)
    return [move_name(out[i]) for i in range(count)]


def noisy_moves(state: "LaserChessState") -> list[str]:
    """``LaserChessKnowledge.noisy_moves(state)`` on the core."""
    out = ffi.new("lc_move[]", lib.LC_MAX_MOVES)
    count = lib.lcs_noisy(Position.from_state(state)._position, out)
    return [move_name(out[i]) for i in range(count)]


__all__ = ["CompiledSearcher", "evaluate", "noisy_moves", "order"]
