"""The ``remove`` effect spelled from a notation token, for tests that write effects out.

Written independently of the engine's tables so the tests check them: ``Dnw`` is a Blue
Deflector facing nw, ``k`` the Red King.
"""

from __future__ import annotations

from typing import Any

KIND_WORDS = {"L": "laser", "K": "king", "S": "switch", "D": "deflector", "B": "defender"}


def piece_of(token: str) -> dict[str, Any]:
    """The structured piece a notation token stands for."""
    piece: dict[str, Any] = {"kind": KIND_WORDS[token[0].upper()], "owner": 0 if token[0].isupper() else 1}
    if token[1:]:
        piece["facing"] = token[1:]
    return piece


def removal(square: str, token: str) -> dict[str, Any]:
    """The effect of the beam removing the piece ``token`` from ``square``."""
    return {"kind": "remove", "cell": square, "piece": piece_of(token), "cause": "beam"}


def removed_king(effects: list[dict[str, Any]]) -> int | None:
    """The owner of the King the shot removed (0 Blue, 1 Red), ``None`` when it removed none."""
    last = effects[-1] if effects else {}
    return last["piece"]["owner"] if last.get("kind") == "remove" and last["piece"]["kind"] == "king" else None
