"""Random games of Quin: mean length, branching factor and how the games end, per setup.

The figures to compare with docs/rules/quin.md §1 (reference: 400 uniformly random games per
option set). Moves are drawn uniformly from ``moves()`` with ``random.Random(seed + i)``;
game i starts from ``game.start(seed + i)``.

    python benchmarks/quin_random_games.py --games 400
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import abstracta


def play(game, seed: int) -> tuple[int, int, int, int, str]:
    """``(plies, turns, sum of len(moves()) over decisions, most moves seen, how it ended)``."""
    rng = random.Random(seed)
    state = game.start(seed)
    plies = total = most = 0
    while not state.over:
        moves = state.moves()
        total += len(moves)
        most = max(most, len(moves))
        state = state.play(moves[int(rng.random() * len(moves))])
        plies += 1
    end = next(e for e in state.last_effects() if e["kind"] in ("win", "draw"))
    turns = int(state.notation().split()[9])
    return plies, turns, total, most, f"{end['kind']}: {end['reason']}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per setup (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--setup", action="append", help="setup(s) to play (default: all three)")
    args = parser.parse_args(argv)
    print("| setup | games | mean plies | mean turns | mean legal moves | most legal moves | endings | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    for setup in args.setup or ["standard", "random", "manual"]:
        game = abstracta.load("quin", setup=setup)
        began = time.perf_counter()
        plies = turns = total = most = 0
        endings: Counter[str] = Counter()
        for index in range(args.games):
            p, t, s, m, end = play(game, args.seed + index)
            plies, turns, total, most = plies + p, turns + t, total + s, max(most, m)
            endings[end] += 1
        ends = ", ".join(f"{name} {count}" for name, count in endings.most_common())
        print(
            f"| {setup} | {args.games} | {plies / args.games:.1f} | {turns / args.games:.1f} | "
            f"{total / plies:.1f} | {most} | {ends} | {time.perf_counter() - began:.1f} |"
        )


if __name__ == "__main__":
    main()
