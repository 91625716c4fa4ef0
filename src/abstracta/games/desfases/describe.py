"""Desfases moves in plain words (``state.describe``): a pawn's slide, a score, a coin in the hole,
a feed, and what the countdown does; read from ``last_effects()`` of the state after the move.

Coin and tile values are named as the rules name them: null, ace, 2 to 5 (never "1" for an ace).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.describe import check_move, check_viewer, plural
from abstracta.games.desfases.board import SUIT_INDEX, SUIT_NAMES

if TYPE_CHECKING:
    from abstracta.games.desfases.rules import DesfasesState

VALUE_WORDS = ("null", "ace", "2", "3", "4", "5")


def describe(state: "DesfasesState", move: str, viewer: int | None = None) -> str:
    """``"Moons score the Arms 3 tile on e1 with their null coin: 3 points"``.

    No hidden information: every viewer reads the same phrase.
    """
    check_viewer(state, viewer)
    check_move(state, move)
    suit = state.seat
    who = SUIT_NAMES[SUIT_INDEX[suit]]
    after = state.play(move)
    effects = after.last_effects()
    kinds = {e["kind"]: e for e in effects}
    turned = sum(1 for e in effects if e["kind"] == "rotate")
    if "move" in kinds:
        slide = kinds["move"]
        if slide["from"] == slide["to"]:
            phrase = f"{who}' pawn stays on {slide['from']}, boxed in"
        else:
            phrase = f"{who} slide their pawn from {slide['from']} to {slide['to']}"
        phrase += countdown_words(kinds.get("roll"))
    elif "score" in kinds:
        scored, coin = kinds["score"], kinds["place"]["piece"]
        phrase = (f"{who} score {tile_words(scored['tile'])} on {scored['cell']} with their "
                  f"{VALUE_WORDS[coin['value']]} coin: {plural(scored['points'], 'point')}")
    elif "place" in kinds:
        coin = kinds["place"]["piece"]
        value = VALUE_WORDS[coin["value"]]
        phrase = f"{who} drop their {value} coin into the hole: no tile faces their pawn, no points"
    else:
        fed = kinds["roll"]
        value = VALUE_WORDS[fed["value"]]
        if fed["value"] == 0:
            phrase = f"{who} feed their null coin to the die: they score again on their next turn"
        else:
            phrase = f"{who} feed their {value} coin to the die, which now shows {value}"
    if turned:
        phrase = f"{phrase} ({plural(turned, who + ' tile')} turned first)"
    if "eliminate" in kinds:
        phrase += f"; {who} have no coin left and are finished"
    if after.over:
        phrase += "; the game ends: " + ", ".join(
            f"{name} {score}" for name, score in zip(player_names(state), after.scores())
        )
    return phrase


def countdown_words(roll: dict[str, Any] | None) -> str:
    if roll is None:
        return ""
    if roll["value"] == 0:
        return "; their die reaches null: they score next turn"
    return f"; their die counts down to {VALUE_WORDS[roll['value']]}"


def tile_words(tile: dict[str, Any]) -> str:
    """``"the Arms 3 tile"``, ``"the Moons ace tile"``."""
    return f"the {SUIT_NAMES[SUIT_INDEX[tile['suit']]]} {VALUE_WORDS[tile['value']]} tile"


def player_names(state: "DesfasesState") -> list[str]:
    if state.game.num_players == 2:
        return ["Suns & Moons", "Arms & Crowns"]
    return list(SUIT_NAMES)
