"""Laser Chess moves in plain words (``state.describe``): the action, then what the mover's beam did.

The action is read from the move table (``rules.MOVE_INFO``) and the board before it; the
shot from ``last_effects()`` of the state after it, so nothing of the beam is worked out again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.describe import check_move, check_viewer
from abstracta.games.laser_chess.board import COLOUR, COLOUR_NAMES, KIND, KIND_NAMES, KIND_WORDS, SQUARE_NAMES

if TYPE_CHECKING:
    from abstracta.games.laser_chess.rules import LaserChessState

KIND_NAME = dict(zip(KIND_WORDS, KIND_NAMES))
FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def describe(state: "LaserChessState", move: str, viewer: int | None = None) -> str:
    """``"Blue turns the Deflector on e4 clockwise; the beam removes Red's Defender on e7"``.

    Laser Chess has no hidden information, so every viewer reads the same phrase.
    """
    from abstracta.games.laser_chess.rules import DRAW, MOVE_INFO, PLUS

    check_viewer(state, viewer)
    check_move(state, move)
    mover = state.turn
    who = COLOUR_NAMES[mover]
    if move == DRAW:
        return f"{who} claims a draw: the position has been seen three times"
    source, target, rotation = MOVE_INFO[move]
    piece = state.board[source]
    name = KIND_NAMES[KIND[piece]]
    here, there = SQUARE_NAMES[source], SQUARE_NAMES[target]
    after = state.play(move)
    if rotation:
        way = "clockwise" if rotation == PLUS else "counter-clockwise"
        action = f"{who} turns the {name} on {here} {way}"
        if name == "Laser":  # the turned Laser fires at once: say where
            action += f" to fire {FACING_WORDS[after.structure()['cells'][here][0]['facing']]}"
    elif state.board[target]:
        other = state.board[target]
        owner = "its own" if COLOUR[other] == mover else f"{COLOUR_NAMES[COLOUR[other]]}'s"
        action = f"{who} swaps the {name} on {here} with {owner} {KIND_NAMES[KIND[other]]} on {there}"
    else:
        action = f"{who} moves the {name} from {here} to {there}"
    return f"{action}; {shot_words(after.last_effects(), mover)}{ending_words(after)}"


def piece_words(piece: dict[str, Any], mover: int) -> str:
    """``"Red's Defender"``, or ``"Blue's own Deflector"`` for the mover's piece."""
    owner = piece["owner"]
    return f"{COLOUR_NAMES[owner]}'s {'own ' if owner == mover else ''}{KIND_NAME[piece['kind']]}"


def shot_words(effects: list[dict[str, Any]], mover: int) -> str:
    """What the beam did: removed a piece, hit a King, was blocked, or left the board."""
    beam = next(e for e in effects if e["kind"] == "beam")
    removed = next((e for e in effects if e["kind"] == "remove"), None)
    end = beam["path"][-1] if beam["path"] else beam["from"]
    if removed is not None:
        verb = "hits" if removed["piece"]["kind"] == "king" else "removes"
        return f"the beam {verb} {piece_words(removed['piece'], mover)} on {removed['cell']}"
    if beam["stop"] == "blocked":
        return f"the beam stops on the shield of the Defender on {end}"
    if beam["stop"] == "laser":
        return f"the beam stops on the Laser on {end}"
    return f"the beam leaves the board at {end}"


def ending_words(after: "LaserChessState") -> str:
    if not after.over:
        return ""
    if after.winner is not None:
        return f": {COLOUR_NAMES[after.winner]} wins"
    return ": the game ends drawn at the ply limit"
