"""Saved games resume as they were: --load keeps seats and levels, --save keeps other games, Result is checked."""

from __future__ import annotations

import shlex

import pytest

from abstracta.cli.common import CliError
from abstracta.core.records import read_file, write_file

from .helpers import assert_one_line_error, run, square_feed

GAME = "strategic-reserve"


def saved_against_a_bot(tmp_path, level: str = "random", seat: str = "1"):
    path = tmp_path / "f.txt"
    result = run("play", GAME, "--vs", level, "--seat", seat, "--seed", "3", "--save", str(path), input="quit\n")
    assert result.exit_code == 0, result.output
    assert read_file(path)[0].players == ["random", "human"]
    return path, result


# -- --load restores who plays whom -----------------------------------------------------------
def test_load_keeps_the_seats_and_levels_of_the_record(tmp_path):
    path, first = saved_against_a_bot(tmp_path)
    resume = f"continue it with: abstracta play {GAME} --load {path}"
    assert resume in first.output  # the hint is a whole command ...
    command = shlex.split(first.output.split("continue it with: ")[1].splitlines()[0])
    assert command[:3] == ["abstracta", "play", GAME]
    for extra in ([], ["--vs", "random"], ["--seat", "1"], ["--vs", "random", "--seat", "1"]):
        again = run(*command[1:], *extra, input="quit\n")  # ... that resumes exactly
        assert again.exit_code == 0, again.output
        assert "Red: random, Blue: you." in again.output and "Blue> " in again.output
        assert "Red> " not in again.output
        assert read_file(path)[0].players == ["random", "human"]  # not rewritten as human,random


@pytest.mark.parametrize("flags, words", [
    (["--vs", "easy"], ["--vs easy contradicts", "against random", "Red: random, Blue: you"]),
    (["--vs", "human"], ["--vs human contradicts", "against random"]),
    (["--seat", "0"], ["--seat 0 contradicts", "Red is played by random"]),
])  # fmt: skip
def test_load_refuses_flags_that_contradict_the_record(tmp_path, flags, words):
    path, _ = saved_against_a_bot(tmp_path)
    before = path.read_text()
    assert_one_line_error(run("play", GAME, "--load", str(path), *flags, input="quit\n"), *words)
    assert path.read_text() == before


def test_a_hotseat_record_stays_hotseat(tmp_path):
    path = tmp_path / "hotseat.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nquit\n")
    again = run("play", GAME, "--load", str(path), input="quit\n")
    assert "hotseat: Red, Blue." in again.output
    assert read_file(path)[0].players == ["human", "human"]
    assert_one_line_error(run("play", GAME, "--load", str(path), "--vs", "hard"), "--vs hard contradicts", "hotseat")


def test_load_refuses_records_it_cannot_seat(tmp_path):
    path, _ = saved_against_a_bot(tmp_path)
    (record,) = read_file(path)
    record.players = ["random", "easy"]
    write_file(path, [record])
    assert_one_line_error(run("play", GAME, "--load", str(path)), "bots alone", "abstracta replay")
    record.players = ["random", "genius"]
    write_file(path, [record])
    assert_one_line_error(run("play", GAME, "--load", str(path)), "'genius'", "neither human nor a bot level")


def test_the_position_hint_names_the_opponent_and_options(tmp_path):
    first = run("play", GAME, "--vs", "random", "--seat", "1", "-o", "reserve=5", "--seed", "3", input="quit\n")
    line = first.output.split("Continue it with: ")[1].splitlines()[0]
    command = shlex.split(line)
    assert command[:3] == ["abstracta", "play", GAME] and "--position" in command
    assert command[command.index("--vs") + 1] == "random" and command[command.index("--seat") + 1] == "1"
    assert command[command.index("-o") + 1] == "reserve=5"
    again = run(*command[1:], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Red: random, Blue: you." in again.output and "reserve=5" in again.output


# -- --save keeps another game's record -------------------------------------------------------
def finished_game(path) -> str:
    result = run("play", GAME, "-o", "reserve=1", "--seed", "1", "--save", str(path), input=square_feed(20))
    assert result.exit_code == 0, result.output
    (record,) = read_file(path)
    assert record.result != "*"
    return path.read_text()


def test_save_refuses_to_replace_another_game(tmp_path):
    path = tmp_path / "done.txt"
    finished = finished_game(path)
    refused = run("play", GAME, "--seed", "2", "--save", str(path), input="quit\n")
    assert_one_line_error(refused, str(path), "a game of strategic-reserve, finished", "--force")
    assert path.read_text() == finished

    forced = run("play", GAME, "--seed", "2", "--save", str(path), "--force", input="quit\n")
    assert forced.exit_code == 0, forced.output
    assert read_file(path)[0].seed == 2


def test_save_may_write_the_game_it_continues(tmp_path):
    path = tmp_path / "game.txt"
    run("play", GAME, "--seed", "3", "--save", str(path), input="c4\nquit\n")
    again = run("play", GAME, "--load", str(path), "--save", str(path), input="quit\n")
    assert again.exit_code == 0, again.output
    assert_one_line_error(run("play", GAME, "--seed", "4", "--save", str(path)), "unfinished", "--force")


def test_save_asks_at_a_terminal(tmp_path):
    from abstracta.cli.records import check_overwrite

    path = tmp_path / "done.txt"
    finished_game(path)
    questions = []
    check_overwrite(str(path), None, lambda question: questions.append(question) or "y")
    assert "Replace it with this game? [y/N]" in questions[0] and "finished" in questions[0]
    with pytest.raises(CliError, match="not replacing"):
        check_overwrite(str(path), None, lambda question: "")
    with pytest.raises(CliError, match="--force"):
        check_overwrite(str(path), None, None)  # nobody to ask
    check_overwrite(str(tmp_path / "new.txt"), None, None)  # a new file needs no answer


# -- Result checked -----------------------------------------------------------------------------
def test_replay_and_load_name_a_result_the_moves_contradict(tmp_path):
    path = tmp_path / "done.txt"
    finished_game(path)
    (record,) = read_file(path)
    real = record.result
    record.result = "-1/1" if real == "1/-1" else "1/-1"
    write_file(path, [record])
    for command in (["replay", str(path)], ["play", GAME, "--load", str(path)]):
        assert_one_line_error(run(*command, input="q\n"), f"Result '{record.result}' does not match its moves",
                              f"over with {real}")  # fmt: skip
