"""The Laser Chess board, its pieces and the beam's tables (rules §2, §6.2, §7).

Squares are ints, file-major: ``index = file * 8 + rank`` (both 0-based), so
``a1`` is 0, ``a8`` 7, ``b1`` 8 and ``j8`` 79. Walking the indices upward visits
the squares in the order Python sorts their names, which is the order ``moves()``
must use::

    rank 8 |  7 15 23 31 39 47 55 63 71 79
    ...
    rank 2 |  1  9 17 25 33 41 49 57 65 73
    rank 1 |  0  8 16 24 32 40 48 56 64 72
           +------------------------------
              a  b  c  d  e  f  g  h  i  j

A board is a tuple of 80 small ints, 0 for an empty square. A piece is one int
(see :func:`piece_code`) holding its colour, kind and facing, so every question
the hot path asks ("whose is it?", "where does the beam go now?") is one lookup
in a table built here at import.
"""

from __future__ import annotations

import random

from abstracta.core.board import file_major_names

FILES, RANKS = 10, 8
SQUARES = FILES * RANKS
SQUARE_NAMES = file_major_names(FILES, RANKS)
SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}

# -- colours, seats, directions (§2.1) ----------------------------------------
BLUE, RED = 0, 1
SEATS = ("blue", "red")
COLOUR_NAMES = ("Blue", "Red")

# Orthogonal directions as 0..3 in clockwise order, so clockwise is +1 mod 4.
N, E, S, W = 0, 1, 2, 3
DIR4 = ("n", "e", "s", "w")
OPPOSITE = (S, W, N, E)
# (file step, rank step) of each of the eight directions
STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0), "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1)}
# Diagonal facings of Deflectors, clockwise from ne (§6.2 rotation order), with their two mirrored faces.
DIAG = ("ne", "se", "sw", "nw")
DIAG_FACES = ((N, E), (S, E), (S, W), (N, W))
# Switch facings: "ne" is the mirror "/", "nw" the mirror "\".
SWITCH_FACINGS = ("ne", "nw")


def square_of(file: int, rank: int) -> int:
    return file * RANKS + rank


def _neighbour(square: int, direction: str) -> int | None:
    df, dr = STEPS[direction]
    file, rank = divmod(square, RANKS)
    file, rank = file + df, rank + dr
    return square_of(file, rank) if 0 <= file < FILES and 0 <= rank < RANKS else None


NEIGHBOURS = tuple(
    tuple(sorted(n for d in STEPS if (n := _neighbour(sq, d)) is not None)) for sq in range(SQUARES)
)
"""The up to 8 neighbours of each square, in name order (so moves come out sorted)."""

def _ray_squares(square: int, direction: str) -> tuple[int, ...]:
    out = []
    nxt = _neighbour(square, direction)
    while nxt is not None:
        out.append(nxt)
        nxt = _neighbour(nxt, direction)
    return tuple(out)


RAYS = tuple(_ray_squares(sq, d) for sq in range(SQUARES) for d in DIR4)
"""``RAYS[square * 4 + d]``: the squares from ``square`` to the edge going in direction ``d``."""

# -- restricted squares (§2.2) --------------------------------------------------
CLOSED_NAMES = (
    ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"),  # Blue may never enter these
    ("j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"),  # Red may never enter these
)
OPEN = tuple(tuple(SQUARE_NAMES[sq] not in CLOSED_NAMES[c] for sq in range(SQUARES)) for c in (BLUE, RED))
"""``OPEN[colour][square]``: may a piece of that colour enter or stand on the square."""

LASER_SQUARE = (SQUARE_INDEX["j1"], SQUARE_INDEX["a8"])
LASER_FACINGS = ((N, W), (S, E))  # the directions each colour's Laser may point to

# -- pieces (§2.3) ----------------------------------------------------------------
LASER, KING, SWITCH, DEFLECTOR, DEFENDER = range(5)
KIND_LETTERS = "LKSDB"
KIND_NAMES = ("Laser", "King", "Switch", "Deflector", "Defender")
FACING_NAMES = (DIR4, ("",), SWITCH_FACINGS, DIAG, DIR4)  # per kind
CODES = 41  # piece codes run 1..40; 0 is an empty square


def piece_code(colour: int, kind: int, facing: int) -> int:
    """The int a board holds for a piece: ``1 + colour * 20 + kind * 4 + facing``.

    >>> TOKEN[piece_code(RED, DEFLECTOR, DIAG.index("sw"))]
    'dsw'
    """
    return 1 + colour * 20 + kind * 4 + facing


def _decode(code: int) -> tuple[int, int, int]:
    rest = code - 1
    return rest // 20, rest % 20 // 4, rest % 4


_VALID = [
    (colour, kind, facing)
    for colour in (BLUE, RED)
    for kind in range(5)
    for facing in range(len(FACING_NAMES[kind]))
]
COLOUR = [-1] * CODES
KIND = [-1] * CODES
FACING = [0] * CODES
TOKEN = [""] * CODES
for _colour, _kind, _facing in _VALID:
    _code = piece_code(_colour, _kind, _facing)
    COLOUR[_code], KIND[_code], FACING[_code] = _colour, _kind, _facing
    _letter = KIND_LETTERS[_kind] if _colour == BLUE else KIND_LETTERS[_kind].lower()
    TOKEN[_code] = _letter + FACING_NAMES[_kind][_facing]
CODE_OF_TOKEN = {TOKEN[c]: c for c in range(1, CODES) if TOKEN[c]}
"""Position-notation token (``"Dnw"``, ``"k"``, ``"bs"``) to piece code."""

# -- pieces in the shared vocabulary (core/structure.py) ------------------------------
KIND_WORDS = ("laser", "king", "switch", "deflector", "defender")
"""The ``kind`` of each piece kind in structures and effects (the rules' words, lower case)."""
PIECE: list[dict[str, object] | None] = [None] * CODES
"""``PIECE[code]``: the piece as the structured position writes it (``kind``, ``owner``, ``facing``
except for a King); callers copy it before handing it out, so the table stays as built here."""
for _code in range(1, CODES):
    if KIND[_code] >= 0:
        PIECE[_code] = {"kind": KIND_WORDS[KIND[_code]], "owner": COLOUR[_code]}
        if KIND[_code] != KING:
            PIECE[_code]["facing"] = FACING_NAMES[KIND[_code]][FACING[_code]]
CODE_OF_PIECE = {(p["kind"], p["owner"], p.get("facing")): code for code, p in enumerate(PIECE) if p is not None}
"""``(kind, owner, facing or None)`` of a structured piece to its piece code."""

# -- rotations (§6.2 items 3-5) ---------------------------------------------------
PLUS, MINUS = 1, 2  # the rotation field of a move: 0 step or swap, 1 "+", 2 "-"
ROTATED = [(0, 0, 0)] * CODES
"""``ROTATED[code][PLUS or MINUS]``: the piece after that rotation (0 where the rotation is not a move)."""
for _code in range(1, CODES):
    _colour, _kind, _facing = COLOUR[_code], KIND[_code], FACING[_code]
    if _kind in (DEFLECTOR, DEFENDER):
        ROTATED[_code] = (0, piece_code(_colour, _kind, (_facing + 1) % 4), piece_code(_colour, _kind, (_facing + 3) % 4))
    elif _kind == SWITCH:  # both directions give the same mirror, so only "+" is a move
        ROTATED[_code] = (0, piece_code(_colour, _kind, _facing ^ 1), 0)
    elif _kind == LASER:  # the one sign that reaches the other allowed direction
        _other = [f for f in LASER_FACINGS[_colour] if f != _facing]
        if _other and _facing in LASER_FACINGS[_colour]:
            _sign = PLUS if (_facing + 1) % 4 == _other[0] else MINUS
            _turned = [0, 0, 0]
            _turned[_sign] = piece_code(_colour, LASER, _other[0])
            ROTATED[_code] = tuple(_turned)

# -- the beam (§7) ------------------------------------------------------------------
STOP_LASER, STOP_BLOCKED, STOP_REMOVED = -1, -2, -3
STOP_NAMES = {STOP_LASER: "laser", STOP_BLOCKED: "blocked", STOP_REMOVED: "removed"}
_SWITCH_REFLECT = ((E, N, W, S), (W, S, E, N))  # [facing][travel direction] -> new direction


def _reaction(code: int, d: int) -> int:
    """Where a beam travelling in direction ``d`` goes on meeting piece ``code``: a direction or a STOP_*."""
    kind, facing = KIND[code], FACING[code]
    face = OPPOSITE[d]  # the face the beam strikes
    if kind == LASER:
        return STOP_LASER
    if kind == KING:
        return STOP_REMOVED
    if kind == DEFENDER:
        return STOP_BLOCKED if face == facing else STOP_REMOVED
    if kind == DEFLECTOR:
        vertical, horizontal = DIAG_FACES[facing]
        if face == vertical:
            return horizontal
        if face == horizontal:
            return vertical
        return STOP_REMOVED
    return _SWITCH_REFLECT[facing][d]


REACTION = [0] * (CODES * 4)
"""``REACTION[code * 4 + d]``: the beam's new direction, or STOP_LASER / STOP_BLOCKED / STOP_REMOVED."""
for _code in range(1, CODES):
    if KIND[_code] >= 0:
        for _d in range(4):
            REACTION[_code * 4 + _d] = _reaction(_code, _d)


def fire(board: list[int] | tuple[int, ...], colour: int) -> tuple[list[int], int, int]:
    """Trace ``colour``'s shot over ``board`` (not changed): ``(path, stop, struck square)``.

    The slow, explicit twin of the loop inlined in ``rules.py``; ``last_effects`` uses it
    to report the full path. ``stop`` is a STOP_* code or ``None`` for the edge.

    >>> from abstracta.games.laser_chess.notation import parse_board
    >>> path, stop, struck = fire(parse_board("ls4k4/10/10/10/10/10/4K5/5be3Lw"), BLUE)
    >>> [SQUARE_NAMES[s] for s in path], STOP_NAMES[stop], SQUARE_NAMES[struck]
    (['i1', 'h1', 'g1', 'f1'], 'blocked', 'f1')
    """
    square = LASER_SQUARE[colour]
    d = FACING[board[square]]
    path: list[int] = []
    while True:
        for square in RAYS[square * 4 + d]:
            path.append(square)
            code = board[square]
            if code:
                break
        else:
            return path, None, -1
        reaction = REACTION[code * 4 + d]
        if reaction < 0:
            return path, reaction, square
        d = reaction


# -- repetition keys -----------------------------------------------------------------
_rng = random.Random(20261121)
ZOBRIST = [0 if code == 0 else _rng.getrandbits(62) for _sq in range(SQUARES) for code in range(CODES)]
"""``ZOBRIST[square * 41 + code]``: a random key per piece per square (0 for empty), XORed into a position key."""
ZOBRIST_RED_TO_MOVE = _rng.getrandbits(62)


def zobrist(board: tuple[int, ...], turn: int) -> int:
    key = ZOBRIST_RED_TO_MOVE if turn == RED else 0
    for square, code in enumerate(board):
        if code:
            key ^= ZOBRIST[square * CODES + code]
    return key
