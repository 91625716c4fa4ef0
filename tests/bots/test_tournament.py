"""Round-robin tournaments: the Elo fit against known answers, seat rotation, seeds and workers."""

from __future__ import annotations

import doctest
import inspect
import math
import random
from collections import Counter
from itertools import combinations

import pytest

import abstracta
import abstracta.bots.tournament as tournament_module
from abstracta.bots import RandomBot, level_bot
from abstracta.bots.tournament import (
    ELO_SCALE,
    fit_elo,
    pair_score,
    run_tournament,
    seat_arrangements,
)

SMALL = {"reserve": 2}  # Strategic Reserve games of a handful of plies


class FirstMoveBot:
    """Always the first legal move: a deterministic, instant opponent unlike the random bot."""

    name = "first"

    def choose(self, state):
        return state.moves()[0]


class LastMoveBot:
    name = "last"

    def choose(self, state):
        return state.moves()[-1]


def tiny_bot(name, game, seed):
    """The bot maker of these tests: instant bots, picklable for worker processes (module level)."""
    if name == "first":
        return FirstMoveBot()
    if name == "last":
        return LastMoveBot()
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}; valid levels: first, last, random")


def expected_score(elo_a: float, elo_b: float) -> float:
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


# -- the Elo fit ------------------------------------------------------------------------
def test_fit_recovers_known_ratings_from_their_expected_scores():
    # Fractional scores equal to the model's expectation: with no prior the maximum is exactly there.
    truth = [0.0, 150.0, 400.0, -200.0]
    outcomes = [(i, j, expected_score(truth[i], truth[j])) for i, j in combinations(range(4), 2) for _ in range(5)]
    ratings = fit_elo(["a", "b", "c", "d"], outcomes, anchor="a", prior_draws=0)
    assert [r.elo for r in ratings] == pytest.approx(truth, abs=1e-6)


def test_fit_recovers_ratings_from_sampled_games_within_their_intervals():
    truth = [0.0, 100.0, 300.0, 600.0]
    rng = random.Random(7)
    outcomes = []
    for i, j in combinations(range(4), 2):
        p = expected_score(truth[i], truth[j])
        draws = 0.2 * min(p, 1 - p)  # some draws, keeping the expected score at p
        for _ in range(600):
            u = rng.random()
            outcomes.append((i, j, 1.0 if u < p - draws / 2 else 0.5 if u < p + draws / 2 else 0.0))
    ratings = fit_elo(["r", "b", "c", "d"], outcomes, anchor="r")
    for rating, true_elo in zip(ratings, truth):
        assert rating.elo == pytest.approx(true_elo, abs=40)
        assert rating.low <= true_elo <= rating.high
    assert all(20 < r.high - r.low < 120 for r in ratings[1:])  # 95% intervals of a few dozen points


def test_symmetric_results_give_equal_ratings():
    outcomes = []
    for i, j in combinations(range(3), 2):
        outcomes += [(i, j, 1.0)] * 4 + [(i, j, 0.0)] * 4 + [(i, j, 0.5)] * 2
    ratings = fit_elo(["x", "y", "z"], outcomes)
    assert [r.elo for r in ratings] == pytest.approx([0, 0, 0], abs=1e-9)
    widths = {round(r.high - r.low, 9) for r in ratings}
    assert len(widths) == 1 and widths.pop() > 0


def test_the_anchor_holds_and_differences_do_not_depend_on_it():
    outcomes = [(0, 1, 1.0)] * 7 + [(0, 1, 0.0)] * 3 + [(1, 2, 1.0)] * 6 + [(1, 2, 0.5)] * 4 + [(0, 2, 1.0)] * 9
    by_anchor = {anchor: fit_elo(["a", "b", "c"], outcomes, anchor=anchor) for anchor in ("a", "b", "c", None)}
    for anchor, ratings in by_anchor.items():
        elos = {r.bot: r.elo for r in ratings}
        if anchor is None:
            assert sum(elos.values()) == pytest.approx(0, abs=1e-9)
        else:
            assert elos[anchor] == 0
            anchored = next(r for r in ratings if r.bot == anchor)
            assert (anchored.low, anchored.high) == (0, 0)
        assert elos["a"] - elos["c"] == pytest.approx(by_anchor["a"][0].elo - by_anchor["a"][2].elo, abs=1e-6)
    elos = [r.elo for r in by_anchor["a"]]
    assert elos[0] > elos[1] > elos[2]


def test_an_unbeaten_bot_gets_a_finite_rating_from_the_virtual_draw():
    ratings = fit_elo(["strong", "weak"], [(0, 1, 1.0)] * 10, anchor="weak")
    # 10 wins and one virtual draw: 10.5 points of 11, odds 21 to 1.
    assert ratings[0].elo == pytest.approx(400 * math.log10(21), abs=1e-6)
    assert math.isfinite(ratings[0].low) and math.isfinite(ratings[0].high)


def test_intervals_narrow_with_more_games_and_counts_are_kept():
    few = fit_elo(["a", "b"], [(0, 1, 1.0), (0, 1, 0.0)] * 5, anchor="a")
    many = fit_elo(["a", "b"], [(0, 1, 1.0), (0, 1, 0.0)] * 500, anchor="a")
    assert many[1].high - many[1].low < (few[1].high - few[1].low) / 5
    assert (many[1].games, many[1].points) == (1000, 500)
    # Fisher information of n games at p = 1/2 is n/4 (log-odds), so the half width is 1.96 * 2 / sqrt(n).
    assert many[1].high == pytest.approx(1.96 * ELO_SCALE * 2 / math.sqrt(1001), rel=1e-6)


def test_fit_rejects_nonsense():
    with pytest.raises(ValueError, match="two different bots"):
        fit_elo(["a", "b"], [(0, 0, 1.0)])
    with pytest.raises(ValueError, match="score from 0 to 1"):
        fit_elo(["a", "b"], [(0, 1, 2.0)])


# -- seats and outcomes -------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_full_rotation_puts_each_bot_in_each_seat_equally(players):
    seatings = seat_arrangements("x", "y", players)
    assert len(seatings) == (2 if players == 2 else 2 * players)
    assert len(set(seatings)) == len(seatings)
    for seat in range(players):
        counts = Counter(seating[seat] for seating in seatings)
        assert counts["x"] == counts["y"]
    lone = Counter(next(b for b in s if s.count(b) == 1) for s in seatings if players > 2)
    assert lone["x"] == lone["y"]


def test_pair_scores_count_first_places_by_bot():
    assert pair_score("x", ("x", "y", "y"), (1.0, -1.0, -1.0)) == 1
    assert pair_score("x", ("y", "x", "y"), (-1.0, -1.0, 1.0)) == 0
    assert pair_score("x", ("x", "y", "y"), (0.0, 0.0, -1.0)) == 0.5  # first place shared between the bots
    assert pair_score("x", ("x", "y", "y"), (-1.0, 0.0, 0.0)) == 0  # shared only by copies of y
    assert pair_score("y", ("x", "y"), (0.0, 0.0)) == 0.5


# -- running tournaments ------------------------------------------------------------------
def test_tournament_seats_rotate_and_tables_add_up():
    game = abstracta.load("strategic-reserve", **SMALL)
    result = run_tournament(game, ["random", "first", "last"], 6, seed=3, workers=1, make_bot=tiny_bot)
    assert len(result.games) == result.planned == 18
    assert [(p.a, p.b) for p in result.pairs] == [("random", "first"), ("random", "last"), ("first", "last")]
    for number, pair in enumerate(result.pairs):
        games = [g for g in result.games if g.pair == number]
        assert [g.index for g in games] == list(range(6))
        assert Counter(g.seats[0] for g in games) == {pair.a: 3, pair.b: 3}
        assert (pair.wins, pair.draws, pair.losses) == (
            sum(g.score == 1 for g in games), sum(g.score == 0.5 for g in games), sum(g.score == 0 for g in games))
        for g in games:
            assert g.winner in (pair.a, pair.b, None)
            assert len(g.bot_seeds) == len(g.returns) == len(g.scores) == 2 and g.plies > 0
    for rating in result.ratings:
        assert rating.games == 12
        assert rating.points == sum(g.score if g.a == rating.bot else 1 - g.score
                                    for g in result.games if rating.bot in (g.a, g.b))  # fmt: skip
    assert result.ratings[0].elo == 0 and result.anchor == "random"


def test_the_same_seed_gives_the_same_games_and_another_seed_other_games():
    game = abstracta.load("strategic-reserve", **SMALL)
    first = run_tournament(game, ["random", "first"], 6, seed=11, workers=1, make_bot=tiny_bot)
    again = run_tournament(game, ["random", "first"], 6, seed=11, workers=1, make_bot=tiny_bot)
    other = run_tournament(game, ["random", "first"], 6, seed=12, workers=1, make_bot=tiny_bot)
    assert first.games == again.games
    assert [g.start_seed for g in first.games] != [g.start_seed for g in other.games]


def test_a_pair_plays_the_same_games_whichever_other_bots_take_part():
    game = abstracta.load("strategic-reserve", **SMALL)
    two = run_tournament(game, ["random", "first"], 4, seed=5, workers=1, make_bot=tiny_bot)
    three = run_tournament(game, ["random", "first", "last"], 4, seed=5, workers=1, make_bot=tiny_bot)
    assert [g.returns for g in two.games] == [g.returns for g in three.games if g.b == "first"]


def test_one_worker_and_two_workers_give_the_same_result():
    game = abstracta.load("strategic-reserve", **SMALL)
    bots = ["random", "first", "last"]
    alone = run_tournament(game, bots, 8, seed=9, workers=1, make_bot=tiny_bot)
    pooled = run_tournament(game, bots, 8, seed=9, workers=2, make_bot=tiny_bot)
    assert pooled.games == alone.games
    assert pooled.pairs == alone.pairs and pooled.ratings == alone.ratings


def test_three_player_games_rotate_the_lone_seat():
    game = abstracta.load("reflec", players=3, max_turns=2)
    result = run_tournament(game, ["first", "random"], 6, seed=2, workers=1, make_bot=tiny_bot)
    assert [g.seats for g in result.games] == seat_arrangements("first", "random", 3)
    assert all(len(g.returns) == 3 for g in result.games)


def test_level_bots_play_by_default():
    result = run_tournament(abstracta.load("strategic-reserve", reserve=1), ["random", "easy"], 2, seed=1, workers=1)
    assert {g.seats for g in result.games} == {("random", "easy"), ("easy", "random")}
    assert inspect.signature(run_tournament).parameters["make_bot"].default is level_bot


class InterruptingBot:
    """Plays first moves, then acts like Ctrl-C on its ``calls``-th move (counted over all its copies)."""

    name = "interrupting"
    calls = 0

    def choose(self, state):
        InterruptingBot.calls += 1
        if InterruptingBot.calls >= 12:
            raise KeyboardInterrupt
        return state.moves()[0]


def interrupting_bot(name, game, seed):
    return InterruptingBot() if name == "interrupting" else tiny_bot(name, game, seed)


def test_ctrl_c_in_process_keeps_the_finished_games():
    InterruptingBot.calls = -10**6  # the name check at the start makes bots without playing; arm after it
    game = abstracta.load("strategic-reserve", **SMALL)
    armed = []

    def arm(record):
        if not armed:
            InterruptingBot.calls = 0
            armed.append(record)

    result = run_tournament(game, ["first", "interrupting"], 50, seed=1, workers=1, make_bot=interrupting_bot,
                            on_game_done=arm)  # fmt: skip
    assert result.interrupted
    assert 1 <= len(result.games) < 50
    assert [g.index for g in result.games] == list(range(len(result.games)))
    assert result.pairs[0].games == len(result.games)


@pytest.mark.parametrize(
    ("bots", "games", "workers", "message"),
    [
        (["random"], 2, 1, "at least two bots"),
        (["random", "random"], 2, 1, "more than once"),
        (["random", "nobody"], 2, 1, "unknown bot 'nobody'"),
        (["random", "first"], 0, 1, "at least 1"),
        (["random", "first"], 2, 0, "workers must be at least 1"),
    ],
)
def test_bad_arguments_are_value_errors(bots, games, workers, message):
    game = abstracta.load("strategic-reserve", **SMALL)
    with pytest.raises(ValueError, match=message):
        run_tournament(game, bots, games, seed=1, workers=workers, make_bot=tiny_bot)


def test_documentation_examples_run():
    result = doctest.testmod(tournament_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_without_the_random_bot_the_mean_rating_is_zero():
    game = abstracta.load("strategic-reserve", **SMALL)
    result = run_tournament(game, ["first", "last"], 4, seed=1, workers=1, make_bot=tiny_bot)
    assert result.anchor is None
    assert sum(r.elo for r in result.ratings) == pytest.approx(0, abs=1e-9)
    assert result.to_json()["elo"]["anchor"] == "mean"


def test_an_unknown_level_is_refused_before_any_game():
    with pytest.raises(ValueError, match="unknown bot level 'grandmaster'.*old-hard"):
        run_tournament(abstracta.load("strategic-reserve"), ["random", "grandmaster"], 2, seed=1, workers=2)
