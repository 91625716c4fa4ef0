"""Position notation (§9) and the checks ``parse`` makes (V1-V6); ``structure.py`` has ``last_effects`` (§10).

A position is six space-separated fields::

    6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0
    board (ranks 6..1)            side, Red reserve, Blue reserve, pending roll, placements made
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from abstracta.core.board import CANONICAL_NUMBER, decode_row, encode_row
from abstracta.core.errors import NotationError
from abstracta.games.strategic_reserve.board import (
    ROLL_INDEX,
    ROLL_OUTCOMES,
    ROLL_TARGET_BIT,
    SIZE,
    SQUARE_NAMES,
    border,
    groups_containing,
    square_names_of,
)

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserve, StrategicReserveState

SIDE_LETTERS = ("r", "b")
_PENDING = re.compile(r"-|[1-6],[1-6]")


def format_position(state: "StrategicReserveState") -> str:
    rows = []
    for rank in reversed(range(SIZE)):
        cells = []
        for file in range(SIZE):
            bit = 1 << (file * SIZE + rank)
            cells.append("R" if state.red & bit else "B" if state.blue & bit else None)
        rows.append(encode_row(cells))
    pending = "-" if state.pending < 0 else ROLL_OUTCOMES[state.pending]
    return (
        f"{'/'.join(rows)} {SIDE_LETTERS[state.side]} {state.red_reserve} {state.blue_reserve} {pending} {state.count}"
    )


def _number(field: str, what: str) -> int:
    if not CANONICAL_NUMBER.fullmatch(field):
        raise NotationError(f"{what} {field!r} is not a canonical number (digits only, no sign, no leading zeros)")
    return int(field)


def parse_position(game: "StrategicReserve", text: Any) -> tuple[int, int, int, int, int, int, int]:
    """Read a position, returning ``(red, blue, red_reserve, blue_reserve, side, pending, count)``.

    Raises :class:`NotationError` naming the broken field or failed check.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is a string, got {type(text).__name__}")
    fields = text.strip().split(" ")
    if len(fields) != 6:
        raise NotationError(
            f"position {text.strip()!r} has {len(fields)} fields, expected 6 separated by single spaces: "
            "board side red_reserve blue_reserve pending count"
        )
    board_field, side_field, red_field, blue_field, pending_field, count_field = fields

    ranks = board_field.split("/")
    if len(ranks) != SIZE:
        raise NotationError(f"board {board_field!r} has {len(ranks)} ranks, expected {SIZE} separated by '/'")
    red = blue = 0
    for row_index, row in enumerate(ranks):
        rank = SIZE - 1 - row_index
        try:
            cells = decode_row(row, SIZE, "RB")
        except ValueError as error:
            raise NotationError(f"rank {rank + 1}: {error}") from None
        for file, cell in enumerate(cells):
            if cell == "R":
                red |= 1 << (file * SIZE + rank)
            elif cell == "B":
                blue |= 1 << (file * SIZE + rank)

    if side_field not in SIDE_LETTERS:
        raise NotationError(f"side {side_field!r} must be 'r' (Red) or 'b' (Blue)")
    side = SIDE_LETTERS.index(side_field)
    red_reserve = _number(red_field, "Red reserve")
    blue_reserve = _number(blue_field, "Blue reserve")
    if not _PENDING.fullmatch(pending_field):
        raise NotationError(f"pending roll {pending_field!r} must be '-' or 'p,g' with p and g from 1 to 6")
    pending = -1 if pending_field == "-" else ROLL_INDEX[pending_field]
    count = _number(count_field, "placement count")

    # V0: a smaller board (the variant's ``board`` option) is the central block only.
    off_block = (red | blue) & ~game.playable
    if off_block:
        raise NotationError(
            f"V0: checkers on {' '.join(square_names_of(off_block))}, off the central {game.board} block "
            "this game is played on"
        )
    if pending >= 0 and not game.roll_allowed[pending]:
        raise NotationError(f"V0: roll {pending_field} cannot happen on board {game.board}")
    # V1: checkers are conserved.
    total = game.checkers_per_colour
    for name, on_board, reserve in (("Red", red.bit_count(), red_reserve), ("Blue", blue.bit_count(), blue_reserve)):
        if on_board + reserve != total:
            raise NotationError(
                f"V1: {name} has {on_board} on the board and {reserve} in reserve, "
                f"but must have {total} in all ({total - game.options['reserve']} + reserve={game.options['reserve']})"
            )
    # V2: Red makes the odd-numbered placements, so parity fixes the side to move.
    if side != count % 2:
        raise NotationError(f"V2: after {count} placements the side to move is {'rb'[count % 2]!r}, not {side_field!r}")
    # V3: the placement limit.
    max_turns = game.max_turns
    if max_turns is not None and count > max_turns:
        raise NotationError(f"V3: count {count} exceeds max_turns={max_turns}")
    # V4: only the winner's reserve can be empty, and the winner has just moved.
    if red_reserve == 0 and blue_reserve == 0:
        raise NotationError("V4: both reserves are 0; only the winner's reserve can be empty")
    if (red_reserve, blue_reserve)[side] == 0:
        raise NotationError(f"V4: {('Red', 'Blue')[side]}'s reserve is 0 (they won), yet they are to move")
    # V5: a finished game has no pending roll.
    over = red_reserve == 0 or blue_reserve == 0 or count == max_turns
    if over and pending >= 0:
        raise NotationError(f"V5: the game is over, yet roll {pending_field} is pending")
    # V6: a pending roll would already have removed what it hit.
    if pending >= 0:
        target = ROLL_TARGET_BIT[side][pending]
        mine, theirs = (red, blue) if side == 0 else (blue, red)
        target_name = SQUARE_NAMES[target.bit_length() - 1]
        if target & theirs:
            raise NotationError(f"V6: roll {pending_field} hits the enemy checker on {target_name}, which it would have removed")
        if target & mine:
            touching = border(groups_containing(target, mine)) & theirs
            if touching:
                raise NotationError(
                    f"V6: roll {pending_field} hits the group of {target_name}, yet enemy checkers on "
                    f"{' '.join(square_names_of(touching))} still touch it"
                )
    return red, blue, red_reserve, blue_reserve, side, pending, count
