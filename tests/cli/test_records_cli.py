"""play --save / --load, the Quin player's record with its secret file, and replay."""

from __future__ import annotations

import json
import re

import abstracta
from abstracta.core.records import read_file, replay

from .helpers import assert_one_line_error, run, square_feed

GAME = "strategic-reserve"


def test_save_then_load_continues_the_same_game(tmp_path):
    path = tmp_path / "game.txt"
    first = run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    assert f"continue it with: abstracta play {GAME} --load {path}" in first.output
    (record,) = read_file(path)
    assert record.moves[1] == "c4" and record.moves[3] == "d3" and record.seed == 3
    assert record.result == "*" and record.termination == "unfinished"
    before = replay(record)[-1]

    second = run("play", GAME, "--load", str(path), input="position\n" + square_feed(60))
    assert second.exit_code == 0, second.output
    assert before.notation() in second.output  # 'position' printed where the saved game stood
    (finished,) = read_file(path)  # --load keeps saving to the same file
    assert finished.moves[: len(record.moves)] == record.moves
    assert replay(finished)[-1].over and finished.termination == "normal" and finished.result != "*"


def test_json_records_and_a_corrupted_file_names_the_bad_move(tmp_path):
    path = tmp_path / "game.json"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    data = json.loads(path.read_text())
    data["records"][0]["moves"][3] = "zz"
    path.write_text(json.dumps(data))
    for command in (["play", GAME, "--load", str(path)], ["replay", str(path)]):
        result = run(*command, input="quit\n")
        assert_one_line_error(result, "ply 4", "zz")


def test_load_refuses_options_and_another_game(tmp_path):
    path = tmp_path / "game.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="quit\n")
    assert_one_line_error(run("play", GAME, "--load", str(path), "-o", "reserve=2"), "--load")
    assert_one_line_error(run("play", "quin", "--load", str(path)), "strategic-reserve")
    assert_one_line_error(run("play", GAME, "--load", str(tmp_path / "missing.txt")), "cannot read")


def test_quin_against_a_bot_keeps_the_bots_pieces_secret_and_resumable(tmp_path):
    path = tmp_path / "quin.txt"
    game = abstracta.load("quin")
    state = game.start(seed=5)
    script = "\n".join([state.moves()[0]] * 1) + "\nquit\n"
    first = run("play", "quin", "--vs", "random", "--seed", "5", "--save", str(path), input=script)
    assert first.exit_code == 0, first.output
    secret = tmp_path / "quin.txt.secret.json"
    (mine,) = read_file(path)
    (full,) = read_file(secret)
    assert mine.view == 0 and full.view is None and full.seed == 5
    states = replay(full)
    text = path.read_text()
    assert states[-1].notation() not in text and states[0].notation() not in text  # the bot's pieces are not in it
    assert [s.view(0).notation() for s in states[1:]] == mine.views

    second = run("play", "quin", "--vs", "random", "--load", str(path), input="position\nquit\n")
    assert second.exit_code == 0, second.output
    assert states[-1].view(0).notation() in second.output  # same hidden pieces, not dealt again

    secret.unlink()
    assert_one_line_error(run("play", "quin", "--vs", "random", "--load", str(path)), "secret")


def test_replay_steps_forward_back_and_jumps(tmp_path):
    path = tmp_path / "game.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    result = run("replay", str(path), input="n\n\n4\np\n0\n77\nwhat\nq\n")
    assert result.exit_code == 0, result.output
    plies = [line for line in result.output.splitlines() if line.startswith(("ply ", "start"))]
    assert [p.split(":")[0] for p in plies] == ["start (ply 0/5)", "ply 1/5", "ply 2/5", "ply 4/5", "ply 3/5", "start (ply 0/5)"]
    assert "no ply 77" in result.output and "unknown key" in result.output


def test_replay_picks_a_game_of_several(tmp_path):
    from abstracta.core.records import Record, write_file

    path = tmp_path / "many.txt"
    write_file(path, [Record(GAME, {}, ["1,1"], seed=1), Record(GAME, {}, ["2,2", "b1"], seed=2)])
    result = run("replay", str(path), "--game", "2", input="q\n")
    assert "2 plies" in result.output
    assert_one_line_error(run("replay", str(path), "--game", "3"), "holds 2 games")


def test_analyse_prints_each_move_with_its_win_probability(tmp_path):
    path = tmp_path / "game.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    result = run("analyse", str(path))
    assert result.exit_code == 0, result.output
    assert "c4" in result.output and "d3" in result.output and "win % before" in result.output
    assert "Red: accuracy" in result.output and "blunder" in result.output
    assert_one_line_error(run("analyse", str(path), "--game", "3"), "holds 1 game")


def test_analyse_json_writes_the_figures_for_scripts(tmp_path):
    import json

    path = tmp_path / "game.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    first, again = (run("analyse", str(path), "--json") for _ in range(2))
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout  # the same record, the same figures
    figures = json.loads(first.stdout)
    decisions = [ply["move"] for ply in figures["plies"] if ply["player"] >= 0]  # the rolls are chance's
    assert decisions == ["c4", "d3"] and len(figures["positions"]) == len(figures["plies"]) + 1
    assert {"player", "move", "before", "after", "mark", "best"} <= set(figures["plies"][0])
    assert [p["player"] for p in figures["players"]] == [0, 1] and all(0 <= p["accuracy"] <= 100 for p in figures["players"])


def test_analyse_png_draws_the_win_probability(tmp_path):
    import pytest

    pytest.importorskip("matplotlib")
    path, picture = tmp_path / "game.txt", tmp_path / "game.png"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nd3\nquit\n")
    result = run("analyse", str(path), "--png", str(picture))
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:4] == b"\x89PNG"


def test_replay_and_analyse_name_whose_record_it_is(tmp_path):
    import random

    from abstracta.core.records import Record, player_record, write_file

    state, rng = abstracta.load("quin").start(seed=2), random.Random(2)
    full = Record("quin", {}, seed=2)
    # A spectator's record as the server writes it (View -1): public moves and a spectator's views.
    spectator = Record("quin", {}, position=state.view(None).notation(), view=-1)
    for _ in range(6):
        move = rng.choice(state.moves())
        full.moves.append(move)
        spectator.moves.append(state.public_move(move))
        state = state.play(move)
        spectator.views.append(state.view(None).notation())
    for record, words in ((player_record(full, 1), "what seat 1 saw"), (spectator, "what a spectator saw")):
        path = tmp_path / f"view{record.view}.txt"
        write_file(path, [record])
        replayed = run("replay", str(path), input="q\n")
        assert replayed.exit_code == 0, replayed.output
        assert f"(the record of {words})" in replayed.output.splitlines()[0]
    assert_one_line_error(run("analyse", str(tmp_path / "view-1.txt")), "what a spectator saw")


def test_a_seats_quin_record_is_analysed_from_its_views_alone(tmp_path):
    import random

    from abstracta.core.records import Record, player_record, write_file

    state, rng = abstracta.load("quin").start(seed=1), random.Random(0)
    full = Record("quin", {}, seed=1)
    for _ in range(8):
        move = rng.choice(state.moves())
        full.moves.append(move)
        state = state.play(move)
    path = tmp_path / "seat0.txt"
    write_file(path, [player_record(full, 0)])  # no seed, the rival's pieces face down
    first, again = (run("analyse", str(path)) for _ in range(2))
    assert first.exit_code == 0, first.output
    assert "8 plies, valued by" in first.stdout and "from what seat 0 saw" in first.stdout
    rows = [line for line in first.stdout.splitlines() if re.match(r"│\s+\d+ │", line)]
    assert len(rows) == 8 and all(re.search(r"\d+%\s+│\s+\d+%", row) for row in rows)
    assert first.stdout == again.stdout  # worlds seeded by the view: the same analysis twice
