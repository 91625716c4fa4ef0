"""Reflec move generation (§5.1, §6): every legal move of a position, as sorted strings.

``ReflecState.moves`` calls :func:`generate_moves` once per state and caches the tuple. It walks
the 64 squares once, extending the list with the precomputed string tuples of ``board.py``
(already in sorted order), so the list needs no sort.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from abstracta.games.reflec.board import (
    CELL_CODES,
    COIN_SEGMENTS,
    DROP_MOVES,
    END_MOVE,
    FIRE_MOVES,
    LASER_BASE,
    LASER_SEGMENTS,
    NEIGHBOUR_BITS,
    SQUARES,
    SWAP_PARTNERS,
)
from abstracta.games.reflec.rules import DROP_PHASE

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import ReflecState


def generate_moves(state: ReflecState) -> tuple[str, ...]:
    """Every legal move of ``state`` (§5.1, §6), already in ``sorted()`` order."""
    if state.over:
        return ()
    board = state.board
    acting = state.acting
    if state.phase == DROP_PHASE:  # §6.1: the acting suit's own coins only
        drops = DROP_MOVES[acting]
        return tuple(text for s in range(SQUARES) if not board[s] for text in drops[s])
    tiles = state.tiles
    budget = tiles + state.dice[acting]
    if budget == 0:
        return (END_MOVE,)
    player = state.game.owner[acting]
    handle, swap_ok, droppable = state.game.context(player, state.neutral)
    out: list[str] = []
    extend = out.extend
    if budget >= 3:
        extend(FIRE_MOVES)
    can_pay_two = budget >= 2
    if can_pay_two:
        off = state.off
        empties = None
        for y in droppable:
            if off[y]:
                if empties is None:
                    empties = [s for s in range(SQUARES) if not board[s]]
                drops = DROP_MOVES[y]
                for s in empties:
                    extend(drops[s])
    occ = state.occ
    locked = state.locked
    record = state.swaps[player]
    own_laser = LASER_BASE + acting
    for s in range(SQUARES):
        cell = board[s]
        if not cell:
            continue
        if cell >= LASER_BASE:
            if cell == own_laser:
                extend(LASER_SEGMENTS[s][occ & NEIGHBOUR_BITS[s]])
            continue
        if locked and s in locked:
            continue
        if handle[cell]:
            extend(COIN_SEGMENTS[s][occ & NEIGHBOUR_BITS[s]][(cell - 1) & 3])
        if can_pay_two:
            row = cell * CELL_CODES
            for t, text in SWAP_PARTNERS[s]:
                if (
                    swap_ok[row + board[t]]
                    and not (locked and t in locked)
                    and not (record and s * SQUARES + t in record)
                ):
                    out.append(text)
    if tiles == 0:
        out.insert(bisect_left(out, END_MOVE), END_MOVE)
    elif not out:  # §5.2 step 3: tile points left but nothing to spend them on
        out.append(END_MOVE)
    return tuple(out)
