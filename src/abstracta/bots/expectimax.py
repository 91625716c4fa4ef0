"""Expectimax with *-minimax pruning for two-player zero-sum games with chance and perfect information.

It plays any such game through the contract, guided by the game's
:class:`~abstracta.core.knowledge.Knowledge` (``game.knowledge()``):

- **Values** are from the side of the player the search is for (``me``), in
  ``[-1, 1]`` like ``returns()``. A node where ``me`` decides takes the
  maximum over its moves, the rival's node the minimum, a chance node
  (``state.player == CHANCE``) the expectation over ``state.chance()``.
  Leaves are ``knowledge.evaluate(state)[me]``; finished games ``returns()``.
- **Depth** counts decisions only; a chance node does not use any up, so
  depth 2 is "my move, the dice, the rival's move, the dice, then evaluate".
- **Chance nodes merge** outcomes whose children have the same
  ``knowledge.key``: their probabilities add and the position is searched once
  (in Strategic Reserve every roll onto an empty square gives one position).
- **Star1 / Star2 pruning** (Ballard, 1983): the evaluation's range gives
  every child of a chance node the bounds ``[-1, 1]``; Star2 first *probes*
  each child with its first ordered move, which bounds it from one side (a
  rival's node is worth at most what its first move gives). A chance node
  stops as soon as its bounds show it cannot change the choice above it. The
  result is the same value plain expectimax gives (tested).
- **Iterative deepening** from depth 1 under a deterministic node budget,
  with the time limit only as a safety cap: when either runs out, the last
  finished depth decides. The transposition table (keyed by
  ``knowledge.key``) keeps each position's best move for the next iteration's
  ordering and its value within the iteration.
- **Exact at the top, sampled below**: the chance nodes at the top of the tree
  (the root's own roll, or the rival's roll after each of my moves) always take
  every outcome. Iterations deeper than ``exact_depth`` draw only
  ``chance_samples`` outcomes (by their probabilities, with replacement) at the
  chance nodes below the top, which is how a deeper look fits the budget.
  All the chance nodes of one layer share the same draws (common random
  numbers), so sibling moves are compared on the same dice.

**Compiled**: when the knowledge offers a compiled copy of this search
(``knowledge.compiled_expectimax()``, Strategic Reserve's core), the
iterations run there, with the same moves, values and node counts; the root's
move order and the random generator are still set up here. ``compiled=False``
keeps the search in Python (the reference the compiled one is tested against).

``randomness`` weakens a level on purpose: that share of its moves (decided
by the seed and the position) is a uniformly random legal move.

Randomness (the order among equally good moves, the sampled outcomes) comes
from ``seed`` and the position: the same seed and position give the same move
unless the time cap cuts a search short.
"""

from __future__ import annotations

import math
import random
import time
from typing import Hashable, Sequence

from abstracta.bots.base import Bot, check_decision_state
from abstracta.core.api import State
from abstracta.core.errors import CHANCE
from abstracta.core.knowledge import CompiledExpectimax, Knowledge

LOW, HIGH = -1.0, 1.0
"""The range of every value: ``returns()`` and ``Knowledge.evaluate`` both lie in it."""

EXACT, LOWER_BOUND, UPPER_BOUND = 0, 1, 2
_TIME_CHECK_EVERY = 64  # nodes between clock reads: often enough that a slow evaluation cannot overrun the cap much


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget or the time cap runs out; the iteration is dropped."""


class ExpectimaxBot(Bot):
    """Expectimax with Star1/Star2 pruning, iterative deepening, a transposition table and move ordering.

    ``max_depth`` caps the iterations; ``nodes`` is the budget in visited
    positions for one decision (all iterations together); ``seconds`` is a
    safety cap on the wall clock. ``knowledge`` defaults to the game's own
    (``state.game.knowledge()``), or the know-nothing :class:`Knowledge`.
    """

    evaluates = True  # evaluate() values a position with the same search that chooses

    def __init__(
        self,
        max_depth: int = 2,
        nodes: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        knowledge: Knowledge | None = None,
        exact_depth: int | None = None,
        chance_samples: int = 6,
        star2: bool = True,
        randomness: float = 0.0,
        name: str | None = None,
        compiled: bool = True,
    ) -> None:
        if max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, got {max_depth!r}")
        if nodes is not None and nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {nodes!r}")
        if not 0.0 <= randomness <= 1.0:
            raise ValueError(f"randomness must be between 0 and 1, got {randomness!r}")
        if chance_samples < 1:
            raise ValueError(f"chance_samples must be at least 1, got {chance_samples!r}")
        self.max_depth = max_depth
        self.node_budget = nodes
        self.seconds = seconds
        self.seed = seed
        self.knowledge = knowledge
        self.exact_depth = max_depth if exact_depth is None else exact_depth
        self.chance_samples = chance_samples
        self.star2 = star2
        self.randomness = randomness
        self.compiled = compiled
        self.name = name or f"expectimax(depth {max_depth})"
        # What the last search did, for reports and benchmarks.
        self.last_depth = 0
        self.last_nodes = 0
        self.last_seconds = 0.0
        self.last_value = 0.0

    # -- the bot ------------------------------------------------------------
    def choose(self, state: State) -> str:
        """The move with the best expected value at the deepest depth the budget allows."""
        check_decision_state(state)
        moves = state.moves()
        if len(moves) == 1:
            self.last_depth = self.last_nodes = 0
            self.last_seconds = 0.0
            return moves[0]
        if self.randomness:
            # Weaker levels: a seeded share of moves is a uniformly random one instead of the search's.
            rng = random.Random(f"abstracta.expectimax.randomness:{self.seed}:{state_knowledge(state).key(state)!r}")
            if rng.random() < self.randomness:
                self.last_depth = self.last_nodes = 0
                self.last_seconds = 0.0
                return rng.choice(moves)
        move, _ = self._iterate(state)
        return move

    def evaluate(self, state: State) -> list[float]:
        """Per-player values in ``[-1, 1]`` of any position, from the same search ``choose`` uses."""
        if state.over:
            return list(state.returns())
        _, value = self._iterate(state)
        me = self._me
        values = [0.0] * state.game.num_players
        values[me] = value
        values[1 - me] = -value
        return values

    # -- iterative deepening ------------------------------------------------
    def _iterate(self, root: State) -> tuple[str | None, float]:
        knowledge = self.knowledge or state_knowledge(root)
        self._knowledge = knowledge
        self._me = root.player if root.player not in (None, CHANCE) else 0
        self._rng = random.Random(f"abstracta.expectimax:{self.seed}:{knowledge.key(root)!r}")
        self._table: dict[Hashable, tuple[int, int, float, int, str | None]] = {}
        self._nodes = 0
        self._started = time.perf_counter()
        self._deadline = None if self.seconds is None else self._started + self.seconds
        decision = root.player != CHANCE
        root_moves = knowledge.order(root, self._shuffled(root.moves())) if decision else []
        compiled = knowledge.compiled_expectimax() if self.compiled else None
        if compiled is not None:
            return self._iterate_compiled(compiled, root, root_moves)
        best_move = root_moves[0] if root_moves else None
        best_value = knowledge.evaluate(root)[self._me]
        self.last_depth = 0
        for depth in range(1, self.max_depth + 1):
            self._iteration = depth
            self._exact = depth <= self.exact_depth
            self._layer_draws: dict[tuple, list[str]] = {}
            try:
                if decision:
                    best_move, best_value = self._root(root, root_moves, depth)
                    root_moves.remove(best_move)
                    root_moves.insert(0, best_move)  # the best so far is searched first next time
                else:
                    best_value = self._value(root, depth, -math.inf, math.inf, 0)
            except _OutOfBudget:
                break
            self.last_depth = depth
        self.last_nodes = self._nodes
        self.last_seconds = time.perf_counter() - self._started
        self.last_value = best_value
        return best_move, best_value

    def _iterate_compiled(
        self, compiled: CompiledExpectimax, root: State, root_moves: list[str]
    ) -> tuple[str | None, float]:
        """The same iterations on the game's compiled search."""
        found = compiled.search(
            root, root_moves, me=self._me, max_depth=self.max_depth, exact_depth=self.exact_depth,
            chance_samples=self.chance_samples, star2=self.star2, nodes=self.node_budget, seconds=self.seconds,
            rng=self._rng,
        )  # fmt: skip
        self.last_depth = found.depth
        self.last_nodes = found.nodes
        self.last_seconds = time.perf_counter() - self._started
        self.last_value = found.value
        return found.move, found.value

    def _shuffled(self, moves: list[str]) -> list[str]:
        """``moves`` in a seeded order, so that the seed decides among moves the ordering ranks equal."""
        moves = list(moves)
        self._rng.shuffle(moves)
        return moves

    def _root(self, root: State, moves: list[str], depth: int) -> tuple[str, float]:
        best_move = moves[0]
        best_value = -math.inf
        for move in moves:
            value = self._value(root.play(move), depth - 1, best_value, math.inf, 1)
            if value > best_value:  # a value at or below the best so far is only an upper bound
                best_move, best_value = move, value
        return best_move, best_value

    # -- the search -----------------------------------------------------------
    def _value(self, state: State, depth: int, alpha: float, beta: float, plies: int) -> float:
        """Value of ``state`` for ``me``, exact when strictly inside ``(alpha, beta)`` (fail-soft bounds outside)."""
        self._nodes += 1
        if self.node_budget is not None and self._nodes > self.node_budget:
            raise _OutOfBudget
        if self._deadline is not None and self._nodes % _TIME_CHECK_EVERY == 0:
            if time.perf_counter() > self._deadline:
                raise _OutOfBudget
        if state.over:
            return state.returns()[self._me]
        if depth == 0:
            return self._knowledge.evaluate(state)[self._me]
        key = self._knowledge.key(state)
        entry = self._table.get(key)
        hint = None
        if entry is not None:
            iteration, entry_depth, value, flag, hint = entry
            if iteration == self._iteration and entry_depth == depth:
                if flag == EXACT or (flag == LOWER_BOUND and value >= beta) or (flag == UPPER_BOUND and value <= alpha):
                    return value
        if state.player == CHANCE:
            value, best = self._chance(state, depth, alpha, beta, plies), None
        else:
            value, best = self._decision(state, depth, alpha, beta, plies, hint)
        flag = UPPER_BOUND if value <= alpha else LOWER_BOUND if value >= beta else EXACT
        self._table[key] = (self._iteration, depth, value, flag, best)
        return value

    def _ordered(self, state: State, hint: str | None) -> list[str]:
        moves = self._knowledge.order(state, state.moves())
        if hint is not None and hint in moves and moves[0] != hint:
            moves.remove(hint)
            moves.insert(0, hint)
        return moves

    def _decision(
        self, state: State, depth: int, alpha: float, beta: float, plies: int, hint: str | None
    ) -> tuple[float, str | None]:
        maximising = state.player == self._me
        best_value = -math.inf if maximising else math.inf
        best_move = None
        for move in self._ordered(state, hint):
            value = self._value(state.play(move), depth - 1, alpha, beta, plies + 1)
            if maximising:
                if value > best_value:
                    best_value, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best_value, best_move

    def _outcomes(self, state: State, plies: int) -> list[tuple[float, State]]:
        """The chance node's children as ``(probability, child)``, equal positions merged, likeliest first."""
        outcomes = state.chance()
        if plies > 1 and not self._exact and self.chance_samples < len(outcomes):
            # Common random numbers: every chance node of one layer with the same distribution gets the same
            # draws, so sibling moves are compared on the same dice rather than on different luck.
            layer = (plies, tuple(outcomes))
            drawn = self._layer_draws.get(layer)
            if drawn is None:
                names = [name for name, _ in outcomes]
                weights = [probability for _, probability in outcomes]
                drawn = self._layer_draws[layer] = self._rng.choices(names, weights, k=self.chance_samples)
            share = 1.0 / self.chance_samples
            outcomes = [(name, share) for name in drawn]
        key = self._knowledge.key
        merged: dict[Hashable, list] = {}
        for name, probability in outcomes:
            child = state.play(name)
            child_key = key(child)
            slot = merged.get(child_key)
            if slot is None:
                merged[child_key] = [probability, child]
            else:
                slot[0] += probability
        children = [(probability, child) for probability, child in merged.values() if probability > 0]
        total = sum(probability for probability, _ in children)
        children = [(probability / total, child) for probability, child in children]
        children.sort(key=lambda pair: -pair[0])  # stable: ties keep the game's order
        return children

    def _chance(self, state: State, depth: int, alpha: float, beta: float, plies: int) -> float:
        """Star1 with per-child bounds, tightened first by Star2 probes when ``star2`` is on."""
        children = self._outcomes(state, plies)
        lows = [LOW] * len(children)
        highs = [HIGH] * len(children)
        for index, (_, child) in enumerate(children):
            if child.over:
                lows[index] = highs[index] = child.returns()[self._me]
        if self.star2:
            for index, (_, child) in enumerate(children):
                if child.over or child.player == CHANCE:
                    continue
                probe = self._probe(child, depth, plies)
                if child.player == self._me:
                    lows[index] = max(lows[index], probe)  # I can at least play the first move
                else:
                    highs[index] = min(highs[index], probe)  # the rival can at least play its first move
        high_rest = sum(probability * high for (probability, _), high in zip(children, highs))
        low_rest = sum(probability * low for (probability, _), low in zip(children, lows))
        if high_rest <= alpha:
            return high_rest
        if low_rest >= beta:
            return low_rest
        total = 0.0
        for index, (probability, child) in enumerate(children):
            low, high = lows[index], highs[index]
            high_rest -= probability * high
            low_rest -= probability * low
            # The window in which this child's value still matters, given the others' bounds.
            child_alpha = (alpha - total - high_rest) / probability
            child_beta = (beta - total - low_rest) / probability
            if child_alpha >= high:
                return total + probability * high + high_rest  # even its best cannot lift the node above alpha
            if child_beta <= low:
                return total + probability * low + low_rest  # even its worst keeps the node above beta
            if low == high:
                value = low
            else:
                value = self._value(child, depth, max(low, child_alpha), min(high, child_beta), plies)
                value = min(high, max(low, value))
            if value <= child_alpha:
                return total + probability * value + high_rest  # an upper bound, at most alpha
            if value >= child_beta:
                return total + probability * value + low_rest  # a lower bound, at least beta
            total += probability * value
        return total

    def _probe(self, child: State, depth: int, plies: int) -> float:
        """The value of ``child``'s first ordered move: a bound on ``child`` from the side of its mover."""
        entry = self._table.get(self._knowledge.key(child))
        move = self._ordered(child, entry[4] if entry is not None else None)[0]
        return self._value(child.play(move), depth - 1, LOW, HIGH, plies + 1)


def state_knowledge(state: State) -> Knowledge:
    """The knowledge ``state``'s game offers, or the base class's know-nothing default."""
    return state.game.knowledge() or Knowledge()


def plain_expectimax(state: State, depth: int, me: int, knowledge: Knowledge) -> float:
    """Textbook expectimax without pruning, merging or tables: the reference the tests compare against."""
    if state.over:
        return state.returns()[me]
    if depth == 0:
        return knowledge.evaluate(state)[me]
    if state.player == CHANCE:
        return sum(p * plain_expectimax(state.play(o), depth, me, knowledge) for o, p in state.chance() if p > 0)
    values: Sequence[float] = [plain_expectimax(state.play(m), depth - 1, me, knowledge) for m in state.moves()]
    return max(values) if state.player == me else min(values)
