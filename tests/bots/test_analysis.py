"""Win probabilities, move marks and accuracy: from win_chances, or from a given evaluation."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.analysis import analyse_game, mark_for, move_accuracy, summarise, win_probability
from abstracta.core.errors import CHANCE


def test_win_probability_maps_values_onto_zero_to_one():
    assert [win_probability(v) for v in (-1, 0, 1, 0.5, 3, -2)] == [0.0, 0.5, 1.0, 0.75, 1.0, 0.0]


@pytest.mark.parametrize("loss, mark", [(0.05, ""), (0.1, "inaccuracy"), (0.19, "inaccuracy"), (0.2, "mistake"),
                                        (0.3, "blunder"), (0.9, "blunder")])  # fmt: skip
def test_marks_at_ten_twenty_thirty_points(loss, mark):
    assert mark_for(loss) == mark


def random_game(slug: str, seed: int, plies: int, **options):
    game = abstracta.load(slug, **options)
    rng = random.Random(seed)
    states, moves = [game.start(seed=seed)], []
    while not states[-1].over and len(moves) < plies:
        moves.append(rng.choice(states[-1].moves()))
        states.append(states[-1].play(moves[-1]))
    return states, moves


def test_a_move_that_drops_the_movers_value_is_marked_by_how_much():
    states, moves = random_game("laser-chess", 1, 4)
    # Position values by index; the movers alternate 0, 1, 0, 1.
    values = {0: [0.0, 0.0], 1: [-0.5, 0.5], 2: [0.5, -0.5], 3: [-0.3, 0.3], 4: [-0.3, 0.3]}
    lookup = {id(state): values[i] for i, state in enumerate(states)}
    plies = analyse_game(states, moves, lambda state: lookup[id(state)])
    assert [p.player for p in plies] == [0, 1, 0, 1]
    assert [p.mark for p in plies] == ["mistake", "blunder", "blunder", ""]
    assert [p.loss for p in plies] == pytest.approx([0.25, 0.5, 0.4, 0.0])


def test_chance_outcomes_are_never_marked():
    states, moves = random_game("strategic-reserve", 2, 6)
    plies = analyse_game(states, moves)
    chance = [p for p in plies if p.player == CHANCE]
    assert chance and all(p.mark == "" and p.loss == 0 for p in chance)


def test_win_chances_are_repeatable_and_finished_games_use_their_returns():
    states, _ = random_game("strategic-reserve", 3, 10_000, reserve=1)
    assert win_chances(states[2], seed=5) == win_chances(states[2], seed=5)
    assert win_chances(states[-1]) == [win_probability(v) for v in states[-1].returns()]
    assert all(0 <= p <= 1 for p in win_chances(states[0])) and sum(win_chances(states[0])) == pytest.approx(1)


def test_accuracy_follows_lichess_formula():
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0.10) == pytest.approx(103.1668 * 2.718281828 ** (-0.4354) - 3.1669)
    assert move_accuracy(1.0) == 0.0
    states, moves = random_game("laser-chess", 1, 4)
    values = {0: [0.0, 0.0], 1: [-0.5, 0.5], 2: [0.5, -0.5], 3: [-0.3, 0.3], 4: [-0.3, 0.3]}
    lookup = {id(state): values[i] for i, state in enumerate(states)}
    red, blue = summarise(analyse_game(states, moves, lambda state: lookup[id(state)]), 2)
    assert red.accuracy == pytest.approx(round((move_accuracy(0.25) + move_accuracy(0.4)) / 2, 1))
    assert red.counts == {"inaccuracy": 0, "mistake": 1, "blunder": 1} and blue.moves == 2
