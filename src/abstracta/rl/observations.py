"""Observation tensors built from what a player may see: ``state.view(player).notation()``.

Every game has a fixed shape ``(planes, *board)`` of float32 values in [0, 1]; scalar
features (reserves, dice, timers, whose turn) fill a whole plane. Planes are written from
the observer's point of view where the game has sides ("own" and "rival"); games with
suits keep the rules' suit order (S M C A) and add planes saying which suits the observer
controls. ``docs/rl.md`` lists every plane.

Only the view's notation is read, so an observation can never hold more than the rules
let the player see (Quin: a rival's unrevealed piece is one plane, never its kind).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from abstracta.core.api import Game, State

# ---------------------------------------------------------------------------------------
# Strategic Reserve: 6 x 6, rows = ranks 6..1 (as the notation writes them), columns a..f

SR_PLANES = (
    "own checkers", "rival checkers", "own reserve / (6 + reserve)", "rival reserve / (6 + reserve)",
    "observer to act", "pending roll: purple / 6", "pending roll: green / 6",
)


_SR_EXPAND = str.maketrans({**{str(n): "." * n for n in range(1, 7)}, "/": None})


def _strategic_reserve(game: Game, text: str, player: int) -> np.ndarray:
    board, side, red_reserve, blue_reserve, pending, _count = text.split(" ")
    out = np.zeros((7, 6, 6), dtype=np.float32)
    cells = np.frombuffer(board.translate(_SR_EXPAND).encode("ascii"), dtype=np.uint8).reshape(6, 6)
    own, rival = (0, 1) if player == 0 else (1, 0)
    out[own] = cells == 82  # "R"
    out[rival] = cells == 66  # "B"
    total = 6 + game.options["reserve"]
    reserves = (int(red_reserve), int(blue_reserve))
    out[2] = reserves[player] / total
    out[3] = reserves[1 - player] / total
    out[4] = 1.0 if (side == "r") == (player == 0) else 0.0
    if pending != "-":
        out[5] = int(pending[0]) / 6
        out[6] = int(pending[2]) / 6
    return out


# ---------------------------------------------------------------------------------------
# Laser Chess: 8 x 10, rows = ranks 8..1, columns a..j

LC_KINDS = "LKSDB"
LC_FACINGS = ("n", "e", "s", "w", "ne", "se", "sw", "nw")
LC_PLANES = (
    *(f"own {k}" for k in ("Laser", "King", "Switch", "Deflector", "Defender")),
    *(f"rival {k}" for k in ("Laser", "King", "Switch", "Deflector", "Defender")),
    *(f"facing {f}" for f in LC_FACINGS),
    "closed to observer", "closed to rival", "observer to move", "plies / max_plies",
)
_LC_CLOSED = {
    "blue": ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"],
    "red": ["j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"],
}


def _lc_closed_plane(colour: str) -> np.ndarray:
    plane = np.zeros((8, 10), dtype=np.float32)
    for sq in _LC_CLOSED[colour]:
        plane[8 - int(sq[1]), "abcdefghij".index(sq[0])] = 1.0
    return plane


_LC_CLOSED_PLANES = {"blue": _lc_closed_plane("blue"), "red": _lc_closed_plane("red")}


@lru_cache(maxsize=8192)
def _lc_rank(text: str) -> tuple[tuple[int, int, int], ...]:
    """(column, kind plane for blue-own, facing plane) of each piece of one rank; kind+5 for red."""
    items = []
    col, i = 0, 0
    while i < len(text):
        ch = text[i]
        if ch.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            col += int(text[i:j])
            i = j
            continue
        kind = LC_KINDS.index(ch.upper())
        width = {"K": 0, "L": 1, "B": 1, "D": 2, "S": 2}[ch.upper()]
        facing = text[i + 1:i + 1 + width]
        plane = kind + (0 if ch.isupper() else 5)
        items.append((col, plane, LC_FACINGS.index(facing) if facing else -1))
        col += 1
        i += 1 + width
    return tuple(items)


def _laser_chess(game: Game, text: str, player: int) -> np.ndarray:
    fields = text.split(" ")
    out = np.zeros((22, 8, 10), dtype=np.float32)
    swap = player == 1  # blue is player 0
    for row, rank in enumerate(fields[0].split("/")):
        for col, plane, facing in _lc_rank(rank):
            if swap:
                plane = plane + 5 if plane < 5 else plane - 5
            out[plane, row, col] = 1.0
            if facing >= 0:
                out[10 + facing, row, col] = 1.0
    me, rival = ("blue", "red") if player == 0 else ("red", "blue")
    out[18] = _LC_CLOSED_PLANES[me]
    out[19] = _LC_CLOSED_PLANES[rival]
    out[20] = 1.0 if (fields[1] == "b") == (player == 0) else 0.0
    limit = game.options.get("max_plies")
    if limit and len(fields) > 2:
        out[21] = int(fields[2]) / limit
    return out


# ---------------------------------------------------------------------------------------
# Reflec: 8 x 8, rows = ranks 8..1, columns a..h; suits in seat order S M C A

REFLEC_PLANES = (
    *(f"coins of suit {s}" for s in "SMCA"), *(f"laser of suit {s}" for s in "SMCA"),
    *(f"coin facing {f}" for f in "nesw"), "coins the observer controls", "neutral coins",
    *(f"die of {s} / 5" for s in "SMCA"), *(f"coins of {s} off the board / 6" for s in "SMCA"),
    *(f"laser of {s} destroyed" for s in "SMCA"), *(f"{s} is acting" for s in "SMCA"),
    "tile points / 4", "drop round", "locked squares", "touched squares",
    "observer's swap record: pair with the north neighbour", "observer's swap record: pair with the east neighbour",
    "observer to act", "turns / max_turns",
)
_REFLEC_OWNERS = {2: {"S": 0, "M": 1, "C": 0, "A": 1}, 3: {"S": 0, "M": 1, "C": 2}, 4: {"S": 0, "M": 1, "C": 2, "A": 3}}


def _sq_rc(square: str) -> tuple[int, int]:
    return 8 - int(square[1]), "abcdefgh".index(square[0])


def _reflec(game: Game, text: str, player: int) -> np.ndarray:
    board, suits, acting, phase, tiles, turns, swaps, locked, touched = text.split(" ")
    players = game.num_players
    owners = _REFLEC_OWNERS[players]
    out = np.zeros((38, 8, 8), dtype=np.float32)
    neutral: set[str] = set()
    for k, entry in enumerate(suits.split(",")):
        suit = entry[0]
        index = "SMCA".index(suit)
        die, rest = entry[1:].split(":")
        out[14 + index] = int(die) / 5
        off = rest.rstrip("xn")
        out[18 + index] = int(off) / 6
        if rest.endswith(("x", "n")):
            out[22 + index] = 1.0
            if rest.endswith("n"):
                neutral.add(suit)
    for row, rank in enumerate(board.split("/")):
        col, i = 0, 0
        while i < len(rank):
            ch = rank[i]
            if ch.isdigit():
                col += int(ch)
                i += 1
                continue
            index = "SMCA".index(ch)
            mark = rank[i + 1]
            if mark == "*":
                out[4 + index, row, col] = 1.0
            else:
                out[index, row, col] = 1.0
                out[8 + "nesw".index(mark), row, col] = 1.0
                if ch in neutral:
                    out[13, row, col] = 1.0
                elif owners[ch] == player:
                    out[12, row, col] = 1.0
            col += 1
            i += 2
    out[26 + "SMCA".index(acting)] = 1.0
    out[30] = int(tiles) / 4
    out[31] = 1.0 if phase == "drop" else 0.0
    for plane, field in ((32, locked), (33, touched)):
        if field != "-":
            for sq in field.split(","):
                out[(plane, *_sq_rc(sq))] = 1.0
    record = swaps.split("/")[player]
    if record != "-":
        for pair in record.split(","):
            a, b = pair.split("x")
            out[(34 if a[0] == b[0] else 35, *_sq_rc(a))] = 1.0
    out[36] = 1.0 if owners.get(acting) == player and acting not in neutral else 0.0
    limit = game.options.get("max_turns")
    if limit:
        out[37] = min(int(turns) / limit, 1.0)
    return out


# ---------------------------------------------------------------------------------------
# Desfases: 5 x 5, rows = ranks 5..1, columns a..e

DESFASES_PLANES = (
    *(f"tile of suit {s}" for s in "SMCA"), "tile value / 5", *(f"tile facing {f}" for f in "nesw"),
    "scoring coin on the tile", "scoring coin value / 5", *(f"pawn of suit {s}" for s in "SMCA"), "the hole",
    *(f"die of {s} / 5" for s in "SMCA"), *(f"timer coin of {s}: (value + 1) / 6, 0 when none" for s in "SMCA"),
    *(f"{s} reservoir holds value {v}" for s in "SMCA" for v in "na2345"),
    *(f"points of {s} / 40" for s in "SMCA"), *(f"{s} finished" for s in "SMCA"),
    *(f"{s} is acting" for s in "SMCA"), "feed step", *(f"observer owns {s}" for s in "SMCA"),
)
_DESFASES_VALUES = "na2345"
_DESFASES_OWNERS = {4: {"S": 0, "M": 1, "C": 2, "A": 3}, 2: {"S": 0, "M": 0, "A": 1, "C": 1}}


def _desfases(game: Game, text: str, player: int) -> np.ndarray:
    board, suits, turn = text.split(" ")
    out = np.zeros((65, 5, 5), dtype=np.float32)
    for row, rank in enumerate(board.split("/")):
        for col, cell in enumerate(rank.split(",")):
            if cell.startswith("#"):
                out[15, row, col] = 1.0
                continue
            out["SMCA".index(cell[0]), row, col] = 1.0
            out[4, row, col] = _DESFASES_VALUES.index(cell[1]) / 5
            out[5 + "nesw".index(cell[2]), row, col] = 1.0
            rest = cell[3:]
            if rest.startswith("+"):
                out[9, row, col] = 1.0
                out[10, row, col] = _DESFASES_VALUES.index(rest[2]) / 5
                rest = rest[3:]
            if rest.startswith("*"):
                out[11 + "SMCA".index(rest[1]), row, col] = 1.0
    for index, record in enumerate(suits.split(";")):
        _suit, die, timer, reservoir, points, status = record.split(":")
        out[16 + index] = _DESFASES_VALUES.index(die) / 5
        if timer != "-":
            out[20 + index] = (_DESFASES_VALUES.index(timer) + 1) / 6
        if reservoir != "-":
            for v in reservoir:
                out[24 + index * 6 + _DESFASES_VALUES.index(v)] = 1.0
        out[48 + index] = min(int(points) / 40, 1.0)
        out[52 + index] = 1.0 if status == "done" else 0.0
    if turn != "-":
        out[56 + "SMCA".index(turn[0])] = 1.0
        out[60] = 1.0 if turn.endswith(":feed") else 0.0
    owners = _DESFASES_OWNERS[game.num_players]
    for suit, owner in owners.items():
        if owner == player:
            out[61 + "SMCA".index(suit)] = 1.0
    return out


# ---------------------------------------------------------------------------------------
# Quin: (planes, 61) with the 61 spaces in square order a1 .. l5, o

QUIN_SQUARES = sorted([f"{x}{r}" for x in "abcdefghijkl" for r in range(1, 6)] + ["o"])
_QUIN_INDEX = {sq: i for i, sq in enumerate(QUIN_SQUARES)}
_QUIN_KINDS = "LSARMTPV"
_QUIN_COUNTS = {"L": 1, "S": 2, "A": 4, "R": 2, "M": 1, "T": 1, "P": 2, "V": 4}
QUIN_PLANES = (
    *(f"own {k}" for k in _QUIN_KINDS), *(f"rival revealed {k}" for k in _QUIN_KINDS), "rival unrevealed piece",
    "own piece revealed", "Horizon", "Iris", "own Gateways", "rival Gateways", "locked squares",
    "setup phase", "observer to move",
    *(f"own reserve {k} / count" for k in _QUIN_KINDS), "rival reserve size / 17",
    *(f"own removed {k} / count" for k in _QUIN_KINDS), *(f"rival removed {k} / count" for k in _QUIN_KINDS),
    "own memory swaps / 2", "rival memory swaps / 2", "own resurrection used", "rival resurrection used",
    "Time used this turn", "Memory swap used this turn", "Resurrection used this turn",
    "turns / max_turns", "quiet turns / 100",
)


_QUIN_HORIZON = np.zeros(61, dtype=np.float32)
_QUIN_IRIS = np.zeros(61, dtype=np.float32)
_QUIN_GATES = np.zeros((2, 61), dtype=np.float32)
for _sq, _i in _QUIN_INDEX.items():
    if _sq[0] in "ci" and _sq != "o":
        _QUIN_HORIZON[_i] = 1.0
    if _sq.endswith("1"):
        _QUIN_IRIS[_i] = 1.0
    if _sq.endswith("5"):
        if _sq[0] in "defgh":
            _QUIN_GATES[0, _i] = 1.0
        elif _sq[0] in "abjkl":
            _QUIN_GATES[1, _i] = 1.0


def _quin(game: Game, text: str, player: int) -> np.ndarray:
    fields = text.split(" ")
    board, side, phase, reserve, removed, memory, raised, free, locked, turns, quiet = fields[:11]
    out = np.zeros((59, 61), dtype=np.float32)
    own_upper = player == 0  # South (upper case) is player 0
    if board != "-":
        for entry in board.split(","):
            if entry[0] == "o":
                sq, rest = "o", entry[1:]
            else:
                sq, rest = entry[:2], entry[2:]
            i = _QUIN_INDEX[sq]
            letter = rest[0]
            if letter == "?":
                out[16, i] = 1.0
                continue
            mine = letter.isupper() == own_upper
            kind = _QUIN_KINDS.index(letter.upper())
            out[kind if mine else 8 + kind, i] = 1.0
            if mine and rest.endswith("+"):
                out[17, i] = 1.0
    out[18] = _QUIN_HORIZON
    out[19] = _QUIN_IRIS
    out[20] = _QUIN_GATES[player]
    out[21] = _QUIN_GATES[1 - player]
    if locked != "-":
        for sq in locked.split(","):
            out[22, _QUIN_INDEX[sq]] = 1.0
    out[23] = 1.0 if phase == "setup" else 0.0
    out[24] = 1.0 if (side == "S") == (player == 0) else 0.0
    halves = reserve.split("/")
    own_half, rival_half = halves[player], halves[1 - player]
    if own_half != "-":
        for k in own_half:
            out[25 + _QUIN_KINDS.index(k.upper())] += 1.0 / _QUIN_COUNTS[k.upper()]
    rival_count = len(rival_half) if not rival_half.isdigit() else int(rival_half)
    out[33] = (0 if rival_half == "-" else rival_count) / 17
    removed_halves = removed.split("/")
    for base, half in ((34, removed_halves[player]), (42, removed_halves[1 - player])):
        if half != "-":
            for k in half:
                out[base + _QUIN_KINDS.index(k.upper())] += 1.0 / _QUIN_COUNTS[k.upper()]
    mem = memory.split("/")
    out[50] = int(mem[player]) / 2
    out[51] = int(mem[1 - player]) / 2
    rai = raised.split("/")
    out[52] = float(rai[player])
    out[53] = float(rai[1 - player])
    if free != "-":
        for k, plane in (("T", 54), ("M", 55), ("R", 56)):
            if k in free:
                out[plane] = 1.0
    out[57] = min(int(turns) / game.options["max_turns"], 1.0)
    out[58] = min(int(quiet) / 100, 1.0)
    return out


# ---------------------------------------------------------------------------------------

_ENCODERS = {
    "strategic-reserve": (_strategic_reserve, (7, 6, 6), SR_PLANES),
    "laser-chess": (_laser_chess, (22, 8, 10), LC_PLANES),
    "reflec": (_reflec, (38, 8, 8), REFLEC_PLANES),
    "desfases": (_desfases, (65, 5, 5), DESFASES_PLANES),
    "quin": (_quin, (59, 61), QUIN_PLANES),
}


def observation_shape(game: Game) -> tuple[int, ...]:
    """The shape of every observation of ``game``."""
    return _ENCODERS[game.slug][1]


def plane_names(game: Game) -> tuple[str, ...]:
    """What each plane of ``game``'s observation holds, in order."""
    return _ENCODERS[game.slug][2]


def observation(view: State, player: int) -> np.ndarray:
    """The observation tensor of ``player`` from ``view = state.view(player)``.

    Raises ``ValueError`` for a game without an encoder.
    """
    encoder = _ENCODERS.get(view.game.slug)
    if encoder is None:
        raise ValueError(f"no observation encoder for game {view.game.slug!r}")
    viewer = getattr(view, "viewer", None)
    if viewer is None and not view.game.perfect_information:
        view = view.view(player)  # a full state was passed: mask it before reading anything
    elif viewer is not None and viewer != player:
        raise ValueError(f"this view belongs to player {viewer}, not {player}")
    return encoder[0](view.game, view.notation(), player)
