"""Strategic Reserve for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: the 36 placements ``a1=0, a2=1, ..., f6=35``; the 36 rolls ``p,g`` are chance outcomes
numbered ``6*(p-1) + (g-1)``. Observation: 7 planes of 6 x 6 read from the view's structured
position, rows = ranks 6..1 (rank 6 on top), columns a..f.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.board import file_major_names
from abstracta.core.api import View
from abstracta.core.rl_adapter import ActionTable, RLAdapter


class StrategicReserveActions(ActionTable):
    def _build(self) -> None:
        self.names = list(file_major_names(6, 6))  # a1=0, a2=1, ..., f6=35

    def chance_outcomes(self) -> list[str]:
        return [f"{p},{g}" for p in range(1, 7) for g in range(1, 7)]


PLANES = (
    "own checkers", "rival checkers", "own reserve / (6 + reserve)", "rival reserve / (6 + reserve)",
    "observer to act", "pending roll: purple / 6", "pending roll: green / 6",
)

# Where each square's plane entry lies: row 0 is rank 6, column 0 is file a.
_ROW_COLUMN = {name: (6 - int(name[1]), "abcdef".index(name[0])) for name in file_major_names(6, 6)}


class StrategicReserveRL(RLAdapter):
    actions = StrategicReserveActions
    observation_shape = (7, 6, 6)
    plane_names = PLANES

    def observe(self, view: View, player: int) -> np.ndarray:
        structure = view.structure()
        out = np.zeros((7, 6, 6), dtype=np.float32)
        for square, pieces in structure["cells"].items():
            row, column = _ROW_COLUMN[square]
            out[0 if pieces[0]["owner"] == player else 1, row, column] = 1.0
        total = 6 + self.game.options["reserve"]
        reserves = [0, 0]
        for area in structure["areas"]:
            reserves[area["owner"]] += sum(piece.get("count", 1) for piece in area["pieces"])
        out[2] = reserves[player] / total
        out[3] = reserves[1 - player] / total
        out[4] = 1.0 if structure["extra"]["side"] == player else 0.0
        purple, green = structure["dice"]
        if purple["value"] is not None:
            out[5] = purple["value"] / 6
            out[6] = green["value"] / 6
        return out

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0] * 1 + observation[1] * 2

    def max_game_length(self) -> int | None:
        max_turns = self.game.options["max_turns"]
        return 2 * max_turns if max_turns else None
