"""Information-set Monte Carlo tree search (SO-ISMCTS) for two-player games with hidden information.

After Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG,
2012), single-observer form: one tree over the searching player's information sets, whose
edges are move strings.

- **Only the view.** ``choose`` turns whatever it is given into ``state.view(player)`` and
  reads nothing else; the game's knowledge draws full states consistent with that view
  (``knowledge.sample_world(view, rng, history)``), ``history`` being the ``(view, move)``
  pairs this bot saw and played earlier in the same game, so the public history narrows the
  guess too.
- **One world per iteration.** Each iteration samples a world and walks the tree in it: at a
  node only the children whose move is legal in this world compete, by UCB1 with
  *availability* counts (how often the child was legal when its parent was visited) in place
  of the parent's visits. The first move of this world with no child yet is expanded, the
  knowledge's ``order`` deciding which. Free actions that keep the same player to move
  (Quin's Time, Memory and Resurrection) are moves like any other.
- **Values, not long playouts.** After ``rollout_plies`` random plies (0 by default) the
  position is valued by ``knowledge.evaluate``, or by ``returns()`` when it is over; each node
  adds the value of the player who moved into it.
- **Optional widening.** With ``widening`` set, a node below the root lets only the first
  ``2 + widening * sqrt(visits)`` moves of the knowledge's ``order`` compete, so the search
  spends its iterations on the sharp lines and reaches deeper.
- **The move** is the root child with the most visits (ties: the higher mean). A seeded share
  ``randomness`` of moves is uniformly random instead (for weaker levels).

The iteration budget and ``seed`` make choices repeatable; ``seconds`` is only a safety cap.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Sequence

from abstracta.bots.base import Bot, check_decision_state
from abstracta.core.api import State, View
from abstracta.core.knowledge import Knowledge

DEFAULT_EXPLORATION = 0.7
"""UCB1's c on values in [-1, 1]; evaluated leaves are less noisy than playouts, so less than sqrt(2)."""


class ISNode:
    """A node of the information-set tree: ``total`` sums the values of ``mover`` (who played
    ``move`` to get here) over ``visits``; ``available`` counts the parent's visits in which
    ``move`` was legal."""

    __slots__ = ("move", "mover", "visits", "available", "total", "children")

    def __init__(self, move: str | None, mover: int | None) -> None:
        self.move = move
        self.mover = mover
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[str, ISNode] = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"ISNode(move={self.move!r}, mover={self.mover}, visits={self.visits}, mean={self.mean:+.3f})"


@dataclass(frozen=True)
class ISMCTSReport:
    """What the last search did: iterations run, seconds taken, why it stopped, root visits of the move."""

    iterations: int
    seconds: float
    stopped: str  # "iterations", "time", "single" (only one legal move), "random" (a random move, by design)
    # or "setup" (a placement of the game's random setup)
    visits: int
    mean: float


class ISMCTSBot(Bot):
    """SO-ISMCTS driven by a game's knowledge, which must offer ``sample_world(view, rng, history)``.

    ``iterations`` is the budget (default 1000 when ``seconds`` is not given either),
    ``seconds`` a cap on the thinking time, ``rollout_plies`` the random plies played before a
    leaf is valued.
    """

    def __init__(
        self,
        knowledge: Knowledge,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_plies: int = 0,
        randomness: float = 0.0,
        widening: float | None = None,
        name: str = "ismcts",
    ) -> None:
        if not isinstance(knowledge, Knowledge) or not knowledge.samples_worlds:
            raise ValueError("information-set search needs a game knowledge that samples worlds "
                             "(Knowledge.samples_worlds and sample_world)")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be above 0, got {seconds!r}")
        if not 0.0 <= randomness <= 1.0:
            raise ValueError(f"randomness must be between 0 and 1, got {randomness!r}")
        if widening is not None and not widening > 0:
            raise ValueError(f"widening must be above 0, got {widening!r}")
        if rollout_plies < 0:
            raise ValueError(f"rollout_plies must be at least 0, got {rollout_plies!r}")
        self.knowledge = knowledge
        self.iterations = iterations if iterations is not None or seconds is not None else 1000
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_plies = rollout_plies
        self.randomness = randomness
        self.widening = widening
        self.rng = random.Random(seed)
        self.name = name
        self.history: list[tuple[View, str]] = []
        self.last_report: ISMCTSReport | None = None

    # -- the bot ----------------------------------------------------------------------------
    def choose(self, state: View) -> str:
        check_decision_state(state)
        player = state.player
        view = state.view(player)  # from here on, nothing but what this player may know
        self._forget_other_games(view)
        legal = view.moves()
        if len(legal) == 1:
            self.last_report = ISMCTSReport(0, 0.0, "single", 0, 0.0)
            move = legal[0]
        elif setup := self.knowledge.random_setup(view, self.rng):
            # Placements are public in order; a searched setup would come out the same every game
            # (hard placed its Light first, always on the same square), telling the rival every kind.
            # The game's random setup keeps both order and squares silent about kinds.
            self.last_report = ISMCTSReport(0, 0.0, "setup", 0, 0.0)
            move = setup[0]
        elif self.randomness and self.rng.random() < self.randomness:
            self.last_report = ISMCTSReport(0, 0.0, "random", 0, 0.0)
            move = self.rng.choice(legal)
        else:
            root = self.search(view, player)
            best = max(root.children.values(), key=lambda child: (child.visits, child.mean))
            move = best.move
        self.history.append((view, move))
        return move

    def search(self, view: View, player: int) -> ISNode:
        """Run the iterations from ``view`` (the searching ``player``'s) and return the root."""
        knowledge, rng, history = self.knowledge, self.rng, tuple(self.history)
        root = ISNode(None, None)
        began = time.perf_counter()
        deadline = None if self.seconds is None else began + self.seconds
        budget = self.iterations
        done = 0
        stopped = "iterations"
        while budget is None or done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                stopped = "time"
                break
            world = knowledge.sample_world(view, rng, history)
            self._iterate(root, world)
            done += 1
        best = max(root.children.values(), key=lambda child: (child.visits, child.mean))
        self.last_report = ISMCTSReport(done, time.perf_counter() - began, stopped, best.visits, best.mean)
        return root

    # -- one iteration ------------------------------------------------------------------------
    def _iterate(self, root: ISNode, state: State) -> None:
        knowledge, exploration, widening = self.knowledge, self.exploration, self.widening
        path = [root]
        node = root
        while not state.over:
            legal = state.moves()
            if widening is not None and node is not root:
                # Progressive widening below the root: only the knowledge's likeliest moves compete,
                # more of them as the node is visited more, so the search goes deeper on the sharp lines.
                width = 2 + int(widening * math.sqrt(node.visits))
                if width < len(legal):
                    legal = knowledge.order(state, legal)[:width]
            children = node.children
            untried = [move for move in legal if move not in children]
            mover = state.player
            if untried:
                for move in legal:
                    child = children.get(move)
                    if child is not None:
                        child.available += 1
                move = knowledge.order(state, untried)[0] if len(untried) > 1 else untried[0]
                child = children[move] = ISNode(move, mover)
                child.available = 1
                path.append(child)
                state = state.play(move)
                break
            best = None
            best_score = -math.inf
            for move in legal:
                child = children[move]
                child.available += 1
                score = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_score = child, score
            path.append(best)
            node = best
            state = state.play(best.move)
        values = self._value(state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += values[visited.mover]

    def _value(self, state: State) -> Sequence[float]:
        rng = self.rng
        for _ in range(self.rollout_plies):
            if state.over:
                break
            state = state.play(rng.choice(state.moves()))
        if state.over:
            return state.returns()
        return self.knowledge.evaluate(state)

    def _forget_other_games(self, view: View) -> None:
        """Start a new history when ``view`` cannot follow the last one seen (another game, or earlier)."""
        if not self.history:
            return
        last = self.history[-1][0]
        if last.game is not view.game or not self.knowledge.continues(last, view):
            self.history.clear()


__all__ = ["DEFAULT_EXPLORATION", "ISMCTSBot", "ISMCTSReport", "ISNode"]
