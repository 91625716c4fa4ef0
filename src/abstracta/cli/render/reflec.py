"""Reflec on the terminal: the 8x8 board with coins and their facings, lasers, the last beam.

Drawn from the position notation (rules §9) and ``last_effects()`` (§10). Each cell is three
characters: the suit letter, the facing as an arrow (``^ > v <`` without colour) or ``*`` for a
laser, then a mark (``#`` locked, ``'`` touched this turn, and without colour ``+`` for a coin the
last beam turned at)::

         a  b  c  d  e  f  g  h
     8   .  .  .  .  .  .  . C*  8
     7   .  .  .  X  .  .  .  .  7     X destroyed laser, x removed by a loop
     6   .  .  .  +  .  .  .  .  6     + beam path (empty squares)
     3  C>+ +  + M^+ .  .  .  .  3     ...and coins the beam turned at
     1  S*  .  .  .  .  .  . A*  1

The side panel lists each suit's owner, die, coins off the board and laser, the acting suit
with its tile points left this turn, and the last shot.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from abstracta.cli.render.generic import Renderer, square_grid
from abstracta.core.api import Game, State

FILES = "abcdefgh"
RANKS = range(8, 0, -1)
SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
SUIT_STYLE = {"S": "bold yellow", "M": "bold cyan", "C": "bold magenta", "A": "bold green"}
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
PLAIN_ARROWS = {"n": "^", "e": ">", "s": "v", "w": "<"}
DIRECTION_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
KIND_OF = {"*": "fire", "@": "drop", "=": "spin", "x": "swap"}
COSTS = {"fire": 3, "drop": 2, "swap": 2, "spin": 1, "move": 1, "end": 0}
STOPS = {"edge": "leaves the board", "laser": "hits a laser", "loop": "runs into a loop"}


def suits_of(game: Game) -> str:
    return "SMC" if game.num_players == 3 else "SMCA"


def owner_of(game: Game, suit: str) -> int:
    index = "SMCA".index(suit)
    return index % 2 if game.num_players == 2 else index


def move_kind(move: str) -> str:
    """§6.3: tell the kinds of move apart by their characters."""
    if move == "end":
        return "end"
    if "@" in move:
        return "drop"
    if move[0] == "*":
        return "fire"
    return KIND_OF.get(move[2], "move")


class Position:
    """The notation fields the drawing needs."""

    def __init__(self, text: str) -> None:
        board, suits, acting, phase, tiles, turns, swaps, locked, touched = text.split(" ")
        self.cells: dict[str, str | None] = {}
        for rank, row in zip(RANKS, board.split("/")):
            file, i = 0, 0
            while i < len(row):
                if row[i].isdigit():
                    for _ in range(int(row[i])):
                        self.cells[f"{FILES[file]}{rank}"] = None
                        file += 1
                    i += 1
                else:
                    self.cells[f"{FILES[file]}{rank}"] = row[i : i + 2]
                    file += 1
                    i += 2
        self.suits = {}
        for entry in suits.split(","):
            die, _, rest = entry[1:].partition(":")
            self.suits[entry[0]] = (int(die), int(rest[0]), rest[1:])  # die, off, flag
        self.acting = acting
        self.phase = phase
        self.tiles = int(tiles)
        self.turns = int(turns)
        self.swaps = swaps
        self.locked = set() if locked == "-" else set(locked.split(","))
        self.touched = set() if touched == "-" else set(touched.split(","))

    def laser_square(self, suit: str) -> str | None:
        return next((sq for sq, piece in self.cells.items() if piece == suit + "*"), None)


class ReflecRenderer(Renderer):
    def player_names(self, game: Game) -> list[str]:
        if game.num_players == 2:
            return ["Suns & Crowns", "Moons & Arms"]
        return [SUIT_NAMES[s] for s in suits_of(game)]

    def actor(self, state: State) -> str:
        if state.seat in SUIT_NAMES and state.game.num_players == 2:
            return f"{SUIT_NAMES[state.seat]} ({self.player_name(state.game, state.player)})"
        if state.seat in SUIT_NAMES:
            return SUIT_NAMES[state.seat]
        return super().actor(state)

    def board(self, state: State, effects: list[dict[str, Any]], hints: bool = True) -> "Board":
        return Board(state, effects, self, hints)

    def describe(self, before: State, move: str, after: State) -> str:
        who = self.actor(before)
        kind = move_kind(move)
        cost = 0 if Position(before.notation()).phase == "drop" else COSTS[kind]  # the drop round is free
        if kind == "end":
            line = f"{who} ends the turn"
        else:
            line = f"{who}: {move} ({kind}, {cost} point{'s' if cost != 1 else ''})"
        for effect in after.last_effects():
            line += "; " + self.effect_text(after.game, effect)
        return line

    def effect_text(self, game: Game, effect: dict[str, Any]) -> str:
        kind = effect.get("kind")
        if kind == "beam":
            path = " ".join(effect["path"]) or "(nothing)"
            return f"beam {DIRECTION_NAMES[effect['dir']]} from {effect['from']}: {path}, {STOPS[effect['stop']]}"
        if kind == "removed":
            return f"{effect['piece']} on {effect['square']} removed"
        if kind == "destroyed":
            return f"{SUIT_NAMES[effect['suit']]}' laser on {effect['square']} destroyed"
        if kind == "eliminated":
            return f"{self.player_name(game, effect['player'])} eliminated"
        if kind == "winner":
            return f"{self.player_name(game, effect['player'])} wins"
        if kind == "draw":
            return f"draw after {effect['turns']} turns"
        return str(effect)

    def move_hint(self, state: State) -> str:
        return (
            "Moves: c3-c4e (move a coin to c4 facing east, 1 point), a1-a2 (move your laser, 1), "
            "c3=w (spin, 1), M@e5s (drop a coin, 2), c3xc4 (swap two coins, 2), *n (fire north, 3), "
            "end (end the turn once the tile points are spent). Tile points are spent first, then the die."
        )

    def result(self, state: State) -> str:
        names = self.player_names(state.game)
        returns = state.returns()
        lasers = ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores()))
        if 1.0 in returns:
            return f"{names[returns.index(1.0)]} wins (lasers left: {lasers})"
        return f"Draw (lasers left: {lasers})"


class Board:
    """A rich renderable: the board on the left, suits, turn and the last shot on the right."""

    def __init__(self, state: State, effects: list[dict[str, Any]], renderer: ReflecRenderer, hints: bool) -> None:
        self.state = state
        self.position = Position(state.notation())
        self.effects = effects
        self.renderer = renderer
        self.hints = hints
        beams = [e for e in effects if e.get("kind") == "beam"]
        self.beam = beams[-1] if beams else None
        self.path = set(self.beam["path"]) if self.beam else set()
        self.hits = set(self.beam["hits"]) if self.beam else set()
        self.removed = {e["square"] for e in effects if e.get("kind") == "removed"}
        self.destroyed = {e["square"] for e in effects if e.get("kind") == "destroyed"}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        glyphs = console.color_system is not None and not console.no_color
        grid = Table.grid(padding=(0, 3))
        grid.add_column()
        grid.add_column()
        grid.add_row(self._board_text(glyphs), self._info_text(glyphs))
        yield grid

    # -- the board --------------------------------------------------------
    def _board_text(self, glyphs: bool) -> Text:
        return square_grid(FILES, RANKS, lambda square: self._cell(square, glyphs), right_gap=" ")

    def _cell(self, square: str, glyphs: bool) -> Text:
        piece = self.position.cells[square]
        on_path = square in self.path
        if piece is None:
            if square in self.destroyed:
                body, style = " X", "bold red"
            elif square in self.removed:
                body, style = " x", "bold magenta"
            elif on_path:
                body, style = (" •" if glyphs else " +"), "bold red"
            else:
                body, style = (" ·" if glyphs else " ."), "grey50"
        else:
            suit, mark = piece[0], piece[1]
            arrow = "*" if mark == "*" else (ARROWS if glyphs else PLAIN_ARROWS)[mark]
            body, style = suit + arrow, SUIT_STYLE[suit]
            if square in self.hits or (on_path and mark == "*"):
                style += " reverse"
        if square in self.position.locked:
            tail = "#"
        elif square in self.position.touched:
            tail = "'"
        elif piece is not None and square in self.hits and not glyphs:
            tail = "+"  # without colour the reverse style is lost: mark the coins the beam turned at
        else:
            tail = " "
        cell = Text(body, style=style)
        cell.append(tail, style="dim")
        return cell

    # -- the side panel ---------------------------------------------------
    def _info_text(self, glyphs: bool = False) -> Text:
        state, pos = self.state, self.position
        game = state.game
        names = self.renderer.player_names(game)
        text = Text()
        text.append(game.title, style="bold")
        max_turns = game.options.get("max_turns")
        if pos.phase == "drop":
            text.append("   drop round", style="dim")
        else:
            text.append(f"   turn {pos.turns + 1}" + (f" of {max_turns}" if max_turns else ""), style="dim")
        text.append("\n\n")
        for suit, (die, off, flag) in pos.suits.items():
            text.append(f"{suit} {SUIT_NAMES[suit]:<7}", style=SUIT_STYLE[suit])
            text.append(f" p{owner_of(game, suit)}  die {die}  off {off}  ")
            if flag == "n":
                text.append("neutral", style="dim")
            elif flag == "x":
                text.append("no laser", style="dim")
            else:
                text.append(f"laser {pos.laser_square(suit)}")
            text.append("\n")
        if game.num_players == 2:
            text.append(f"p0 {names[0]}, p1 {names[1]}\n", style="dim")
        text.append("\n")
        if state.over:
            text.append("Game over: " + self.renderer.result(state), style="bold")
            text.append("\n")
        else:
            acting = pos.acting
            text.append(f"{self.renderer.actor(state)} to act", style=SUIT_STYLE[acting])
            if pos.phase == "drop":
                text.append(f": drop one {acting} coin\n")
            else:
                die = pos.suits[acting][0]
                text.append("\n")
                text.append(f"tile points {pos.tiles}", style="bold")
                text.append(" (must spend)" if pos.tiles else "")
                text.append(f", die {die}: {pos.tiles + die} in all\n")
            if self.hints:
                text.append(f"{len(state.moves())} legal moves ('moves' lists them)\n", style="dim")
        if pos.locked or pos.touched:
            text.append(f"Locked: {' '.join(sorted(pos.locked)) or '-'}   Touched: {' '.join(sorted(pos.touched)) or '-'}\n")
        if self.beam is not None:
            text.append("\n")
            text.append("Last shot: ", style="bold")
            text.append(self.renderer.effect_text(game, self.beam) + "\n")
            for effect in self.effects:
                if effect.get("kind") not in ("beam", None):
                    text.append("  " + self.renderer.effect_text(game, effect) + "\n")
        text.append("\n")
        text.append(legend(glyphs), style="dim")
        return text


def legend(glyphs: bool) -> str:
    """The key to the board's symbols, drawn from the same tables as the cells (so it cannot drift)."""
    arrows = "".join((ARROWS if glyphs else PLAIN_ARROWS)[d] for d in "nesw")
    path = "• beam path" if glyphs else "+ beam path (after a coin: the beam turned there)"
    return f"{arrows} facing  * laser  # locked  ' touched\n{path}  x removed by a loop  X destroyed laser"


RENDERER = ReflecRenderer()
