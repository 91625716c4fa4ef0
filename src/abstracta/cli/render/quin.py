"""Quin on the terminal: the circular board as six diameters through First Sight.

The board is drawn from what the player at the terminal may know (a view, rules §9.3): the
play loop passes ``state.view(human)``, so an unrevealed rival piece can only be shown as
``?``. Each row is one diameter: the North-side line on the left (ring 5 outermost), the
centre ``o`` in the middle, the opposite line on the right::

          5   4   3   2   1          1   2   3   4   5
      j   .   v   .   .   .    │     .   .   .   ?   ?    d
      k   .   .   s   v   .    │     .   ?   ?   ?   .    e
      l   l   m   t   .   .   (o)    .   .   ?   ?   ?    f      ...
      c   .   .   .   .   .    │     .   .   .   .   .    i      <- the Horizon

A piece is its letter (uppercase South, lowercase North) with ``+`` once revealed; ``?`` is a
rival piece whose kind you have not seen; ``[ ]`` marks the squares of the last move. Beside
the board: whose turn, the actions left this turn, both reserves and both Zero G trays. A reserve
whose kinds the viewer may not know (the rival's, rules §9.3) is shown as ``? xN``: a Light held
back there (a ``random`` setup starts both Lights in reserve) is never told from an Artificial Light.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from abstracta.cli.render.generic import Renderer
from abstracta.core.api import Game, State
from abstracta.games.quin.board import CENTRE, GATEWAYS, SQUARE_INDEX, SQUARE_NAMES
from abstracta.games.quin.notation import parse_fields
from abstracta.games.quin.pieces import KIND_LETTERS, LIGHT, REVEALED, SHADOW
from abstracta.games.quin.rules import FREE_MEMORY, FREE_RAISE, FREE_TIME

NAMES = ("South", "North")
SEAT_NAMES = {"S": "South", "N": "North"}
ROWS = (("j", "d"), ("k", "e"), ("l", "f"), ("a", "g"), ("b", "h"), ("c", "i"))
WIDE = 120  # columns needed to put the side panel beside the board
CENTRE_ROW = 2  # the l-f diameter, through both centre Gateways
KIND_NAMES = dict(zip(KIND_LETTERS, ("Light", "Shadow", "AL", "Reflector", "Memory", "Time", "Peripheral", "Void")))
STYLE = {0: "bold red", 1: "bold dodger_blue1", "hidden": "bold yellow", "empty": "grey50", "mark": "bold white"}


class QuinRenderer(Renderer):
    def player_names(self, game: Game) -> list[str]:
        return list(NAMES)

    def board(self, state: State, effects: list[dict[str, Any]], hints: bool = True) -> "Board":
        return Board(state, effects, self)

    def describe(self, before: State, move: str, after: State) -> str:
        who = self.actor(before)
        parts = [describe_effect(effect) for effect in after.last_effects()]
        text = f"{who} plays {move}"
        return text + (": " + "; ".join(p for p in parts if p) if any(parts) else "")

    def move_hint(self, state: State) -> str:
        return (
            "Moves: 'f2-o' (a move; through o, along a line or a ring), 'd3-b3 over c3' (slingshot over your "
            "Peripheral), free actions 'time e4 e2', 'swap f2 f5', 'raise S f5', then one turn-ending action: "
            "a move, 'reflect l4 f4 via f3', 'gravity d4: h4-c4', 'reinforce A@e5 L@g5', or 'pass'. "
            "In manual setup: 'place L f5', then 'ready'. Bring your Light to o, or capture the rival's."
        )

    def result(self, state: State) -> str:
        returns = state.returns()
        effects = [e for e in state.last_effects() if e["kind"] in ("win", "draw")]
        reason = effects[0]["reason"] if effects else ""
        south_zero_g, north_zero_g = state.scores()
        if returns[0] > returns[1]:
            outcome = "South wins"
        elif returns[1] > returns[0]:
            outcome = "North wins"
        else:
            outcome = "Draw"
        why = {"capture": " by capturing the Light", "first-sight": " by First Sight", "turns": " by the turn limit",
               "quiet": " after 100 quiet turns"}.get(reason, "")  # fmt: skip
        return f"{outcome}{why} (Zero G: South holds {south_zero_g}, North holds {north_zero_g})"


def describe_effect(effect: dict[str, Any]) -> str:
    kind = effect["kind"]
    if kind == "flash":
        if effect["result"] == "both":
            return f"flash on {effect['square']}: {effect['attacker']} meets {effect['defender']}, both removed"
        verb = "captures" if effect["result"] == "capture" else "swaps with"
        return f"flash on {effect['square']}: {effect['attacker']} {verb} {effect['defender']}"
    if kind == "push":
        return f"Time pushes {effect['piece']} {effect['from']}->{effect['to']}"
    if kind == "slingshot":
        return f"slingshot over {effect['over']}"
    if kind == "win":
        return f"{NAMES[effect['player']]} wins ({effect['reason']})"
    if kind == "draw":
        return f"draw ({effect['reason']})"
    if kind == "reveal":
        return f"{effect['square']} is {effect['piece']}"
    return ""


class Board:
    """A rich renderable: the diameters on the left, the turn, actions, reserves and Zero G on the right."""

    def __init__(self, state: State, effects: list[dict[str, Any]], renderer: Renderer) -> None:
        self.state = state
        self.fields = parse_fields(state.notation())
        self.effects = effects
        self.renderer = renderer
        self.marked: set[int] = set()
        for effect in effects[-8:]:
            for key in ("square", "from", "to"):
                if key in effect and effect["kind"] in ("flash", "push"):
                    self.marked.add(SQUARE_INDEX[effect[key]])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < WIDE:  # a narrow terminal: the panel goes under the board
            yield self.board_text()
            yield Text()
            yield self.info_text()
            return
        grid = Table.grid(padding=(0, 4))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(self.board_text(), self.info_text())
        yield grid

    # -- the board ------------------------------------------------------------------------
    def cell(self, sq: int, frame: tuple[str, str] | None = None) -> Text:
        piece = self.fields.board[sq]
        left, right = frame or (("[", "]") if sq in self.marked else (" ", " "))
        text = Text(left, style=STYLE["mark"])
        if piece == 0:
            gateway = any(sq in g for g in GATEWAYS)
            text.append("_ " if gateway else ". ", style=STYLE["empty"])
        elif piece < 0:
            text.append("? ", style=STYLE["hidden"])
        else:
            letter = KIND_LETTERS[piece & 7]
            owner = (piece >> 3) & 1
            text.append(letter.lower() if owner else letter, style=STYLE[owner])
            text.append("+" if piece & REVEALED else " ", style="dim")
        text.append(right, style=STYLE["mark"])
        return text

    def board_text(self) -> Text:
        rings = "".join(f" {r}  " for r in range(5, 0, -1))
        header = Text(f"      {rings}       {''.join(f' {r}  ' for r in range(1, 6))}", style="bold")
        text = Text()
        text.append_text(header)
        text.append("\n")
        for index, (left, right) in enumerate(ROWS):
            text.append(f"  {left}   ", style="bold")
            for ring in range(5, 0, -1):
                text.append_text(self.cell(SQUARE_INDEX[f"{left}{ring}"]))
            if index == CENTRE_ROW:  # o lies on every diameter; it is drawn once, here
                text.append(" ")
                text.append_text(self.cell(CENTRE, ("[", "]") if CENTRE in self.marked else ("(", ")")))
                text.append(" ")
            else:
                text.append("  │   ", style="dim")
            for ring in range(1, 6):
                text.append_text(self.cell(SQUARE_INDEX[f"{right}{ring}"]))
            text.append(f"  {right}", style="bold")
            if (left, right) == ("c", "i"):
                text.append("  Horizon", style="dim")
            text.append("\n")
        text.append("  left: North's side (j k l a b), right: South's\n", style="dim")
        text.append("  ring 1: the Iris   (o): First Sight\n", style="dim")
        text.append("  _: an open Gateway   [ ]: last flash or push", style="dim")
        return text

    # -- the side panel ---------------------------------------------------------------------------
    def info_text(self) -> Text:
        f, state = self.fields, self.state
        text = Text()
        text.append("Quin (Third Eye Mode)", style="bold")
        max_turns = state.game.options.get("max_turns")
        phase = "setup" if f.phase == 0 else f"turn {f.turns + 1} of {max_turns}, quiet {f.quiet}"
        text.append(f"   {phase}\n", style="dim")
        if f.viewer is not None:
            seen_by = "a spectator" if f.viewer < 0 else NAMES[f.viewer]
            text.append(f"Seen by {seen_by}: '?' is a piece whose kind you have not seen\n", style="dim")
        text.append("\n")
        for owner in (0, 1):
            shown = reserve_text(f.reserve[owner], owner)
            text.append(f"{NAMES[owner]:<6}", style=STYLE[owner])
            text.append(f" reserve: {shown}\n")
        for owner in (0, 1):
            tray = _letters(f.removed[1 - owner], 1 - owner) or "empty"
            text.append(f"{NAMES[owner]:<6}", style=STYLE[owner])
            text.append(f" Zero G:  {tray}\n")
        text.append("\n")
        if state.over:
            text.append("Game over: " + self.renderer.result(state) + "\n", style="bold")
        else:
            text.append(f"{NAMES[f.side]} to move\n", style=STYLE[f.side])
            text.append_text(self.actions_text())
        recent = [describe_effect(e) for e in self.effects if e["kind"] != "reveal"]
        if recent:
            text.append("\nLast: " + "; ".join(r for r in recent if r) + "\n", style="yellow")
        return text

    def actions_text(self) -> Text:
        """The actions left this turn (§5), from the mover's own counters."""
        f = self.fields
        if f.phase == 0:
            return Text("Setup: 'place K sq' on rings 2-5 of your side (the Light on a Gateway), then 'ready'\n")
        side = f.side
        powers = ((FREE_TIME, "Time"), (FREE_MEMORY, "Memory swap"), (FREE_RAISE, "Resurrection"))
        used = [name for bit, name in powers if f.free & bit]
        if f.viewer is not None and f.viewer != side:  # the mover's kinds are not all known here
            return Text(f"Free actions used this turn: {', '.join(used) or 'none'}\n")
        own = [p for p in f.board if p > 0 and (p >> 3) & 1 == side]
        moves = self.state.moves()  # the mover's own legal moves: this is the mover's view or the full state
        text = Text("Free actions left: ")
        left = []
        if any(m.startswith("time ") for m in moves):
            left.append("Time")
        if any(m.startswith("swap ") for m in moves):
            left.append(f"Memory swap ({2 - f.memory[side]} of 2 left this game)")
        if any(m.startswith("raise ") for m in moves):
            left.append("Resurrection (once per game)")
        text.append(", ".join(left) if left else "none")
        text.append("\nThen one of: move, Reflection, Gravity, Reinforcement (pass if none)\n")
        if f.locked:
            names = " ".join(_square_name(sq) for sq in f.locked)
            text.append(f"Locked this turn by the Memory swap: {names}\n", style="italic")
        reserve = f.reserve[side]
        shadows = sum(1 for p in own if p & 7 == SHADOW)
        if shadows == 0 and not isinstance(reserve, int) and not reserve[SHADOW]:
            text.append("No Shadow left: Artificial Lights move up to 5\n", style="italic")
        if not isinstance(reserve, int) and reserve[LIGHT]:  # held back (D23), as a random setup starts it
            text.append("Light in reserve: 'reinforce L@g' brings it in face down\n", style="italic")
        return text


def reserve_text(reserve, owner: int) -> str:
    """A reserve as the panel shows it: its kinds when they are known, else '?' and how many (§9.3)."""
    if isinstance(reserve, int):  # the rival's (or, for a spectator, either side's): a count only
        return f"? x{reserve}, face down" if reserve else "empty"
    return _letters(reserve, owner) or "empty"


def _letters(counts, owner: int) -> str:
    letters = "".join(KIND_LETTERS[k] * n for k, n in enumerate(counts))
    return letters.lower() if owner else letters


def _square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


RENDERER = QuinRenderer()
