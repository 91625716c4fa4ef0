"""The shipped win-chance calibrations reproduce the committed held-out figures from the committed data.

No bot plays here: the test reads ``benchmarks/calibration/data/<slug>.jsonl`` (positions of bot
games with their outcome) and ``results.json`` (the figures ``fit.py`` measured), then values every
held-out position with the run-time code (``bots.win_chances.chances_of`` with each game's shipped
``calibration.py``) and recomputes Brier score, log loss and ECE, and the two baselines'.
"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

import abstracta
from abstracta.core.calibration import Calibration, brier, expected_calibration_error, log_loss

FOLDER = Path(__file__).resolve().parents[2] / "benchmarks" / "calibration"
_spec = importlib.util.spec_from_file_location("calibration_fit", FOLDER / "fit.py")
fit = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fit)
RESULTS = json.loads((FOLDER / "results.json").read_text())


def as_calibration(data: dict) -> Calibration:
    return Calibration(data["temperature"], data["mover"], tuple(data["seat_bias"]), data["cubic"])


def test_every_built_in_game_is_calibrated():
    built_in = sorted(slug for slug in abstracta.games() if abstracta.load(slug).__module__.startswith("abstracta."))
    assert sorted(RESULTS) == built_in == sorted(path.stem for path in (FOLDER / "data").glob("*.jsonl"))
    for slug in built_in:
        knowledge = abstracta.load(slug).knowledge()
        for count in RESULTS[slug]:
            for source in fit.SOURCES:
                assert knowledge.calibration(int(count), source) is not None, (slug, count, source)


@pytest.mark.parametrize("slug", sorted(RESULTS))
def test_shipped_parameters_reproduce_the_held_out_figures(slug):
    records = fit.load(slug)
    lower_wins = bool(getattr(abstracta.load(slug), "lower_score_wins", False))
    for count, result in RESULTS[slug].items():
        group = [r for r in records if len(r["outcome"]) == int(count)]
        test = [r for r in group if fit.held_out(r["index"])]
        assert result["fit"]["games"] == len(group) - len(test) and test  # the split is by game
        shipped = abstracta.load(slug).knowledge().calibration(int(count), "search")
        assert shipped == as_calibration(result["calibration"])
        for options, data in result["option_calibrations"].items():  # where biases per option set were chosen
            game = abstracta.load(slug, **json.loads(options))
            assert game.knowledge().calibration(int(count), "search", game.options) == as_calibration(data)
        score_map = as_calibration(result["score_map"])
        figures = fit.held_out_figures(slug, test, result["first_seat_rates"], score_map, lower_wins)
        for name in ("fitted", "first_seat", "score"):
            assert figures[name] == result["held_out"][name], (slug, count, name)


def test_the_measures_of_calibration():
    sure, even = [[1.0, 0.0], [0.0, 1.0]], [[0.5, 0.5], [0.5, 0.5]]
    outcomes = [[1.0, 0.0], [0.0, 1.0]]
    assert brier(sure, outcomes) == 0 and brier(even, outcomes) == 0.25
    assert log_loss(even, outcomes) == pytest.approx(0.6931, abs=1e-4)
    assert expected_calibration_error(sure, outcomes) == 0 and expected_calibration_error(even, outcomes) == 0
    assert expected_calibration_error([[0.8, 0.2]] * 2, [[0.5, 0.5]] * 2) == pytest.approx(0.3)


def test_an_option_set_with_its_own_map_gets_it_and_another_falls_back():
    from abstracta.bots.win_chances import Reading, chances_of
    from abstracta.core.calibration import option_set_key

    standard, other = abstracta.load("quin", setup="standard"), abstracta.load("quin", setup="random")
    pooled = Calibration(0.5, 0.0, (0.0, 0.0), 0.0)
    own = Calibration(0.5, 0.0, (0.0, -1.0), 0.0)
    table = {(2, "search"): pooled, (2, "search", option_set_key({"setup": "standard"})): own}
    for game in (standard, other):
        game.knowledge().calibrations = table  # these instances only
    assert standard.knowledge().calibration(2, "search", standard.options) is own  # its options hold the pair
    assert other.knowledge().calibration(2, "search", other.options) is pooled
    assert standard.knowledge().calibration(2, "search") is pooled
    even = Reading(None, (0.0, 0.0), 0, "search")
    assert chances_of(even, standard) == own.chances((0.0, 0.0), 0) != chances_of(even, other)
    assert chances_of(even, other) == pooled.chances((0.0, 0.0), 0)


def synthetic_games(informative: bool, games: int = 80) -> list[dict]:
    """Two-player records of four positions each, one world: the first seat wins 70% of the games, and the value
    says who wins (``informative``) or is noise."""
    import random

    rng, records = random.Random(7), []
    for index in range(games):
        first_wins = rng.random() < 0.7
        positions = []
        for ply in range(4):
            value = (0.6 if first_wins else -0.6) + rng.gauss(0, 0.3) if informative else rng.uniform(-1, 1)
            positions.append({"ply": ply, "mover": ply % 2, "scores": [0, 0], "worlds": [{"v": [value, -value]}]})
        records.append({"index": index, "options": {}, "key": (), "positions": positions,
                        "outcome": [1.0, 0.0] if first_wins else [0.0, 1.0]})  # fmt: skip
    return records


@pytest.mark.parametrize("informative", [True, False])
def test_cross_validation_drops_a_value_that_says_nothing_and_keeps_one_that_does(informative):
    assert [model.per_option_set for model in fit.candidates([()])] == [False] * len(fit.SHRINKS)
    assert fit.candidates([(), (("setup", "x"),)])[0] == fit.Model(False, math.inf)  # the simplest first
    positions = fit.Positions(synthetic_games(informative), "search", option_sets=[()])
    models = [fit.Model(False, shrink) for shrink in (math.inf, 0.3, 0.01, 0.0)]  # a few, to keep it quick
    scores = fit.cross_validated(positions, models)
    model = fit.chosen(scores)
    if informative:
        assert model.shrink <= 0.01 and scores[model] < 0.5 < scores[fit.Model(False, math.inf)]
    else:
        assert model.shrink >= 0.3  # noise: the value is shrunk to (nearly) nothing, the seat bias kept
    mapped = fit.fit_map(positions, model.shrink)
    assert mapped.seat_bias[1] < 0  # the first seat's edge is learnt either way
