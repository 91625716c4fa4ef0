"""The Strategic Reserve knowledge: exact exposure to the next roll, keys, ordering, and the safest placement."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.bots.expectimax import ExpectimaxBot
from abstracta.games.strategic_reserve.evaluation import (
    StrategicReserveKnowledge,
    expected_loss_after,
    expected_removals,
    groups_of,
)

GAME = abstracta.load("strategic-reserve")

# Positions from random games where one placement is, over the rival's 36 next rolls, safest by at
# least 3/36 of a checker (checked by brute force below), with the mover's three safest squares.
SAFEST_PLACEMENTS = [
    ("2R1RR/R1R1RB/RRR3/5B/BBB1B1/1BB1BR b 2 3 2,4 21", "d3"),
    ("R2BBB/RBR3/B2RBR/1R1B2/R1B1RB/1R3R r 2 3 4,2 42", "d1"),
    ("1R1RBR/1RRB1B/RR2BB/4B1/1R2BR/1R1B2 r 2 4 1,5 24", "c3"),
]


def _removed_by_next_roll(state, move: str) -> float:
    """Average checkers of the mover that the rival's next roll sends back after ``move``, over the 36 rolls."""
    placed = state.play(move)
    mover = state.side
    total = 0
    for outcome in placed.moves():
        rolled = placed.play(outcome)
        total += rolled.scores()[mover] - placed.scores()[mover]
    return total / 36


def _random_states(games: int, seed: int) -> list:
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = GAME.start()
        while not state.over:
            states.append(state)
            state = state.play(rng.choice(state.moves()))
    return states


def test_groups_of_splits_a_colour_into_its_orthogonal_groups() -> None:
    state = GAME.parse("2R1RR/R1R1RB/RRR3/5B/BBB1B1/1BB1BR b 2 3 2,4 21")
    groups = groups_of(state.red)
    assert sum(groups) == state.red
    assert sum(group.bit_count() for group in groups) == state.red.bit_count()
    assert len(groups) == len({*groups})


def test_expected_removals_match_all_36_rolls_of_the_engine() -> None:
    for state in _random_states(6, seed=4):
        if state.player != CHANCE:
            continue
        roller = state.side
        victim = 1 - roller
        mine, theirs = (state.red, state.blue) if victim == 0 else (state.blue, state.red)
        sent_back = sum(state.play(outcome).scores()[victim] - state.scores()[victim] for outcome in state.moves())
        assert expected_removals(mine, theirs) == pytest.approx(sent_back / 36)


@pytest.mark.parametrize("position, safest", SAFEST_PLACEMENTS)
def test_the_safest_placement_is_what_the_36_rolls_say(position: str, safest: str) -> None:
    state = GAME.parse(position)
    losses = {move: _removed_by_next_roll(state, move) for move in state.moves()}
    assert losses == pytest.approx({move: expected_loss_after(state, move) for move in state.moves()})
    runner_up = min(loss for move, loss in losses.items() if move != safest)
    assert losses[safest] + 3 / 36 <= runner_up + 1e-9


@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("position, safest", SAFEST_PLACEMENTS)
def test_search_at_a_small_fixed_depth_finds_the_safest_placement(position: str, safest: str, depth: int) -> None:
    state = GAME.parse(position)
    assert ExpectimaxBot(max_depth=depth, seed=3).choose(state) == safest


@pytest.mark.parametrize("position, safest", SAFEST_PLACEMENTS)
def test_ordering_tries_the_safest_placement_early(position: str, safest: str) -> None:
    state = GAME.parse(position)
    ordered = StrategicReserveKnowledge().order(state, state.moves())
    assert sorted(ordered) == state.moves()
    assert ordered.index(safest) < len(ordered) // 2


def test_values_lie_in_range_and_are_opposite() -> None:
    knowledge = GAME.knowledge()
    for state in _random_states(5, seed=9):
        values = knowledge.evaluate(state)
        assert len(values) == 2 and values[0] == -values[1]
        assert -1.0 <= values[0] <= 1.0


def test_a_side_about_to_roll_with_one_checker_left_has_won() -> None:
    knowledge = GAME.knowledge()
    # Example 11 of the rules: Red rolls with 1 in reserve; whatever the roll, Red then places its last checker.
    state = GAME.parse("RR1B2/R2BB1/1R1RB1/RRR3/2B1RR/B1B2R r 1 5 - 30")
    assert list(knowledge.evaluate(state)) == [1.0, -1.0]
    after_roll = state.play("2,4")
    assert list(knowledge.evaluate(after_roll)) == [1.0, -1.0]


def test_more_in_reserve_is_worse() -> None:
    knowledge = GAME.knowledge()
    even = GAME.parse("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0")
    ahead = GAME.parse("6/1BRBR1/1R2B1/4R1/1RBRB1/6 r 6 7 - 0")  # Blue lost b3: one more to place
    assert knowledge.evaluate(ahead)[0] > knowledge.evaluate(even)[0]


def test_rolls_that_lead_to_the_same_position_share_a_key() -> None:
    knowledge = GAME.knowledge()
    start = GAME.start()
    keys = {}
    for outcome in start.moves():
        keys.setdefault(knowledge.key(start.play(outcome)), []).append(outcome)
    # 24 rolls hit an empty square: one position. Each Blue checker is its own group, and each Red
    # checker touches its own set of Blue ones, so the other 12 rolls give 12 more positions.
    assert len(keys) == 13
    assert max(len(outcomes) for outcomes in keys.values()) == 24
    assert knowledge.key(start) != knowledge.key(start.play("1,1"))
