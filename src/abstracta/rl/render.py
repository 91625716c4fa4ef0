"""Pictures of a position for ``render()``: the terminal board as text (returned for ``"ansi"``,
printed for ``"human"``), and a small RGB image.

``ansi`` is the game's own terminal picture (``game.terminal_picture()``) drawn for a plain
120-column screen, the text the command line prints to a file, without rich or the command
line (a headless trainer needs neither). ``rgb_array`` paints the
observation planes of player 0 as coloured cells with numpy alone, so it needs no plotting
library: the game's RL adapter lays the planes out as a grid of cells (``owner_grid``), and
each cell is a block whose colour says whose piece stands there.
"""

from __future__ import annotations

import numpy as np

from abstracta.core.api import State
from abstracta.core.terminal import PLAIN
from abstracta.rl.adapters import adapter_of
from abstracta.rl.observations import observation

CELL = 24
_EMPTY = np.array([236, 228, 208], dtype=np.uint8)
_DARK = np.array([200, 190, 168], dtype=np.uint8)
_OWN = np.array([200, 40, 40], dtype=np.uint8)
_RIVAL = np.array([40, 70, 200], dtype=np.uint8)
_OTHER = (np.array([40, 160, 60], dtype=np.uint8), np.array([200, 160, 20], dtype=np.uint8))


def ansi(state: State) -> str:
    """The terminal board of ``state`` as plain text (hidden information: as a spectator sees it)."""
    shown = state if state.game.perfect_information else state.view(None)
    picture = state.game.terminal_picture()
    return picture.board(shown, list(shown.last_effects()), PLAIN, hints=False).plain() + "\n"


def show(state: State) -> None:
    """``render_mode="human"``: print the board of ``ansi`` to standard output, as PettingZoo's classic games do."""
    print(ansi(state), flush=True)


def _owner_grid(state: State) -> np.ndarray:
    """Per board cell: 0 empty, 1 player 0's piece, 2 a rival's, 3/4 other suits (drawn from player 0's view)."""
    adapter = adapter_of(state.game)
    grid = adapter.owner_grid(observation(state.view(0), 0))
    if grid is None:
        raise ValueError(f"no picture for game {state.game.slug!r}: its RL adapter gives no owner_grid")
    return grid


def rgb_array(state: State) -> np.ndarray:
    """An ``(H, W, 3)`` uint8 picture of the board of ``state``."""
    grid = _owner_grid(state)
    rows, cols = grid.shape
    image = np.empty((rows * CELL, cols * CELL, 3), dtype=np.uint8)
    palette = [None, _OWN, _RIVAL, *_OTHER]
    for r in range(rows):
        for c in range(cols):
            block = image[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]
            block[:] = _EMPTY if (r + c) % 2 == 0 else _DARK
            value = int(round(float(grid[r, c])))
            if value:
                block[4:-4, 4:-4] = palette[value]
    return image
