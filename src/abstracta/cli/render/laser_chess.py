"""Laser Chess on the terminal: the 10x8 board, facings at a glance, and the last beam.

Drawn from the position notation (rules §9) and ``last_effects()`` (§10). Cells are five
characters wide. With colour, pieces are a letter plus a glyph (Blue upper case in blue,
Red lower case in red)::

    L↑ L→ L↓ L←   Laser firing north / east / south / west
    B↑ ...        Defender: the arrow points out of the shielded face
    D◥ D◢ D◣ D◤   Deflector: the triangle fills the mirrored corner (ne se sw nw)
    S╱ S╲         Switch: the mirror line ("ne" = /, "nw" = \\)
    K             King

Without colour the same glyphs are used on a UTF-8 terminal (``NO_COLOR``), and plain
output (a pipe, a file) shows the pieces as their notation tokens (``Dne``, ``bs``). The
restricted squares are tinted; where the tint cannot show (no colour, or a 16-colour
terminal, whose nearest tints are black and grey) an empty one also reads ``r`` where only
Red may stand, ``b`` where only Blue may. The last beam is drawn over the board: ``─ │ ┼``
(``- | +``) on the empty squares it crossed, ``[ ]`` around the pieces it met, ``✕``
(``X``) where it removed one.
"""

from __future__ import annotations

import re

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from abstracta.cli.render.generic import Renderer, square_grid
from abstracta.core.api import Game, State

FILES = "abcdefghij"
RANKS = range(8, 0, -1)
NAMES = {"blue": "Blue", "red": "Red"}
PIECE_NAMES = {"L": "Laser", "K": "King", "S": "Switch", "D": "Deflector", "B": "Defender"}
# Squares closed to one colour (rules §2.2): the other colour's helix.
CLOSED_TO_BLUE = frozenset("a1 a2 a3 a4 a5 a6 a7 i1 i8".split())
CLOSED_TO_RED = frozenset("j2 j3 j4 j5 j6 j7 j8 b1 b8".split())

ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
DEFLECTOR_GLYPHS = {"ne": "◥", "se": "◢", "sw": "◣", "nw": "◤"}
SWITCH_GLYPHS = {"ne": "╱", "nw": "╲"}
BEAM_GLYPHS = {"h": ("─", "-"), "v": ("│", "|"), "hv": ("┼", "+")}

BOARD_WIDTH = 4 + 5 * len(FILES) + 3  # rank label, ten cells, rank label
INFO_WIDTH = 44

STYLE = {
    "blue": "bold dodger_blue1",
    "red": "bold red1",
    "empty": "grey50",
    "beam": "bold yellow",
    "removed": "bold magenta",
    "blue_only": "on grey19",  # Blue's helix: Red may not stand here
    "red_only": "on rgb(58,20,20)",  # Red's helix: Blue may not stand here
}


def read_board(text: str) -> dict[str, str | None]:
    """Square -> notation token (``"Dnw"``, ``"k"``) or None, from a position's board field."""
    cells: dict[str, str | None] = {}
    for rank, row in zip(RANKS, text.split(" ")[0].split("/")):
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                for _ in range(int(row[i:j])):
                    cells[f"{FILES[file]}{rank}"] = None
                    file += 1
                i = j
                continue
            width = {"K": 0, "L": 1, "B": 1, "S": 2, "D": 2}[row[i].upper()]
            cells[f"{FILES[file]}{rank}"] = row[i : i + 1 + width]
            file += 1
            i += 1 + width
    return cells


def piece_glyph(token: str) -> str:
    """``"Dne"`` -> ``"D◥"``, ``"ls"`` -> ``"l↓"``, ``"K"`` -> ``"K"``."""
    letter, facing = token[0], token[1:]
    kind = letter.upper()
    if kind in "LB":
        return letter + ARROWS[facing]
    if kind == "D":
        return letter + DEFLECTOR_GLYPHS[facing]
    if kind == "S":
        return letter + SWITCH_GLYPHS[facing]
    return letter


def describe_piece(token: str) -> str:
    colour = "Blue" if token[0].isupper() else "Red"
    facing = f" {token[1:]}" if len(token) > 1 else ""
    return f"{colour} {PIECE_NAMES[token[0].upper()]}{facing}"


def describe_shot(effects: list[dict[str, Any]]) -> str:
    """One line for a shot: where it went and what it did."""
    beam = next((e for e in effects if e.get("kind") == "beam"), None)
    if beam is None:
        return ""
    removed = next((e for e in effects if e.get("kind") == "removed"), None)
    path = beam["path"]
    end = path[-1]
    if removed is not None:
        what = f"removed the {describe_piece(removed['piece'])} on {removed['square']}"
        if removed["piece"] in ("K", "k"):
            what = f"hit the {describe_piece(removed['piece'])} on {removed['square']}"
    elif beam["stop"] == "blocked":
        what = f"blocked by the Defender's shield on {end}"
    elif beam["stop"] == "laser":
        what = f"stopped by the Laser on {end}"
    else:
        what = f"left the board after {end}"
    return f"beam from {beam['from']} ({len(path)} squares): {what}"


class LaserChessRenderer(Renderer):
    def player_names(self, game: Game) -> list[str]:
        return ["Blue", "Red"]

    def actor(self, state: State) -> str:
        if state.seat in NAMES:
            return NAMES[state.seat]
        return super().actor(state)

    shows_last_move = True

    def board(
        self, state: State, effects: list[dict[str, Any]], hints: bool = True, last_move: str | None = None
    ) -> "Board":
        return Board(state, effects, self, hints, last_move)

    def describe(self, before: State, move: str, after: State) -> str:
        who = self.actor(before)
        if move == "draw":
            return f"{who} claims a draw by repetition"
        shot = describe_shot(after.last_effects())
        return f"{who} plays {move}" + (f"; {shot}" if shot else "")

    def move_hint(self, state: State) -> str:
        return (
            "Moves: 'e4-e5' steps a piece to a neighbouring empty square (a Switch may also swap with a "
            "neighbouring Deflector or Defender this way); 'h2+' turns a piece clockwise, 'h2-' "
            "counter-clockwise; 'j1-' / 'a8+' turn your Laser; 'draw' claims a threefold repetition. "
            "Your Laser fires by itself after every move."
        )

    def result(self, state: State) -> str:
        blue, red = state.scores()
        returns = state.returns()
        if returns[0] > returns[1]:
            outcome = "Blue wins (Red's King was hit)"
        elif returns[1] > returns[0]:
            outcome = "Red wins (Blue's King was hit)"
        elif state.to_json().get("draw_claimed"):
            outcome = "Draw (threefold repetition claimed)"
        else:
            outcome = "Draw (ply limit reached)"
        return f"{outcome} (pieces: Blue {blue}, Red {red})"


class Board:
    """A rich renderable: the board on the left, turn, pieces and the last shots on the right."""

    def __init__(
        self, state: State, effects: list[dict[str, Any]], renderer: Renderer, hints: bool = True,
        last_move: str | None = None,
    ) -> None:  # fmt: skip
        self.state = state
        # The last move, drawn on the board: the piece it moved or turned in ( ), the square it left as 'o'.
        self.last_move = last_move
        squares = re.findall(r"[a-j][1-8]", last_move or "")
        self.moved_to = squares[-1] if squares else None
        self.moved_from = squares[0] if len(squares) > 1 else None
        self.hints = hints
        self.markers, self.tints = True, False  # set for the console in __rich_console__
        self.cells = read_board(state.notation())
        self.renderer = renderer
        # Shots since the board was last shown, each as its list of effects; the latest is drawn.
        self.shots: list[list[dict[str, Any]]] = []
        for effect in effects:
            if effect.get("kind") == "beam":
                self.shots.append([effect])
            elif self.shots:
                self.shots[-1].append(effect)
        self.beam: dict[str, str] = {}  # empty square -> "h", "v" or "hv"
        self.met: set[str] = set()  # squares of pieces the beam met (mirrors, the stopper)
        if self.shots:
            self._trace(self.shots[-1])
        # Every piece removed since the board was last shown is crossed out, not only the latest.
        self.removed = {e["square"] for shot in self.shots for e in shot[1:] if e.get("kind") == "removed"}

    def _trace(self, shot: list[dict[str, Any]]) -> None:
        beam = shot[0]
        previous = beam["from"]
        for square in beam["path"]:
            axis = "v" if square[0] == previous[0] else "h"
            if self.cells.get(square) is None:
                marks = self.beam.get(square, "")
                self.beam[square] = "hv" if marks and axis not in marks else (marks or axis)
            else:
                self.met.add(square)
            previous = square

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        colour = console.color_system is not None and not console.no_color
        unicode = console.is_terminal and console.encoding.lower().startswith("utf")
        glyphs = colour or unicode
        # The tints' nearest 16-colour matches are black and grey: mark the squares as well.
        self.markers = not colour or console.color_system in ("standard", "windows")
        self.tints = colour
        board, info = self._board_text(glyphs), self._info_text(glyphs)
        board.no_wrap = True
        if options.max_width >= BOARD_WIDTH + 3 + INFO_WIDTH:
            grid = Table.grid(padding=(0, 3))
            grid.add_column(no_wrap=True)
            grid.add_column()
            grid.add_row(board, info)
            yield grid
        else:  # a narrow terminal: the panel goes under the board rather than squeezing it
            yield board
            yield Text()
            yield info

    # -- the board --------------------------------------------------------
    def _board_text(self, glyphs: bool) -> Text:
        return square_grid(FILES, RANKS, lambda square: self._cell(square, glyphs), file_label="  {}  ", right_gap="  ")

    def _cell(self, square: str, glyphs: bool) -> Text:
        token = self.cells[square]
        tint = ""
        if self.tints and square in CLOSED_TO_BLUE:
            tint = " " + STYLE["red_only"]
        elif self.tints and square in CLOSED_TO_RED:
            tint = " " + STYLE["blue_only"]
        if token is not None:
            body = piece_glyph(token) if glyphs else token
            style = STYLE["blue" if token[0].isupper() else "red"]
            if square in self.met:
                inner = Text("[", style=STYLE["beam"] + tint)
                inner.append(body, style=style + tint)
                inner.append("]", style=STYLE["beam"] + tint)
                return _pad(inner, tint)
            if square == self.moved_to:
                inner = Text("(", style="bold" + tint)
                inner.append(body, style=style + " underline" + tint)
                inner.append(")", style="bold" + tint)
                return _pad(inner, tint)
            return _pad(Text(body, style=style + tint), tint)
        if square == self.moved_from and square not in self.beam:
            return _pad(Text("o", style="bold" + tint), tint)
        if square in self.removed:
            return _pad(Text("✕" if glyphs else "X", style=STYLE["removed"] + tint), tint)
        if square in self.beam:
            fancy, plain = BEAM_GLYPHS[self.beam[square]]
            return _pad(Text(fancy if glyphs else plain, style=STYLE["beam"] + tint), tint)
        if self.markers and square in CLOSED_TO_BLUE:
            return _pad(Text("r", style=STYLE["empty"] + tint), tint)
        if self.markers and square in CLOSED_TO_RED:
            return _pad(Text("b", style=STYLE["empty"] + tint), tint)
        return _pad(Text("·" if glyphs else ".", style=STYLE["empty"] + tint), tint)

    # -- the side panel ---------------------------------------------------
    def _info_text(self, glyphs: bool) -> Text:
        state = self.state
        text = Text()
        text.append(state.game.title, style="bold")
        setup = state.game.options.get("setup")
        max_plies = state.game.options.get("max_plies")
        text.append(f"   setup {setup}", style="dim")
        if max_plies is not None:
            text.append(f"   ply {state.notation().split(' ')[2]} of {max_plies}", style="dim")
        text.append("\n\n")
        blue, red = state.scores()
        text.append("Blue", style=STYLE["blue"])
        text.append(f" pieces {blue:>2}   ")
        text.append("Red", style=STYLE["red"])
        text.append(f" pieces {red:>2}\n\n")
        if state.over:
            text.append("Game over: " + self.renderer.result(state), style="bold")
        else:
            seat = state.seat
            text.append(f"{NAMES[seat]} to move", style=STYLE[seat])
            if self.hints:
                moves = state.moves()
                text.append(f"   {len(moves)} legal moves ('moves' lists them)", style="dim")
                if "draw" in moves:
                    text.append("\nThis position has occurred three times: 'draw' ends the game", style="bold")
        if self.last_move:
            text.append(f"\nLast move: {self.last_move}", style="bold")
        text.append("\n")
        for shot in self.shots:
            shooter = "Blue" if shot[0]["from"] == "j1" else "Red"
            text.append(f"{shooter}'s {describe_shot(shot)}\n", style="dim" if shot is not self.shots[-1] else "")
        text.append("\n")
        text.append("─│" if glyphs else "-|", style=STYLE["beam"])
        text.append(" beam  ")
        text.append("[ ]", style=STYLE["beam"])
        text.append(" met  ")
        text.append("✕" if glyphs else "X", style=STYLE["removed"])
        text.append(" removed  ( ) last moved  o left\n")
        if self.tints:
            text.append("  ", style=STYLE["red_only"])
            text.append(" Red only  ")
            text.append("  ", style=STYLE["blue_only"])
            text.append(" Blue only\n")
        if self.markers:
            text.append("r Red only  b Blue only\n", style="dim")
        if glyphs:
            text.append("L↑ Laser  B↑ shield  D◥ mirrors  S╱ Switch\n", style="dim")
        return text


def _pad(body: Text, tint: str) -> Text:
    """Centre ``body`` in a five-character cell, the padding carrying the square's tint."""
    width = body.cell_len
    left = (5 - width) // 2
    cell = Text(" " * left, style=tint.strip())
    cell.append_text(body)
    cell.append(" " * (5 - width - left), style=tint.strip())
    return cell


RENDERER = LaserChessRenderer()
