"""Laser Chess on the terminal: the 10x8 board, facings at a glance, and the last beam.

Drawn from the view's structured position and ``last_effects()`` (the beam, the removed
piece). Cells are five characters wide. With colour, pieces are a letter plus a glyph (Blue
upper case in blue, Red lower case in red)::

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
from typing import TYPE_CHECKING, Any

from abstracta.core.terminal import PLAIN, Styled, Terminal, TerminalPicture, beside, square_grid, stacked, wrapped
from abstracta.games.laser_chess.board import CLOSED_NAMES, COLOUR_NAMES, KIND_LETTERS, KIND_NAMES, KIND_WORDS, SEATS

if TYPE_CHECKING:
    from abstracta.core.api import Game, View

FILES = "abcdefghij"
RANKS = range(8, 0, -1)
NAMES = dict(zip(SEATS, COLOUR_NAMES))
LETTER = dict(zip(KIND_WORDS, KIND_LETTERS))
KIND_NAME = dict(zip(KIND_WORDS, KIND_NAMES))
# Squares closed to one colour (rules §2.2): the other colour's helix.
CLOSED_TO_BLUE, CLOSED_TO_RED = (frozenset(names) for names in CLOSED_NAMES)

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


def token(piece: dict[str, Any]) -> str:
    """A structured piece as its notation token: ``Dnw`` (Blue Deflector nw), ``k`` (Red King)."""
    letter = LETTER[piece["kind"]]
    return (letter if piece["owner"] == 0 else letter.lower()) + piece.get("facing", "")


def piece_glyph(piece: dict[str, Any]) -> str:
    """A Blue Deflector ne -> ``"D◥"``, a Red Laser s -> ``"l↓"``, a Blue King -> ``"K"``."""
    letter = token(piece)[0]
    facing = piece.get("facing", "")
    if piece["kind"] in ("laser", "defender"):
        return letter + ARROWS[facing]
    if piece["kind"] == "deflector":
        return letter + DEFLECTOR_GLYPHS[facing]
    if piece["kind"] == "switch":
        return letter + SWITCH_GLYPHS[facing]
    return letter


COMPASS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def facing_words(facing: str) -> str:
    """A facing in words: ``n`` -> ``north``, ``ne`` -> ``north-east``."""
    return "-".join(COMPASS[char] for char in facing)


def describe_piece(piece: dict[str, Any]) -> str:
    """A piece in words with its colour, e.g. ``Red Defender facing north``."""
    facing = f" facing {facing_words(piece['facing'])}" if piece.get("facing") else ""
    return f"{COLOUR_NAMES[piece['owner']]} {KIND_NAME[piece['kind']]}{facing}"


def describe_shot(effects: list[dict[str, Any]]) -> str:
    """One line for a shot: where it went and what it did."""
    beam = next((e for e in effects if e.get("kind") == "beam"), None)
    if beam is None:
        return ""
    removed = next((e for e in effects if e.get("kind") == "remove"), None)
    path = beam["path"]
    end = path[-1]
    if removed is not None:
        verb = "hit" if removed["piece"]["kind"] == "king" else "removed"
        what = f"{verb} the {describe_piece(removed['piece'])} on {removed['cell']}"
    elif beam["stop"] == "blocked":
        what = f"blocked by the Defender's shield on {end}"
    elif beam["stop"] == "laser":
        what = f"stopped by the Laser on {end}"
    else:
        what = f"left the board after {end}"
    return f"beam from {beam['from']} ({len(path)} squares): {what}"


class LaserChessPicture(TerminalPicture):
    def player_names(self, game: Game) -> list[str]:
        return list(COLOUR_NAMES)

    def actor(self, state: View) -> str:
        if state.seat in NAMES:
            return NAMES[state.seat]
        return super().actor(state)

    def board(self, state: View, effects: list[dict[str, Any]], terminal: Terminal = PLAIN,
              hints: bool = True, last_move: str | None = None) -> Styled:
        """The board, and beside it (under it on a narrow terminal) the turn, pieces and last shots."""
        return Drawing(state, effects, self, terminal, hints, last_move).styled()

    def describe(self, before: View, move: str, after: View) -> str:
        who = self.actor(before)
        if move == "draw":
            return f"{who} claims a draw by repetition"
        shot = describe_shot(after.last_effects())
        return f"{who} plays {move}" + (f"; {shot}" if shot else "")

    def move_hint(self, state: View) -> str:
        return (
            "Moves: 'e4-e5' steps a piece to a neighbouring empty square (a Switch may also swap with a "
            "neighbouring Deflector or Defender this way); 'h2+' turns a piece clockwise, 'h2-' "
            "counter-clockwise; 'j1-' / 'a8+' turn your Laser; 'draw' claims a threefold repetition. "
            "Your Laser fires by itself after every move."
        )

    def result(self, state: View) -> str:
        blue, red = state.scores()
        returns = state.returns()
        if returns[0] > returns[1]:
            outcome = "Blue wins (Red's King was hit)"
        elif returns[1] > returns[0]:
            outcome = "Red wins (Blue's King was hit)"
        elif state.structure()["extra"]["draw_claimed"]:
            outcome = "Draw (threefold repetition claimed)"
        else:
            outcome = "Draw (ply limit reached)"
        return f"{outcome} (pieces: Blue {blue}, Red {red})"


class Drawing:
    """One board drawn for one terminal: the grid on the left, turn, pieces and the last shots on the right."""

    def __init__(self, state: View, effects: list[dict[str, Any]], picture: LaserChessPicture,
                 terminal: Terminal, hints: bool, last_move: str | None) -> None:
        self.state = state
        self.structure = state.structure()
        self.cells: dict[str, dict[str, Any]] = {name: pieces[0] for name, pieces in self.structure["cells"].items()}
        self.picture = picture
        self.hints = hints
        self.glyphs = terminal.glyphs
        self.tints = terminal.colour
        # The tints' nearest 16-colour matches are black and grey: mark the squares as well.
        self.markers = not terminal.colour or terminal.few_colours
        self.width = terminal.width
        self.wide = terminal.width >= BOARD_WIDTH + 3 + INFO_WIDTH
        # The last move, drawn on the board: the piece it moved or turned in ( ), the square it left as 'o'.
        self.last_move = last_move
        squares = re.findall(r"[a-j][1-8]", last_move or "")
        self.moved_to = squares[-1] if squares else None
        self.moved_from = squares[0] if len(squares) > 1 else None
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
        self.removed = {e["cell"] for shot in self.shots for e in shot[1:] if e.get("kind") == "remove"}

    def _trace(self, shot: list[dict[str, Any]]) -> None:
        beam = shot[0]
        previous = beam["from"]
        for square in beam["path"]:
            axis = "v" if square[0] == previous[0] else "h"
            if square not in self.cells:
                marks = self.beam.get(square, "")
                self.beam[square] = "hv" if marks and axis not in marks else (marks or axis)
            else:
                self.met.add(square)
            previous = square

    def styled(self) -> Styled:
        board, info = self._board_text(), self._info_text()
        if self.wide:
            return beside(board, wrapped(info, self.width - board.width() - 3), gap=3)
        # A narrow terminal: the panel goes under the board rather than squeezing it.
        return stacked([board, wrapped(info, self.width)])

    # -- the board --------------------------------------------------------
    def _board_text(self) -> Styled:
        return square_grid(FILES, RANKS, self._cell, file_label="  {}  ", right_gap="  ")

    def _cell(self, square: str) -> Styled:
        piece = self.cells.get(square)
        tint = ""
        if self.tints and square in CLOSED_TO_BLUE:
            tint = " " + STYLE["red_only"]
        elif self.tints and square in CLOSED_TO_RED:
            tint = " " + STYLE["blue_only"]
        if piece is not None:
            body = piece_glyph(piece) if self.glyphs else token(piece)
            style = STYLE[SEATS[piece["owner"]]]
            if square in self.met:
                return _pad([("[", STYLE["beam"] + tint), (body, style + tint), ("]", STYLE["beam"] + tint)], tint)
            if square == self.moved_to:
                return _pad([("(", "bold" + tint), (body, style + " underline" + tint), (")", "bold" + tint)], tint)
            return _pad([(body, style + tint)], tint)
        if square == self.moved_from and square not in self.beam:
            return _pad([("o", "bold" + tint)], tint)
        if square in self.removed:
            return _pad([("✕" if self.glyphs else "X", STYLE["removed"] + tint)], tint)
        if square in self.beam:
            fancy, plain = BEAM_GLYPHS[self.beam[square]]
            return _pad([(fancy if self.glyphs else plain, STYLE["beam"] + tint)], tint)
        if self.markers and square in CLOSED_TO_BLUE:
            return _pad([("r", STYLE["empty"] + tint)], tint)
        if self.markers and square in CLOSED_TO_RED:
            return _pad([("b", STYLE["empty"] + tint)], tint)
        return _pad([("·" if self.glyphs else ".", STYLE["empty"] + tint)], tint)

    # -- the side panel ---------------------------------------------------
    def _info_text(self) -> Styled:
        state, glyphs = self.state, self.glyphs
        text = Styled(state.game.title, "bold")
        options = state.game.options
        text.append(f"   setup {options.get('setup')}", "dim")
        if options.get("max_plies") is not None:
            text.append(f"   ply {self.structure['extra']['plies']} of {options['max_plies']}", "dim")
        text.append("\n\n")
        blue, red = state.scores()
        text.append("Blue", STYLE["blue"]).append(f" pieces {blue:>2}   ")
        text.append("Red", STYLE["red"]).append(f" pieces {red:>2}\n\n")
        if state.over:
            text.append("Game over: " + self.picture.result(state), "bold")
        else:
            seat = state.seat
            text.append(f"{NAMES[seat]} to move", STYLE[seat])
            if self.hints:
                moves = state.moves()
                text.append(f"   {len(moves)} legal moves ('moves' lists them)", "dim")
                if "draw" in moves:
                    text.append("\nThis position has occurred three times: 'draw' ends the game", "bold")
        if self.last_move:
            text.append(f"\nLast move: {self.last_move}", "bold")
        text.append("\n")
        for shot in self.shots:
            shooter = "Blue" if shot[0]["from"] == "j1" else "Red"
            text.append(f"{shooter}'s {describe_shot(shot)}\n", "dim" if shot is not self.shots[-1] else "")
        text.append("\n")
        text.append("─│" if glyphs else "-|", STYLE["beam"]).append(" beam  ")
        text.append("[ ]", STYLE["beam"]).append(" met  ")
        text.append("✕" if glyphs else "X", STYLE["removed"]).append(" removed  ( ) last moved  o left\n")
        if self.tints:
            text.append("  ", STYLE["red_only"]).append(" Red only  ")
            text.append("  ", STYLE["blue_only"]).append(" Blue only\n")
        if self.markers:
            text.append("r Red only  b Blue only\n", "dim")
        if glyphs:
            text.append("L↑ Laser  B↑ shield  D◥ mirrors  S╱ Switch\n", "dim")
        return text


def _pad(spans: list[tuple[str, str]], tint: str) -> Styled:
    """Centre the spans in a five-character cell, the padding carrying the square's tint."""
    width = sum(len(text) for text, _ in spans)  # one column per character: letters, arrows, box drawing
    left = (5 - width) // 2
    cell = Styled(" " * left, tint.strip())
    for text, style in spans:
        cell.append(text, style)
    return cell.append(" " * (5 - width - left), tint.strip())


PICTURE = LaserChessPicture()
