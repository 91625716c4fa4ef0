"""Reflec on the terminal: the 8x8 board with coins and their facings, lasers, the last beam.

Drawn from the view's structured position (``structure.py``) and ``last_effects()``. Each cell
is three characters: the suit letter, the facing as an arrow (``^ > v <`` without glyphs) or
``*`` for a laser, then a mark (``#`` locked, ``'`` touched this turn, and without colour ``+``
for a coin the last beam turned at)::

         a  b  c  d  e  f  g  h
     8   .  .  .  .  .  .  . C*  8
     7   .  .  .  X  .  .  .  .  7     X destroyed laser, x removed by a loop
     6   .  .  .  +  .  .  .  .  6     + beam path (empty squares)
     3  C>+ +  + M^+ .  .  .  .  3     ...and coins the beam turned at
     1  S*  .  .  .  .  .  . A*  1

The side panel (under the board when the terminal is too narrow for both) lists each suit's
owner, die, coins off the board and laser, the acting suit with its tile points left this
turn, and the last shot.
"""

from __future__ import annotations

from typing import Any

from abstracta.core.api import Game, View
from abstracta.core.terminal import (
    PLAIN,
    Styled,
    Terminal,
    TerminalPicture,
    beside,
    square_grid,
    stacked,
    wrapped,
)

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
PANEL_GAP = 3
MIN_PANEL_WIDTH = 30  # narrower than this beside the board, the panel goes under it


def move_kind(move: str) -> str:
    """§6.3: tell the kinds of move apart by their characters."""
    if move == "end":
        return "end"
    if "@" in move:
        return "drop"
    if move[0] == "*":
        return "fire"
    return KIND_OF.get(move[2], "move")


class ReflecPicture(TerminalPicture):
    def player_names(self, game: Game) -> list[str]:
        if game.num_players == 2:
            return ["Suns & Crowns", "Moons & Arms"]
        return [SUIT_NAMES[s] for s in "SMCA"[: game.num_players]]

    def actor(self, state: View) -> str:
        if state.seat in SUIT_NAMES and state.game.num_players == 2:
            return f"{SUIT_NAMES[state.seat]} ({self.player_name(state.game, state.player)})"
        if state.seat in SUIT_NAMES:
            return SUIT_NAMES[state.seat]
        return super().actor(state)

    def board(self, state: View, effects: list[dict[str, Any]], terminal: Terminal = PLAIN,
              hints: bool = True, last_move: str | None = None) -> Styled:
        drawing = Drawing(state, effects, self, terminal)
        board, panel = drawing.board_text(), drawing.info_text(hints)
        room = terminal.width - board.width() - PANEL_GAP
        if room >= MIN_PANEL_WIDTH:  # the panel beside the board, its long lines wrapped
            return beside(board, wrapped(panel, room), PANEL_GAP)
        return stacked([board, wrapped(panel, max(terminal.width, MIN_PANEL_WIDTH))])

    def describe(self, before: View, move: str, after: View) -> str:
        who = self.actor(before)
        kind = move_kind(move)
        cost = 0 if before.structure()["extra"]["phase"] == "drop" else COSTS[kind]  # the drop round is free
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
        if kind == "remove":
            piece = effect["piece"]
            if piece["kind"] == "laser":
                return f"{SUIT_NAMES[piece['suit']]}' laser on {effect['cell']} destroyed"
            return f"{piece['suit']}{piece['facing']} on {effect['cell']} removed"
        if kind == "eliminate":
            return f"{self.player_name(game, effect['player'])} eliminated"
        if kind == "end" and effect["winners"]:
            return f"{self.player_name(game, effect['winners'][0])} wins"
        if kind == "end":
            return f"draw after {effect['turns']} turns"
        return str(effect)

    def move_hint(self, state: View) -> str:
        return (
            "Moves: c3-c4e (move a coin to c4 facing east, 1 point), a1-a2 (move your laser, 1), "
            "c3=w (spin, 1), M@e5s (drop a coin, 2), c3xc4 (swap two coins, 2), *n (fire north, 3), "
            "end (end the turn once the tile points are spent). Tile points are spent first, then the die."
        )

    def result(self, state: View) -> str:
        names = self.player_names(state.game)
        returns = state.returns()
        lasers = ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores()))
        if 1.0 in returns:
            return f"{names[returns.index(1.0)]} wins (lasers left: {lasers})"
        return f"Draw (lasers left: {lasers})"


class Drawing:
    """One board drawn: the squares on the left, suits, turn and the last shot in the panel."""

    def __init__(self, state: View, effects: list[dict[str, Any]], picture: ReflecPicture, terminal: Terminal) -> None:
        self.state = state
        self.structure = state.structure()
        self.effects = effects
        self.picture = picture
        self.glyphs = terminal.glyphs
        self.colour = terminal.colour
        beams = [e for e in effects if e.get("kind") == "beam"]
        self.beam = beams[-1] if beams else None
        self.path = set(self.beam["path"]) if self.beam else set()
        self.hits = set(self.beam["hits"]) if self.beam else set()
        removed = [e for e in effects if e.get("kind") == "remove"]
        self.removed = {e["cell"] for e in removed if e["piece"]["kind"] == "coin"}
        self.destroyed = {e["cell"] for e in removed if e["piece"]["kind"] == "laser"}
        extra = self.structure["extra"]
        self.locked, self.touched = set(extra["locked"]), set(extra["touched"])

    # -- the board --------------------------------------------------------
    def board_text(self) -> Styled:
        return square_grid(FILES, RANKS, self.cell, right_gap=" ")

    def cell(self, square: str) -> Styled:
        pieces = self.structure["cells"].get(square)
        piece = pieces[-1] if pieces else None
        on_path = square in self.path
        if piece is None:
            if square in self.destroyed:
                body, style = " X", "bold red"
            elif square in self.removed:
                body, style = " x", "bold magenta"
            elif on_path:
                body, style = (" •" if self.glyphs else " +"), "bold red"
            else:
                body, style = (" ·" if self.glyphs else " ."), "grey50"
        else:
            suit, is_laser = piece["suit"], piece["kind"] == "laser"
            arrow = "*" if is_laser else (ARROWS if self.glyphs else PLAIN_ARROWS)[piece["facing"]]
            body, style = suit + arrow, SUIT_STYLE[suit]
            if square in self.hits or (on_path and is_laser):
                style += " reverse"
        if square in self.locked:
            tail = "#"
        elif square in self.touched:
            tail = "'"
        elif piece is not None and square in self.hits and not self.colour:
            tail = "+"  # without colour the reverse style is lost: mark the coins the beam turned at
        else:
            tail = " "
        return Styled(body, style).append(tail, f"{style} dim")  # the mark keeps the piece's colour, dimmed

    # -- the side panel ---------------------------------------------------
    def info_text(self, hints: bool) -> Styled:
        state, structure = self.state, self.structure
        game = state.game
        extra = structure["extra"]
        names = self.picture.player_names(game)
        lasers = {p["suit"]: cell for cell, pieces in structure["cells"].items() for p in pieces if p["kind"] == "laser"}
        off = {area["name"][-1]: sum(p.get("count", 1) for p in area["pieces"]) for area in structure["areas"]}
        dice = {die["name"]: die["value"] for die in structure["dice"]}
        text = Styled(game.title, "bold")
        max_turns = game.options.get("max_turns")
        if extra["phase"] == "drop":
            text.append("   drop round", "dim")
        else:
            text.append(f"   turn {extra['turns'] + 1}" + (f" of {max_turns}" if max_turns else ""), "dim")
        text.append("\n\n")
        for suit, die in dice.items():
            text.append(f"{suit} {SUIT_NAMES[suit]:<7}", SUIT_STYLE[suit])
            text.append(f" p{game.owner['SMCA'.index(suit)]}  die {die}  off {off[suit]}  ")
            if suit in extra["destroyed"]:
                text.append("no laser" if game.num_players == 2 else "neutral", "dim")
            else:
                text.append(f"laser {lasers.get(suit)}")
            text.append("\n")
        if game.num_players == 2:
            text.append(f"p0 {names[0]}, p1 {names[1]}\n", "dim")
        text.append("\n")
        if state.over:
            text.append("Game over: " + self.picture.result(state), "bold").append("\n")
        else:
            acting = extra["acting"]
            text.append(f"{self.picture.actor(state)} to act", SUIT_STYLE[acting])
            if extra["phase"] == "drop":
                text.append(f": drop one {acting} coin\n")
            else:
                tiles = extra["tiles"]
                text.append("\n").append(f"tile points {tiles}", "bold")
                text.append(" (must spend)" if tiles else "")
                text.append(f", die {dice[acting]}: {tiles + dice[acting]} in all\n")
            if hints:
                text.append(f"{len(state.moves())} legal moves ('moves' lists them)\n", "dim")
        if self.locked or self.touched:
            text.append(f"Locked: {' '.join(sorted(self.locked)) or '-'}   Touched: {' '.join(sorted(self.touched)) or '-'}\n")
        if self.beam is not None:
            text.append("\n").append("Last shot: ", "bold")
            text.append(self.picture.effect_text(game, self.beam) + "\n")
            for effect in self.effects:
                if effect.get("kind") not in ("beam", None):
                    text.append("  " + self.picture.effect_text(game, effect) + "\n")
        text.append("\n").append(legend(self.glyphs, self.colour), "dim")
        return text


def legend(glyphs: bool, colour: bool = True) -> str:
    """The key to the board's symbols, drawn from the same tables as the cells (so it cannot drift)."""
    arrows = "".join((ARROWS if glyphs else PLAIN_ARROWS)[d] for d in "nesw")
    if glyphs:
        path = "• beam path" if colour else "• beam path (+ after a coin: the beam turned there)"
    else:
        path = "+ beam path" + ("" if colour else " (after a coin: the beam turned there)")
    return f"{arrows} facing  * laser  # locked  ' touched\n{path}  x removed by a loop  X destroyed laser"


PICTURE = ReflecPicture()
