"""The board drawings: Strategic Reserve's own, with and without colour, and the generic fallback."""

from __future__ import annotations

import io

from rich.console import Console

import abstracta
from abstracta.cli import render
from abstracta.cli.render import picture_for
from abstracta.core.terminal import TerminalPicture
from abstracta.cli.render.strategic_reserve import RENDERER, rolled_square

from .helpers import run, square_feed

GAME = "strategic-reserve"
POSITION_A = "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 - 16"


def draw(state, effects, colour: bool) -> str:
    console = Console(file=io.StringIO(), width=100, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(RENDERER.board(state, effects))
    return console.file.getvalue()


def test_registry_picks_the_game_module_and_falls_back_to_generic():
    assert picture_for(abstracta.load(GAME)) is RENDERER
    assert type(abstracta.core.api.Game.terminal_picture(abstracta.load(GAME))) is TerminalPicture  # the generic


def test_rolled_square_follows_the_rules():  # §7.1
    assert [rolled_square("red", r) for r in ("1,1", "6,1", "2,3")] == ["a1", "f1", "b3"]
    assert [rolled_square("blue", r) for r in ("1,1", "6,6", "5,2", "1,6")] == ["f6", "a1", "b5", "f1"]


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


def test_generic_renderer_plays_a_whole_game(monkeypatch):
    monkeypatch.setattr(render, "LEGACY", {})
    monkeypatch.setattr(type(abstracta.load(GAME)), "terminal_picture", lambda game: TerminalPicture())
    result = run("play", GAME, "-o", "reserve=1", "--seed", "3", input=square_feed(1))
    assert result.exit_code == 0, result.output
    assert "Legal moves (" in result.output  # the fallback lists the moves with the board
    assert '"kind": "roll"' in result.output  # and the effects as JSON
    assert "Game over: Player 0 wins (scores: Player 0 0, Player 1 " in result.output
