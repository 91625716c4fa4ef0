"""Laser Chess for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: per square (file-major ``a1 a2 .. j8``) the 8 steps or swaps by direction
(n ne e se s sw w nw; ``<sq>-off-<k>`` fills a direction off the board), then clockwise
``<sq>+`` and counter-clockwise ``<sq>-``; last ``draw``: 801. Observation: 22 planes of
8 x 10, rows = ranks 8..1, columns a..j, from the observer's side.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from abstracta.core.api import State
from abstracta.core.rl_adapter import ActionTable, RLAdapter
from abstracta.games.laser_chess.board import CLOSED_NAMES, FILES, RANKS, SQUARE_NAMES, STEPS

DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
"""The order of the eight step/swap actions of a square: clockwise from north."""


class LaserChessActions(ActionTable):
    def _build(self) -> None:
        files = "abcdefghij"
        for square in SQUARE_NAMES:
            f, r = files.index(square[0]), int(square[1])
            for k, direction in enumerate(DIRECTIONS):
                df, dr = STEPS[direction]
                tf, tr = f + df, r + dr
                on_board = 0 <= tf < FILES and 1 <= tr <= RANKS
                self.names.append(f"{square}-{files[tf]}{tr}" if on_board else f"{square}-off-{k}")
            self.names += [f"{square}+", f"{square}-"]
        self.names.append("draw")


KINDS = "LKSDB"
FACINGS = ("n", "e", "s", "w", "ne", "se", "sw", "nw")
PLANES = (
    *(f"own {k}" for k in ("Laser", "King", "Switch", "Deflector", "Defender")),
    *(f"rival {k}" for k in ("Laser", "King", "Switch", "Deflector", "Defender")),
    *(f"facing {f}" for f in FACINGS),
    "closed to observer", "closed to rival", "observer to move", "plies / max_plies",
)


def _closed_plane(colour: int) -> np.ndarray:
    plane = np.zeros((8, 10), dtype=np.float32)
    for sq in CLOSED_NAMES[colour]:
        plane[8 - int(sq[1]), "abcdefghij".index(sq[0])] = 1.0
    return plane


_CLOSED_PLANES = (_closed_plane(0), _closed_plane(1))  # blue (player 0), red


@lru_cache(maxsize=8192)
def _rank(text: str) -> tuple[tuple[int, int, int], ...]:
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
        kind = KINDS.index(ch.upper())
        width = {"K": 0, "L": 1, "B": 1, "D": 2, "S": 2}[ch.upper()]
        facing = text[i + 1:i + 1 + width]
        plane = kind + (0 if ch.isupper() else 5)
        items.append((col, plane, FACINGS.index(facing) if facing else -1))
        col += 1
        i += 1 + width
    return tuple(items)


class LaserChessRL(RLAdapter):
    actions = LaserChessActions
    observation_shape = (22, 8, 10)
    plane_names = PLANES

    def observe(self, view: State, player: int) -> np.ndarray:
        notation = view.notation()
        fields = notation.split(" ")
        out = np.zeros((22, 8, 10), dtype=np.float32)
        swap = player == 1  # blue is player 0
        for row, rank in enumerate(fields[0].split("/")):
            for col, plane, facing in _rank(rank):
                if swap:
                    plane = plane + 5 if plane < 5 else plane - 5
                out[plane, row, col] = 1.0
                if facing >= 0:
                    out[10 + facing, row, col] = 1.0
        out[18] = _CLOSED_PLANES[player]
        out[19] = _CLOSED_PLANES[1 - player]
        out[20] = 1.0 if (fields[1] == "b") == (player == 0) else 0.0
        limit = self.game.options.get("max_plies")
        if limit and len(fields) > 2:
            out[21] = int(fields[2]) / limit
        return out

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0:5].sum(0) * 1 + observation[5:10].sum(0) * 2

    def max_game_length(self) -> int | None:
        return self.game.options["max_plies"] or None
