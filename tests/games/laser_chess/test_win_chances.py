"""Win chances at the tactical edge (King shot: the side to move fires its laser into the rival King): positions found by searching random games.

A win at once for the side to move is valued above 95% for it; a position where every move lets
the rival win at once below 5%.
"""

from __future__ import annotations

import abstracta
from tests.bots import tactical_edge

WIN_AT_ONCE = "ls3bskbs3/2dsw4dse2/3Dnwsne5/dne3snw2dsedneDnw/dse3SneSnw3Dsw/6dse3/7Dne2/2DswBwKBn3Ln b"
"""The side to move wins at once."""
EVERY_MOVE_LOSES = "ls3dsw1dse3/5bsk3/3snw1snwbs3/3Sne5Dse/5Snw1dnw2/dne2Dsw6/1dswK3dse3/5Bw1Dne1Ln b"
"""Every move of the side to move lets the rival win at once."""


GAME = abstracta.load("laser-chess")


def test_a_win_at_once_is_near_certain_for_the_mover():
    tactical_edge.check_a_win_at_once_is_near_certain_for_the_mover(GAME.parse(WIN_AT_ONCE))


def test_a_position_where_every_move_loses_at_once_is_near_lost():
    tactical_edge.check_a_position_where_every_move_loses_at_once_is_near_lost(GAME.parse(EVERY_MOVE_LOSES))


def test_missing_the_win_at_once_is_a_blunder_whatever_the_drop():
    tactical_edge.check_missing_the_win_at_once_is_a_blunder_whatever_the_drop(GAME.parse(WIN_AT_ONCE))


def test_when_every_move_loses_at_once_no_move_is_marked():
    tactical_edge.check_when_every_move_loses_at_once_no_move_is_marked(GAME.parse(EVERY_MOVE_LOSES))
