"""Strategic Reserve on the terminal (``terminal.py``): the board, the panel, with and without colour.

Printed the way the command line prints it (``abstracta.cli.render.board_view`` on a rich console).
"""

from __future__ import annotations

import io

from rich.console import Console

import abstracta
from abstracta.cli.render import board_view
from abstracta.core.terminal import Styled, Terminal
from abstracta.games.strategic_reserve.terminal import StrategicReservePicture

GAME = "strategic-reserve"
POSITION_A = "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 - 16"
PICTURE = StrategicReservePicture()


def draw(state, effects, colour: bool, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(board_view(PICTURE, state, effects))
    return console.file.getvalue()


def target(state) -> str:
    return state.structure()["extra"]["target"]


def test_rolled_square_follows_the_rules():  # §7.1: the square the picture marks is the structure's target
    red = abstracta.load(GAME).start()
    blue = red.play("1,1").play("a1")
    assert [target(red.play(r)) for r in ("1,1", "6,1", "2,3")] == ["a1", "f1", "b3"]
    assert [target(blue.play(r)) for r in ("1,1", "6,6", "5,2", "1,6")] == ["f6", "a1", "b5", "f1"]


def test_plain_board_after_a_friendly_roll():
    # Example 3: Red rolls 2,2 onto b2; Blue {b3} and {d2,e2,f2,f3,f1} go; legal: a2 b1 b3 c1 c3 d2.
    state = abstracta.load(GAME).parse(POSITION_A).play("2,2")
    text = draw(state, state.last_effects(), colour=False)
    board = [line[:25].rstrip() for line in text.splitlines()[:8]]
    assert board == [
        "     a  b  c  d  e  f",
        " 6   .  .  B  B  .  .   6",
        " 5   R  R  B  .  .  .   5",
        " 4   R  .  B  R  R  .   4",
        " 3   .  +  +  R  .  x   3",
        " 2   + [R] R  +  x  x   2",
        " 1   .  +  +  .  .  x   1",
        "     a  b  c  d  e  f",
    ]
    assert "Red rolled 2,2 -> b2 (friendly)" in text
    assert "Removed: b3 d2 e2 f1 f2 f3" in text
    assert "Red   reserve  4" in text and "Blue  reserve  8" in text


def test_colour_board_uses_discs_and_die_faces():
    state = abstracta.load(GAME).parse(POSITION_A).play("3,5")
    text = draw(state, state.last_effects(), colour=True)
    assert "●" in text and "⚂" in text and "⚄" in text
    assert "\x1b[" in text  # styled


def test_placed_squares_are_marked():
    state = abstracta.load(GAME).parse(POSITION_A).play("6,6")
    placed = state.play("f4")
    rolled = placed.play("1,1")  # Blue rolls f6, an empty square
    text = draw(rolled, placed.last_effects() + rolled.last_effects(), colour=False)
    rank_4 = next(line for line in text.splitlines() if line.startswith(" 4 "))
    assert "(R)" in rank_4


def test_a_position_with_a_pending_roll_and_no_history_marks_the_rolled_square():
    # Example 3's roll given as a position: the picture finds the square and the group to touch.
    state = abstracta.load(GAME).parse("2BB2/RRB3/R1BRR1/3R2/1RR3/6 r 4 8 2,2 16")
    text = draw(state, [], colour=False)
    assert " 2   + [R] R  +  .  .   2" in text
    assert "Red rolled 2,2 -> b2 (friendly)" in text and "Place next to the group at b2" in text


def test_the_panel_goes_under_the_board_on_a_narrow_screen():
    state = abstracta.load(GAME).parse(POSITION_A).play("2,2")
    wide = PICTURE.board(state, state.last_effects(), Terminal(width=100))
    narrow = PICTURE.board(state, state.last_effects(), Terminal(width=50))
    assert isinstance(wide, Styled) and wide.plain().splitlines()[2].startswith(" 5   R  R  B  .  .  .   5    Red")
    assert narrow.width() <= 50 < wide.width()
    lines = narrow.plain().splitlines()
    assert [line.rstrip() for line in lines[:8]] == [line[:25].rstrip() for line in wide.plain().splitlines()[:8]]
    assert lines[8] == "" and lines[9].startswith("Strategic Reserve   placements 16")


def test_describe_tells_the_roll_and_the_placement():
    before = abstracta.load(GAME).parse(POSITION_A)
    rolled = before.play("2,2")
    assert PICTURE.describe(before, "2,2", rolled) == "Red rolls 2,2 -> b2 (friendly): removed b3 d2 e2 f1 f2 f3"
    assert PICTURE.describe(rolled, "a2", rolled.play("a2")) == "Red places a2"
