"""The terminal picture the command line picks, and the generic fallback playing a whole game.

Strategic Reserve's own drawing is tested with its package (tests/games/strategic_reserve/test_terminal.py)."""

from __future__ import annotations

import abstracta
from abstracta.cli.render import picture_for
from abstracta.core.terminal import Styled, TerminalPicture, wrapped
from abstracta.games.strategic_reserve.terminal import StrategicReservePicture

from .helpers import run, square_feed

GAME = "strategic-reserve"


def test_registry_picks_the_game_module_and_falls_back_to_generic():
    assert type(picture_for(abstracta.load(GAME))) is StrategicReservePicture  # the game's own, from its package
    assert type(abstracta.core.api.Game.terminal_picture(abstracta.load(GAME))) is TerminalPicture  # the generic


def test_generic_renderer_plays_a_whole_game(monkeypatch):
    monkeypatch.setattr(type(abstracta.load(GAME)), "terminal_picture", lambda game: TerminalPicture())
    result = run("play", GAME, "-o", "reserve=1", "--seed", "3", input=square_feed(1))
    assert result.exit_code == 0, result.output
    assert "Legal moves (" in result.output  # the fallback lists the moves with the board
    assert '"kind": "roll"' in result.output  # and the effects as JSON
    assert "Game over: Player 0 wins (scores: Player 0 0, Player 1 " in result.output


def test_wrapped_breaks_long_lines_at_spaces_and_keeps_styles():
    text = Styled("Free actions left: Time, ", "bold").append("Memory swap (2 of 2)\nshort", "red")
    lines = wrapped(text, 30).lines
    assert ["".join(chunk for chunk, _ in line) for line in lines] == [
        "Free actions left: Time,", "Memory swap (2 of 2)", "short"]
    assert lines[0] == [("Free actions left: Time,", "bold")] and lines[1] == [("Memory swap (2 of 2)", "red")]
    assert [["".join(c for c, _ in line)] for line in wrapped(Styled("abcdefgh"), 3).lines] == [["abc"], ["def"], ["gh"]]

