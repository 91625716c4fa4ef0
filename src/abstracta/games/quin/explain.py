"""Why a move is refused: the rule (§4, §6) it breaks, in words. Only called on the error path."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from abstracta.games.quin.board import (
    CENTRE,
    GATEWAYS,
    IS_HORIZON,
    IS_IRIS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    same_diameter,
)
from abstracta.games.quin.pieces import AL, KIND_INDEX, LIGHT, MEMORY, PERIPHERAL, REFLECTOR, TIME, VOID
from abstracta.games.quin.rules import FREE_MEMORY, FREE_TIME

if TYPE_CHECKING:
    from abstracta.games.quin.rules import QuinState

_SQ = r"([a-l][1-5]|o)"
_K = r"([LSARMTPV])"
FORMS = {
    "step": re.compile(rf"{_SQ}-{_SQ}"),
    "sling": re.compile(rf"{_SQ}-{_SQ} over {_SQ}"),
    "time": re.compile(rf"time {_SQ} {_SQ}"),
    "swap": re.compile(rf"swap {_SQ} {_SQ}"),
    "raise": re.compile(rf"raise {_K} {_SQ}"),
    "reflect": re.compile(rf"reflect {_SQ} {_SQ} via {_SQ}"),
    "gravity": re.compile(rf"gravity {_SQ}: ({_SQ}-{_SQ}(?:, {_SQ}-{_SQ})*)"),
    "reinforce": re.compile(rf"reinforce ({_K}@{_SQ}(?: {_K}@{_SQ})*)"),
    "pass": re.compile("pass"),
    "place": re.compile(rf"place {_K} {_SQ}"),
    "ready": re.compile("ready"),
}
GRAMMAR_HELP = (
    "not a Quin move; the forms are 'f2-o', 'd3-b3 over c3', 'time e4 e2', 'swap f2 f5', 'raise S f5', "
    "'reflect l4 f4 via f3', 'gravity d4: h4-c4, k2-d3', 'reinforce A@e5 L@g5', 'pass', 'place L f5', 'ready'"
)


def explain(state: "QuinState", move: object) -> str:
    if state.over:
        return "the game is over"
    if not isinstance(move, str):
        return f"a move is a string such as 'f2-o' or 'pass', not {type(move).__name__}"
    form, match = next(((name, m) for name, regex in FORMS.items() if (m := regex.fullmatch(move))), (None, None))
    if form is None:
        return GRAMMAR_HELP
    if state.phase == 0 and form not in ("place", "ready"):
        return "during setup only 'place K sq' and 'ready' are legal"
    if state.phase == 1 and form in ("place", "ready"):
        return "setup is over; pieces now enter by Reinforcement on your Gateways"
    return _REASONS[form](state, *[SQUARE_INDEX.get(g, g) for g in match.groups()])


def _owner(state, sq):
    piece = state.board[sq]
    return None if not piece else (piece >> 3) & 1


def _kind(state, sq):
    return state.board[sq] & 7 if state.board[sq] else None


def _mine(state, sq, *kinds):
    return _owner(state, sq) == state.side and (not kinds or _kind(state, sq) in kinds)


def _step(state, frm, to):
    if _owner(state, frm) is None:
        return f"there is no piece on {_name(frm)}"
    if not _mine(state, frm):
        return f"the piece on {_name(frm)} is not yours"
    if frm in state.locked:
        return f"the piece on {_name(frm)} was swapped by the Memory this turn and is locked (it may not move)"
    if _mine(state, to):
        return f"{_name(to)} holds your own piece"
    if IS_HORIZON[to] and _kind(state, frm) != PERIPHERAL:
        return "only a Peripheral may stop on the Horizon or flash a piece standing there"
    return (
        f"the piece on {_name(frm)} cannot reach {_name(to)}: pieces move straight (through o, along a line or "
        "a ring) up to their range without jumping, and only a Peripheral steps diagonally"
    )


def _sling(state, frm, to, over):
    if not _mine(state, frm):
        return f"there is no piece of yours on {_name(frm)}"
    if frm in state.locked:
        return f"the piece on {_name(frm)} was swapped by the Memory this turn and is locked (it may not move)"
    return (
        f"no slingshot over {_name(over)}: it needs your own Peripheral on a Horizon space reached along a ring "
        "within range, landing on the next space beyond it, empty or holding a rival piece"
    )


def _time(state, q, d):
    if state.free & FREE_TIME:
        return "Time may be used once per turn, and it was used this turn"
    if not any(p and (p >> 3) & 1 == state.side and p & 7 == TIME for p in state.board):
        return "you have no Time piece on the board"
    if _owner(state, q) is None or _mine(state, q):
        return f"Time pushes a rival piece, and {_name(q)} holds none"
    if q == CENTRE or IS_IRIS[q] or IS_HORIZON[q]:
        return "a piece on o, the Iris or the Horizon cannot be pushed"
    if d == CENTRE or IS_IRIS[d] or IS_HORIZON[d]:
        return "a push stays on its line within rings 2-5: it never ends on the Iris, o or the Horizon"
    return (
        f"{_name(d)} is not 1 to 3 empty spaces from {_name(q)} in its push direction (outward when the piece is "
        "on its owner's side, inward when it is on yours)"
    )


def _swap(state, m, q):
    if state.free & FREE_MEMORY:
        return "the Memory may swap once per turn, and it swapped this turn"
    if state.memory[state.side] >= 2:
        return "your Memory has already swapped twice this game (the limit)"
    if not _mine(state, m, MEMORY):
        return f"{_name(m)} does not hold your Memory"
    if not _mine(state, q) or q == m:
        return f"{_name(q)} must hold another of your pieces"
    if m == CENTRE or q == CENTRE or IS_IRIS[m] or IS_IRIS[q]:
        return "neither square of a Memory swap may be on the Iris or o"
    if IS_HORIZON[m] and IS_HORIZON[q]:
        return "a Memory swap may not have both squares on the Horizon"
    return "the two squares must be on the same side, or one on a side and the other on the Horizon"


def _raise(state, kind, g):
    if state.raised[state.side]:
        return "Resurrection is allowed once per game, and you have used it"
    if not state.removed[state.side][KIND_INDEX[kind]]:
        return f"you have no removed {kind} to bring back"
    if g not in GATEWAYS[state.side]:
        return f"{_name(g)} is not one of your Gateways"
    return f"your Gateway {_name(g)} is not open (it is occupied)"


def _reflect(state, s, d, r):
    if not _mine(state, r, REFLECTOR):
        return f"{_name(r)} does not hold your Reflector"
    if not _mine(state, s, LIGHT, AL):
        return f"{_name(s)} does not hold your Light or an Artificial Light"
    if s == CENTRE or r == CENTRE or IS_IRIS[s] or IS_IRIS[r]:
        return "neither the Reflector nor the reflected piece may stand on the Iris or o"
    if not same_diameter(s, r):
        return f"{_name(s)} and {_name(r)} are not on one diameter"
    if d == CENTRE or IS_IRIS[d] or IS_HORIZON[d]:
        return (
            "a Reflection lands next to the Reflector along its line on rings 2-5, "
            "never on the Iris, o or the Horizon"
        )
    if _mine(state, d):
        return f"{_name(d)} holds your own piece"
    return f"{_name(d)} is not next to the Reflector on {_name(r)} along its own line"


def _gravity(state, caster, pairs_text, *_):
    pairs = [(SQUARE_INDEX[v], SQUARE_INDEX[d]) for v, d in re.findall(rf"{_SQ}-{_SQ}", pairs_text)]
    if not _mine(state, caster, VOID):
        return f"{_name(caster)} does not hold your Void"
    if IS_IRIS[caster]:
        return "Gravity cannot be cast from the Iris"
    for v, d in pairs:
        if d == CENTRE or IS_IRIS[d]:
            return "Gravity cannot move a Void onto the Iris or o"
        if not _mine(state, v, VOID) or v == caster:
            return f"{_name(v)} does not hold another of your Voids"
    return (
        "each moved Void needs its own empty space next to the caster, and the pairs are written in order of "
        "their from-squares"
    )


def _reinforce(state, *rest):
    return (
        "a Reinforcement puts pieces from your reserve on distinct open Gateways of yours, at most one of them "
        "other than an Artificial Light, written in order of their squares"
    )


def _pass(state):
    return "pass is legal only when no move, Reflection, Gravity or Reinforcement is"


def _place(state, kind, sq):
    return (
        "'place K sq' puts a piece from your reserve (never an A) on an empty space of rings 2-5 of your own "
        "side; the Light only on one of your Gateways"
    )


def _ready(state):
    return "not legal in this position"


def _name(sq):
    return SQUARE_NAMES[sq]


_REASONS = {
    "step": _step,
    "sling": _sling,
    "time": _time,
    "swap": _swap,
    "raise": _raise,
    "reflect": _reflect,
    "gravity": _gravity,
    "reinforce": _reinforce,
    "pass": _pass,
    "place": _place,
    "ready": _ready,
}
