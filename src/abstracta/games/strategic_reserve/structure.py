"""The structured position (``core/structure.py``) and ``last_effects`` (§10) of Strategic Reserve.

Built straight from the engine's bitboards, never from the notation. A position reads::

    cells   {"b2": [{"kind": "checker", "owner": 0}], ...}
    areas   one "reserve" per player: [{"kind": "checker", "owner": p, "count": n}] ([] when empty)
    dice    "purple" (the file, for Red) and "green" (the rank), owned by the side to move,
            value None until this turn's roll
    extra   side (0 Red, 1 Blue: who rolls or places now, kept once the game is over),
            placements (placements made so far, which ``max_turns`` counts),
            target (the square this turn's roll struck, None before the roll)

A roll's effects are one ``roll`` entry per die (``die``, ``value``, ``owner``, plus ``cell``: the
square the pair struck, and ``hit``: ``"empty"``, ``"enemy"`` or ``"friendly"``), then one
``remove`` entry per checker it sent back (``cause`` ``"roll"``, ``to_area`` ``"reserve"``), in
file-major order. A placement is one ``place`` entry (``from_area`` ``"reserve"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.errors import NotationError
from abstracta.core.structure import turn_of
from abstracta.games.strategic_reserve.board import (
    ROLL_INDEX,
    ROLL_TARGET_BIT,
    SIZE,
    SQUARE_BIT,
    SQUARE_NAMES,
    square_names_of,
)

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserveState

SEATS = ("red", "blue")
HIT_NAMES = ("empty", "enemy", "friendly")  # indexed by the hit codes of rules.py
DICE = ("purple", "green")  # in the order of a roll "p,g"
CHECKER = "checker"
RESERVE = "reserve"


def structure_of(state: "StrategicReserveState") -> dict[str, Any]:
    red, side, pending = state.red, state.side, state.pending
    cells: dict[str, list[dict[str, Any]]] = {}
    occupied = red | state.blue
    while occupied:  # lowest bit first: file-major, as the board's cells are listed
        low = occupied & -occupied
        cells[SQUARE_NAMES[low.bit_length() - 1]] = [{"kind": CHECKER, "owner": 0 if low & red else 1}]
        occupied ^= low
    if pending < 0:
        values: tuple[int | None, int | None] = (None, None)
        target = None
    else:
        values = (pending // 6 + 1, pending % 6 + 1)  # index = 6*(p-1) + (g-1) (board.py)
        target = SQUARE_NAMES[ROLL_TARGET_BIT[side][pending].bit_length() - 1]
    return {
        "board": {"shape": "grid", "files": SIZE, "ranks": SIZE, "cells": list(SQUARE_NAMES)},
        "cells": cells,
        "areas": [_reserve(0, state.red_reserve), _reserve(1, state.blue_reserve)],
        "dice": [{"name": name, "owner": side, "value": value, "faces": 6} for name, value in zip(DICE, values)],
        "scores": [state.red_reserve, state.blue_reserve],
        "turn": turn_of(state),
        "extra": {"side": side, "placements": state.count, "target": target},
    }


def _reserve(owner: int, count: int) -> dict[str, Any]:
    pieces = [{"kind": CHECKER, "owner": owner, "count": count}] if count else []
    return {"name": RESERVE, "owner": owner, "pieces": pieces}


# -- last_effects (§10) ------------------------------------------------------
# A state keeps its effect as a tuple, built into dicts only when asked:
#   roll:  (0, side, roll index, target bit, hit, removed bitboard)
#   place: (1, side, square bit)


def effects_to_json(effect: tuple | None) -> list[dict[str, Any]]:
    if effect is None:
        return []
    if effect[0] == 0:
        _, side, roll, target, hit, removed = effect
        cell, hit_name = SQUARE_NAMES[target.bit_length() - 1], HIT_NAMES[hit]
        values = (roll // 6 + 1, roll % 6 + 1)
        entries: list[dict[str, Any]] = [
            {"kind": "roll", "die": die, "value": value, "owner": side, "cell": cell, "hit": hit_name}
            for die, value in zip(DICE, values)
        ]
        rival = 1 - side
        entries.extend(
            {"kind": "remove", "cell": square, "piece": {"kind": CHECKER, "owner": rival}, "cause": "roll",
             "to_area": RESERVE}
            for square in square_names_of(removed)
        )  # fmt: skip
        return entries
    _, side, bit = effect
    return [{"kind": "place", "cell": SQUARE_NAMES[bit.bit_length() - 1], "piece": {"kind": CHECKER, "owner": side},
             "from_area": RESERVE}]  # fmt: skip


def effect_from_json(entries: Any) -> tuple | None:
    """The inverse of :func:`effects_to_json` for a saved state; malformed entries raise ``NotationError``.

    Saved states written before the shared effect kinds (one ``roll`` entry with ``seat``,
    ``roll``, ``square``, ``hit`` and ``removed``; ``place`` with ``seat`` and ``square``) still load.
    """
    if entries == []:
        return None
    problem = f"last_effects {entries!r} is not the entries of one roll or one placement"
    if not isinstance(entries, list) or not entries or not all(isinstance(entry, dict) for entry in entries):
        raise NotationError(problem)
    legacy = len(entries) == 1 and "seat" in entries[0]
    try:
        effect = _legacy_effect(entries[0]) if legacy else _effect(entries)
    except (KeyError, ValueError, TypeError, AttributeError):
        effect = None
    # Reading back must give the very entries: every field, each entry once, removals sorted.
    if effect is None or (not legacy and effects_to_json(effect) != entries):
        raise NotationError(problem)
    return effect


def _effect(entries: list[dict[str, Any]]) -> tuple | None:
    """The tuple read from entries in the shared kinds (the caller checks they are exactly its entries)."""
    first = entries[0]
    if first["kind"] == "place" and len(entries) == 1:
        return (1, _side(first["piece"]["owner"]), SQUARE_BIT[first["cell"]])
    if first["kind"] != "roll" or len(entries) < 2:
        return None
    side = _side(first["owner"])
    purple, green = entries[0]["value"], entries[1]["value"]
    roll = ROLL_INDEX[f"{purple},{green}"] if type(purple) is int and type(green) is int else None
    if roll is None:
        return None
    removed = 0
    for entry in entries[2:]:
        removed |= SQUARE_BIT[entry["cell"]]
    return (0, side, roll, ROLL_TARGET_BIT[side][roll], HIT_NAMES.index(first["hit"]), removed)


def _legacy_effect(entry: dict[str, Any]) -> tuple | None:
    side = SEATS.index(entry["seat"])
    if entry["kind"] == "place" and set(entry) == {"kind", "seat", "square"}:
        return (1, side, SQUARE_BIT[entry["square"]])
    if entry["kind"] == "roll" and set(entry) == {"kind", "seat", "roll", "square", "hit", "removed"}:
        removed = 0
        for square in entry["removed"]:
            removed |= SQUARE_BIT[square]
        if entry["removed"] != square_names_of(removed):  # a list of distinct squares, sorted
            return None
        roll = ROLL_INDEX[entry["roll"]]
        target = ROLL_TARGET_BIT[side][roll]
        if SQUARE_BIT[entry["square"]] != target:  # the square the roll strikes, §7.1
            return None
        return (0, side, roll, target, HIT_NAMES.index(entry["hit"]), removed)
    return None


def _side(owner: Any) -> int:
    if type(owner) is not int or owner not in (0, 1):
        raise ValueError(f"owner {owner!r}")
    return owner
