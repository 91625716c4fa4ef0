"""Perft speed (leaves/s) from a game's start: the pure-Python reference against the compiled core.

For each depth, the reference (``abstracta.core.perft`` on the Python engine) and the core
(``Game.compiled_perft``) count the same leaves; the reference is time-boxed (``--limit``
seconds per depth): past it, the rate of the leaves counted so far is printed, marked ``>``.
Counts must agree wherever the reference finished.

    python benchmarks/perft_speed.py laser-chess --depths 3 4
"""

from __future__ import annotations

import argparse
import sys
import time

import abstracta
from abstracta.core.api import State


class OutOfTime(Exception):
    pass


def reference_perft(state: State, depth: int, deadline: float, counted: list[int]) -> int:
    """``core.perft.perft`` that adds leaves into ``counted[0]`` as it goes and stops at ``deadline``."""
    if depth <= 0 or state.over:
        counted[0] += 1
        return 1
    moves = state.moves()
    if depth == 1:
        counted[0] += len(moves)
        return len(moves)
    if time.perf_counter() > deadline:
        raise OutOfTime
    return sum(reference_perft(state.play(move), depth - 1, deadline, counted) for move in moves)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="laser-chess")
    parser.add_argument("--depths", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds the reference may take per depth (default 60)")
    parser.add_argument("--option", "-o", action="append", default=[], help="a game option, name=value")
    args = parser.parse_args(argv)
    options = dict(item.split("=", 1) for item in args.option)
    game = abstracta.load(args.game, **options)
    state = game.start(seed=0)
    if game.compiled_perft(state, 0) is None:
        sys.exit(f"{args.game} has no compiled core here (build it with `make cores`; unset ABSTRACTA_PURE_PYTHON)")
    print(f"{args.game} {game.options} from the start, wall-clock leaves/s")
    print(f"{'depth':>5} {'leaves':>14} {'reference':>14} {'core':>14} {'ratio':>8}")
    for depth in args.depths:
        began = time.perf_counter()
        leaves = game.compiled_perft(state, depth)
        core_rate = leaves / max(time.perf_counter() - began, 1e-9)
        counted = [0]
        began = time.perf_counter()
        try:
            expected = reference_perft(state, depth, began + args.limit, counted)
        except OutOfTime:
            expected = None
        took = time.perf_counter() - began
        rate = counted[0] / took
        if expected is not None and expected != leaves:
            sys.exit(f"depth {depth}: the core counts {leaves}, the reference {expected}")
        shown = f"{rate:,.0f}" if expected is not None else f">{args.limit:g}s {rate:,.0f}"
        print(f"{depth:>5} {leaves:>14,} {shown:>14} {core_rate:>14,.0f} {core_rate / rate:>7.0f}x", flush=True)


if __name__ == "__main__":
    main()
