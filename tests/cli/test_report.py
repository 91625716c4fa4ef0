"""``abstracta report`` end to end on tiny runs, and the position suites of simulate and tournament."""

from __future__ import annotations

import json
import re
from pathlib import Path

import abstracta
from tests.cli.helpers import assert_one_line_error, run

GAME = "strategic-reserve"
TINY = ("-o", "reserve=1", "--seed", "1", "--workers", "1")

DOCUMENTED_KEYS = {"game", "options", "games", "seats", "metrics", "skill_trace", "sweep"}
DOCUMENTED_METRICS = {"completion", "drawishness", "decisiveness", "first_mover_advantage", "balance_p",
                      "length_turns", "length_plies", "branching_factor", "decision_moves", "drama", "lead_changes",
                      "uncertainty", "terminations"}  # fmt: skip
"""The keys the issue documents for ``--json`` (docs/designers.md lists them with the extras)."""


def _position(seed: int = 4) -> str:
    """A Strategic Reserve position a few plies in (the game's own notation)."""
    state = abstracta.load(GAME, reserve=2).start(seed=seed)
    state = state.play(state.moves()[0] if state.player != -1 else state.chance()[0][0])
    return state.notation()


def test_report_writes_json_with_the_documented_keys_and_one_self_contained_html(tmp_path: Path):
    json_path, html_path = tmp_path / "report.json", tmp_path / "report.html"
    result = run("report", GAME, "--bots", "random,easy", "--games", "2", "-o", "reserve=1,2", "--seed", "1",
                 "--workers", "1", "--json", str(json_path), "--html", str(html_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(json_path.read_text())
    assert DOCUMENTED_KEYS <= set(data) and DOCUMENTED_METRICS <= set(data["metrics"])
    assert data["games"] == 4  # 2 settings x 1 pair of levels x 2 games (one seating cycle)
    assert {row["seat"] for row in data["seats"]} == {0, 1}
    assert [(row["stronger"], row["weaker"], row["games"]) for row in data["skill_trace"]] == [("easy", "random", 4)]
    assert [s["setting"] for s in data["sweep"]["settings"]] == ["reserve=1", "reserve=2"]
    assert set(data["metrics"]["length_turns"]) == {"mean", "median", "p10", "p90"}
    assert data["headlines"] and "Skill: easy scores" in result.stdout
    page = html_path.read_text()
    assert page.count("<html") == 1 and "data:image/png;base64," in page
    assert "<script" not in page and "href=" not in page
    assert all(src.startswith("data:image/") for src in re.findall(r"src='([^']*)'", page))
    assert page.count("<img") >= 4  # balance, lengths, win-chance curves, skill trace, sweep


def test_report_of_one_level_plays_itself_and_says_how_soon_games_are_decided(tmp_path: Path):
    json_path = tmp_path / "self.json"
    result = run("report", GAME, "--bots", "random", "--games", "3", *TINY, "--json", str(json_path))
    assert result.exit_code == 0, result.output
    data = json.loads(json_path.read_text())
    assert data["games"] == 3 and data["skill_trace"] == [] and data["sweep"] is None
    assert re.search(r"(Decided in about|Games last) \d", result.stdout)
    assert "balance by score" in result.stdout


def test_report_refuses_bad_input_in_one_line(tmp_path: Path):
    bad = tmp_path / "positions.txt"
    bad.write_text(f"{_position()}\nnot a position\n")
    assert_one_line_error(run("report", GAME, "--positions", str(bad), "-o", "reserve=2", "--workers", "1"), "line 2")
    assert_one_line_error(run("report", GAME, "--bots", "hard:iterations=3", *TINY), "takes nodes")
    assert_one_line_error(run("report", GAME, "-o", "reserve=1,", *TINY), "empty value")
    assert_one_line_error(run("report", GAME, "--adjudicate", "win=0.9", *TINY), "--adjudicate")


def test_a_position_suite_is_played_with_seats_swapped(tmp_path: Path):
    from abstracta.cli.simulate import run_simulation

    game = abstracta.load(GAME, reserve=2)
    position = _position()
    played, _ = run_simulation(game, ["easy", "random"], 4, seed=2, positions=[position])
    assert [done.seats for done in played] == [("easy", "random"), ("random", "easy")] * 2
    assert all(done.start == position for done in played)
    for done in played:  # every game really starts there: its moves replay from the position
        state = game.parse(position)
        for move in done.moves:
            state = state.play(move)
        assert state.over and tuple(state.returns()) == done.record.returns
    records = tmp_path / "games.pgn"
    result = run("simulate", GAME, "-o", "reserve=2", "--position", position, "--games", "2", "--bots", "easy,random",
                 "--seed", "2", "--workers", "1", "--records", str(records))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert records.read_text().count(position) == 2


def test_tournament_plays_each_position_in_every_seating():
    from abstracta.bots.tournament import run_tournament

    position = _position(7)
    result = run_tournament(abstracta.load(GAME, reserve=2), ["random", "easy"], 4, seed=1, workers=1,
                            positions=[position, _position(8)])  # fmt: skip
    assert [(g.seats, g.start) for g in result.games] == [
        (("random", "easy"), position), (("easy", "random"), position),
        (("random", "easy"), _position(8)), (("easy", "random"), _position(8))]  # fmt: skip


def test_ctrl_c_reports_on_the_games_finished(monkeypatch, tmp_path: Path):
    import abstracta.cli.simulation_games as games_module

    play = games_module.play_simulated

    def stopped_at_the_third(task, game=None):
        if task.index == 2:
            raise KeyboardInterrupt
        return play(task, game)

    monkeypatch.setattr(games_module, "play_simulated", stopped_at_the_third)
    json_path = tmp_path / "stopped.json"
    result = run("report", GAME, "--bots", "random", "--games", "6", *TINY, "--json", str(json_path))
    assert result.exit_code == 130 and "interrupted: 2 of 6 games finished" in result.stderr
    data = json.loads(json_path.read_text())
    assert data["games"] == 2 and data["interrupted"] is True and data["games_planned"] == 6
