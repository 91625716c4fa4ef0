"""Laser Chess puzzles: "hit the King in 2" (``Game.puzzle_goal``, ``core/puzzle_goal.py``).

The side to move wins within its next two moves whatever the rival does: its beam removes the
rival's King on its first or second shot (or the rival's own shot removes the rival's King in
between). A puzzle needs both moves: no first move wins at once. The proof below the first move
runs on the compiled core when it is built (``compiled.forced_win``, the same AND-OR search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from abstracta.core.puzzle_goal import PuzzleGoal

if TYPE_CHECKING:
    from abstracta.games.laser_chess.rules import LaserChessState


class KingInTwo(PuzzleGoal):
    turns = 2
    exact = True
    task = "hit the King in 2"

    def sentence(self, state: "LaserChessState") -> str:
        side, rival = ("Blue", "Red") if state.seat == "blue" else ("Red", "Blue")
        return f"{side} to play: hit {rival}'s King within 2 moves, whatever {rival} does."

    def compiled_wins(self, state: "LaserChessState", solver: int, turns_left: int, in_turn: bool) -> bool | None:
        from abstracta.games.laser_chess import compiled

        if not compiled.available() or in_turn:
            return None
        return compiled.forced_win(state, solver, turns_left)


GOAL = KingInTwo()
