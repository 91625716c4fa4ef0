"""Quin's ``last_effects()`` in the shared effect kinds (``core/structure.py``), and back for a saved state.

``rules.py`` and ``apply.py`` record raw tuples (``notation.E_*``); dicts are built only when
``last_effects()`` is asked. The entries, in the order the rules list them (§10):

- ``reveal``: ``cell``, ``piece`` (a face-down piece turned up by a flash, a power or a diagonal);
- ``move`` with ``cause`` ``"slingshot"`` (``from``, ``to``, ``over``: the Peripheral jumped) or
  ``"time push"`` (``from``, ``to``): the piece that went, as the reader may know it;
- ``contest``: a flash (§7.1) on ``cell``, the ``attacker`` coming ``from`` its cell, the
  ``defender``, and ``result`` ``"capture"``, ``"swap"`` or ``"both"``;
- ``remove``: a piece sent to Zero G from ``cell``;
- ``end``: ``reason`` (``"capture"``, ``"first-sight"``, ``"turns"``, ``"quiet"``) and ``winners``.

A moved piece whose kind the reader may not know (a view's rival piece still face down) is
``{"kind": "hidden", "owner": ...}``; every other effect names pieces a flash or a power has
just shown to both players, or pieces leaving the board face up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from abstracta.core.errors import NotationError
from abstracta.core.structure import HIDDEN
from abstracta.games.quin.board import SQUARE_INDEX, SQUARE_NAMES
from abstracta.games.quin.notation import E_DRAW, E_FLASH, E_PUSH, E_REMOVED, E_REVEAL, E_SLING, E_WIN, hidden_code
from abstracta.games.quin.pieces import KIND_OF_WORD, KIND_WORDS, RESULT_NAMES, REVEALED, code

WIN_REASONS = ("capture", "first-sight")
DRAW_REASONS = ("turns", "quiet")
CAUSES = {E_SLING: "slingshot", E_PUSH: "time push"}


def piece_json(piece: int, hidden: bool = False) -> dict[str, Any]:
    """A piece code (or a view's hidden code) as a piece of the vocabulary: kind word and owner."""
    if piece < 0:
        return {"kind": HIDDEN, "owner": -1 - piece}
    owner = (piece >> 3) & 1
    return {"kind": HIDDEN if hidden else KIND_WORDS[piece & 7], "owner": owner}


def effects_to_json(effects: tuple, mask: Callable[[int], bool] | None = None) -> list[dict[str, Any]]:
    """Dicts of the raw effect tuples. ``mask(piece)`` says whether a moved piece's kind is hidden
    from the reader (a view); it is written as a hidden piece then."""
    out: list[dict[str, Any]] = []
    for effect in effects:
        kind = effect[0]
        if kind == E_REVEAL:
            out.append({"kind": "reveal", "cell": SQUARE_NAMES[effect[1]], "piece": piece_json(effect[2])})
        elif kind == E_SLING or kind == E_PUSH:
            _, frm, to, piece = effect[:4]
            entry = {"kind": "move", "cause": CAUSES[kind], "from": SQUARE_NAMES[frm], "to": SQUARE_NAMES[to],
                     "piece": piece_json(piece, mask is not None and piece > 0 and mask(piece))}  # fmt: skip
            if kind == E_SLING:
                entry["over"] = SQUARE_NAMES[effect[4]]
            out.append(entry)
        elif kind == E_FLASH:
            _, to, frm, attacker, defender, result = effect
            out.append({
                "kind": "contest", "cell": SQUARE_NAMES[to], "from": SQUARE_NAMES[frm],
                "attacker": piece_json(attacker), "defender": piece_json(defender), "result": RESULT_NAMES[result],
            })  # fmt: skip
        elif kind == E_REMOVED:
            out.append({"kind": "remove", "cell": SQUARE_NAMES[effect[1]], "piece": piece_json(effect[2])})
        elif kind == E_WIN:
            out.append({"kind": "end", "reason": effect[2], "winners": [effect[1]]})
        else:
            out.append({"kind": "end", "reason": effect[1], "winners": []})
    return out


# -- reading a saved state's effects back -------------------------------------------------------

def _piece(data: Any, revealed: bool) -> int:
    """A piece dict as a code; a hidden one as the view's hidden code of its owner."""
    if not isinstance(data, dict) or set(data) != {"kind", "owner"} or data["owner"] not in (0, 1) \
            or type(data["owner"]) is not int:  # fmt: skip
        raise ValueError(data)
    if data["kind"] == HIDDEN:
        return hidden_code(data["owner"])
    return code(KIND_OF_WORD[data["kind"]], data["owner"], revealed)


def _known(data: Any, revealed: bool) -> int:
    piece = _piece(data, revealed)
    if piece < 0:
        raise ValueError(data)
    return piece


def _square(text: Any) -> int:
    if not isinstance(text, str) or text not in SQUARE_INDEX:
        raise ValueError(text)
    return SQUARE_INDEX[text]


def _as_on_board(board: tuple, to: int, piece: int, slung: bool) -> int:
    """A saved move names its piece by kind and owner only; whether a view may name it is decided by
    the revealed flag of the piece now standing on the move's destination."""
    there = board[to]
    if there < 0:  # hidden in the view being restored
        return there
    same = there and (piece & 15 == there & 15 if piece > 0 else -1 - piece == (there >> 3) & 1)
    if same:
        return there
    if slung and (there == 0 or piece > 0):  # a flash took the slung piece off its destination, showing it
        return piece | REVEALED if piece > 0 else piece
    if there == 0:  # nothing stands there to tell: keep the kind to its owner
        return piece if piece < 0 else hidden_code((piece >> 3) & 1)
    raise NotationError(f"last_effects: the push to {SQUARE_NAMES[to]} names a piece that is not the one standing there")


def effects_from_json(entries: Any, board: tuple) -> tuple:
    """The inverse of :func:`effects_to_json` for a saved state standing on ``board``; malformed
    entries raise ``NotationError``."""
    if not isinstance(entries, list):
        raise NotationError(f"last_effects {entries!r} must be a list")
    raw: list[tuple] = []
    for entry in entries:
        try:
            kind = entry["kind"]
            keys = set(entry)
            if kind == "reveal" and keys == {"kind", "cell", "piece"}:
                raw.append((E_REVEAL, _square(entry["cell"]), _known(entry["piece"], False)))
            elif kind == "move" and entry.get("cause") in ("slingshot", "time push") and keys == (
                {"kind", "cause", "from", "to", "piece", "over"} if entry["cause"] == "slingshot"
                else {"kind", "cause", "from", "to", "piece"}
            ):  # fmt: skip
                slung = entry["cause"] == "slingshot"
                to = _square(entry["to"])
                piece = _as_on_board(board, to, _piece(entry["piece"], False), slung)
                frm = _square(entry["from"])
                raw.append((E_SLING, frm, to, piece, _square(entry["over"])) if slung else (E_PUSH, frm, to, piece))
            elif kind == "contest" and keys == {"kind", "cell", "from", "attacker", "defender", "result"}:
                raw.append((E_FLASH, _square(entry["cell"]), _square(entry["from"]), _known(entry["attacker"], True),
                            _known(entry["defender"], True), RESULT_NAMES.index(entry["result"])))  # fmt: skip
            elif kind == "remove" and keys == {"kind", "cell", "piece"}:
                raw.append((E_REMOVED, _square(entry["cell"]), _known(entry["piece"], True)))
            elif kind == "end" and keys == {"kind", "reason", "winners"} and isinstance(entry["winners"], list):
                winners = entry["winners"]
                if entry["reason"] in WIN_REASONS and len(winners) == 1 and winners[0] in (0, 1) \
                        and type(winners[0]) is int:  # fmt: skip
                    raw.append((E_WIN, winners[0], entry["reason"]))
                elif entry["reason"] in DRAW_REASONS and not winners:
                    raw.append((E_DRAW, entry["reason"]))
                else:
                    raise ValueError(entry)
            else:
                raise ValueError(kind)
        except NotationError:  # a well-formed entry that does not fit the board: its own message
            raise
        except (KeyError, ValueError, TypeError):
            raise NotationError(f"last_effects: entry {entry!r} is not one of Quin's effects") from None
    return tuple(raw)

