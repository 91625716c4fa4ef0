"""Exact chance at the top, playouts below: a Monte Carlo bot for two-player games with chance.

For each candidate move the bot takes the expectation over *every* outcome of
the chance node that follows it (Strategic Reserve: the rival's 36 rolls),
each with its probability, and scores each outcome's position by seeded
playouts to the end of the game. Outcomes whose positions share a
``knowledge.key`` are merged: their probabilities add and they share their
playouts. Playouts come from ``knowledge.playout(state, rng)`` when the game
offers one (a fast, game-aware rollout policy), else uniformly random moves.

The playout budget is spent by *sequential halving* (Karnin, Koren and
Somekh, 2013): the candidates (the ``candidates`` first of
``knowledge.order``) get equal shares in a round, the better half goes on to
the next round, until one is left. Within a round each candidate's playouts
are spread over the chance outcomes in proportion to their probabilities
(stratified, so the expectation over the outcomes stays exact in the weights
and only each outcome's value is sampled), and playout ``j`` of every
candidate uses the same seed (common random numbers), so candidates are
compared on the same dice.

Everything random comes from ``seed`` and ``knowledge.key(state)``: the same
seed and position give the same move unless the time cap cuts the search short.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from typing import Callable, Sequence

from abstracta.bots.base import check_decision_state
from abstracta.bots.playout import random_playout
from abstracta.core.api import State
from abstracta.core.errors import CHANCE
from abstracta.core.knowledge import Knowledge

Playout = Callable[[State, random.Random], Sequence[float]]


class _Candidate:
    """One root move: its chance outcomes (probability, position) and its running playout sum."""

    __slots__ = ("move", "outcomes", "cumulative", "total", "playouts", "sure")

    def __init__(self, move: str, outcomes: list[tuple[float, State]], sure: float | None) -> None:
        self.move = move
        self.outcomes = outcomes
        self.cumulative: list[float] = []
        running = 0.0
        for probability, _ in outcomes:
            running += probability
            self.cumulative.append(running)
        self.total = 0.0
        self.playouts = 0
        self.sure = sure  # the exact value when the move ends the game

    @property
    def mean(self) -> float:
        if self.sure is not None:
            return self.sure
        return self.total / self.playouts if self.playouts else 0.0


class RolloutExpectationBot:
    """Exact expectation over the chance outcomes after each move, playouts for their values.

    ``playouts`` is the deterministic budget per decision (all candidates and
    rounds together); ``seconds`` is only a safety cap on the wall clock;
    ``candidates`` caps the moves considered (the first of
    ``knowledge.order``). ``knowledge`` defaults to the game's own.
    """

    def __init__(
        self,
        playouts: int = 2000,
        candidates: int = 12,
        seconds: float | None = None,
        seed: int | None = None,
        knowledge: Knowledge | None = None,
        name: str | None = None,
    ) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {playouts!r}")
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, got {candidates!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        self.playouts = playouts
        self.candidates = candidates
        self.seconds = seconds
        self.seed = seed
        self.knowledge = knowledge
        self.name = name or "rollout-expectation"
        self.last_playouts = 0
        self.last_seconds = 0.0
        self.last_values: dict[str, float] = {}

    def choose(self, state: State) -> str:
        """The move with the best estimated expectation; the only legal move at once."""
        check_decision_state(state)
        moves = state.moves()
        self.last_playouts = 0
        self.last_seconds = 0.0
        self.last_values = {}
        if len(moves) == 1:
            return moves[0]
        began = time.perf_counter()
        knowledge = self.knowledge or state.game.knowledge() or Knowledge()
        playout: Playout = getattr(knowledge, "playout", None) or _random_playout_returns
        me = state.player
        # Seeded by the position, so the same seed and position give the same move whatever came before.
        base_seed = zlib.crc32(repr((self.seed, knowledge.key(state))).encode())
        candidates = [self._candidate(state, move, me, knowledge) for move in knowledge.order(state, moves)]
        for candidate in candidates:
            if candidate.sure is not None and candidate.sure >= 1.0:
                return candidate.move  # a sure win
        alive = [c for c in candidates if c.sure is None][: self.candidates]
        if not alive:
            return max(candidates, key=lambda c: c.mean).move
        deadline = began + self.seconds if self.seconds is not None else math.inf
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        for round_index in range(rounds):
            share = max(1, self.playouts // (rounds * len(alive)))
            for candidate in alive:
                for j in range(share):
                    # Playout j of this round uses one seed for every candidate (common random numbers), and a
                    # stratified point in [0, 1) to pick the chance outcome by its probability.
                    rng = random.Random(base_seed * 7919 + round_index * 100_003 + j)
                    point = (j + rng.random()) / share
                    outcome = _pick(candidate, point)
                    candidate.total += playout(outcome, rng)[me]
                    candidate.playouts += 1
                    spent += 1
                if time.perf_counter() >= deadline:
                    break
            if time.perf_counter() >= deadline:
                break
            alive.sort(key=lambda c: c.mean, reverse=True)
            if len(alive) > 1:
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        self.last_playouts = spent
        self.last_seconds = time.perf_counter() - began
        self.last_values = {c.move: c.mean for c in candidates if c.playouts or c.sure is not None}
        # The best of the last round's survivors (they have the most playouts); ties keep knowledge.order.
        return max(alive, key=lambda c: c.mean).move

    @staticmethod
    def _candidate(state: State, move: str, me: int, knowledge: Knowledge) -> _Candidate:
        child = state.play(move)
        if child.over:
            return _Candidate(move, [], child.returns()[me])
        if child.player != CHANCE:
            return _Candidate(move, [(1.0, child)], None)
        merged: dict[object, list] = {}
        for outcome, probability in child.chance():
            after = child.play(outcome)
            key = knowledge.key(after)
            if key in merged:
                merged[key][0] += probability
            else:
                merged[key] = [probability, after]
        return _Candidate(move, [(p, s) for p, s in merged.values()], None)

    def __repr__(self) -> str:
        return (
            f"RolloutExpectationBot(playouts={self.playouts!r}, candidates={self.candidates!r}, "
            f"seconds={self.seconds!r}, seed={self.seed!r})"
        )


def _pick(candidate: _Candidate, point: float) -> State:
    """The outcome position that ``point`` in ``[0, 1)`` lands on, by the outcomes' probabilities."""
    scaled = point * candidate.cumulative[-1]
    for (_, outcome), upper in zip(candidate.outcomes, candidate.cumulative):
        if scaled < upper:
            return outcome
    return candidate.outcomes[-1][1]


def _random_playout_returns(state: State, rng: random.Random) -> Sequence[float]:
    final, _ = random_playout(state, rng)
    return final.returns()
