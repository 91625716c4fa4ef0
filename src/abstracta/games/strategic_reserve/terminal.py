"""Strategic Reserve on the terminal: the 6x6 board, reserves, dice and what the roll did.

Drawn from the view's structured position (``structure.py``) and ``last_effects()``. Cells are
three characters wide so plain text stays readable::

       a  b  c  d  e  f
    6  .  .  .  .  .  .  6
    5  .  x [R] x  R  .  5      [ ] rolled square   x removed by the roll
    4  .  R  +  .  B  .  4      +   legal placement ( ) placed since last shown

With colour, checkers are red and blue discs; without it they are the letters R and B. The
panel (reserves, turn, dice) stands right of the board, or under it on a narrow screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from abstracta.core.errors import CHANCE
from abstracta.core.terminal import PLAIN, Styled, Terminal, TerminalPicture, beside, square_grid, stacked

if TYPE_CHECKING:
    from abstracta.core.api import Game, View

FILES = "abcdef"
RANKS = range(6, 0, -1)
NAMES = ("Red", "Blue")  # by player
LETTER = ("R", "B")
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
PANEL_GAP = 4

STYLE = {
    "R": "bold red",
    "B": "bold dodger_blue1",
    "empty": "grey50",
    "legal": "bold green",
    "removed": "bold magenta",
    "rolled": "bold yellow",
    "placed": "bold white",
}


@dataclass
class Roll:
    """One roll as its effects tell it: the roller, the two dice, the square struck, what it sent back."""

    owner: int
    purple: int
    green: int = 0
    cell: str = ""
    hit: str = ""
    removed: list[str] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        return f"{self.purple},{self.green}"


def rolls_of(effects: list[dict[str, Any]]) -> list[Roll]:
    """The rolls among ``effects`` (entries of several plays, in order): a roll entry per die, then its removals."""
    rolls: list[Roll] = []
    for effect in effects:
        kind = effect.get("kind")
        if kind == "roll" and effect.get("die") == "purple":
            rolls.append(Roll(effect["owner"], effect["value"], cell=effect.get("cell", ""), hit=effect.get("hit", "")))
        elif kind == "roll" and rolls:
            rolls[-1].green = effect["value"]
        elif kind == "remove" and rolls:
            rolls[-1].removed.append(effect["cell"])
    return rolls


@dataclass(frozen=True)
class Position:
    """What the drawing needs of the structured position."""

    cells: dict[str, str | None]  # square -> 'R', 'B' or None
    side: int  # whose turn it is (kept once the game is over)
    reserves: tuple[int, int]
    pending: str | None  # the roll made this turn, 'p,g', or None
    target: str | None  # the square that roll struck
    count: int

    @classmethod
    def of(cls, view: "View") -> "Position":
        structure = view.structure()
        occupied = structure["cells"]
        cells = {square: LETTER[occupied[square][0]["owner"]] if square in occupied else None
                 for square in structure["board"]["cells"]}  # fmt: skip
        reserves = [0, 0]
        for area in structure["areas"]:
            reserves[area["owner"]] += sum(piece.get("count", 1) for piece in area["pieces"])
        purple, green = (die["value"] for die in structure["dice"])
        extra = structure["extra"]
        pending = None if purple is None else f"{purple},{green}"
        return cls(cells, extra["side"], (reserves[0], reserves[1]), pending, extra["target"], extra["placements"])


class StrategicReservePicture(TerminalPicture):
    def player_names(self, game: "Game") -> list[str]:
        return list(NAMES)

    def actor(self, state: "View") -> str:
        if state.seat in ("red", "blue"):
            return NAMES[("red", "blue").index(state.seat)]
        return super().actor(state)

    def board(self, state: "View", effects: list[dict[str, Any]], terminal: Terminal = PLAIN, hints: bool = True,
              last_move: str | None = None) -> Styled:  # fmt: skip
        position = Position.of(state)
        legal: set[str] = set()
        if hints and not state.over and state.player is not None and state.player >= 0:
            legal = set(state.moves())
            empty = {square for square, piece in position.cells.items() if piece is None}
            if legal == empty:  # free placement: marking every empty square would only add noise
                legal = set()
        drawing = _Drawing(self, state, position, effects, legal, terminal.colour)
        board, panel = drawing.board(), drawing.panel()
        side_by_side = beside(board, panel, PANEL_GAP)
        return side_by_side if side_by_side.width() <= terminal.width else stacked([board, panel])

    def describe(self, before: "View", move: str, after: "View") -> str:
        effects = after.last_effects()
        rolls = rolls_of(effects)
        if rolls:
            roll = rolls[0]
            what = "removed " + " ".join(roll.removed) if roll.removed else "nothing removed"
            return f"{NAMES[roll.owner]} rolls {roll.outcome} -> {roll.cell} ({roll.hit}): {what}"
        if effects and effects[0].get("kind") == "place":
            return f"{NAMES[effects[0]['piece']['owner']]} places {effects[0]['cell']}"
        return super().describe(before, move, after)

    def move_hint(self, state: "View") -> str:
        return (
            "Type the square to place a checker on, e.g. c4. The dice are rolled for you. After a roll "
            "onto your own checker you must place next to that group, and '+' marks the squares you may use."
        )

    def result(self, state: "View") -> str:
        red, blue = state.scores()
        returns = state.returns()
        if returns[0] > returns[1]:
            outcome = "Red wins"
        elif returns[1] > returns[0]:
            outcome = "Blue wins"
        else:
            outcome = "Draw"
        return f"{outcome} (reserves: Red {red}, Blue {blue})"


class _Drawing:
    """The board and the side panel of one view, with the marks of the effects since last shown."""

    def __init__(self, picture: StrategicReservePicture, state: "View", position: Position,
                 effects: list[dict[str, Any]], legal: set[str], glyphs: bool) -> None:  # fmt: skip
        self.picture, self.state, self.position, self.legal, self.glyphs = picture, state, position, legal, glyphs
        rolls = rolls_of(effects)
        self.last_roll = rolls[-1] if rolls else None
        self.earlier_rolls = rolls[:-1]
        if position.pending is not None and (self.last_roll is None or self.last_roll.outcome != position.pending):
            # A position given with a pending roll and no history: what it struck is in the structure (§7.1, §7.3).
            purple, green = (int(v) for v in position.pending.split(","))
            own = position.cells[position.target] == LETTER[position.side]
            self.last_roll = Roll(position.side, purple, green, position.target or "", "friendly" if own else "empty")
        self.removed = {square for roll in rolls for square in roll.removed}
        self.placed = {e["cell"] for e in effects if e.get("kind") == "place"}

    # -- the board --------------------------------------------------------
    def board(self) -> Styled:
        return square_grid(FILES, RANKS, self._cell)

    def _cell(self, square: str) -> Styled:
        piece = self.position.cells[square]
        glyphs = self.glyphs
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
        if self.last_roll is not None and square == self.last_roll.cell:
            left, right, mark_style = "[", "]", STYLE["rolled"]
        elif piece is not None and square in self.placed:
            left, right, mark_style = "(", ")", STYLE["placed"]
        if mark_style:  # the glyph keeps the mark's boldness, in its own colour
            style = f"{mark_style} {style}" + (" on grey23" if mark_style == STYLE["rolled"] and glyphs else "")
        return Styled(left, mark_style).append(glyph, style).append(right, mark_style)

    # -- the side panel ---------------------------------------------------
    def panel(self) -> Styled:
        state, position, glyphs = self.state, self.position, self.glyphs
        text = Styled(state.game.title, "bold")
        max_turns = state.game.options.get("max_turns")
        text.append(f"   placements {position.count}" + (f" of {max_turns}" if max_turns else ""), "dim")
        text.append("\n\n")
        for player, reserve in enumerate(position.reserves):
            letter = LETTER[player]
            text.append(f"{NAMES[player]:<5}", STYLE[letter])
            text.append(f" reserve {reserve:>2}  ")
            text.append(("●" if glyphs else letter) * reserve, STYLE[letter])
            text.append("\n")
        text.append("\n")
        if state.over:
            text.append("Game over: " + self.picture.result(state), "bold")
        elif state.player == CHANCE:
            text.append(f"{NAMES[position.side]} to roll", "bold")
        else:
            text.append(f"{NAMES[position.side]} to place", "bold " + STYLE[LETTER[position.side]].split()[-1])
        text.append("\n")
        self._dice(text)
        text.append("\n")
        text.append("[ ]", STYLE["rolled"])
        text.append(" rolled  ")
        text.append("x" if not glyphs else "×", STYLE["removed"])
        text.append(" removed  ")
        text.append("+", STYLE["legal"])
        text.append(" legal  ")
        text.append("( )", STYLE["placed"])
        return text.append(" placed")

    def _dice(self, text: Styled) -> None:
        roll = self.last_roll
        if roll is None:
            if not self.state.over:
                text.append("Dice: not rolled yet\n", "dim")
            return
        text.append(f"{NAMES[roll.owner]} rolled ")
        text.append(f"{roll.purple}", "bold magenta")
        text.append(",")
        text.append(f"{roll.green}", "bold green")
        if self.glyphs:
            text.append(" ")
            text.append(DIE_FACES[roll.purple - 1], "bold magenta")
            text.append(DIE_FACES[roll.green - 1], "bold green")
        text.append(f" -> {roll.cell} ({roll.hit})\n")
        text.append("Removed: " + (" ".join(roll.removed) if roll.removed else "nothing") + "\n")
        for earlier in self.earlier_rolls:
            if earlier.removed:
                text.append(f"({NAMES[earlier.owner]}'s roll {earlier.outcome} removed {' '.join(earlier.removed)})\n",
                            "dim")  # fmt: skip
        if roll.hit == "friendly" and self.position.pending == roll.outcome and not self.state.over:
            text.append(f"Place next to the group at {roll.cell}\n", "italic")
