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


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """``perft`` split by first move: ``[(move, count), ...]`` in ``moves()`` order, for debugging."""
    if depth <= 0 or state.over:
        return []
    return [(move, perft(state.play(move), depth - 1)) for move in state.moves()]
