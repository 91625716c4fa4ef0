"""``abstracta play``: whole terminal games scripted through standard input.

The dice are random but seeded, so the scripts do not know the legal squares in advance: they
feed every square a1..f6 in a cycle, the illegal ones are refused with a message and a new
prompt, and the first legal one is played.
"""

from __future__ import annotations

import pytest

import abstracta
from tests.games.desfases.positions import SHARED_FIRST

from .helpers import assert_one_line_error, run, square_feed

GAME = "strategic-reserve"
EXAMPLE_10 = "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 1,1 3"  # Blue rolled f6 (own checker): e6 or f5
EXAMPLE_11_END = "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 - 31"  # Red has won


def test_hotseat_reserve_1_red_wins_with_its_first_placement():
    script = "zz9\nC4\nmoves\n" + square_feed(1)
    result = run("play", GAME, "--option", "reserve=1", "--seed", "7", input=script)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "illegal move 'zz9'" in result.output
    assert "illegal move 'C4'" in result.output
    assert "Legal moves (" in result.output
    assert "Red rolls " in result.output  # the dice were rolled and shown
    assert "Red places " in result.output
    assert "Game over: Red wins (reserves: Red 0, Blue " in result.output
    # The board was drawn with coordinates and both colours.
    assert "a  b  c  d  e  f" in result.output
    assert "Red   reserve  1" in result.output


def test_same_seed_same_game():
    script = square_feed(1)
    first = run("play", GAME, "-o", "reserve=1", "--seed", "11", input=script)
    second = run("play", GAME, "-o", "reserve=1", "--seed", "11", input=script)
    assert first.output == second.output


def test_fresh_seed_is_printed():
    result = run("play", GAME, "-o", "reserve=1", input=square_feed(1))
    assert "repeat with --seed " in result.output


def test_board_marks_the_legal_squares_after_a_roll_on_a_friendly_checker():
    result = run("play", GAME, "--position", EXAMPLE_10, input="quit\n")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    rank_6 = next(line for line in lines if line.startswith(" 6 "))
    rank_5 = next(line for line in lines if line.startswith(" 5 "))
    # e6 is a legal target, f6 is the rolled square (Blue's own checker); f5 legal too.
    assert rank_6.split()[:8] == ["6", ".", ".", ".", ".", "+", "[B]", "6"]
    assert rank_5.split()[:8] == ["5", ".", "B", "R", "B", "R", "+", "5"]
    assert "Blue rolled 1,1 -> f6 (friendly)" in result.output
    assert "Place next to the group at f6" in result.output


def test_no_hints_draws_no_targets():
    result = run("play", GAME, "--position", EXAMPLE_10, "--no-hints", input="quit\n")
    rank_6 = next(line for line in result.output.splitlines() if line.startswith(" 6 "))
    assert "+" not in rank_6


def test_illegal_square_after_friendly_roll_says_why():
    result = run("play", GAME, "--position", EXAMPLE_10, input="a1\nb2\nquit\n")
    assert "illegal move 'a1'" in result.output and "must touch that group" in result.output
    assert "illegal move 'b2'" in result.output and "occupied" in result.output
    assert "Game left at " + EXAMPLE_10 in result.output


def test_hotseat_undo_returns_to_the_previous_decision():
    script = "undo\nf5\nundo\nposition\nundo\nquit\n"
    result = run("play", GAME, "--position", EXAMPLE_10, "--seed", "3", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Nothing to undo.") == 2  # before any move, and again once back at the start
    assert "Blue places f5" in out
    assert "Red rolls " in out  # the chance node after f5 was resolved ...
    assert "Undone: back to Blue's move." in out  # ... and undo skipped back over it
    after_undo = out[out.index("Undone") :]
    assert EXAMPLE_10 + "\n" in after_undo  # 'position' printed the original position
    assert "Game left at " + EXAMPLE_10 in out


def test_hotseat_game_with_undo_played_to_the_end():
    # Blue may place e6 or f5. Play f5, take it back at Red's prompt, then feed squares: e6 comes first.
    script = "f5\nundo\n" + square_feed(20)
    result = run("play", GAME, "-o", "max_turns=20", "--position", EXAMPLE_10, "--seed", "5", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("Blue places f5") < out.index("Undone: back to Blue's move.") < out.index("Blue places e6")
    assert "Game over: " in out


@pytest.mark.parametrize("seat", [0, 1])
def test_against_the_random_bot_to_the_end(seat):
    args = ["play", GAME, "--vs", "random", "--seat", str(seat), "--seed", "2", "-o", "reserve=2", "-o", "max_turns=20"]
    result = run(*args, input=square_feed(20))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Game over: " in result.output
    assert "[random]" in result.output  # the bot's moves are labelled
    human = ["Red", "Blue"][seat]
    assert f"{human}> " in result.output
    assert f"{['Red', 'Blue'][1 - seat]}> " not in result.output  # the human is never asked for the bot's seat


def test_against_a_bot_level():
    args = ["play", GAME, "--vs", "easy", "-o", "reserve=1", "--seat", "1"]
    result = run(*args, "--seed", "4", input=square_feed(2))
    assert result.exit_code == 0, result.output
    assert "Game over: " in result.output
    assert "[easy]" in result.output


def test_undo_is_hotseat_only():
    result = run("play", GAME, "--vs", "random", "--position", EXAMPLE_10, "--seat", "1", input="undo\nquit\n")
    assert "undo is only available in hotseat games" in result.output


def test_quit_ends_cleanly_and_prints_the_position():
    result = run("play", GAME, "--seed", "1", input="help\nboard\nquit\n")
    assert result.exit_code == 0
    assert "Commands:" in result.output
    assert "Game left at " in result.output
    assert "--position '" in result.output


def test_end_of_input_ends_cleanly():
    result = run("play", GAME, "--seed", "1", input="")
    assert result.exit_code == 0
    assert "End of input" in result.output
    assert "Traceback" not in result.output


def test_blank_lines_are_ignored():
    result = run("play", GAME, "--position", EXAMPLE_10, input="\n   \nf5\n")
    assert "Blue places f5" in result.output


def test_a_finished_position_just_shows_the_result():
    result = run("play", GAME, "--position", EXAMPLE_11_END, input="")
    assert result.exit_code == 0
    assert "Game over: Red wins (reserves: Red 0, Blue 7)" in result.output


def test_a_draw_is_reported():
    drawn = "6/1RR1B1/1RB1B1/2BR2/1RBRB1/6 r 6 6 - 20"  # example 12's result, max_turns=20
    result = run("play", GAME, "-o", "max_turns=20", "--position", drawn, input="")
    assert "Game over: Draw (reserves: Red 6, Blue 6)" in result.output


def test_continue_from_a_printed_position():
    first = run("play", GAME, "--seed", "9", input="quit\n")
    notation = first.output.split("Game left at ")[1].splitlines()[0]
    abstracta.load(GAME).parse(notation)  # what quit printed is a valid position
    second = run("play", GAME, "--position", notation, input="quit\n")
    assert "Game left at " + notation in second.output


def test_bad_position_is_one_line_error():
    assert_one_line_error(run("play", GAME, "--position", "6/6 r", input=""), "--position")


def test_ctrl_c_at_the_prompt_leaves_like_quit():
    import io
    import random

    from rich.console import Console

    from abstracta.cli.play import TerminalGame, dice
    from abstracta.cli.render import picture_for

    def interrupted() -> str:
        raise KeyboardInterrupt

    console = Console(file=io.StringIO(), width=100)
    state = abstracta.load(GAME).parse(EXAMPLE_10)
    game = TerminalGame(state, picture_for(abstracta.load(GAME)), console, dice(random.Random(1)), read_line=interrupted)
    assert game.run() == 0
    assert "game left at " + EXAMPLE_10 in console.file.getvalue()


def test_a_shared_first_place_is_not_called_a_win():
    result = run("play", "desfases", "--vs", "random", "--seat", "0", "--position", SHARED_FIRST, input="")
    assert result.exit_code == 0, result.output
    assert "Game over: " in result.output
    assert "you share first place." in result.output and "you win" not in result.output
