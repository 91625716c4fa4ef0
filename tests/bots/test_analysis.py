"""Win probabilities and move marks from evaluations: the bot's own, or seeded random playouts."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import RandomBot
from abstracta.bots.analysis import analyse_game, bot_evaluator, mark_for, playout_evaluator, win_probability
from abstracta.bots.base import Bot
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
    plies = analyse_game(states, moves, playout_evaluator(8))
    chance = [p for p in plies if p.player == CHANCE]
    assert chance and all(p.mark == "" and p.loss == 0 for p in chance)


def test_playouts_are_repeatable_and_finished_games_use_their_returns():
    states, _ = random_game("strategic-reserve", 3, 10_000, reserve=1)
    evaluate = playout_evaluator(16, seed=5)
    assert evaluate(states[2]) == evaluate(states[2])
    assert evaluate(states[-1]) == states[-1].returns()
    assert all(-1 <= v <= 1 for v in evaluate(states[0]))


def test_a_bots_own_evaluation_is_used_when_it_declares_one():
    class Judging(Bot):
        name = "judging"
        evaluates = True

        def evaluate(self, state):
            return [0.8, -0.8]

    fallback = playout_evaluator(4)
    states, _ = random_game("laser-chess", 4, 2)
    assert bot_evaluator(Judging(), fallback)(states[1]) == [0.8, -0.8]
    assert bot_evaluator(RandomBot(1), fallback) is fallback
