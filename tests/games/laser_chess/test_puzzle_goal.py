"""Laser Chess puzzles, "hit the King in 2": the goal, and its proof on the compiled core
(``lc_forced_win``) against the Python AND-OR search, node for node below every first move."""

from __future__ import annotations

import pytest

import abstracta
from abstracta.bots import puzzles as made
from abstracta.games.laser_chess import compiled

FOUND = {
    "ls3bskdse3/2dsw2bsDnw1dse1/3Dnw4Dsw1/1Sne1sne1snw4/2dne4dseDsw1/dne4dne4/5Snw2Dne1/2Dnw1K1Bn2Ln r": "f5-e4",
    "ls3bskSne3/6dse3/dnedsw1snwbsdnw4/4Bw3Dnw1/5dseSne3/1dne1Dnwsnw1Dne2Dsw/8dse1/4KBn3Ln r": "b3-b2",
}
"""Positions the generator found in easy bots' games (``generate(seed=0)``), with their one solution."""


@pytest.mark.parametrize("position", FOUND)
def test_a_found_position_has_one_winning_first_move_in_python_and_on_the_core(position):
    game = abstracta.load("laser-chess")
    goal = game.puzzle_goal()
    state = game.parse(position)
    assert made.winning_moves(state, goal, compiled=False) == [FOUND[position]]
    assert made.winning_moves(state, goal, 1, compiled=False) == []
    assert made.unique_solution(state, goal) == FOUND[position]  # the core, where it is built
    assert goal.sentence(state) == "Red to play: hit Blue's King within 2 moves, whatever Blue does."


@pytest.mark.skipif(not compiled.available(), reason="the Laser Chess core is not built or is turned off")
@pytest.mark.parametrize("position", FOUND)
def test_the_core_proves_what_python_proves_below_every_first_move(position):
    state = abstracta.load("laser-chess").parse(position)
    goal = state.game.puzzle_goal()
    prover = made.Prover(goal, state, state.player, compiled=False)
    for move in state.moves():
        after = state.play(move)
        for turns_left in (0, 1):
            expected = prover.wins(after, turns_left, (state.player, state.seat))
            assert compiled.forced_win(after, state.player, turns_left) == expected, (move, turns_left)
            assert goal.compiled_wins(after, state.player, turns_left, False) == expected


def test_after_the_solution_every_answer_leaves_a_shot_at_the_king():
    game = abstracta.load("laser-chess")
    goal = game.puzzle_goal()
    position = next(iter(FOUND))
    start = game.parse(position)
    solution = FOUND[position]
    after = start.play(solution)
    assert not goal.achieved(start, after, start.player)  # not a one-move win
    # every Blue answer leaves Red a move that hits Blue's King
    for reply in after.moves():
        answered = after.play(reply)
        assert any(goal.achieved(start, answered.play(move), start.player) for move in answered.moves())
