"""MCTSBot: legal, reproducible, within budget, and right where the answer is known."""

from __future__ import annotations

import time

import pytest

import abstracta
from abstracta.bots import BOT_NAMES, MCTSBot, RandomBot, make_bot


@pytest.fixture
def rolled_start():
    """Strategic Reserve after red's first roll: red places next."""
    return abstracta.load("strategic-reserve").start().play("3,4")


def test_mcts_returns_legal_moves(strategic_reserve_decision_states) -> None:
    bot = MCTSBot(iterations=30, seed=1)
    for state in strategic_reserve_decision_states(8, seed=4):
        assert bot.choose(state) in state.moves()


def test_mcts_is_deterministic_with_seed_and_iterations(rolled_start) -> None:
    first = MCTSBot(iterations=300, seed=5).search(rolled_start)
    second = MCTSBot(iterations=300, seed=5).search(rolled_start)
    assert first.move == second.move
    assert first.moves == second.moves  # the whole root table, not only the answer


def test_mcts_respects_a_seconds_budget(rolled_start) -> None:
    result = MCTSBot(seconds=0.3, seed=1).search(rolled_start)
    # The clock is checked after every iteration (well under a millisecond here), so the search
    # stops soon after the budget; the upper bound is loose so a busy machine cannot fail it.
    assert 0.3 <= result.seconds < 1.5
    assert result.iterations > 10


def test_mcts_stops_at_whichever_budget_runs_out_first(rolled_start) -> None:
    result = MCTSBot(iterations=50, seconds=30, seed=1).search(rolled_start)
    assert result.iterations == 50


def test_search_reports_visits_per_move(rolled_start) -> None:
    result = MCTSBot(iterations=400, seed=2).search(rolled_start)
    visits = result.visits()
    # Every iteration passes through exactly one root child.
    assert sum(visits.values()) == 400
    assert set(visits) <= set(rolled_start.moves())
    assert result.move == next(iter(visits)) == max(visits, key=visits.get)
    assert result.player == 0
    assert result.move in result.format()


def test_mcts_refuses_chance_and_over_states(race_game, one_move_state) -> None:
    bot = MCTSBot(iterations=10, seed=0)
    with pytest.raises(ValueError, match="chance"):
        bot.choose(race_game.start().play("risky"))
    with pytest.raises(ValueError, match="over"):
        bot.choose(one_move_state.play("only"))
    with pytest.raises(ValueError, match="chance"):
        bot.search(abstracta.load("strategic-reserve").start())


def test_mcts_plays_a_single_legal_move_without_searching(one_move_state) -> None:
    began = time.perf_counter()
    assert MCTSBot(iterations=10**9, seed=0).choose(one_move_state) == "only"
    assert time.perf_counter() - began < 5  # a search of 10**9 iterations would take hours


def test_mcts_finds_the_winning_nim_move(nim_game) -> None:
    # Pile 4: taking 1 leaves 3, a lost pile for the opponent; taking 2 leaves 2, which they win.
    assert MCTSBot(iterations=500, seed=3).choose(nim_game.start()) == "take1"


def test_mcts_counts_each_players_own_return_with_three_players_and_chance(race_game) -> None:
    # risky scores 0.8 * 3 = 2.4 on average against safe's 1: every seat should prefer it.
    state = race_game.start()
    for seat in range(3):
        result = MCTSBot(iterations=600, seed=seat).search(state)
        assert result.player == seat
        assert result.move == "risky", result.format()
        state = state.play("safe")


def test_mcts_rejects_bad_budgets() -> None:
    with pytest.raises(ValueError, match="iterations"):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        MCTSBot(seconds=0)
    assert MCTSBot().iterations == 1000


def test_make_bot_by_name() -> None:
    assert isinstance(make_bot("random", seed=1), RandomBot)
    bot = make_bot("mcts", seed=1, iterations=7, seconds=2.5)
    assert isinstance(bot, MCTSBot) and (bot.iterations, bot.seconds, bot.seed) == (7, 2.5, 1)
    assert BOT_NAMES == ("random", "mcts")
    with pytest.raises(ValueError, match="valid bots: random, mcts"):
        make_bot("alphazero")
