"""Quin action application (§5, §7): the successor of a position after one action tuple.

``QuinState.play`` looks the move's action up (``movegen.py``) and calls ``ACTIONS[action[0]]``,
which builds the successor directly with ``rules.new_state`` (which then judges the end, §8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.games.quin.board import IS_HORIZON
from abstracta.games.quin.movegen import (
    A_DIAGONAL,
    A_GRAVITY,
    A_PASS,
    A_PLACE,
    A_RAISE,
    A_READY,
    A_REFLECT,
    A_REINFORCE,
    A_SLING,
    A_STEP,
    A_SWAP,
    A_TIME,
    FREE_MEMORY,
    FREE_RAISE,
    FREE_TIME,
)
from abstracta.games.quin.notation import E_FLASH, E_PUSH, E_REMOVED, E_REVEAL, E_SLING
from abstracta.games.quin.pieces import BOTH, CAPTURE, FLASH, PERIPHERAL, REVEALED, TIME, code
from abstracta.games.quin.rules import PLAY, SETUP, new_state

if TYPE_CHECKING:
    from abstracta.games.quin.rules import QuinState

# -- playing actions (§7.3) ------------------------------------------------------------------

def _flash(board: list[int], removed: list[list[int]], frm: int, to: int, attacker: int, effects: list) -> None:
    """The attacker (already lifted from ``frm``) flashes the defender on ``to`` (§7.1)."""
    defender = board[to]
    attacker |= REVEALED
    defender |= REVEALED
    result = FLASH[attacker & 7][defender & 7]
    effects.append((E_FLASH, to, frm, attacker, defender, result))
    if result == CAPTURE:
        board[to] = attacker
        removed[(defender >> 3) & 1][defender & 7] += 1
        effects.append((E_REMOVED, to, defender))
    elif result == BOTH:
        board[to] = 0
        removed[(defender >> 3) & 1][defender & 7] += 1
        removed[(attacker >> 3) & 1][attacker & 7] += 1
        effects.append((E_REMOVED, to, defender))
        effects.append((E_REMOVED, frm, attacker))
    else:
        board[to] = attacker
        board[frm] = defender


def _reveals(board: tuple[int, ...], squares) -> list:
    """Reveal entries for the unrevealed pieces on ``squares``, in square order (§10)."""
    return [(E_REVEAL, sq, board[sq]) for sq in sorted(squares) if board[sq] and not board[sq] & REVEALED]


def _play_move(state: QuinState, action: tuple) -> QuinState:
    """A straight move, a Peripheral diagonal or a slingshot (§6.2-§6.4)."""
    kind, frm, to = action[0], action[1], action[2]
    old = state.board
    piece = old[frm]
    target = old[to]
    if kind == A_STEP and not target and not (IS_HORIZON[to] and piece & 7 == PERIPHERAL):
        # The plain quiet step, the most common ply: no reveal, no flash.
        board = list(old)
        board[frm] = 0
        board[to] = piece
        return _end_turn(state, tuple(board), state.removed, False, ())
    reveal_squares = []
    if target:
        reveal_squares += [frm, to]
    elif kind != A_SLING:  # a Peripheral diagonal, or a Peripheral stopping on the Horizon
        reveal_squares.append(frm)
    if kind == A_SLING:
        reveal_squares.append(action[3])
    effects = _reveals(old, reveal_squares)
    board = list(old)
    if kind == A_SLING:
        # the slung piece, shown by the flash when it lands on one
        effects.append((E_SLING, frm, to, piece | REVEALED if target else piece, action[3]))
        board[action[3]] |= REVEALED
    board[frm] = 0
    if target:
        removed = [list(state.removed[0]), list(state.removed[1])]
        _flash(board, removed, frm, to, piece, effects)
        return _end_turn(state, tuple(board), (tuple(removed[0]), tuple(removed[1])), True, tuple(effects))
    if kind != A_SLING:  # a diagonal, or a Peripheral stopping on the Horizon, shows the Peripheral
        piece |= REVEALED
    board[to] = piece
    return _end_turn(state, tuple(board), state.removed, False, tuple(effects))


def _play_reflect(state: QuinState, action: tuple) -> QuinState:
    _, s, d, r = action
    old = state.board
    effects = _reveals(old, [r, s, d] if old[d] else [r])
    board = list(old)
    board[r] |= REVEALED
    piece = board[s]
    board[s] = 0
    removed = state.removed
    if old[d]:
        lists = [list(removed[0]), list(removed[1])]
        _flash(board, lists, s, d, piece, effects)
        removed = (tuple(lists[0]), tuple(lists[1]))
    else:
        board[d] = piece
    return _end_turn(state, tuple(board), removed, True, tuple(effects))


def _play_gravity(state: QuinState, action: tuple) -> QuinState:
    _, caster, pairs = action
    old = state.board
    effects = _reveals(old, [caster] + [v for v, _ in pairs])
    board = list(old)
    board[caster] |= REVEALED
    moved = [(d, old[v] | REVEALED) for v, d in pairs]
    for v, _ in pairs:
        board[v] = 0
    for d, piece in moved:
        board[d] = piece
    return _end_turn(state, tuple(board), state.removed, True, tuple(effects))


def _play_reinforce(state: QuinState, action: tuple) -> QuinState:
    p = state.side
    board = list(state.board)
    reserve = list(state.reserve[p])
    for kind, g in action[1]:
        board[g] = code(kind, p, False)
        reserve[kind] -= 1
    reserves = (tuple(reserve), state.reserve[1]) if p == 0 else (state.reserve[0], tuple(reserve))
    return _end_turn(state, tuple(board), state.removed, True, (), reserves)


def _play_pass(state: QuinState, action: tuple) -> QuinState:
    return _end_turn(state, state.board, state.removed, False, ())


def _end_turn(
    state: QuinState, board: tuple, removed: tuple, eventful: bool, effects: tuple, reserve: tuple | None = None
) -> QuinState:
    """§5 end of turn: count the turn, update the quiet count, clear the turn's flags, switch sides."""
    quiet = 0 if eventful or state.free else state.quiet + 1
    return new_state(
        state.game, board, 1 - state.side, PLAY, state.reserve if reserve is None else reserve, removed,
        state.memory, state.raised, 0, (), state.turns + 1, quiet, effects,
    )  # fmt: skip


def _play_time(state: QuinState, action: tuple) -> QuinState:
    _, q, d, time_square = action
    p = state.side
    old = state.board
    effects = _reveals(old, [time_square])
    board = list(old)
    pushed = old[q]
    board[q] = 0
    board[d] = pushed
    board[time_square] = 0
    effects.append((E_PUSH, q, d, pushed))
    effects.append((E_REMOVED, time_square, old[time_square] | REVEALED))
    removed = list(state.removed[p])
    removed[TIME] += 1
    removeds = (tuple(removed), state.removed[1]) if p == 0 else (state.removed[0], tuple(removed))
    return _free_action(
        state, tuple(board), removeds, state.memory, state.raised, FREE_TIME, state.locked, tuple(effects)
    )


def _play_swap(state: QuinState, action: tuple) -> QuinState:
    _, m, q = action
    p = state.side
    old = state.board
    effects = _reveals(old, [m])
    board = list(old)
    board[m] = old[q]
    board[q] = old[m] | REVEALED
    memory = (state.memory[0] + 1, state.memory[1]) if p == 0 else (state.memory[0], state.memory[1] + 1)
    locked = (m, q) if m < q else (q, m)
    return _free_action(state, tuple(board), state.removed, memory, state.raised, FREE_MEMORY, locked, tuple(effects))


def _play_raise(state: QuinState, action: tuple) -> QuinState:
    _, kind, g = action
    p = state.side
    board = list(state.board)
    board[g] = code(kind, p, True)
    removed = list(state.removed[p])
    removed[kind] -= 1
    removeds = (tuple(removed), state.removed[1]) if p == 0 else (state.removed[0], tuple(removed))
    raised = (1, state.raised[1]) if p == 0 else (state.raised[0], 1)
    return _free_action(state, tuple(board), removeds, state.memory, raised, FREE_RAISE, state.locked, ())


def _free_action(state, board, removed, memory, raised, flag, locked, effects) -> QuinState:
    """A free action (§5): the same player stays to move and no turn is counted."""
    return new_state(
        state.game, board, state.side, PLAY, state.reserve, removed, memory, raised, state.free | flag,
        locked, state.turns, state.quiet, effects,
    )  # fmt: skip


def _play_place(state: QuinState, action: tuple) -> QuinState:
    _, kind, sq = action
    p = state.side
    board = list(state.board)
    board[sq] = code(kind, p, False)
    reserve = list(state.reserve[p])
    reserve[kind] -= 1
    reserves = (tuple(reserve), state.reserve[1]) if p == 0 else (state.reserve[0], tuple(reserve))
    return new_state(state.game, tuple(board), p, SETUP, reserves, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ())


def _play_ready(state: QuinState, action: tuple) -> QuinState:
    if state.side == 0:
        return new_state(
            state.game, state.board, 1, SETUP, state.reserve, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ()
        )
    return new_state(state.game, state.board, 0, PLAY, state.reserve, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ())


ACTIONS = {
    A_STEP: _play_move,
    A_DIAGONAL: _play_move,
    A_SLING: _play_move,
    A_TIME: _play_time,
    A_SWAP: _play_swap,
    A_RAISE: _play_raise,
    A_REFLECT: _play_reflect,
    A_GRAVITY: _play_gravity,
    A_REINFORCE: _play_reinforce,
    A_PASS: _play_pass,
    A_PLACE: _play_place,
    A_READY: _play_ready,
}
ACTIONS = tuple(ACTIONS[i] for i in range(len(ACTIONS)))
