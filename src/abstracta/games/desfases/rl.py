"""Desfases for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: pawn moves ``x-y`` (25 x 25, in the rules' square order a1 b1 .. e5), ``stay``,
``score <sq>``, ``hole``, ``feed <v>``: 658. Observation: 65 planes of 5 x 5, rows = ranks
5..1, columns a..e, read from the view's structured position (``structure.py``). A player's
frame (``oriented=True``) turns the board so that its first suit sits North (where Suns sits)
and numbers the suits from that one (:meth:`DesfasesRL.frame`).
"""

from __future__ import annotations

import re

import numpy as np

from abstracta.core.api import Game, View
from abstracta.core.rl_adapter import ActionTable, Frame, RLAdapter

VALUES = "na2345"
SUITS = "SMCA"


class DesfasesActions(ActionTable):
    def _build(self) -> None:
        squares = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]  # the rules' square order
        self.names = [f"{a}-{b}" for a in squares for b in squares]  # 625 (a-a never legal)
        self.names.append("stay")
        self.names += [f"score {sq}" for sq in squares]
        self.names.append("hole")
        self.names += [f"feed {v}" for v in VALUES]


PLANES = (
    *(f"tile of suit {s}" for s in SUITS), "tile value / 5", *(f"tile facing {f}" for f in "nesw"),
    "scoring coin on the tile", "scoring coin value / 5", *(f"pawn of suit {s}" for s in SUITS), "the hole",
    *(f"die of {s} / 5" for s in SUITS), *(f"timer coin of {s}: (value + 1) / 6, 0 when none" for s in SUITS),
    *(f"{s} reservoir holds value {v}" for s in SUITS for v in VALUES),
    *(f"points of {s} / 40" for s in SUITS), *(f"{s} finished" for s in SUITS),
    *(f"{s} is acting" for s in SUITS), "feed step", *(f"observer owns {s}" for s in SUITS),
)
FILES = "abcde"
FACINGS = "nesw"
HOLE_CELL = "c3"
HOLE_ROW, HOLE_COL = 2, 2

MAX_GAME_LENGTH = 2000
"""Plies: every turn spends a die point or a coin, so a game cannot run longer."""


_SQUARE = re.compile(r"[a-e][1-5]")


def _quarter_turns_frame(turns: int, shape: tuple[int, ...], table: ActionTable) -> Frame:
    """The board turned ``turns`` quarter turns counter-clockwise (East's seat onto North's), each
    facing with it, and suit ``s`` renumbered ``(s - turns) mod 4`` (the seats go round S M C A)."""

    def square(name: str) -> str:
        f, r = FILES.index(name[0]), int(name[1]) - 1
        for _ in range(turns):
            f, r = 4 - r, f
        return f"{FILES[f]}{r + 1}"

    def move(name: str) -> str:
        return _SQUARE.sub(lambda m: square(m[0]), name)

    def suit(index: int) -> int:
        return (index - turns) % 4

    def entry(plane: int, cell: int) -> tuple[int, int]:
        row, col = divmod(cell, 5)
        to = square(f"{FILES[col]}{5 - row}")
        to_cell = 5 * (5 - int(to[1])) + FILES.index(to[0])
        if 5 <= plane < 9:  # a tile's facing turns with the board
            return 5 + (plane - 5 - turns) % 4, to_cell
        if 24 <= plane < 48:  # reservoirs: six planes per suit
            block, value = divmod(plane - 24, 6)
            return 24 + 6 * suit(block) + value, to_cell
        for first in (0, 11, 16, 20, 48, 52, 56, 61):  # the other planes kept per suit, in blocks of four
            if first <= plane < first + 4:
                return first + suit(plane - first), to_cell
        return plane, to_cell

    return Frame.from_maps(f"{turns} quarter turns", shape, entry, table, move)


class DesfasesRL(RLAdapter):
    actions = DesfasesActions
    observation_shape = (65, 5, 5)
    plane_names = PLANES
    player_range = (2, 4)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.owners = game.owners  # suit index -> the player who plays it

    def observe(self, view: View, player: int) -> np.ndarray:
        structure = view.structure()
        out = np.zeros((65, 5, 5), dtype=np.float32)
        out[15, HOLE_ROW, HOLE_COL] = 1.0
        for cell, stack in structure["cells"].items():
            row, col = 5 - int(cell[1]), FILES.index(cell[0])
            for piece in stack:
                kind = piece["kind"]
                if kind == "tile":
                    out[SUITS.index(piece["suit"]), row, col] = 1.0
                    out[4, row, col] = piece["value"] / 5
                    out[5 + FACINGS.index(piece["facing"]), row, col] = 1.0
                elif kind == "pawn":
                    out[11 + SUITS.index(piece["suit"]), row, col] = 1.0
                elif cell != HOLE_CELL:  # a scoring coin (the hole's coins are not drawn)
                    out[9, row, col] = 1.0
                    out[10, row, col] = piece["value"] / 5
        for die in structure["dice"]:
            out[16 + SUITS.index(die["suit"])] = die["value"] / 5
        for area in structure["areas"]:
            for coin in area["pieces"]:
                index = SUITS.index(coin["suit"])
                if area["name"].endswith(" timer"):
                    out[20 + index] = (coin["value"] + 1) / 6
                else:
                    out[24 + index * 6 + coin["value"]] = 1.0
        extra = structure["extra"]
        for index, suit in enumerate(SUITS):
            out[48 + index] = min(extra["points"][suit] / 40, 1.0)
            out[52 + index] = 0.0 if extra["live"][suit] else 1.0
            if self.owners[index] == player:
                out[61 + index] = 1.0
        if extra["acting"] is not None:
            out[56 + SUITS.index(extra["acting"])] = 1.0
            out[60] = 1.0 if extra["feeding"] else 0.0
        return out

    def frame(self, player: int) -> Frame | None:
        """The observer's seat is turned to North, where Suns sits: with four players its suit's
        seat (one quarter turn counter-clockwise per seat: Moons East, Crowns South, Arms West);
        with two, player 1's Crowns (South) goes North and its Arms (West) East, where player 0's
        Suns and Moons sit. The suits are numbered from the turned one on, so the observer's own
        suits are always 0 (and 1 with two players)."""
        first = self.owners.index(player) if self.game.num_players == 4 else (0 if player == 0 else 2)
        if first == 0:
            return None
        return _quarter_turns_frame(first, self.observation_shape, DesfasesActions(self.game))

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        pawns = observation[11:15]
        return pawns[0] * 1 + pawns[1] * 2 + pawns[2] * 3 + pawns[3] * 4

    def max_game_length(self) -> int | None:
        return MAX_GAME_LENGTH
