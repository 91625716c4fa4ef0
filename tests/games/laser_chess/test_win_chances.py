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


def test_missing_the_win_at_once_is_a_blunder_whatever_the_drop():
    from abstracta.bots.analysis import judge_move

    state = abstracta.load("laser-chess").parse(WIN_AT_ONCE)
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

    state = abstracta.load("laser-chess").parse(EVERY_MOVE_LOSES)
    mover = state.player
    move = state.moves()[0]
    after = state.play(move)
    before = [0.0, 0.0]
    before[mover] = 0.9  # even a drop of 89 points: no alternative was better
    judged = judge_move(state, move, after, before, win_chances(after), 1, mover)
    assert judged.mark == "" and judged.reason in ("no better move", "only move")
