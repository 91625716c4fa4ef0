"""Calibrated win chances: a game's raw per-player values mapped to each player's expected score.

A game's :class:`~abstracta.core.knowledge.Knowledge` may declare a :class:`Calibration` per
player count and value source (``"search"``: the analysis level's search; ``"quick"``: the
knowledge's own evaluation). The map is a softmax over the players (for two players, logistic or
Platt scaling of the value difference)::

    logit_i = temperature * value_i + cubic * value_i**3 + mover * [i is to move] + seat_bias[i]
    chance_i = exp(logit_i) / sum_j exp(logit_j)

``temperature`` says how sure a value is, ``cubic`` how much surer a large value is than a
linear map says, ``mover`` what having the move is worth beyond the value (the fitted maps keep
it 0: an edge for the side to move would read as a drop after every move), ``seat_bias`` what
sitting in seat ``i`` is (seat 0 has 0). A table may hold a map per option set as well as per
player count (:func:`option_set_key`), where the fit found that the option sets' seat edges differ
(Quin's standard setup favours the first seat, its random one less so); a game whose options match
none gets the player count's. The fit keeps ``temperature`` and ``cubic``
non-negative, so that a better value is never a worse chance. The parameters are fitted by
``benchmarks/calibration/fit.py`` on positions of games between bots, each game's
``calibration.py`` naming the command that produced them. Pure Python: nothing heavy at run time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence


@dataclass(frozen=True)
class Calibration:
    """One fitted map from raw values (``[-1, 1]`` per player) to chances summing to 1."""

    temperature: float
    mover: float = 0.0
    seat_bias: tuple[float, ...] = field(default_factory=tuple)
    cubic: float = 0.0

    def logits(self, values: Sequence[float], mover: int | None) -> list[float]:
        """Each player's logit for ``values`` with ``mover`` to move (``None`` or negative: nobody, e.g. dice)."""
        logits = []
        for i, value in enumerate(values):
            logit = self.temperature * value + self.cubic * value**3
            if mover is not None and i == mover:
                logit += self.mover
            if i < len(self.seat_bias):
                logit += self.seat_bias[i]
            logits.append(logit)
        return logits

    def chances(self, values: Sequence[float], mover: int | None) -> list[float]:
        """Each player's expected score from ``values`` with ``mover`` to move; sums to 1."""
        return softmax(self.logits(values, mover))


def softmax(logits: Sequence[float]) -> list[float]:
    """``exp(logit_i)`` normalised to sum to 1 (shifted by the largest logit so nothing overflows)."""
    top = max(logits)
    weights = [math.exp(logit - top) for logit in logits]
    total = sum(weights)
    return [weight / total for weight in weights]


def option_set_key(options: dict) -> tuple[tuple[str, object], ...]:
    """An option set (the options a game was loaded with) as the third part of a calibration table's key:
    its ``(name, value)`` pairs, sorted. A game's map is that of the option set all of whose pairs its
    resolved options hold (:meth:`~abstracta.core.knowledge.Knowledge.calibration`)."""
    return tuple(sorted(options.items()))


def calibration_table(entries: dict) -> dict[tuple, Calibration]:
    """A game's calibration table from plain data: ``{(players, source): {"temperature": ..., ...}}``,
    and ``(players, source, option_set_key(options))`` for a map of one option set."""
    return {key: Calibration(float(p["temperature"]), float(p.get("mover", 0.0)),
                             tuple(float(b) for b in p.get("seat_bias", ())), float(p.get("cubic", 0.0)))
            for key, p in entries.items()}  # fmt: skip


# -- how well chances match outcomes (the calibration table, docs/calibration.md) -------------------------------

ECE_BINS = 10
"""Equal-width bins of the expected calibration error."""


def brier(chances: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]]) -> float:
    """Mean squared error over every (position, player): with two players, the usual Brier score of one side."""
    pairs = [(p, y) for row, scores in zip(chances, outcomes) for p, y in zip(row, scores)]
    return sum((p - y) ** 2 for p, y in pairs) / len(pairs)


def log_loss(chances: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]], floor: float = 1e-6) -> float:
    """Mean over positions of ``-sum_i y_i log p_i`` (a draw's 1/2 counts half on each side); ``p`` floored."""
    total = 0.0
    for row, scores in zip(chances, outcomes):
        total -= sum(y * math.log(max(p, floor)) for p, y in zip(row, scores) if y > 0)
    return total / len(chances)


def reliability(chances: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]],
                bins: int = ECE_BINS) -> list[tuple[int, float, float]]:  # fmt: skip
    """Per bin of the chance (equal widths): count, mean chance, mean outcome, over every (position, player).

    With two players only the first seat's chance counts: the other is its complement, and counting
    both would pair each bin with its mirror, so that a bias of the first seat would cancel out.
    """
    counts, said, came = [0] * bins, [0.0] * bins, [0.0] * bins
    for row, scores in zip(chances, outcomes):
        seats = 1 if len(row) == 2 else len(row)
        for p, y in zip(row[:seats], scores[:seats]):
            b = min(bins - 1, int(p * bins))
            counts[b] += 1
            said[b] += p
            came[b] += y
    return [(n, s / n if n else 0.0, c / n if n else 0.0) for n, s, c in zip(counts, said, came)]


def expected_calibration_error(chances: Sequence[Sequence[float]], outcomes: Sequence[Sequence[float]],
                               bins: int = ECE_BINS) -> float:  # fmt: skip
    """The count-weighted mean gap between chance and outcome over :func:`reliability`'s bins."""
    table = reliability(chances, outcomes, bins)
    total = sum(n for n, _, _ in table)
    return sum(n * abs(s - c) for n, s, c in table) / total
