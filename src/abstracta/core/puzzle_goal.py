"""What a game's puzzles ask: the goal a puzzle's solver must force (``Game.puzzle_goal``).

The generic puzzle machinery (``abstracta.bots.puzzles``) proves forced wins by an AND-OR search
over the contract alone: at the solver's decisions one move must work (OR), at everyone else's
decisions and at chance nodes every move must (AND). What counts as reaching the goal, within how
many of the solver's turns, from which positions a puzzle may start and how its sentence reads are
the game's to say, through a :class:`PuzzleGoal` returned by ``Game.puzzle_goal()`` (``None``, the
default: the game has no puzzles). Bots and interfaces read it; they never name a game.

A *turn* is a run of consecutive plies with the same ``(player, seat)``: one ply in Laser Chess,
every action of a suit until ``end`` in Reflec. The goal's ``turns`` bounds the solver's turns the
proof may use; the rival's turn after the solver's last one is never needed (so an opponent who
hits its own King then does not count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from abstracta.core.api import State, View


class PuzzleGoal:
    """The goal of one game's puzzles; subclass it in ``games/<name>/puzzle_goal.py``.

    The base goal is "win the game": the solver's ``returns()`` entry is positive once it is over.
    """

    turns: int = 2
    """The solver's turns within which the goal must be forced (the first one included)."""

    exact: bool = True
    """True: a puzzle needs all ``turns`` (no first move forces the goal in fewer), so "in 2" is never
    a one-move puzzle; False: only ``turns`` is checked."""

    options: dict[str, Any] = {}
    """The game options puzzles are made and played under (``{}``: the defaults)."""

    task: str = "win"
    """The task in a few words, e.g. ``"hit the King in 2"``: the puzzle list's label."""

    hidden_worlds: bool = False
    """True for a game that hides information: the proof must hold in every world :meth:`worlds`
    lists for the solver's view (a puzzle starts from a view, never from a full state)."""

    def achieved(self, start: "State", state: "State", solver: int) -> bool:
        """Whether ``state``, reached from the puzzle's ``start``, fulfils the goal for ``solver``."""
        return state.over and state.returns()[solver] > 0

    def useful_moves(self, start: "State", state: "State", solver: int, turns_left: int,
                     moves: list[str]) -> list[str]:  # fmt: skip
        """Asked at the solver's decisions: those of ``moves`` after which the goal can still be reached
        within the solver's current turn and the ``turns_left`` turns it may still begin after it; the
        search tries only these. Only sure cuts are allowed (they shape a proof); the default keeps all."""
        return moves

    def suits(self, state: "State") -> bool:
        """Whether a puzzle may start at ``state`` with its player to move (the generator asks
        before searching). By default any position of a decision that is not over."""
        return not state.over and state.player is not None and state.player >= 0

    def sentence(self, state: "State") -> str:
        """The puzzle's sentence for a start ``state``, naming the side to move, e.g. "Blue to play:
        hit Red's King within 2 moves, whatever Red does"."""
        return f"{state.seat} to play: {self.task}"

    def compiled_wins(self, state: "State", solver: int, turns_left: int, in_turn: bool) -> bool | None:
        """The same proof as the generic search from ``state`` (after a move of the start), run by the
        game's compiled core: whether ``solver`` forces the goal from here with ``turns_left`` turns
        still to begin (``in_turn``: the solver's current turn goes on at ``state``). ``None`` (the
        default, or a core that is not built or turned off): the search runs in Python. A game answers
        only for goals its core reproduces exactly."""
        return None

    def worlds(self, view: "View") -> "Iterable[State]":
        """Every full state consistent with ``view`` (only when ``hidden_worlds``)."""
        raise ValueError(f"{type(self).__name__} does not list worlds (hidden_worlds is False)")
