"""Reflec puzzles, two players: "destroy a laser this turn" (``Game.puzzle_goal``, ``core/puzzle_goal.py``).

A puzzle starts inside a suit's turn with 4 points left (tile points and die together, §5): one cheap
action, then a shot (3 points), must destroy one of the rival's lasers before the turn ends (where a
shot alone would do, any action before it would too, so no move would be the one). More points leave
too many orders of actions to search them all in a moment (5 points: about 7 s a position); fewer
leave only the four shots. In the last turn the proof tries only shots and the actions that leave 3 points for one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.core.puzzle_goal import PuzzleGoal
from abstracta.games.reflec.board import SUIT_LETTERS
from abstracta.games.reflec.rules import PLAY_PHASE
from abstracta.games.reflec.terminal import SUIT_NAMES

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import ReflecState

FIRE_COST = 3
POINTS = (4,)
"""The points left at a puzzle's start."""


def cost(move: str) -> int:
    """The points an action costs (§5.1), read from its notation: a drop (``M@e5s``) or a swap
    (``c3xc4``) 2, a shot 3, ``end`` nothing, any other move or spin 1."""
    if move.startswith("*"):
        return FIRE_COST
    if move == "end":
        return 0
    return 2 if "@" in move or "x" in move else 1


def points_left(state: "ReflecState") -> int:
    """What the acting suit may still spend this turn: its tile points and its die."""
    return state.tiles + state.dice[state.acting]


class LaserThisTurn(PuzzleGoal):
    turns = 1
    exact = False
    options = {"players": 2}
    task = "destroy a laser this turn"

    def achieved(self, start: "ReflecState", state: "ReflecState", solver: int) -> bool:
        before, after = start.scores(), state.scores()
        return any(after[p] < before[p] for p in range(len(before)) if p != solver)

    def useful_moves(self, start: "ReflecState", state: "ReflecState", solver: int, turns_left: int,
                     moves: list[str]) -> list[str]:  # fmt: skip
        if turns_left or state.phase != PLAY_PHASE:
            return moves
        # Only a shot destroys a laser, and the turn is the last one: keep the shots, and the actions
        # that leave enough points for one (ending the turn leaves none).
        spare = points_left(state) - FIRE_COST
        return [move for move in moves if move.startswith("*") or (move != "end" and cost(move) <= spare)]

    def suits(self, state: "ReflecState") -> bool:
        return (not state.over and state.game.players == 2 and state.phase == PLAY_PHASE
                and points_left(state) in POINTS)  # fmt: skip

    def sentence(self, state: "ReflecState") -> str:
        standing = [SUIT_NAMES[letter] for letter in ("MA" if state.player == 0 else "SC")
                    if state.lasers[SUIT_LETTERS.index(letter)] >= 0]  # fmt: skip
        target = f"the {standing[0]} laser" if len(standing) == 1 else f"a laser of {' or '.join(standing)}"
        return (f"{SUIT_NAMES[state.seat]} to act with {points_left(state)} points left "
                f"({state.tiles} tile, {state.dice[state.acting]} on the die): destroy {target} this turn.")


GOAL = LaserThisTurn()
