"""The non-interactive commands: help, version, games, perft, simulate, bench, and their errors (tournament: test_tournament.py)."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from abstracta.cli.main import app

from .helpers import assert_one_line_error, run

COMMANDS = ["play", "perft", "simulate", "tournament", "bench", "games", "replay", "analyse", "export"]
GAME = "strategic-reserve"


# -- help and version --------------------------------------------------------
def test_top_level_help_lists_every_command():
    result = run("--help")
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.output
    assert "--help" in result.output


def _as_written(help_text: str) -> str:
    """A help string as its author wrote it: markup escapes (``\\[``) undone, spaces collapsed."""
    return " ".join(help_text.replace("\\[", "[").split())


@pytest.mark.parametrize("command", sorted(typer.main.get_command(app).commands))
def test_help_keeps_square_brackets_as_written(command):
    """'abstracta[plots]' or '[default: one per core]' must not vanish as rich markup tags."""
    click_command = typer.main.get_command(app).commands[command]
    written = [click_command.help or ""] + [getattr(param, "help", None) or "" for param in click_command.params]
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "400"}, terminal_width=400)
    shown = " ".join(result.output.replace("\u2502", " ").split())
    for text in written:
        if "[" in text:
            assert _as_written(text) in shown, (command, text)


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert re.fullmatch(r"abstracta \d+\.\d+\.\d+\S*\n", result.output)


def test_no_arguments_shows_help():
    result = run()
    assert "Usage" in result.output


# -- games -------------------------------------------------------------------
def test_games_lists_slugs_players_and_option_defaults():
    result = run("games")
    assert result.exit_code == 0
    assert GAME in result.output
    assert "Strategic Reserve" in result.output
    assert "reserve=6" in result.output
    assert "max_turns=None" in result.output


def test_games_lists_how_many_may_play_and_each_choice_once():
    result = run("games")
    cells = [[cell.strip() for cell in line.split("│")] for line in result.output.splitlines() if line.startswith("│ ")]
    players = {row[1]: row[3] for row in cells if row[1]}
    assert players["desfases"] == "2 or 4"  # three players are refused
    assert players["reflec"] == "2 to 4" and players["quin"] == "2"
    assert "players=4: one of 4, 2" in result.output and "'4'" not in result.output


# -- perft -------------------------------------------------------------------
def table_rows(output: str) -> dict[int, int]:
    """depth -> count from perft's table (rows look like '│ 2 │ 750 │ 0.001s │ ... │')."""
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in re.split(r"[│|]", line) if c.strip()]
        if len(cells) >= 2 and cells[0].isdigit() and cells[1].isdigit():
            rows[int(cells[0])] = int(cells[1])
    return rows


def test_perft_depth_2_from_the_start():
    result = run("perft", GAME, "--depth", "2")
    assert result.exit_code == 0, result.output
    assert table_rows(result.output) == {1: 36, 2: 750}
    assert "nodes/s" in result.output


def test_perft_default_depth_is_3():
    result = run("perft", GAME)
    assert table_rows(result.output) == {1: 36, 2: 750, 3: 27000}


def test_perft_with_options_and_position():
    assert table_rows(run("perft", GAME, "-d", "3", "--option", "reserve=1").output)[3] == 750
    example_10 = "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 1,1 3"
    result = run("perft", GAME, "--depth", "3", "--position", example_10)
    assert table_rows(result.output) == {1: 2, 2: 72, 3: 1202}
    assert example_10 in result.output


def test_perft_divide():
    result = run("perft", GAME, "--depth", "2", "--divide")
    assert result.exit_code == 0
    assert "1,1: " in result.output and "6,6: " in result.output


def test_perft_depth_0_is_one_leaf():
    assert table_rows(run("perft", GAME, "--depth", "0").output) == {0: 1}


# -- simulate and bench --------------------------------------------------------
def test_simulate_prints_win_rates():
    result = run("simulate", GAME, "--games", "3", "--bots", "random", "--seed", "1")
    assert result.exit_code == 0, result.output
    for text in ("Red", "Blue", "random", "win %", "95% CI", "return", "score", "mean of", "draws:",
                 "shared first places: 0", "mean length", "seed 1"):  # fmt: skip
        assert text in result.output
    assert re.search(r"\d+\.\d%", result.output)
    # Balance by score over every seat (issue 30: win rates against 1/players mislead with draws and shared firsts).
    assert re.search(r"balance by score .*fair share 50\.0%:\n  0 Red +\d+\.\d% \(95% [\d.]+%-[\d.]+%\).*\n  1 Blue", result.output)
    assert re.search(r"all seats equal\? G-test p = [\d.e-]+", result.output)
    assert re.search(r"first seat \(Red\): score \d+\.\d% against a fair 50\.0%\n  its advantage: [+-]\d+\.\d points"
                     r".*\n.*: [+-]\d+\.\d\d \(95%: ±\d+\.\d\d\)", result.output)  # fmt: skip
    assert re.search(r"length in turns: mean \d+\.\d, median", result.output)
    assert all(len(line) <= 80 for line in result.output.splitlines())


def test_simulate_is_repeatable_and_prints_a_fresh_seed():
    first = run("simulate", GAME, "--games", "2", "--seed", "5", "-o", "reserve=2")
    second = run("simulate", GAME, "--games", "2", "--seed", "5", "-o", "reserve=2")
    strip_time = lambda text: re.sub(r"time: \S+", "", text)  # noqa: E731
    assert strip_time(first.stdout) == strip_time(second.stdout)  # stderr has the progress lines, timed
    fresh = run("simulate", GAME, "--games", "1")
    assert re.search(r"repeat with --seed \d+", fresh.output)


def test_simulate_one_bot_level_per_seat():
    result = run("simulate", GAME, "--games", "2", "--bots", "easy,random", "-o", "reserve=1", "--seed", "1")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "Red" in line or "Blue" in line]
    assert "easy" in rows[0] and "random" in rows[1]


def test_play_and_simulate_accept_exactly_the_levels():
    from abstracta.bots import LEVELS, REFERENCE_BOTS
    from abstracta.cli.main import LEVEL_NAMES

    assert LEVEL_NAMES.split("|") == list(LEVELS + REFERENCE_BOTS)
    for command in ("play", "simulate"):
        assert "old-hard" in run(command, "--help").output


def test_bench_prints_rates():
    result = run("bench", GAME, "--seconds", "0.5", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "plies/s" in result.output and "playouts/s" in result.output


# -- one-line errors -------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["play", "foo"],
        ["perft", "foo"],
        ["simulate", "foo"],
        ["bench", "foo", "--seconds", "0.1"],
    ],
)
def test_unknown_game(args):
    assert_one_line_error(run(*args, input=""), "unknown game 'foo'", "valid games:", GAME)


@pytest.mark.parametrize(
    ("option", "fragments"),
    [
        ("colour=red", ["unknown option 'colour'", "valid options: board, max_turns, reserve"]),
        ("reserve=99", ["reserve=99", "expected an int from 1 to 12"]),
        ("reserve", ["key=value"]),
        ("=3", ["key=value"]),
    ],
)
@pytest.mark.parametrize("command", ["play", "perft", "simulate", "bench"])
def test_bad_game_option(command, option, fragments):
    assert_one_line_error(run(command, GAME, "--option", option, input=""), *fragments)


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["perft", GAME, "--depth", "-1"], ["--depth", "-1"]),
        (["perft", GAME, "--depth", "11"], ["--depth", "11"]),
        (["perft", GAME, "--position", "not a position"], ["position"]),
        (["simulate", GAME, "--games", "0"], ["--games", "at least 1"]),
        (["simulate", GAME, "--games", "-4"], ["--games"]),
        (["simulate", GAME, "--games", "1", "--bots", "random,random,random"], ["3 bots", "2 players"]),
        (["simulate", GAME, "--games", "1", "--bots", "random,deep-blue"], ["unknown bot 'deep-blue'", "random, easy, medium, hard"]),
        (["simulate", GAME, "--games", "1", "--bots", "mcts"], ["unknown bot 'mcts'", "old-hard"]),
        (["bench", GAME, "--seconds", "0"], ["--seconds", "greater than 0"]),
        (["bench", GAME, "--seconds", "-2"], ["--seconds"]),
        (["play", GAME, "--seat", "2"], ["--seat 2", "0 = Red", "1 = Blue"]),
        (["play", GAME, "--seat", "-1"], ["--seat -1"]),
        (["play", GAME, "--vs", "alphazero"], ["unknown opponent 'alphazero'", "human, random, easy, medium, hard, old-hard"]),
        (["play", GAME, "--position", "6/6/6/6/6/6 r 6 6 - 0"], ["position"]),
    ],
)
def test_bad_values_give_one_line_errors(args, fragments):
    assert_one_line_error(run(*args, input=""), *fragments)


def test_missing_argument_is_a_usage_error():
    result = run("perft")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
