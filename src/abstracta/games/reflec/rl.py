"""Reflec for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: drops, coin moves, laser moves, spins, swaps, fire, end (2,693). Observation: 38
planes of 8 x 8, rows = ranks 8..1, columns a..h; suits in seat order S M C A, with planes
saying which coins the observer controls. The planes are read from the view's structured
position (``structure.py``), never from the notation.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.board import file_major_names
from abstracta.core.api import View
from abstracta.core.rl_adapter import ActionTable, RLAdapter

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

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        suits = observation[0:4] + observation[4:8]  # coins and lasers by suit
        return suits[0] * 1 + suits[1] * 2 + suits[2] * 3 + suits[3] * 4

    def max_game_length(self) -> int | None:
        max_turns = self.game.options["max_turns"]
        return 24 + 12 * max_turns if max_turns else None
