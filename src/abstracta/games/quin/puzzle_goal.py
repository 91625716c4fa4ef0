"""Quin puzzles: "reach First Sight in 2" from the solver's view (``Game.puzzle_goal``, ``core/puzzle_goal.py``).

Standard setup. The side to move must end an action with its Light on First Sight (``o``) within
its next two turns, whatever the rival does, and in every world its view allows: a puzzle starts
from the solver's view, and a first move counts only if it forces First Sight whichever kinds the
rival's hidden pieces are. A capture of the rival's Light ends the game without First Sight, so it
does not count. A puzzle needs both turns: no first move reaches First Sight in the current turn.

The worlds (:meth:`FirstSightInTwo.worlds`) are every distinct deal of the rival's unseen kinds
(its 17 pieces less those shown on the board and those in Zero G) over its hidden squares, within
what the view alone allows (no Light hidden on ``o``; in the standard setup the reserve holds only
Artificial Lights, since nothing ever goes back to it). The view's history is not used: the solver
of a puzzle sees the position alone. So puzzles come from late positions, where few rival pieces
are still hidden (:data:`MAX_WORLDS`).

In the solver's last turn only the Light's step onto ``o`` is searched (:meth:`useful_moves`): a
free action never opens that step (Time and the Memory swap never touch the Iris or ``o``, a swapped
piece is locked for the turn, a raised piece stands on a Gateway), and nothing else but the Light
standing on ``o`` is First Sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from abstracta.core.puzzle_goal import PuzzleGoal
from abstracta.games.quin.board import CENTRE, NUM_SQUARES, SQUARE_NAMES
from abstracta.games.quin.evaluation import unaccounted_kinds, view_masks, world_of_deal
from abstracta.games.quin.notation import hidden_code
from abstracta.games.quin.pieces import AL, LIGHT, code
from abstracta.games.quin.rules import PLAY, WIN_FIRST_SIGHT

if TYPE_CHECKING:
    from abstracta.games.quin.rules import QuinState
    from abstracta.games.quin.view import QuinView

MAX_WORLDS = 120
"""The most worlds a puzzle's view may allow (the generator skips views that allow more): each
world is a proof of its own."""
SEAT_NAMES = {"S": "South", "N": "North"}


def light_square(state: "QuinState", player: int) -> int:
    """Where ``player``'s Light stands, or -1 (in reserve or removed)."""
    light = code(LIGHT, player, False)
    for sq in range(NUM_SQUARES):
        piece = state.board[sq]
        if piece > 0 and piece & 15 == light & 15:
            return sq
    return -1


def world_deals(view: "QuinView") -> Iterator[dict[int, int]]:
    """Every distinct deal ``{square: kind}`` of the rival's unseen kinds over its hidden squares that
    the view allows (standard setup: the rival's reserve holds only Artificial Lights)."""
    rival = 1 - view.viewer
    missing = unaccounted_kinds(view, rival)
    missing[AL] -= view.reserve[rival]
    masks = view_masks(view, rival)
    squares = sorted(masks)
    if min(missing) < 0 or sum(missing) != len(squares):
        return  # no world fits (a view the standard setup cannot reach)
    deal: dict[int, int] = {}

    def place(index: int) -> Iterator[dict[int, int]]:
        if index == len(squares):
            yield dict(deal)
            return
        sq = squares[index]
        for kind in range(8):
            if missing[kind] and masks[sq] >> kind & 1:
                missing[kind] -= 1
                deal[sq] = kind
                yield from place(index + 1)
                missing[kind] += 1
        deal.pop(sq, None)

    yield from place(0)


def count_worlds(view: "QuinView", limit: int) -> int:
    """How many worlds the view allows, counted up to ``limit + 1``."""
    count = 0
    for _ in world_deals(view):
        count += 1
        if count > limit:
            break
    return count


class FirstSightInTwo(PuzzleGoal):
    turns = 2
    exact = True
    options = {"setup": "standard"}
    task = "reach First Sight in 2"
    hidden_worlds = True

    def achieved(self, start: "QuinState", state: "QuinState", solver: int) -> bool:
        return state.over and state.end == WIN_FIRST_SIGHT and state.winner == solver

    def useful_moves(self, start: "QuinState", state: "QuinState", solver: int, turns_left: int,
                     moves: list[str]) -> list[str]:  # fmt: skip
        if turns_left:
            return moves
        light = light_square(state, solver)
        step = f"{SQUARE_NAMES[light]}-o" if light >= 0 and light != CENTRE else None
        return [move for move in moves if move == step]

    def suits(self, state: "QuinState") -> bool:
        if state.over or state.phase != PLAY or state.game.options.get("setup") != "standard":
            return False
        if light_square(state, state.player) < 0:
            return False
        return count_worlds(state.view(state.player), MAX_WORLDS) <= MAX_WORLDS

    def sentence(self, state: "QuinState") -> str:
        side, rival = SEAT_NAMES[state.seat], SEAT_NAMES["N" if state.seat == "S" else "S"]
        hidden = sum(1 for piece in state.view(state.player).board if piece == hidden_code(1 - state.player))
        pieces = "hidden piece is" if hidden == 1 else "hidden pieces are"
        return (f"{side} to play: bring your Light to First Sight within 2 turns, whatever {rival} does "
                f"and whatever {rival}'s {hidden} {pieces}.")  # fmt: skip

    def worlds(self, view: "QuinView") -> Iterator["QuinState"]:
        if view.viewer is None:
            raise ValueError("a puzzle is solved from a player's view, not a spectator's")
        rival = 1 - view.viewer
        reserve = view.reserve[rival]
        for deal in world_deals(view):
            yield world_of_deal(view, rival, [*deal.items(), *[(-1, AL)] * reserve])


GOAL = FirstSightInTwo()
