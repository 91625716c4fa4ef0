"""Desfases for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: pawn moves ``x-y`` (25 x 25, in the rules' square order a1 b1 .. e5), ``stay``,
``score <sq>``, ``hole``, ``feed <v>``: 658. Observation: 65 planes of 5 x 5, rows = ranks
5..1, columns a..e.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.api import State
from abstracta.core.rl_adapter import ActionTable, RLAdapter

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
_OWNERS = {4: {"S": 0, "M": 1, "C": 2, "A": 3}, 2: {"S": 0, "M": 0, "A": 1, "C": 1}}

MAX_GAME_LENGTH = 2000
"""Plies: every turn spends a die point or a coin, so a game cannot run longer."""


class DesfasesRL(RLAdapter):
    actions = DesfasesActions
    observation_shape = (65, 5, 5)
    plane_names = PLANES
    player_range = (2, 4)

    def observe(self, view: State, player: int) -> np.ndarray:
        notation = view.notation()
        board, suits, turn = notation.split(" ")
        out = np.zeros((65, 5, 5), dtype=np.float32)
        for row, rank in enumerate(board.split("/")):
            for col, cell in enumerate(rank.split(",")):
                if cell.startswith("#"):
                    out[15, row, col] = 1.0
                    continue
                out[SUITS.index(cell[0]), row, col] = 1.0
                out[4, row, col] = VALUES.index(cell[1]) / 5
                out[5 + "nesw".index(cell[2]), row, col] = 1.0
                rest = cell[3:]
                if rest.startswith("+"):
                    out[9, row, col] = 1.0
                    out[10, row, col] = VALUES.index(rest[2]) / 5
                    rest = rest[3:]
                if rest.startswith("*"):
                    out[11 + SUITS.index(rest[1]), row, col] = 1.0
        for index, record in enumerate(suits.split(";")):
            _suit, die, timer, reservoir, points, status = record.split(":")
            out[16 + index] = VALUES.index(die) / 5
            if timer != "-":
                out[20 + index] = (VALUES.index(timer) + 1) / 6
            if reservoir != "-":
                for v in reservoir:
                    out[24 + index * 6 + VALUES.index(v)] = 1.0
            out[48 + index] = min(int(points) / 40, 1.0)
            out[52 + index] = 1.0 if status == "done" else 0.0
        if turn != "-":
            out[56 + SUITS.index(turn[0])] = 1.0
            out[60] = 1.0 if turn.endswith(":feed") else 0.0
        for suit, owner in _OWNERS[self.game.num_players].items():
            if owner == player:
                out[61 + SUITS.index(suit)] = 1.0
        return out

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        pawns = observation[11:15]
        return pawns[0] * 1 + pawns[1] * 2 + pawns[2] * 3 + pawns[3] * 4

    def max_game_length(self) -> int | None:
        return MAX_GAME_LENGTH
