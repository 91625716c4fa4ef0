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
    LEARNED_FEATURES,
    LEARNED_WEIGHTS,
    expected_removals,
    groups_of,
    placer_win_chance,
    removal_chance,
    roller_features,
    roller_win_chance,
)
from abstracta.games.strategic_reserve.board import FULL, SQUARE_BIT

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


@pytest.mark.parametrize("position, safest", SAFEST_PLACEMENTS)
def test_a_one_placement_search_finds_the_safest_placement(position: str, safest: str) -> None:
    state = GAME.parse(position)
    assert ExpectimaxBot(max_depth=1, seed=3).choose(state) == safest


# In these two the mover places its second-to-last checker: if the rival's roll sends nothing back, it wins.
@pytest.mark.parametrize("position, safest", SAFEST_PLACEMENTS[1:])
def test_a_two_placement_search_finds_the_safest_placement_when_the_mover_is_about_to_win(
    position: str, safest: str
) -> None:
    state = GAME.parse(position)
    assert ExpectimaxBot(max_depth=2, seed=3).choose(state) == safest


def test_a_two_placement_search_attacks_when_the_rival_is_about_to_win() -> None:
    # Blue has 3 to place, Red 2: Red places its second-to-last next turn, so Blue's roll after that must
    # send something back or Blue loses. The search gives up the safest square (d3) for one that makes
    # that roll likelier to hit, which the greedy bot never does.
    position, safest = SAFEST_PLACEMENTS[0]
    state = GAME.parse(position)
    move = ExpectimaxBot(max_depth=2, seed=3).choose(state)
    assert move != safest
    assert removal_chance(state.blue | SQUARE_BIT[move], state.red) > removal_chance(
        state.blue | SQUARE_BIT[safest], state.red
    )


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


def test_the_learned_model_has_one_weight_per_feature() -> None:
    state = GAME.start()
    assert len(LEARNED_WEIGHTS) == len(LEARNED_FEATURES) == len(roller_features(state.red, state.blue, 6, 6))


def test_learned_chances_are_probabilities_and_exact_at_the_end() -> None:
    for state in _random_states(6, seed=5):
        if state.over:
            continue
        for mine, theirs, my_reserve, their_reserve in (
            (state.red, state.blue, state.red_reserve, state.blue_reserve),
            (state.blue, state.red, state.blue_reserve, state.red_reserve),
        ):
            chance = roller_win_chance(mine, theirs, my_reserve, their_reserve)
            assert 0.0 <= chance <= 1.0
            assert roller_win_chance(mine, theirs, 1, their_reserve) == 1.0
            # The rival on one: I win only if my roll sends something back, so at most that chance.
            if my_reserve > 1:
                assert roller_win_chance(mine, theirs, my_reserve, 1) <= removal_chance(mine, theirs) + 1e-12


def test_against_a_rival_on_one_only_rolls_that_send_something_back_count() -> None:
    # Red's a1 touches nothing of Blue's, so only the roll onto Blue's f6 itself sends anything back.
    blue = SQUARE_BIT["f6"]
    red = SQUARE_BIT["a1"]
    assert removal_chance(red, blue) == pytest.approx(1 / 36)  # only the roll onto f6 itself
    assert roller_win_chance(red, blue, 5, 1) <= 1 / 36


def test_the_learned_chance_falls_as_my_reserve_grows_and_rises_with_the_rivals() -> None:
    state = GAME.start()
    chances = [roller_win_chance(state.red, state.blue, mine, 6) for mine in range(2, 10)]
    assert chances == sorted(chances, reverse=True)
    chances = [roller_win_chance(state.red, state.blue, 6, theirs) for theirs in range(2, 10)]
    assert chances == sorted(chances)


def test_a_placer_is_worth_its_best_placement() -> None:
    state = GAME.parse(SAFEST_PLACEMENTS[1][0])  # Red to place, 2 in reserve
    legal = state._legal_squares()
    best = max(
        1.0 - roller_win_chance(state.blue, state.red | SQUARE_BIT[move], state.blue_reserve, state.red_reserve - 1)
        for move in state.moves()
    )
    assert placer_win_chance(state.red, state.blue, state.red_reserve, state.blue_reserve, legal) == pytest.approx(best)
    assert placer_win_chance(state.red, state.blue, 1, state.blue_reserve, legal) == 1.0
    assert legal & ~FULL == 0
