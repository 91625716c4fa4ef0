"""The terminal picture of a game: plain text with style hints, drawn by the game, shown by the CLI.

A game describes itself to the terminal through ``game.terminal_picture()``, a
:class:`TerminalPicture`: the board of a view, a line per move, the result, how to type a
move. Games do not import rich: a picture is :class:`Styled` text (lines of ``(text, style)``
spans), and the command line turns it into rich text. A style is a hint in rich's words
(``"bold"``, ``"dim"``, ``"red"``, ``"bold dodger_blue1"``, ``"on grey23"``), empty for
plain. :class:`Terminal` tells the picture what the screen can show (width, colour,
Unicode), so it can lay its panel beside or under the board.

The base class is the generic picture every game gets unless it brings its own: its
notation, scores, last effects and legal moves. A game's own picture lives in its package
(``games/<name>/terminal.py``) and reads the view's structured position
(``core/structure.py``), never the notation.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from abstracta.core.errors import CHANCE

if TYPE_CHECKING:
    from abstracta.core.api import Game, View

MAX_MOVES_SHOWN = 60


@dataclass(frozen=True)
class Terminal:
    """What the screen can show: ``width`` in columns, ``colour`` (any colour at all),
    ``few_colours`` (only the 16 standard ones, so tints look alike), ``unicode`` and
    ``height`` in rows (``None`` when unknown, as when printing to a file: draw everything)."""

    width: int = 80
    colour: bool = False
    few_colours: bool = False
    unicode: bool = False
    height: int | None = None

    @property
    def glyphs(self) -> bool:
        """Draw with Unicode symbols (a colour terminal is taken to show them too)."""
        return self.colour or self.unicode


PLAIN = Terminal(width=120)
"""A wide screen without colour or Unicode: text for files, logs and ``render_mode="ansi"``."""


def cell_width(text: str) -> int:
    """Columns ``text`` takes on a terminal (wide East Asian characters 2, combining marks 0)."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


class Styled:
    """Lines of ``(text, style)`` spans: what a picture draws. Build with :meth:`append`."""

    __slots__ = ("lines",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.lines: list[list[tuple[str, str]]] = [[]]
        if text:
            self.append(text, style)

    def append(self, text: str, style: str = "") -> "Styled":
        """Add ``text`` (it may hold line breaks) in ``style``; returns self to chain."""
        first, *rest = text.split("\n")
        if first:
            self.lines[-1].append((first, style))
        for line in rest:
            self.lines.append([(line, style)] if line else [])
        return self

    def newline(self) -> "Styled":
        self.lines.append([])
        return self

    def extend(self, other: "Styled") -> "Styled":
        """Continue with ``other``: its first line goes on this one's last line."""
        self.lines[-1].extend(other.lines[0])
        self.lines.extend([list(line) for line in other.lines[1:]])
        return self

    def plain(self) -> str:
        """The text without styles."""
        return "\n".join("".join(text for text, _ in line) for line in self.lines)

    def width(self) -> int:
        """Columns of the widest line."""
        return max((sum(cell_width(text) for text, _ in line) for line in self.lines), default=0)

    def __repr__(self) -> str:
        return f"Styled({self.plain()!r})"


def beside(left: Styled, right: Styled, gap: int = 3) -> Styled:
    """``right`` to the right of ``left``, top-aligned, ``gap`` columns apart."""
    column = left.width() + gap
    out = Styled()
    out.lines = []
    for index in range(max(len(left.lines), len(right.lines))):
        line = list(left.lines[index]) if index < len(left.lines) else []
        if index < len(right.lines) and right.lines[index]:
            used = sum(cell_width(text) for text, _ in line)
            line.append((" " * (column - used), ""))
            line.extend(right.lines[index])
        out.lines.append(line)
    return out


def stacked(blocks: Iterable[Styled], gap: int = 1) -> Styled:
    """The blocks one under another, ``gap`` empty lines apart."""
    out = Styled()
    out.lines = []
    for block in blocks:
        if out.lines:
            out.lines.extend([] for _ in range(gap))
        out.lines.extend(list(line) for line in block.lines)
    return out if out.lines else Styled()


def wrapped(text: Styled, width: int) -> Styled:
    """``text`` with every line wider than ``width`` broken at spaces (mid-word only where a word is
    wider), as a console wraps a long line of a panel."""
    out = Styled()
    out.lines = []
    for line in text.lines:
        chars = [(char, style) for chunk, style in line for char in chunk]
        while sum(cell_width(c) for c, _ in chars) > width:
            fits, used = 0, 0
            while used + cell_width(chars[fits][0]) <= width:
                used += cell_width(chars[fits][0])
                fits += 1
            fits = max(fits, 1)  # a character wider than the line still goes somewhere
            cut = next((i for i in range(fits, 0, -1) if chars[i][0] == " "), fits)
            out.lines.append(_spans(chars[:cut]))
            chars = chars[cut:]
            while chars and chars[0][0] == " ":
                chars = chars[1:]
        out.lines.append(_spans(chars))
    return out


def _spans(chars: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Characters with their styles as spans, neighbours of one style joined."""
    spans: list[tuple[str, str]] = []
    for char, style in chars:
        if spans and spans[-1][1] == style:
            spans[-1] = (spans[-1][0] + char, style)
        else:
            spans.append((char, style))
    return spans


def square_grid(
    files: Sequence[str],
    ranks: Sequence[int | str],
    cell: Callable[[str], Styled],
    file_label: str = " {} ",
    right_gap: str = "  ",
) -> Styled:
    """A board of ``cell(square)`` (one line each), ranks down the sides and files above and below.

    ``ranks`` come in drawing order (top row first); ``file_label`` centres a file letter over
    one cell, so it must be as wide as the cells are.
    """
    files_row = "    " + "".join(file_label.format(f) for f in files)
    text = Styled(files_row, "bold").newline()
    for rank in ranks:
        text.append(f" {rank}  ", "bold")
        for file in files:
            text.extend(cell(f"{file}{rank}"))
        text.append(f"{right_gap}{rank}", "bold").newline()
    return text.append(files_row, "bold")


class TerminalPicture:
    """How the terminal shows one game. A game subclasses it and overrides what it draws better.

    Every method reads the contract only (the view's ``structure()``, ``scores()``,
    ``returns()``, ``last_effects()``, ``player``, ``seat``, ``moves()``); the base class draws
    any game from its notation, and a grid board from its structure where it has one.
    """

    def player_names(self, game: Game) -> list[str]:
        """Display names of the players, by player index."""
        return [f"Player {p}" for p in range(game.num_players)]

    def player_name(self, game: Game, player: int) -> str:
        return self.player_names(game)[player]

    def actor(self, state: View) -> str:
        """Who acts in ``state``: the player, or at a chance node the seat the event belongs to."""
        if state.player is not None and state.player >= 0:
            return self.player_name(state.game, state.player)
        if state.seat is not None:
            return str(state.seat).capitalize()
        return "Chance"

    def board(self, state: View, effects: list[dict[str, Any]], terminal: Terminal = PLAIN,
              hints: bool = True, last_move: str | None = None) -> Styled:
        """The position, with ``effects`` (those of the plays since the board was last shown)
        and ``last_move`` (the last ply as the viewer may read it, ``None`` at the start)."""
        text = Styled(state.game.title, "bold").newline().append(state.notation(), "bold").newline()
        grid = self.grid(state.structure())
        if grid is not None:
            text.extend(grid).newline()
        text.append(self.status(state)).newline()
        names = self.player_names(state.game)
        scores = state.scores()
        text.append("Scores: " + ", ".join(f"{names[p]} {scores[p]}" for p in range(len(scores))))
        if last_move:
            text.newline().append(f"Last move: {last_move}", "bold")
        for effect in effects:
            text.newline().append("Effect: " + json.dumps(effect, sort_keys=True), "yellow")
        if hints and not state.over and state.player is not None and state.player >= 0:
            moves = state.moves()
            shown = " ".join(moves[:MAX_MOVES_SHOWN]) + (" ..." if len(moves) > MAX_MOVES_SHOWN else "")
            text.newline().append(f"Legal moves ({len(moves)}): {shown}", "green")
        return text

    def grid(self, structure: dict[str, Any]) -> Styled | None:
        """A grid board from the structured position, ``None`` for any other surface: each cell
        shows its top piece as its ``label`` (else its kind's first letter) and its owner's number
        (``m0``: a mark of player 0), ``.`` when empty."""
        board = structure["board"]
        if board["shape"] != "grid":
            return None
        files, ranks = board["files"], board["ranks"]

        def cell(name: str) -> Styled:
            pieces = structure["cells"].get(name)
            if not pieces:
                return Styled(".  ", "dim")
            top = pieces[-1]
            owner = "" if top["owner"] is None else str(top["owner"])
            return Styled(f"{top.get('label') or top['kind'][:1]}{owner}".ljust(3), "bold")

        return square_grid([chr(ord("a") + f) for f in range(files)], list(range(ranks, 0, -1)), cell,
                           file_label="{}  ")

    def status(self, state: View) -> str:
        if state.over:
            return "Game over: " + self.result(state)
        if state.player == CHANCE:
            return f"{self.actor(state)}: a random event is next"
        return f"{self.actor(state)} to move"

    def describe(self, before: View, move: str, after: View) -> str:
        """One line saying what ``move`` did, for the game log."""
        effects = after.last_effects()
        tail = ("; " + "; ".join(json.dumps(e, sort_keys=True) for e in effects)) if effects else ""
        if before.player == CHANCE:
            return f"{self.actor(before)}: chance gives {move}{tail}"
        return f"{self.actor(before)} plays {move}{tail}"

    def move_hint(self, state: View) -> str:
        """How to type a move, for ``help``."""
        return "Type a move exactly as listed by 'moves'."

    def result(self, state: View) -> str:
        """The outcome of a finished game, with the scores."""
        names = self.player_names(state.game)
        returns = state.returns()
        best = max(returns)
        winners = [names[p] for p, value in enumerate(returns) if value == best]
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores()))
        if len(winners) == len(returns):
            outcome = "draw"
        elif len(winners) == 1:
            outcome = f"{winners[0]} wins"
        else:
            outcome = " and ".join(winners) + " share first place"
        return f"{outcome} (scores: {scores})"


__all__ = ["MAX_MOVES_SHOWN", "PLAIN", "Styled", "Terminal", "TerminalPicture", "beside", "cell_width",
           "square_grid", "stacked", "wrapped"]
