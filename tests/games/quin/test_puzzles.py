"""Quin puzzles ("reach First Sight in 2" from the solver's view, ``games/quin/puzzle_goal.py``): the
worlds of a view are every deal its hidden pieces allow, a planted forced First Sight is found and
is the only winning first move, a hidden world that refutes it rejects it, and the last turn's cut
to the Light's step onto First Sight gives the same answers as the search without it (the puzzle API's
side: tests/server/test_puzzles_api.py)."""

from __future__ import annotations

import math
import random

import abstracta
from abstracta.bots import puzzles as made
from abstracta.core.puzzle_goal import PuzzleGoal
from abstracta.games.quin.puzzle_goal import GOAL, FirstSightInTwo, count_worlds

GAME, _ = made.puzzle_game(abstracta.load("quin"))
PLANTED = "f3L,g1r+,k5?,l5? S play -/0 SSAAAARRMTPPVVVV/ssaaaarmtppvvv 0/0 1/1 - - 50 0 S"
"""South's Light on f3; North shows a Reflector on g1 and hides its Light and a Void on k5 and l5.
f3-f1 wins: whatever the Reflector does (onto f1 it swaps, and the Light walks in from g1), the
Light steps onto First Sight next turn. f3-f2 does not: the Reflector blocks f1. Nothing wins at once."""
REFUTED = PLANTED.replace("g1r+", "g1?")
"""The same, but the piece on g1 is hidden: where it is the Void or North's Light, it takes the Light
on f1 (or walks in itself), so f3-f1 wins only in the worlds where g1 is the Reflector."""


def test_the_worlds_of_a_view_are_every_deal_it_allows():
    view = GAME.parse(REFUTED)
    worlds = list(GOAL.worlds(view))
    assert len(worlds) == math.factorial(3) == count_worlds(view, 100)  # L, R, V over g1, k5, l5
    assert len({world.notation() for world in worlds}) == len(worlds)
    assert all(world.view(0).notation() == view.notation() for world in worlds)
    # a late position of a bot game: as many worlds as the multinomial of the unseen kinds
    state = GAME.start()
    rng = random.Random(3)
    while state.turns < 40 and not state.over:
        state = state.play(rng.choice(state.moves()))
    view = state.view(state.player)
    worlds = {world.notation() for world in GOAL.worlds(view)}
    assert worlds and all(GAME.parse(text).view(view.viewer).notation() == view.notation() for text in worlds)
    assert state.notation() in worlds


def test_a_planted_first_sight_in_two_is_found_and_is_the_only_winning_move():
    view = GAME.parse(PLANTED)
    assert made.winning_moves(view, GOAL) == ["f3-f1"]
    assert made.winning_moves(view, GOAL, 1) == []
    assert made.unique_solution(view, GOAL) == "f3-f1"
    puzzle = made.make_puzzle(view, GOAL, "f3-f1", levels=("random",), seeds=(1,))
    assert made.verify(puzzle, GAME) == [] and "?" in puzzle.position["position"]
    assert puzzle.sentence.startswith("South to play: bring your Light to First Sight within 2 turns")


def test_a_hidden_world_that_refutes_the_move_rejects_it():
    view = GAME.parse(REFUTED)
    holds = {world.notation().split(" ")[0]: made.Prover(GOAL, world, 0).first_move_wins("f3-f1", 2)
             for world in GOAL.worlds(view)}  # fmt: skip
    assert holds["f3L,g1r,k5l,l5v"] and not holds["f3L,g1v,k5l,l5r"] and not holds["f3L,g1l,k5r,l5v"]
    assert made.winning_moves(view, GOAL) == [] and made.unique_solution(view, GOAL) is None


class NoCut(FirstSightInTwo):
    useful_moves = PuzzleGoal.useful_moves  # every move searched in the last turn too


def test_the_last_turn_cut_gives_the_answers_of_the_full_search():
    starts = []
    for world in GOAL.worlds(GAME.parse(PLANTED)):
        for move in ("f3-f1", "f3-f2"):
            after = world.play(move)
            starts += [after.play(reply) for reply in after.moves()[:6]]
    rng = random.Random(5)
    state = GAME.start()
    while len(starts) < 60 and not state.over:
        state = state.play(rng.choice(state.moves()))
        if state.player == 0 and state.free == 0:
            starts.append(state)
    answers = []
    for start in starts:
        if start.over or start.player != 0:
            continue
        cut = made.Prover(GOAL, start, 0).wins(start, 1, None)
        assert cut == made.Prover(NoCut(), start, 0).wins(start, 1, None), start.notation()
        answers.append(cut)
    assert True in answers and False in answers

