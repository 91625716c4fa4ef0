"""Strategic Reserve on the terminal: the 6x6 board, reserves, dice and what the roll did.

Drawn from the position notation (rules §9: ``board side red blue pending count``) and
``last_effects()`` (§10). Cells are three characters wide so plain text stays readable::

       a  b  c  d  e  f
    6  .  .  .  .  .  .  6
    5  .  x [R] x  R  .  5      [ ] rolled square   x removed by the roll
    4  .  R  +  .  B  .  4      +   legal placement ( ) placed since last shown

With colour, checkers are red and blue discs; without it they are the letters R and B.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from abstracta.cli.render.generic import Renderer, square_grid
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE

FILES = "abcdef"
RANKS = range(6, 0, -1)
NAMES = {"red": "Red", "blue": "Blue"}
LETTER = {"red": "R", "blue": "B"}
SIDE_SEAT = {"r": "red", "b": "blue"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"

STYLE = {
    "R": "bold red",
    "B": "bold dodger_blue1",
    "empty": "grey50",
    "legal": "bold green",
    "removed": "bold magenta",
    "rolled": "bold yellow",
    "placed": "bold white",
}


@dataclass(frozen=True)
class Position:
    """The fields of the notation, as the drawing needs them."""

    cells: dict[str, str | None]  # square -> 'R', 'B' or None
    side: str  # 'red' or 'blue': whose turn it is
    red_reserve: int
    blue_reserve: int
    pending: str | None  # the roll made this turn, 'p,g', or None
    count: int

    @classmethod
    def from_notation(cls, text: str) -> "Position":
        board, side, red, blue, pending, count = text.split()
        cells: dict[str, str | None] = {}
        for rank, row in zip(RANKS, board.split("/")):
            file = 0
            for char in row:
                if char.isdigit():
                    for _ in range(int(char)):
                        cells[f"{FILES[file]}{rank}"] = None
                        file += 1
                else:
                    cells[f"{FILES[file]}{rank}"] = char
                    file += 1
        return cls(cells, SIDE_SEAT[side], int(red), int(blue), None if pending == "-" else pending, int(count))


def rolled_square(seat: str, roll: str) -> str:
    """The square a roll hits (§7.1): Red counts from a1, Blue from f6."""
    purple, green = (int(v) for v in roll.split(","))
    if seat == "red":
        return f"{FILES[purple - 1]}{green}"
    return f"{FILES[6 - purple]}{7 - green}"


class StrategicReserveRenderer(Renderer):
    def player_names(self, game: Game) -> list[str]:
        return ["Red", "Blue"]

    def actor(self, state: State) -> str:
        if state.seat in NAMES:
            return NAMES[state.seat]
        return super().actor(state)

    def board(self, state: State, effects: list[dict[str, Any]], hints: bool = True) -> "Board":
        legal: set[str] = set()
        if hints and not state.over and state.player is not None and state.player >= 0:
            legal = set(state.moves())
            cells = Position.from_notation(state.notation()).cells
            empty = {square for square, piece in cells.items() if piece is None}
            if legal == empty:  # free placement: marking every empty square would only add noise
                legal = set()
        return Board(state, effects, legal, self)

    def describe(self, before: State, move: str, after: State) -> str:
        effects = after.last_effects()
        effect = effects[0] if effects else {}
        who = NAMES.get(effect.get("seat", ""), self.actor(before))
        if effect.get("kind") == "roll":
            removed = effect.get("removed") or []
            what = "removed " + " ".join(removed) if removed else "nothing removed"
            return f"{who} rolls {effect['roll']} -> {effect['square']} ({effect['hit']}): {what}"
        if effect.get("kind") == "place":
            return f"{who} places {effect['square']}"
        return super().describe(before, move, after)

    def move_hint(self, state: State) -> str:
        return (
            "Type the square to place a checker on, e.g. c4. The dice are rolled for you. After a roll "
            "onto your own checker you must place next to that group, and '+' marks the squares you may use."
        )

    def result(self, state: State) -> str:
        red, blue = state.scores()
        returns = state.returns()
        if returns[0] > returns[1]:
            outcome = "Red wins"
        elif returns[1] > returns[0]:
            outcome = "Blue wins"
        else:
            outcome = "Draw"
        return f"{outcome} (reserves: Red {red}, Blue {blue})"


class Board:
    """A rich renderable: board on the left, reserves, turn and dice on the right."""

    def __init__(self, state: State, effects: list[dict[str, Any]], legal: set[str], renderer: Renderer) -> None:
        self.state = state
        self.position = Position.from_notation(state.notation())
        self.effects = effects
        self.legal = legal
        self.renderer = renderer
        rolls = [e for e in effects if e.get("kind") == "roll"]
        self.last_roll = rolls[-1] if rolls else None
        self.earlier_rolls = rolls[:-1]
        pos = self.position
        if pos.pending is not None and (self.last_roll is None or self.last_roll.get("roll") != pos.pending):
            # A position given with a pending roll and no history: recompute what it hit (§7.1, §7.3).
            square = rolled_square(pos.side, pos.pending)
            hit = "friendly" if pos.cells[square] == LETTER[pos.side] else "empty"
            self.last_roll = {"seat": pos.side, "roll": pos.pending, "square": square, "hit": hit, "removed": []}
        self.removed = {s for e in rolls for s in e.get("removed", [])}
        self.placed = {e["square"] for e in effects if e.get("kind") == "place"}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glyphs = console.color_system is not None and not console.no_color
        grid = Table.grid(padding=(0, 4))
        grid.add_column()
        grid.add_column()
        grid.add_row(self._board_text(glyphs), self._info_text(glyphs))
        yield grid

    # -- the board --------------------------------------------------------
    def _board_text(self, glyphs: bool) -> Text:
        return square_grid(FILES, RANKS, lambda square: self._cell(square, glyphs))

    def _cell(self, square: str, glyphs: bool) -> Text:
        piece = self.position.cells[square]
        if piece is not None:
            glyph, style = ("●" if glyphs else piece), STYLE[piece]
        elif square in self.legal:  # before "removed": a freed square may be a legal target
            glyph, style = "+", STYLE["legal"]
        elif square in self.removed:
            glyph, style = ("×" if glyphs else "x"), STYLE["removed"]
        else:
            glyph, style = ("·" if glyphs else "."), STYLE["empty"]
        left = right = " "
        mark_style = ""
        if self.last_roll is not None and square == self.last_roll.get("square"):
            left, right, mark_style = "[", "]", STYLE["rolled"]
        elif piece is not None and square in self.placed:
            left, right, mark_style = "(", ")", STYLE["placed"]
        cell = Text(left, style=mark_style)
        cell.append(glyph, style=style + (" on grey23" if mark_style == STYLE["rolled"] and glyphs else ""))
        cell.append(right, style=mark_style)
        return cell

    # -- the side panel ---------------------------------------------------
    def _info_text(self, glyphs: bool) -> Text:
        state, pos = self.state, self.position
        text = Text()
        text.append(state.game.title, style="bold")
        max_turns = state.game.options.get("max_turns")
        text.append(f"   placements {pos.count}" + (f" of {max_turns}" if max_turns else ""), style="dim")
        text.append("\n\n")
        for seat, reserve in (("red", pos.red_reserve), ("blue", pos.blue_reserve)):
            letter = LETTER[seat]
            text.append(f"{NAMES[seat]:<5}", style=STYLE[letter])
            text.append(f" reserve {reserve:>2}  ")
            text.append(("●" if glyphs else letter) * reserve, style=STYLE[letter])
            text.append("\n")
        text.append("\n")
        if state.over:
            text.append("Game over: " + self.renderer.result(state), style="bold")
            text.append("\n")
        elif state.player == CHANCE:
            text.append(f"{NAMES[pos.side]} to roll", style="bold")
            text.append("\n")
        else:
            text.append(f"{NAMES[pos.side]} to place", style="bold " + STYLE[LETTER[pos.side]].split()[-1])
            text.append("\n")
        text.append_text(self._dice_text(glyphs))
        text.append("\n")
        text.append("[ ]", style=STYLE["rolled"])
        text.append(" rolled  ")
        text.append("x" if not glyphs else "×", style=STYLE["removed"])
        text.append(" removed  ")
        text.append("+", style=STYLE["legal"])
        text.append(" legal  ")
        text.append("( )", style=STYLE["placed"])
        text.append(" placed")
        return text

    def _dice_text(self, glyphs: bool) -> Text:
        pos = self.position
        roll = self.last_roll
        if roll is None:
            return Text("" if self.state.over else "Dice: not rolled yet\n", style="dim")
        purple, green = (int(v) for v in roll["roll"].split(","))
        text = Text(f"{NAMES.get(roll['seat'], roll['seat'])} rolled ")
        text.append(f"{purple}", style="bold magenta")
        text.append(",")
        text.append(f"{green}", style="bold green")
        if glyphs:
            text.append(" ")
            text.append(DIE_FACES[purple - 1], style="bold magenta")
            text.append(DIE_FACES[green - 1], style="bold green")
        text.append(f" -> {roll['square']} ({roll['hit']})\n")
        removed = roll.get("removed") or []
        text.append("Removed: " + (" ".join(removed) if removed else "nothing") + "\n")
        for earlier in self.earlier_rolls:
            if earlier.get("removed"):
                who = NAMES.get(earlier.get("seat", ""), "")
                text.append(f"({who}'s roll {earlier['roll']} removed {' '.join(earlier['removed'])})\n", style="dim")
        if roll["hit"] == "friendly" and pos.pending == roll["roll"] and not self.state.over:
            text.append(f"Place next to the group at {roll['square']}\n", style="italic")
        return text


RENDERER = StrategicReserveRenderer()
