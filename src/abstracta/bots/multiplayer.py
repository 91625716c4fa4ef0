"""A search for 2 to 4 players driven by a game's knowledge: MCTS with per-player values.

:class:`KnowledgeMCTSBot` is UCT (as in ``bots/mcts.py``: every node is credited from the
side of the player who moved into it, so each player maximises its own value, for any
number of players) with three changes that make it useful where moves are many and games
long:

- **Leaves are evaluated, not played out.** A new node is scored by the knowledge's
  ``evaluate`` (one value per player in [-1, 1]), optionally after a few random plies
  (``rollout_plies``); an ended game by its ``returns()``.
- **Progressive widening by the knowledge's order.** A node with v visits may have
  ``widen_base + widen_scale * v ** widen_power`` children, taken in ``knowledge.order``'s
  order, so the best candidates are tried first and the search never spreads a few hundred
  iterations over a few hundred moves.
- **Immediate wins first.** Before searching, the bot plays each of the knowledge's noisy
  moves and takes one that ends the game with its own win.
- **A share of random moves** (``randomness``, seeded; 0 by default): the weaker levels
  play that share of their decisions at random among the better half of the knowledge's
  order, which sets them apart where a bigger search budget alone gains little (see
  ``bots/levels.py``).

Moves are rotated by a seeded random offset before the knowledge orders them (a stable
order), so moves it ranks equal are tried in a seed-dependent order.

Consecutive decisions of the same player (a Reflec turn is several actions) need nothing
special: their nodes are credited to that player, so the tree searches a whole turn as a
sequence. Budgets are iterations (deterministic for a seed); ``seconds`` is a safety cap.
Chance nodes are sampled as in ``bots/mcts.py``. Bots never import a game: all they know of
one is its contract and its ``Knowledge``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Sequence

from abstracta.bots.base import Bot, check_decision_state, sample_chance
from abstracta.bots.mcts import MoveStats, SearchResult
from abstracta.bots.playout import random_playout
from abstracta.core.api import State
from abstracta.core.errors import CHANCE
from abstracta.core.knowledge import Knowledge

DEFAULT_EXPLORATION = 0.7
"""UCT's constant; evaluated leaves are far less noisy than random playouts, so it is lower than MCTS's 1.4."""


class WideningNode:
    """One state of the tree: ``total`` sums the value of ``mover`` over ``visits``; children in order."""

    __slots__ = ("state", "move", "mover", "visits", "total", "children", "ordered", "outcomes")

    def __init__(self, state: State, move: str | None, mover: int) -> None:
        self.state = state
        self.move = move
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.children: list[WideningNode] = []
        self.ordered: list[str] | None = None  # the knowledge's order, computed at the second visit
        self.outcomes: dict[str, WideningNode] | None = None  # chance nodes: the outcomes drawn so far

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"WideningNode(move={self.move!r}, mover={self.mover}, visits={self.visits}, mean={self.mean:+.3f})"


class KnowledgeMCTSBot(Bot):
    """MCTS with per-player values, evaluated leaves and progressive widening (module docstring)."""

    evaluates = True  # evaluate() gives the knowledge's values, those its leaves use

    def __init__(
        self,
        knowledge: Knowledge,
        iterations: int | None = 200,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        widen_base: int = 2,
        widen_scale: float = 1.0,
        widen_power: float = 0.5,
        rollout_plies: int = 0,
        randomness: float = 0.0,
        name: str = "multiplayer-mcts",
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        if iterations is None and seconds is None:
            raise ValueError("give an iteration budget, a time budget or both")
        if not 0.0 <= randomness <= 1.0:
            raise ValueError(f"randomness must be between 0 and 1, got {randomness!r}")
        if widen_base < 1:
            raise ValueError(f"widen_base must be at least 1, got {widen_base!r}")
        self.knowledge = knowledge
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.widen_base = widen_base
        self.widen_scale = widen_scale
        self.widen_power = widen_power
        self.rollout_plies = rollout_plies
        self.randomness = randomness
        self.name = name
        self.last_result: SearchResult | None = None

    def choose(self, state: State) -> str:
        """The move to play: an immediate win if there is one, else the most visited root child."""
        check_decision_state(state)
        moves = state.moves()
        if len(moves) == 1:
            return moves[0]
        winning = self.winning_move(state)
        if winning is not None:
            return winning
        if self.randomness and self.rng.random() < self.randomness:
            # A random move from the better half of the knowledge's order: a weaker move, but
            # never one the knowledge ranks among the worst (a Reflec fire at one's own laser).
            better = self.knowledge.order(state, moves)[: (len(moves) + 1) // 2]
            return better[int(self.rng.random() * len(better))]
        return self.search(state).move

    def winning_move(self, state: State) -> str | None:
        """A noisy move after which the game is over with the mover's win, or ``None``."""
        player = state.player
        for move in self.knowledge.noisy_moves(state):
            after = state.play(move)
            if after.over and after.returns()[player] >= 1.0:  # type: ignore[index]
                return move
        return None

    def evaluate(self, state: State) -> Sequence[float]:
        """The knowledge's per-player values of ``state`` (its ``returns()`` once over)."""
        return state.returns() if state.over else self.knowledge.evaluate(state)

    def search(self, state: State) -> SearchResult:
        """Run one search from ``state`` within the budget and report the root statistics."""
        check_decision_state(state)
        root = WideningNode(state, None, CHANCE)
        begin = time.perf_counter()
        deadline = begin + self.seconds if self.seconds is not None else math.inf
        budget = self.iterations if self.iterations is not None else math.inf
        iterations = 0
        longest = 0.0
        last = begin
        while True:
            self._iterate(root)
            iterations += 1
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now
            # Stop before an iteration as long as the longest so far could cross the time cap.
            if iterations >= budget or now + longest >= deadline:
                break
        ranked = sorted(root.children, key=lambda child: (child.visits, child.mean), reverse=True)
        result = SearchResult(
            move=ranked[0].move,  # type: ignore[arg-type]
            player=state.player,  # type: ignore[arg-type]
            iterations=iterations,
            seconds=time.perf_counter() - begin,
            moves=tuple(MoveStats(child.move, child.visits, child.mean) for child in ranked),  # type: ignore[arg-type]
        )
        self.last_result = result
        return result

    def _allowed(self, visits: int) -> int:
        return self.widen_base + int(self.widen_scale * visits**self.widen_power)

    def _iterate(self, root: WideningNode) -> None:
        rng = self.rng
        node = root
        path = [root]
        exploration = self.exploration
        # Locals for the loop below (the hot path of every multi-player game's search).
        widen_base, widen_scale, widen_power = self.widen_base, self.widen_scale, self.widen_power
        log, sqrt = math.log, math.sqrt
        while not node.state.over:
            state = node.state
            if state.player == CHANCE:
                outcome = sample_chance(state, rng)
                if node.outcomes is None:
                    node.outcomes = {}
                child = node.outcomes.get(outcome)
                path.append(child if child is not None else WideningNode(state.play(outcome), outcome, CHANCE))
                if child is None:
                    node.outcomes[outcome] = path[-1]
                    node = path[-1]
                    break
                node = child
                continue
            if node.ordered is None:
                if node is not root and node.visits == 0:
                    break  # a fresh leaf: evaluate it first, order its moves on the next visit
                moves = state.moves()
                # A seeded rotation decides between moves the knowledge ranks equal (its sort is
                # stable), so two seeds play different games from a fixed start; cheaper than a shuffle.
                turn = int(rng.random() * len(moves))
                node.ordered = self.knowledge.order(state, moves[turn:] + moves[:turn])
            children = node.children
            if len(children) < len(node.ordered) and len(children) < widen_base + int(
                widen_scale * node.visits**widen_power
            ):  # as many as _allowed(node.visits) allows
                move = node.ordered[len(children)]
                child = WideningNode(state.play(move), move, state.player)  # type: ignore[arg-type]
                children.append(child)
                path.append(child)
                node = child
                break
            log_visits = log(node.visits)
            best = None
            best_score = -math.inf
            for child in children:
                visits = child.visits
                score = child.total / visits + exploration * sqrt(log_visits / visits)
                if score > best_score:
                    best, best_score = child, score
            assert best is not None
            path.append(best)
            node = best
        leaf = node.state
        if leaf.over:
            values = leaf.returns()
        else:
            if self.rollout_plies:
                leaf, _ = random_playout(leaf, rng, self.rollout_plies)
            values = leaf.returns() if leaf.over else self.knowledge.evaluate(leaf)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += values[visited.mover]

    def __repr__(self) -> str:
        return (
            f"KnowledgeMCTSBot(iterations={self.iterations!r}, seconds={self.seconds!r}, seed={self.seed!r}, "
            f"name={self.name!r})"
        )


__all__ = ["KnowledgeMCTSBot", "WideningNode"]
