"""Strategic Reserve for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: the 36 placements ``a1=0, a2=1, ..., f6=35``; the 36 rolls ``p,g`` are chance outcomes
numbered ``6*(p-1) + (g-1)``. Observation: 7 planes of 6 x 6, rows = ranks 6..1 (as the
notation writes them), columns a..f.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.board import file_major_names
from abstracta.core.api import State
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

_EXPAND = str.maketrans({**{str(n): "." * n for n in range(1, 7)}, "/": None})


class StrategicReserveRL(RLAdapter):
    actions = StrategicReserveActions
    observation_shape = (7, 6, 6)
    plane_names = PLANES

    def observe(self, view: State, player: int) -> np.ndarray:
        notation = view.notation()
        board, side, red_reserve, blue_reserve, pending, _count = notation.split(" ")
        out = np.zeros((7, 6, 6), dtype=np.float32)
        cells = np.frombuffer(board.translate(_EXPAND).encode("ascii"), dtype=np.uint8).reshape(6, 6)
        own, rival = (0, 1) if player == 0 else (1, 0)
        out[own] = cells == 82  # "R"
        out[rival] = cells == 66  # "B"
        total = 6 + self.game.options["reserve"]
        reserves = (int(red_reserve), int(blue_reserve))
        out[2] = reserves[player] / total
        out[3] = reserves[1 - player] / total
        out[4] = 1.0 if (side == "r") == (player == 0) else 0.0
        if pending != "-":
            out[5] = int(pending[0]) / 6
            out[6] = int(pending[2]) / 6
        return out

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0] * 1 + observation[1] * 2

    def max_game_length(self) -> int | None:
        max_turns = self.game.options["max_turns"]
        return 2 * max_turns if max_turns else None
