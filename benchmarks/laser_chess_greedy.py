"""A one-ply greedy Laser Chess bot: the yardstick the ``hard`` level is measured against.

It takes a shot that removes the rival's King when it has one; otherwise it
keeps to the moves after which the rival has no King shot (all moves when
none is safe), and among those picks the best material after its own shot,
ties broken by its seeded generator. It looks one ply ahead plus the rival's
immediate shots, and nothing deeper.
"""

from __future__ import annotations

import random

from abstracta.bots.base import check_decision_state
from abstracta.games.laser_chess.board import COLOUR
from abstracta.games.laser_chess.evaluation import PIECE_VALUE, ShotTable


class GreedyLaserChessBot:
    """King shot, else a move that allows none, else the best material; seeded ties."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.name = "greedy"

    def choose(self, state) -> str:
        check_decision_state(state)
        me = state.player
        moves = state.moves()
        self.rng.shuffle(moves)
        scored: list[tuple[str, bool, float]] = []  # (move, allows no King shot, material after it)
        for move in moves:
            child = state.play(move)
            if child.over:
                result = child.returns()[me]
                if result > 0:
                    return move  # the rival's King is gone
                scored.append((move, result == 0, -1000.0 if result < 0 else 0.0))
                continue
            safe = ShotTable(child.board, me ^ 1).kill_count() == 0
            material = sum(
                PIECE_VALUE[code] if COLOUR[code] == me else -PIECE_VALUE[code]
                for code in child.board
                if code and PIECE_VALUE[code] < 100
            )
            scored.append((move, safe, material))
        return max(scored, key=lambda item: (item[1], item[2]))[0]  # first of equals: the shuffled order


__all__ = ["GreedyLaserChessBot"]
