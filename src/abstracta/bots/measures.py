"""Designers' measures over played games: balance by score, how games end, lengths, branching,
drama, lead changes, uncertainty, skill traces and option sweeps (issue 30; see docs/designers.md).

A game is described by a :class:`GameTrace` (one :class:`PlyTrace` per ply); the playing side
(``abstracta report``, ``simulate``) builds the traces and every measure here reads only them.
Over 500 lines on purpose: the trace contract and the measures built on it read best together,
and the statistics helpers here are theirs alone.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from abstracta.bots.match import WILSON_Z_95, wilson_interval
from abstracta.bots.win_chances import expected_scores
from abstracta.core.errors import CHANCE


@dataclass(frozen=True)
class PlyTrace:
    """One ply of a played game.

    ``mover`` is the seat that chose this ply, or ``CHANCE`` (-1) for a chance outcome; ``legal`` the
    number of legal moves (or chance outcomes) there were; ``chances`` each seat's calibrated
    expected score AFTER this ply (:mod:`abstracta.bots.win_chances`), ``None`` where not measured.
    """

    mover: int
    legal: int
    chances: tuple[float, ...] | None = None


@dataclass(frozen=True)
class GameTrace:
    """One played game: its plies, final returns, how it ended and what was played.

    ``termination`` is ``state.termination()`` (the game's own names) or ``"adjudicated"``;
    ``capped`` is True when a cap (the game's turn limit, a ply cap, adjudication) ended it rather
    than the rules; ``seats`` the bot spec in each seat; ``options`` the game options (a sweep
    setting); ``start`` the start position's notation when a position suite gave it;
    ``game_turns`` the game's own count of turns where it keeps one (see :func:`game_turn_count`),
    else ``None`` and :attr:`turns` counts runs of plies by one mover.
    """

    players: int
    plies: tuple[PlyTrace, ...]
    returns: tuple[float, ...]
    termination: str
    capped: bool
    seats: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    start: str | None = None
    game_turns: int | None = None

    @property
    def ply_count(self) -> int:
        """Plies played, chance outcomes included."""
        return len(self.plies)

    @property
    def turns(self) -> int:
        """Turns played: runs of consecutive non-chance plies by one mover (chance plies neither
        count nor break a run, so a dice roll followed by that player's moves is one turn), or
        the game's own count where the trace carries one (``game_turns``)."""
        if self.game_turns is not None:
            return self.game_turns
        return len(turn_starts(self.plies))


def turn_starts(plies: tuple[PlyTrace, ...] | list[PlyTrace]) -> list[int]:
    """Indices of the plies that begin a turn (a non-chance ply whose mover differs from the
    previous non-chance ply's)."""
    starts: list[int] = []
    previous: int | None = None
    for index, ply in enumerate(plies):
        if ply.mover == CHANCE:
            continue
        if ply.mover != previous:
            starts.append(index)
            previous = ply.mover
    return starts


def game_turn_count(state: Any) -> int | None:
    """The game's own count of turns at ``state`` when its structure keeps one (``extra.turns``:
    Reflec counts a suit's turn of several actions, Quin its turns after the setup), else ``None``.

    Store it in :attr:`GameTrace.game_turns` at the end of a game so that :attr:`GameTrace.turns`
    follows the game's idea of a turn rather than runs of plies by one mover.
    """
    extra = (state.structure() or {}).get("extra") or {}
    turns = extra.get("turns") if isinstance(extra, dict) else None
    return turns if isinstance(turns, int) and not isinstance(turns, bool) else None


# -- small statistics helpers (pure Python: a report has a few thousand games at most) -----------
def mean(values: Sequence[float]) -> float:
    """The arithmetic mean; 0.0 for no values."""
    return sum(values) / len(values) if values else 0.0


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile by linear interpolation between order statistics (numpy's default);
    0.0 for no values.

    >>> percentile([1, 2, 3, 4], 0.5), percentile([1, 2, 3, 4], 0.1)
    (2.5, 1.3)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return round(ordered[low] + (ordered[high] - ordered[low]) * (position - low), 12)


def mean_interval(values: Sequence[float], z: float = WILSON_Z_95) -> tuple[float, float]:
    """The normal-approximation interval of the mean, ``mean ± z·s/√n`` (sample standard deviation);
    ``(mean, mean)`` below two values."""
    m = mean(values)
    if len(values) < 2:
        return m, m
    half = z * math.sqrt(_variance(values) / len(values))
    return m - half, m + half


def _variance(values: Sequence[float]) -> float:
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0


def chi_square_sf(statistic: float, df: int) -> float:
    """``P(X >= statistic)`` for a chi-square variable with ``df`` (a positive integer) degrees of
    freedom, exactly, by the recurrence ``Q(k + 2) = Q(k) + (x/2)^(k/2) e^(-x/2) / Γ(k/2 + 1)``.

    >>> round(chi_square_sf(3.841, 1), 3), round(chi_square_sf(5.991, 2), 3)
    (0.05, 0.05)
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    x = max(statistic, 0.0)
    half = x / 2
    if df % 2:
        q, k = math.erfc(math.sqrt(half)), 1
    else:
        q, k = math.exp(-half), 2
    while k < df:
        q += math.exp((k / 2) * math.log(half) - half - math.lgamma(k / 2 + 1)) if half > 0 else 0.0
        k += 2
    return min(1.0, max(0.0, q))


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


# -- balance by score --------------------------------------------------------------------
@dataclass(frozen=True)
class Balance:
    """Every seat's mean score (a win 1, a draw 1/2, a first place shared by k 1/k) against the fair
    share ``1 / players``, each with its 95% interval; the G-test of "all seats equal"; the first
    mover's advantage (its score minus the fair share) with its interval."""

    players: int
    games: int
    scores: tuple[float, ...]
    intervals: tuple[tuple[float, float], ...]
    g_statistic: float
    p_value: float
    first_mover_advantage: float
    first_mover_interval: tuple[float, float]

    @property
    def fair(self) -> float:
        return 1 / self.players

    def off_balance(self) -> list[int]:
        """Seats whose interval leaves out the fair share, farthest from it first."""
        seats = [p for p, (low, high) in enumerate(self.intervals) if not low <= self.fair <= high]
        return sorted(seats, key=lambda p: -abs(self.scores[p] - self.fair))


def balance(results: Sequence[Sequence[float]], first_movers: Sequence[int] | None = None,
            z: float = WILSON_Z_95) -> Balance:  # fmt: skip
    """Balance by score from each game's returns (``results``), seat by seat.

    A seat's interval is the Wilson interval of its points out of the games (points need not be
    whole: a draw gives half), as the tournament's pair scores. "All seats equal" is a G-test
    (likelihood ratio) of the seats' total points against an equal split, ``G = 2 Σ O ln(O/E)``
    with ``players - 1`` degrees of freedom: each game hands out one point, so the totals are a
    multinomial count when every game has one winner; draws and shared firsts split the point,
    which only lowers the spread, so the test stays on the safe side. The G-test rather than
    Pearson's chi-square because it is the log-likelihood ratio, as the SPRT's, and adds up over
    games played in parts. The first mover is ``first_movers[i]`` for game ``i`` (seat 0 when
    left out); its advantage is its mean score minus ``1 / players``.
    """
    if not results:
        raise ValueError("balance needs at least one game")
    players = len(results[0])
    if any(len(r) != players for r in results):
        raise ValueError("every game of a balance must have the same number of players")
    games = len(results)
    per_game = [expected_scores(r) for r in results]
    totals = [sum(g[p] for g in per_game) for p in range(players)]
    intervals = tuple(wilson_interval(min(total, games), games, z) for total in totals)  # type: ignore[arg-type]
    expected = games / players
    g = 2 * sum(o * math.log(o / expected) for o in totals if o > 0)
    p_value = chi_square_sf(g, players - 1) if players > 1 else 1.0
    movers = list(first_movers) if first_movers is not None else [0] * games
    first_points = sum(g_[m] for g_, m in zip(per_game, movers))
    low, high = wilson_interval(min(first_points, games), games, z)  # type: ignore[arg-type]
    fair = 1 / players
    return Balance(players, games, tuple(t / games for t in totals), intervals, g, p_value,
                   first_points / games - fair, (low - fair, high - fair))  # fmt: skip


def first_mover(trace: GameTrace) -> int:
    """The seat of the game's first decision (seat 0 when no seat ever moved)."""
    return next((ply.mover for ply in trace.plies if ply.mover != CHANCE), 0)


def trace_balance(traces: Sequence[GameTrace]) -> Balance:
    """:func:`balance` of played games, the first mover read from each trace."""
    return balance([t.returns for t in traces], [first_mover(t) for t in traces])


# -- per-game measures (each a number per game, so that sweeps can compare them) --------------
DECISIVE_CHANCE = 0.9
"""The eventual winner's chance above which, held to the end, a game counts as decided."""


def is_draw(trace: GameTrace) -> bool:
    """Every seat ended with the same return (a first place shared by some seats only is not a draw)."""
    return max(trace.returns) - min(trace.returns) < 1e-9


def sole_winner(trace: GameTrace) -> int | None:
    """The seat that alone has the best return, else ``None``."""
    scores = expected_scores(trace.returns)
    return scores.index(1.0) if 1.0 in scores else None


def decided_at(trace: GameTrace, threshold: float = DECISIVE_CHANCE) -> int | None:
    """The index of the ply from which the sole winner's chance stayed above ``threshold`` to the
    end, the game-ending ply left out (its chances are the result, not a forecast); ``None`` for a
    game without a sole winner or whose winner's chance was never held above it before the end.
    Plies without chances are skipped."""
    winner = sole_winner(trace)
    if winner is None:
        return None
    since = None
    for index, ply in enumerate(trace.plies[:-1]):
        if ply.chances is None:
            continue
        if ply.chances[winner] > threshold:
            since = index if since is None else since
        else:
            since = None
    return since


def turn_of_ply(trace: GameTrace, index: int) -> int:
    """The turn (1-based, runs of plies by one mover) that ply ``index`` belongs to; a chance ply
    belongs to the turn it precedes."""
    starts = turn_starts(trace.plies)
    return max(1, sum(1 for start in starts if start <= index) + (trace.plies[index].mover == CHANCE))


def decision_plies(trace: GameTrace) -> list[PlyTrace]:
    """The plies a seat chose (chance outcomes left out)."""
    return [ply for ply in trace.plies if ply.mover != CHANCE]


def branching_factor(trace: GameTrace) -> float:
    """The game's mean number of legal moves at its decisions (0.0 without a decision)."""
    return mean([ply.legal for ply in decision_plies(trace)])


def decision_share(trace: GameTrace) -> float:
    """The share of the game's decisions with more than one legal move (Ludii's decision moves)."""
    decisions = decision_plies(trace)
    return sum(1 for ply in decisions if ply.legal > 1) / len(decisions) if decisions else 0.0


def _measured(trace: GameTrace) -> list[tuple[float, ...]]:
    return [ply.chances for ply in trace.plies if ply.chances is not None]


def _final_winners(trace: GameTrace) -> list[int]:
    scores = expected_scores(trace.returns)
    best = max(scores)
    return [p for p, s in enumerate(scores) if s >= best - 1e-9]


def drama(trace: GameTrace) -> float | None:
    """Ludii's drama, on win chances: the mean over the measured plies of how far the eventual
    winners' chance lay below the leader's, ``mean_t mean_w (max_s c_t[s] - c_t[w])``; ``None``
    without chances."""
    chances = _measured(trace)
    if not chances:
        return None
    winners = _final_winners(trace)
    return mean([mean([max(c) - c[w] for w in winners]) for c in chances])


def _leaders(chances: tuple[float, ...]) -> frozenset[int]:
    best = max(chances)
    return frozenset(p for p, c in enumerate(chances) if c >= best - 1e-9)


def lead_changes(trace: GameTrace) -> int | None:
    """How many times the set of seats with the highest chance changed from one measured ply to the
    next; ``None`` without chances."""
    chances = _measured(trace)
    if not chances:
        return None
    leaders = [_leaders(c) for c in chances]
    return sum(1 for before, after in zip(leaders, leaders[1:]) if before != after)


def lead_change_rate(trace: GameTrace) -> float | None:
    """Ludii's lead change: lead changes per ply of the game; ``None`` without chances."""
    changes = lead_changes(trace)
    return None if changes is None else changes / max(1, trace.ply_count)


def uncertainty(trace: GameTrace) -> float | None:
    """The mean over measured plies of ``1 - (max_s c[s] - 1/k) / (1 - 1/k)``: 1 while every seat is
    even, 0 once the leader is sure: the area under the game's uncertainty curve, as a share of the
    game; ``None`` without chances."""
    chances = _measured(trace)
    if not chances or trace.players < 2:
        return None
    fair = 1 / trace.players
    return mean([1 - (max(c) - fair) / (1 - fair) for c in chances])


def length_summary(values: Sequence[float]) -> dict[str, float]:
    """``{mean, median, p10, p90}`` of game lengths."""
    return {"mean": mean(values), "median": percentile(values, 0.5), "p10": percentile(values, 0.1),
            "p90": percentile(values, 0.9)}  # fmt: skip


@dataclass(frozen=True)
class Proportion:
    """A share of games with its 95% Wilson interval."""

    value: float
    low: float
    high: float

    @classmethod
    def of(cls, count: int, games: int, z: float = WILSON_Z_95) -> "Proportion":
        low, high = wilson_interval(count, games, z)
        return cls(count / games if games else 0.0, low, high)


def _mean_of(values: Sequence[float | None]) -> tuple[float | None, tuple[float, float] | None]:
    known = [v for v in values if v is not None]
    if not known:
        return None, None
    return mean(known), mean_interval(known)


def game_metrics(traces: Sequence[GameTrace]) -> dict[str, Any]:
    """The ``metrics`` of the report (see ``docs/designers.md``), plus ``ci``: the 95% interval of
    each metric that has one. Measures from win chances are ``None`` when no ply was measured."""
    if not traces:
        raise ValueError("game_metrics needs at least one game")
    games = len(traces)
    completion = Proportion.of(sum(1 for t in traces if not t.capped), games)
    draws = Proportion.of(sum(1 for t in traces if is_draw(t)), games)
    decided = [(t, decided_at(t)) for t in traces]
    decisive = [(t, index) for t, index in decided if index is not None]
    decisiveness = Proportion.of(len(decisive), games)
    decisive_turns = [turn_of_ply(t, index) for t, index in decisive]
    fairness = trace_balance(traces)
    legal = [ply.legal for t in traces for ply in decision_plies(t)]
    drama_value, drama_ci = _mean_of([drama(t) for t in traces])
    lead_value, lead_ci = _mean_of([lead_change_rate(t) for t in traces])
    lead_count, lead_count_ci = _mean_of([lead_changes(t) for t in traces])  # type: ignore[list-item]
    uncertain, uncertain_ci = _mean_of([uncertainty(t) for t in traces])
    branching, branching_ci = _mean_of([branching_factor(t) for t in traces if decision_plies(t)])
    decisions, decisions_ci = _mean_of([decision_share(t) for t in traces if decision_plies(t)])
    turns = [t.turns for t in traces]
    plies = [t.ply_count for t in traces]
    return {
        "completion": completion.value,
        "drawishness": draws.value,
        "decisiveness": decisiveness.value,
        "decisive_turn": mean(decisive_turns) if decisive_turns else None,
        "first_mover_advantage": fairness.first_mover_advantage,
        "balance_p": fairness.p_value,
        "balance_g": fairness.g_statistic,
        "length_turns": length_summary(turns),
        "length_plies": length_summary(plies),
        "branching_factor": {"mean": branching or 0.0, "max": max(legal, default=0)},
        "decision_moves": decisions or 0.0,
        "drama": drama_value,
        "lead_changes": lead_value,
        "lead_changes_per_game": lead_count,
        "uncertainty": uncertain,
        "terminations": dict(Counter(t.termination for t in traces).most_common()),
        "ci": {
            "completion": [completion.low, completion.high],
            "drawishness": [draws.low, draws.high],
            "decisiveness": [decisiveness.low, decisiveness.high],
            "first_mover_advantage": list(fairness.first_mover_interval),
            "length_turns": list(mean_interval(turns)),
            "length_plies": list(mean_interval(plies)),
            "branching_factor": list(branching_ci) if branching_ci else None,
            "decision_moves": list(decisions_ci) if decisions_ci else None,
            "drama": list(drama_ci) if drama_ci else None,
            "lead_changes": list(lead_ci) if lead_ci else None,
            "lead_changes_per_game": list(lead_count_ci) if lead_count_ci else None,
            "uncertainty": list(uncertain_ci) if uncertain_ci else None,
        },
    }


# -- skill trace ------------------------------------------------------------------------
def skill_trace(groups: Mapping[tuple[str, str], Sequence[GameTrace]], z: float = WILSON_Z_95) -> list[dict[str, Any]]:
    """Each level's score against the next weaker one: ``groups`` maps ``(stronger, weaker)`` to the
    games between them (seats named by ``GameTrace.seats``). A game scores 1 for the stronger bot
    when only its seats share the best return, 0 when only the weaker's do, 1/2 otherwise, as the
    tournament's pairs; ``elo`` is the logistic Elo difference that score means."""
    from abstracta.bots.tournament import pair_score

    trace = []
    for (stronger, weaker), traces in groups.items():
        for game in traces:
            if stronger not in game.seats or weaker not in game.seats:
                raise ValueError(f"a game of {stronger} against {weaker} must name both in its seats, got {game.seats}")
        points = sum(pair_score(stronger, t.seats, t.returns) for t in traces)
        games = len(traces)
        score = points / games if games else 0.5
        low, high = wilson_interval(points, games, z)  # type: ignore[arg-type]
        trace.append({"stronger": stronger, "weaker": weaker, "games": games, "score": score, "ci": [low, high],
                      "elo": score_to_elo(score)})  # fmt: skip
    return trace


def score_to_elo(score: float) -> float:
    """The logistic Elo difference whose expected score is ``score`` (±inf at 1 and 0).

    >>> round(score_to_elo(0.75), 1)
    190.8
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


# -- sweeps -----------------------------------------------------------------------------
SWEEP_MEASURES: dict[str, Callable[[GameTrace], float | None]] = {
    "first_mover_score": lambda t: expected_scores(t.returns)[first_mover(t)],
    "completion": lambda t: float(not t.capped),
    "drawishness": lambda t: float(is_draw(t)),
    "decisiveness": lambda t: float(decided_at(t) is not None),
    "length_turns": lambda t: float(t.turns),
    "length_plies": lambda t: float(t.ply_count),
    "branching_factor": lambda t: branching_factor(t) if decision_plies(t) else None,
    "decision_moves": lambda t: decision_share(t) if decision_plies(t) else None,
    "drama": drama,
    "lead_changes": lead_change_rate,
    "uncertainty": uncertainty,
}
"""Per-game values a sweep compares by their means (a seat's score is added per seat)."""
MEDIAN_MEASURES = ("length_turns", "length_plies")
"""Measures whose medians a sweep also compares, by a seeded bootstrap."""
BOOTSTRAP_SAMPLES = 1000
SIGNIFICANCE = 0.05


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (step-down, kept monotone, capped at 1): a comparison is
    significant at level α when its adjusted p-value is below α, with the chance of any false
    finding among all of them at most α.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = round(running, 12)
    return adjusted


def _difference_of_means(a: Sequence[float], b: Sequence[float], z: float) -> tuple[float, float, float, float]:
    """``(difference, low, high, p)`` of ``mean(b) - mean(a)`` by Welch's normal approximation."""
    difference = mean(b) - mean(a)
    se = math.sqrt((_variance(a) / len(a) if a else 0.0) + (_variance(b) / len(b) if b else 0.0))
    if se == 0:
        return difference, difference, difference, 1.0 if difference == 0 else 0.0
    return difference, difference - z * se, difference + z * se, normal_two_sided_p(difference / se)


def _difference_of_medians(a: Sequence[float], b: Sequence[float], rng: random.Random,
                           samples: int = BOOTSTRAP_SAMPLES) -> tuple[float, float, float, float]:  # fmt: skip
    """``(difference, low, high, p)`` of ``median(b) - median(a)`` by the percentile bootstrap: the
    interval between the 2.5th and 97.5th percentiles of resampled differences, and p twice the
    smaller share of resampled differences on either side of 0."""
    difference = percentile(b, 0.5) - percentile(a, 0.5)
    draws = sorted(percentile(rng.choices(b, k=len(b)), 0.5) - percentile(rng.choices(a, k=len(a)), 0.5)
                   for _ in range(samples))  # fmt: skip
    below = sum(1 for d in draws if d <= 0) / samples
    above = sum(1 for d in draws if d >= 0) / samples
    return difference, percentile(draws, 0.025), percentile(draws, 0.975), min(1.0, 2 * min(below, above))


def sweep(groups: Mapping[str, Sequence[GameTrace]], seed: int = 0, z: float = WILSON_Z_95,
          alpha: float = SIGNIFICANCE) -> dict[str, Any]:  # fmt: skip
    """Compare option settings: ``groups`` maps a setting's label (e.g. ``"reserve=4"``) to its games.

    ``settings`` gives each setting's :func:`game_metrics` and balance; ``comparisons`` every pair of
    settings on every measure of :data:`SWEEP_MEASURES` (and each seat's score, and the medians of
    :data:`MEDIAN_MEASURES`): the difference (later setting minus earlier) with its 95% interval, its
    p-value, the Holm–Bonferroni adjusted p-value over all the comparisons, and ``significant``
    (adjusted p below ``alpha``). Means are compared by Welch's normal approximation, medians by a
    bootstrap seeded by ``seed``, so the same games give the same answer.
    """
    labels = list(groups)
    if any(not groups[label] for label in labels):
        raise ValueError("every setting of a sweep needs at least one game")
    rng = random.Random(f"abstracta.sweep:{seed}")
    settings = []
    for label in labels:
        traces = groups[label]
        fairness = trace_balance(traces)
        settings.append({"setting": label, "options": dict(traces[0].options), "games": len(traces),
                         "seats": _seat_rows(fairness), "metrics": game_metrics(traces)})  # fmt: skip
    players = max(t.players for traces in groups.values() for t in traces)
    comparisons = []
    for i, j in itertools.combinations(range(len(labels)), 2):
        a, b = groups[labels[i]], groups[labels[j]]
        rows = [(f"seat_{p}_score", lambda t, p=p: expected_scores(t.returns)[p] if p < t.players else None)
                for p in range(players)]  # fmt: skip
        for name, measure in [*rows, *SWEEP_MEASURES.items()]:
            values_a = [v for v in map(measure, a) if v is not None]
            values_b = [v for v in map(measure, b) if v is not None]
            if values_a and values_b:
                comparisons.append(_comparison(name, labels[i], labels[j], _difference_of_means(values_a, values_b, z)))
        for name in MEDIAN_MEASURES:
            measure = SWEEP_MEASURES[name]
            values_a, values_b = [measure(t) for t in a], [measure(t) for t in b]
            comparisons.append(_comparison(f"{name}_median", labels[i], labels[j],
                                           _difference_of_medians(values_a, values_b, rng)))  # type: ignore[arg-type]
    for comparison, adjusted in zip(comparisons, holm([c["p"] for c in comparisons])):
        comparison["p_holm"] = adjusted
        comparison["significant"] = adjusted < alpha
    return {"settings": settings, "comparisons": comparisons, "correction": "holm", "alpha": alpha}


def _comparison(measure: str, a: str, b: str, figures: tuple[float, float, float, float]) -> dict[str, Any]:
    difference, low, high, p = figures
    return {"measure": measure, "a": a, "b": b, "difference": difference, "ci": [low, high], "p": p}


# -- the report's figures ----------------------------------------------------------------
def _seat_rows(fairness: Balance) -> list[dict[str, Any]]:
    return [{"seat": p, "score": fairness.scores[p], "ci": list(fairness.intervals[p]), "fair": fairness.fair}
            for p in range(fairness.players)]  # fmt: skip


def report_figures(traces: Sequence[GameTrace], game: str = "",
                   skill: Mapping[tuple[str, str], Sequence[GameTrace]] | None = None,
                   settings: Mapping[str, Sequence[GameTrace]] | None = None, seed: int = 0) -> dict[str, Any]:  # fmt: skip
    """The report's figures in the JSON shape of ``abstracta report --json`` (``docs/designers.md``):
    ``game``, ``options`` (those every game shares), ``games``, ``seats`` [{``seat``, ``score``, ``ci``,
    ``fair``}], ``metrics`` (:func:`game_metrics`), ``skill_trace`` (:func:`skill_trace` of ``skill``, [] without
    it) and ``sweep`` (:func:`sweep` of ``settings`` when there are two settings or more, else ``None``).
    """
    if not traces:
        raise ValueError("report_figures needs at least one game")
    shared = dict(traces[0].options)
    for trace in traces[1:]:
        shared = {k: v for k, v in shared.items() if trace.options.get(k, object()) == v}
    return {
        "game": game,
        "options": shared,
        "games": len(traces),
        "seats": _seat_rows(trace_balance(traces)),
        "metrics": game_metrics(traces),
        "skill_trace": skill_trace(skill) if skill else [],
        "sweep": sweep(settings, seed) if settings and len(settings) > 1 else None,
    }
