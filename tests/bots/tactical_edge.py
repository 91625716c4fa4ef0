"""The checks of win chances at the tactical edge, shared by the games' tests (tests/games/<name>/test_win_chances.py).

Each takes a state found for its game: ``winning``, where the side to move wins at once, and
``losing``, where every move of the side to move lets the rival win at once.
"""

from __future__ import annotations

from abstracta.bots import win_chances
from abstracta.bots.analysis import judge_move
from abstracta.bots.win_chances import loses_at_once, wins_at_once


def check_a_win_at_once_is_near_certain_for_the_mover(winning) -> None:
    assert wins_at_once(winning)
    assert win_chances(winning)[winning.player] > 0.95


def check_a_position_where_every_move_loses_at_once_is_near_lost(losing) -> None:
    assert not wins_at_once(losing) and loses_at_once(losing) not in (None, losing.player)
    assert win_chances(losing)[losing.player] < 0.05


def check_missing_the_win_at_once_is_a_blunder_whatever_the_drop(winning) -> None:
    mover = winning.player
    for move in winning.moves():
        after = winning.play(move)
        if not after.over and after.player != mover:  # a move that ends the turn without winning
            even = [0.5, 0.5]
            judged = judge_move(winning, move, after, even, even, 1, mover)
            assert (judged.mark, judged.reason) == ("blunder", "missed a win at once")
            return
    raise AssertionError("no quiet move found")


def check_when_every_move_loses_at_once_no_move_is_marked(losing) -> None:
    mover = losing.player
    move = losing.moves()[0]
    after = losing.play(move)
    before = [0.0, 0.0]
    before[mover] = 0.9  # even a drop of 89 points: no alternative was better
    judged = judge_move(losing, move, after, before, win_chances(after), 1, mover)
    assert judged.mark == "" and judged.reason in ("no better move", "only move")
