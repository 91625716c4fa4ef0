"""Quin's structured position (``core/structure.py``), built from the engine's fields.

``QuinState.structure()`` and ``QuinView.structure()`` both call :func:`structure`; a view
passes its masked board (a hidden piece is a negative code) and its reserves (a count where the
viewer may not know the kinds), so what it returns holds nothing the view's notation does not:

- ``board``: shape ``"other"``, the 61 cells in square order ``a1 .. l5, o``.
- ``cells``: one piece each: ``kind`` (``light``, ``shadow``, ``artificial light``, ``reflector``,
  ``memory``, ``time``, ``peripheral``, ``void``, or ``hidden``), ``owner`` and ``revealed``.
- ``areas``: each player's ``reserve`` (pieces by kind with ``count``; one ``hidden`` entry with the
  count where the kinds are not known) and each player's ``zero g`` (the rival's pieces it removed).
- ``extra``: ``side`` (the side to move, kept when the game is over), ``phase`` (``setup``/``play``),
  ``memory_swaps`` and ``resurrections`` per player, ``free_used`` (the free actions used this
  turn: ``time``, ``memory``, ``resurrection``), ``locked`` (the cells a Memory swap locked),
  ``turns``, ``quiet``; a view adds ``viewer`` (its player, ``None`` for a spectator).
"""

from __future__ import annotations

from typing import Any

from abstracta.core.structure import HIDDEN, turn_of
from abstracta.games.quin.board import SQUARE_NAMES
from abstracta.games.quin.notation import FREE_LETTERS, PHASES
from abstracta.games.quin.pieces import KIND_WORDS, REVEALED

FREE_WORDS = {"T": "time", "M": "memory", "R": "resurrection"}
FREE_USED = tuple(
    [FREE_WORDS[char] for bit, char in FREE_LETTERS if free & bit] for free in range(8)
)
"""``free_used`` for each value of the ``free`` bit set, in the notation's order T, M, R."""

_PIECES = {
    code: (KIND_WORDS[code & 7], (code >> 3) & 1, bool(code & REVEALED))
    for code in range(32, 64)
}
_PIECES.update({-1 - owner: (HIDDEN, owner, False) for owner in (0, 1)})
"""Kind word, owner and revealed flag of every board code, a view's hidden codes included."""


def _counted(counts: tuple[int, ...], owner: int) -> list[dict[str, Any]]:
    return [{"kind": KIND_WORDS[kind], "owner": owner, "count": n} for kind, n in enumerate(counts) if n]


def structure(position: Any, is_view: bool = False) -> dict[str, Any]:
    """The structure of a state, or of a view (``is_view``: its ``viewer`` is added to ``extra``)."""
    board = position.board
    pieces = _PIECES
    cells = {}
    for sq, piece in enumerate(board):
        if piece:
            kind, owner, revealed = pieces[piece]
            cells[SQUARE_NAMES[sq]] = [{"kind": kind, "owner": owner, "revealed": revealed}]
    areas = []
    for owner, half in enumerate(position.reserve):
        if isinstance(half, int):  # kinds the viewer may not know: a count only
            shown = [{"kind": HIDDEN, "owner": owner, "count": half}] if half else []
        else:
            shown = _counted(half, owner)
        areas.append({"name": "reserve", "owner": owner, "pieces": shown})
    for owner in (0, 1):
        areas.append({"name": "zero g", "owner": owner, "pieces": _counted(position.removed[1 - owner], 1 - owner)})
    extra: dict[str, Any] = {
        "side": position.side,
        "phase": PHASES[position.phase],
        "memory_swaps": list(position.memory),
        "resurrections": list(position.raised),
        "free_used": list(FREE_USED[position.free]),
        "locked": [SQUARE_NAMES[sq] for sq in position.locked],
        "turns": position.turns,
        "quiet": position.quiet,
    }
    if is_view:
        extra["viewer"] = position.viewer
    removed = position.removed
    return {
        "board": {"shape": "other", "cells": list(SQUARE_NAMES)},
        "cells": cells,
        "areas": areas,
        "dice": [],
        "scores": [sum(removed[1]), sum(removed[0])],
        "turn": turn_of(position),
        "extra": extra,
    }
