"""Reflec for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: drops, coin moves, laser moves, spins, swaps, fire, end (2,693). Observation: 38
planes of 8 x 8, rows = ranks 8..1, columns a..h; suits in seat order S M C A, with planes
saying which coins the observer controls. The planes are read from the view's structured
position (``structure.py``), never from the notation. A player's frame (``oriented=True``)
turns the board a quarter turn counter-clockwise per seat, so its first suit's laser corner is
a1, and numbers the suits from the observer's first suit (:func:`_quarter_turn_frame`).
"""

from __future__ import annotations

import re

import numpy as np

from abstracta.core.board import file_major_names
from abstracta.core.api import View
from abstracta.core.rl_adapter import ActionTable, Frame, RLAdapter

SUITS = "SMCA"
ORTHOGONAL = (("n", 0, 1), ("e", 1, 0), ("s", 0, -1), ("w", -1, 0))
FACINGS = "nesw"


class ReflecActions(ActionTable):
    def _build(self) -> None:
        files = "abcdefgh"
        squares = file_major_names(8, 8)

        def neighbour(square: str, df: int, dr: int) -> str | None:
            f, r = files.index(square[0]) + df, int(square[1]) + dr
            return f"{files[f]}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None

        names = self.names
        for suit in SUITS:  # drops: 4 x 64 x 4 = 1024
            names += [f"{suit}@{sq}{facing}" for sq in squares for facing in FACINGS]
        for sq in squares:  # coin moves: 64 x 4 directions x 4 facings = 1024
            for name, df, dr in ORTHOGONAL:
                target = neighbour(sq, df, dr) or f"off-{name}"
                names += [f"{sq}-{target}{facing}" for facing in FACINGS]
        for sq in squares:  # laser moves: 64 x 4
            for name, df, dr in ORTHOGONAL:
                target = neighbour(sq, df, dr) or f"off-{name}"
                names.append(f"{sq}-{target}")
        names += [f"{sq}={facing}" for sq in squares for facing in FACINGS]  # spins: 64 x 4
        for sq in squares:  # swaps with the north and the east neighbour: 64 x 2
            for name, df, dr in (("n", 0, 1), ("e", 1, 0)):
                target = neighbour(sq, df, dr)
                names.append(f"{sq}x{target}" if target else f"{sq}x-off-{name}")
        names += [f"*{d}" for d in FACINGS]
        names.append("end")


PLANES = (
    *(f"coins of suit {s}" for s in SUITS), *(f"laser of suit {s}" for s in SUITS),
    *(f"coin facing {f}" for f in FACINGS), "coins the observer controls", "neutral coins",
    *(f"die of {s} / 5" for s in SUITS), *(f"coins of {s} off the board / 6" for s in SUITS),
    *(f"laser of {s} destroyed" for s in SUITS), *(f"{s} is acting" for s in SUITS),
    "tile points / 4", "drop round", "locked squares", "touched squares",
    "observer's swap record: pair with the north neighbour", "observer's swap record: pair with the east neighbour",
    "observer to act", "turns / max_turns",
)
_OWNERS = {2: {"S": 0, "M": 1, "C": 0, "A": 1}, 3: {"S": 0, "M": 1, "C": 2}, 4: {"S": 0, "M": 1, "C": 2, "A": 3}}


def _row_col(square: str) -> tuple[int, int]:
    return 8 - int(square[1]), "abcdefgh".index(square[0])


_MOVE_FORMS = re.compile(
    r"(?P<suit>[SMCA])@(?P<a>[a-h][1-8])(?P<f>[nesw])"  # drop
    r"|(?P<b>[a-h][1-8])-(?:(?P<to>[a-h][1-8])|off-(?P<off>[nesw]))(?P<g>[nesw]?)"  # coin or laser move
    r"|(?P<c>[a-h][1-8])=(?P<h>[nesw])"  # spin
    r"|(?P<d>[a-h][1-8])x(?P<e>[a-h][1-8])"  # swap
    r"|\*(?P<fire>[nesw])"
)


def _quarter_turn_frame(game, turns: int, shape: tuple[int, ...], table: ActionTable) -> Frame:
    """The board turned ``turns`` quarter turns counter-clockwise (a8 -> a1, the next seat's corner
    onto the first's), suit ``s`` renumbered ``(s - turns) mod n`` over the ``n`` suits in play."""
    suits = 3 if game.num_players == 3 else 4

    def square(name: str) -> str:
        f, r = "abcdefgh".index(name[0]), int(name[1]) - 1
        for _ in range(turns):
            f, r = 7 - r, f
        return f"{'abcdefgh'[f]}{r + 1}"

    def direction(letter: str) -> str:
        return FACINGS[(FACINGS.index(letter) - turns) % 4]

    def suit(index: int) -> int:
        return (index - turns) % suits if index < suits else index

    def move(name: str) -> str:
        m = _MOVE_FORMS.fullmatch(name)
        if m is None:  # end, and the never-legal swaps off the board
            return name
        if m["suit"]:
            return f"{SUITS[suit(SUITS.index(m['suit']))]}@{square(m['a'])}{direction(m['f'])}"
        if m["b"]:
            target = square(m["to"]) if m["to"] else f"off-{direction(m['off'])}"
            return f"{square(m['b'])}-{target}{direction(m['g']) if m['g'] else ''}"
        if m["c"]:
            return f"{square(m['c'])}={direction(m['h'])}"
        if m["d"]:
            return "x".join(sorted((square(m["d"]), square(m["e"]))))
        return f"*{direction(m['fire'])}"

    def cell_of(name: str) -> int:
        row, col = _row_col(name)
        return 8 * row + col

    squares = [f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)]
    swap_cells: dict[tuple[int, int], tuple[int, int]] = {}  # the swap record: (plane, cell) -> (plane, cell)
    for plane, step in ((34, (0, 1)), (35, (1, 0))):
        for name in squares:
            f, r = "abcdefgh".index(name[0]) + step[0], int(name[1]) + step[1]
            if f < 8 and r <= 8:
                low, high = sorted((square(name), square(f"{'abcdefgh'[f]}{r}")))
                swap_cells[plane, cell_of(name)] = (34 if low[0] == high[0] else 35, cell_of(low))
    unused = iter(sorted({(p, c) for p in (34, 35) for c in range(64)} - set(swap_cells.values())))
    for plane in (34, 35):  # entries naming no pair (a north pair of rank 8...) are always 0: pair them up
        for cell in range(64):
            if (plane, cell) not in swap_cells:
                swap_cells[plane, cell] = next(unused)

    def entry(plane: int, cell: int) -> tuple[int, int]:
        if plane in (34, 35):
            return swap_cells[plane, cell]
        row, col = divmod(cell, 8)
        to_cell = cell_of(square(f"{'abcdefgh'[col]}{8 - row}"))
        if 8 <= plane < 12:  # coin facings turn with the board
            return 8 + FACINGS.index(direction(FACINGS[plane - 8])), to_cell
        if plane < 8 or 14 <= plane < 30:  # coins, lasers, dice, supplies, destroyed, acting: by suit
            first = plane - (plane - 14) % 4 if plane >= 14 else plane - plane % 4
            return first + suit(plane - first), to_cell
        return plane, to_cell

    return Frame.from_maps(f"{turns} quarter turns", shape, entry, table, move)


class ReflecRL(RLAdapter):
    actions = ReflecActions
    observation_shape = (38, 8, 8)
    plane_names = PLANES
    player_range = (2, 4)

    def observe(self, view: View, player: int) -> np.ndarray:
        """The planes of ``PLANES`` for ``player``, read from ``view.structure()``."""
        structure = view.structure()
        extra = structure["extra"]
        out = np.zeros((38, 8, 8), dtype=np.float32)
        for die in structure["dice"]:
            out[14 + SUITS.index(die["name"])] = die["value"] / 5
        for area in structure["areas"]:  # "supply S": the suit's coins off the board
            out[18 + SUITS.index(area["name"][-1])] = sum(p.get("count", 1) for p in area["pieces"]) / 6
        for suit in extra["destroyed"]:
            out[22 + SUITS.index(suit)] = 1.0
        for cell, pieces in structure["cells"].items():
            row, col = _row_col(cell)
            for piece in pieces:
                index = SUITS.index(piece["suit"])
                if piece["kind"] == "laser":
                    out[4 + index, row, col] = 1.0
                    continue
                out[index, row, col] = 1.0
                out[8 + FACINGS.index(piece["facing"]), row, col] = 1.0
                if piece["owner"] is None:  # a neutral coin
                    out[13, row, col] = 1.0
                elif piece["owner"] == player:
                    out[12, row, col] = 1.0
        acting = extra["acting"]
        out[26 + SUITS.index(acting)] = 1.0
        out[30] = extra["tiles"] / 4
        out[31] = 1.0 if extra["phase"] == "drop" else 0.0
        for plane, squares in ((32, extra["locked"]), (33, extra["touched"])):
            for sq in squares:
                out[(plane, *_row_col(sq))] = 1.0
        for pair in extra["swaps"][player]:
            a, b = pair.split("x")
            out[(34 if a[0] == b[0] else 35, *_row_col(a))] = 1.0
        owners = _OWNERS[self.game.num_players]
        neutral = self.game.num_players > 2 and acting in extra["destroyed"]
        out[36] = 1.0 if owners.get(acting) == player and not neutral else 0.0
        limit = self.game.options.get("max_turns")
        if limit:
            out[37] = min(extra["turns"] / limit, 1.0)
        return out

    def frame(self, player: int) -> Frame | None:
        """Player k sees the board turned k quarter turns counter-clockwise: with 3 or 4 players its
        suit's laser starts on a1, with 2 (S and C against M and A) player 1's M laser does, its
        other suit's on h8; its suits are then numbered 0 (and 2), like player 0's S (and C)."""
        if player == 0:
            return None
        return _quarter_turn_frame(self.game, player, self.observation_shape, ReflecActions(self.game))

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        suits = observation[0:4] + observation[4:8]  # coins and lasers by suit
        return suits[0] * 1 + suits[1] * 2 + suits[2] * 3 + suits[3] * 4

    def max_game_length(self) -> int | None:
        max_turns = self.game.options["max_turns"]
        return 24 + 12 * max_turns if max_turns else None
