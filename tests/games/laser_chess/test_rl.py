"""The observation planes of Laser Chess (``rl.py``), checked square by square against the engine's board."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.games.laser_chess.board import COLOUR, FACING, FACING_NAMES, KIND, SQUARE_NAMES

np = pytest.importorskip("numpy")  # the rl extra
FACING_PLANES = ("n", "e", "s", "w", "ne", "se", "sw", "nw")


@pytest.mark.parametrize("options", [{"setup": "grail"}, {"setup": "sophie", "max_plies": 25}])
def test_planes_follow_the_board_the_side_to_move_and_the_ply_count(options):
    game = abstracta.load("laser-chess", **options)
    adapter = game.rl_adapter()
    rng = random.Random(5)
    state = game.start()
    while True:
        for player in (0, 1):
            planes = adapter.observe(state.view(player), player)
            expected = np.zeros((18, 8, 10), dtype=np.float32)
            for square, code in enumerate(state.board):
                if code:
                    row, col = 8 - int(SQUARE_NAMES[square][1]), "abcdefghij".index(SQUARE_NAMES[square][0])
                    expected[KIND[code] + (0 if COLOUR[code] == player else 5), row, col] = 1
                    facing = FACING_NAMES[KIND[code]][FACING[code]]
                    if facing:
                        expected[10 + FACING_PLANES.index(facing), row, col] = 1
            assert np.array_equal(planes[:18], expected), (state.notation(), player)
            assert planes[20].min() == planes[20].max() == (1.0 if state.turn == player else 0.0)
            limit = options.get("max_plies")
            assert planes[21].max() == (state.plies / limit if limit else 0.0)
        if state.over:
            break
        state = state.play(rng.choice(state.moves()))
