"""``abstracta tournament``: tables, files, the same results for any --workers, errors, Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import assert_one_line_error, run, start_detached

GAME = "strategic-reserve"
QUICK = ["-o", "reserve=1", "--seed", "4"]  # level bots finish these games in a few plies


def tables(output: str) -> str:
    """The output without the lines that may differ between runs of the same seed (workers, time)."""
    return "\n".join(line for line in output.splitlines() if "worker" not in line and "time:" not in line)


def test_prints_the_pair_table_and_elo_with_intervals():
    result = run("tournament", GAME, "--bots", "random,easy,medium", "--games", "2", "--workers", "1", *QUICK)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "random, easy, medium; 2 games a pair (6 in all), 1 worker, seed 4" in out
    for pair in (r"random\s+│ easy", r"random\s+│ medium", r"easy\s+│ medium"):
        assert re.search(pair + r"\s+│\s+2 │", out), pair
    assert re.search(r"│\s+\d\s+│ random\s+│\s+\+0 │\s+anchor │\s+4 │", out)
    assert re.search(r"│ easy\s+│\s+[+-]\d+ │\s+[+-]\d+ to [+-]\d+ │", out)
    assert "random = 0" in out and "games: 6" in out


def test_the_same_seed_gives_the_same_tables_with_one_or_two_workers():
    args = ("tournament", GAME, "--bots", "random,easy", "--games", "4", *QUICK)
    alone = run(*args, "--workers", "1")
    pooled = run(*args, "--workers", "2")
    assert alone.exit_code == pooled.exit_code == 0, alone.output + pooled.output
    assert "2 workers" in pooled.output
    assert tables(alone.stdout) == tables(pooled.stdout)  # stderr has the progress lines, timed


def test_json_and_csv_hold_every_game_and_the_tables(tmp_path: Path):
    json_path, csv_path = tmp_path / "run.json", tmp_path / "run.csv"
    result = run("tournament", GAME, "--bots", "random,easy,medium", "--games", "2", "--workers", "1", *QUICK,
                 "--json", str(json_path), "--csv", str(csv_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(json_path.read_text())
    assert (data["game"], data["options"]["reserve"], data["seed"], data["interrupted"]) == (GAME, 1, 4, False)
    assert data["games_played"] == data["games_planned"] == len(data["games"]) == 6
    for game in data["games"]:
        assert sorted(game["seats"]) == sorted([game["a"], game["b"]])
        assert len(game["bot_seeds"]) == len(game["returns"]) == len(game["scores"]) == 2
        assert game["plies"] > 0 and game["score"] in (0, 0.5, 1)
    assert [(p["a"], p["b"], p["games"]) for p in data["pairs"]] == [
        ("random", "easy", 2), ("random", "medium", 2), ("easy", "medium", 2)]
    assert [r["bot"] for r in data["ratings"]] == ["random", "easy", "medium"]
    assert data["ratings"][0]["elo"] == 0 and data["elo"]["anchor"] == "random"

    rows = list(csv.DictReader(csv_path.open()))
    assert len(rows) == 6
    for row, game in zip(rows, data["games"]):
        assert (row["a"], row["bot_0"], row["bot_1"]) == (game["a"], *game["seats"])
        assert (int(row["start_seed"]), int(row["seed_1"]), float(row["return_0"])) == (
            game["start_seed"], game["bot_seeds"][1], game["returns"][0])
    pairs = list(csv.DictReader((tmp_path / "run-pairs.csv").open()))
    assert [int(p["wins"]) + int(p["draws"]) + int(p["losses"]) for p in pairs] == [2, 2, 2]
    ratings = list(csv.DictReader((tmp_path / "run-ratings.csv").open()))
    assert [(r["bot"], float(r["elo"])) for r in ratings] == [(r["bot"], r["elo"]) for r in data["ratings"]]


def test_three_player_games_say_when_seats_are_uneven():
    result = run("tournament", "reflec", "-o", "players=3", "-o", "max_turns=1", "--bots", "random,easy",
                 "--games", "2", "--workers", "1", "--seed", "1")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seats rotate every 6 games" in result.output


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--bots", "random,deep-blue"], ["unknown bot 'deep-blue'", "random, easy, medium, hard, old-hard"]),
        (["--bots", "random"], ["at least two bots"]),
        (["--bots", "easy,easy,random"], ["easy more than once"]),
        (["--games", "0"], ["--games", "at least 1"]),
        (["--workers", "0"], ["--workers", "at least 1"]),
        (["-o", "reserve=99"], ["reserve=99"]),
        (["--json", "/no/such/folder/x.json"], ["cannot write", "does not exist"]),
        (["--csv", "."], ["cannot write", "is a folder"]),
        (["--bots", "random,policy:no_such_module:act"], ["--bots", "cannot import 'no_such_module'"]),
        (["--bots", "random,policy:missing.onnx"], ["--bots", "no ONNX model at missing.onnx"]),
    ],
)
def test_bad_input_gives_one_line_errors(args, fragments):
    assert_one_line_error(run("tournament", GAME, *args), *fragments)


def test_unknown_game():
    assert_one_line_error(run("tournament", "foo"), "unknown game 'foo'", "valid games:")


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("stop", ["ctrl-c", "kill"])
def test_a_stopped_run_prints_and_writes_the_games_finished_so_far(tmp_path: Path, workers, stop):
    json_path = tmp_path / "stopped.json"
    command = [sys.executable, "-m", "abstracta.cli.main", "tournament", GAME, "--bots", "random,easy",
               "--games", "100000", "-o", "reserve=2", "--seed", "1", "--workers", workers, "--json", str(json_path)]  # fmt: skip
    if stop == "ctrl-c":  # under a terminal: Ctrl-C reaches the whole process group, workers included
        process = start_detached(command, signal.SIG_DFL)
        time.sleep(4)  # long enough to start (on a loaded machine) and finish some games, far from all of them
        os.killpg(process.pid, signal.SIGINT)
    else:  # in the background from a script: SIGINT is ignored, and `kill PID` reaches the main process alone
        process = start_detached(command, signal.SIG_IGN)
        time.sleep(4)
        process.send_signal(signal.SIGINT)
        time.sleep(0.5)
        assert process.poll() is None, "an ignored SIGINT stopped the run"
        process.terminate()
    began = time.monotonic()
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - began < 15, "workers did not stop promptly"
    assert process.returncode == 130, out + err
    assert "Traceback" not in out + err
    finished = int(re.search(r"interrupted: (\d+) of 100000 games finished", err).group(1))
    assert finished > 0
    assert re.search(rf"random\s+│ easy\s+│\s+{finished} │", out)
    data = json.loads(json_path.read_text())
    assert data["interrupted"] is True
    assert data["games_played"] == len(data["games"]) == finished


def test_a_policy_is_rated_beside_a_level_with_workers():
    spec = "policy:tests.bots.policies:first_legal"
    result = run("tournament", GAME, "--bots", f"random,{spec}", "--games", "2", "--workers", "2", *QUICK)
    assert result.exit_code == 0, result.output
    assert re.search(r"│ random\s+│\s+\+0 │\s+anchor │\s+2 │", result.stdout)
    assert "games: 2" in result.stdout


def test_help_names_every_level():
    from abstracta.bots import LEVELS, REFERENCE_BOTS

    text = run("tournament", "--help").output
    assert all(level in text for level in LEVELS + REFERENCE_BOTS)
    assert "baseline" in text and "policy:module:attr" in text
    assert "--workers" in text and "--json" in text and "--csv" in text


def test_a_run_into_a_log_file_reports_progress_in_plain_lines():
    result = run("tournament", GAME, "--bots", "random,easy", "--games", "4", "--workers", "1", *QUICK)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("playing: ")]
    # Four games: each one is another tenth or more of the work, so each gets its line.
    assert [line.split(",")[0] for line in lines] == [f"playing: {n}/4 games ({n * 25}%)" for n in range(1, 5)]
    assert all(re.search(r", \d+:\d\d elapsed$", line) for line in lines)
    assert "playing: " not in result.stdout


def test_the_heading_names_only_the_options_that_are_set():
    result = run("tournament", "desfases", "--bots", "random,easy", "--games", "1", "--workers", "1",
                 "-o", "players=2", "--seed", "1")  # fmt: skip
    assert result.exit_code == 0, result.output
    heading = result.stdout.splitlines()[0]
    assert heading.startswith("desfases players=2: random, easy;") and "None" not in heading


def test_sprt_stops_the_pair_and_prints_the_llr_and_bounds(tmp_path: Path):
    json_path = tmp_path / "run.json"
    result = run("tournament", GAME, "--bots", "random,easy", "--games", "60", "--workers", "1", *QUICK,
                 "--sprt", "elo0=0,elo1=300", "--json", str(json_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "a pair stops when the LLR leaves [-2.94, 2.94]" in result.output
    found = re.search(r"SPRT random vs easy: (H[01]), .*\n  LLR ([+-]\d+\.\d\d) in \[-2\.94, 2\.94\] after (\d+) game"
                      r" pairs? \((\d+) games\)", result.output)  # fmt: skip
    assert found, result.output
    verdict, llr, pairs, games = found.group(1), float(found.group(2)), int(found.group(3)), int(found.group(4))
    assert (llr >= 2.94) if verdict == "H1" else (llr <= -2.94)
    assert games == 2 * pairs < 60 and f"games: {games}" in result.output
    assert re.search(r"first seat: [+-]\d+ Elo \(95% [+-]\d+ to [+-]\d+\)", result.output)
    assert all(len(line) <= 80 for line in result.stdout.splitlines() if "SPRT" in line or "LLR" in line
               or "first seat" in line)  # fmt: skip
    data = json.loads(json_path.read_text())
    assert data["sprt"]["pairs"][0]["verdict"] == verdict and data["sprt"]["elo1"] == 300
    assert data["first_move"]["bot"] == "first seat" and data["games_played"] == games


@pytest.mark.parametrize(("spec", "message"), [("elo0=0", "elo1 missing"), ("elo0=9,elo1=1", "above elo0"),
                                               ("nonsense", "expected elo0=E0")])  # fmt: skip
def test_a_bad_sprt_spec_is_a_one_line_error(spec, message):
    result = run("tournament", GAME, "--bots", "random,easy", "--games", "2", "--sprt", spec)
    assert_one_line_error(result, message)
