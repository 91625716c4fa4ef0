"""Quin on the terminal: the circular board as six diameters through First Sight.

The board is drawn from what the player at the terminal may know (a view, rules §9.3): the
play loop passes ``state.view(human)``, whose structure (``structure.py``) shows an unrevealed
rival piece as ``hidden``, drawn ``?``. Each row is one diameter: the North-side line on the
left (ring 5 outermost), the centre ``o`` in the middle, the opposite line on the right::

          5   4   3   2   1          1   2   3   4   5
      j   .   v   .   .   .    │     .   .   .   ?   ?    d
      k   .   .   s   v   .    │     .   ?   ?   ?   .    e
      l   l   m   t   .   .   (o)    .   .   ?   ?   ?    f      ...
      c   .   .   .   .   .    │     .   .   .   .   .    i      <- the Horizon

A piece is its letter (uppercase South, lowercase North) with ``+`` once revealed; ``?`` is a
rival piece whose kind you have not seen; ``[ ]`` marks the squares of the last flash or push.
Under the board a legend says what each letter means (``L Light  S Shadow ...``).
Beside the board (under it on a narrow terminal): whose turn, the actions left this turn, both
reserves and both Zero G trays. A reserve whose kinds the viewer may not know (the rival's,
rules §9.3) is shown as ``? xN``: a Light held back there (a ``random`` setup starts both Lights
in reserve) is never told from an Artificial Light.
"""

from __future__ import annotations

from typing import Any

from abstracta.core.api import Game, View
from abstracta.core.structure import HIDDEN
from abstracta.core.terminal import PLAIN, Styled, Terminal, TerminalPicture, beside, stacked, wrapped
from abstracta.games.quin.board import GATEWAYS, SQUARE_NAMES
from abstracta.games.quin.pieces import KIND_LETTERS, KIND_OF_WORD, KIND_WORDS

NAMES = ("South", "North")
ROWS = (("j", "d"), ("k", "e"), ("l", "f"), ("a", "g"), ("b", "h"), ("c", "i"))
WIDE = 120  # columns needed to put the side panel beside the board
PANEL_GAP = 4
CENTRE_ROW = 2  # the l-f diameter, through both centre Gateways
STYLE = {0: "bold red", 1: "bold dodger_blue1", "hidden": "bold yellow", "empty": "grey50", "mark": "bold white"}
GATEWAY_CELLS = frozenset(SQUARE_NAMES[sq] for side in GATEWAYS for sq in side)
MARKED_MOVES = ("time push",)  # a slingshot's landing is not marked: its flash, when there is one, is
LEGEND_LINES = (
    "  " + "  ".join(f"{KIND_LETTERS[kind]} {KIND_WORDS[kind].title()}" for kind in range(6)),
    "  " + "  ".join(f"{KIND_LETTERS[kind]} {KIND_WORDS[kind].title()}" for kind in range(6, 8))
    + "   upper case South, lower case North, + revealed",
)  # what each letter means, in 80 columns (the rules' legend says what each piece does)
REASONS = {"capture": " by capturing the Light", "first-sight": " by First Sight", "turns": " by the turn limit",
           "quiet": " after 100 quiet turns"}  # fmt: skip


def letter(piece: dict[str, Any]) -> str:
    """A piece's kind letter, uppercase for South and lowercase for North; ``?`` for a hidden one."""
    if piece["kind"] == HIDDEN:
        return "?"
    char = KIND_LETTERS[KIND_OF_WORD[piece["kind"]]]
    return char.lower() if piece["owner"] else char


def describe_effect(effect: dict[str, Any]) -> str:
    kind = effect["kind"]
    if kind == "contest":
        attacker, defender = letter(effect["attacker"]), letter(effect["defender"])
        if effect["result"] == "both":
            return f"flash on {effect['cell']}: {attacker} meets {defender}, both removed"
        verb = "captures" if effect["result"] == "capture" else "swaps with"
        return f"flash on {effect['cell']}: {attacker} {verb} {defender}"
    if kind == "move" and effect["cause"] == "time push":
        return f"Time pushes {letter(effect['piece'])} {effect['from']}->{effect['to']}"
    if kind == "move":
        return f"slingshot over {effect['over']}"
    if kind == "end":
        if effect["winners"]:
            return f"{NAMES[effect['winners'][0]]} wins ({effect['reason']})"
        return f"draw ({effect['reason']})"
    if kind == "reveal":
        return f"{effect['cell']} is {letter(effect['piece'])}"
    return ""


def pieces_text(pieces: list[dict[str, Any]]) -> str:
    """Pieces of an area as letters, ``? xN, face down`` for a count of unknown kinds, else ``empty``."""
    if pieces and pieces[0]["kind"] == HIDDEN:
        return f"? x{pieces[0]['count']}, face down"
    return "".join(letter(p) * p.get("count", 1) for p in pieces) or "empty"


class QuinPicture(TerminalPicture):
    def player_names(self, game: Game) -> list[str]:
        return list(NAMES)

    def board(self, state: View, effects: list[dict[str, Any]], terminal: Terminal = PLAIN,
              hints: bool = True, last_move: str | None = None) -> Styled:
        drawing = Drawing(state, effects, self)
        board = drawing.board_text()
        if terminal.width < WIDE:  # a narrow terminal: the panel goes under the board
            return stacked([board, wrapped(drawing.info_text(), terminal.width)])
        return beside(board, wrapped(drawing.info_text(), terminal.width - board.width() - PANEL_GAP), gap=PANEL_GAP)

    def describe(self, before: View, move: str, after: View) -> str:
        who = self.actor(before)
        parts = [describe_effect(effect) for effect in after.last_effects()]
        text = f"{who} plays {move}"
        return text + (": " + "; ".join(p for p in parts if p) if any(parts) else "")

    def move_hint(self, state: View) -> str:
        return (
            "Moves: 'f2-o' (a move; through o, along a line or a ring), 'd3-b3 over c3' (slingshot over your "
            "Peripheral), free actions 'time e4 e2', 'swap f2 f5', 'raise S f5', then one turn-ending action: "
            "a move, 'reflect l4 f4 via f3', 'gravity d4: h4-c4', 'reinforce A@e5 L@g5', or 'pass'. "
            "In manual setup: 'place L f5', then 'ready'. Bring your Light to o, or capture the rival's."
        )

    def result(self, state: View) -> str:
        returns = state.returns()
        ends = [e for e in state.last_effects() if e["kind"] == "end"]
        reason = ends[0]["reason"] if ends else ""
        south_zero_g, north_zero_g = state.scores()
        if returns[0] > returns[1]:
            outcome = "South wins"
        elif returns[1] > returns[0]:
            outcome = "North wins"
        else:
            outcome = "Draw"
        return f"{outcome}{REASONS.get(reason, '')} (Zero G: South holds {south_zero_g}, North holds {north_zero_g})"


class Drawing:
    """One board and side panel, read from the structure of a view (or of a full state)."""

    def __init__(self, state: View, effects: list[dict[str, Any]], picture: QuinPicture) -> None:
        self.state = state
        self.structure = state.structure()
        self.extra = self.structure["extra"]
        self.areas = {(area["name"], area["owner"]): area["pieces"] for area in self.structure["areas"]}
        self.effects = effects
        self.picture = picture
        self.marked: set[str] = set()
        for effect in effects[-8:]:
            if effect["kind"] == "contest":
                self.marked.update((effect["cell"], effect["from"]))
            elif effect["kind"] == "move" and effect["cause"] in MARKED_MOVES:
                self.marked.update((effect["from"], effect["to"]))

    # -- the board ------------------------------------------------------------------------
    def cell(self, name: str, frame: tuple[str, str] | None = None) -> Styled:
        pieces = self.structure["cells"].get(name)
        left, right = frame or (("[", "]") if name in self.marked else (" ", " "))
        mark = STYLE["mark"]  # the frame's style runs under the whole cell, as one styled span would
        text = Styled(left, mark)
        if not pieces:
            text.append("_ " if name in GATEWAY_CELLS else ". ", f"{mark} {STYLE['empty']}")
        elif pieces[0]["kind"] == HIDDEN:
            text.append("? ", f"{mark} {STYLE['hidden']}")
        else:
            piece = pieces[0]
            text.append(letter(piece), f"{mark} {STYLE[piece['owner']]}")
            text.append("+" if piece["revealed"] else " ", f"{mark} dim")
        return text.append(right, mark)

    def board_text(self) -> Styled:
        rings = "".join(f" {r}  " for r in range(5, 0, -1))
        text = Styled(f"      {rings}       {''.join(f' {r}  ' for r in range(1, 6))}", "bold").newline()
        for index, (left, right) in enumerate(ROWS):
            text.append(f"  {left}   ", "bold")
            for ring in range(5, 0, -1):
                text.extend(self.cell(f"{left}{ring}"))
            if index == CENTRE_ROW:  # o lies on every diameter; it is drawn once, here
                text.append(" ")
                text.extend(self.cell("o", ("[", "]") if "o" in self.marked else ("(", ")")))
                text.append(" ")
            else:
                text.append("  │   ", "dim")
            for ring in range(1, 6):
                text.extend(self.cell(f"{right}{ring}"))
            text.append(f"  {right}", "bold")
            if (left, right) == ("c", "i"):
                text.append("  Horizon", "dim")
            text.newline()
        text.append("  left: North's side (j k l a b), right: South's   (o): First Sight\n", "dim")
        text.append("  ring 1: the Iris   _: an open Gateway   [ ]: last flash or push\n", "dim")
        return text.append("\n".join(LEGEND_LINES), "dim")

    # -- the side panel ---------------------------------------------------------------------------
    def info_text(self) -> Styled:
        extra, state = self.extra, self.state
        text = Styled("Quin (Third Eye Mode)", "bold")
        max_turns = state.game.options.get("max_turns")
        setup = extra["phase"] == "setup"
        phase = "setup" if setup else f"turn {extra['turns'] + 1} of {max_turns}, quiet {extra['quiet']}"
        text.append(f"   {phase}\n", "dim")
        if "viewer" in extra:
            seen_by = "a spectator" if extra["viewer"] is None else NAMES[extra["viewer"]]
            text.append(f"Seen by {seen_by}: '?' is a piece whose kind you have not seen\n", "dim")
        text.newline()
        for owner in (0, 1):
            text.append(f"{NAMES[owner]:<6}", STYLE[owner])
            text.append(f" reserve: {pieces_text(self.areas['reserve', owner])}\n")
        for owner in (0, 1):
            text.append(f"{NAMES[owner]:<6}", STYLE[owner])
            text.append(f" Zero G:  {pieces_text(self.areas['zero g', owner])}\n")
        text.newline()
        if state.over:
            text.append("Game over: " + self.picture.result(state) + "\n", "bold")
        else:
            side = extra["side"]
            text.append(f"{NAMES[side]} to move\n", STYLE[side])
            text.extend(self.actions_text())
        recent = [describe_effect(e) for e in self.effects if e["kind"] != "reveal"]
        if recent:
            text.append("\nLast: " + "; ".join(r for r in recent if r) + "\n", "yellow")
        return text

    def actions_text(self) -> Styled:
        """The actions left this turn (§5), from the mover's own counters."""
        extra = self.extra
        if extra["phase"] == "setup":
            return Styled("Setup: 'place K sq' on rings 2-5 of your side (the Light on a Gateway), then 'ready'\n")
        side = extra["side"]
        words = {"time": "Time", "memory": "Memory swap", "resurrection": "Resurrection"}
        if "viewer" in extra and extra["viewer"] != side:  # the mover's kinds are not all known here
            used = [words[word] for word in extra["free_used"]]
            return Styled(f"Free actions used this turn: {', '.join(used) or 'none'}\n")
        moves = self.state.moves()  # the mover's own legal moves: this is the mover's view or the full state
        text = Styled("Free actions left: ")
        left = []
        if any(m.startswith("time ") for m in moves):
            left.append("Time")
        if any(m.startswith("swap ") for m in moves):
            left.append(f"Memory swap ({2 - extra['memory_swaps'][side]} of 2 left this game)")
        if any(m.startswith("raise ") for m in moves):
            left.append("Resurrection (once per game)")
        text.append(", ".join(left) if left else "none")
        text.append("\nThen one of: move, Reflection, Gravity, Reinforcement (pass if none)\n")
        if extra["locked"]:
            text.append(f"Locked this turn by the Memory swap: {' '.join(extra['locked'])}\n", "italic")
        reserve = {p["kind"]: p["count"] for p in self.areas["reserve", side]}
        shadows = [cell for cell, [p] in self.structure["cells"].items() if p["owner"] == side and p["kind"] == "shadow"]
        if not shadows and not reserve.get("shadow"):
            text.append("No Shadow left: Artificial Lights move up to 5\n", "italic")
        if reserve.get("light"):  # held back (D23), as a random setup starts it
            text.append("Light in reserve: 'reinforce L@g' brings it in face down\n", "italic")
        return text


PICTURE = QuinPicture()
