"""The pieces and the 5x5 grid of Desfases (rules §2), as small ints and bitmasks.

Squares are numbered in the rules' *square order* (rank by rank from the south, west to
east), so walking the numbers upward visits the squares the way setup and ``turn``
effects do::

    rank 5 | 20 21 22 23 24
    rank 4 | 15 16 17 18 19
    rank 3 | 10 11 [] 13 14      12 = c3, the hole
    rank 2 |  5  6  7  8  9
    rank 1 |  0  1  2  3  4
           +---------------
              a  b  c  d  e

A set of squares is an int with bit ``sq`` set. Suits and values are 0-3 (S M C A) and
0-5 (n a 2 3 4 5); tile and coin ids are ``suit * 6 + value``. A facing is 0-3
(n e s w), so turning is ``+1 mod 4``. The facings of the whole grid are kept as two
25-bit ints, ``lo`` (bit 0 of each facing) and ``hi`` (bit 1); turning the tiles of a
mask ``m`` is then ``lo ^ m`` and ``hi ^ (lo & m)``, and "which tiles face square P"
is a few ands (see :func:`facing_masks`).
"""

from __future__ import annotations

SIZE = 5
FILES = "abcde"
SQUARES = tuple(range(SIZE * SIZE))
SQUARE_NAMES = tuple(f"{FILES[sq % SIZE]}{sq // SIZE + 1}" for sq in SQUARES)
SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}
HOLE = SQUARE_INDEX["c3"]
TILE_SQUARES = tuple(sq for sq in SQUARES if sq != HOLE)  # the 24 tile squares, in square order
BIT = tuple(1 << sq for sq in SQUARES)
ALL_TILES = sum(BIT[sq] for sq in TILE_SQUARES)

# -- suits, values, pieces (§2) ---------------------------------------------------------------
SUITS = "SMCA"  # canonical order: Suns, Moons, Crowns, Arms
SUIT_NAMES = ("Suns", "Moons", "Crowns", "Arms")
SUIT_INDEX = {letter: i for i, letter in enumerate(SUITS)}
VALUES = "na2345"  # null, ace, 2..5 count 0..5
VALUE_INDEX = {char: v for v, char in enumerate(VALUES)}
PIECE_NAMES = tuple(f"{SUITS[i // 6]}{VALUES[i % 6]}" for i in range(24))  # tile and coin ids
PIECE_INDEX = {name: i for i, name in enumerate(PIECE_NAMES)}
SEAT_FACING = (0, 1, 2, 3)  # each suit's tiles start facing its seat: Suns n, Moons e, Crowns s, Arms w
FULL_RESERVE = 0b111111  # a reservoir is a 6-bit mask of coin values

# -- facing (§2) --------------------------------------------------------------------------------
FACINGS = "nesw"
FACING_INDEX = {char: d for d, char in enumerate(FACINGS)}
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (file step, rank step) for n, e, s, w


def _step(sq: int, df: int, dr: int) -> int:
    """The square ``(df, dr)`` away from ``sq``, or -1 off the board."""
    file, rank = sq % SIZE + df, sq // SIZE + dr
    return rank * SIZE + file if 0 <= file < SIZE and 0 <= rank < SIZE else -1


FACED = tuple(tuple(_step(sq, *STEPS[d]) for d in range(4)) for sq in SQUARES)
"""``FACED[sq][d]``: the square a tile on ``sq`` facing ``d`` faces (-1 off the board)."""

FACERS = tuple(
    tuple(sum(BIT[t] for t in TILE_SQUARES if FACED[t][d] == p) for d in range(4)) for p in SQUARES
)
"""``FACERS[p][d]``: the tile square (as a bit, or 0) that faces ``p`` when its facing is ``d``."""


def facing_masks(lo: int, hi: int) -> tuple[int, int, int, int]:
    """The squares whose tile faces n, e, s, w, from the two facing bit-planes."""
    return (ALL_TILES & ~lo & ~hi, lo & ~hi, hi & ~lo, lo & hi)


def facers_of(p: int, lo: int, hi: int) -> int:
    """The tile squares (a mask) facing square ``p``: the scoring rule's geometric part (§7)."""
    n, e, s, w = FACERS[p]
    return (n & ~lo & ~hi) | (e & lo & ~hi) | (s & hi & ~lo) | (w & lo & hi)


def facing_of(lo: int, hi: int, sq: int) -> int:
    return (lo >> sq & 1) | (hi >> sq & 1) << 1


# -- queen moves (§7) -------------------------------------------------------------------------
def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    """Bits of the squares from ``sq`` in one direction, up to the edge or the hole."""
    out = []
    nxt = _step(sq, df, dr)
    while nxt >= 0 and nxt != HOLE:
        out.append(BIT[nxt])
        nxt = _step(nxt, df, dr)
    return tuple(out)


DIRECTIONS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0))
RAYS = tuple(tuple(ray for ray in (_ray(sq, df, dr) for df, dr in DIRECTIONS) if ray) for sq in SQUARES)
"""``RAYS[sq]``: the non-empty queen rays from ``sq``, each a tuple of square bits, nearest first."""


def queen_targets(sq: int, pawns: int) -> int:
    """The squares the pawn on ``sq`` may move to: queen lines stopped by pawns, the hole and the edge."""
    targets = 0
    for ray in RAYS[sq]:
        for bit in ray:
            if pawns & bit:
                break
            targets |= bit
    return targets


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, in square order."""
    return [sq for sq in SQUARES if mask >> sq & 1]


def suit_masks_of(tiles: tuple[int, ...] | list[int]) -> tuple[int, int, int, int]:
    """The squares holding each suit's tiles (``tiles[sq]`` is a tile id, -1 on the hole)."""
    masks = [0, 0, 0, 0]
    for sq in TILE_SQUARES:
        masks[tiles[sq] // 6] |= BIT[sq]
    return masks[0], masks[1], masks[2], masks[3]
