"""Chance draws, random playouts and the playout benchmark."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abstracta
from abstracta.bots import BenchResult, ChanceTable, bench, random_playout, sample_chance

BIASED = [("heads", 0.7), ("never", 0.0), ("tails", 0.2), ("edge", 0.1)]


class BiasedCoin:
    """A bare chance node: the only thing sample_chance may rely on is chance()."""

    player = abstracta.CHANCE
    over = False

    def chance(self) -> list[tuple[str, float]]:
        return list(BIASED)


def test_sample_chance_follows_the_probabilities() -> None:
    rng = random.Random(1)
    draws = Counter(sample_chance(BiasedCoin(), rng) for _ in range(20_000))
    assert draws["never"] == 0
    # Binomial standard deviations are at most ~0.0033 here; allow about four.
    assert draws["heads"] / 20_000 == pytest.approx(0.7, abs=0.015)
    assert draws["tails"] / 20_000 == pytest.approx(0.2, abs=0.015)
    assert draws["edge"] / 20_000 == pytest.approx(0.1, abs=0.015)


def test_sample_chance_refuses_a_decision_state(race_game) -> None:
    with pytest.raises(ValueError, match="not a chance node"):
        sample_chance(race_game.start(), random.Random(0))


def test_chance_table_draws_by_cumulative_probability() -> None:
    table = ChanceTable(BIASED)
    assert [table.draw(u) for u in (0.0, 0.6999, 0.7001, 0.8999, 0.9001, 0.999999)] == [
        "heads", "heads", "tails", "tails", "edge", "edge",
    ]  # fmt: skip


def test_chance_table_uniform_shortcut_covers_every_outcome() -> None:
    table = ChanceTable([(str(i), 1 / 36) for i in range(36)])
    assert table.cumulative is None
    assert [table.draw(i / 36 + 1e-9) for i in range(36)] == [str(i) for i in range(36)]
    assert table.draw(0.9999999999999999) == "35"


@given(
    weights=st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=8).filter(any),
    uniform=st.floats(min_value=0.0, max_value=1.0, exclude_max=True),
)
def test_chance_table_never_draws_an_impossible_outcome(weights: list[int], uniform: float) -> None:
    total = sum(weights)
    outcomes = [(f"o{i}", w / total) for i, w in enumerate(weights)]
    drawn = ChanceTable(outcomes).draw(uniform)
    assert dict(outcomes)[drawn] > 0


def test_random_playout_finishes_a_game_and_counts_plies() -> None:
    game = abstracta.load("strategic-reserve")
    final, plies = random_playout(game.start(), random.Random(3))
    assert final.over and final.moves() == []
    assert plies >= 2 and plies % 2 == 0  # a turn is a roll and a placement; the game ends on a placement
    assert random_playout(game.start(), random.Random(3)) == (final, plies)


def test_random_playout_stops_at_max_plies() -> None:
    state, plies = random_playout(abstracta.load("strategic-reserve").start(), random.Random(0), max_plies=5)
    assert plies == 5 and not state.over


def test_random_playout_samples_biased_chance_with_three_players(race_game) -> None:
    # With a 1-point target the first scoring play ends the game: safe or a hit wins, a miss passes on.
    game = type(race_game)(players=3, target=1)
    rng = random.Random(7)
    misses = 0
    coin_flips = 0
    for _ in range(4000):
        state = game.start().play("risky")
        final, plies = random_playout(state, rng)
        assert final.over and sorted(final.returns()) == [-1.0, -1.0, 1.0]
        coin_flips += 1
        if final.points[0] == 0:
            misses += 1
    assert misses / coin_flips == pytest.approx(0.2, abs=0.03)


def test_bench_counts_playouts_and_reports_progress(race_game) -> None:
    progress: list[float] = []
    result = bench(race_game, 0.3, seed=1, on_progress=progress.append)
    assert isinstance(result, BenchResult)
    assert result.playouts > 10 and result.plies >= result.playouts
    assert 0.3 <= result.seconds < 0.5
    assert result.plies_per_second == pytest.approx(result.plies / result.seconds)
    assert result.playouts_per_second == pytest.approx(result.playouts / result.seconds)
    assert progress[-1] == 1.0 and all(0 <= p <= 1 for p in progress)
    assert progress == sorted(progress)


def test_bench_on_strategic_reserve() -> None:
    result = bench(abstracta.load("strategic-reserve"), 0.2, seed=0)
    assert result.playouts > 0
    assert "plies/s" in str(result)


def test_bench_rejects_a_non_positive_budget(race_game) -> None:
    with pytest.raises(ValueError, match="seconds"):
        bench(race_game, 0)
