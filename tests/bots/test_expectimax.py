"""Expectimax with Star1/Star2 pruning: the same values as plain expectimax, reproducible, within its budget."""

from __future__ import annotations

import math

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.bots import ExpectimaxBot, level_bot
from abstracta.bots.expectimax import plain_expectimax
from abstracta.core.knowledge import Knowledge

from .conftest import RaceGame

SR = abstracta.load("strategic-reserve")
SR_DECISIONS = [
    "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 3,4 0",
    "5B/2R1RB/1R2BR/1B2R1/1RBRBR/5R r 3 6 3,5 6",
    "R2BBB/RBR3/B2RBR/1R1B2/R1B1RB/1R3R r 2 3 4,2 42",
]


class RaceKnowledge(Knowledge):
    """For the two-player coin race: the points lead, squashed into (-1, 1)."""

    def evaluate(self, state):  # noqa: ANN001, ANN201
        lead = math.tanh((state.points[0] - state.points[1]) / 3)
        return [lead, -lead]

    def key(self, state):  # noqa: ANN001, ANN201
        return (state.points, state.to_move, state.coin_pending)


def _race_positions() -> list:
    game = RaceGame(players=2, target=6)
    start = game.start()
    return [
        start,
        start.play("risky"),  # a chance node at the root
        start.play("safe").play("risky").play("hit"),
        start.play("risky").play("miss").play("safe").play("risky").play("hit"),
    ]


def _root_value(bot: ExpectimaxBot, state) -> float:  # noqa: ANN001
    if state.player == CHANCE:
        return bot.evaluate(state)[0]
    bot.choose(state)
    return bot.last_value if state.player == 0 else -bot.last_value


@pytest.mark.parametrize("star2", [False, True])
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_pruned_search_equals_plain_expectimax_on_a_coin_race(depth: int, star2: bool) -> None:
    knowledge = RaceKnowledge()
    for state in _race_positions():
        bot = ExpectimaxBot(max_depth=depth, seed=1, knowledge=knowledge, star2=star2)
        assert _root_value(bot, state) == pytest.approx(plain_expectimax(state, depth, 0, knowledge), abs=1e-12)


@pytest.mark.parametrize("position", SR_DECISIONS)
def test_pruned_search_equals_plain_expectimax_on_strategic_reserve(position: str) -> None:
    state = SR.parse(position)
    knowledge = SR.knowledge()
    me = state.player
    for depth in (1, 2):
        bot = ExpectimaxBot(max_depth=depth, seed=2)
        move = bot.choose(state)
        plain = {m: plain_expectimax(state.play(m), depth - 1, me, knowledge) for m in state.moves()}
        assert bot.last_value == pytest.approx(max(plain.values()), abs=1e-12)
        assert plain[move] == pytest.approx(max(plain.values()), abs=1e-12)


@pytest.mark.slow
def test_pruning_pays_on_strategic_reserve() -> None:
    state = SR.parse(SR_DECISIONS[0])
    star1 = ExpectimaxBot(max_depth=2, seed=1, star2=False)
    star2 = ExpectimaxBot(max_depth=2, seed=1)
    assert star1.choose(state) == star2.choose(state)
    assert star2.last_nodes < star1.last_nodes


def test_a_chance_root_takes_the_exact_expectation_over_every_roll() -> None:
    state = SR.parse("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0")
    knowledge = SR.knowledge()
    bot = ExpectimaxBot(max_depth=1, seed=1)
    values = bot.evaluate(state)
    assert values[0] == pytest.approx(plain_expectimax(state, 1, 0, knowledge), abs=1e-12)
    assert values[1] == -values[0]


def test_same_seed_same_move_and_the_seed_breaks_ties() -> None:
    state = SR.parse(SR_DECISIONS[0])
    moves = {ExpectimaxBot(max_depth=2, seed=seed).choose(state) for seed in range(8)}
    for seed in (0, 5):
        assert ExpectimaxBot(max_depth=2, seed=seed).choose(state) == ExpectimaxBot(max_depth=2, seed=seed).choose(state)
    assert moves <= set(state.moves())
    # With no knowledge every move looks the same: the seed alone picks among them.
    blind = {ExpectimaxBot(max_depth=1, seed=seed, knowledge=Knowledge()).choose(state) for seed in range(12)}
    assert len(blind) > 1


def test_the_node_budget_bounds_the_search_and_keeps_the_last_finished_depth() -> None:
    state = SR.parse(SR_DECISIONS[0])
    full = ExpectimaxBot(max_depth=2, seed=1)
    full.choose(state)
    assert full.last_depth == 2
    short = ExpectimaxBot(max_depth=2, nodes=full.last_nodes // 2, seed=1)
    move = short.choose(state)
    assert short.last_depth == 1
    assert short.last_nodes <= full.last_nodes // 2 + 1
    assert move == ExpectimaxBot(max_depth=1, seed=1).choose(state)


def test_sampled_deeper_iterations_are_reproducible() -> None:
    state = SR.parse(SR_DECISIONS[1])
    bots = [ExpectimaxBot(max_depth=3, exact_depth=2, chance_samples=3, seed=4) for _ in range(2)]
    assert bots[0].choose(state) == bots[1].choose(state)
    assert bots[0].last_depth == 3
    assert bots[0].last_value == bots[1].last_value


def test_choose_refuses_chance_nodes_and_finished_games() -> None:
    bot = ExpectimaxBot(max_depth=1, seed=1)
    with pytest.raises(ValueError, match="chance"):
        bot.choose(SR.start())
    finished = SR.parse("RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 - 31")
    with pytest.raises(ValueError, match="over"):
        bot.choose(finished)
    assert bot.evaluate(finished) == [1.0, -1.0]


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="max_depth"):
        ExpectimaxBot(max_depth=0)
    with pytest.raises(ValueError, match="randomness"):
        ExpectimaxBot(randomness=1.5)


def test_randomness_plays_some_random_moves_reproducibly() -> None:
    state = SR.parse(SR_DECISIONS[0])
    searched = ExpectimaxBot(max_depth=1, seed=0).choose(state)
    picks = [ExpectimaxBot(max_depth=1, seed=seed, randomness=0.9).choose(state) for seed in range(20)]
    assert any(pick != searched for pick in picks)
    assert picks == [ExpectimaxBot(max_depth=1, seed=seed, randomness=0.9).choose(state) for seed in range(20)]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_strategic_reserve_levels_are_expectimax_and_legal(level: str) -> None:
    bot = level_bot(level, SR, seed=1)
    assert isinstance(bot, ExpectimaxBot)
    # A friendly hit leaves six legal squares: small enough that even hard finishes far inside its time cap.
    state = SR.parse("2BB2/RRB3/R1BRR1/3R2/1RR3/6 r 4 8 2,2 16")
    assert bot.choose(state) in state.moves()
    assert level_bot(level, SR, seed=1).choose(state) == bot.choose(state)


def test_old_hard_and_random_keep_their_bots() -> None:
    assert not isinstance(level_bot("old-hard", SR, seed=1), ExpectimaxBot)
    assert not isinstance(level_bot("random", SR, seed=1), ExpectimaxBot)
