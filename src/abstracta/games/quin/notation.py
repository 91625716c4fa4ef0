"""Position notation (§9) and the checks ``parse`` makes (Q1-Q9); ``effects.py`` writes ``last_effects``.

A position is eleven space-separated fields; a player's view adds a twelfth, the viewer::

    a2v,a3s,...,l5l S play AAAA/aaaa -/- 0/0 0/0 - - 0 0
    board           side phase reserve removed memory raised free locked turns quiet [viewer]

In a view (§9.3) an unrevealed piece of the viewer's rival is written ``sq?`` and the
rival's reserve as a count. A spectator's view (viewer ``-``, our extension) hides both
sides; as a face-down piece still shows whose it is, it writes ``sq?S`` or ``sq?N``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from abstracta.core.board import CANONICAL_NUMBER
from abstracta.core.errors import NotationError
from abstracta.games.quin.board import (
    CENTRE,
    GATEWAYS,
    NUM_SQUARES,
    SETUP_SQUARES,
    SQUARE_INDEX,
    SQUARE_NAMES,
)
from abstracta.games.quin.pieces import (
    AL,
    KIND_INDEX,
    KIND_LETTERS,
    LIGHT,
    MEMORY,
    PIECE_COUNTS,
    REVEALED,
    code,
    letter,
)

if TYPE_CHECKING:
    from abstracta.games.quin.rules import QuinState

SEATS = ("S", "N")
PHASES = ("setup", "play")
FREE_LETTERS = ((1, "T"), (2, "M"), (4, "R"))
HIDDEN = -1  # kind of a piece a view does not show

# Raw effect tuples, as rules.py and apply.py record them; effects.py turns them into last_effects() entries.
E_REVEAL, E_SLING, E_FLASH, E_REMOVED, E_PUSH, E_WIN, E_DRAW = range(7)

_ENTRY = re.compile(r"([a-l][1-5]|o)(?:([LSARMTPVlsarmtpv])(\+?)|\?([SN]?))")
_PAIR = re.compile(r"([0-9])/([0-9])")
_FREE = re.compile(r"-|T?M?R?")


# -- writing ------------------------------------------------------------------------------

def half_text(counts: tuple[int, ...], owner: int) -> str:
    text = "".join(KIND_LETTERS[k] * n for k, n in enumerate(counts)) or "-"
    return text.lower() if owner and text != "-" else text


def free_text(free: int) -> str:
    return "".join(char for bit, char in FREE_LETTERS if free & bit) or "-"


def locked_text(locked: tuple[int, ...]) -> str:
    return ",".join(SQUARE_NAMES[sq] for sq in locked) or "-"


def counters_text(state) -> str:
    """Fields 6 to 11, the same in a position and in every view of it."""
    return (
        f"{state.memory[0]}/{state.memory[1]} {state.raised[0]}/{state.raised[1]} {free_text(state.free)} "
        f"{locked_text(state.locked)} {state.turns} {state.quiet}"
    )


_ENTRY_TEXT = {
    (sq, piece): name + letter(piece) + ("+" if piece & REVEALED else "")
    for sq, name in enumerate(SQUARE_NAMES)
    for piece in (code(kind, owner, revealed) for kind in range(8) for owner in (0, 1) for revealed in (False, True))
}
"""Board entries (``e3S+``) by (square, piece code), written once."""


def format_position(state: "QuinState") -> str:
    board = state.board
    entries = ",".join([_ENTRY_TEXT[sq, board[sq]] for sq in range(NUM_SQUARES) if board[sq]]) or "-"
    return (
        f"{entries} {SEATS[state.side]} {PHASES[state.phase]} "
        f"{half_text(state.reserve[0], 0)}/{half_text(state.reserve[1], 1)} "
        f"{half_text(state.removed[0], 0)}/{half_text(state.removed[1], 1)} {counters_text(state)}"
    )


# -- reading ------------------------------------------------------------------------------

@dataclass
class Fields:
    """A parsed position or view. ``board[sq]`` is a piece code, 0, or for a hidden piece
    ``-1 - owner``; a hidden reserve is an int count instead of a tuple of counts."""

    board: list[int]
    side: int
    phase: int
    reserve: list[Any]
    removed: tuple[tuple[int, ...], tuple[int, ...]]
    memory: tuple[int, int]
    raised: tuple[int, int]
    free: int
    locked: tuple[int, ...]
    turns: int
    quiet: int
    viewer: int | None  # None: a full position; 0 or 1: that player's view; -1: a spectator's

    def state_args(self) -> tuple:
        return (
            tuple(self.board), self.side, self.phase, tuple(self.reserve), self.removed, self.memory,
            self.raised, self.free, self.locked, self.turns, self.quiet,
        )  # fmt: skip


def hidden_code(owner: int) -> int:
    return -1 - owner


def _number(text: str, what: str) -> int:
    if not CANONICAL_NUMBER.fullmatch(text):
        raise NotationError(
            f"Q1 syntax: {what} {text!r} is not a canonical number (digits only, no sign, no leading zeros)"
        )
    return int(text)


def _half(text: str, owner: int, what: str) -> tuple[int, ...]:
    counts = [0] * 8
    if text == "-":
        return tuple(counts)
    if not text:
        raise NotationError(f"Q1 syntax: {what} has an empty half; write '-' for a half with no pieces")
    for char in text:
        if char.upper() not in KIND_INDEX or (char.islower() if owner == 0 else char.isupper()):
            case = "uppercase" if owner == 0 else "lowercase"
            raise NotationError(f"Q1 syntax: {what} {text!r}: {char!r} is not a {case} kind letter of LSARMTPV")
        counts[KIND_INDEX[char.upper()]] += 1
    return tuple(counts)


def _pair(text: str, what: str, high: int) -> tuple[int, int]:
    match = _PAIR.fullmatch(text)
    if not match or int(match[1]) > high or int(match[2]) > high:
        raise NotationError(f"Q1 syntax: {what} {text!r} must be 'd/d' with each d from 0 to {high}")
    return int(match[1]), int(match[2])


def parse_fields(text: Any) -> Fields:
    """Read a position or a view, raising ``NotationError`` naming the field or check that fails."""
    if not isinstance(text, str):
        raise NotationError(f"a position is a string, got {type(text).__name__}")
    fields = text.strip().split(" ")
    if len(fields) not in (11, 12):
        raise NotationError(
            f"Q1 syntax: position {text.strip()!r} has {len(fields)} fields, expected 11 separated by single spaces "
            "(board side phase reserve removed memory raised free locked turns quiet), or 12 for a view"
        )
    viewer = None
    if len(fields) == 12:
        if fields[11] not in ("S", "N", "-"):
            raise NotationError(f"Q1 syntax: viewer {fields[11]!r} must be 'S', 'N' or '-' (a spectator)")
        viewer = SEATS.index(fields[11]) if fields[11] != "-" else -1
    board_f, side_f, phase_f, reserve_f, removed_f, memory_f, raised_f, free_f, locked_f, turns_f, quiet_f = fields[:11]

    board = [0] * NUM_SQUARES
    if board_f != "-":
        for entry in board_f.split(","):
            match = _ENTRY.fullmatch(entry)
            if not match:
                raise NotationError(
                    f"Q1 syntax: board entry {entry!r} is not a square (a1..l5 or o) followed by a piece letter "
                    "and an optional '+'" + (", or '?'" if viewer is not None else "")
                )
            sq = SQUARE_INDEX[match[1]]
            if board[sq]:
                raise NotationError(f"Q1 syntax: square {match[1]} is listed twice on the board")
            if match[2]:
                board[sq] = code(KIND_INDEX[match[2].upper()], int(match[2].islower()), bool(match[3]))
                continue
            if viewer is None:
                raise NotationError(f"Q1 syntax: board entry {entry!r}: '?' is only allowed in a view (12 fields)")
            if viewer == -1:
                if not match[4]:
                    raise NotationError(
                        f"Q1 syntax: board entry {entry!r}: a spectator's view writes a hidden piece as sq?S or sq?N"
                    )
                board[sq] = hidden_code(SEATS.index(match[4]))
            else:
                if match[4]:
                    raise NotationError(
                        f"Q1 syntax: board entry {entry!r}: a player's view writes a hidden piece as {match[1]}?"
                    )
                board[sq] = hidden_code(1 - viewer)

    if side_f not in SEATS:
        raise NotationError(f"Q1 syntax: side {side_f!r} must be 'S' (South) or 'N' (North)")
    side = SEATS.index(side_f)
    if phase_f not in PHASES:
        raise NotationError(f"Q1 syntax: phase {phase_f!r} must be 'setup' or 'play'")
    phase = PHASES.index(phase_f)

    halves = reserve_f.split("/")
    if len(halves) != 2:
        raise NotationError(f"Q1 syntax: reserve {reserve_f!r} must be two halves 'South/North'")
    reserve: list[Any] = []
    for owner, half in enumerate(halves):
        if viewer is not None and viewer != owner:
            reserve.append(_number(half, f"{SEATS[owner]}'s hidden reserve count"))
        else:
            reserve.append(_half(half, owner, "reserve"))
    halves = removed_f.split("/")
    if len(halves) != 2:
        raise NotationError(f"Q1 syntax: removed {removed_f!r} must be two halves 'South/North'")
    removed = (_half(halves[0], 0, "removed"), _half(halves[1], 1, "removed"))
    memory = _pair(memory_f, "memory", 2)
    raised = _pair(raised_f, "raised", 1)
    if not _FREE.fullmatch(free_f) or free_f == "":
        raise NotationError(f"Q1 syntax: free {free_f!r} must be '-' or letters of 'TMR' in that order")
    free = sum(bit for bit, char in FREE_LETTERS if char in free_f)
    locked: tuple[int, ...] = ()
    if locked_f != "-":
        squares = locked_f.split(",")
        if len(squares) != 2 or any(s not in SQUARE_INDEX for s in squares) or squares[0] == squares[1]:
            raise NotationError(f"Q1 syntax: locked {locked_f!r} must be '-' or two different squares 'sq,sq'")
        locked = tuple(sorted(SQUARE_INDEX[s] for s in squares))
    turns = _number(turns_f, "turns")
    quiet = _number(quiet_f, "quiet")

    fields_ = Fields(board, side, phase, reserve, removed, memory, raised, free, locked, turns, quiet, viewer)
    check(fields_)
    return fields_


# -- the checks (§9.2), named Q2-Q9 ----------------------------------------------------------

def check(f: Fields) -> None:
    board = f.board
    # Q2: piece totals per owner and kind (with hidden pieces: what is known fits, the rest adds up).
    for owner in (0, 1):
        known = [0] * 8
        hidden = 0
        for piece in board:
            if piece > 0 and (piece >> 3) & 1 == owner:
                known[piece & 7] += 1
            elif piece == hidden_code(owner):
                hidden += 1
        for kind, n in enumerate(f.removed[owner]):
            known[kind] += n
        reserve = f.reserve[owner]
        if isinstance(reserve, int):
            hidden += reserve
        else:
            for kind, n in enumerate(reserve):
                known[kind] += n
        name = SEATS[owner]
        for kind, n in enumerate(known):
            if n > PIECE_COUNTS[kind] or (not hidden and n != PIECE_COUNTS[kind]):
                raise NotationError(
                    f"Q2 piece totals: {name} has {n} {KIND_LETTERS[kind]} on the board, in reserve and removed, "
                    f"but owns exactly {PIECE_COUNTS[kind]}"
                )
        if hidden and hidden != sum(PIECE_COUNTS) - sum(known):
            raise NotationError(
                f"Q2 piece totals: {name} has {sum(known)} known pieces and {hidden} hidden ones, "
                f"but owns exactly {sum(PIECE_COUNTS)}"
            )
    # Q3: at most one way the game ended.
    centre = board[CENTRE]
    endings = [f.removed[0][LIGHT] > 0, f.removed[1][LIGHT] > 0, centre > 0 and centre & 7 == LIGHT]
    if sum(endings) > 1:
        raise NotationError(
            "Q3 Light endings: more than one of 'South's Light removed', 'North's Light removed', 'a Light on o' holds"
        )
    if f.phase == 0:
        _check_setup(f)
    else:
        _check_play(f)


def _owner(piece: int) -> int:
    return (piece >> 3) & 1 if piece > 0 else -1 - piece


def _check_setup(f: Fields) -> None:
    for sq, piece in enumerate(f.board):
        if not piece:
            continue
        owner, name = _owner(piece), SQUARE_NAMES[sq]
        if piece > 0:
            if piece & 7 == AL:
                raise NotationError(f"Q4 setup: an Artificial Light on {name}; ALs enter only by Reinforcement")
            if piece & REVEALED:
                raise NotationError(f"Q4 setup: the piece on {name} is revealed; setup places pieces face down")
            if piece & 7 == LIGHT and sq not in GATEWAYS[owner]:
                raise NotationError(f"Q4 setup: {SEATS[owner]}'s Light on {name} is not on one of its Gateways")
        if sq not in SETUP_SQUARES[owner]:
            raise NotationError(f"Q4 setup: {SEATS[owner]}'s piece on {name} is outside rings 2-5 of its own side")
        if owner == 1 and f.side == 0:
            raise NotationError(f"Q5 setup order: North has a piece on {name}, but South is still placing")
    if (any(f.removed[0]) or any(f.removed[1]) or f.memory != (0, 0) or f.raised != (0, 0) or f.free
            or f.locked or f.turns or f.quiet):  # fmt: skip
        raise NotationError(
            "Q6 setup counters: removed, memory, raised, free, locked, turns and quiet must be "
            "-/- 0/0 0/0 - - 0 0 during setup"
        )


def _check_play(f: Fields) -> None:
    side = f.side
    memory_used, time_used, raise_used = f.free & 2, f.free & 1, f.free & 4
    if f.locked and not memory_used:
        raise NotationError("Q7 lock: locked squares are given but no Memory swap was made this turn (no M in free)")
    if memory_used:
        if not f.locked:
            raise NotationError("Q7 lock: M in free needs the two squares the swap locked")
        pieces = [f.board[sq] for sq in f.locked]
        memory_here = [p > 0 and p & 7 == MEMORY and _owner(p) == side for p in pieces]
        if not any(memory_here):
            raise NotationError(f"Q7 lock: neither locked square holds {SEATS[side]}'s Memory")
        other = pieces[1] if memory_here[0] else pieces[0]
        if other == 0 and not time_used:
            raise NotationError(
                "Q7 lock: a locked square is empty, which only a Time used after the swap explains (no T in free)"
            )
        if other and _owner(other) != side:
            raise NotationError(f"Q7 lock: a locked square holds a piece that is not {SEATS[side]}'s")
        if f.memory[side] == 0:
            raise NotationError(f"Q8 memory: M in free but {SEATS[side]}'s memory count is 0")
    if raise_used and f.raised[side] == 0:
        raise NotationError(f"Q9 raised: R in free but {SEATS[side]}'s raised flag is 0")
