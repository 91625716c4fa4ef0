"""Win chances at the tactical edge (King shot: the side to move fires its laser into the rival King): positions found by searching random games.

A win at once for the side to move is valued above 95% for it; a position where every move lets
the rival win at once below 5%.
"""

from __future__ import annotations

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.win_chances import loses_at_once, wins_at_once

WIN_AT_ONCE = "ls3bskbs3/2dsw4dse2/3Dnwsne5/dne3snw2dsedneDnw/dse3SneSnw3Dsw/6dse3/7Dne2/2DswBwKBn3Ln b"
"""The side to move wins at once."""
EVERY_MOVE_LOSES = "ls3dsw1dse3/5bsk3/3snw1snwbs3/3Sne5Dse/5Snw1dnw2/dne2Dsw6/1dswK3dse3/5Bw1Dne1Ln b"
"""Every move of the side to move lets the rival win at once."""


def test_a_win_at_once_is_near_certain_for_the_mover():
    state = abstracta.load("laser-chess").parse(WIN_AT_ONCE)
    assert wins_at_once(state)
    assert win_chances(state)[state.player] > 0.95


def test_a_position_where_every_move_loses_at_once_is_near_lost():
    state = abstracta.load("laser-chess").parse(EVERY_MOVE_LOSES)
    assert not wins_at_once(state) and loses_at_once(state) not in (None, state.player)
    assert win_chances(state)[state.player] < 0.05
