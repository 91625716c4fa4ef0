"""Reflec moves in plain words (``state.describe``): the action of the acting suit, and for a shot
what the beam did (``last_effects()`` of the state after it: its turns, a loop, a destroyed laser,
who is out, the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.describe import check_move, check_viewer, join_words, plural
from abstracta.games.reflec.terminal import SUIT_NAMES

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import ReflecState

FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def describe(state: "ReflecState", move: str, viewer: int | None = None) -> str:
    """``"Suns fire north: the beam turns at b3 and d3 and destroys the Moons laser on d7"``.

    No hidden information: every viewer reads the same phrase.
    """
    check_viewer(state, viewer)
    check_move(state, move)
    who = SUIT_NAMES[state.seat]
    cells = state.structure()["cells"]
    after = state.play(move)
    effects = after.last_effects()
    if move == "end":
        phrase = f"{who} end their turn"
    elif move[0] == "*":
        phrase = f"{who} fire {FACING_WORDS[move[1]]}: {beam_words(effects, state.seat)}"
    elif "@" in move:
        suit, rest = move.split("@")
        neutral = "neutral " if state.neutral >> "SMCA".index(suit) & 1 else ""
        whose = "" if suit == state.seat else f"{neutral}{SUIT_NAMES[suit]} "
        phrase = f"{who} drop a {whose}coin on {rest[:2]} facing {FACING_WORDS[rest[2]]}"
    elif "x" in move:
        first, second = move.split("x")
        phrase = f"{who} swap {piece_words(cells[first][0], state.seat)} on {first} and {piece_words(cells[second][0], state.seat)} on {second}"
    elif "=" in move:
        square, facing = move.split("=")
        phrase = f"{who} turn {piece_words(cells[square][0], state.seat)} on {square} to face {FACING_WORDS[facing]}"
    else:
        source, target = move.split("-")
        piece = cells[source][0]
        phrase = f"{who} move {piece_words(piece, state.seat)} from {source} to {target[:2]}"
        if len(target) > 2:
            phrase += f", facing {FACING_WORDS[target[2]]}"
    return phrase + ending_words(effects, state.game)


def piece_words(piece: dict[str, Any], acting: str) -> str:
    """``"their laser"``, ``"their coin"``, ``"the Moons coin"``, ``"the neutral Arms coin"``."""
    kind = piece["kind"]
    if piece["suit"] == acting:
        return f"their {kind}"
    neutral = "neutral " if piece.get("owner", 0) is None else ""
    return f"the {neutral}{SUIT_NAMES[piece['suit']]} {kind}"


def beam_words(effects: list[dict[str, Any]], acting: str) -> str:
    beam = next(e for e in effects if e["kind"] == "beam")
    turns = [hit for hit in beam.get("hits", []) if hit]
    turned = f"the beam turns at {join_words(turns)} and " if turns else "the beam "
    removed = [e for e in effects if e["kind"] == "remove"]
    if beam["stop"] == "laser":
        laser = next(e for e in removed if e["cause"] == "beam")
        own = "their own laser" if laser["piece"]["suit"] == acting else piece_words(laser["piece"], acting)
        return f"{turned}destroys {own} on {laser['cell']}"
    if beam["stop"] == "loop":
        coins = [e["cell"] for e in removed]
        return f"{turned}closes a loop: {plural(len(coins), 'coin')} ({join_words(coins)}) go back to their supplies"
    if not beam["path"]:
        return "the beam leaves the board at once"
    return f"{turned}leaves the board after {beam['path'][-1]}"


def ending_words(effects: list[dict[str, Any]], game: Any) -> str:
    """Who is out, and the end of the game, when the move caused them."""
    words = []
    for effect in effects:
        if effect["kind"] == "eliminate":
            words.append(f"{side_name(effect['suits'])} are out of the game")
        elif effect["kind"] == "end":
            if effect["winners"]:
                suits = ["SMCA"[suit] for suit in game.player_suits[effect["winners"][0]]]
                words.append(f"{side_name(suits)} win")
            else:
                words.append("the game ends drawn at the turn limit")
    return "; " + "; ".join(words) if words else ""


def side_name(suits: list[str]) -> str:
    return " & ".join(SUIT_NAMES[suit] for suit in suits)
