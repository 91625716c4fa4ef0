"""Alpha-beta search (negamax) for two-player zero-sum games without chance or hidden information.

The search plays any such game through the contract (``moves``, ``play``,
``over``, ``returns``, ``player``) and the game's optional
:class:`~abstracta.core.knowledge.Knowledge` (``evaluate``, ``key``, ``order``,
``noisy_moves``); it never imports a game. What it does:

- **Iterative deepening** 1, 2, 3, ... plies under a deterministic budget of
  nodes (every position visited counts, quiescence included) with a time cap
  as the safety net. The first ``min_depth`` iterations ignore the node budget
  (only the time cap can stop them), so that even the smallest level always
  completes the two plies that see a one-move threat. When the budget runs out
  inside an iteration, its best move so far is kept: the previous best was
  searched first, so it is never worse by the deeper measure. A move that
  cut-short iteration proved lost is never kept while another move is not
  proven lost: the first such move in the root order is played instead.
- **Transposition table** keyed by ``knowledge.key(state)``: depth, bound,
  score and best move per position; the best move is tried first next time.
- **Move order**: the hash move, the game's noisy moves (captures, kills) in
  the game's order, two killer moves per ply, then the quiet moves by the
  history heuristic and the game's order.
- **Quiescence**: at the horizon the side to move may stand pat on the
  evaluation or try its noisy moves, ``quiescence`` plies deep at most.
- **Scores** are from the side to move. A won end at ply p scores
  ``MATE - p`` (a loss the negative), so the search takes the quickest win and
  puts off a loss as long as it can; an ended game with returns 0 (a claimed
  or ply-limit draw) scores 0, and so does a position that recurs in the line
  being searched or occurred earlier in the game (``knowledge.earlier_keys``):
  either side could steer the game back into it, and the rules end repeated
  positions as draws.

Where the game's knowledge offers a compiled searcher
(:meth:`~abstracta.core.knowledge.Knowledge.compiled_searcher`, Laser Chess when its core is
built), the iterations run there, node for node the same search; ``compiled=False`` keeps
the Python one (the reference the compiled ones are tested against).

Same seed, same position and the budget not cut by the time cap give the same
move: the seed only shuffles the root moves before the game's ordering (so
equally good moves are picked differently by different seeds), and the node
count, not the clock, ends the search.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Collection, Hashable

from abstracta.bots.base import Bot, check_decision_state
from abstracta.core.api import State
from abstracta.core.knowledge import CompiledSearcher, Knowledge

MATE = 100.0
"""Score of winning at the root; a win found p plies down scores ``MATE - p``."""
MATE_BOUND = MATE / 2
"""Scores beyond this (either sign) are won or lost ends, not evaluations (which stay in [-1, 1])."""
INFINITY = math.inf

EXACT, LOWER, UPPER = 0, 1, 2  # what a stored score is: the value, at least it, or at most it
TIME_CHECK_EVERY = 32  # nodes between two looks at the clock (the budget itself is counted exactly)
TIME_MARGIN = 0.95  # stop at this share of the cap: unwinding, and a busy machine, take the rest


class _OutOfBudget(Exception):
    """Raised inside the search when the node budget or the time cap is spent."""


@dataclass
class SearchReport:
    """What one search found and spent.

    ``score`` is for the player to move at the root; ``depth`` is the last
    iteration completed (a cut-short deeper one may still have improved
    ``move``); ``stopped`` says why the search ended: ``"depth"`` (reached
    ``max_depth``), ``"nodes"`` (budget), ``"time"`` (the cap), ``"decided"``
    (a forced win or loss was proved) or ``"single"`` (only one legal move).
    """

    move: str | None
    score: float
    depth: int
    nodes: int
    seconds: float
    stopped: str

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def score_to_value(score: float) -> float:
    """A search score as a value in [-1, 1]: a proven win or loss is ±1, evaluations are clamped."""
    if score > MATE_BOUND:
        return 1.0
    if score < -MATE_BOUND:
        return -1.0
    return max(-1.0, min(1.0, score))


class AlphaBetaBot(Bot):
    """Negamax alpha-beta with iterative deepening, a transposition table and quiescence.

    ``knowledge`` defaults to ``state.game.knowledge()`` (or the know-nothing base)
    on first use. ``max_nodes`` is the deterministic budget (``None``: none),
    ``seconds`` the time cap (``None``: none), ``max_depth`` the deepest
    iteration, ``min_depth`` the iterations that ignore ``max_nodes``,
    ``quiescence`` the plies of noisy moves searched past the horizon; ``compiled``
    whether to use the knowledge's compiled searcher when it offers one.
    """

    evaluates = True  # evaluate() values a position with the same search that chooses
    gives_lines = True  # principal_variation() reads the line from the transposition table

    def __init__(
        self,
        knowledge: Knowledge | None = None,
        *,
        max_nodes: int | None = 20_000,
        seconds: float | None = None,
        max_depth: int = 32,
        min_depth: int = 2,
        quiescence: int = 2,
        seed: int | None = None,
        name: str = "alphabeta",
        compiled: bool = True,
    ) -> None:
        if max_nodes is not None and max_nodes < 1:
            raise ValueError(f"max_nodes must be at least 1 or None, got {max_nodes!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive or None, got {seconds!r}")
        if max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, got {max_depth!r}")
        if quiescence < 0:
            raise ValueError(f"quiescence must be at least 0, got {quiescence!r}")
        self.knowledge = knowledge
        self.max_nodes = max_nodes
        self.seconds = seconds
        self.max_depth = max_depth
        self.min_depth = min(min_depth, max_depth)
        self.quiescence = quiescence
        self.rng = random.Random(seed)
        self.name = name
        self.compiled = compiled
        self._searcher: CompiledSearcher | None = None  # asked of the knowledge on the first search
        self._asked_searcher = False
        self._searched_compiled = False  # whether the last search ran on the compiled searcher
        self.last_report: SearchReport | None = None
        self._reset()

    # -- the bot interface ------------------------------------------------------------
    def choose(self, state: State) -> str:
        """The best move found for the player to move (one of ``state.moves()``)."""
        check_decision_state(state)
        return self.search(state).move  # type: ignore[return-value]  # not over: there is a move

    def evaluate(self, state: State) -> list[float]:
        """Per-player values in [-1, 1] from the same search that chooses (returns() when over)."""
        if state.over:
            return list(state.returns())
        check_decision_state(state)
        value = score_to_value(self.search(state, single_move_shortcut=False).score)
        values = [-value] * len(state.returns())  # one entry per player
        values[state.player] = value
        return values

    def search(self, state: State, single_move_shortcut: bool = True) -> SearchReport:
        """Search ``state`` (a decision of a real player) under the budget; the report is also ``last_report``."""
        check_decision_state(state)
        knowledge = self.knowledge
        if knowledge is None:
            knowledge = self.knowledge = state.game.knowledge() or Knowledge()
        self._reset()
        self._searched_compiled = False
        self._started = time.perf_counter()
        moves = list(state.moves())  # a copy: some games hand out their own list
        self.rng.shuffle(moves)  # only breaks ties: the game's ordering below is a stable sort
        root_moves = knowledge.order(state, moves)
        if len(root_moves) == 1 and single_move_shortcut:
            report = SearchReport(root_moves[0], 0.0, 0, 0, 0.0, "single")
            self.last_report = report
            return report

        searcher = self._compiled_searcher(knowledge)
        if searcher is not None:
            self._searched_compiled = True
            best_move, best_score, depth_done, nodes, stopped = searcher.search(
                state, root_moves, max_depth=self.max_depth, min_depth=self.min_depth, max_nodes=self.max_nodes,
                seconds=None if self.seconds is None else self.seconds * TIME_MARGIN,
                spent=time.perf_counter() - self._started, quiescence=self.quiescence,
            )  # fmt: skip
            report = SearchReport(best_move, best_score, depth_done, nodes, time.perf_counter() - self._started, stopped)
            self.last_report = report
            return report
        self._earlier = knowledge.earlier_keys(state)
        best_move, best_score, depth_done, stopped = root_moves[0], -INFINITY, 0, "depth"
        for depth in range(1, self.max_depth + 1):
            self._budget = None if depth <= self.min_depth else self.max_nodes
            self._root_best = None
            self._root_lost = set()
            try:
                score, move = self._root(state, root_moves, depth)
            except _OutOfBudget as out:
                stopped = str(out)
                if self._root_best is not None:  # the first (previous best) move was searched in full
                    unproven = [m for m in root_moves if m not in self._root_lost]
                    if self._root_best[0] >= -MATE_BOUND or not unproven:
                        best_score, best_move = self._root_best
                    else:  # the best searched move is proven lost: play one that is not (the last
                        best_move = unproven[0]  # completed iteration's score stays the estimate)
                break
            best_score, best_move, depth_done = score, move, depth
            root_moves = [move] + [m for m in root_moves if m != move]
            if abs(score) > MATE_BOUND:
                stopped = "decided"
                break
        seconds = time.perf_counter() - self._started
        report = SearchReport(best_move, best_score, depth_done, self._nodes, seconds, stopped)
        self.last_report = report
        return report

    def principal_variation(self, state: State, plies: int) -> list[str]:
        """The search's best line from ``state``: its move, then the best moves its table holds, ``plies`` at most.

        One search; the line follows the transposition table's best moves from the position after
        the chosen move, and stops where the table has none, at the end of the game or at a chance node.
        """
        line = [self.search(state).move]  # type: ignore[list-item]  # not over: there is a move
        if self._searched_compiled:
            return self._searcher.principal_variation(state, line[0], plies)  # type: ignore[union-attr]
        position = state.play(line[0])
        seen = {self.knowledge.key(state)}  # type: ignore[union-attr]
        while len(line) < plies and not position.over and position.player is not None and position.player >= 0:
            key = self.knowledge.key(position)  # type: ignore[union-attr]
            entry = self._table.get(key)
            if entry is None or entry[3] is None or key in seen or entry[3] not in position.moves():
                break
            seen.add(key)
            line.append(entry[3])
            position = position.play(entry[3])
        return line

    # -- the search -----------------------------------------------------------------------
    def _compiled_searcher(self, knowledge: Knowledge) -> CompiledSearcher | None:
        if self.compiled and not self._asked_searcher:
            self._searcher = knowledge.compiled_searcher()
            self._asked_searcher = True
        return self._searcher if self.compiled else None

    def _reset(self) -> None:
        self._table: dict[Hashable, tuple[int, int, float, str | None]] = {}
        self._killers: dict[int, list[str]] = {}
        self._history: dict[str, int] = {}
        self._line: set[Hashable] = set()
        self._earlier: Collection[Hashable] = ()
        self._root_lost: set[str] = set()
        self._nodes = 0
        self._budget: int | None = None
        self._root_best: tuple[float, str] | None = None
        self._started = time.perf_counter()

    def _count_node(self) -> None:
        self._nodes += 1
        nodes = self._nodes
        if self._budget is not None and nodes > self._budget:
            raise _OutOfBudget("nodes")
        if self.seconds is not None and nodes % TIME_CHECK_EVERY == 0:
            if time.perf_counter() - self._started > self.seconds * TIME_MARGIN:
                raise _OutOfBudget("time")

    def _root(self, state: State, root_moves: list[str], depth: int) -> tuple[float, str]:
        self._count_node()
        me = state.player
        alpha, beta = -INFINITY, INFINITY
        best_score, best_move = -INFINITY, root_moves[0]
        key = self.knowledge.key(state)  # type: ignore[union-attr]
        self._line.add(key)
        try:
            for move in root_moves:
                score = self._child_score(state.play(move), me, depth - 1, alpha, beta, 1)
                if score < -MATE_BOUND:  # exact, or an upper bound: lost either way
                    self._root_lost.add(move)
                if score > best_score:
                    best_score, best_move = score, move
                    self._root_best = (score, move)
                    alpha = max(alpha, score)
        finally:
            self._line.discard(key)
        self._table[key] = (depth, EXACT, best_score, best_move)
        return best_score, best_move

    def _child_score(self, child: State, me: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of ``child`` for ``me`` (who just moved into it), ``ply`` plies below the root."""
        if child.over:
            self._count_node()
            result = child.returns()[me]
            return result * (MATE - ply) if result else 0.0
        if child.player == me:  # a game may give one player two decisions in a row
            if depth <= 0:
                return self._quiesce(child, alpha, beta, ply, self.quiescence)
            return self._negamax(child, depth, alpha, beta, ply)
        if depth <= 0:
            return -self._quiesce(child, -beta, -alpha, ply, self.quiescence)
        return -self._negamax(child, depth, -beta, -alpha, ply)

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._count_node()
        knowledge = self.knowledge
        key = knowledge.key(state)  # type: ignore[union-attr]
        if key in self._line or key in self._earlier:
            return 0.0
        entry = self._table.get(key)
        hash_move = None
        if entry is not None:
            stored_depth, bound, stored, hash_move = entry
            if stored_depth >= depth:
                score = _from_table(stored, ply)
                if bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha):
                    return score
        me = state.player
        original_alpha = alpha
        best_score, best_move = -INFINITY, None
        noisy: set[str] = set()
        self._line.add(key)
        try:
            for move in self._ordered(state, hash_move, ply, noisy):
                score = self._child_score(state.play(move), me, depth - 1, alpha, beta, ply + 1)
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if move not in noisy:
                                self._remember_cutoff(move, depth, ply)
                            break
        finally:
            self._line.discard(key)
        bound = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self._table[key] = (depth, bound, _to_table(best_score, ply), best_move)
        return best_score

    def _quiesce(self, state: State, alpha: float, beta: float, ply: int, plies_left: int) -> float:
        self._count_node()
        knowledge = self.knowledge
        me = state.player
        stand = knowledge.evaluate(state)[me]  # type: ignore[union-attr]
        if stand >= beta or plies_left <= 0:
            return stand
        best = stand
        if stand > alpha:
            alpha = stand
        for move in knowledge.noisy_moves(state):  # type: ignore[union-attr]
            child = state.play(move)
            if child.over:
                self._count_node()
                result = child.returns()[me]
                score = result * (MATE - ply - 1) if result else 0.0
            elif child.player == me:
                score = self._quiesce(child, alpha, beta, ply + 1, plies_left - 1)
            else:
                score = -self._quiesce(child, -beta, -alpha, ply + 1, plies_left - 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _ordered(self, state: State, hash_move: str | None, ply: int, noisy_out: set[str]) -> list[str]:
        """Hash move, noisy moves (game order), killers, then quiet moves by history and game order."""
        knowledge = self.knowledge
        ordered = knowledge.order(state, state.moves())  # type: ignore[union-attr]
        noisy = knowledge.noisy_moves(state)  # type: ignore[union-attr]
        noisy_out.update(noisy)
        first: list[str] = []
        if hash_move is not None and hash_move in ordered:
            first.append(hash_move)
        for move in noisy:
            if move != hash_move:
                first.append(move)
        placed = set(first)
        for move in self._killers.get(ply, ()):
            if move not in placed and move in ordered:
                first.append(move)
                placed.add(move)
        history = self._history
        if history:
            quiet = [move for move in ordered if move not in placed]
            quiet.sort(key=lambda move: -history.get(move, 0))  # stable: ties keep the game's order
        else:
            quiet = [move for move in ordered if move not in placed]
        return first + quiet

    def _remember_cutoff(self, move: str, depth: int, ply: int) -> None:
        killers = self._killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self._history[move] = self._history.get(move, 0) + depth * depth


def _to_table(score: float, ply: int) -> float:
    """A score as stored: won/lost ends counted from this node, not from the root."""
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


__all__ = ["AlphaBetaBot", "MATE", "MATE_BOUND", "SearchReport", "score_to_value"]
