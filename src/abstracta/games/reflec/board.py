"""Reflec geometry (rules §2, §6): squares, pieces as small ints, and every table built at import.

Squares are ints ``file * 8 + rank`` (``a1`` = 0, ``a2`` = 1, ..., ``h8`` = 63). That is also the
order Python sorts the names in, so walking the board by index visits moves in ``sorted()`` order.

A board is a tuple of 64 cell codes::

    0            empty
    1 + 4*y + d  a coin of suit y (S M C A = 0 1 2 3) facing d (n e s w = 0 1 2 3), 1..16
    17 + y       the laser of suit y, 17..20

Every move string the rules can ever produce is parsed once, here, into a compact tuple
(``MOVE_TABLE``). ``moves()`` emits precomputed strings in sorted order and ``play()`` validates
with one lookup into that table plus O(1) checks against the position.
"""

from __future__ import annotations

from abstracta.core.board import file_major_names

SIZE = 8
SQUARES = 64
SQUARE_NAMES = file_major_names(SIZE, SIZE)
SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}

SUIT_LETTERS = "SMCA"  # seat order
DIRECTIONS = "nesw"  # index order: turning right adds 1
NORTH, EAST, SOUTH, WEST = range(4)
FACINGS_SORTED = "ensw"  # the order sorted() puts one-letter facings in

EMPTY = 0
LASER_BASE = 17
CELL_CODES = 21


def coin(suit: int, facing: int) -> int:
    return 1 + 4 * suit + facing


def laser(suit: int) -> int:
    return LASER_BASE + suit


def is_coin(cell: int) -> bool:
    return 0 < cell < LASER_BASE


def coin_suit(cell: int) -> int:
    return (cell - 1) >> 2


def coin_facing(cell: int) -> int:
    return (cell - 1) & 3


CELL_TOKENS = ("",) + tuple(s + d for s in SUIT_LETTERS for d in DIRECTIONS) + tuple(s + "*" for s in SUIT_LETTERS)
TOKEN_CELL = {token: code for code, token in enumerate(CELL_TOKENS) if token}


def _step(square: int, direction: int) -> int:
    file, rank = divmod(square, SIZE)
    if direction == NORTH:
        rank += 1
    elif direction == SOUTH:
        rank -= 1
    elif direction == EAST:
        file += 1
    else:
        file -= 1
    return file * SIZE + rank if 0 <= file < SIZE and 0 <= rank < SIZE else -1


STEP = tuple(tuple(_step(square, d) for square in range(SQUARES)) for d in range(4))
"""``STEP[d][square]``: the neighbour in direction ``d``, or -1 off the board (the beam table)."""

NEIGHBOURS = tuple(tuple(sorted(n for n in (STEP[d][s] for d in range(4)) if n >= 0)) for s in range(SQUARES))
"""Adjacent squares of each square, ascending (so in sorted-name order: west, south, north, east)."""

NEIGHBOUR_BITS = tuple(sum(1 << n for n in NEIGHBOURS[s]) for s in range(SQUARES))

ADJACENT_PAIRS = frozenset((a, b) for a in range(SQUARES) for b in NEIGHBOURS[a] if a < b)


def pair_code(a: int, b: int) -> int:
    """An unordered pair of squares as one int (the smaller square first)."""
    return a * SQUARES + b if a < b else b * SQUARES + a


def pair_name(code: int) -> str:
    a, b = divmod(code, SQUARES)
    return f"{SQUARE_NAMES[a]}x{SQUARE_NAMES[b]}"


# -- moves: strings and their compact form ----------------------------------------------------
# A compact move is (kind, a, b, facing, suit, cost); unused fields are -1.
COIN_MOVE, LASER_MOVE, SPIN, DROP, SWAP, FIRE, END = range(7)
KIND_NAMES = ("coin move", "laser move", "spin", "drop", "swap", "fire", "end")
COST = (1, 1, 1, 2, 2, 3, 0)

MOVE_TABLE: dict[str, tuple[int, int, int, int, int, int]] = {}


def _add(text: str, kind: int, a: int = -1, b: int = -1, facing: int = -1, suit: int = -1) -> str:
    MOVE_TABLE[text] = (kind, a, b, facing, suit, COST[kind])
    return text


END_MOVE = _add("end", END)
FIRE_MOVES = tuple(_add("*" + DIRECTIONS[d], FIRE, facing=d) for d in sorted(range(4), key=DIRECTIONS.__getitem__))

DROP_MOVES = tuple(
    tuple(
        tuple(
            _add(f"{SUIT_LETTERS[y]}@{SQUARE_NAMES[s]}{f}", DROP, a=s, facing=DIRECTIONS.index(f), suit=y)
            for f in FACINGS_SORTED
        )
        for s in range(SQUARES)
    )
    for y in range(4)
)
"""``DROP_MOVES[suit][square]``: the four drops there, sorted."""

for _s in range(SQUARES):
    for _t in NEIGHBOURS[_s]:
        _add(f"{SQUARE_NAMES[_s]}-{SQUARE_NAMES[_t]}", LASER_MOVE, a=_s, b=_t)


def _masked_segments(square: int, build) -> dict[int, object]:
    """``{occupied neighbour bits: build(empty neighbours)}`` for every occupancy around ``square``."""
    neighbours = NEIGHBOURS[square]
    table = {}
    for mask in range(1 << len(neighbours)):
        occupied = sum(1 << n for k, n in enumerate(neighbours) if mask >> k & 1)
        empty = tuple(n for k, n in enumerate(neighbours) if not mask >> k & 1)
        table[occupied] = build(empty)
    return table


def _coin_segment(square: int, empty: tuple[int, ...], facing: int) -> tuple[str, ...]:
    """Moves then spins of a coin on ``square`` facing ``facing``, in sorted order."""
    name = SQUARE_NAMES[square]
    out = []
    for target in empty:
        for f in FACINGS_SORTED:
            out.append(
                _add(f"{name}-{SQUARE_NAMES[target]}{f}", COIN_MOVE, a=square, b=target, facing=DIRECTIONS.index(f))
            )
    for f in FACINGS_SORTED:
        if DIRECTIONS.index(f) != facing:
            out.append(_add(f"{name}={f}", SPIN, a=square, facing=DIRECTIONS.index(f)))
    return tuple(out)


COIN_SEGMENTS = tuple(
    _masked_segments(s, lambda empty, s=s: tuple(_coin_segment(s, empty, d) for d in range(4))) for s in range(SQUARES)
)
"""``COIN_SEGMENTS[square][occupancy & NEIGHBOUR_BITS[square]][facing]``: a coin's moves and spins."""

LASER_SEGMENTS = tuple(
    _masked_segments(s, lambda empty, s=s: tuple(f"{SQUARE_NAMES[s]}-{SQUARE_NAMES[t]}" for t in empty))
    for s in range(SQUARES)
)
"""``LASER_SEGMENTS[square][occupancy & NEIGHBOUR_BITS[square]]``: a laser's moves."""

SWAP_PARTNERS = tuple(
    tuple((t, _add(f"{SQUARE_NAMES[s]}x{SQUARE_NAMES[t]}", SWAP, a=s, b=t)) for t in NEIGHBOURS[s] if t > s)
    for s in range(SQUARES)
)
"""``SWAP_PARTNERS[a]``: ``(b, "axb")`` for the adjacent squares b > a (north, then east), in sorted order."""

FIRST_SQUARE_AFTER_END = SQUARE_INDEX["f1"]
"""``"end"`` sorts after every move string starting ``e<digit>`` and before those starting ``f``."""
