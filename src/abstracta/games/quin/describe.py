"""Quin moves in plain words (``state.describe``), from one seat's knowledge only.

A phrase is built from ``state.view(viewer)`` and the move as that viewer may read it
(``public_move`` for a rival's move), never from the full state: a face-down piece the viewer
has not seen is "a face-down piece", and what a flash does is said only when both kinds are
known to the viewer (otherwise "a flash reveals both", as the board will show). So two full
states with the same view give the same phrase, and no phrase names a kind its reader may not
know. A kind the move itself shows (the Reflector of a Reflection, the Voids of Gravity, the
Memory of a swap, the Time spent, the jumped Peripheral, a raised piece) is named, since the
move string tells it to everyone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from abstracta.core.describe import check_move, check_viewer, join_words, plural
from abstracta.core.errors import IllegalMove
from abstracta.games.quin.board import CENTRE, SQUARE_INDEX, SQUARE_NAMES
from abstracta.games.quin.explain import FORMS
from abstracta.games.quin.pieces import BOTH, CAPTURE, FLASH, KIND_INDEX, LIGHT, PIECE_COUNTS
from abstracta.games.quin.rules import PLAY, QUIET_TURNS, public_move

if TYPE_CHECKING:
    from abstracta.games.quin.view import QuinView

KIND_NAMES = ("Light", "Shadow", "Artificial Light", "Reflector", "Memory", "Time", "Peripheral", "Void")
SIDE_NAMES = ("South", "North")
TURN_ENDING = ("step", "sling", "reflect", "gravity", "reinforce", "pass")
METHODS = {"raise": "raise_", "pass": "pass_"}  # the move forms whose names are Python keywords
# The move forms, with the public forms of a Reinforcement and a placement (kinds written ``?``).
READ_FORMS = {
    **FORMS,
    "reinforce": re.compile(r"reinforce ([LSARMTPV?]@[a-l][1-5](?: [LSARMTPV?]@[a-l][1-5])*)"),
    "place": re.compile(r"place ([LSARMTPV?]) ([a-l][1-5])"),
}


def describe(state, move: str, viewer: int | None = None) -> str:
    """``"South reflects the Light from f5 to f2 via the Reflector on f3"`` as ``viewer`` may read it.

    ``state`` is a full state or a view; a view describes only for its own viewer (``ValueError``
    otherwise). The viewer's own move must be legal; another seat's move is checked only by its
    form, since its legality may hang on kinds the viewer cannot see.
    """
    check_viewer(state, viewer)
    view = state.view(viewer)
    if viewer is not None and viewer == view.player:
        check_move(view, move)  # the viewer's own moves, which never depend on the rival's hidden kinds
    elif view.over or not isinstance(move, str) or not any(form.fullmatch(move) for form in READ_FORMS.values()):
        # Whether another seat's move is legal may depend on kinds this reader cannot see, so only its
        # form is checked: even a refusal must not tell them apart.
        raise IllegalMove(f"illegal move {move!r}: not a Quin move {SIDE_NAMES[view.side]} could make here")
    return Phrase(view, move if viewer == view.side else public_move(move)).text()


class Phrase:
    """The phrase of one move (in the form ``viewer`` reads it) from the view before it."""

    def __init__(self, view: "QuinView", move: str) -> None:
        self.view, self.move = view, move
        self.mover = view.side
        self.who = SIDE_NAMES[self.mover]
        self.flash_known: bool | None = None  # None: no flash; False: a flash whose result the viewer cannot know
        self.winner: int | None = None

    # -- pieces as the viewer knows them ----------------------------------------------------
    def kind(self, sq: int) -> int | None:
        """The kind on ``sq`` if the viewer knows it, else None (empty or face down)."""
        piece = self.view.board[sq]
        return piece & 7 if piece > 0 else None

    def owner(self, sq: int) -> int | None:
        piece = self.view.board[sq]
        if piece == 0:
            return None
        return (piece >> 3) & 1 if piece > 0 else -1 - piece

    def piece(self, sq: int) -> str:
        """``"the Shadow"`` / ``"a face-down piece"`` for the mover's piece, ``"North's Void"`` for the other's."""
        kind, owner = self.kind(sq), self.owner(sq)
        if owner is None:  # occupancy is public: saying so tells nothing hidden
            raise IllegalMove(f"illegal move {self.move!r}: no piece on {SQUARE_NAMES[sq]}")
        if owner == self.mover:
            return f"the {KIND_NAMES[kind]}" if kind is not None else "a face-down piece"
        whose = SIDE_NAMES[owner]
        return f"{whose}'s {KIND_NAMES[kind]}" if kind is not None else f"{whose}'s face-down piece"

    # -- the phrase ----------------------------------------------------------------------
    def text(self) -> str:
        form, match = next((name, m) for name, regex in READ_FORMS.items() if (m := regex.fullmatch(self.move)))
        phrase = getattr(self, METHODS.get(form, form))(*match.groups())
        if form in TURN_ENDING:
            phrase += self.ending()
        elif self.winner is not None:
            phrase += f"; {SIDE_NAMES[self.winner]} wins"
        return phrase

    def step(self, source: str, target: str) -> str:
        return self.travel(f"{self.who} moves {self.piece(SQUARE_INDEX[source])} from {source}", source, target)

    def sling(self, source: str, target: str, over: str) -> str:
        head = f"{self.who} slings {self.piece(SQUARE_INDEX[source])} from {source} over the Peripheral on {over}"
        return self.travel(head, source, target)

    def reflect(self, source: str, target: str, via: str) -> str:
        head = f"{self.who} reflects {self.piece(SQUARE_INDEX[source])} from {source}"
        return self.travel(head, source, target, f" via the Reflector on {via}")

    def travel(self, head: str, source: str, target: str, tail: str = "") -> str:
        """A piece going from ``source`` to ``target``: onto an empty space, or a flash there."""
        frm, to = SQUARE_INDEX[source], SQUARE_INDEX[target]
        place = "o (First Sight)" if to == CENTRE else target
        if self.owner(to) is None:
            if to == CENTRE and self.kind(frm) == LIGHT:
                self.winner = self.mover
                return f"{head} to o{tail}: the Light reaches First Sight"
            return f"{head} to {place}{tail}"
        defender_text = self.piece(to)
        attacker, defender = self.kind(frm), self.kind(to)
        flash = f"{head} onto {defender_text} on {place}{tail}"
        if attacker is None or defender is None:
            self.flash_known = False
            return f"{flash}: a flash reveals both"
        self.flash_known = True
        result = FLASH[attacker][defender]
        if result == CAPTURE:
            if defender == LIGHT or (to == CENTRE and attacker == LIGHT):
                self.winner = self.mover
            return f"{flash}: the flash captures it"
        if result == BOTH:
            return f"{flash}: the flash removes both"
        if defender == LIGHT and frm == CENTRE or attacker == LIGHT and to == CENTRE:
            self.winner = self.mover if attacker == LIGHT else 1 - self.mover
        return f"{flash}: the flash swaps them"

    def time(self, target: str, destination: str) -> str:
        pushed = self.piece(SQUARE_INDEX[target])
        return f"{self.who} spends the Time to push {pushed} back from {target} to {destination}; the Time goes to Zero G"

    def swap(self, memory: str, other: str) -> str:
        return (f"{self.who} swaps the Memory on {memory} with {self.piece(SQUARE_INDEX[other])} on {other}; "
                "both are locked: neither moves this turn")  # fmt: skip

    def raise_(self, kind: str, gateway: str) -> str:
        return f"{self.who} raises the {KIND_NAMES[KIND_INDEX[kind]]} from Zero G onto {gateway} (Resurrection)"

    def gravity(self, caster: str, pairs: str, *_: str) -> str:
        pulls = [pair.split("-") for pair in pairs.split(", ")]
        moved = join_words(f"the Void on {a} to {b}" for a, b in pulls)
        return f"{self.who} casts Gravity with the Void on {caster}, pulling {moved}"

    def reinforce(self, entries: str, *_: str) -> str:
        placed = [(entry[0], entry[2:]) for entry in entries.split(" ")]
        if all(kind == "?" for kind, _ in placed):
            gateways = join_words(gateway for _, gateway in placed)
            return f"{self.who} brings {plural(len(placed), 'face-down piece')} from reserve onto {gateways}"
        pieces = join_words(f"{one(kind)} onto {gateway}" for kind, gateway in placed)
        return f"{self.who} brings {pieces} from reserve, face down"

    def pass_(self) -> str:
        return f"{self.who} passes: nothing else is legal"

    def place(self, kind: str, square: str) -> str:
        if kind == "?":
            return f"{self.who} places a face-down piece on {square}"
        return f"{self.who} places {one(kind)} on {square}"

    def ready(self) -> str:
        if self.mover == 0:
            return f"{self.who} ends its setup; North sets up next"
        return f"{self.who} ends its setup; play begins"

    def ending(self) -> str:
        """What a turn-ending action ends, when the viewer can know it (§8, §5 end of turn)."""
        view = self.view
        if self.winner is not None:
            return f"; {SIDE_NAMES[self.winner]} wins"
        if self.flash_known is False or view.phase != PLAY:  # a flash with unknown kinds may end the game by capture
            return ""
        form = next(name for name, regex in READ_FORMS.items() if regex.fullmatch(self.move))
        eventful = bool(view.free) or self.flash_known is not None or form in ("reflect", "gravity", "reinforce")
        if view.turns + 1 >= view.game.max_turns:
            return f"; the game ends drawn after {view.turns + 1} turns"
        if not eventful and view.quiet + 1 >= QUIET_TURNS:
            return f"; the game ends drawn after {QUIET_TURNS} quiet turns"
        return ""


def one(letter: str) -> str:
    """One piece of a kind, by its letter: ``"the Light"`` (a side has one), ``"an Artificial Light"``, ``"a Void"``."""
    kind = KIND_INDEX[letter]
    name = KIND_NAMES[kind]
    if PIECE_COUNTS[kind] == 1:
        return f"the {name}"
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
