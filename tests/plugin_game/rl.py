"""Tic-tac-toe for ``abstracta.rl`` (an ``RLAdapter``, ``docs/api.md`` "RL adapter").

Actions: one per cell, file-major (``a1=0, a2=1, ...``). Observation: 3 planes of size x size,
rows = ranks from the top down, columns = files: the observer's marks, the rival's marks, and
whether the observer is to move. Read from the view's structured position only.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.api import View
from abstracta.core.board import FILE_LETTERS
from abstracta.core.rl_adapter import ActionTable, RLAdapter


class TicTacToeActions(ActionTable):
    def _build(self) -> None:
        self.names = list(self.game.cell_names)


class TicTacToeRL(RLAdapter):
    actions = TicTacToeActions
    plane_names = ("own marks", "rival marks", "observer to move")

    def __init__(self, game) -> None:
        super().__init__(game)
        self.observation_shape = (3, game.size, game.size)

    def observe(self, view: View, player: int) -> np.ndarray:
        structure = view.structure()
        size = structure["board"]["ranks"]
        out = np.zeros((3, size, size), dtype=np.float32)
        for cell, pieces in structure["cells"].items():
            file, rank = FILE_LETTERS.index(cell[0]), int(cell[1:]) - 1
            out[0 if pieces[-1]["owner"] == player else 1, size - 1 - rank, file] = 1.0
        out[2] = 1.0 if structure["turn"]["player"] == player else 0.0
        return out

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0] * 1 + observation[1] * 2

    def max_game_length(self) -> int:
        return self.game.size ** 2
