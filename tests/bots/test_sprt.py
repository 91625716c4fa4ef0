"""The sequential test (GSPRT) on synthetic streams, the tournament stopping a pair on its verdict,
and the Elo fit's first-move term recovered from synthetic games."""

from __future__ import annotations

import doctest
import itertools
import math
import random

import pytest

import abstracta
import abstracta.bots.sprt as sprt_module
from abstracta.bots.elo import fit_elo, fit_elo_first_move
from abstracta.bots.sprt import (
    PENTANOMIAL,
    SprtSpec,
    expected_score,
    first_verdict,
    llr,
    parse_sprt,
    pentanomial,
)
from abstracta.bots.tournament import run_tournament
from tests.bots.test_tournament import tiny_bot

RUNS = 200
SPEC = SprtSpec(0, 100)


def test_documentation_examples_run():
    assert doctest.testmod(sprt_module, verbose=False).failed == 0


def _games(rng: random.Random, elo: float, draws: float):
    """An endless stream of game scores whose mean is the logistic expected score of ``elo``."""
    score = expected_score(elo)
    while True:
        r = rng.random()
        yield 1.0 if r < score - draws / 2 else 0.5 if r < score + draws / 2 else 0.0


@pytest.mark.parametrize(("elo", "draws", "right"), [(0, 0.0, "H0"), (100, 0.0, "H1"), (0, 0.3, "H0"),
                                                     (100, 0.3, "H1")])  # fmt: skip
def test_the_test_decides_right_at_about_the_chosen_error_rate(elo, draws, right):
    verdicts = [first_verdict(SPEC, itertools.islice(_games(random.Random(f"{elo}:{draws}:{run}"), elo, draws), 5000))
                for run in range(RUNS)]  # fmt: skip
    wrong = sum(v.verdict != right for v in verdicts) / RUNS
    assert all(v.verdict is not None for v in verdicts)
    # alpha = beta = 5%; with 200 runs a true rate of 5% shows as at most 10% about 99.8% of the time.
    assert wrong <= 0.10


def test_in_between_the_test_can_go_either_way_and_takes_longer():
    # Half way between the hypotheses the verdict is a coin toss, and the expected length is the longest.
    middle = [first_verdict(SPEC, itertools.islice(_games(random.Random(run), 50, 0.0), 5000)) for run in range(60)]
    ends = [first_verdict(SPEC, itertools.islice(_games(random.Random(run), 200, 0.0), 5000)) for run in range(60)]
    assert 0.2 < sum(v.verdict == "H1" for v in middle) / 60 < 0.8
    assert sum(v.units for v in middle) > 1.5 * sum(v.units for v in ends)


def test_llr_signs_and_bounds():
    assert SPEC.lower == pytest.approx(math.log(0.05 / 0.95)) and SPEC.upper == pytest.approx(math.log(0.95 / 0.05))
    assert llr(SPEC, [1.0, 1.0, 0.5, 1.0] * 5) > 0 > llr(SPEC, [0.0, 0.0, 0.5, 0.0] * 5)
    assert llr(SPEC, [1.0]) == 0.0  # one result says nothing yet
    assert pentanomial([1.0, 0.0, 0.5, 1.0, 1.0]) == [0.5, 0.75]
    assert llr(SPEC, [0.75, 1.0, 0.5, 0.75] * 4, PENTANOMIAL) > 0
    with pytest.raises(ValueError, match="none of the outcomes"):
        llr(SPEC, [0.25, 0.5])


@pytest.mark.parametrize(("text", "message"), [
    ("elo0=0", "elo1 missing"),
    ("elo0=5,elo1=5", "elo1 must be above elo0"),
    ("elo0=0,elo1=x", "elo1 must be a number"),
    ("elo0=0,elo1=5,alpha=0.6", "alpha must be between 0 and 0.5"),
    ("elo0=0,elo1=5,gamma=1", "expected elo0=E0"),
    ("elo0=0,elo0=1,elo1=5", "given twice"),
    ("elo0=0,elo1=inf", "finite"),
])  # fmt: skip
def test_bad_specs_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_sprt(text)
    assert parse_sprt("elo0=-5, elo1=5, alpha=0.1, beta=0.2") == SprtSpec(-5, 5, 0.1, 0.2)


def test_a_tournament_pair_stops_at_the_verdict_and_keeps_the_games_before_it():
    game = abstracta.load("strategic-reserve", reserve=2)
    spec = SprtSpec(0, 400)
    alone = run_tournament(game, ["random", "first"], 200, seed=4, workers=1, make_bot=tiny_bot, sprt=spec)
    (test,) = alone.sprt_results
    assert test.verdict in ("H0", "H1") and test.unit == "game pair"
    assert test.games == len(alone.games) == 2 * test.units < 200
    # The games are the first ones of the plain round robin (so batches of any size give the same ones),
    # and the test stopped at the first verdict along them.
    plain = run_tournament(game, ["random", "first"], test.games, seed=4, workers=1, make_bot=tiny_bot)
    assert plain.games == alone.games
    scores = [g.score for g in plain.games]
    assert first_verdict(spec, pentanomial(scores[:-2]), PENTANOMIAL).verdict is None
    data = alone.to_json()["sprt"]
    assert data["pairs"][0]["verdict"] == test.verdict and data["upper"] == pytest.approx(spec.upper)


def test_the_first_move_term_is_recovered_and_leaves_the_plain_fit_alone():
    rng = random.Random(3)
    truth, advantage = [0.0, 100.0, 250.0], 60.0
    games = []
    for _ in range(3000):
        i, j = rng.sample(range(3), 2)
        first = rng.choice((1, -1))
        p = 1 / (1 + 10 ** ((truth[j] - truth[i] - first * advantage) / 400))
        games.append((i, j, 1.0 if rng.random() < p else 0.0, first))
    ratings, first_move = fit_elo_first_move(["a", "b", "c"], games, anchor="a")
    assert first_move.low < advantage < first_move.high and first_move.games == 3000
    assert [r.elo for r in ratings] == pytest.approx(truth, abs=40)
    # Without a first-move term the plain fit is the same as before (its doctest holds its answer).
    plain = fit_elo(["a", "b", "c"], [g[:3] for g in games], anchor="a")
    assert [r.bot for r in plain] == ["a", "b", "c"] and plain[0].elo == 0
    with pytest.raises(ValueError, match="first in -1, 0, 1"):
        fit_elo_first_move(["a", "b"], [(0, 1, 1.0, 2)])
