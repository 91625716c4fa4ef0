"""Desfases on the terminal: the 5x5 grid of turning tiles, pawns, coins, dice and reservoirs.

Drawn from the view's structured position (``structure.py``) and ``last_effects()``. Each
square is a 3-line box; the arrow sits on the side of the box the tile faces, so a tile faces
the neighbour its arrow points at. An arrow that points at a pawn is doubled (and yellow in
colour): that tile could be scored by that pawn::

    +---------+---------+
    |*S  ^    |      +C2|     *S  the Suns pawn stands here    +C2  the Crowns 2 coin scored it
    |   S4    |<  M4    |     S4  the Suns 4 tile              <  / ^  the side it faces
    |+       +|         |     ++  (corners) a legal target of the move to play
    +---------+---------+

A terminal of fewer than ``FULL_BOARD_ROWS`` rows gets a compact grid of one line a rank.
Arrows, pawns and the "just turned" legend use Unicode glyphs on a colour terminal only.
Below the grid: each suit's die, timer coin, reservoir, points and status, the hole, and the
running score per player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from abstracta.core.terminal import PLAIN, Styled, Terminal, TerminalPicture
from abstracta.games.desfases.board import FACED, FACING_INDEX, FILES, SQUARE_INDEX, SQUARE_NAMES, SUIT_NAMES, SUITS
from abstracta.games.desfases.board import VALUES as VALUE_CHARS

if TYPE_CHECKING:
    from abstracta.core.api import Game, View

NAME_OF = dict(zip(SUITS, SUIT_NAMES))  # "S" -> "Suns"
PLAIN_ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
GLYPH_ARROWS = {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}
INNER = 9  # characters inside a square's box
COMPACT_CELL = 11

STYLE = {
    "S": "bold gold1",
    "M": "bold grey85",
    "C": "bold dodger_blue1",
    "A": "bold red",
    "arrow": "grey62",
    "faces_pawn": "bold yellow",
    "turned": "bold magenta",
    "legal": "bold green",
    "coin": "bold white on grey30",
    "hole": "grey42",
    "grid": "grey42",
}

FULL_BOARD_ROWS = 40
"""Terminal rows the full board and its table need; a shorter terminal gets the compact grid."""


@dataclass(frozen=True)
class Cell:
    tile: str  # e.g. "S4"
    facing: str  # n e s w
    coin: str | None  # the scoring coin, e.g. "C2"
    pawn: str | None  # the suit letter of the pawn on it


@dataclass(frozen=True)
class SuitRecord:
    die: int
    timer: str  # the timer coin's value character, "-" when none
    reservoir: str  # value characters, "-" when empty
    points: int
    live: bool


def faced_square(square: str, facing: str) -> str | None:
    """The square a tile on ``square`` faces, or None off the board (§2)."""
    target = FACED[SQUARE_INDEX[square]][FACING_INDEX[facing]]
    return SQUARE_NAMES[target] if target >= 0 else None


class Position:
    """What the drawing needs of a view's structured position."""

    def __init__(self, structure: dict[str, Any]) -> None:
        extra = structure["extra"]
        self.cells: dict[str, Cell] = {}  # every tile square
        self.hole: list[str] = []  # the coins in the hole
        for square, stack in structure["cells"].items():
            if square == extra["hole"]:
                self.hole = [coin["label"] for coin in stack]
                continue
            tile = stack[0]
            coin = next((p["label"] for p in stack if p["kind"] == "coin"), None)
            pawn = next((p["suit"] for p in stack if p["kind"] == "pawn"), None)
            self.cells[square] = Cell(tile["label"], tile["facing"], coin, pawn)
        areas = {area["name"]: area["pieces"] for area in structure["areas"]}
        self.suits: dict[str, SuitRecord] = {}
        for die in structure["dice"]:
            letter, name = die["suit"], die["name"]
            timer = "".join(VALUE_CHARS[coin["value"]] for coin in areas[f"{name} timer"]) or "-"
            reservoir = "".join(VALUE_CHARS[coin["value"]] for coin in areas[f"{name} reservoir"]) or "-"
            self.suits[letter] = SuitRecord(die["value"], timer, reservoir, extra["points"][letter],
                                            extra["live"][letter])
        self.turn: str | None = extra["acting"]
        self.feeding: bool = extra["feeding"]
        self.pawn_at = {square: cell.pawn for square, cell in self.cells.items() if cell.pawn}


class DesfasesPicture(TerminalPicture):
    def player_names(self, game: Game) -> list[str]:
        if game.num_players == 2:
            return ["Suns+Moons", "Arms+Crowns"]
        return list(SUIT_NAMES)

    def actor(self, state: View) -> str:
        if state.seat in NAME_OF:
            name = NAME_OF[state.seat]
            if state.game.num_players == 2:
                return f"{name} ({self.player_name(state.game, state.player)})"
            return name
        return super().actor(state)

    def board(self, state: View, effects: list[dict[str, Any]], terminal: Terminal = PLAIN,
              hints: bool = True, last_move: str | None = None) -> Styled:
        legal: set[str] = set()
        if hints and not state.over:
            for move in state.moves():
                if "-" in move:
                    legal.add(move.split("-")[1])
                elif move.startswith("score "):
                    legal.add(move.split()[1])
        drawing = _Drawing(state, effects, legal, self, hints, glyphs=terminal.colour, width=terminal.width)
        compact = terminal.height is not None and terminal.height < FULL_BOARD_ROWS
        grid = drawing.compact_grid() if compact else drawing.grid()
        return grid.newline().newline().newline().extend(drawing.info())  # two blank lines between

    def describe(self, before: View, move: str, after: View) -> str:
        who = self.actor(before)
        effects = after.last_effects()
        turned = [e["cell"] for e in effects if e["kind"] == "rotate"]
        parts = []
        coin = ""
        for effect in effects:
            kind, cause = effect["kind"], effect.get("cause")
            if kind == "move":
                if effect["from"] == effect["to"]:
                    parts.append(f"{who} stays on {effect['to']} (boxed in)")
                else:
                    parts.append(f"{who} moves {effect['from']}-{effect['to']}")
            elif kind == "roll" and cause == "countdown":
                parts.append(f"die {VALUE_CHARS[effect['value']]}")
            elif kind == "roll":  # the feed step
                parts.append(f"{who} feeds the {effect['coin']['label']} coin: die {VALUE_CHARS[effect['value']]}")
            elif kind == "place" and cause == "score":
                coin = effect["piece"]
            elif kind == "place":  # into the hole
                parts.append(f"{who} finds no tile facing its pawn: the {effect['piece']['label']} coin drops "
                             "into the hole")
            elif kind == "score":
                tile = effect["tile"]
                parts.append(
                    f"{who} scores {tile['label']} on {effect['cell']} with the {coin['label']} coin: "
                    f"{tile['value']} + {coin['value']} = {effect['points']} points"
                )
            elif kind == "eliminate":
                parts.append(f"{NAME_OF[effect['suit']]} has no coins left and is finished")
        line = ", ".join(parts) if parts else f"{who} plays {move}"
        if turned:
            line += f"  (turned: {' '.join(turned)})"
        return line

    def move_hint(self, state: View) -> str:
        return (
            "Your suit's free tiles turn clockwise first (automatically). With the die above null, move the "
            "pawn like a queen, e.g. b2-d4 (stay only when boxed in); at null, score a neighbouring tile whose "
            "arrow points at your pawn with 'score b3' (or 'hole' when none does); then 'feed 3' picks the next "
            "timer coin. Doubled arrows point at a pawn; '+' corners mark the squares you may play to."
        )

    def result(self, state: View) -> str:
        names = self.player_names(state.game)
        scores = state.scores()
        best = max(scores)
        winners = [names[p] for p, score in enumerate(scores) if score == best]
        listing = ", ".join(f"{names[p]} {s}" for p, s in enumerate(scores))
        if len(winners) == len(scores):
            outcome = "Draw"
        elif len(winners) == 1:
            outcome = f"{winners[0]} wins"
        else:
            outcome = " and ".join(winners) + " share first place"
        return f"{outcome} (points: {listing})"


class _Drawing:
    """One board drawn: the grid (full or compact), then the suits' table and the score."""

    def __init__(self, state: View, effects: list[dict[str, Any]], legal: set[str], picture: DesfasesPicture,
                 hints: bool, glyphs: bool, width: int) -> None:
        self.state = state
        self.width = width
        self.hints = hints
        self.glyphs = glyphs
        self.position = Position(state.structure())
        self.legal = legal
        self.picture = picture
        self.turned = {e["cell"] for e in effects if e.get("kind") == "rotate"}
        self.arrows = GLYPH_ARROWS if glyphs else PLAIN_ARROWS

    def _pawn_mark(self, pawn: str | None) -> tuple[str, str]:
        return ((("●" if self.glyphs else "*") + pawn), STYLE[pawn]) if pawn else ("  ", "")

    def _arrow_style(self, square: str, at_pawn: bool) -> str:
        return STYLE["faces_pawn"] if at_pawn else STYLE["turned"] if square in self.turned else STYLE["arrow"]

    # -- the compact grid: one line a rank, for terminals of fewer than FULL_BOARD_ROWS rows --
    def compact_grid(self) -> Styled:
        files = "   " + "".join(f" {f:<{COMPACT_CELL}}" for f in FILES)
        text = Styled(files, "bold")
        for rank in "54321":
            text.newline().append(f" {rank} ", "bold")
            for file in FILES:
                text.append("|", STYLE["grid"])
                self._compact_cell(text, file + rank)
            text.append("|", STYLE["grid"])
            text.append(f" {rank}", "bold")
        return text.newline().append(files, "bold")

    def _compact_cell(self, text: Styled, square: str) -> None:
        """A square in COMPACT_CELL characters: pawn, tile, facing (doubled at a pawn), scoring coin, legal mark."""
        if square == "c3":
            text.append(f"{'#' + str(len(self.position.hole)) + ' hole':^{COMPACT_CELL}}", STYLE["hole"])
            return
        cell = self.position.cells[square]
        text.append(*self._pawn_mark(cell.pawn))
        text.append(" ")
        text.append(cell.tile, STYLE[cell.tile[0]])
        arrow = self.arrows[cell.facing]
        target = faced_square(square, cell.facing)
        at_pawn = target is not None and target in self.position.pawn_at
        text.append(f"{arrow * 2 if at_pawn else arrow:<2}", self._arrow_style(square, at_pawn))
        text.append(f"+{cell.coin}" if cell.coin else "   ", STYLE["coin"] if cell.coin else "")
        text.append("+" if square in self.legal else " ", STYLE["legal"])

    # -- the full grid ----------------------------------------------------
    def grid(self) -> Styled:
        rule = "   " + ("+" + "-" * INNER) * 5 + "+"
        files = "   " + "".join(f"{f:^{INNER + 1}}" for f in FILES)
        text = Styled(files, "bold")
        for rank in "54321":
            text.newline().append(rule, STYLE["grid"])
            for line in range(3):
                text.newline().append(f" {rank} " if line == 1 else "   ", "bold")
                for file in FILES:
                    text.append("|", STYLE["grid"])
                    self._cell_line(text, file + rank, line)
                text.append("|", STYLE["grid"])
                if line == 1:
                    text.append(f" {rank}", "bold")
        return text.newline().append(rule, STYLE["grid"]).newline().append(files, "bold")

    def _cell_line(self, text: Styled, square: str, line: int) -> None:
        """One of the three lines of a square's box, exactly INNER characters wide."""
        if square == "c3":
            self._hole_line(text, line)
            return
        cell = self.position.cells[square]
        if line == 0:  # pawn, north arrow, coin
            text.append(*self._pawn_mark(cell.pawn))
            text.append(" ")
            self._arrow(text, square, cell, "n", width=3)
            text.append(f"+{cell.coin}" if cell.coin else "   ", STYLE["coin"] if cell.coin else "")
        elif line == 1:  # west arrow, tile, east arrow
            self._arrow(text, square, cell, "w", width=2)
            text.append(" ")
            text.append(cell.tile, STYLE[cell.tile[0]])
            text.append("  ")
            self._arrow(text, square, cell, "e", width=2, right=True)
        else:  # legal marker, south arrow
            mark = ("+", STYLE["legal"]) if square in self.legal else (" ", "")
            text.append(*mark)
            text.append("  ")
            self._arrow(text, square, cell, "s", width=3)
            text.append("  ")
            text.append(*mark)

    def _arrow(self, text: Styled, square: str, cell: Cell, side: str, width: int, right: bool = False) -> None:
        """The tile's arrow if it faces ``side``: doubled when it points at a pawn; else blanks."""
        if cell.facing != side:
            text.append(" " * width)
            return
        arrow = self.arrows[side]
        target = faced_square(square, side)
        at_pawn = target is not None and target in self.position.pawn_at
        body = arrow * 2 if at_pawn else arrow
        if width == 3:
            body = f"{body:^3}" if not at_pawn else f"{body} "
        else:
            body = f"{body:>2}" if right else f"{body:<2}"
        text.append(body, self._arrow_style(square, at_pawn))

    def _hole_line(self, text: Styled, line: int) -> None:
        hole = self.position.hole
        if line == 0:
            text.append(f"{'hole':^{INNER}}", STYLE["hole"])
        elif line == 1:
            text.append(f"{'#####':^{INNER}}", STYLE["hole"])
        else:
            count = f"{len(hole)} coin" + ("" if len(hole) == 1 else "s")
            text.append(f"{count:^{INNER}}", STYLE["hole"])

    # -- below the grid -------------------------------------------------
    def info(self) -> Styled:
        state, pos = self.state, self.position
        game = state.game
        text = Styled(f"{game.title}, {game.num_players} players", "bold").newline()
        text.append(f"{'suit':<8}{'die':>4}{'timer':>7}  {'reservoir':<12}{'points':>6}  status", "dim").newline()
        names = self.picture.player_names(game)
        for letter in SUITS:
            rec = pos.suits[letter]
            acting = pos.turn == letter
            text.append(f"{NAME_OF[letter]:<8}", STYLE[letter])
            text.append(f"{VALUE_CHARS[rec.die]:>4}", "bold" if acting else "")  # n, a, 2-5: as coins and notation
            text.append(f"{rec.timer:>7}  ")
            reservoir = " ".join(rec.reservoir) if rec.reservoir != "-" else "-"
            text.append(f"{reservoir:<12}{rec.points:>6}  ")
            status = "live" if rec.live else "finished"
            if acting:
                status = "feeding" if pos.feeding else "to act"
            text.append(status, "bold" if acting else "dim" if not rec.live else "")
            if game.num_players == 2:
                owner = 0 if letter in "SM" else 1
                text.append(f"  ({names[owner]})", "dim")
            text.newline()
        text.append("Hole: " + (" ".join(pos.hole) if pos.hole else "empty"), "dim").newline()
        scores = state.scores()
        text.append("Score: " + ", ".join(f"{names[p]} {s}" for p, s in enumerate(scores)), "bold").newline()
        if state.over:
            self._wrapped(text, "Game over: " + self.picture.result(state), "bold")
        elif pos.turn is not None:
            who = self.picture.actor(state)
            rec = pos.suits[pos.turn]
            if pos.feeding:
                doing = "feeds a coin from its reservoir"
            elif rec.die == 0:
                doing = "scores a tile facing its pawn (its tiles turn first)"
                if self.hints:  # the arrows show the facings before the turning; the '+' corners after it
                    doing = "scores a tile facing its pawn after its tiles turn ('+' marks them)"
                    if not self.legal:
                        doing = "scores nothing: after its tiles turn no tile faces its pawn (hole)"
            else:
                doing = "moves its pawn (its tiles turn first)"
            self._wrapped(text, f"{who} {doing}", "bold " + STYLE[pos.turn].split()[-1])
        arrows = self.arrows
        text.append(f"{arrows['n']} {arrows['e']} {arrows['s']} {arrows['w']}", STYLE["arrow"])
        text.append(" facing  ")
        text.append(arrows["n"] * 2, STYLE["faces_pawn"])
        text.append(" faces a pawn  ")
        text.append("+", STYLE["legal"])
        text.append(" legal  ")
        text.append("+C2", STYLE["coin"])
        text.append(" scoring coin")
        if self.glyphs:
            text.append("  ")
            text.append(arrows["n"], STYLE["turned"])
            text.append(" just turned")
        return text

    def _wrapped(self, text: Styled, line: str, style: str) -> None:
        """``line`` and a line break, folded at spaces into lines of at most ``width`` columns."""
        row = ""
        for word in re.findall(r"\S+\s*", line):
            if row and len(row) + len(word.rstrip()) > self.width:
                text.append(row, style).newline()
                row = ""
            row += word
        text.append(row, style).newline()


PICTURE = DesfasesPicture()
