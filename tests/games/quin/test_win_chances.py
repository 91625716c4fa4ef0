"""Win chances at the tactical edge (First Sight or a Light capture ends the game, whatever the hidden kinds): positions found by searching random games.

A win at once for the side to move is valued above 95% for it; a position where every move lets
the rival win at once below 5%.
"""

from __future__ import annotations

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.win_chances import loses_at_once, wins_at_once

WIN_AT_ONCE = "a1P+,a3v+,a4v+,a5S+,b5r+,c4V+,c5V+,d5V+,e1M+,f5T+,g3S,g4L,g5A,h4A,h5A,j2l,k4a,k5a,l1s+,l2m+,l3v+,l4v+,l5r+ N play A/aa RRPV/stpp 2/2 1/1 - - 95 0"
"""The side to move wins at once."""
EVERY_MOVE_LOSES = "a1P+,a3v+,a4v+,a5S+,b3V+,b5r+,c4V+,c5V+,e1M+,f5T+,g3S,g4L,g5A,h4A,h5A,j4l,k4a,k5a,l1s+,l2m+,l3v+,l4v+,l5r+ N play A/aa RRPV/stpp 2/2 1/1 - - 93 1"
"""Every move of the side to move lets the rival win at once."""


def test_a_win_at_once_is_near_certain_for_the_mover():
    state = abstracta.load("quin").parse(WIN_AT_ONCE)
    assert wins_at_once(state)
    assert win_chances(state)[state.player] > 0.95


def test_a_position_where_every_move_loses_at_once_is_near_lost():
    state = abstracta.load("quin").parse(EVERY_MOVE_LOSES)
    assert not wins_at_once(state) and loses_at_once(state) not in (None, state.player)
    assert win_chances(state)[state.player] < 0.05


def test_two_full_states_with_the_same_view_have_the_same_chances():
    import random

    game = abstracta.load("quin")
    state = game.parse(WIN_AT_ONCE)
    rng, tried = random.Random(3), 0
    for start_seed in range(4):  # also positions whose rival kinds are still hidden
        position, moves_rng = game.start(seed=start_seed), random.Random(start_seed)
        for _ in range(12):
            position = position.play(moves_rng.choice(position.moves()))
        for seen in (position, state):
            view = seen.view(seen.player)
            other = game.knowledge().sample_world(view, rng)  # another full state behind the same view
            assert other.view(seen.player).notation() == view.notation()
            assert win_chances(other) == win_chances(seen) and win_chances(other, seed=2) == win_chances(seen, seed=2)
            tried += other.notation() != seen.notation()
    assert tried  # some of the pairs really differ in what is hidden


ALLOWS_A_WIN = ("a4v+,b5r+,d3a+,e5L,f4V+,f5A+,g3V+,g4V+,h4A,j2l,j5a,l5r+,om+ N play -/- SSAARRMTPPV/ssaatppvvv 2/2 "
                "1/1 - - 185 0", "j2-h2")
"""North's ``j2-h2`` lets South win at once, though some other move does not."""


def _judged_from_the_movers_view(notation: str, move: str):
    from abstracta.bots.analysis import judge_move

    state = abstracta.load("quin").parse(notation)
    mover = state.player
    view, after = state.view(mover), state.play(move).view(mover)
    even = [0.5, 0.5]  # no drop at all: only the tactics can mark the move
    return judge_move(view, move, after, even, even, 1, mover), judge_move(view, move, after, even, even, 1, mover)


def test_missing_a_win_at_once_is_a_blunder_from_the_movers_view():
    state = abstracta.load("quin").parse(WIN_AT_ONCE)
    quiet = next(m for m in state.moves() if not state.play(m).over and state.play(m).player != state.player)
    judged, again = _judged_from_the_movers_view(WIN_AT_ONCE, quiet)
    assert (judged.mark, judged.reason) == ("blunder", "missed a win at once") and judged == again
    winning = next(m for m in state.moves() if state.play(m).over)
    assert _judged_from_the_movers_view(WIN_AT_ONCE, winning)[0].mark == ""


def test_allowing_a_win_at_once_is_a_blunder_from_the_movers_view():
    notation, move = ALLOWS_A_WIN
    state = abstracta.load("quin").parse(notation)
    assert wins_at_once(state.play(move)) and loses_at_once(state) is None  # the full state agrees
    judged, again = _judged_from_the_movers_view(notation, move)
    assert (judged.mark, judged.reason) == ("blunder", "allowed a win at once") and judged == again
    safe = [m for m in state.moves()[:30] if not wins_at_once(state.play(m))]
    assert safe and _judged_from_the_movers_view(notation, safe[0])[0].reason == ""
