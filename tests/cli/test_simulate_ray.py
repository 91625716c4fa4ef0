"""simulate, tournament and report --ray: the same games as Ray tasks on a local Ray instance (in-process, small)."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

import abstracta  # noqa: E402
from abstracta.cli.simulate import run_simulation  # noqa: E402

from .helpers import run  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.slow
def test_ray_tasks_play_the_same_games_as_one_process(local_ray):
    game = abstracta.load("strategic-reserve", reserve=2)
    here, _ = run_simulation(game, ["easy", "random"], 4, seed=7, workers=1)
    on_ray, interrupted = run_simulation(game, ["easy", "random"], 4, seed=7, ray_address="local")
    assert not interrupted
    assert [(g.record, g.moves) for g in on_ray] == [(g.record, g.moves) for g in here]


@pytest.mark.slow
def test_simulate_ray_command_prints_the_same_table(local_ray):
    args = ["simulate", "strategic-reserve", "-n", "4", "--seed", "5", "-o", "reserve=2"]
    here = run(*args, "--workers", "1")
    on_ray = run(*args, "--ray", "local")
    assert on_ray.exit_code == 0, on_ray.output
    strip = lambda out: out[out.index("┏") :].split("time:")[0]  # noqa: E731
    assert strip(on_ray.output) == strip(here.output)
    assert "on Ray at local" in on_ray.output


@pytest.mark.slow
def test_tournament_on_ray_plays_the_same_games(local_ray):
    from abstracta.bots.tournament import run_tournament

    game = abstracta.load("strategic-reserve", reserve=2)
    here = run_tournament(game, ["random", "easy"], 2, seed=3, workers=1)
    on_ray = run_tournament(game, ["random", "easy"], 2, seed=3, ray_address="local")
    assert not on_ray.interrupted
    assert on_ray.games == here.games and on_ray.ratings == here.ratings


@pytest.mark.slow
def test_tournament_ray_command_prints_the_same_tables(local_ray):
    args = ["tournament", "strategic-reserve", "--bots", "random,easy", "-n", "2", "--seed", "4", "-o", "reserve=2"]
    here = run(*args, "--workers", "1")
    on_ray = run(*args, "--ray", "local")
    assert on_ray.exit_code == 0, on_ray.output
    strip = lambda out: out[out.index("┏") :].split("games:")[0]  # noqa: E731
    assert strip(on_ray.output) == strip(here.output)
    assert "on Ray at local" in on_ray.output
    both = run(*args, "--ray", "local", "--workers", "2")
    assert both.exit_code != 0 and "exclude each other" in both.output


@pytest.mark.slow
def test_report_on_ray_gives_the_same_figures(local_ray, tmp_path):
    import json

    args = ["report", "strategic-reserve", "--bots", "random", "-n", "3", "--seed", "6", "-o", "reserve=1"]
    here = run(*args, "--workers", "1", "--json", str(tmp_path / "here.json"))
    on_ray = run(*args, "--ray", "local", "--json", str(tmp_path / "ray.json"))
    assert on_ray.exit_code == 0 and here.exit_code == 0, on_ray.output
    assert json.loads((tmp_path / "ray.json").read_text()) == json.loads((tmp_path / "here.json").read_text())
