"""Reflec action application (§5, §7): the successor of a position after one action.

``ReflecState.play`` looks the move up in ``board.MOVE_TABLE`` and calls :func:`drop_round` or
:func:`act`, which check it against the position in O(1) and build the successor directly
(``_copy``, then only the fields that changed); a shot's effects and the turn's end follow.
"""

from __future__ import annotations

from typing import Any

from abstracta.games.reflec.board import (
    CELL_CODES,
    DIRECTIONS,
    DROP,
    END,
    END_MOVE,
    FIRE,
    LASER_BASE,
    LASER_MOVE,
    SPIN,
    SQUARE_NAMES,
    STEP,
    SUIT_LETTERS,
    SWAP,
    coin,
    laser,
    pair_code,
)
from abstracta.games.reflec.rules import EMPTY_SET, FULL_DIE_TILE_POINTS, MAX_DIE, PLAY_PHASE, TILE_POINTS, ReflecState
from abstracta.games.reflec.structure import piece_of


# -- the drop round (§5.1) ---------------------------------------------
def drop_round(state: ReflecState, compact: tuple) -> ReflecState | None:
    """The successor after a drop of the drop round, or None when it is not legal here."""
    kind, square, _, facing, suit, _ = compact
    acting = state.acting
    if kind != DROP or suit != acting or state.board[square]:
        return None
    game = state.game
    board = state.board
    child = _copy(state, board[:square] + (coin(acting, facing),) + board[square + 1 :], state.tiles, state.dice)
    child.occ = state.occ | 1 << square
    off = state.off
    child.off = off = off[:acting] + (off[acting] - 1,) + off[acting + 1 :]
    if any(off):
        child.acting = (acting + 1) % game.suits
        child.seat = SUIT_LETTERS[child.acting]
        child.player = game.owner[child.acting]
    else:
        child.phase = PLAY_PHASE
        _start_turn(child, 0)
    return child


# -- regular play (§5.2, §6.2) -----------------------------------------
def act(state: ReflecState, compact: tuple) -> ReflecState | None:
    """The successor after ``compact``, or None when it is not legal here."""
    kind, a, b, facing, suit, cost = compact
    acting = state.acting
    tiles = state.tiles
    die = state.dice[acting]
    if cost > tiles + die:
        return None
    if kind == END:
        if tiles and state.moves() != [END_MOVE]:
            return None
        child = _copy(state, state.board, tiles, state.dice)
        _end_turn(child)
        return child
    # Pay tile points first, then die points (§5.2 step 2).
    paid_by_tiles = cost if cost <= tiles else tiles
    dice = state.dice
    if cost > tiles:
        dice = dice[:acting] + (die - cost + tiles,) + dice[acting + 1 :]
    tiles -= paid_by_tiles
    board = state.board
    player = state.game.owner[acting]
    locked = state.locked
    if kind == FIRE:
        return _fire(state, facing, tiles, dice)
    if kind == LASER_MOVE:
        if board[a] != LASER_BASE + acting or board[b]:
            return None
        cells = list(board)
        cells[a], cells[b] = 0, cells[a]
        child = _copy(state, tuple(cells), tiles, dice)
        child.occ = state.occ ^ (1 << a | 1 << b)
        lasers = state.lasers
        child.lasers = lasers[:acting] + (b,) + lasers[acting + 1 :]
        return child
    handle, swap_ok, droppable = state.game.context(player, state.neutral)
    neutral = state.neutral
    if kind == DROP:
        if suit not in droppable or not state.off[suit] or board[a]:
            return None
        child = _copy(state, board[:a] + (coin(suit, facing),) + board[a + 1 :], tiles, dice)
        child.occ = state.occ | 1 << a
        off = state.off
        child.off = off[:suit] + (off[suit] - 1,) + off[suit + 1 :]
        if neutral >> suit & 1:
            child.touched = state.touched | {a}
        return child
    cell = board[a]
    if locked and a in locked:
        return None
    if kind == SWAP:
        other = board[b]
        if not swap_ok[cell * CELL_CODES + other] or b in locked or pair_code(a, b) in state.swaps[player]:
            return None
        # The suits trade squares; each square keeps its facing (§6.2).
        cells = list(board)
        cells[a] = (other - 1) // 4 * 4 + (cell - 1) % 4 + 1
        cells[b] = (cell - 1) // 4 * 4 + (other - 1) % 4 + 1
        child = _copy(state, tuple(cells), tiles, dice)
        code = pair_code(a, b)
        game = state.game
        destroyed = state.destroyed
        child.swaps = tuple(
            record if game.is_eliminated(p, destroyed) else record | {code} for p, record in enumerate(state.swaps)
        )
        if neutral or state.touched:
            touched = state.touched - {a, b}
            if neutral >> ((cells[a] - 1) >> 2) & 1:
                touched |= {a}
            if neutral >> ((cells[b] - 1) >> 2) & 1:
                touched |= {b}
            child.touched = touched
        return child
    if not handle[cell]:
        return None
    if kind == SPIN:
        if (cell - 1) & 3 == facing:
            return None
        child = _copy(state, board[:a] + (cell - (cell - 1) % 4 + facing,) + board[a + 1 :], tiles, dice)
        if neutral >> ((cell - 1) >> 2) & 1:
            child.touched = state.touched | {a}
        return child
    # COIN_MOVE
    if board[b]:
        return None
    cells = list(board)
    cells[a] = 0
    cells[b] = cell - (cell - 1) % 4 + facing
    child = _copy(state, tuple(cells), tiles, dice)
    child.occ = state.occ ^ (1 << a | 1 << b)
    if neutral or state.touched:
        touched = state.touched - {a}
        if neutral >> ((cell - 1) >> 2) & 1:
            touched |= {b}
        child.touched = touched
    return child


# -- fire (§7) ----------------------------------------------------------
def _fire(state: ReflecState, direction: int, tiles: int, dice: tuple) -> ReflecState:
    board = state.board
    acting = state.acting
    origin = state.lasers[acting]
    position = origin
    heading = direction
    path: list[int] = []
    hits: list[int] = []
    hit_set: set[int] = set()
    stop = "edge"
    while True:
        position = STEP[heading][position]
        if position < 0:
            break
        path.append(position)
        cell = board[position]
        if not cell:
            continue
        if cell >= LASER_BASE:
            stop = "laser"
            break
        if position in hit_set:
            stop = "loop"
            break
        hits.append(position)
        hit_set.add(position)
        heading = (cell - 1) & 3
    effects: list[dict[str, Any]] = [
        {
            "kind": "beam",
            "suit": SUIT_LETTERS[acting],
            "from": SQUARE_NAMES[origin],
            "dir": DIRECTIONS[direction],
            "path": [SQUARE_NAMES[s] for s in path],
            "hits": [SQUARE_NAMES[s] for s in hits],
            "stop": stop,
        }
    ]
    child = _copy(state, board, tiles, dice)
    child._effects = effects
    if stop == "loop":
        _remove_loop(child, hits[hits.index(position) :], effects)
    elif stop == "laser":
        _destroy_laser(child, position, effects)
    return child


# -- building successors -------------------------------------------------
def _copy(state: ReflecState, board: tuple, tiles: int, dice: tuple) -> ReflecState:
    """A successor sharing every field but those given; callers then set what else changed."""
    child = object.__new__(ReflecState)
    child.game = state.game
    child.board = board
    child.occ = state.occ
    child.lasers = state.lasers
    child.dice = dice
    child.off = state.off
    child.destroyed = state.destroyed
    child.neutral = state.neutral
    child.acting = state.acting
    child.phase = state.phase
    child.tiles = tiles
    child.turns = state.turns
    child.swaps = state.swaps
    child.locked = state.locked
    child.touched = state.touched
    child.winner = None
    child.player = state.player
    child.seat = state.seat
    child.over = False
    child._moves = None
    child._effects = ()
    return child


# -- turn structure (§5.2) ---------------------------------------------------------------------
def _start_turn(state: ReflecState, suit: int) -> None:
    """Step 1: raise the die (or take the fourth tile point at a full die)."""
    state.acting = suit
    state.player = state.game.owner[suit]
    state.seat = SUIT_LETTERS[suit]
    die = state.dice[suit]
    if die < MAX_DIE:
        state.dice = state.dice[:suit] + (die + 1,) + state.dice[suit + 1 :]
        state.tiles = TILE_POINTS
    else:
        state.tiles = FULL_DIE_TILE_POINTS


def _end_turn(state: ReflecState) -> None:
    """Step 4, the end-of-turn procedure, applied to a fresh successor."""
    game = state.game
    state.turns += 1
    player = game.owner[state.acting]
    if state.swaps[player]:
        state.swaps = state.swaps[:player] + (EMPTY_SET,) + state.swaps[player + 1 :]
    state.locked = state.touched
    state.touched = EMPTY_SET
    suit = state.acting
    destroyed = state.destroyed
    while True:
        suit = (suit + 1) % game.suits
        if not destroyed >> suit & 1:
            break
    _start_turn(state, suit)
    if game.max_turns is not None and state.turns >= game.max_turns:
        state.over = True
        state.player = state.seat = None
        state._effects = list(state._effects) + [
            {"kind": "end", "reason": "turn limit", "winners": [], "turns": state.turns}
        ]


# -- effects of a shot (§7.2, §7.3) ------------------------------------------------------------
def _remove_loop(state: ReflecState, loop: list[int], effects: list[dict[str, Any]]) -> None:
    cells = list(state.board)
    off = list(state.off)
    for square in loop:
        cell = cells[square]
        effects.append(
            {"kind": "remove", "cell": SQUARE_NAMES[square], "piece": piece_of(state.game, cell, state.destroyed),
             "cause": "loop"}
        )
        off[(cell - 1) >> 2] += 1
        cells[square] = 0
        state.occ ^= 1 << square
    state.board = tuple(cells)
    state.off = tuple(off)
    if state.locked:
        state.locked = state.locked.difference(loop)
    if state.touched:
        state.touched = state.touched.difference(loop)


def _destroy_laser(state: ReflecState, square: int, effects: list[dict[str, Any]]) -> None:
    game = state.game
    suit = state.board[square] - LASER_BASE
    laser_piece = piece_of(game, LASER_BASE + suit, state.destroyed)  # its owner before it is gone
    state.board = state.board[:square] + (0,) + state.board[square + 1 :]
    state.occ ^= 1 << square
    state.lasers = state.lasers[:suit] + (-1,) + state.lasers[suit + 1 :]
    state.destroyed |= 1 << suit
    state.neutral = game.neutral_mask(state.destroyed)
    effects.append(
        {"kind": "remove", "cell": SQUARE_NAMES[square], "piece": laser_piece, "cause": "beam"}
    )
    owner = game.owner[suit]
    if game.is_eliminated(owner, state.destroyed):
        state.swaps = state.swaps[:owner] + (EMPTY_SET,) + state.swaps[owner + 1 :]
        effects.append(
            {"kind": "eliminate", "player": owner, "suits": [SUIT_LETTERS[y] for y in game.player_suits[owner]]}
        )
    alive = game.players_left(state.destroyed)
    if len(alive) == 1:  # §7.3 step 3: the game ends at once, frozen mid-turn
        state.winner = alive[0]
        state.over = True
        state.player = state.seat = None
        effects.append({"kind": "end", "reason": "last player left", "winners": [alive[0]]})
    elif suit == state.acting:
        _end_turn(state)
