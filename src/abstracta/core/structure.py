"""The structured position: one small JSON vocabulary every game uses to show a position.

``state.structure()`` (and ``view.structure()``) returns a plain dict of JSON values that
says what a position holds in words every interface understands, so that the terminal, the
RL observations, the web boards and the PPN export read it instead of parsing each game's
notation (notation is parsed only inside ``games/``). A view's structure holds only what
its viewer may know. ``docs/api.md`` ("The structured position") is the reference; the
shape, in short::

    {
      "board":  {"shape": "grid", "files": 10, "ranks": 8, "cells": ["a1", "a2", ...]},
      "cells":  {"e4": [{"kind": "deflector", "owner": 0, "facing": "ne"}], ...},
      "areas":  [{"name": "reserve", "owner": 0, "pieces": [{"kind": "checker", "owner": 0, "count": 6}]}],
      "dice":   [{"name": "red", "owner": 0, "value": 3, "faces": 6}],
      "scores": [0, 0],
      "turn":   {"player": 0, "seat": "Blue", "over": false},
      "extra":  {...}
    }

- ``board``: the playing surface. ``shape`` is ``"grid"`` (``files`` x ``ranks`` squares named
  file letter + rank number) or ``"other"`` (any other surface); ``cells`` names every cell
  in a fixed order (on a grid: ``a1 a2 ... b1 ...``, file-major), whether or not anything
  stands there. Where the surface itself changes (Desfases' turning tiles, Reflec's
  destroyable tiles) the tiles are pieces on their cells.
- ``cells``: cell name -> the pieces standing there, bottom first; only occupied cells appear.
- ``areas``: places off the board (reserves, supplies, captured pieces, Zero G), each with
  a ``name``, an ``owner`` (a player, or ``None``) and its ``pieces``.
- ``dice``: dice and timers with their ``value`` (``None`` before a roll).
- ``scores``: ``state.scores()``; ``turn``: ``player`` (a player, ``CHANCE`` or ``None`` when
  over), ``seat`` and ``over`` as the state has them.
- ``extra``: facts of the game the vocabulary has no word for (actions left this turn, a
  repetition count), JSON values under the game's own keys.

A piece is ``{"kind": ..., "owner": ...}`` and, where the game has them, ``suit``, ``facing``
(``"n"``, ``"ne"``, ... clockwise from north, the way the piece points), ``value`` (a number
it shows), ``face_down`` (true when it lies face down), ``revealed`` (true once a hidden piece
has been shown to everyone) and ``count`` (identical pieces in an area, 1 when left out).
A piece whose kind the viewer may not know has ``kind`` :data:`HIDDEN`.

Effects (``last_effects()``) use the same words: each entry's ``kind`` is one of
:data:`EFFECT_KINDS`, with the fields listed there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from abstracta.core.errors import CHANCE

HIDDEN = "hidden"
"""The ``kind`` of a piece whose kind the viewer may not know."""

FACINGS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
"""Directions a piece may face, clockwise from north (up the board as drawn, rank 1 at the bottom)."""

BOARD_SHAPES = ("grid", "other")

PIECE_FIELDS: Mapping[str, tuple[type, ...]] = {
    "kind": (str,),
    "owner": (int, type(None)),
    "suit": (str,),
    "facing": (str,),
    "value": (int,),
    "face_down": (bool,),
    "revealed": (bool,),
    "count": (int,),
    "label": (str,),
}
"""Every key a piece may have and the JSON types of its value (``kind`` and ``owner`` always present).
``label``: a short name to print when the kind is not enough (a piecepack rank, a letter)."""

EFFECT_KINDS: Mapping[str, str] = {
    "move": "a piece went from one cell to another: from, to, piece (pushed, slung, ... in cause)",
    "place": "a piece entered the board: cell, piece (from an area named in from_area, where it came from one)",
    "remove": "a piece left the board: cell, piece (hit by a beam, captured, destroyed; why in cause)",
    "rotate": "a piece or tile turned in place: cell, facing (the new one), piece",
    "swap": "two cells exchanged what stands on them: cells",
    "beam": "a laser beam: from (the cell it leaves), path (cells in order), stop (where and why it ended)",
    "roll": "a die or timer took a value: die (its name), value, owner",
    "reveal": "a hidden piece was shown: cell, piece",
    "contest": "two pieces met and the rules decided between them: cell, attacker, defender, result",
    "score": "points went to a player or suit: player or suit, points",
    "eliminate": "a player (or their suits) left the game: player",
    "end": "the game ended: reason, winners (players, empty for a draw)",
}
"""The shared list of effect kinds, with the fields each entry has (beyond ``kind``).

Pieces in effects are pieces as above; cells are cell names. An entry may add fields of its
own game (``cause``, ``hits``, ...) but never changes what a listed field means.
"""

STRUCTURE_KEYS = ("board", "cells", "areas", "dice", "scores", "turn", "extra")


def unplaced_structure(state: Any) -> dict[str, Any]:
    """The structure of a game that draws no board: no cells, its scores and turn only.

    The default of ``State.structure``: a game without a structured picture still shows its
    notation, scores and turn in every interface (the generic board and terminal picture).
    """
    return {
        "board": {"shape": "other", "cells": []},
        "cells": {},
        "areas": [],
        "dice": [],
        "scores": list(state.scores()),
        "turn": turn_of(state),
        "extra": {},
    }


def turn_of(state: Any) -> dict[str, Any]:
    """The ``turn`` entry of ``state``'s structure."""
    return {"player": state.player, "seat": state.seat, "over": bool(state.over)}


def piece(kind: str, owner: int | None, **fields: Any) -> dict[str, Any]:
    """A piece of the vocabulary, leaving out the optional fields given as ``None``."""
    return {"kind": kind, "owner": owner, **{k: v for k, v in fields.items() if v is not None}}


# -- checks (the tests of every game call these) ----------------------------------------------
def check_structure(data: Any, num_players: int) -> None:
    """Raise ``ValueError`` naming the first place where ``data`` breaks the vocabulary."""
    if not isinstance(data, dict) or set(data) != set(STRUCTURE_KEYS):
        raise ValueError(f"a structure is a dict with exactly the keys {STRUCTURE_KEYS}, got {sorted(data)!r}"
                         if isinstance(data, dict) else f"a structure is a dict, got {type(data).__name__}")
    board = data["board"]
    if not isinstance(board, dict) or board.get("shape") not in BOARD_SHAPES:
        raise ValueError(f"board: shape must be one of {BOARD_SHAPES}, got {board!r}")
    names = board.get("cells")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(set(names)) != len(names):
        raise ValueError("board: cells must be a list of distinct cell names")
    if board["shape"] == "grid":
        files, ranks = board.get("files"), board.get("ranks")
        if not isinstance(files, int) or not isinstance(ranks, int) or len(names) != files * ranks:
            raise ValueError(f"board: a grid needs files and ranks whose product is the number of cells ({len(names)})")
    known = set(names)
    if not isinstance(data["cells"], dict):
        raise ValueError("cells must map cell names to lists of pieces")
    for name, pieces in data["cells"].items():
        if name not in known:
            raise ValueError(f"cells: {name!r} is not a cell of the board")
        if not isinstance(pieces, list) or not pieces:
            raise ValueError(f"cells: {name!r} must hold a non-empty list of pieces (leave empty cells out)")
        for item in pieces:
            check_piece(item, num_players, f"cells[{name!r}]")
    if not isinstance(data["areas"], list):
        raise ValueError("areas must be a list")
    for area in data["areas"]:
        if not isinstance(area, dict) or set(area) != {"name", "owner", "pieces"} or not isinstance(area["name"], str):
            raise ValueError(f"areas: each area is {{name, owner, pieces}}, got {area!r}")
        _check_owner(area["owner"], num_players, f"area {area['name']!r}")
        for item in area["pieces"]:
            check_piece(item, num_players, f"area {area['name']!r}")
    if not isinstance(data["dice"], list):
        raise ValueError("dice must be a list")
    for die in data["dice"]:
        if not isinstance(die, dict) or not isinstance(die.get("name"), str) or "value" not in die:
            raise ValueError(f"dice: each die has a name and a value, got {die!r}")
        if die["value"] is not None and not isinstance(die["value"], int):
            raise ValueError(f"dice: {die['name']!r} value must be an int or None")
        _check_owner(die.get("owner"), num_players, f"die {die['name']!r}")
    if not isinstance(data["scores"], list) or not all(isinstance(s, (int, float)) for s in data["scores"]):
        raise ValueError("scores must be a list of numbers")
    turn = data["turn"]
    if not isinstance(turn, dict) or set(turn) != {"player", "seat", "over"}:
        raise ValueError(f"turn must be {{player, seat, over}}, got {turn!r}")
    if turn["player"] is not None and turn["player"] != CHANCE:
        _check_owner(turn["player"], num_players, "turn")
    if not isinstance(data["extra"], dict):
        raise ValueError("extra must be a dict")


def check_piece(item: Any, num_players: int, where: str = "piece") -> None:
    """Raise ``ValueError`` unless ``item`` is a piece of the vocabulary."""
    if not isinstance(item, dict) or "kind" not in item or "owner" not in item:
        raise ValueError(f"{where}: a piece is a dict with kind and owner, got {item!r}")
    for key, value in item.items():
        types = PIECE_FIELDS.get(key)
        if types is None:
            raise ValueError(f"{where}: unknown piece field {key!r} (known: {', '.join(PIECE_FIELDS)})")
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise ValueError(f"{where}: piece field {key!r} has a bad value {value!r}")
    _check_owner(item["owner"], num_players, where)
    if "facing" in item and item["facing"] not in FACINGS:
        raise ValueError(f"{where}: facing {item['facing']!r} is not one of {FACINGS}")


def check_effect(effect: Any, num_players: int) -> None:
    """Raise ``ValueError`` unless ``effect`` is an entry of ``last_effects()`` in the shared schema."""
    if not isinstance(effect, dict) or effect.get("kind") not in EFFECT_KINDS:
        raise ValueError(f"an effect's kind must be one of {', '.join(EFFECT_KINDS)}, got {effect!r}")
    for key in ("piece", "attacker", "defender"):
        if key in effect and effect[key] is not None:
            check_piece(effect[key], num_players, f"effect {effect['kind']} {key}")


def _check_owner(owner: Any, num_players: int, where: str) -> None:
    if owner is None:
        return
    if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < num_players:
        raise ValueError(f"{where}: owner {owner!r} is not a player (0 to {num_players - 1}) or None")


__all__ = [
    "BOARD_SHAPES", "EFFECT_KINDS", "FACINGS", "HIDDEN", "PIECE_FIELDS", "STRUCTURE_KEYS",
    "check_effect", "check_piece", "check_structure", "piece", "turn_of", "unplaced_structure",
]
