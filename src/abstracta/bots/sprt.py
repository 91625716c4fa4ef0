"""The sequential probability ratio test of fishtest and cutechess (the GSPRT): stop a match as
soon as its games say, with the chosen error rates, whether a bot is ``elo0`` or ``elo1`` Elo
stronger than its rival.

Both hypotheses are logistic Elo differences, turned into expected scores
``s = 1 / (1 + 10 ** (-elo / 400))``. After each result the log-likelihood ratio is the
generalised one fishtest uses: for each hypothesis, the distribution of a unit's outcomes with
the largest likelihood among those whose mean is that hypothesis's expected score, and the LLR
the log of the ratio of the two likelihoods (:func:`llr`; for many games it is close to
``N (s1 - s0) (2 x - s0 - s1) / (2 v)``, ``x`` the mean score and ``v`` its variance per unit). A unit is one game (trinomial: win, draw, loss) or, when games come in pairs with the
seats swapped, one pair (pentanomial: the pair's score is 0, 1/4, 1/2, 3/4 or 1), which takes out
the seat's share of the noise. The test accepts H1 (``elo1``) once the LLR reaches
``log((1 - beta) / alpha)`` and H0 (``elo0``) once it falls to ``log(beta / (1 - alpha))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

TRINOMIAL = (0.0, 0.5, 1.0)
"""A game's scores: loss, draw, win."""
PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A game pair's mean scores."""
H0 = "H0"
H1 = "H1"
MIN_UNITS = 2
"""Units before a verdict: the variance of one result is no estimate."""


@dataclass(frozen=True)
class SprtSpec:
    """The test's settings: the Elo differences of H0 and H1 and the error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError(f"elo1 must be above elo0, got elo0={self.elo0:g}, elo1={self.elo1:g}")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, got {value:g}")

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted."""
        return math.log((1 - self.beta) / self.alpha)

    def describe(self) -> str:
        return f"elo0={self.elo0:g}, elo1={self.elo1:g}, alpha={self.alpha:g}, beta={self.beta:g}"


def parse_sprt(text: str) -> SprtSpec:
    """``elo0=E0,elo1=E1[,alpha=A,beta=B]`` as a :class:`SprtSpec`; ``ValueError`` saying what is wrong.

    >>> parse_sprt("elo0=0,elo1=10")
    SprtSpec(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05)
    """
    values: dict[str, float] = {}
    for part in (p.strip() for p in text.split(",")):
        key, equals, raw = part.partition("=")
        key = key.strip()
        if not equals or key not in ("elo0", "elo1", "alpha", "beta"):
            raise ValueError(f"expected elo0=E0,elo1=E1[,alpha=A,beta=B], got {part!r} in {text!r}")
        if key in values:
            raise ValueError(f"{key} is given twice in {text!r}")
        try:
            values[key] = float(raw)
        except ValueError:
            raise ValueError(f"{key} must be a number, got {raw.strip()!r}") from None
        if not math.isfinite(values[key]):
            raise ValueError(f"{key} must be a finite number, got {raw.strip()!r}")
    missing = [key for key in ("elo0", "elo1") if key not in values]
    if missing:
        raise ValueError(f"{' and '.join(missing)} missing in {text!r}: expected elo0=E0,elo1=E1[,alpha=A,beta=B]")
    return SprtSpec(**values)


def expected_score(elo: float) -> float:
    """The logistic Elo model's expected score for a lead of ``elo`` points."""
    return 1 / (1 + 10 ** (-elo / 400))


REGULARISATION = 1e-3
"""Pseudo-count added to every possible outcome (fishtest's regularisation), so that an outcome not
seen yet keeps a small probability and the likelihoods stay finite."""


def llr(spec: SprtSpec, unit_scores: Sequence[float], outcomes: Sequence[float] = TRINOMIAL) -> float:
    """The generalised log-likelihood ratio of H1 against H0 for the scores of the units so far.

    Each unit scores one of ``outcomes``: :data:`TRINOMIAL` for games, :data:`PENTANOMIAL` for game pairs. For each hypothesis the outcome distribution of largest
    likelihood whose mean is that hypothesis's expected score is found (Van den Bergh's method,
    as fishtest): ``p_i = f_i / (1 + λ (a_i - s))`` with ``λ`` solving ``Σ f_i (a_i - s) / (1 + λ (a_i - s)) = 0``;
    the LLR is ``N Σ f_i log(p1_i / p0_i)``. 0.0 below :data:`MIN_UNITS` units.
    """
    counts = [0] * len(outcomes)
    for score in unit_scores:
        counts[_outcome_index(outcomes, score)] += 1
    return _llr_of_counts(spec, counts, outcomes)


def _outcome_index(outcomes: Sequence[float], score: float) -> int:
    for index, value in enumerate(outcomes):
        if abs(value - score) < 1e-9:
            return index
    raise ValueError(f"a unit score of {score:g} is none of the outcomes {', '.join(f'{v:g}' for v in outcomes)}")


def _llr_of_counts(spec: SprtSpec, counts: Sequence[int], outcomes: Sequence[float]) -> float:
    units = sum(counts)
    if units < MIN_UNITS:
        return 0.0
    regularised = [c + REGULARISATION for c in counts]
    n = sum(regularised)
    frequencies = [c / n for c in regularised]
    p0 = _closest_with_mean(outcomes, frequencies, expected_score(spec.elo0))
    p1 = _closest_with_mean(outcomes, frequencies, expected_score(spec.elo1))
    return units * sum(f * math.log(b / a) for f, a, b in zip(frequencies, p0, p1))


def _closest_with_mean(outcomes: Sequence[float], frequencies: Sequence[float], target: float) -> list[float]:
    """The distribution on ``outcomes`` with mean ``target`` that maximises ``Σ f_i log p_i``."""
    shifts = [a - target for a in outcomes]
    low, high = -1 / max(shifts), -1 / min(shifts)  # where every 1 + λ·shift stays positive

    lam = 0.0
    for _ in range(100):  # Newton's method on the falling slope, kept inside the bracket by bisection
        slope = sum(f * d / (1 + lam * d) for f, d in zip(frequencies, shifts))
        if abs(slope) < 1e-13:
            break
        if slope > 0:
            low = lam
        else:
            high = lam
        curvature = sum(f * d * d / (1 + lam * d) ** 2 for f, d in zip(frequencies, shifts))
        step = lam + slope / curvature
        lam = step if low < step < high else (low + high) / 2
    weights = [f / (1 + lam * d) for f, d in zip(frequencies, shifts)]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass(frozen=True)
class SprtState:
    """Where the test stands: units seen, the LLR, and the verdict (``"H0"``, ``"H1"`` or ``None``)."""

    units: int
    llr: float
    verdict: str | None


def judge(spec: SprtSpec, unit_scores: Sequence[float], outcomes: Sequence[float] = TRINOMIAL) -> SprtState:
    """The test after ``unit_scores``: H1 at or above the upper bound, H0 at or below the lower one."""
    value = llr(spec, unit_scores, outcomes)
    return SprtState(len(unit_scores), value, _verdict(spec, value))


def first_verdict(spec: SprtSpec, unit_scores: Iterable[float], outcomes: Sequence[float] = TRINOMIAL) -> SprtState:
    """Run the test along ``unit_scores`` and stop at the first verdict (the last state otherwise)."""
    counts = [0] * len(outcomes)
    state = SprtState(0, 0.0, None)
    for score in unit_scores:
        counts[_outcome_index(outcomes, score)] += 1
        value = _llr_of_counts(spec, counts, outcomes)
        state = SprtState(state.units + 1, value, _verdict(spec, value))
        if state.verdict is not None:
            break
    return state


def _verdict(spec: SprtSpec, value: float) -> str | None:
    return H1 if value >= spec.upper else H0 if value <= spec.lower else None


def pentanomial(scores: Sequence[float]) -> list[float]:
    """Game scores in pairs (games 0-1, 2-3, ...) as pair scores (their mean); an unpaired last game
    is left out until its partner is played.

    >>> pentanomial([1, 0.5, 0, 0, 1])
    [0.75, 0.0]
    """
    return [(scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores) - 1, 2)]
