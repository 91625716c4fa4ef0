"""The 6x6 board of Strategic Reserve (rules §2 and §7.1) as 36-bit bitboards.

Square index = file * 6 + rank (both 0-based), so ``a1`` is bit 0, ``a6`` bit 5,
``b1`` bit 6 and ``f6`` bit 35. Walking the bits upward therefore visits the
squares file-major, which is also the order Python sorts their names in, the
order ``moves()`` and the ``removed`` lists must use::

    rank 6 |  5 11 17 23 29 35
    rank 5 |  4 10 16 22 28 34
    rank 4 |  3  9 15 21 27 33
    rank 3 |  2  8 14 20 26 32
    rank 2 |  1  7 13 19 25 31
    rank 1 |  0  6 12 18 24 30
           +------------------
              a  b  c  d  e  f

Each colour is one int with a bit per checker; groups, borders and removals
are a handful of shifts and masks, with no per-square Python loop.
"""

from __future__ import annotations

from abstracta.core.board import file_major_names

SIZE = 6
FULL = (1 << 36) - 1
SQUARE_NAMES = file_major_names(SIZE, SIZE)
SQUARE_BIT = {name: 1 << index for index, name in enumerate(SQUARE_NAMES)}

_RANK_1 = sum(1 << (f * SIZE) for f in range(SIZE))
_RANK_6 = _RANK_1 << (SIZE - 1)
_NOT_RANK_1 = FULL & ~_RANK_1  # a step up may not wrap from rank 6 into the next file's rank 1
_NOT_RANK_6 = FULL & ~_RANK_6


def spread(bits: int) -> int:
    """``bits`` plus every square orthogonally adjacent to one of them (diagonals never count)."""
    return (bits | ((bits << 1) & _NOT_RANK_1) | ((bits >> 1) & _NOT_RANK_6) | (bits << SIZE) | (bits >> SIZE)) & FULL


def groups_containing(seeds: int, colour: int) -> int:
    """The union of the groups of ``colour`` that contain a square of ``seeds`` (flood fill)."""
    group = seeds & colour
    while True:
        grown = spread(group) & colour
        if grown == group:
            return group
        group = grown


def border(group: int) -> int:
    """Squares outside ``group`` orthogonally adjacent to it."""
    return spread(group) & ~group


def square_names_of(bits: int) -> list[str]:
    """The names of the set bits, in file-major (= sorted) order."""
    names = []
    while bits:
        low = bits & -bits
        names.append(SQUARE_NAMES[low.bit_length() - 1])
        bits ^= low
    return names


# -- dice (rules §7.1) --------------------------------------------------------
# Outcome "p,g" has index (p-1)*6 + (g-1). Red reads the purple die as the file
# and the green die as the rank; Blue sits opposite, so its square is the point
# reflection of Red's: index 35 - i.
ROLL_OUTCOMES = tuple(f"{p},{g}" for p in range(1, 7) for g in range(1, 7))
ROLL_INDEX = {outcome: index for index, outcome in enumerate(ROLL_OUTCOMES)}
ROLL_TARGET_BIT = (
    tuple(1 << i for i in range(36)),  # Red
    tuple(1 << (35 - i) for i in range(36)),  # Blue
)


def _name_chunks() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """For each 12-bit third of the board, the names of every subset of its squares, pre-sorted."""
    chunks = []
    for offset in (0, 12, 24):
        table: list[tuple[str, ...]] = [()] * 4096
        for mask in range(1, 4096):
            low = mask & -mask
            # The lowest bit comes first; the rest of the subset is already built.
            table[mask] = (SQUARE_NAMES[offset + low.bit_length() - 1],) + table[mask ^ low]
        chunks.append(tuple(table))
    return tuple(chunks)


_CHUNK_LOW, _CHUNK_MID, _CHUNK_HIGH = _name_chunks()


def sorted_square_list(bits: int) -> list[str]:
    """The names of the set bits as a sorted list, by three table look-ups (the ``moves()`` hot path)."""
    return [*_CHUNK_LOW[bits & 0xFFF], *_CHUNK_MID[(bits >> 12) & 0xFFF], *_CHUNK_HIGH[bits >> 24]]
