"""Moves in plain words: the generic glue behind ``State.describe`` (docs/api.md, "Moves in plain words").

Each game writes its own phrases (``games/<name>/describe.py``); this module holds what they
share: checking the reader (``viewer``), joining words into English lists, and the plain
phrase a game without phrasing of its own falls back on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from abstracta.core.errors import IllegalMove

if TYPE_CHECKING:
    from abstracta.core.api import State

CHANCE = -1


def check_viewer(state: "State", viewer: int | None) -> None:
    """``ValueError`` unless ``viewer`` is ``None`` (a spectator) or one of the game's players."""
    if viewer is None:
        return
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < state.game.num_players:
        raise ValueError(f"no player {viewer!r} in {state.game.slug} (players 0 to {state.game.num_players - 1})")


def check_move(state: "State", move: str) -> None:
    """``IllegalMove`` (naming the move and why) unless ``move`` is legal here: ``play`` says why."""
    if not isinstance(move, str) or move not in state.moves():
        state.play(move)  # raises IllegalMove with the game's own reason
        raise IllegalMove(f"{move!r} is not a legal move here")  # pragma: no cover - play accepted it


def join_words(words: Iterable[str], conjunction: str = "and") -> str:
    """``["a"]`` -> ``"a"``, ``["a", "b"]`` -> ``"a and b"``, ``["a", "b", "c"]`` -> ``"a, b and c"``."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``plural(1, "checker")`` -> ``"1 checker"``, ``plural(3, "checker")`` -> ``"3 checkers"``."""
    return f"{count} {singular if count == 1 else plural_form or singular + 's'}"


def plain_phrase(state: "State", move: str, viewer: int | None = None) -> str:
    """The phrase of a game with no phrasing of its own: who acts and the move as ``viewer`` may read it."""
    check_viewer(state, viewer)
    check_move(state, move)
    if state.player == CHANCE:
        return f"chance gives {move}"
    shown = move if viewer == state.player else state.public_move(move)
    who = state.seat if state.seat is not None else f"player {state.player}"
    return f"{who} plays {shown}"
