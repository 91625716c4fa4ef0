"""Refit Strategic Reserve's learned evaluation: logistic regression on positions from greedy self-play.

Plays ``--games`` games on bare bitboards in which both sides place greedily
(the square the rival's next roll punishes least, exactly over its 36 rolls)
except for an ``--epsilon`` share of uniformly random placements, records
every position where a side is about to roll with at least 2 checkers in
both reserves, and fits the chance that the roller wins from
``roller_features`` (games/strategic_reserve/evaluation.py) by Newton's
method with a small L2 penalty. It prints the held-out log-loss next to a
reserves-only model, then ``LEARNED_WEIGHTS`` to paste into evaluation.py.
Needs numpy (``pip install -e '.[rl]'``); takes about a minute.

    python benchmarks/strategic_reserve_fit.py --games 6000 --epsilon 0.2 --seed 7
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import abstracta
from abstracta.games.strategic_reserve.board import FULL, border, groups_containing
from abstracta.games.strategic_reserve.evaluation import LEARNED_FEATURES, expected_removals, roller_features


def greedy_square(mine: int, theirs: int, legal: int, rng: random.Random) -> int:
    """The legal square (a bit) after which the rival's next roll sends back the fewest of ``mine``; ties at random."""
    best: list[int] = []
    least = float("inf")
    while legal:
        bit = legal & -legal
        legal ^= bit
        loss = expected_removals(mine | bit, theirs)
        if loss < least - 1e-12:
            least, best = loss, [bit]
        elif loss <= least + 1e-12:
            best.append(bit)
    return best[int(rng.random() * len(best))]


def random_square(legal: int, rng: random.Random) -> int:
    bits = []
    while legal:
        bit = legal & -legal
        legal ^= bit
        bits.append(bit)
    return bits[int(rng.random() * len(bits))]


Position = tuple[int, int, int, int, int]
"""``(side, mine, theirs, my reserve, their reserve)`` of a side about to roll."""


def self_play(rng: random.Random, epsilon: float) -> tuple[list[Position], int]:
    """One game from the start: the roll positions ``(side, mine, theirs, my reserve, their reserve)`` and the winner."""
    start = abstracta.load("strategic-reserve").start()
    mine, theirs, my_reserve, their_reserve = start.red, start.blue, start.red_reserve, start.blue_reserve
    side = 0
    positions = []
    while True:
        positions.append((side, mine, theirs, my_reserve, their_reserve))
        target = 1 << int(rng.random() * 36)  # the 36 rolls hit the 36 squares, one each (rules §7.1)
        if target & mine:  # my own group: its enemy neighbours go, and I must place next to it
            legal = border(groups_containing(target, mine))
            removed = groups_containing(legal & theirs, theirs)
        else:  # an enemy group goes (or nothing, on an empty square), and I may place anywhere empty
            removed = groups_containing(target, theirs)
            legal = FULL & ~(mine | theirs) | removed
        theirs ^= removed
        their_reserve += removed.bit_count()
        square = random_square(legal, rng) if rng.random() < epsilon else greedy_square(mine, theirs, legal, rng)
        mine |= square
        my_reserve -= 1
        if my_reserve == 0:
            return positions, side
        mine, theirs, my_reserve, their_reserve = theirs, mine, their_reserve, my_reserve
        side = 1 - side


def dataset(games: int, epsilon: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    rows, labels = [], []
    for _ in range(games):
        positions, winner = self_play(rng, epsilon)
        for side, mine, theirs, my_reserve, their_reserve in positions:
            if my_reserve >= 2 and their_reserve >= 2:
                rows.append(roller_features(mine, theirs, my_reserve, their_reserve))
                labels.append(1.0 if winner == side else 0.0)
    return np.array(rows), np.array(labels)


def fit(features: np.ndarray, labels: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic-regression weights by Newton's method (a handful of steps converge)."""
    weights = np.zeros(features.shape[1])
    for _ in range(steps):
        chance = 1.0 / (1.0 + np.exp(-(features @ weights)))
        gradient = features.T @ (chance - labels) + l2 * weights
        hessian = (features * (chance * (1 - chance))[:, None]).T @ features + l2 * np.eye(len(weights))
        weights -= np.linalg.solve(hessian, gradient)
    return weights


def log_loss(features: np.ndarray, labels: np.ndarray, weights: np.ndarray) -> float:
    chance = np.clip(1.0 / (1.0 + np.exp(-(features @ weights))), 1e-9, 1 - 1e-9)
    return float(-np.mean(labels * np.log(chance) + (1 - labels) * np.log(1 - chance)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6000, help="self-play games to fit on (default 6000)")
    parser.add_argument("--epsilon", type=float, default=0.2, help="share of random placements (default 0.2)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the training games (default 7)")
    parser.add_argument(
        "--only", help="comma-separated features to fit (the others get weight 0); default: all of LEARNED_FEATURES"
    )
    args = parser.parse_args(argv)
    names = list(LEARNED_FEATURES)
    chosen = names if not args.only else [name.strip() for name in args.only.split(",")]
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"unknown features {', '.join(unknown)}; valid: {', '.join(names)}")
    columns = [names.index(name) for name in chosen]
    began = time.perf_counter()
    train = dataset(args.games, args.epsilon, args.seed)
    held_out = dataset(max(1, args.games // 4), args.epsilon, args.seed + 1)
    print(f"{len(train[1])} training positions from {args.games} games, {time.perf_counter() - began:.0f} s")
    weights = np.zeros(len(names))
    weights[columns] = fit(train[0][:, columns], train[1])
    reserves_only = fit(train[0][:, :3], train[1])  # bias, lead and scale: what the reserves alone say
    baseline = log_loss(held_out[0][:, :3], held_out[1], reserves_only)
    print(f"held-out log-loss: {log_loss(*held_out, weights):.4f} (reserves only: {baseline:.4f})")
    for name, weight in zip(LEARNED_FEATURES, weights):
        print(f"  {name:24s} {weight:+.4f}")
    print("LEARNED_WEIGHTS: tuple[float, ...] = (")
    print("    " + ", ".join(f"{weight:.4f}" for weight in weights) + ",")
    print(")  # fmt: skip")


if __name__ == "__main__":
    main()
