"""Win chances at the tactical edge (the fires of one turn end the game): positions found by searching random games.

A win at once for the side to move is valued above 95% for it; a position where every move lets
the rival win at once below 5%.
"""

from __future__ import annotations

import abstracta
from tests.bots import tactical_edge

WIN_AT_ONCE = "M*CnAnMw2Ce1/2As4Aw/2Ss2An1Ss/2CwSwSs3/MsSsCsMe2Cs1/3Ms2MnSw/1AeMe5/S*1Cw3AeA* S0:0,M0:0,C2:0x,A3:0 A play 3 3 -/- - -"
"""The side to move wins at once."""
EVERY_MOVE_LOSES = "M*1AnMw2Ce1/1CsAs2AwAw1/2SsSe3Ss/3Cw4/MsSsCsMeSw1Cs1/3Ms2MnSw/2Me5/S*AwCw3AeA* S0:0,M0:0,C2:0x,A0:0 S play 0 4 -/- - -"
"""Every move of the side to move lets the rival win at once."""


GAME = abstracta.load("reflec")


def test_a_win_at_once_is_near_certain_for_the_mover():
    tactical_edge.check_a_win_at_once_is_near_certain_for_the_mover(GAME.parse(WIN_AT_ONCE))


def test_a_position_where_every_move_loses_at_once_is_near_lost():
    tactical_edge.check_a_position_where_every_move_loses_at_once_is_near_lost(GAME.parse(EVERY_MOVE_LOSES))


def test_missing_the_win_at_once_is_a_blunder_whatever_the_drop():
    tactical_edge.check_missing_the_win_at_once_is_a_blunder_whatever_the_drop(GAME.parse(WIN_AT_ONCE))


def test_when_every_move_loses_at_once_no_move_is_marked():
    tactical_edge.check_when_every_move_loses_at_once_no_move_is_marked(GAME.parse(EVERY_MOVE_LOSES))
