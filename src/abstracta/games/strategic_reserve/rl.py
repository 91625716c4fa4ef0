"""Strategic Reserve for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: the 36 placements ``a1=0, a2=1, ..., f6=35``; the 36 rolls ``p,g`` are chance outcomes
numbered ``6*(p-1) + (g-1)``. Observation: 7 planes of 6 x 6 read from the view's structured
position, rows = ranks 6..1 (rank 6 on top), columns a..f. Blue's frame (``oriented=True``)
turns the board half a turn, as Blue reads its dice (docs/rules/strategic-reserve.md D3); the
symmetries are the transpose, the half turn and the anti-transpose, which keep the setup and
the rules (the dice read in the image's frame).
"""

from __future__ import annotations

import numpy as np

from abstracta.core.board import file_major_names
from abstracta.core.api import View
from abstracta.core.rl_adapter import ActionTable, BatchCore, Frame, RLAdapter


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


def _square_map(name: str, to_cell) -> tuple:
    """The board map of a symmetry: ``(entry, move)`` for ``Frame.from_maps``, from ``to_cell(row, column)``."""

    def entry(plane: int, cell: int) -> tuple[int, int]:
        if plane == 5 and name in ("transpose", "anti-transpose"):  # purple counts files, green ranks
            plane = 6
        elif plane == 6 and name in ("transpose", "anti-transpose"):
            plane = 5
        row, column = to_cell(*divmod(cell, 6))
        return plane, 6 * row + column

    def move(square: str) -> str:
        row, column = to_cell(*_ROW_COLUMN[square])
        return f"{'abcdef'[column]}{6 - row}"

    return entry, move


# (row, column) -> (row, column) of each board symmetry; rows run from rank 6 down
_MAPS = {
    "half turn": lambda row, column: (5 - row, 5 - column),
    "transpose": lambda row, column: (5 - column, 5 - row),  # file <-> rank: a1 stays, a6 <-> f1
    "anti-transpose": lambda row, column: (column, row),  # a1 <-> f6
}


class _DiceSymmetry(Frame):
    """A symmetry that also reads a pending roll ``p,g`` backwards (``7-p, 7-g``), as the half turn
    and the anti-transpose do: planes 5 and 6 hold ``p/6`` and ``g/6``, 0 with no roll."""

    def observation(self, observation: np.ndarray) -> np.ndarray:
        out = super().observation(observation)
        dice = out[..., 5:7, :, :]
        dice[...] = np.where(dice > 0, (7 - np.rint(dice * 6)) / 6, 0.0)
        return out


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

    def _symmetry(self, name: str) -> Frame:
        entry, move = _square_map(name, _MAPS[name])
        kind = Frame if name == "transpose" else _DiceSymmetry  # the transpose only swaps the two dice
        return kind.from_maps(name, self.observation_shape, entry, StrategicReserveActions(self.game), move)

    def frame(self, player: int) -> Frame | None:
        """Blue (player 1) sees the board turned half a turn: its roll ``p,g`` then hits file p,
        rank g of what it sees, as Red's does; the dice planes hold the rolled values as they are."""
        if player == 0:
            return None
        entry, move = _square_map("half turn", _MAPS["half turn"])
        return Frame.from_maps("half turn", self.observation_shape, entry, StrategicReserveActions(self.game), move)

    def symmetries(self) -> list[Frame]:
        """The board symmetries that keep the setup (each colour's six squares map onto
        themselves) with the dice read in the image's frame; a half turn and both diagonal
        reflections. The left-right mirror swaps the colours of the setup, so it is not one."""
        return [self._symmetry(name) for name in _MAPS]

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0] * 1 + observation[1] * 2

    def max_game_length(self) -> int | None:
        max_turns = self.game.options["max_turns"]
        return 2 * max_turns if max_turns else None

    def batch_core(self, num_envs: int, oriented: bool = True) -> BatchCore | None:
        """The compiled core's batch (``compiled/batch.c``), or None when the core is not available."""
        from abstracta.games.strategic_reserve import compiled

        return compiled.Batch(self.game, num_envs, oriented) if compiled.available() else None
