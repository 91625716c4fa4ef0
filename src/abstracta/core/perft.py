"""Move-path counting (perft) through the contract alone, as the rules files define it.

``perft(s, d)`` is 1 when ``d == 0`` or the game is over, else the sum over
``s.moves()`` of ``perft(s.play(m), d - 1)``; each chance outcome is one branch.
"""

from __future__ import annotations

from abstracta.core.api import State


def perft(state: State, depth: int) -> int:
    """Count the leaves ``depth`` plies below ``state``.

    The last level is counted, not played: a state that is not over has
    ``len(moves())`` children, each a leaf at depth 1.

    >>> import abstracta
    >>> perft(abstracta.load("strategic-reserve").start(), 2)
    750
    """
    if depth <= 0 or state.over:
        return 1
    moves = state.moves()
    if depth == 1:
        return len(moves)
    play = state.play
    return sum(perft(play(move), depth - 1) for move in moves)


def fast_perft(state: State, depth: int) -> tuple[int, str]:
    """``(perft(state, depth), engine)``: counted by the game's compiled core where it has one
    (``Game.compiled_perft``, engine ``"compiled core"``), else here (``"Python engine"``)."""
    count = state.game.compiled_perft(state, depth)
    if count is not None:
        return count, "compiled core"
    return perft(state, depth), "Python engine"


def divide(state: State, depth: int, fast: bool = False) -> list[tuple[str, int]]:
    """``perft`` split by first move: ``[(move, count), ...]`` in ``moves()`` order, for debugging.

    ``fast``: each count by :func:`fast_perft` (the game's compiled core where it has one)."""
    if depth <= 0 or state.over:
        return []
    if fast:
        return [(move, fast_perft(state.play(move), depth - 1)[0]) for move in state.moves()]
    return [(move, perft(state.play(move), depth - 1)) for move in state.moves()]
