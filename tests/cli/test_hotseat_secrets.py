"""A hidden-information hotseat game at the terminal shows no seat's pieces to the other: the hand-over
clears the scrollback too, and no error or exit line prints a position."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

import abstracta
from abstracta.cli.play import TerminalGame, dice
from abstracta.cli.render import picture_for

from .helpers import run


def in_play(seed: int):
    """A Quin position past the setup, South to move."""
    state = abstracta.load("quin").start(seed=seed)
    while state.notation().split(" ")[2] != "play":
        state = state.play(state.moves()[0])
    return state


def test_the_hand_over_clears_the_scrollback_and_what_follows_hides_south():
    state = in_play(4)
    lines = iter([state.moves()[0], "", "quit"])  # South moves, North takes the screen, then quits
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    TerminalGame(state, picture_for(abstracta.load("quin")), console, dice(random.Random(1)), read_line=lambda: next(lines)).run()
    out = console.file.getvalue()
    assert "Seen by South" in out
    assert out.count("\x1b[3J") == 2  # before the "pass the screen" prompt and after it
    after = out[out.rindex("\x1b[3J"):]
    assert "Seen by North" in after and "Seen by South" not in after


def test_an_undo_that_gives_the_turn_back_hands_the_screen_over_first():
    state = in_play(4)
    lines = iter([state.moves()[0], "", "undo", "", "quit"])  # North takes South's move back, then passes
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    TerminalGame(state, picture_for(abstracta.load("quin")), console, dice(random.Random(1)), read_line=lambda: next(lines)).run()
    out = console.file.getvalue()
    undone = out.index("Undone: back to South's move.")
    assert "Seen by South" not in out[undone:out.index("Pass the screen to South", undone)]
    assert "\x1b[3J" in out[undone:out.index("Seen by South", undone)]


def test_piped_output_gets_no_control_codes():
    state = in_play(4)
    lines = iter([state.moves()[0], "", "quit"])
    console = Console(file=io.StringIO(), width=120)
    TerminalGame(state, picture_for(abstracta.load("quin")), console, dice(random.Random(1)), read_line=lambda: next(lines)).run()
    assert "\x1b[" not in console.file.getvalue()


@pytest.mark.parametrize("slug", ["quin", "strategic-reserve", "laser-chess", "reflec", "desfases"])
def test_an_illegal_move_is_answered_without_the_position(slug):
    game = abstracta.load(slug)
    state = in_play(4) if slug == "quin" else game.start(seed=4)
    while state.player == abstracta.CHANCE:  # a player's prompt, so the position is the one it refuses the move in
        state = state.play(state.moves()[0])
    result = run("play", slug, "--position", state.notation(), input="zz9\nquit\n")
    assert result.exit_code == 0, result.output
    error = next(line for line in result.output.splitlines() if "'zz9'" in line)
    assert error.startswith("illegal move 'zz9'") and len(error) > len("illegal move 'zz9': ")
    seen = state.view(state.player) if state.player is not None and state.player >= 0 else state
    assert state.notation() not in error and seen.notation() not in error


def test_quitting_a_hidden_hotseat_game_prints_no_position():
    state = in_play(4)
    move = state.moves()[0]
    after = state.play(move)
    result = run("play", "quin", "--position", state.notation(), input=f"{move}\n\nquit\n")
    assert result.exit_code == 0, result.output
    assert after.notation() not in result.output and after.view(1).notation() not in result.output
    assert "--save FILE" in result.output.splitlines()[-1]
