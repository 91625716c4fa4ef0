"""Reflec as Portable Piecepack Notation (``core/ppn.py``; docs/ppn.md gives the tokens).

A laser is the suit's pawn (``Sp``), a coin is a coin (``Sc``) turned to its facing. The setup
places every piece of the position and turns the coins; a ply writes its action as piece
moves (a drop places and turns, a move steps and turns, a spin turns, a swap trades squares
and turns both coins back to their squares' facings), a shot as a comment, and removes what
the shot removed. Read from the structured position and ``last_effects()``; the move's kind
and squares come from the game's own move table (``board.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.core.ppn import PPNMapping, turn_token
from abstracta.games.reflec.board import (
    COIN_MOVE,
    DIRECTIONS,
    DROP,
    FIRE,
    LASER_MOVE,
    MOVE_TABLE,
    SPIN,
    SQUARE_NAMES,
    SUIT_LETTERS,
    SWAP,
)

if TYPE_CHECKING:
    from abstracta.core.api import State


def _facings(state: State) -> dict[str, str]:
    """Square -> the facing of the coin there (lasers have none)."""
    return {cell: pieces[-1]["facing"] for cell, pieces in state.structure()["cells"].items() if "facing" in pieces[-1]}


class ReflecPPN(PPNMapping):
    def setup_tokens(self, state: State) -> list[str]:
        tokens = []
        for cell, pieces in sorted(state.structure()["cells"].items()):
            piece = pieces[-1]
            tokens.append(f"{piece['suit']}{'p' if piece['kind'] == 'laser' else 'c'}@{cell}")
            if piece.get("facing", "n") != "n":
                tokens.append(turn_token(cell, "n", piece["facing"]))
        return tokens

    def ply_tokens(self, before: State, move: str, after: State) -> list[str]:
        kind, a, b, facing, suit, _ = MOVE_TABLE[move]
        tokens: list[str] = []
        if kind == DROP:
            square, new = SQUARE_NAMES[a], DIRECTIONS[facing]
            tokens.append(f"{SUIT_LETTERS[suit]}c@{square}")
            if new != "n":
                tokens.append(turn_token(square, "n", new))
        elif kind == SWAP:
            first, second = SQUARE_NAMES[a], SQUARE_NAMES[b]
            tokens.append(f"{first}#{second}")
            # The coins change places but each square keeps its facing: turn both back.
            facings = _facings(before)
            face_a, face_b = facings[first], facings[second]
            if face_a != face_b:
                tokens += [turn_token(first, face_b, face_a), turn_token(second, face_a, face_b)]
        elif kind == SPIN:
            square = SQUARE_NAMES[a]
            tokens.append(turn_token(square, _facings(before)[square], DIRECTIONS[facing]))
        elif kind in (COIN_MOVE, LASER_MOVE):
            source, target = SQUARE_NAMES[a], SQUARE_NAMES[b]
            tokens.append(f"{source}-{target}")
            old = _facings(before).get(source)  # None: a laser
            if kind == COIN_MOVE and old != DIRECTIONS[facing]:
                tokens.append(turn_token(target, old, DIRECTIONS[facing]))
        elif kind == FIRE:
            tokens.append(f"{{fires {DIRECTIONS[facing]}}}")
        else:
            tokens.append(f"{{{move}}}")
        tokens += [f"*{effect['cell']}" for effect in after.last_effects() if effect["kind"] == "remove"]
        return tokens


MAPPING = ReflecPPN()
