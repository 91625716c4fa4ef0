"""The tournament's parts (runner, Elo fit, worker and Ray backends): their examples run, and every
name callers import from ``abstracta.bots.tournament`` is still there and is the part's own object."""

from __future__ import annotations

import doctest
import importlib

import pytest

import abstracta.bots.elo as elo
import abstracta.bots.parallel as parallel
import abstracta.bots.tournament as tournament

# What abstracta.bots.tournament offered before it was split, and the module that now owns each name.
MOVED = {
    "ELO_SCALE": elo,
    "DEFAULT_PRIOR_DRAWS": elo,
    "Rating": elo,
    "fit_elo": elo,
    "RAY_IN_FLIGHT": parallel,
    "default_workers": parallel,
    "run_on_ray": parallel,
    "stop_requested": parallel,
}
STAYED = ["BotMaker", "TournamentGame", "PairResult", "TournamentResult", "seat_arrangements", "game_rng",
          "pair_score", "run_tournament", "summarise"]  # fmt: skip


@pytest.mark.parametrize("name", ["abstracta.bots.elo", "abstracta.bots.parallel"])
def test_documentation_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


def test_the_elo_fit_has_examples():
    assert doctest.testmod(elo, verbose=False).attempted > 0


@pytest.mark.parametrize("name", sorted(MOVED))
def test_moved_names_are_still_importable_from_the_tournament(name):
    assert getattr(tournament, name) is getattr(MOVED[name], name)
    assert name in tournament.__all__


@pytest.mark.parametrize("name", STAYED)
def test_the_runner_keeps_its_own_names(name):
    assert name in tournament.__all__ and hasattr(tournament, name)


def test_a_worker_loads_each_game_once():
    first = parallel.load_game("strategic-reserve", {"reserve": 2})
    assert parallel.load_game("strategic-reserve", {"reserve": 2}) is first
    assert parallel.load_game("strategic-reserve", {"reserve": 3}) is not first


def test_outside_a_worker_nothing_asks_to_stop():
    assert parallel.stop_requested() is False
