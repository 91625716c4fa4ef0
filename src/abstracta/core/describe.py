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


class PlyWords:
    """Plies in plain words, each phrase worked out once: ``words(states, moves, viewer)``.

    ``states[i]`` is the state before ``moves[i]``. A phrase is kept with the state and move it
    describes, so after a takeback a new move at the same ply is phrased afresh. Interfaces that
    show a growing game (the server's move list, the terminal's saved record) keep one of these.
    A move a game cannot phrase (``ValueError``) reads as the move, in its public form for a
    reader who did not make it, so a faulty phrasing never stops a game from being shown.
    """

    def __init__(self) -> None:
        self._said: dict[tuple[int, int | None], tuple["State", str, str]] = {}

    def __call__(self, states: list["State"], moves: list[str], viewer: int | None = None) -> list[str]:
        out = []
        for ply, (before, move) in enumerate(zip(states, moves)):
            said = self._said.get((ply, viewer))
            if said is None or said[0] is not before or said[1] != move:
                said = self._said[(ply, viewer)] = (before, move, _phrase(before, move, viewer))
            out.append(said[2])
        return out


def _phrase(before: "State", move: str, viewer: int | None) -> str:
    try:
        return before.describe(move, viewer)
    except ValueError:
        return move if viewer is not None and before.player == viewer else before.public_move(move)
