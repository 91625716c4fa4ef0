"""Desfases as Portable Piecepack Notation (``core/ppn.py``; docs/ppn.md gives the whole mapping).

The setup places every tile (``S4t@a1``), turns it to its facing, then its scoring coin and
pawn, the hole's coins on c3, and sets each suit's die. A ply turns the acting suit's free
tiles, then moves the pawn and sets the die, or puts the timer coin on the scored tile (under
the pawn standing there, so that the pawn stays the top piece a move takes) or into the hole,
or feeds a coin to the die. Read from the structured positions and ``last_effects()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.ppn import DIE_RANKS, PPNMapping, turn_token
from abstracta.games.desfases.board import VALUES

if TYPE_CHECKING:
    from abstracta.core.api import State


def _token(piece: dict[str, Any], kind: str) -> str:
    """``S4t``: a tile or coin's suit, rank and PPN kind letter."""
    return f"{piece['suit']}{VALUES[piece['value']]}{kind}"


class DesfasesPPN(PPNMapping):
    def setup_tokens(self, state: State) -> list[str]:
        structure = state.structure()
        hole = structure["extra"]["hole"]
        tokens = []
        for square, stack in sorted(structure["cells"].items()):
            if square == hole:
                continue
            tile = stack[0]
            tokens.append(f"{_token(tile, 't')}@{square}")
            if tile["facing"] != "n":
                tokens.append(turn_token(square, "n", tile["facing"]))
            for piece in stack[1:]:  # the scoring coin, then the pawn
                tokens.append(f"{_token(piece, 'c')}@{square}" if piece["kind"] == "coin" else f"{piece['suit']}p@{square}")
        tokens += [f"{_token(coin, 'c')}@{hole}" for coin in structure["cells"].get(hole, [])]
        tokens += [f"{die['suit']}d~{DIE_RANKS[die['value']]}" for die in structure["dice"]]
        return tokens

    def ply_tokens(self, before: State, move: str, after: State) -> list[str]:
        cells = before.structure()["cells"]
        facings = {square: stack[0]["facing"] for square, stack in cells.items() if stack[0]["kind"] == "tile"}
        pawn_at = {square: stack[-1]["suit"] for square, stack in cells.items() if stack[-1]["kind"] == "pawn"}
        tokens = []
        for effect in after.last_effects():
            kind, cause = effect["kind"], effect.get("cause")
            if kind == "rotate":
                tokens.append(turn_token(effect["cell"], facings.get(effect["cell"], "n"), effect["facing"]))
                facings[effect["cell"]] = effect["facing"]
            elif kind == "move" and effect["from"] != effect["to"]:
                tokens.append(f"{effect['from']}-{effect['to']}")
                pawn_at[effect["to"]] = pawn_at.pop(effect["from"], effect["suit"])
            elif kind == "roll" and cause == "countdown":
                tokens.append(f"{effect['suit']}d~{DIE_RANKS[effect['value']]}")
            elif kind == "roll":  # the feed step
                tokens.append(f"{_token(effect['coin'], 'c')}@{effect['suit']}d {{fed to the die}}")
            elif kind == "place" and cause == "score":
                square, pawn = effect["cell"], pawn_at.get(effect["cell"])
                # A coin goes under a pawn standing there, so that the pawn stays the top piece a move takes.
                tokens += [f"*{square}"] if pawn else []
                tokens.append(f"{_token(effect['piece'], 'c')}@{square}")
                tokens += [f"{pawn}p@{square}"] if pawn else []
            elif kind == "score":
                tokens.append(f"{{scores {effect['points']}}}")
            elif kind == "place":  # into the hole
                tokens.append(f"{_token(effect['piece'], 'c')}@{effect['cell']} {{into the hole}}")
            elif kind == "eliminate":
                tokens.append(f"{{{effect['suit']} finished}}")
        return tokens


__all__ = ["DesfasesPPN"]
