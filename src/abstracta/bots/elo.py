"""Elo ratings fitted to games between bots: maximum likelihood on the logistic Elo curve.

Ratings are the Elo scale's logistic model (a 400-point lead means 10:1 odds), fitted by
maximum likelihood over all games with draws as half points, with virtual drawn games as a
prior so that every rating stays finite (see :func:`fit_elo` and ``docs/tournaments.md``).
Pure Python: a tournament has a handful of bots, so the matrices are tiny.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

from abstracta.bots.match import WILSON_Z_95

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: a lead of 400 points means odds of 10 to 1."""

DEFAULT_PRIOR_DRAWS = 1.0


@dataclass(frozen=True)
class Rating:
    """A bot's fitted Elo with its 95% interval, and the games and points behind it."""

    bot: str
    elo: float
    low: float
    high: float
    games: int
    points: float


def fit_elo(
    names: Sequence[str],
    outcomes: Iterable[tuple[int, int, float]],
    anchor: str | None = None,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    z: float = WILSON_Z_95,
) -> list[Rating]:
    """Elo ratings of ``names`` by maximum likelihood, with intervals (95% by default).

    ``outcomes`` are games ``(i, j, score)``: bot ``names[i]`` met ``names[j]`` and scored 1, 0.5 or 0.
    The model is the logistic Elo curve, ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``, with a
    draw counted as half a win and half a loss (Bradley-Terry with ties split). To keep every rating
    finite (an undefeated bot has no maximum otherwise) each pair of bots also gets ``prior_draws``
    virtual drawn games, as BayesElo does. Ratings are relative: ``anchor`` is rated 0 when it is one
    of ``names``, else the mean rating is 0. Intervals are ``elo ± z·sd`` with ``sd`` from the inverse of
    the observed Fisher information (the log-likelihood's curvature at the maximum); the anchor's is 0.

    >>> [round(r.elo) for r in fit_elo(["a", "b"], [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], anchor="a")]
    [0, -147]
    """
    n = len(names)
    if n < 1:
        raise ValueError("fit_elo needs at least one bot")
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be 0 or more, got {prior_draws}")
    games = [[0.0] * n for _ in range(n)]  # games[i][j]: games between i and j (virtual draws included)
    points = [[0.0] * n for _ in range(n)]  # points[i][j]: i's points against j
    played = [0] * n
    scored = [0.0] * n
    for i, j, score in outcomes:
        if i == j or not 0 <= score <= 1:
            raise ValueError(f"a game needs two different bots and a score from 0 to 1, got {(i, j, score)}")
        games[i][j] += 1
        games[j][i] += 1
        points[i][j] += score
        points[j][i] += 1 - score
        played[i] += 1
        played[j] += 1
        scored[i] += score
        scored[j] += 1 - score
    for i, j in combinations(range(n), 2):
        games[i][j] += prior_draws
        games[j][i] += prior_draws
        points[i][j] += prior_draws / 2
        points[j][i] += prior_draws / 2

    strengths = _maximise_likelihood(games, points)  # log-odds units, strengths[0] == 0
    covariance = _covariance(games, strengths)  # of strengths[1:] with strengths[0] fixed
    return _ratings(names, strengths, covariance, anchor, z, played, scored)


def _ratings(names: list[str], strengths: list[float], covariance: list[list[float]], anchor: str | None,
             z: float, played: list[int], scored: list[float]) -> list[Rating]:
    """Ratings as contrasts of the fitted ``strengths`` (log-odds, bot 0 fixed at 0): rating =
    weights · strengths with the weights summing to 0 (so the fixed bot does not matter), centred on
    the mean or on ``anchor``; the interval from w C w over the free strengths (``covariance``'s
    first ``n - 1`` rows and columns)."""
    n = len(names)
    anchor_index = names.index(anchor) if anchor in names else None
    ratings = []
    for i, name in enumerate(names):
        if anchor_index is None:
            weights = [(1.0 if k == i else 0.0) - 1 / n for k in range(n)]
        else:
            weights = [(1.0 if k == i else 0.0) - (1.0 if k == anchor_index else 0.0) for k in range(n)]
        elo = ELO_SCALE * sum(w * s for w, s in zip(weights, strengths))
        free = weights[1:]
        variance = sum(free[p] * covariance[p][q] * free[q] for p in range(n - 1) for q in range(n - 1))
        half_width = z * ELO_SCALE * math.sqrt(max(variance, 0.0))
        elo = 0.0 if i == anchor_index else elo
        ratings.append(Rating(name, elo, elo - half_width, elo + half_width, played[i], scored[i]))
    return ratings


def _logistic(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _log_likelihood(games: list[list[float]], points: list[list[float]], strengths: list[float]) -> float:
    total = 0.0
    for i, j in combinations(range(len(strengths)), 2):
        if games[i][j]:
            p = min(max(_logistic(strengths[i] - strengths[j]), 1e-300), 1 - 1e-16)
            total += points[i][j] * math.log(p) + points[j][i] * math.log(1 - p)
    return total


def _gradient_and_information(
    games: list[list[float]], points: list[list[float]], strengths: list[float]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its negative Hessian (the observed information), both over all bots."""
    n = len(strengths)
    gradient = [0.0] * n
    information = [[0.0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        if not games[i][j]:
            continue
        p = _logistic(strengths[i] - strengths[j])
        gradient[i] += points[i][j] - games[i][j] * p
        gradient[j] -= points[i][j] - games[i][j] * p
        curvature = games[i][j] * p * (1 - p)
        information[i][i] += curvature
        information[j][j] += curvature
        information[i][j] -= curvature
        information[j][i] -= curvature
    return gradient, information


def _maximise_likelihood(games: list[list[float]], points: list[list[float]]) -> list[float]:
    """Newton's method with step halving on the concave log-likelihood; bot 0 stays at 0."""
    n = len(games)
    strengths = [0.0] * n
    if n == 1:
        return strengths
    current = _log_likelihood(games, points, strengths)
    for _ in range(200):
        gradient, information = _gradient_and_information(games, points, strengths)
        reduced = [row[1:] for row in information[1:]]
        step = _solve(reduced, gradient[1:])
        scale = 1.0
        while True:
            trial = [0.0] + [s + scale * d for s, d in zip(strengths[1:], step)]
            value = _log_likelihood(games, points, trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        strengths, current = trial, value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    return strengths


def _covariance(games: list[list[float]], strengths: list[float]) -> list[list[float]]:
    """Inverse information of the free strengths (all but bot 0), in log-odds units squared."""
    n = len(strengths)
    if n == 1:
        return []
    _, information = _gradient_and_information(games, [[0.0] * n for _ in range(n)], strengths)
    reduced = [row[1:] for row in information[1:]]
    return [_solve(reduced, [1.0 if k == column else 0.0 for k in range(n - 1)]) for column in range(n - 1)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix · x = vector``, by Gaussian elimination with partial pivoting (a few bots only).

    A singular matrix (a bot that met nobody, with ``prior_draws=0``) gives a huge, finite answer.
    """
    size = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-12:
            rows[column][column] = 1e-12
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return [rows[r][size] / rows[r][r] for r in range(size)]


FIRST_MOVE = "first seat"
"""The name of the first-move term in :func:`fit_elo_first_move`'s answer."""


def fit_elo_first_move(
    names: Sequence[str],
    outcomes: Iterable[tuple[int, int, float, int]],
    anchor: str | None = None,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    z: float = WILSON_Z_95,
) -> tuple[list[Rating], Rating]:
    """:func:`fit_elo` with a shared first-move (colour) advantage ``F`` fitted jointly with the ratings.

    ``outcomes`` are games ``(i, j, score, first)``: ``first`` is +1 when ``names[i]`` held the first
    seat, -1 when ``names[j]`` did, 0 when neither (or not known). The model is
    ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i - first·F) / 400))``. Besides the virtual draws of
    :func:`fit_elo`, ``F`` gets ``prior_draws`` virtual drawn games between equal bots, one of them
    moving first, so it stays finite and leans towards 0 on little evidence. Returns the ratings and
    the advantage as a :class:`Rating` named :data:`FIRST_MOVE` (Elo, its interval, the games with a
    first seat known and the first seat's points in them).

    >>> ratings, first = fit_elo_first_move(["a", "b"], [(0, 1, 1.0, 1), (0, 1, 0.0, -1)] * 20, anchor="a")
    >>> round(ratings[1].elo), first.elo > 300
    (0, True)
    """
    n = len(names)
    if n < 1:
        raise ValueError("fit_elo_first_move needs at least one bot")
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be 0 or more, got {prior_draws}")
    # groups[(i, j, first)] = [games, i's points]; i < j
    groups: dict[tuple[int, int, int], list[float]] = {}
    played = [0] * n
    scored = [0.0] * n
    first_games, first_points = 0, 0.0
    for i, j, score, first in outcomes:
        if i == j or not 0 <= score <= 1 or first not in (-1, 0, 1):
            raise ValueError(f"a game needs two different bots, a score from 0 to 1 and first in -1, 0, 1,"
                             f" got {(i, j, score, first)}")  # fmt: skip
        if i > j:
            i, j, score, first = j, i, 1 - score, -first
        cell = groups.setdefault((i, j, first), [0.0, 0.0])
        cell[0] += 1
        cell[1] += score
        played[i] += 1
        played[j] += 1
        scored[i] += score
        scored[j] += 1 - score
        if first:
            first_games += 1
            first_points += score if first == 1 else 1 - score
    for i, j in combinations(range(n), 2):
        cell = groups.setdefault((i, j, 0), [0.0, 0.0])
        cell[0] += prior_draws
        cell[1] += prior_draws / 2
    # The prior on F: virtual draws of a bot against itself, "i = j", with the first seat.
    groups[(0, 0, 1)] = [prior_draws, prior_draws / 2]

    theta = _maximise_with_first_move(groups, n)  # strengths[1:] then F, log-odds units
    information = _first_move_information(groups, n, theta)[1]
    covariance = [_solve(information, [1.0 if k == c else 0.0 for k in range(n)]) for c in range(n)]
    strengths = [0.0] + theta[: n - 1]
    ratings = _ratings(names, strengths, covariance, anchor, z, played, scored)
    advantage = ELO_SCALE * theta[-1]
    half_width = z * ELO_SCALE * math.sqrt(max(covariance[n - 1][n - 1], 0.0))
    return ratings, Rating(FIRST_MOVE, advantage, advantage - half_width, advantage + half_width, first_games,
                           first_points)  # fmt: skip


def _first_move_information(groups: dict[tuple[int, int, int], list[float]], n: int,
                            theta: list[float]) -> tuple[list[float], list[list[float]]]:  # fmt: skip
    """Gradient and observed information over ``theta`` = (strengths of bots 1..n-1, F)."""
    size = n
    gradient = [0.0] * size
    information = [[0.0] * size for _ in range(size)]
    strengths = [0.0] + theta[: n - 1]
    for (i, j, first), (games, points) in groups.items():
        if not games:
            continue
        p = _logistic(strengths[i] - strengths[j] + first * theta[-1])
        # d(x)/d(theta): +1 for i's strength, -1 for j's (bot 0 is fixed), first for F
        derivative = [0.0] * size
        if i > 0:
            derivative[i - 1] += 1
        if j > 0:
            derivative[j - 1] -= 1
        derivative[-1] += first
        residual = points - games * p
        curvature = games * p * (1 - p)
        for a in range(size):
            if derivative[a]:
                gradient[a] += residual * derivative[a]
                for b in range(size):
                    if derivative[b]:
                        information[a][b] += curvature * derivative[a] * derivative[b]
    return gradient, information


def _first_move_likelihood(groups: dict[tuple[int, int, int], list[float]], n: int, theta: list[float]) -> float:
    strengths = [0.0] + theta[: n - 1]
    total = 0.0
    for (i, j, first), (games, points) in groups.items():
        if games:
            p = min(max(_logistic(strengths[i] - strengths[j] + first * theta[-1]), 1e-300), 1 - 1e-16)
            total += points * math.log(p) + (games - points) * math.log(1 - p)
    return total


def _maximise_with_first_move(groups: dict[tuple[int, int, int], list[float]], n: int) -> list[float]:
    """Newton's method with step halving, as :func:`_maximise_likelihood`, over strengths and F."""
    theta = [0.0] * n
    current = _first_move_likelihood(groups, n, theta)
    for _ in range(200):
        gradient, information = _first_move_information(groups, n, theta)
        step = _solve(information, gradient)
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step)]
            value = _first_move_likelihood(groups, n, trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    return theta
