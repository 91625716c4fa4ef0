"""How many three- and four-player games a new rating needs to leave the provisional mark, and how
honest it is then: a simulated pool, rated by the server's rules and by the rules they replaced.

Each simulated player has a true rating (drawn around 1500, spread ``--spread``); each game seats
``--players`` players drawn at random and draws their finishing order by Plackett-Luce on the
Glicko scale (the next place goes to each player left with odds ``exp(rating / 173.7)``, so any
two players finish in the order a Glicko-2 win probability says). Two ways of rating it:

- ``server``: what :func:`abstracta.server.ratings.rate_game` does now: Bradley-Terry over every
  pair, fed the full finishing order;
- ``before``: the rules before: Plackett-Luce, fed only the winner (the others sharing a place, as
  the games' returns leave them);
- ``pl-full``: Plackett-Luce fed the full order (the variant not chosen).

For each it prints the games until a player's deviation is 110 or less (median and 90th
percentile of the players who got there), and at the end the mean deviation, the error of the
ratings (root mean square, after centring), the share of players whose true rating lies within
two deviations (95% when deviations are honest) and the slope of rating against true rating (1:
the scale means what it says). Two-player Glicko-2 in the same pool is the yardstick.

    python benchmarks/multiplayer_ratings.py --pool 120 --games-each 120 --seed 1

About 15 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from dataclasses import replace
from typing import Callable, Sequence

from openskill.models import PlackettLuce

from abstracta.server.ratings import (
    GLICKO2_SCALE,
    OPENSKILL_MU,
    OPENSKILL_SIGMA,
    POINTS_PER_SKILL,
    START_DEVIATION,
    START_RATING,
    Rating,
    rate_game,
)

Rater = Callable[[list[Rating], list[int]], list[Rating]]
"""(ratings, finishing order: the seats from first to last) -> new ratings."""

BEFORE_MODEL = PlackettLuce(mu=OPENSKILL_MU, sigma=OPENSKILL_SIGMA, beta=GLICKO2_SCALE / math.sqrt(2) / POINTS_PER_SKILL)


def server_rater(ratings: list[Rating], order: list[int]) -> list[Rating]:
    """The server's rules: the order as returns (one winner) and scores (the places of the rest)."""
    returns = [1.0 if seat == order[0] else -1.0 for seat in range(len(ratings))]
    scores = [len(order) - order.index(seat) for seat in range(len(ratings))]
    return rate_game(ratings, returns, scores if len(ratings) > 2 else None)


def before_rater(ratings: list[Rating], order: list[int], full_order: bool = False) -> list[Rating]:
    """The rules before: Plackett-Luce, the winner first and everyone else sharing second place
    (``full_order``: Plackett-Luce fed every place instead, the variant that was not chosen)."""
    if len(ratings) == 2:
        return rate_game(ratings, [1.0 if seat == order[0] else -1.0 for seat in range(2)])
    skills = [[BEFORE_MODEL.rating(mu=OPENSKILL_MU + (r.rating - START_RATING) / POINTS_PER_SKILL,
                                   sigma=r.deviation / POINTS_PER_SKILL)] for r in ratings]  # fmt: skip
    ranks = [float(order.index(seat) + 1) if full_order else 1.0 if seat == order[0] else 2.0 for seat in range(len(ratings))]
    rated = BEFORE_MODEL.rate(skills, ranks=ranks)
    return [replace(old, rating=START_RATING + (skill.mu - OPENSKILL_MU) * POINTS_PER_SKILL,
                    deviation=min(START_DEVIATION, skill.sigma * POINTS_PER_SKILL))
            for old, (skill,) in zip(ratings, rated)]  # fmt: skip


def finishing_order(true: Sequence[float], rng: random.Random) -> list[int]:
    """Plackett-Luce on the Glicko scale: each next place drawn with odds exp(rating / 173.7)."""
    left, order = list(range(len(true))), []
    while left:
        pick = rng.choices(left, [math.exp(true[seat] / GLICKO2_SCALE) for seat in left])[0]
        order.append(pick)
        left.remove(pick)
    return order


def simulate(rater: Rater, players: int, pool: int, games_each: int, spread: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    true = [rng.gauss(START_RATING, spread) for _ in range(pool)]
    now = [Rating() for _ in range(pool)]
    played, settled = [0] * pool, [0] * pool
    for _ in range(games_each * pool // players):
        seats = rng.sample(range(pool), players)
        order = finishing_order([true[s] for s in seats], rng)
        for seat, after in zip(seats, rater([now[s] for s in seats], order)):
            now[seat] = after
            played[seat] += 1
            if not settled[seat] and not after.provisional:
                settled[seat] = played[seat]
    reached = sorted(n for n in settled if n)
    shift = statistics.mean(r.rating for r in now) - statistics.mean(true)
    errors = [r.rating - shift - t for r, t in zip(now, true)]
    mean_true, mean_now = statistics.mean(true), statistics.mean(r.rating for r in now)
    slope = (sum((t - mean_true) * (r.rating - mean_now) for t, r in zip(true, now))
             / sum((t - mean_true) ** 2 for t in true))  # fmt: skip
    return {"settled": len(reached), "median": statistics.median(reached) if reached else math.nan,
            "p90": reached[max(0, math.ceil(0.9 * len(reached)) - 1)] if reached else math.nan,
            "deviation": statistics.mean(r.deviation for r in now), "rms": math.sqrt(statistics.mean(e * e for e in errors)),
            "within": sum(abs(e) <= 2 * r.deviation for e, r in zip(errors, now)) / pool, "slope": slope}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pool", type=int, default=120, help="players in the pool (default 120)")
    parser.add_argument("--games-each", type=int, default=120, help="games each player plays, on average (default 120)")
    parser.add_argument("--spread", type=float, default=250.0, help="standard deviation of the true ratings (default 250)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args()
    if args.pool < 4 or args.games_each < 1 or args.spread < 0:
        parser.error("--pool 4 or more, --games-each 1 or more, --spread 0 or more")
    print(f"pool {args.pool}, {args.games_each} games each, true ratings 1500 ± {args.spread:g}, seed {args.seed}")
    print(f"{'players':>7} {'rules':>7} {'settled':>8} {'median':>7} {'p90':>5} {'dev':>5} {'rms':>5} {'within 2 dev':>12} {'slope':>6}")
    def pl_full(ratings: list[Rating], order: list[int]) -> list[Rating]:
        return before_rater(ratings, order, full_order=True)

    for players, name, rater in [(2, "glicko", server_rater), (3, "before", before_rater), (3, "pl-full", pl_full),
                                 (3, "server", server_rater), (4, "before", before_rater), (4, "pl-full", pl_full),
                                 (4, "server", server_rater)]:  # fmt: skip
        got = simulate(rater, players, args.pool, args.games_each, args.spread, args.seed)
        print(f"{players:>7} {name:>7} {got['settled']:>4}/{args.pool:<3} {got['median']:>7.0f} {got['p90']:>5.0f} "
              f"{got['deviation']:>5.0f} {got['rms']:>5.0f} {got['within']:>12.0%} {got['slope']:>6.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
