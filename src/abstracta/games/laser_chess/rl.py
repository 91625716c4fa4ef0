"""Laser Chess for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: per square (file-major ``a1 a2 .. j8``) the 8 steps or swaps by direction
(n ne e se s sw w nw; ``<sq>-off-<k>`` fills a direction off the board), then clockwise
``<sq>+`` and counter-clockwise ``<sq>-``; last ``draw``: 801. Observation: 22 planes of
8 x 10, rows = ranks 8..1, columns a..j, from the observer's side. Red's frame
(``oriented=True``) turns the board half a turn, so each player's pieces start at the bottom.
"""

from __future__ import annotations

import re

import numpy as np

from abstracta.core.api import View
from abstracta.core.rl_adapter import ActionTable, BatchCore, Frame, RLAdapter
from abstracta.games.laser_chess.board import CLOSED_NAMES, FILES, KIND_WORDS, RANKS, SQUARE_NAMES, STEPS

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


# Where each square's piece lands in the planes: (row, column), and the kind and facing plane indices.
_CELL = {name: (RANKS - int(name[1:]), "abcdefghij".index(name[0])) for name in SQUARE_NAMES}
_KIND_PLANE = {word: index for index, word in enumerate(KIND_WORDS)}  # own kinds; the rival's are 5 later
_FACING_PLANE = {facing: 10 + index for index, facing in enumerate(FACINGS)}
# the same on the board turned half a turn (Red's frame): cells and facings opposite, but a Switch's
# facing names its mirror line, which the half turn keeps (see _HalfTurn)
_TURNED_CELL = {name: (7 - row, 9 - col) for name, (row, col) in _CELL.items()}
_OPPOSITE = dict(zip(FACINGS, ("s", "w", "n", "e", "sw", "nw", "ne", "se")))
_TURNED_FACING_PLANE = {facing: _FACING_PLANE[_OPPOSITE[facing]] for facing in FACINGS}


_SQUARE = re.compile(r"([a-j])([1-8])")
_OFF = re.compile(r"-off-(\d)")


def _half_turn_move(move: str) -> str:
    """``move`` on the board turned half a turn: squares and directions opposite, turns unchanged
    (a half turn keeps clockwise clockwise)."""
    move = _SQUARE.sub(lambda m: f"{'abcdefghij'[9 - 'abcdefghij'.index(m[1])]}{9 - int(m[2])}", move)
    return _OFF.sub(lambda m: f"-off-{(int(m[1]) + 4) % 8}", move)


def _half_turn_entry(plane: int, cell: int) -> tuple[int, int]:
    """Where observation entry (plane, cell) lands with the board turned half a turn."""
    if 10 <= plane < 18:  # a facing turns to the opposite one: n<->s, e<->w, ne<->sw, se<->nw
        plane = 10 + (plane - 10 + 2) % 4 if plane < 14 else 14 + (plane - 14 + 2) % 4
    return plane, 8 * 10 - 1 - cell


class _HalfTurn(Frame):
    """The half turn, with one correction the plane gather cannot make: a Deflector's facing names
    where its mirror looks (``ne`` turns to ``sw``), a Switch's names its mirror line (``/`` stays
    ``/``: docs/rules/laser-chess.md §2), so on a Switch's square the diagonal facings turn back."""

    def observation(self, observation: np.ndarray) -> np.ndarray:
        out = super().observation(observation)
        switch = (out[..., 2, :, :] + out[..., 7, :, :]) > 0  # own and rival Switch planes
        if out.ndim == 3:  # one observation: only the (few) Switch squares
            rows, columns = np.nonzero(switch)
            out[14:18, rows, columns] = out[[16, 17, 14, 15]][:, rows, columns]
            return out
        diagonals = out[..., 14:18, :, :]
        diagonals[...] = np.where(switch[..., None, :, :], diagonals[..., [2, 3, 0, 1], :, :], diagonals)
        return out


class LaserChessRL(RLAdapter):
    actions = LaserChessActions
    observation_shape = (22, 8, 10)
    plane_names = PLANES

    def observe(self, view: View, player: int) -> np.ndarray:
        """The planes of ``view`` from ``player``'s side, read from its structured position."""
        return self._planes(view, player, turned=False)

    def oriented_observe(self, view: View, player: int) -> np.ndarray:
        """``observe`` in ``player``'s frame, written turned at once (no gather afterwards)."""
        return self._planes(view, player, turned=player == 1)

    def _planes(self, view: View, player: int, turned: bool) -> np.ndarray:
        structure = view.structure()
        out = np.zeros((22, 8, 10), dtype=np.float32)
        cells, facings = (_TURNED_CELL, _TURNED_FACING_PLANE) if turned else (_CELL, _FACING_PLANE)
        for name, (piece,) in structure["cells"].items():
            row, col = cells[name]
            kind = piece["kind"]
            out[_KIND_PLANE[kind] + (0 if piece["owner"] == player else 5), row, col] = 1.0
            facing = piece.get("facing")
            if facing is not None:
                out[(_FACING_PLANE if kind == "switch" else facings)[facing], row, col] = 1.0
        # a half turn carries each colour's closed squares onto the other colour's
        out[18] = _CLOSED_PLANES[1 - player if turned else player]
        out[19] = _CLOSED_PLANES[player if turned else 1 - player]
        extra = structure["extra"]
        out[20] = 1.0 if extra["side"] == player else 0.0
        limit = self.game.options.get("max_plies")
        if limit:
            out[21] = extra["plies"] / limit
        return out

    def frame(self, player: int) -> Frame | None:
        """Red (player 1) sees the board turned half a turn, its own King's rank at the bottom;
        the "own"/"rival" and "closed to" planes already follow the observer."""
        if player == 0:
            return None
        return _HalfTurn.from_maps("half turn", self.observation_shape, _half_turn_entry, LaserChessActions(self.game),
                                   _half_turn_move)

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        return observation[0:5].sum(0) * 1 + observation[5:10].sum(0) * 2

    def max_game_length(self) -> int | None:
        return self.game.options["max_plies"] or None

    def batch_core(self, num_envs: int, oriented: bool = True) -> BatchCore | None:
        """The compiled core's batch (``compiled/batch.c``), or None when the core is not available."""
        from abstracta.games.laser_chess import compiled

        return compiled.Batch(self.game.start(), num_envs, oriented) if compiled.available() else None
