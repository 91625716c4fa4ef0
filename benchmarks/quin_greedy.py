"""A 1-ply greedy Quin bot for the level benchmarks: the best material over a few sampled worlds.

It draws ``worlds`` full states consistent with its view (``QuinKnowledge.sample_world``,
with the history of its own earlier views), plays every legal move in each, and keeps
the move with the best mean outcome: a win counts 1000, a loss -1000, otherwise the worth
(``PIECE_VALUES``) of the rival's pieces in its Zero G minus that of its own. Ties, which
are most quiet moves, go to its seeded generator. It looks no further.
"""

from __future__ import annotations

import random

from abstracta.bots import check_decision_state
from abstracta.games.quin.evaluation import PIECE_VALUES, QuinKnowledge


class GreedyQuinBot:
    """Best mean material after one action, over ``worlds`` sampled worlds."""

    name = "greedy"

    def __init__(self, seed: int | None = None, worlds: int = 4) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.knowledge = QuinKnowledge()
        self.history: list = []

    def choose(self, state) -> str:  # noqa: ANN001 - a Quin state or view
        check_decision_state(state)
        player = state.player
        view = state.view(player)
        if self.history and view.turns < self.history[-1][0].turns:
            self.history.clear()
        moves = view.moves()
        worlds = [self.knowledge.sample_world(view, self.rng, tuple(self.history)) for _ in range(self.worlds)]
        totals = dict.fromkeys(moves, 0.0)
        for world in worlds:
            for move in moves:
                totals[move] += outcome(world.play(move), player)
        best = max(totals.values())
        move = self.rng.choice([move for move, total in totals.items() if total >= best - 1e-9])
        self.history.append((view, move))
        return move


def outcome(state, player: int) -> float:  # noqa: ANN001 - a QuinState
    """1000 for a win of ``player``, -1000 for a loss, else the material lead in the Zero G trays."""
    if state.over:
        return 1000.0 * state.returns()[player]
    rival = 1 - player
    return sum(PIECE_VALUES[kind] * (state.removed[rival][kind] - state.removed[player][kind]) for kind in range(8))
