"""Rating maths for rated games: Glicko-2 for two players, OpenSkill for three and four, one scale.

Pure functions on :class:`Rating` values (no database, no web); ``docs/ratings.md`` explains the
parameters, the scale, the provisional threshold and the inactivity rule.

- Two-player games: Glicko-2 as in Glickman's "Example of the Glicko-2 system", each game one
  rating period as lichess does (:func:`rate_two_player`); :func:`glicko2_period` is the paper's
  full rating period, checked against its worked example.
- Three- and four-player games: OpenSkill's Bradley-Terry full-pairing model (Weng and Lin, "A
  Bayesian Approximation Method for Online Ranking"), mapped linearly onto the Glicko scale
  (:func:`rate_multiplayer`), fed the full finishing order (:func:`finishing_ranks`).
- :func:`rate_game` picks between the two from one finished game's ``state.returns()`` (and, for
  more than two players, its ``state.scores()``, which order the players the returns leave tied).
- Inactivity widens the deviation (:func:`after_idle_days`); :func:`display` writes ``1500?`` while
  a rating is provisional and :func:`display_change` a game's ``+12``; :func:`rating_pool` says which pool a game's ratings belong to.

The ``glicko2`` package of the package index was not used: its volatility step reads the player's
rating where the paper reads the deviation, which the worked example (a player at 1500, that is
0 on the Glicko-2 scale) cannot reveal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

if TYPE_CHECKING:
    from abstracta.core.api import Game

START_RATING = 1500.0
START_DEVIATION = 350.0
"""Also the cap: no rating is ever less certain than a new player's."""
START_VOLATILITY = 0.06
TAU = 0.5
"""Glicko-2's system constant (how fast volatility may change). Glickman advises 0.3 to 1.2; with
one game per rating period every game moves the volatility, so the paper's own, cautious 0.5 keeps
one upset from unsettling a rating (lichess, with far more games per player, uses 0.75)."""
GLICKO2_SCALE = 400 / math.log(10)
"""Rating points per unit of the Glicko-2 scale (173.7178): ``mu = (rating - 1500) / GLICKO2_SCALE``."""
CONVERGENCE = 1e-6
"""The paper's epsilon for the volatility iteration."""

PROVISIONAL_DEVIATION = 110.0
"""A rating whose deviation exceeds this is provisional and shown with ``?`` (lichess's threshold)."""
RATING_PERIODS_PER_DAY = 1.0
"""Idle time in rating periods: each idle day widens the deviation as one period without a game
(Glicko-2's step 6), so a settled deviation of 60 is provisional again after about 11 weeks away."""

OPENSKILL_MU = 25.0
OPENSKILL_SIGMA = 25.0 / 3
"""OpenSkill's own start values, kept so that its other defaults (tau 25/300, the per-game widening,
kappa) mean what its authors tuned them for."""
POINTS_PER_SKILL = START_DEVIATION / OPENSKILL_SIGMA
"""Rating points per OpenSkill unit (42): ``rating = 1500 + 42 (mu - 25)``, ``deviation = 42 sigma``,
so a new player's (25, 25/3) shows as 1500 with deviation 350."""
OPENSKILL = BradleyTerryFull(mu=OPENSKILL_MU, sigma=OPENSKILL_SIGMA, beta=GLICKO2_SCALE / math.sqrt(2) / POINTS_PER_SKILL)
"""Weng-Lin's Bradley-Terry model over every pair of players (a four-player game: six pairwise
results), with beta (each game's performance spread) set so that between two settled players a
rating gap means what it means in Glicko-2: the expected score ``1 / (1 + exp(-gap / 173.7))``
(beta 2.92 units, 123 points, instead of OpenSkill's 25/6). docs/ratings.md says why not
Plackett-Luce (benchmarks/multiplayer_ratings.py compares them)."""


@dataclass(frozen=True)
class Rating:
    """One player's rating in one pool, on the Glicko scale (a new player: 1500, 350, 0.06)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    """One standard deviation of the rating's uncertainty, in rating points."""
    volatility: float = START_VOLATILITY
    """How erratic the player's results are (Glicko-2; multiplayer ratings keep the start value)."""

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def display(rating: Rating) -> str:
    """The rating as players see it: ``"1623"``, or ``"1500?"`` while provisional."""
    return f"{round(rating.rating)}{'?' if rating.provisional else ''}"


def display_change(before: Rating, after: Rating) -> str:
    """A game's rating change as the result banner and the record tags show it: ``"+12"``, ``"-8"``,
    ``"+0"``; the difference of the rounded ratings, so it adds up with what :func:`display` shows."""
    return f"{round(after.rating) - round(before.rating):+d}"


# -- Glicko-2 (two players) --------------------------------------------------


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expected(mu: float, opponent_mu: float, opponent_phi: float) -> float:
    return 1 / (1 + math.exp(-_g(opponent_phi) * (mu - opponent_mu)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


def _capped(deviation: float) -> float:
    return min(deviation, START_DEVIATION)


def glicko2_period(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period: Glickman's steps 1 to 8.

    ``results`` holds ``(opponent, score)`` for each game of the period, the score 1 for a win,
    0.5 for a draw and 0 for a loss, opponents as they stood before the period. No game: only the
    deviation widens (step 6). The deviation never exceeds :data:`START_DEVIATION`.
    """
    mu = (player.rating - START_RATING) / GLICKO2_SCALE
    phi = player.deviation / GLICKO2_SCALE
    sigma = player.volatility
    if not results:
        return replace(player, deviation=_capped(math.sqrt(phi * phi + sigma * sigma) * GLICKO2_SCALE))
    opponents = [((o.rating - START_RATING) / GLICKO2_SCALE, o.deviation / GLICKO2_SCALE, score)
                 for o, score in results]  # fmt: skip
    v = 1 / sum(_g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1 - e) for mu_j, phi_j, _ in opponents)
    improvement = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in opponents)
    new_sigma = _new_volatility(phi, sigma, v * improvement, v, tau)
    phi_before = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_before * phi_before) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(rating=START_RATING + new_mu * GLICKO2_SCALE,
                  deviation=_capped(new_phi * GLICKO2_SCALE), volatility=new_sigma)  # fmt: skip


def rate_two_player(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Both ratings after one game between them, the game one rating period (as lichess does).

    ``first_score``: 1 when the first player won, 0.5 for a draw, 0 when the second won. Each is
    updated against the other's rating from before the game; apply :func:`after_idle_days` first.
    """
    if not 0 <= first_score <= 1:
        raise ValueError(f"a score is between 0 and 1, got {first_score!r}")
    return glicko2_period(first, [(second, first_score)]), glicko2_period(second, [(first, 1 - first_score)])


def after_idle_days(rating: Rating, days: float) -> Rating:
    """The rating after ``days`` without a rated game in its pool: the deviation widens as
    ``sqrt(deviation² + periods × volatility²)`` (Glicko-2's step 6 over fractional periods, as
    lichess does), ``periods = days × RATING_PERIODS_PER_DAY``, capped at :data:`START_DEVIATION`."""
    if days < 0:
        raise ValueError(f"idle time cannot be negative, got {days!r} days")
    periods = days * RATING_PERIODS_PER_DAY
    phi = rating.deviation / GLICKO2_SCALE
    widened = math.sqrt(phi * phi + periods * rating.volatility**2) * GLICKO2_SCALE
    # Dividing by the scale and multiplying back can lose the last bit: idle time never narrows.
    return replace(rating, deviation=_capped(max(widened, rating.deviation)))


# -- OpenSkill (three and four players) ---------------------------------------


def _to_skill(rating: Rating) -> BradleyTerryFullRating:
    return OPENSKILL.rating(mu=OPENSKILL_MU + (rating.rating - START_RATING) / POINTS_PER_SKILL,
                            sigma=rating.deviation / POINTS_PER_SKILL)  # fmt: skip


def rate_multiplayer(ratings: Sequence[Rating], ranks: Sequence[float]) -> list[Rating]:
    """Every player's rating after one game of several players (Bradley-Terry over every pair, each
    player a team).

    ``ranks``: each player's place, lower better (1, 2, 3, ...); equal ranks share a place, so
    ``[1, 1, 3, 3]`` is a shared first place. Volatility is kept; the deviation stays within the cap.
    """
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise ValueError(f"one rank per player, at least two players: {len(ratings)} ratings, {len(ranks)} ranks")
    teams = OPENSKILL.rate([[_to_skill(r)] for r in ratings], ranks=[float(rank) for rank in ranks])
    return [replace(old, rating=START_RATING + (skill.mu - OPENSKILL_MU) * POINTS_PER_SKILL,
                    deviation=_capped(skill.sigma * POINTS_PER_SKILL))
            for old, (skill,) in zip(ratings, teams)]  # fmt: skip


# -- one finished game ---------------------------------------------------------


def finishing_ranks(returns: Sequence[float], scores: Sequence[float] | None = None,
                    lower_score_wins: bool = False) -> list[int]:
    """Each player's place (1 best), by ``returns`` (higher better), then among equal returns by
    ``scores`` (higher better, lower when ``lower_score_wins``); players equal in both share a place.

    Reflec and Desfases pay one winner and leave the others level (``[1, -1, -1, -1]``): their
    scores (suits alive, points) order the rest, so a game tells who beat whom, not only who won.
    """
    if scores is not None and len(scores) != len(returns):
        raise ValueError(f"one score per result: {len(returns)} results, {len(scores)} scores")
    sign = -1 if lower_score_wins else 1
    keys = [(value, sign * scores[player] if scores is not None else 0) for player, value in enumerate(returns)]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def rate_game(ratings: Sequence[Rating], returns: Sequence[float], scores: Sequence[float] | None = None,
              lower_score_wins: bool = False) -> list[Rating]:
    """Every seat's rating after one finished game, from its ``state.returns()`` (higher is better,
    equal values share a place): Glicko-2 for two players (the result alone), OpenSkill for more,
    from the full finishing order (:func:`finishing_ranks`: ``scores``, the final ``state.scores()``
    when the rules ended the game, order the players the returns leave level)."""
    if len(ratings) != len(returns):
        raise ValueError(f"one result per rating: {len(ratings)} ratings, {len(returns)} results")
    if len(ratings) == 2:
        first, second = returns
        score = 1.0 if first > second else 0.0 if first < second else 0.5
        return list(rate_two_player(ratings[0], ratings[1], score))
    return rate_multiplayer(ratings, finishing_ranks(returns, scores, lower_score_wins))


# -- pools ----------------------------------------------------------------------


def pool_key(slug: str, num_players: int) -> str:
    """The rating pool of games of ``slug`` for ``num_players``: the slug for two players (rated with
    Glicko-2), ``"<slug>/<players>"`` for more (OpenSkill), e.g. ``"reflec/4"``."""
    if num_players < 2:
        raise ValueError(f"a rated game has at least two players, got {num_players}")
    return slug if num_players == 2 else f"{slug}/{num_players}"


def rating_pool(game: Game) -> str:
    """The rating pool of a game under its options (its player count read from ``game.num_players``)."""
    return pool_key(game.slug, game.num_players)


def split_pool(key: str) -> tuple[str, int]:
    """``(slug, players)`` of a pool key: the inverse of :func:`pool_key`."""
    slug, _, players = key.partition("/")
    return slug, int(players) if players else 2
