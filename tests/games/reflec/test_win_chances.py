"""Win chances at the tactical edge (the fires of one turn end the game): positions found by searching random games.

A win at once for the side to move is valued above 95% for it; a position where every move lets
the rival win at once below 5%.
"""

from __future__ import annotations

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.win_chances import loses_at_once, wins_at_once

WIN_AT_ONCE = "M*CnAnMw2Ce1/2As4Aw/2Ss2An1Ss/2CwSwSs3/MsSsCsMe2Cs1/3Ms2MnSw/1AeMe5/S*1Cw3AeA* S0:0,M0:0,C2:0x,A3:0 A play 3 3 -/- - -"
"""The side to move wins at once."""
EVERY_MOVE_LOSES = "M*1AnMw2Ce1/1CsAs2AwAw1/2SsSe3Ss/3Cw4/MsSsCsMeSw1Cs1/3Ms2MnSw/2Me5/S*AwCw3AeA* S0:0,M0:0,C2:0x,A0:0 S play 0 4 -/- - -"
"""Every move of the side to move lets the rival win at once."""


def test_a_win_at_once_is_near_certain_for_the_mover():
    state = abstracta.load("reflec").parse(WIN_AT_ONCE)
    assert wins_at_once(state)
    assert win_chances(state)[state.player] > 0.95


def test_a_position_where_every_move_loses_at_once_is_near_lost():
    state = abstracta.load("reflec").parse(EVERY_MOVE_LOSES)
    assert not wins_at_once(state) and loses_at_once(state) not in (None, state.player)
    assert win_chances(state)[state.player] < 0.05


def test_missing_the_win_at_once_is_a_blunder_whatever_the_drop():
    from abstracta.bots.analysis import judge_move

    state = abstracta.load("reflec").parse(WIN_AT_ONCE)
    mover = state.player
    for move in state.moves():
        after = state.play(move)
        if not after.over and after.player != mover:  # a move that ends the turn without winning
            even = [0.5, 0.5]
            judged = judge_move(state, move, after, even, even, 1, mover)
            assert (judged.mark, judged.reason) == ("blunder", "missed a win at once")
            return
    raise AssertionError("no quiet move found")


def test_when_every_move_loses_at_once_no_move_is_marked():
    from abstracta.bots.analysis import judge_move

    state = abstracta.load("reflec").parse(EVERY_MOVE_LOSES)
    mover = state.player
    move = state.moves()[0]
    after = state.play(move)
    before = [0.0, 0.0]
    before[mover] = 0.9  # even a drop of 89 points: no alternative was better
    judged = judge_move(state, move, after, before, win_chances(after), 1, mover)
    assert judged.mark == "" and judged.reason in ("no better move", "only move")
