"""What a person at a terminal sees (an 80x24 screen is enough): the board with this round's plies
under it and the prompt below, and move lists folded to the screen's width, never inside a move.

A file or a pipe gets none of this: there every ply is logged once, on a line of its own.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text

from abstracta.cli.render import board_view
from abstracta.core.errors import CHANCE

if TYPE_CHECKING:
    from abstracta.cli.play import TerminalGame

LONG_MOVE_LIST = 40
"""More legal moves than this: 'moves' adds how to narrow the list (at a terminal it also cuts it
to what fits on the screen)."""

RECAP_ROWS = 7
"""Rows kept under the board for this round's plies at a terminal: the board is asked to fit above them."""


def show_screen(game: TerminalGame, rows: int, effects: list[dict[str, Any]]) -> None:
    """At a terminal: the board, then this round's plies (the rival's whole turn, every action of
    one), so that with the prompt they fill at most ``rows`` lines and nothing of them scrolls off."""
    width = game.console.width
    recap = round_lines(game)
    wrapped = [Text(line, style=style).wrap(game.console, width, overflow="fold") for line, style in recap]
    recap_rows = sum(len(lines) for lines in wrapped)
    board_rows = rows - 1 - min(recap_rows, RECAP_ROWS)  # the prompt takes the last row
    board = board_view(game.renderer, game.seen(game.state), effects, hints=game.hints,
                       last_move=game.last_move_shown(), height=board_rows)
    drawn = game.console.render_lines(board, game.console.options.update(height=None), pad=False)
    free = rows - 1 - len(drawn)
    left_out = 0
    while wrapped and sum(len(lines) for lines in wrapped) > max(free - (1 if left_out else 0), 1):
        wrapped.pop(0)
        left_out += 1
    if free - sum(len(lines) for lines in wrapped) - (1 if left_out else 0) > 0:
        game.console.print()
    game.console.print(board)
    if left_out:
        game.console.print(Text(f"... {left_out} earlier line(s) of this round: scroll up", style="dim"))
    for (_, style), lines in zip(recap[left_out:], wrapped):
        for line in lines:
            game.console.print(Text(line.plain, style=style), overflow="fold")


def round_lines(game: TerminalGame) -> list[tuple[str, str]]:
    """This round's plies as lines with their styles: a player's actions of one turn on one line
    (Reflec's turn of several actions, Quin's free actions and the turn's last), its name said once."""
    watcher = game.perspective(game.state)
    groups: list[list[Any]] = []  # [mover's name or None for chance, text, style, bot label]
    for ply in round_plies(game):
        before = game.history[ply]
        label = f"  [{game.labels[ply]}]" if ply in game.labels else ""
        words = game.ply_words(ply, watcher)
        if words:  # a bot's ply: its words, then its notation
            move = game.moves[ply]
            text = f"{words} ({move if watcher == before.player else before.public_move(move)})"
        else:
            text = game.ply_line(ply, watcher)[2:]  # without the bullet
            text = text[: len(text) - len(label)] if label else text
        actor = game.renderer.actor(before) if before.player != CHANCE else None
        if groups and actor is not None and groups[-1][0] == actor and (words or text.startswith(actor)):
            if words:  # "Moons move ... ; turn ..." : the seat's name once
                name, _, rest = text.partition(" ")
                groups[-1][1] += "; " + (rest if groups[-1][1].split(" ", 1)[0] == name else text)
            else:
                groups[-1][1] += "; " + text[len(actor):].lstrip(": ")
            groups[-1][3] = groups[-1][3] or label
        else:
            groups.append([actor, text, "dim" if actor is None else "", label])
    return [(f"• {text}{label}", style) for _, text, style, label in groups]


def round_plies(game: TerminalGame) -> list[int]:
    """The plies since the viewer last had the move: its own actions of this turn, and before
    them everything the others (and chance) played since its previous turn."""
    viewer = game.perspective(game.state)
    movers = [state.player for state in game.history[:-1]]
    start = len(movers)
    while start > 0 and movers[start - 1] == viewer:
        start -= 1
    while start > 0 and movers[start - 1] != viewer:
        start -= 1
    return list(range(start, len(movers)))


def moves_line(moves: list[str]) -> str:
    """The legal moves on one line; moves that contain spaces (Quin, Desfases) are parted by ' | '."""
    separator = " | " if any(" " in move for move in moves) else " "
    return f"Legal moves ({len(moves)}): " + separator.join(moves)


def moves_lines(moves: list[str], width: int | None) -> list[str]:
    """:func:`moves_line` folded into lines of at most ``width`` columns, broken only between
    moves (``None``: one line, as for a file)."""
    line = moves_line(moves)
    if width is None or len(line) <= width:
        return [line]
    separator = " | " if any(" " in move for move in moves) else " "
    lines, current = [], f"Legal moves ({len(moves)}):"
    for move in moves:
        joiner = " " if current.endswith(":") else separator
        if len(current) + len(joiner) + len(move) > width and not current.endswith(":"):
            lines.append(current + separator.rstrip())
            current = "  " + move
        else:
            current += joiner + move
    return [*lines, current]


SQUARE = re.compile(r"(?<![A-Za-z0-9])[a-z][1-9][0-9]?(?![0-9])")
"""A square's name in a move's notation (``d5`` in ``d5-d6``, ``M@d5s``, ``swap d5 e4``)."""


def names(move: str, word: str) -> bool:
    """True when ``word`` stands in ``move``'s notation as a token of its own: a square followed
    only by letters (Reflec's facing: ``c4`` in ``c3-c4e``), any other word not inside a longer one."""
    follow = r"(?![0-9])" if word[-1:].isdigit() else r"(?![A-Za-z0-9])"
    return re.search(r"(?<![A-Za-z0-9])" + re.escape(word) + follow, move) is not None
