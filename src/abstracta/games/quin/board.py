"""The circular board of Quin (rules §2) as int tables built once at import.

Square index = line * 5 + (ring - 1) for the 60 crossing points, and 60 for the
centre ``o``. Lines ``a``..``l`` are 0..11 (clock hours 1..12), rings 1..5, so
index order is also the order Python sorts the names in (``a1`` < ``a2`` < ...
< ``l5`` < ``o``), the "square order" of the rules::

    line a: 0 1 2 3 4      (a1 .. a5, ring 1 = the Iris, ring 5 = the rim)
    line b: 5 6 7 8 9
    ...
    line l: 55 56 57 58 59
    o:      60

Every table below is a tuple indexed by square, so move generation is plain
look-ups: rays per direction (§6.2), Peripheral diagonals (§6.3), regions (§2.3).
"""

from __future__ import annotations

LINES = "abcdefghijkl"
RINGS = 5
CENTRE = 60
NUM_SQUARES = 61

SQUARE_NAMES: tuple[str, ...] = tuple(f"{LINES[x]}{r}" for x in range(12) for r in range(1, 6)) + ("o",)
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(SQUARE_NAMES)}

SOUTH, NORTH = 0, 1
NO_SIDE = -1


def square(line: int, ring: int) -> int:
    """Index of (line 0..11, ring 1..5), wrapping the line around the clock."""
    return (line % 12) * 5 + ring - 1


def line_of(sq: int) -> int:
    """0..11, or -1 for the centre."""
    return -1 if sq == CENTRE else sq // 5


def ring_of(sq: int) -> int:
    """1..5, or 0 for the centre."""
    return 0 if sq == CENTRE else sq % 5 + 1


def opposite_line(line: int) -> int:
    return (line + 6) % 12


# -- regions (§2.3) ----------------------------------------------------------
_HORIZON_LINES = (2, 8)  # c and i
_SOUTH_LINES = (3, 4, 5, 6, 7)  # d e f g h
_NORTH_LINES = (9, 10, 11, 0, 1)  # j k l a b

IS_HORIZON = tuple(sq != CENTRE and line_of(sq) in _HORIZON_LINES for sq in range(NUM_SQUARES))
IS_IRIS = tuple(sq != CENTRE and ring_of(sq) == 1 for sq in range(NUM_SQUARES))


def _side(sq: int) -> int:
    if sq == CENTRE:
        return NO_SIDE
    line = line_of(sq)
    if line in _SOUTH_LINES:
        return SOUTH
    if line in _NORTH_LINES:
        return NORTH
    return NO_SIDE


SIDE_OF = tuple(_side(sq) for sq in range(NUM_SQUARES))
"""SOUTH, NORTH, or NO_SIDE for the Horizon and the centre."""

GATEWAYS = (
    tuple(square(x, 5) for x in _SOUTH_LINES),
    tuple(sorted(square(x, 5) for x in _NORTH_LINES)),
)
"""Each player's Gateways in square order: South d5 e5 f5 g5 h5, North a5 b5 j5 k5 l5."""

SETUP_SQUARES = tuple(
    tuple(sq for sq in range(CENTRE) if SIDE_OF[sq] == p and ring_of(sq) >= 2) for p in (SOUTH, NORTH)
)
"""Rings 2..5 of each side: where manual setup may place (§4)."""

# -- adjacency (§2.2) ----------------------------------------------------------


def _neighbours(sq: int) -> tuple[int, ...]:
    if sq == CENTRE:
        return tuple(square(x, 1) for x in range(12))
    x, r = line_of(sq), ring_of(sq)
    result = [square(x - 1, r), square(x + 1, r)]
    result.append(CENTRE if r == 1 else square(x, r - 1))
    if r < 5:
        result.append(square(x, r + 1))
    return tuple(sorted(result))


NEIGHBOURS = tuple(_neighbours(sq) for sq in range(NUM_SQUARES))

# -- straight-move rays (§6.2) -------------------------------------------------


def _rays(sq: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """``(squares in walking order, along a ring?)`` for each direction from ``sq``."""
    if sq == CENTRE:
        return tuple((tuple(square(x, r) for r in range(1, 6)), False) for x in range(12))
    x, r = line_of(sq), ring_of(sq)
    inward = tuple(square(x, q) for q in range(r - 1, 0, -1)) + (CENTRE,)
    inward += tuple(square(opposite_line(x), q) for q in range(1, 6))
    rays = [(inward, False)]
    if r < 5:
        rays.append((tuple(square(x, q) for q in range(r + 1, 6)), False))
    rays.append((tuple(square(x + k, r) for k in range(1, 12)), True))  # clockwise
    rays.append((tuple(square(x - k, r) for k in range(1, 12)), True))  # counter-clockwise
    return tuple(rays)


RAYS = tuple(_rays(sq) for sq in range(NUM_SQUARES))

MAX_RANGE = 7
_NEXT_CLOCKWISE = tuple(-1 if sq == CENTRE else square(line_of(sq) + 1, ring_of(sq)) for sq in range(NUM_SQUARES))
_NEXT_COUNTER = tuple(-1 if sq == CENTRE else square(line_of(sq) - 1, ring_of(sq)) for sq in range(NUM_SQUARES))


def _rays_within(sq: int, reach: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...] | None], ...]:
    """The first ``reach`` squares of each ray from ``sq``, with the table of the next space along
    the same ring (for a slingshot's landing) on ring rays, ``None`` on line rays."""
    result = []
    for ray, along_ring in RAYS[sq]:
        if along_ring:
            step = _NEXT_CLOCKWISE if ray[0] == _NEXT_CLOCKWISE[sq] else _NEXT_COUNTER
        result.append((ray[:reach], step if along_ring else None))
    return tuple(result)


RAYS_WITHIN = tuple(tuple(_rays_within(sq, reach) for reach in range(MAX_RANGE + 1)) for sq in range(NUM_SQUARES))
"""``RAYS_WITHIN[sq][reach]``: the move generator's walk, cut to the piece's range."""

# -- Peripheral diagonals (§6.3) -----------------------------------------------


def _diagonals(sq: int) -> tuple[tuple[int, int, int], ...]:
    """``(target, intermediate on the ring, intermediate on the line)`` for each diagonal step."""
    if sq == CENTRE:
        return ()
    x, r = line_of(sq), ring_of(sq)
    result = []
    for dx in (-1, 1):
        for dr in (-1, 1):
            if 1 <= r + dr <= 5:
                result.append((square(x + dx, r + dr), square(x + dx, r), square(x, r + dr)))
    return tuple(sorted(result))


DIAGONALS = tuple(_diagonals(sq) for sq in range(NUM_SQUARES))

# -- Time pushes (§6.5) ----------------------------------------------------------


def _push_paths(sq: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a piece on ``sq``: the push path when it stands on its owner's side (outward) and
    when it stands on the pusher's side (inward, stopping before the Iris), 1 to 3 spaces."""
    if sq == CENTRE or IS_IRIS[sq] or IS_HORIZON[sq]:
        return (), ()
    x, r = line_of(sq), ring_of(sq)
    outward = tuple(square(x, q) for q in range(r + 1, min(5, r + 3) + 1))
    inward = tuple(square(x, q) for q in range(r - 1, max(2, r - 3) - 1, -1))
    return outward, inward


PUSH_PATHS = tuple(_push_paths(sq) for sq in range(NUM_SQUARES))

# -- Reflection (§6.8) ---------------------------------------------------------


def _reflect_landings(sq: int) -> tuple[int, ...]:
    """Landing squares next to a Reflector on ``sq``, along its own line, rings 2..5, never Horizon."""
    if sq == CENTRE or IS_IRIS[sq] or IS_HORIZON[sq]:
        return ()
    x, r = line_of(sq), ring_of(sq)
    return tuple(square(x, q) for q in (r - 1, r + 1) if 2 <= q <= 5)


REFLECT_LANDINGS = tuple(_reflect_landings(sq) for sq in range(NUM_SQUARES))


def same_diameter(a: int, b: int) -> bool:
    la, lb = line_of(a), line_of(b)
    return la >= 0 and lb >= 0 and (la == lb or la == opposite_line(lb))


def rotate_180(sq: int) -> int:
    """The square turned half a turn: line to its opposite line, same ring (North's standard setup)."""
    if sq == CENTRE:
        return CENTRE
    return square(opposite_line(line_of(sq)), ring_of(sq))


# -- Gravity (§6.9) --------------------------------------------------------------


def _gravity_targets(sq: int) -> tuple[int, ...]:
    """Where a Gravity cast from ``sq`` may pull Voids: its neighbours other than ``o`` and the Iris
    (the Horizon is allowed). Empty for a caster on the Iris, which may not cast."""
    if sq == CENTRE or IS_IRIS[sq]:
        return ()
    return tuple(t for t in NEIGHBOURS[sq] if t != CENTRE and not IS_IRIS[t])


GRAVITY_TARGETS = tuple(_gravity_targets(sq) for sq in range(NUM_SQUARES))
