"""Reflec puzzles, two players: "destroy a laser this turn". A hand-made position with one key move,
the goal's reading of points, and the cut the proof takes in the last turn (only actions that leave
enough points for a shot)."""

from __future__ import annotations

import random

import abstracta
from abstracta.bots import puzzles as made
from abstracta.games.reflec.puzzle_goal import FIRE_COST, cost, points_left
from abstracta.games.reflec.rules import PLAY_PHASE
from tests.games.reflec.helpers import parse, position

BOXED = position({"a2": "Mw", "b1": "Ss", "b2": "An", "c1": "Me", "c2": "Mn"}, dice="1222", tiles=3)
"""Suns' laser on a1 is boxed in: north the Moons coin on a2 sends the beam off the west edge, east
the Suns coin on b1 sends it off the south edge, and no piece around can step. Turning b1 east opens
rank 1 (the Moons coin on c1 points east too) to Arms' laser on h1; with 4 points (3 tile, die 1)
that is the one first move: turning b1 north runs the beam off the top, west into Suns' own laser."""


def test_the_one_key_move_of_a_hand_made_position():
    state = parse(BOXED)
    goal = state.game.puzzle_goal()
    assert goal.suits(state) and points_left(state) == 4
    assert made.winning_moves(state, goal) == ["b1=e"]
    assert made.unique_solution(state, goal) == "b1=e"
    assert goal.sentence(state) == ("Suns to act with 4 points left (3 tile, 1 on the die): destroy a laser of "
                                    "Moons or Arms this turn.")  # fmt: skip
    moons_lost = parse(position({"b1": "Ss"}, dice="1222", destroyed="M"))
    assert goal.sentence(moons_lost).endswith("destroy the Arms laser this turn.")
    after = state.play("b1=e").play("*e")
    assert goal.achieved(state, after, 0) and after.scores() == [2, 1]
    own = state.play("b1=w").play("*e")  # Suns' own laser is lost: not the goal
    assert own.scores() == [1, 2] and not goal.achieved(state, own, 0)


def test_cost_reads_what_each_action_spends():
    rng = random.Random(5)
    state = abstracta.load("reflec").start(seed=5)
    checked = 0
    while not state.over and checked < 300:
        if state.phase == PLAY_PHASE:
            for move in state.moves():
                after = state.play(move)
                if after.acting == state.acting and not after.over and move != "end":
                    assert points_left(state) - points_left(after) == cost(move), move
                    checked += 1
        state = state.play(rng.choice(state.moves()))
    assert checked >= 300 and cost("*n") == FIRE_COST and cost("end") == 0


def test_in_the_last_turn_only_shots_and_actions_that_leave_a_shot_are_tried():
    state = parse(BOXED)
    goal = state.game.puzzle_goal()
    useful = goal.useful_moves(state, state, 0, 0, state.moves())
    assert useful and all(m.startswith("*") or cost(m) <= 1 for m in useful) and "end" not in useful
    assert goal.useful_moves(state, state, 0, 1, state.moves()) == state.moves()  # a later turn: no cut
    assert abstracta.load("reflec", players=3).puzzle_goal() is None
