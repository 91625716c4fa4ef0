"""The shipped win-chance calibrations reproduce the committed held-out figures from the committed data.

No bot plays here: the test reads ``benchmarks/calibration/data/<slug>.jsonl`` (positions of bot
games with their outcome) and ``results.json`` (the figures ``fit.py`` measured), then values every
held-out position with the run-time code (``bots.win_chances.chances_of`` with each game's shipped
``calibration.py``) and recomputes Brier score, log loss and ECE, and the two baselines'.
"""

from __future__ import annotations

import importlib.util
import json
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
    from abstracta.core.calibration import options_key

    standard, other = abstracta.load("quin", setup="standard"), abstracta.load("quin", setup="random")
    pooled = standard.knowledge().calibration(2, "search")
    own = Calibration(pooled.temperature, 0.0, (0.0, -1.0), pooled.cubic)
    table = {(2, "search"): pooled, (2, "search", options_key(standard.options)): own}
    for game in (standard, other):
        game.knowledge().calibrations = table  # these instances only
    assert standard.knowledge().calibration(2, "search", standard.options) is own
    assert other.knowledge().calibration(2, "search", other.options) is pooled
    assert standard.knowledge().calibration(2, "search") is pooled
    even = Reading(None, (0.0, 0.0), 0, "search")
    assert chances_of(even, standard) == own.chances((0.0, 0.0), 0) != chances_of(even, other)
    assert chances_of(even, other) == pooled.chances((0.0, 0.0), 0)
