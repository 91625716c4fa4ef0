"""Desfases on the terminal: the 5x5 grid of turning tiles, pawns, coins, dice and reservoirs.

Drawn from the position notation (rules §9) and ``last_effects()`` (§10). Each square is a
3-line box; the arrow sits on the side of the box the tile faces, so a tile faces the
neighbour its arrow points at. An arrow that points at a pawn is doubled (and yellow in
colour): that tile could be scored by that pawn::

    +---------+---------+
    |*S  ^    |      +C2|     *S  the Suns pawn stands here    +C2  the Crowns 2 coin scored it
    |   S4    |<  M4    |     S4  the Suns 4 tile              <  / ^  the side it faces
    |+       +|         |     ++  (corners) a legal target of the move to play
    +---------+---------+

Below the grid: each suit's die, timer coin, reservoir, points and status, the hole, and the
running score per player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from abstracta.cli.render.generic import Renderer
from abstracta.core.api import Game, State

FILES = "abcde"
SUITS = "SMCA"
SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
VALUES = "na2345"
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
PLAIN_ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
GLYPH_ARROWS = {"n": "▲", "e": "▶", "s": "▼", "w": "◀"}
DIE_FACES = {"n": "0", "a": "1"}  # the die shows null and ace as 0 and 1
INNER = 9  # characters inside a square's box

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

COMPACT_CELL = 11


@dataclass(frozen=True)
class Cell:
    tile: str  # e.g. "S4"
    facing: str  # n e s w
    coin: str | None  # the scoring coin, e.g. "C2"
    pawn: str | None  # the suit letter of the pawn on it


@dataclass(frozen=True)
class SuitRecord:
    die: str
    timer: str
    reservoir: str
    points: int
    live: bool


@dataclass(frozen=True)
class Position:
    """The fields of the notation, as the drawing needs them."""

    cells: dict[str, Cell]  # every square but c3
    hole: list[str]  # coins in the hole
    suits: dict[str, SuitRecord]
    turn: str | None  # acting suit letter, None when over
    feeding: bool

    @classmethod
    def from_notation(cls, text: str) -> "Position":
        board, records, turn = text.split(" ")
        cells: dict[str, Cell] = {}
        hole: list[str] = []
        for row, rank in zip(board.split("/"), "54321"):
            for cell, file in zip(row.split(","), FILES):
                if cell.startswith("#"):
                    hole = [cell[i : i + 2] for i in range(1, len(cell), 2)]
                    continue
                rest, _, pawn = cell[3:].partition("*")
                cells[file + rank] = Cell(cell[:2], cell[2], rest[1:] or None, pawn or None)
        suits = {}
        for record in records.split(";"):
            letter, die, timer, reservoir, points, status = record.split(":")
            suits[letter] = SuitRecord(die, timer, reservoir, int(points), status == "live")
        return cls(cells, hole, suits, None if turn == "-" else turn[0], turn.endswith(":feed"))

    def pawn_squares(self) -> dict[str, str]:
        return {cell.pawn: square for square, cell in self.cells.items() if cell.pawn}


def faced_square(square: str, facing: str) -> str | None:
    """The square a tile on ``square`` faces, or None off the board (§2)."""
    df, dr = STEP[facing]
    file, rank = FILES.index(square[0]) + df, int(square[1]) + dr
    return f"{FILES[file]}{rank}" if 0 <= file < 5 and 1 <= rank <= 5 else None


class DesfasesRenderer(Renderer):
    def player_names(self, game: Game) -> list[str]:
        if game.num_players == 2:
            return ["Suns+Moons", "Arms+Crowns"]
        return [SUIT_NAMES[s] for s in SUITS]

    def actor(self, state: State) -> str:
        if state.seat in SUIT_NAMES:
            name = SUIT_NAMES[state.seat]
            if state.game.num_players == 2:
                return f"{name} ({self.player_name(state.game, state.player)})"
            return name
        return super().actor(state)

    def board(self, state: State, effects: list[dict[str, Any]], hints: bool = True) -> "Board":
        legal: set[str] = set()
        if hints and not state.over:
            for move in state.moves():
                if "-" in move:
                    legal.add(move.split("-")[1])
                elif move.startswith("score "):
                    legal.add(move.split()[1])
        return Board(state, effects, legal, self, hints=hints)

    def describe(self, before: State, move: str, after: State) -> str:
        who = self.actor(before)
        effects = after.last_effects()
        turned = [e["square"] for e in effects if e["kind"] == "turn"]
        parts = []
        for effect in effects:
            kind = effect["kind"]
            if kind == "pawn":
                if effect["from"] == effect["to"]:
                    parts.append(f"{who} stays on {effect['to']} (boxed in)")
                else:
                    parts.append(f"{who} moves {effect['from']}-{effect['to']}")
            elif kind == "die":
                parts.append(f"die {DIE_FACES.get(VALUES[effect['value']], VALUES[effect['value']])}")
            elif kind == "score":
                tile, coin = effect["tile"], effect["coin"]
                parts.append(
                    f"{who} scores {tile} on {effect['square']} with the {coin} coin: "
                    f"{VALUES.index(tile[1])} + {VALUES.index(coin[1])} = {effect['points']} points"
                )
            elif kind == "hole":
                parts.append(f"{who} finds no tile facing its pawn: the {effect['coin']} coin drops into the hole")
            elif kind == "feed":
                parts.append(f"{who} feeds the {effect['coin']} coin: die {effect['die']}")
            elif kind == "finished":
                parts.append(f"{SUIT_NAMES[effect['suit']]} has no coins left and is finished")
        line = ", ".join(parts) if parts else f"{who} plays {move}"
        if turned:
            line += f"  (turned: {' '.join(turned)})"
        return line

    def move_hint(self, state: State) -> str:
        return (
            "Your suit's free tiles turn clockwise first (automatically). With the die above null, move the "
            "pawn like a queen, e.g. b2-d4 (stay only when boxed in); at null, score a neighbouring tile whose "
            "arrow points at your pawn with 'score b3' (or 'hole' when none does); then 'feed 3' picks the next "
            "timer coin. Doubled arrows point at a pawn; '+' corners mark the squares you may play to."
        )

    def result(self, state: State) -> str:
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


class Board:
    """A rich renderable: the grid, then the suits' table and the score."""

    def __init__(
        self, state: State, effects: list[dict[str, Any]], legal: set[str], renderer: Renderer, hints: bool = True
    ) -> None:
        self.state = state
        self.hints = hints
        self.position = Position.from_notation(state.notation())
        self.legal = legal
        self.renderer = renderer
        self.turned = {e["square"] for e in effects if e.get("kind") == "turn"}
        self.moved_from = {e["from"] for e in effects if e.get("kind") == "pawn" and e["from"] != e["to"]}
        self.pawn_at = {square: suit for suit, square in self.position.pawn_squares().items()}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glyphs = console.color_system is not None and not console.no_color
        compact = console.is_terminal and console.height < FULL_BOARD_ROWS
        yield self._compact_grid_text(glyphs) if compact else self._grid_text(glyphs)
        yield self._info_text(glyphs)

    # -- the compact grid: one line a rank, for terminals of fewer than FULL_BOARD_ROWS rows --
    def _compact_grid_text(self, glyphs: bool) -> Text:
        files = "   " + "".join(f" {f:<{COMPACT_CELL}}" for f in FILES) + "\n"
        text = Text()
        text.append(files, style="bold")
        for rank in "54321":
            text.append(f" {rank} ", style="bold")
            for file in FILES:
                text.append("|", style=STYLE["grid"])
                text.append_text(self._compact_cell(file + rank, glyphs))
            text.append("|", style=STYLE["grid"])
            text.append(f" {rank}\n", style="bold")
        text.append(files, style="bold")
        return text

    def _compact_cell(self, square: str, glyphs: bool) -> Text:
        """A square in COMPACT_CELL characters: pawn, tile, facing (doubled at a pawn), scoring coin, legal mark."""
        if square == "c3":
            return Text(f"{'#' + str(len(self.position.hole)) + ' hole':^{COMPACT_CELL}}", style=STYLE["hole"])
        cell = self.position.cells[square]
        out = Text()
        out.append((("●" if glyphs else "*") + cell.pawn) if cell.pawn else "  ", style=STYLE[cell.pawn] if cell.pawn else "")
        out.append(" ")
        out.append(cell.tile, style=STYLE[cell.tile[0]])
        arrow = (GLYPH_ARROWS if glyphs else PLAIN_ARROWS)[cell.facing]
        target = faced_square(square, cell.facing)
        at_pawn = target is not None and target in self.pawn_at
        style = STYLE["faces_pawn"] if at_pawn else STYLE["turned"] if square in self.turned else STYLE["arrow"]
        out.append(f"{arrow * 2 if at_pawn else arrow:<2}", style=style)
        out.append(f"+{cell.coin}" if cell.coin else "   ", style=STYLE["coin"] if cell.coin else "")
        out.append("+" if square in self.legal else " ", style=STYLE["legal"])
        return out

    # -- the grid ---------------------------------------------------------
    def _grid_text(self, glyphs: bool) -> Text:
        rule = "   " + ("+" + "-" * INNER) * 5 + "+\n"
        files = "   " + "".join(f"{f:^{INNER + 1}}" for f in FILES) + "\n"
        text = Text()
        text.append(files, style="bold")
        for rank in "54321":
            text.append(rule, style=STYLE["grid"])
            for line in range(3):
                text.append(f" {rank} " if line == 1 else "   ", style="bold")
                for file in FILES:
                    text.append("|", style=STYLE["grid"])
                    text.append_text(self._cell_line(file + rank, line, glyphs))
                text.append("|", style=STYLE["grid"])
                text.append(f" {rank}\n" if line == 1 else "\n", style="bold")
        text.append(rule, style=STYLE["grid"])
        text.append(files, style="bold")
        return text

    def _cell_line(self, square: str, line: int, glyphs: bool) -> Text:
        """One of the three lines of a square's box, exactly INNER characters wide."""
        if square == "c3":
            return self._hole_line(line)
        cell = self.position.cells[square]
        legal = square in self.legal
        out = Text()
        if line == 0:  # pawn, north arrow, coin
            if cell.pawn:
                out.append(("●" if glyphs else "*") + cell.pawn, style=STYLE[cell.pawn])
            else:
                out.append("  ")
            out.append(" ")
            out.append_text(self._arrow(square, cell, "n", glyphs, width=3))
            out.append(f"+{cell.coin}" if cell.coin else "   ", style=STYLE["coin"] if cell.coin else "")
        elif line == 1:  # west arrow, tile, east arrow
            out.append_text(self._arrow(square, cell, "w", glyphs, width=2))
            out.append(" ")
            out.append(cell.tile, style=STYLE[cell.tile[0]])
            out.append("  ")
            out.append_text(self._arrow(square, cell, "e", glyphs, width=2, right=True))
        else:  # legal marker, south arrow
            mark = Text("+", style=STYLE["legal"]) if legal else Text(" ")
            out.append_text(mark)
            out.append("  ")
            out.append_text(self._arrow(square, cell, "s", glyphs, width=3))
            out.append("  ")
            out.append_text(mark)
        return out

    def _arrow(self, square: str, cell: Cell, side: str, glyphs: bool, width: int, right: bool = False) -> Text:
        """The tile's arrow if it faces ``side``: doubled when it points at a pawn; else blanks."""
        if cell.facing != side:
            return Text(" " * width)
        arrow = (GLYPH_ARROWS if glyphs else PLAIN_ARROWS)[side]
        target = faced_square(square, side)
        at_pawn = target is not None and target in self.pawn_at
        body = arrow * 2 if at_pawn else arrow
        style = STYLE["faces_pawn"] if at_pawn else STYLE["turned"] if square in self.turned else STYLE["arrow"]
        if width == 3:
            body = f"{body:^3}" if not at_pawn else f"{body} "
        else:
            body = f"{body:>2}" if right else f"{body:<2}"
        return Text(body, style=style)

    def _hole_line(self, line: int) -> Text:
        hole = self.position.hole
        if line == 0:
            return Text(f"{'hole':^{INNER}}", style=STYLE["hole"])
        if line == 1:
            return Text(f"{'#####':^{INNER}}", style=STYLE["hole"])
        count = f"{len(hole)} coin" + ("" if len(hole) == 1 else "s")
        return Text(f"{count:^{INNER}}", style=STYLE["hole"])

    # -- below the grid -------------------------------------------------
    def _info_text(self, glyphs: bool) -> Text:
        state, pos = self.state, self.position
        game = state.game
        text = Text()
        text.append(f"\n{game.title}, {game.num_players} players\n", style="bold")
        text.append(f"{'suit':<8}{'die':>4}{'timer':>7}  {'reservoir':<12}{'points':>6}  status\n", style="dim")
        names = self.renderer.player_names(game)
        for letter in SUITS:
            rec = pos.suits[letter]
            acting = pos.turn == letter
            text.append(f"{SUIT_NAMES[letter]:<8}", style=STYLE[letter])
            text.append(f"{DIE_FACES.get(rec.die, rec.die):>4}", style="bold" if acting else "")
            text.append(f"{rec.timer:>7}  ")
            reservoir = " ".join(rec.reservoir) if rec.reservoir != "-" else "-"
            text.append(f"{reservoir:<12}{rec.points:>6}  ")
            status = "live" if rec.live else "finished"
            if acting:
                status = "feeding" if pos.feeding else "to act"
            text.append(status, style="bold" if acting else "dim" if not rec.live else "")
            if game.num_players == 2:
                owner = 0 if letter in "SM" else 1
                text.append(f"  ({names[owner]})", style="dim")
            text.append("\n")
        text.append("Hole: " + (" ".join(pos.hole) if pos.hole else "empty") + "\n", style="dim")
        scores = state.scores()
        text.append("Score: " + ", ".join(f"{names[p]} {s}" for p, s in enumerate(scores)) + "\n", style="bold")
        if state.over:
            text.append("Game over: " + self.renderer.result(state) + "\n", style="bold")
        elif pos.turn is not None:
            who = self.renderer.actor(state)
            rec = pos.suits[pos.turn]
            if pos.feeding:
                doing = "feeds a coin from its reservoir"
            elif rec.die == "n":
                doing = "scores a tile facing its pawn (its tiles turn first)"
                if self.hints:  # the arrows show the facings before the turning; the '+' corners after it
                    doing = "scores a tile facing its pawn after its tiles turn ('+' marks them)"
                    if not self.legal:
                        doing = "scores nothing: after its tiles turn no tile faces its pawn (hole)"
            else:
                doing = "moves its pawn (its tiles turn first)"
            text.append(f"{who} {doing}\n", style="bold " + STYLE[pos.turn].split()[-1])
        arrows = GLYPH_ARROWS if glyphs else PLAIN_ARROWS
        text.append(f"{arrows['n']} {arrows['e']} {arrows['s']} {arrows['w']}", style=STYLE["arrow"])
        text.append(" facing  ")
        text.append(arrows["n"] * 2, style=STYLE["faces_pawn"])
        text.append(" faces a pawn  ")
        text.append("+", style=STYLE["legal"])
        text.append(" legal  ")
        text.append("+C2", style=STYLE["coin"])
        text.append(" scoring coin")
        if glyphs:
            text.append("  ")
            text.append(arrows["n"], style=STYLE["turned"])
            text.append(" just turned")
        return text


RENDERER = DesfasesRenderer()
