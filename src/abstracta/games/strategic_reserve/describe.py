"""Strategic Reserve moves in plain words (``state.describe``): a roll and what it sends back, or a placement.

Read from ``last_effects()`` of the state after the move (the struck square, what stood there,
every checker sent back), so the rules of a hit are not worked out again here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.core.describe import check_move, check_viewer, join_words, plural

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserveState

COLOUR_NAMES = ("Red", "Blue")


def describe(state: "StrategicReserveState", move: str, viewer: int | None = None) -> str:
    """``"Red rolls 3,5: a hit on Blue's group at c5 sends 3 checkers back"``, ``"Blue places a checker on d4"``.

    No hidden information: every viewer reads the same phrase.
    """
    check_viewer(state, viewer)
    check_move(state, move)
    side = state.side
    who, rival = COLOUR_NAMES[side], COLOUR_NAMES[1 - side]
    after = state.play(move)
    effects = after.last_effects()
    rolls = [e for e in effects if e["kind"] == "roll"]
    if rolls:
        cell, hit = rolls[0]["cell"], rolls[0]["hit"]
        back = [e["cell"] for e in effects if e["kind"] == "remove"]
        if hit == "enemy":
            return f"{who} rolls {move}: a hit on {rival}'s group at {cell} sends {plural(len(back), 'checker')} back"
        if hit == "friendly":
            if back:
                count = "checker" if len(back) == 1 else f"{plural(len(back), 'checker')}"
                sent = f"{rival}'s {count} touching it ({join_words(back)}) {'goes' if len(back) == 1 else 'go'} back"
            else:
                sent = f"no {rival} checker touches it"
            return f"{who} rolls {move} onto {who}'s own group at {cell}: {sent}; {who} places next to that group"
        return f"{who} rolls {move}: {cell} is empty, nothing happens"
    left = after.scores()[side]
    if after.over and left == 0:
        return f"{who} places the last checker of the reserve on {move} and wins"
    phrase = f"{who} places a checker on {move} ({left} left in reserve)"
    if after.over:
        phrase += ": the game ends drawn at the turn limit"
    return phrase
