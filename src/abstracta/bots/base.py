"""What every bot is, and the one chance draw every bot and simulation shares.

A bot only talks to the game contract (``docs/api.md``): it reads
``state.player``, ``state.over`` and ``state.moves()`` and answers with one
string from ``moves()``. It never sees a chance node: whoever drives the game
(a match, the command line, the server) draws chance outcomes itself, with
:func:`sample_chance`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import ClassVar, Protocol, Sequence, runtime_checkable

from abstracta.core.api import State
from abstracta.core.errors import CHANCE


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose(state)`` returns one move of ``state.moves()``.

    ``choose`` may only be called when ``state.player`` is a real player
    (not ``CHANCE``, and the game not over); bots raise ``ValueError`` otherwise
    (see :func:`check_decision_state`). ``name`` is a short label for reports.

    Every bot of this package subclasses ``Bot`` and so declares its capabilities,
    which callers read instead of probing for them:

    - ``seconds``: the most it thinks per move (``None``: no time cap). A caller may
      lower it, as the server's post-game analysis does.
    - ``evaluates``: whether :meth:`evaluate` values positions the bot's own way
      (alpha-beta and expectimax by their search, the multi-player MCTS by the
      game's knowledge); otherwise a caller values them some
      other way (random playouts, in :mod:`abstracta.bots.analysis`).
    - ``gives_lines``: whether :meth:`principal_variation` gives the best line of one search
      (alpha-beta, from its transposition table); otherwise a caller builds the line from
      repeated ``choose`` calls (:mod:`abstracta.bots.best_line`).
    """

    name: str
    seconds: float | None = None
    evaluates: ClassVar[bool] = False
    gives_lines: ClassVar[bool] = False

    def choose(self, state: State) -> str: ...

    def evaluate(self, state: State) -> Sequence[float]:
        """Per-player values in [-1, 1] of ``state`` (``returns()`` when over); only where ``evaluates``."""
        raise NotImplementedError(f"{type(self).__name__} has no evaluation of its own (evaluates is False)")

    def principal_variation(self, state: State, plies: int) -> list[str]:
        """The best line of up to ``plies`` moves from ``state`` by one search; only where ``gives_lines``."""
        raise NotImplementedError(f"{type(self).__name__} keeps no principal variation (gives_lines is False)")


def check_decision_state(state: State) -> None:
    """Raise ``ValueError`` unless a real player decides at ``state``.

    Bots call this first so that a driver which forgot to draw a chance outcome,
    or kept playing after the end, hears about it instead of getting a move.
    """
    if state.over:
        raise ValueError(f"no move to choose in {state!r}: the game is over")
    if state.player == CHANCE:
        raise ValueError(
            f"no move to choose in {state!r}: a chance event comes next; draw it with sample_chance(state, rng)"
        )


class ChanceTable:
    """One chance distribution, ``state.chance()``, prepared for fast draws.

    ``cumulative`` is ``None`` when every outcome is equally likely (Strategic
    Reserve's 36 rolls), so a draw is a single index; otherwise a draw is a
    binary search in the running sums.
    """

    __slots__ = ("outcomes", "names", "cumulative")

    def __init__(self, outcomes: list[tuple[str, float]]) -> None:
        if not outcomes:
            raise ValueError("a chance node needs at least one outcome")
        self.outcomes = outcomes
        self.names = [outcome for outcome, _ in outcomes]
        first = outcomes[0][1]
        if first > 0 and all(probability == first for _, probability in outcomes):
            self.cumulative: list[float] | None = None
        else:
            self.cumulative = list(accumulate(probability for _, probability in outcomes))
            if not self.cumulative[-1] > 0:
                raise ValueError(f"chance outcomes {outcomes!r} all have probability 0")

    def draw(self, uniform: float) -> str:
        """The outcome that ``uniform`` (a draw from ``[0, 1)``, e.g. ``rng.random()``) lands on.

        Probabilities are scaled by their sum, so a total of 0.9999999 still
        covers the whole interval; an outcome of probability 0 is never drawn.
        """
        names = self.names
        cumulative = self.cumulative
        if cumulative is None:
            return names[int(uniform * len(names))]
        # bisect_right skips running sums equal to the draw: those end at a zero-probability outcome.
        index = bisect_right(cumulative, uniform * cumulative[-1])
        if index < len(names):
            return names[index]
        return next(name for name, p in reversed(self.outcomes) if p > 0)  # rounding reached the very top


_last_table: ChanceTable | None = None


def chance_table(outcomes: list[tuple[str, float]]) -> ChanceTable:
    """A :class:`ChanceTable` for ``outcomes``, reusing the last one built when the distribution is the same.

    Games mostly repeat one distribution (the same dice every turn), and
    comparing two lists of the same tuples costs far less than rebuilding.
    """
    global _last_table
    table = _last_table
    if table is None or outcomes != table.outcomes:
        table = _last_table = ChanceTable(outcomes)
    return table


def sample_chance(state: State, rng: random.Random) -> str:
    """Draw one outcome of the chance node ``state`` with the probabilities of ``state.chance()``.

    Uses one ``rng.random()``. Raises ``ValueError`` when ``state`` is not a chance node.
    """
    outcomes = state.chance()
    if not outcomes:
        raise ValueError(f"{state!r} is not a chance node (player {state.player!r}); nothing to sample")
    return chance_table(outcomes).draw(rng.random())
