"""benchmarks/merge_tournaments.py: separate runs of a round robin's pairs merge into the single run's result."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import abstracta
from abstracta.bots.tournament import run_tournament
from tests.bots.test_tournament import SMALL, tiny_bot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import merge_tournaments  # noqa: E402

GAME = abstracta.load("strategic-reserve", **SMALL)


def write_run(tmp_path: Path, bots: list[str], seed: int = 9) -> Path:
    path = tmp_path / f"{'-'.join(bots)}-{seed}.json"
    path.write_text(json.dumps(run_tournament(GAME, bots, 6, seed=seed, workers=1, make_bot=tiny_bot).to_json()))
    return path


def test_pairs_run_apart_merge_into_the_round_robin(tmp_path, capsys):
    whole = run_tournament(GAME, ["random", "first", "last"], 6, seed=9, workers=1, make_bot=tiny_bot)
    parts = [write_run(tmp_path, bots) for bots in (["random", "first"], ["first", "last"], ["random", "last"])]
    parts.append(write_run(tmp_path, ["random", "first"]))  # an overlapping run: its games count once
    merged_file = tmp_path / "merged.json"
    assert merge_tournaments.main([*map(str, parts), "--json", str(merged_file)]) == 0
    merged = json.loads(merged_file.read_text())
    assert merged["games_played"] == len(whole.games) == 18
    assert merged["bots"] == ["random", "first", "last"]
    assert merged["pairs"] == whole.to_json()["pairs"]
    for mine, theirs in zip(merged["ratings"], whole.to_json()["ratings"], strict=True):
        assert mine["bot"] == theirs["bot"] and mine["games"] == theirs["games"]
        assert [mine["elo"], mine["low"], mine["high"]] == pytest.approx([theirs["elo"], theirs["low"], theirs["high"]])
    assert "18 games from 4 runs" in capsys.readouterr().out


def test_a_pair_run_the_other_way_round_is_told_from_the_merged_order(tmp_path):
    forward = write_run(tmp_path, ["random", "first"])
    backward = write_run(tmp_path, ["first", "random"])
    merged_file = tmp_path / "merged.json"
    merge_tournaments.main([str(forward), str(backward), "--json", str(merged_file)])
    (pair,) = json.loads(merged_file.read_text())["pairs"]
    ahead = json.loads(forward.read_text())["pairs"][0]
    behind = json.loads(backward.read_text())["pairs"][0]
    assert (pair["a"], pair["b"]) == ("random", "first")
    assert pair["games"] == 12  # the two orders are different games (the seed draws by pair order)
    assert pair["wins"] == ahead["wins"] + behind["losses"]
    assert pair["losses"] == ahead["losses"] + behind["wins"]


def test_runs_of_other_seeds_or_options_are_refused(tmp_path):
    one = write_run(tmp_path, ["random", "first"], seed=9)
    other = write_run(tmp_path, ["random", "first"], seed=10)
    with pytest.raises(SystemExit, match="only runs of one game, options and seed merge"):
        merge_tournaments.main([str(one), str(other)])


def test_a_pair_that_no_run_played_shows_no_score(tmp_path, capsys):
    parts = [write_run(tmp_path, ["random", "first"]), write_run(tmp_path, ["first", "last"])]
    merged_file = tmp_path / "merged.json"
    merge_tournaments.main([*map(str, parts), "--json", str(merged_file)])
    unplayed = next(p for p in json.loads(merged_file.read_text())["pairs"] if p["games"] == 0)
    assert (unplayed["a"], unplayed["b"]) == ("random", "last")
    rows = [line for line in capsys.readouterr().out.splitlines() if "random" in line and "last" in line]
    assert len(rows) == 1 and "%" not in rows[0] and "not" in rows[0]  # not an even 50.0% over 0 games
