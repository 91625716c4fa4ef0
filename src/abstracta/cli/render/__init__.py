"""The terminal shows each game through the game's own picture (``game.terminal_picture()``).

A picture (``core/terminal.py``) draws plain text with style hints; this module turns it into
rich text for the console, telling the picture what the console can show (width, colour,
Unicode). The command line holds no drawing of any game.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from abstracta.core.api import Game, View
from abstracta.core.terminal import Styled, Terminal, TerminalPicture

def picture_for(game: Game) -> TerminalPicture:
    """The terminal picture of ``game``: its own, or the generic one (``Game.terminal_picture``)."""
    return game.terminal_picture()


def to_rich(styled: Styled) -> Text:
    """``styled`` as one rich :class:`~rich.text.Text` (lines joined by line breaks)."""
    text = Text(no_wrap=True)
    for index, line in enumerate(styled.lines):
        if index:
            text.append("\n")
        for chunk, style in line:
            text.append(chunk, style=style or None)
    return text


def terminal_of(console: Console, options: ConsoleOptions, height: int | None = None) -> Terminal:
    """What ``console`` can show, in the words a picture reads (``height``: the rows the board may take)."""
    colour = console.color_system is not None and not console.no_color
    return Terminal(
        width=options.max_width,
        colour=colour,
        few_colours=colour and console.color_system in ("standard", "windows"),
        unicode=console.is_terminal and console.encoding.lower().startswith("utf"),
        height=(height or console.height) if console.is_terminal else None,
    )


class BoardView:
    """A rich renderable: ``picture.board`` drawn for the console it is printed on."""

    def __init__(self, picture: TerminalPicture, view: View, effects: list[dict[str, Any]],
                 hints: bool = True, last_move: str | None = None, height: int | None = None) -> None:
        self.picture, self.view, self.effects, self.hints, self.last_move = picture, view, effects, hints, last_move
        self.height = height

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        terminal = terminal_of(console, options, self.height)
        styled = self.picture.board(self.view, self.effects, terminal, hints=self.hints, last_move=self.last_move)
        if terminal.height is not None and len(styled.lines) > terminal.height:
            styled.lines = [line for line in styled.lines if "".join(text for text, _ in line).strip()]  # no blank rows
        yield to_rich(styled)


def board_view(picture: TerminalPicture, view: View, effects: list[dict[str, Any]], hints: bool = True,
               last_move: str | None = None, height: int | None = None) -> Any:
    """What to print for the board of ``view``: a rich renderable (at a terminal, in at most ``height``
    rows where the picture can: blank rows go first)."""
    return BoardView(picture, view, effects, hints, last_move, height)


__all__ = ["BoardView", "board_view", "picture_for", "terminal_of", "to_rich"]
