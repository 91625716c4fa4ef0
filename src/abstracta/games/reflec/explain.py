"""Why Reflec refuses a move: the first rule of §5-§6 the move breaks, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.games.reflec.board import (
    CELL_CODES,
    CELL_TOKENS,
    DIRECTIONS,
    DROP,
    END,
    LASER_BASE,
    LASER_MOVE,
    MOVE_TABLE,
    SPIN,
    SQUARE_NAMES,
    SUIT_LETTERS,
    SWAP,
    KIND_NAMES,
    laser,
)
from abstracta.games.reflec.rules import DROP_PHASE

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import ReflecState


def why_illegal(state: ReflecState, move: object) -> str:
    """The reason ``move`` is refused, quoting the move (not the position: a reader has it already)."""
    if not isinstance(move, str):
        return f"illegal move {move!r}: a move is a string such as 'c3-c4e', '*n' or 'end'"
    if state.over:
        return f"illegal move {move!r}: the game is over"
    compact = MOVE_TABLE.get(move)
    if compact is None:
        return (
            f"illegal move {move!r}: not a Reflec move (move coin c3-c4e, move laser a1-a2, "
            "spin c3=w, drop M@e5s, swap c3xc4, fire *n, end)"
        )
    return f"illegal move {move!r}: {_reason(state, compact)}"

def _reason(state: ReflecState, compact: tuple) -> str:
    kind, a, b, facing, suit, cost = compact
    game = state.game
    acting = state.acting
    letter = SUIT_LETTERS[acting]
    if suit >= game.suits:
        return f"there is no suit {SUIT_LETTERS[suit]} with {game.players} players"
    if state.phase == DROP_PHASE:
        if kind != DROP or suit != acting:
            return f"in the drop round {letter} may only drop its own coins ({letter}@<square><facing>)"
        return f"{SQUARE_NAMES[a]} is not empty"
    budget = state.tiles + state.dice[acting]
    if kind == END:
        return f"{state.tiles} tile point(s) must still be spent this turn"
    if cost > budget:
        return f"a {KIND_NAMES[kind]} costs {cost} and {letter} has {budget} point(s) ({state.tiles} tile + die)"
    board = state.board
    player = game.owner[acting]
    handle, swap_ok, droppable = game.context(player, state.neutral)
    if kind == LASER_MOVE:
        if board[a] != laser(acting):
            return f"{SQUARE_NAMES[a]} does not hold {letter}'s laser"
        return f"{SQUARE_NAMES[b]} is not empty"
    if kind == DROP:
        if suit not in droppable:
            return f"{SUIT_LETTERS[suit]} coins are neither yours nor neutral"
        if not state.off[suit]:
            return f"{SUIT_LETTERS[suit]} has no coin off the board"
        return f"{SQUARE_NAMES[a]} is not empty"
    if not 0 < board[a] < LASER_BASE:
        return f"{SQUARE_NAMES[a]} holds no coin"
    if a in state.locked:
        return f"the neutral coin on {SQUARE_NAMES[a]} was acted on last turn and is locked"
    if kind == SWAP:
        if not 0 < board[b] < LASER_BASE:
            return f"{SQUARE_NAMES[b]} holds no coin"
        if b in state.locked:
            return f"the neutral coin on {SQUARE_NAMES[b]} was acted on last turn and is locked"
        if not swap_ok[board[a] * CELL_CODES + board[b]]:
            return (
                f"a swap needs coins of different controllers, one of them yours or neutral, or two "
                f"neutral coins of different suits: {CELL_TOKENS[board[a]]} and {CELL_TOKENS[board[b]]} are not"
            )
        return f"{SQUARE_NAMES[a]} and {SQUARE_NAMES[b]} were swapped since the end of your last turn"
    if not handle[board[a]]:
        return f"the coin on {SQUARE_NAMES[a]} ({CELL_TOKENS[board[a]]}) is neither yours nor neutral"
    if kind == SPIN:
        return f"the coin on {SQUARE_NAMES[a]} already faces {DIRECTIONS[facing]}"
    return f"{SQUARE_NAMES[b]} is not empty"

