"""simulate: the same games whatever --workers says, the same as play_match, files, Ctrl-C keeping finished games."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import sys
import time

import pytest

import abstracta
from abstracta.bots import level_bot, play_match
from abstracta.cli.simulate import run_simulation
from abstracta.core.records import read_file, replay

from .helpers import assert_one_line_error, run, start_detached

GAME = "strategic-reserve"


def table(output: str) -> str:
    """The per-seat table and the lines after it, without the timing and the worker count."""
    body = output[output.index("┏") : output.index("wrote ")] if "wrote " in output else output[output.index("┏") :]
    return re.sub(r"time: \S+", "", body)


def test_simulate_matches_play_match_game_for_game():
    game = abstracta.load(GAME, reserve=2)
    levels = ["random", "easy"]
    played, interrupted = run_simulation(game, levels, 4, seed=9, workers=1)
    factories = [lambda s, level=level: level_bot(level, game, seed=s) for level in levels]
    seen = []
    play_match(game, factories, 4, 9, on_game_done=seen.append)
    assert not interrupted
    assert [d.record for d in played] == seen


@pytest.mark.slow
def test_one_worker_and_two_workers_give_identical_tables(tmp_path):
    args = ["simulate", GAME, "-n", "6", "--seed", "3", "--bots", "easy,random", "-o", "reserve=2"]
    one = run(*args, "--workers", "1", "--json", str(tmp_path / "one.json"))
    two = run(*args, "--workers", "2", "--json", str(tmp_path / "two.json"))
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert table(one.output) == table(two.output)
    assert json.loads((tmp_path / "one.json").read_text())["games"] == json.loads((tmp_path / "two.json").read_text())["games"]


def test_csv_json_and_records(tmp_path):
    paths = {name: tmp_path / name for name in ("games.csv", "games.json", "games.txt")}
    result = run("simulate", GAME, "-n", "3", "--seed", "4", "-w", "1", "--csv", str(paths["games.csv"]),
                 "--json", str(paths["games.json"]), "--records", str(paths["games.txt"]))  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(paths["games.csv"].open()))
    data = json.loads(paths["games.json"].read_text())
    records = read_file(paths["games.txt"])
    assert len(rows) == len(data["games"]) == len(records) == 3
    assert data["seats"][0]["bot"] == "random" and data["games_played"] == 3
    for row, game_data, record in zip(rows, data["games"], records):
        states = replay(record)
        assert states[-1].over and len(record.moves) == int(row["plies"]) == game_data["plies"]
        assert [float(row["return_0"]), float(row["return_1"])] == states[-1].returns() == game_data["returns"]
        assert record.seed == game_data["start_seed"] and record.players == ["random", "random"]


def test_bad_output_paths_fail_before_playing(tmp_path):
    assert_one_line_error(run("simulate", GAME, "--csv", str(tmp_path)), "folder")
    assert_one_line_error(run("simulate", GAME, "--records", str(tmp_path / "no" / "x.txt")), "does not exist")
    assert_one_line_error(run("simulate", GAME, "--workers", "0"), "--workers")


def test_png_draws_a_picture(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "run.png"
    result = run("simulate", GAME, "-n", "4", "--seed", "1", "-w", "1", "--png", str(path))
    assert result.exit_code == 0, result.output
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("stop", ["ctrl-c", "kill"])
def test_a_stopped_run_keeps_the_finished_games(tmp_path, workers, stop):
    records = tmp_path / "games.txt"
    command = [sys.executable, "-m", "abstracta.cli.main", "simulate", GAME, "-n", "200", "--seed", "2",
               "--bots", "easy", "-w", workers, "--records", str(records)]  # fmt: skip
    # ctrl-c: as under a terminal, where Ctrl-C is KeyboardInterrupt and reaches the whole process group;
    # kill: SIGINT ignored, as for a run started in the background from a script, and `kill PID` to the main process
    process = start_detached(command, signal.SIG_DFL if stop == "ctrl-c" else signal.SIG_IGN)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (records.exists() and records.read_text().count("[Game ") >= 2):
            time.sleep(0.2)
        if stop == "ctrl-c":
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.terminate()
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    finished = int(re.search(r"interrupted: (\d+) of 200 games finished", err)[1])
    assert 2 <= finished < 200
    wins = re.findall(r"│ \d \w+\s*│ easy\s*│\s*(\d+) │", out)
    assert len(wins) == 2
    kept = read_file(records)
    assert len(kept) == finished
    assert [int(r.extra["Round"]) for r in kept] == sorted(int(r.extra["Round"]) for r in kept)
    assert all(replay(r)[-1].over for r in kept)


def test_tournament_writes_records_and_a_picture(tmp_path):
    records = tmp_path / "t.txt"
    args = ["tournament", GAME, "--bots", "random,easy", "-n", "2", "--seed", "1", "-w", "1", "-o", "reserve=1",
            "--records", str(records)]  # fmt: skip
    if __import__("importlib").util.find_spec("matplotlib"):
        args += ["--png", str(tmp_path / "t.png")]
    result = run(*args)
    assert result.exit_code == 0, result.output
    kept = read_file(records)
    assert len(kept) == 2 and {tuple(r.players) for r in kept} == {("random", "easy"), ("easy", "random")}
    for record in kept:
        final = replay(record)[-1]
        assert final.over and record.result == "/".join(f"{v:g}" for v in final.returns())
