"""Desfases in the shared vocabulary (``core/structure.py``): the structured position and ``last_effects``.

Both are built from the engine's fields (``rules.DesfasesState``), never from the notation.

Pieces: a ``tile`` (``suit``, ``value`` 0-5 for n a 2 3 4 5, ``facing``, ``label`` such as
``"Sa"``), a ``coin`` (``suit``, ``value``, ``label``) and a ``pawn`` (``suit``). Every piece
belongs to the player of its suit. A square holds its tile, then the scoring coin on it, then
the pawn (bottom first); the hole c3 holds the coins dropped into it. Each suit has two areas,
``"<Suit> timer"`` (the coin under its die, or nothing) and ``"<Suit> reservoir"``, and a die
named after it (``value`` 0-5, ``suit``). ``extra``: ``hole`` (the hole's cell), ``acting``
(the acting suit's letter, ``None`` when over), ``feeding``, per suit letter ``points`` and
``live``.

Effects of one play, in order: a ``rotate`` per turned tile (square order), then
``move`` of the pawn (``cause`` ``"stay"`` when boxed in) and ``roll`` of its die (``cause``
``"countdown"``); or ``place`` of the timer coin (``from_area``, ``cause`` ``"score"`` on a tile,
followed by ``score``, or ``"hole"`` onto c3); or, in the feed step, ``roll`` with ``cause``
``"feed"`` and the fed ``coin``; ``eliminate`` when the suit has no coin left. Each but
``rotate`` (its tile's suit is the acting one) names the acting ``suit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.errors import NotationError
from abstracta.core.structure import turn_of
from abstracta.games.desfases.board import (
    BIT,
    FACINGS,
    FILES,
    HOLE,
    PIECE_NAMES,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SUIT_INDEX,
    SUIT_NAMES,
    SUITS,
    TILE_SQUARES,
    facing_of,
    squares_of,
)

if TYPE_CHECKING:
    from abstracta.games.desfases.rules import DesfasesState

CELLS = [f"{file}{rank}" for file in FILES for rank in range(1, SIZE + 1)]  # file-major, as the vocabulary asks
HOLE_CELL = SQUARE_NAMES[HOLE]
TIMER_AREAS = tuple(f"{name} timer" for name in SUIT_NAMES)
RESERVOIR_AREAS = tuple(f"{name} reservoir" for name in SUIT_NAMES)


def tile_piece(owners: tuple[int, ...], tile: int, facing: int) -> dict[str, Any]:
    return {"kind": "tile", "owner": owners[tile // 6], "suit": SUITS[tile // 6], "value": tile % 6,
            "facing": FACINGS[facing], "label": PIECE_NAMES[tile]}


def coin_piece(owners: tuple[int, ...], coin: int) -> dict[str, Any]:
    return {"kind": "coin", "owner": owners[coin // 6], "suit": SUITS[coin // 6], "value": coin % 6,
            "label": PIECE_NAMES[coin]}


def pawn_piece(owners: tuple[int, ...], suit: int) -> dict[str, Any]:
    return {"kind": "pawn", "owner": owners[suit], "suit": SUITS[suit]}


def structure_of(state: DesfasesState) -> dict[str, Any]:
    owners = state.game.owners
    tiles, coins, lo, hi = state.tiles, state.coins, state.lo, state.hi
    pawn_on = {sq: suit for suit, sq in enumerate(state.pawns)}
    cells: dict[str, list[dict[str, Any]]] = {}
    for sq in TILE_SQUARES:
        stack = [tile_piece(owners, tiles[sq], facing_of(lo, hi, sq))]
        if coins[sq] >= 0:
            stack.append(coin_piece(owners, coins[sq]))
        if sq in pawn_on:
            stack.append(pawn_piece(owners, pawn_on[sq]))
        cells[SQUARE_NAMES[sq]] = stack
    if state.hole:
        cells[HOLE_CELL] = [coin_piece(owners, coin) for coin in range(24) if state.hole >> coin & 1]
    areas = []
    for suit in range(4):
        timer = state.timers[suit]
        areas.append({"name": TIMER_AREAS[suit], "owner": owners[suit],
                      "pieces": [coin_piece(owners, suit * 6 + timer)] if timer >= 0 else []})
        reservoir = state.reservoirs[suit]
        areas.append({"name": RESERVOIR_AREAS[suit], "owner": owners[suit],
                      "pieces": [coin_piece(owners, suit * 6 + v) for v in range(6) if reservoir >> v & 1]})
    return {
        "board": {"shape": "grid", "files": SIZE, "ranks": SIZE, "cells": list(CELLS)},
        "cells": cells,
        "areas": areas,
        "dice": [{"name": SUIT_NAMES[s], "owner": owners[s], "suit": SUITS[s], "value": state.dice[s], "faces": 6}
                 for s in range(4)],
        "scores": state.scores(),
        "turn": turn_of(state),
        "extra": {
            "hole": HOLE_CELL,
            "acting": SUITS[state.suit] if state.suit >= 0 else None,
            "feeding": state.feeding,
            "points": {SUITS[s]: state.points[s] for s in range(4)},
            "live": {SUITS[s]: bool(state.live >> s & 1) for s in range(4)},
        },
    }


# -- last_effects (§10) ------------------------------------------------------
# A state keeps what its play did as one tuple, named only when asked:
#   (kind, suit, turned squares mask, a, b, c, finished)
#   MOVED:  a = from, b = to, c = die after        SCORED: a = square, b = coin value, c = points
#   HOLED:  b = coin value                          FED:    b = coin value
MOVED, SCORED, HOLED, FED = range(4)


def effects_to_json(state: DesfasesState, effect: tuple | None) -> list[dict[str, Any]]:
    if effect is None:
        return []
    kind, x, turned, a, b, c, finished = effect
    suit = SUITS[x]
    owners = state.game.owners
    tiles, lo, hi = state.tiles, state.lo, state.hi
    # The turned tiles cannot have turned again since, so their facing now is the new one.
    out: list[dict[str, Any]] = []
    for sq in squares_of(turned):
        facing = facing_of(lo, hi, sq)
        out.append({"kind": "rotate", "cell": SQUARE_NAMES[sq], "facing": FACINGS[facing],
                    "piece": tile_piece(owners, tiles[sq], facing)})
    if kind == MOVED:
        move = {"kind": "move", "from": SQUARE_NAMES[a], "to": SQUARE_NAMES[b], "piece": pawn_piece(owners, x),
                "suit": suit}
        if a == b:
            move["cause"] = "stay"
        out.append(move)
        out.append({"kind": "roll", "die": SUIT_NAMES[x], "value": c, "owner": owners[x], "suit": suit,
                    "cause": "countdown"})
    elif kind == SCORED:
        sq = SQUARE_NAMES[a]
        out.append({"kind": "place", "cell": sq, "piece": coin_piece(owners, x * 6 + b), "from_area": TIMER_AREAS[x],
                    "suit": suit, "cause": "score"})
        out.append({"kind": "score", "suit": suit, "player": owners[x], "points": c, "cell": sq,
                    "tile": tile_piece(owners, tiles[a], facing_of(lo, hi, a))})
    elif kind == HOLED:
        out.append({"kind": "place", "cell": HOLE_CELL, "piece": coin_piece(owners, x * 6 + b),
                    "from_area": TIMER_AREAS[x], "suit": suit, "cause": "hole"})
    else:
        out.append({"kind": "roll", "die": SUIT_NAMES[x], "value": b, "owner": owners[x], "suit": suit,
                    "cause": "feed", "coin": coin_piece(owners, x * 6 + b)})
    if finished:
        out.append({"kind": "eliminate", "player": owners[x], "suit": suit, "cause": "no coins left"})
    return out


def effect_from_json(state: DesfasesState, entries: Any) -> tuple | None:
    """The inverse of :func:`effects_to_json` for a saved state; entries that do not fit it raise ``NotationError``."""
    if entries == []:
        return None
    problem = f"last_effects {entries!r} do not describe a play that led to this position"
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise NotationError(problem)
    try:
        turned = 0
        rest = list(entries)
        while rest and rest[0].get("kind") == "rotate":
            turned |= BIT[SQUARE_INDEX[rest.pop(0)["cell"]]]
        action = rest[0]
        x = SUIT_INDEX[action["suit"]]
        kind = {"move": "move", "roll": "feed"}.get(action["kind"]) or action["cause"]
        finished = rest[-1].get("kind") == "eliminate"
        if kind == "move":
            frm, to = SQUARE_INDEX[action["from"]], SQUARE_INDEX[action["to"]]
            effect = (MOVED, x, turned, frm, to, state.dice[x], False)
            consistent = state.pawns[x] == to
        elif kind == "score":
            sq = SQUARE_INDEX[action["cell"]]
            coin = state.coins[sq]
            value = coin % 6
            effect = (SCORED, x, turned, sq, value, state.tiles[sq] % 6 + value, finished)
            consistent = coin // 6 == x and state.timers[x] < 0
        elif kind == "hole":
            value = action["piece"]["value"]
            effect = (HOLED, x, turned, -1, value, 0, finished)
            consistent = state.hole >> (x * 6 + value) & 1 and state.timers[x] < 0
        elif kind == "feed":
            effect = (FED, x, 0, -1, state.timers[x], 0, False)
            consistent = state.timers[x] >= 0
        else:
            raise ValueError(kind)
        if kind != "feed":  # the turned tiles are exactly the suit's tiles that were free before the play
            occupied, scored = state.occupied, state.scored
            if kind == "move":
                occupied = occupied & ~BIT[to] | BIT[frm]
            elif kind == "score":
                scored &= ~BIT[sq]
            consistent = consistent and turned == state.suit_masks[x] & ~(occupied | scored)
        if consistent and effects_to_json(state, effect) == entries:
            return effect
    except (KeyError, ValueError, TypeError, IndexError, AttributeError):
        pass
    raise NotationError(problem)


__all__ = ["FED", "HOLED", "MOVED", "SCORED", "effect_from_json", "effects_to_json", "structure_of"]
