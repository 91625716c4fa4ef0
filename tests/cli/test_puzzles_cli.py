"""``abstracta puzzles``: make a small set on a tiny budget, list, show, solve and verify puzzles, and
one-line errors for what a user can get wrong."""

from __future__ import annotations

import abstracta
from abstracta.bots import puzzles as made
from tests.cli.helpers import assert_one_line_error, run


def test_make_writes_proved_puzzles(tmp_path):
    path = tmp_path / "reflec.json"
    result = run("puzzles", "reflec", "--make", "1", str(path), "--seed", "4", "--seconds", "60", "--levels", "easy")
    assert result.exit_code == 0, result.output
    assert f"wrote 1 puzzles to {path}" in result.stdout and "seed 4" in result.stdout
    [puzzle] = made.load_puzzles(path)
    assert puzzle.game == "reflec" and set(puzzle.misses) == {"easy"}
    assert made.verify(puzzle, abstracta.load("reflec")) == []
    listed = run("puzzles", "reflec", str(path))
    assert listed.exit_code == 0 and "Reflec: 1 puzzles (destroy a laser this turn)" in listed.stdout
    verified = run("puzzles", "reflec", str(path), "--verify")
    assert verified.exit_code == 0 and "all 1 puzzles" in verified.stdout


def test_show_and_solve_a_shipped_puzzle():
    puzzle = made.shipped_puzzles(abstracta.load("laser-chess"))[0]
    shown = run("puzzles", "laser-chess", "--show", "1")
    assert shown.exit_code == 0 and puzzle.sentence in shown.stdout and puzzle.solution not in shown.stdout.split()
    wrong = next(m for m in abstracta.load("laser-chess").from_json(puzzle.position).moves() if m != puzzle.solution)
    solved = run("puzzles", "laser-chess", "--solve", "1", input=f"zz\n{wrong}\n{puzzle.solution}\n")
    assert solved.exit_code == 0, solved.output
    assert "'zz' is not a legal move here" in solved.stdout
    assert f"wrong: after {wrong}" in solved.stdout and f"right: {puzzle.solution} forces it." in solved.stdout
    listed = run("puzzles", "laser-chess")
    assert listed.exit_code == 0 and "hit the King in 2" in listed.stdout


def test_one_line_errors(tmp_path):
    assert_one_line_error(run("puzzles", "desfases"), "desfases has no puzzles")
    assert_one_line_error(run("puzzles", "laser-chess", "--make", "2"), "--make N needs a FILE")
    assert_one_line_error(run("puzzles", "laser-chess", "--make", "0", str(tmp_path / "x.json")), "--make must be at least 1")
    assert_one_line_error(run("puzzles", "laser-chess", "--make", "1", str(tmp_path / "x.json"), "--levels", "easy,wizard"),
                          "unknown level wizard")  # fmt: skip
    assert_one_line_error(run("puzzles", "laser-chess", str(tmp_path / "none.json")), "no puzzle file")
    assert_one_line_error(run("puzzles", "laser-chess", "--show", "999"), "has puzzles 1 to")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert_one_line_error(run("puzzles", "laser-chess", str(bad)), "not JSON")


def test_a_quin_puzzle_is_drawn_as_its_solvers_view():
    shown = run("puzzles", "quin", "--show", "1")
    assert shown.exit_code == 0, shown.output
    assert "Seen by " in shown.stdout and "to play: bring your Light to First Sight within 2 turns" in shown.stdout
