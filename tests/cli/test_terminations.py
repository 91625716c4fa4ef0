"""Every game written by play, simulate and tournament says how it ended; older tournament JSON still loads."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from abstracta.core.records import read_file

from .helpers import run

GAME = "strategic-reserve"
CAP = ["-o", "max_turns=2"]  # two placements, then a draw by the turn limit (six checkers each to place)


def test_a_capped_hotseat_game_is_recorded_as_cut_off(tmp_path):
    path = tmp_path / "capped.txt"
    result = run("play", GAME, *CAP, "--seed", "3", "--save", str(path), input="\n".join(["c4", "d3", "b2", "e5"] * 3))
    assert result.exit_code == 0, result.output
    (record,) = read_file(path)
    assert record.result == "0/0" and record.termination == "turn limit"


def test_simulate_json_csv_and_records_carry_the_termination(tmp_path):
    paths = {name: tmp_path / name for name in ("games.csv", "games.json", "games.txt")}
    result = run("simulate", GAME, *CAP, "-n", "3", "--seed", "4", "-w", "1", "--csv", str(paths["games.csv"]),
                 "--json", str(paths["games.json"]), "--records", str(paths["games.txt"]))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "ended by: turn limit 3" in result.output
    data = json.loads(paths["games.json"].read_text())
    assert [g["termination"] for g in data["games"]] == ["turn limit"] * 3
    assert data["terminations"] == {"turn limit": 3}
    assert [row["termination"] for row in csv.DictReader(paths["games.csv"].open())] == ["turn limit"] * 3
    assert [r.termination for r in read_file(paths["games.txt"])] == ["turn limit"] * 3

    uncapped = tmp_path / "uncapped.json"
    run("simulate", GAME, "-o", "reserve=1", "-n", "2", "--seed", "4", "-w", "1", "--json", str(uncapped))
    assert [g["termination"] for g in json.loads(uncapped.read_text())["games"]] == ["normal"] * 2


def test_tournament_json_csv_and_records_carry_the_termination(tmp_path):
    json_path, csv_path, records = tmp_path / "run.json", tmp_path / "run.csv", tmp_path / "run.txt"
    result = run("tournament", GAME, *CAP, "--bots", "random,easy", "--games", "2", "--seed", "5", "--workers", "1",
                 "--json", str(json_path), "--csv", str(csv_path), "--records", str(records))  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(json_path.read_text())
    assert [g["termination"] for g in data["games"]] == ["turn limit"] * 2
    assert data["terminations"] == {"turn limit": 2}
    assert [row["termination"] for row in csv.DictReader(csv_path.open())] == ["turn limit"] * 2
    assert [r.termination for r in read_file(records)] == ["turn limit"] * 2


def test_tournament_json_from_before_terminations_still_merges(tmp_path, capsys):
    benchmarks = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(benchmarks))
    import merge_tournaments

    old = benchmarks / "results" / "quin-seed3" / "medium-easy.json"
    assert all("termination" not in game for game in json.loads(old.read_text())["games"])
    merged = tmp_path / "merged.json"
    assert merge_tournaments.main([str(old), "--json", str(merged)]) == 0
    data = json.loads(merged.read_text())
    assert {g["termination"] for g in data["games"]} == {"unknown"}  # not claimed to be normal
    assert data["games_played"] == len(data["games"]) > 0
