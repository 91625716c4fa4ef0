"""What one player may know (§9.3): a position with the rival's hidden kinds masked.

``QuinState.view(player)`` builds a :class:`QuinView`. Everything an interface, a bot or an
RL observation shows a player must come from one, never from the full state:

- ``notation()`` is the rules' view notation (12 fields); ``game.parse`` reads it back.
- ``structure()`` is that knowledge in the shared vocabulary (``structure.py``): a hidden piece,
  and a reserve whose kinds the viewer may not know, have kind ``hidden``.
- ``to_json()`` holds that notation (as ``position``) and ``last_effects()``, in which a Time push
  or a slingshot of a hidden piece names it ``{"kind": "hidden", "owner": ...}`` (the only effects
  that would otherwise tell a kind that stays hidden; every other effect concerns pieces a flash
  or a power has just revealed, or removed ones).
- ``player``, ``seat``, ``over``, ``returns()``, ``scores()`` are the position's own; the end
  of the game is always public. A Light standing on ``o`` is shown, since the win it gives
  announces it (decision pinned by ``test_view_shows_a_light_on_first_sight``).
- ``moves()`` is the viewer's legal moves when the viewer is to move (rules D22: they never
  depend on hidden rival kinds), else ``[]``.
- ``play(move)`` plays the viewer's move in *one world consistent with the view*
  (:meth:`world`: hidden kinds filled in a fixed order) and returns that world's state. It
  lets a search run on a view; what it shows beyond the view is a guess, never the truth.
  ``determinize(rng)`` draws such a world at random instead, from the game's knowledge (which
  keeps to the setup: in a ``random`` one the rival's reserve holds only its Light and ALs).
"""

from __future__ import annotations

import random
from typing import Any

from abstracta.core.api import State
from abstracta.core.errors import IllegalMove
from abstracta.games.quin import notation
from abstracta.games.quin.effects import effects_to_json
from abstracta.games.quin.structure import structure
from abstracta.games.quin.explain import explain
from abstracta.games.quin.board import CENTRE, GATEWAYS, NUM_SQUARES, SQUARE_NAMES
from abstracta.games.quin.notation import SEATS, hidden_code
from abstracta.games.quin.pieces import AL, LIGHT, PIECE_COUNTS, REVEALED, code
from abstracta.games.quin.rules import PLAY, SETUP, end_word, judge, new_state, public_move


class QuinView(State):
    """One player's (or a spectator's) knowledge of a position. ``viewer`` is 0, 1 or None."""

    __slots__ = (
        "game", "viewer", "board", "side", "phase", "reserve", "removed", "memory", "raised", "free", "locked",
        "turns", "quiet", "player", "seat", "over", "winner", "end", "_effects", "_world",
    )  # fmt: skip

    @classmethod
    def of(cls, state, viewer: int | None) -> "QuinView":
        view = object.__new__(cls)
        board = list(state.board)
        for sq, piece in enumerate(board):
            if not piece or piece & REVEALED:
                continue
            owner = (piece >> 3) & 1
            if owner == viewer or (sq == CENTRE and piece & 7 == LIGHT):
                continue
            board[sq] = hidden_code(owner)
        reserve = tuple(half if owner == viewer else sum(half) for owner, half in enumerate(state.reserve))
        view._fill(state.game, viewer, board, state.side, state.phase, reserve, state.removed, state.memory,
                   state.raised, state.free, state.locked, state.turns, state.quiet, state._effects)  # fmt: skip
        return view

    @classmethod
    def from_fields(cls, game, fields: notation.Fields) -> "QuinView":
        view = object.__new__(cls)
        viewer = None if fields.viewer == -1 else fields.viewer
        view._fill(
            game, viewer, fields.board, fields.side, fields.phase, tuple(fields.reserve), fields.removed,
            fields.memory, fields.raised, fields.free, fields.locked, fields.turns, fields.quiet, (),
        )  # fmt: skip
        return view

    def _fill(self, game, viewer, board, side, phase, reserve, removed, memory, raised, free, locked, turns, quiet,
              effects) -> None:  # fmt: skip
        self.game, self.viewer = game, viewer
        self.board = tuple(board)
        self.side, self.phase, self.reserve, self.removed = side, phase, reserve, removed
        self.memory, self.raised, self.free, self.locked = memory, raised, free, locked
        self.turns, self.quiet = turns, quiet
        self._effects = effects
        self._world = None
        self.winner, self.end = judge(game.max_turns, phase, self.board, removed, turns, quiet)
        self.over = self.end is not None
        self.player = None if self.over else side
        self.seat = None if self.over else SEATS[side]

    # -- the standard set -------------------------------------------------------------------
    def notation(self) -> str:
        entries = []
        for sq, piece in enumerate(self.board):
            if piece > 0:
                entries.append(SQUARE_NAMES[sq] + notation.letter(piece) + ("+" if piece & REVEALED else ""))
            elif piece < 0:
                entries.append(SQUARE_NAMES[sq] + "?" + ("" if self.viewer is not None else SEATS[-1 - piece]))
        halves = [
            str(half) if isinstance(half, int) else notation.half_text(half, owner)
            for owner, half in enumerate(self.reserve)
        ]
        removed = f"{notation.half_text(self.removed[0], 0)}/{notation.half_text(self.removed[1], 1)}"
        viewer = "-" if self.viewer is None else SEATS[self.viewer]
        return (
            f"{','.join(entries) or '-'} {SEATS[self.side]} {notation.PHASES[self.phase]} {halves[0]}/{halves[1]} "
            f"{removed} {notation.counters_text(self)} {viewer}"
        )

    def structure(self) -> dict[str, Any]:
        """What the notation of the view holds, structured: a hidden piece or reserve has kind ``hidden``."""
        return structure(self, is_view=True)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "position": self.notation(),
            "last_effects": self.last_effects(),
        }

    def last_effects(self) -> list[dict[str, Any]]:
        viewer = self.viewer

        def hidden(piece: int) -> bool:
            return not piece & REVEALED and (piece >> 3) & 1 != viewer

        return effects_to_json(self._effects, hidden)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def termination(self) -> str | None:
        return end_word(self.end) if self.over else None

    def scores(self) -> list[int]:
        return [sum(self.removed[1]), sum(self.removed[0])]

    def moves(self) -> list[str]:
        if self.over or self.player != self.viewer:
            return []
        return self.world().moves()

    def play(self, move: str) -> State:
        if self.over or self.player != self.viewer:
            whose = "the game is over" if self.over else f"it is {SEATS[self.side]}'s turn, not the viewer's"
            raise IllegalMove(f"illegal move {move!r}: {whose}")
        world = self.world()
        if world._action(move) is None:
            # The reasons read only occupancy and the mover's own pieces, so the guessed world tells nothing.
            raise IllegalMove(f"illegal move {move!r}: {explain(world, move)}")
        return world.play(move)

    def view(self, player: int | None) -> "QuinView":
        State.view(self, player)
        if player != self.viewer:
            raise ValueError(f"a view of {self.seat_name()} cannot show what another player knows")
        return self

    def public_move(self, move: str) -> str:
        return public_move(move)

    def describe(self, move: str, viewer: int | None = None) -> str:
        """The phrase for this view's own viewer (``describe.py``); another viewer is a ``ValueError``."""
        from abstracta.games.quin.describe import describe

        return describe(self, move, viewer)

    def seat_name(self) -> str:
        return "a spectator" if self.viewer is None else SEATS[self.viewer]

    # -- worlds consistent with the view ----------------------------------------------------
    def world(self):
        """One full state consistent with the view, hidden kinds filled in a fixed order."""
        if self._world is None:
            self._world = self._complete(None)
        return self._world

    def determinize(self, rng: random.Random):
        """A full state consistent with the view, hidden kinds drawn at random by ``rng``.

        A player's view draws from the game's knowledge (``evaluation.py``), which also keeps to
        what the setup says (a ``random`` setup deals no Light onto the board and its reserve
        holds only the Light and ALs), so a playout from it (the analysis's win chances) never
        starts from a world the rules rule out. A spectator's view fills both sides freely.
        """
        if self.viewer is None:
            return self._complete(rng)
        return self.game.knowledge().sample_world(self, rng)

    def _complete(self, rng: random.Random | None):
        board = list(self.board)
        reserve = list(self.reserve)
        for owner in (0, 1):
            hidden_squares = [sq for sq in range(NUM_SQUARES) if board[sq] == hidden_code(owner)]
            if not isinstance(reserve[owner], int):
                continue
            slots = reserve[owner]
            missing = list(PIECE_COUNTS)
            for piece in board:
                if piece > 0 and (piece >> 3) & 1 == owner:
                    missing[piece & 7] -= 1
            for kind, n in enumerate(self.removed[owner]):
                missing[kind] -= n
            pool = [kind for kind in range(8) for _ in range(missing[kind])]
            in_reserve = [0] * 8
            if self.phase == SETUP:  # ALs never stand on the board during setup
                in_reserve[AL] = missing[AL]
                slots -= missing[AL]
                pool = [kind for kind in pool if kind != AL]
            if rng is not None:
                rng.shuffle(pool)
                rng.shuffle(hidden_squares)
            if LIGHT in pool:
                pool.remove(LIGHT)
                allowed = [
                    sq for sq in hidden_squares if sq != CENTRE and (self.phase == PLAY or sq in GATEWAYS[owner])
                ]
                choices = allowed + ([-1] if slots else [])
                spot = choices[-1] if rng is None and slots else choices[0] if rng is None else rng.choice(choices)
                if spot < 0:
                    in_reserve[LIGHT] = 1
                    slots -= 1
                else:
                    board[spot] = code(LIGHT, owner, False)
                    hidden_squares.remove(spot)
            for sq, kind in zip(hidden_squares, pool):
                board[sq] = code(kind, owner, False)
            for kind in pool[len(hidden_squares):]:
                in_reserve[kind] += 1
            reserve[owner] = tuple(in_reserve)
        state = new_state(self.game, tuple(board), self.side, self.phase, tuple(reserve), self.removed, self.memory,
                          self.raised, self.free, self.locked, self.turns, self.quiet, ())  # fmt: skip
        state._effects = ()
        return state
