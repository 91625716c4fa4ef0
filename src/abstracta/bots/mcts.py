"""Monte Carlo tree search (UCT) for any game of the contract: 2-4 players, with or without chance.

One iteration walks down the tree, expands one new node, evaluates it (by
default one random playout to the end) and credits the result back up the path:

- **Rewards are counted from the side of the player who moved into a node.**
  A node stores ``mover`` (the player who chose the move leading to it) and the
  sum of ``returns[mover]`` over the iterations through it, so at a decision
  node of player p, UCT compares p's own average return over the children:
  every player maximises its own return, for any number of players.
- **Chance nodes** get one child per outcome *drawn so far*: on the way down
  an outcome is sampled with the probabilities of ``state.chance()`` and its
  child is followed, or created (which counts as the expansion). Children of a
  chance node have ``mover == CHANCE`` and are never credited; the decision-maker
  above the chance node is, through its own node.
- **The final move** is the root child with the most visits (ties: the higher
  average return for the player to move); visit counts are steadier than
  averages, which a lucky few playouts can inflate.

Randomness comes only from the bot's ``random.Random(seed)``: the same seed and
the same iteration budget give the same move. States are immutable values, so
each node keeps its state and nothing is copied or replayed.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from abstracta.bots.base import Bot, check_decision_state, sample_chance
from abstracta.bots.playout import random_playout
from abstracta.core.api import State
from abstracta.core.errors import CHANCE

DEFAULT_ITERATIONS = 1000
"""Budget when neither ``iterations`` nor ``seconds`` is given."""

DEFAULT_EXPLORATION = 1.4
"""UCT's exploration constant c; about sqrt(2) suits returns in [-1, 1]. A tuner may try 0.5 to 3."""


class Evaluator(Protocol):
    """Estimates a position that is not over: one value per player, each from that player's own side.

    Values are on the scale of ``state.returns()`` (1 win, -1 loss, 0 draw).
    Random rollouts today; a learned value can replace them without touching the search.
    """

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]: ...


class RandomRolloutEvaluator:
    """The average ``returns()`` of ``rollouts`` random playouts from the state.

    ``max_plies`` caps each playout for games that can run very long; a capped
    playout counts as the returns of an unfinished game (all zeros: a draw).
    """

    def __init__(self, rollouts: int = 1, max_plies: int | None = None) -> None:
        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, got {rollouts!r}")
        self.rollouts = rollouts
        self.max_plies = max_plies

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        if self.rollouts == 1:
            return random_playout(state, rng, self.max_plies)[0].returns()
        totals = [0.0] * len(state.returns())
        for _ in range(self.rollouts):
            for player, value in enumerate(random_playout(state, rng, self.max_plies)[0].returns()):
                totals[player] += value
        return [total / self.rollouts for total in totals]


class SearchNode:
    """One state of the search tree.

    ``total`` sums ``returns[mover]`` over the ``visits`` iterations that passed
    through this node: rewards are counted from the side of ``mover``, the
    player who chose ``move`` to get here (``CHANCE`` for a drawn outcome, and
    for the root, whose total is not kept). ``children`` maps a move (or a
    drawn outcome) to its node; ``untried`` lists the moves of a decision
    node not expanded yet (empty at chance nodes and at the end of the game).
    """

    __slots__ = ("state", "move", "mover", "visits", "total", "children", "untried")

    def __init__(self, state: State, move: str | None, mover: int) -> None:
        self.state = state
        self.move = move
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.children: dict[str, SearchNode] = {}
        # A copy: the search pops from it, and a game may hand out a cached list.
        self.untried: list[str] = [] if state.over or state.player == CHANCE else list(state.moves())

    @property
    def mean(self) -> float:
        """Average return of ``mover`` through this node (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"SearchNode(move={self.move!r}, mover={self.mover}, visits={self.visits}, mean={self.mean:+.3f})"


SelectChild = Callable[[SearchNode, float], SearchNode]
"""Picks which child of a fully expanded decision node the next iteration follows."""


def uct_select(node: SearchNode, exploration: float) -> SearchNode:
    """The child maximising ``mean + exploration * sqrt(ln(node.visits) / child.visits)`` (UCB1).

    Every child has at least one visit: a node is only selected through once
    its untried moves are all expanded. Ties go to the first child expanded.
    """
    log_visits = math.log(node.visits)
    best = None
    best_score = -math.inf
    for child in node.children.values():
        visits = child.visits
        score = child.total / visits + exploration * math.sqrt(log_visits / visits)
        if score > best_score:
            best, best_score = child, score
    assert best is not None, "uct_select needs a node with children"
    return best


@dataclass(frozen=True)
class MoveStats:
    """One root move after a search: how often it was tried and what it returned for the player to move."""

    move: str
    visits: int
    mean: float


@dataclass(frozen=True)
class SearchResult:
    """The outcome of :meth:`MCTSBot.search`; ``moves`` is sorted best first (most visited)."""

    move: str
    player: int
    iterations: int
    seconds: float
    moves: tuple[MoveStats, ...]

    def visits(self) -> dict[str, int]:
        """Visits per root move, best first."""
        return {stats.move: stats.visits for stats in self.moves}

    def format(self, limit: int | None = 10) -> str:
        """A readable table of the root moves, for debugging (``limit=None``: all of them)."""
        lines = [
            f"player {self.player}: {self.move} after {self.iterations} iterations in {self.seconds:.3f} s",
            f"{'move':>10} {'visits':>8} {'mean':>7}",
        ]
        for stats in self.moves[:limit]:
            lines.append(f"{stats.move:>10} {stats.visits:>8} {stats.mean:>+7.3f}")
        return "\n".join(lines)


class MCTSBot(Bot):
    """UCT with random rollouts (see the module docstring for how rewards and chance are handled).

    The budget is ``iterations``, ``seconds`` or both (the search stops at
    whichever runs out first); with neither, :data:`DEFAULT_ITERATIONS`.
    ``evaluator`` scores new leaves (default: one random playout) and
    ``select_child`` picks the path through expanded nodes (default:
    :func:`uct_select`).
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        evaluator: Evaluator | None = None,
        select_child: SelectChild = uct_select,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.evaluator = evaluator if evaluator is not None else RandomRolloutEvaluator()
        self.select_child = select_child

    def choose(self, state: State) -> str:
        """The move to play at ``state``: the most visited root child, or the only legal move at once."""
        check_decision_state(state)
        moves = state.moves()
        if len(moves) == 1:
            return moves[0]
        return self.search(state).move

    def search(self, state: State) -> SearchResult:
        """Run one search from ``state`` within the budget and report the root statistics."""
        check_decision_state(state)
        root = SearchNode(state, None, CHANCE)
        iteration_budget = self.iterations
        begin = time.perf_counter()
        deadline = begin + self.seconds if self.seconds is not None else math.inf
        iterations = 0
        # At least one iteration, so even a tiny time budget expands a move to return.
        while True:
            self._iterate(root)
            iterations += 1
            if iterations == iteration_budget or time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - begin
        ranked = sorted(root.children.values(), key=lambda child: (child.visits, child.mean), reverse=True)
        return SearchResult(
            move=ranked[0].move,  # type: ignore[arg-type]  (children always have a move)
            player=state.player,  # type: ignore[arg-type]  (a decision state has a player)
            iterations=iterations,
            seconds=elapsed,
            moves=tuple(MoveStats(child.move, child.visits, child.mean) for child in ranked),  # type: ignore[arg-type]
        )

    def _iterate(self, root: SearchNode) -> None:
        """Select down to a leaf, expand one node, evaluate it and credit every node on the path."""
        rng = self.rng
        node = root
        path = [root]
        while not node.state.over:
            state = node.state
            if state.player == CHANCE:
                outcome = sample_chance(state, rng)
                child = node.children.get(outcome)
                expanded = child is None
                if expanded:
                    child = node.children[outcome] = SearchNode(state.play(outcome), outcome, CHANCE)
            elif node.untried:
                untried = node.untried
                # Expand a random untried move: swap it to the end, then pop in O(1).
                pick = int(rng.random() * len(untried))
                untried[pick], untried[-1] = untried[-1], untried[pick]
                move = untried.pop()
                child = node.children[move] = SearchNode(state.play(move), move, state.player)
                expanded = True
            else:
                child = self.select_child(node, self.exploration)
                expanded = False
            path.append(child)
            node = child
            if expanded:
                break
        leaf = node.state
        values = leaf.returns() if leaf.over else self.evaluator.evaluate(leaf, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += values[visited.mover]

    def __repr__(self) -> str:
        return (
            f"MCTSBot(iterations={self.iterations!r}, seconds={self.seconds!r}, seed={self.seed!r}, "
            f"exploration={self.exploration!r})"
        )
