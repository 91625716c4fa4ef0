"""Reflec's structured position (``core/structure.py``) and the pieces its effects name.

Built straight from the engine's fields (``board.py`` codes, per-suit tuples), never from the
notation. A piece's ``owner`` is the player who controls it: the suit's owner (rules §2), or
``None`` once the suit is neutral (3-4 players, laser destroyed). ``suit`` is the suit letter
(``S M C A``), ``facing`` a coin's ``n e s w``; lasers have no facing. Off the board each suit
has an area ``supply <letter>`` and a die named by its letter (0-5). ``extra`` holds the rest
of the notation: ``acting``, ``phase``, ``tiles``, ``turns``, ``swaps`` (per player, pair names
``a1xa2``), ``locked``, ``touched`` and ``destroyed`` (suit letters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.structure import turn_of
from abstracta.games.reflec.board import (
    DIRECTIONS,
    LASER_BASE,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    SUIT_LETTERS,
    pair_name,
)

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import Reflec, ReflecState

DIE_FACES = 6  # a piecepack die: null, ace, 2-5
PHASE_NAMES = ("drop", "play")
BOARD = {"shape": "grid", "files": SIZE, "ranks": SIZE, "cells": list(SQUARE_NAMES)}


def controller(game: "Reflec", suit: int, destroyed: int) -> int | None:
    """The player controlling ``suit``'s pieces: its owner, or ``None`` once it is neutral."""
    return None if game.neutral_mask(destroyed) >> suit & 1 else game.owner[suit]


def piece_of(game: "Reflec", cell: int, destroyed: int) -> dict[str, Any]:
    """The piece for a non-empty cell code (``board.py``) while ``destroyed`` suits are gone."""
    if cell >= LASER_BASE:
        suit = cell - LASER_BASE
        return {"kind": "laser", "owner": controller(game, suit, destroyed), "suit": SUIT_LETTERS[suit]}
    suit = (cell - 1) >> 2
    return {
        "kind": "coin",
        "owner": controller(game, suit, destroyed),
        "suit": SUIT_LETTERS[suit],
        "facing": DIRECTIONS[(cell - 1) & 3],
    }


def position_structure(state: "ReflecState") -> dict[str, Any]:
    """``state.structure()``: every piece on the board, the supplies, dice and the turn's counters."""
    game = state.game
    board = state.board
    destroyed = state.destroyed
    owners = [controller(game, y, destroyed) for y in range(game.suits)]
    cells = {}
    for square in range(SQUARES):
        cell = board[square]
        if cell:
            cells[SQUARE_NAMES[square]] = [piece_of(game, cell, destroyed)]
    areas = [
        {
            "name": f"supply {SUIT_LETTERS[y]}",
            "owner": owners[y],
            "pieces": [{"kind": "coin", "owner": owners[y], "suit": SUIT_LETTERS[y], "count": state.off[y]}]
            if state.off[y]
            else [],
        }
        for y in range(game.suits)
    ]
    dice = [
        {"name": SUIT_LETTERS[y], "owner": owners[y], "value": state.dice[y], "faces": DIE_FACES}
        for y in range(game.suits)
    ]
    return {
        "board": {**BOARD, "cells": list(SQUARE_NAMES)},  # a fresh list: callers may keep or change it
        "cells": cells,
        "areas": areas,
        "dice": dice,
        "scores": state.scores(),
        "turn": turn_of(state),
        "extra": {
            "acting": SUIT_LETTERS[state.acting],
            "phase": PHASE_NAMES[state.phase],
            "tiles": state.tiles,
            "turns": state.turns,
            "swaps": [[pair_name(code) for code in sorted(record)] for record in state.swaps],
            "locked": [SQUARE_NAMES[s] for s in sorted(state.locked)],
            "touched": [SQUARE_NAMES[s] for s in sorted(state.touched)],
            "destroyed": [SUIT_LETTERS[y] for y in range(game.suits) if destroyed >> y & 1],
        },
    }
