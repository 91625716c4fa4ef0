"""Strategic Reserve on its compiled core: batched stepping, perft and the million-step differential run.

Three measurements (the figures are in docs/compiled.md):

- stepping (default): random masked actions with auto-reset on one core (the process's CPU time,
  ``time.process_time``, unless ``--wall``), at batch 1, 64, 1024 and 4096, ``abstracta.rl.VectorEnv``
  (the Python engine, its own ``sample_actions``) beside ``abstracta.rl.CompiledVectorEnv``
  (``sample_actions`` drawn in C). Steps are counted per game row;
- ``--perft``: perft leaves per second from the start, the reference (``abstracta.core.perft``) and
  the core, at depths 3 to 5 (the reference only up to ``--reference-depth``);
- ``--steps N``: N plays of the core beside the reference engine and N row steps of
  ``CompiledVectorEnv`` beside ``VectorEnv`` on the same dice (``compiled/differential.py``),
  printing the differences found: there must be none.

    python benchmarks/sr_stepping.py --seconds 2
    python benchmarks/sr_stepping.py --perft
    python benchmarks/sr_stepping.py --steps 1000000
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

import abstracta
from abstracta.core.perft import perft
from abstracta.games.strategic_reserve.compiled import Engine, available

SLUG = "strategic-reserve"
BATCHES = (1, 64, 1024, 4096)
clock = time.process_time


def timed(seconds: float, step: Callable[[], int]) -> float:
    """Steps per second of ``step`` (which returns the steps it made), repeated for about ``seconds``."""
    step()  # outside the clock: warms caches, allocates
    steps, started = 0, clock()
    while True:
        steps += step()
        took = clock() - started
        if took >= seconds:
            return steps / took


def bench(env_class, envs: int, seconds: float) -> float:
    venv = env_class(SLUG, envs, seed=0)
    venv.reset()

    def step() -> int:
        venv.step(venv.sample_actions())
        return envs

    return timed(seconds, step)


def stepping(batches: list[int], seconds: float) -> None:
    from abstracta.rl import CompiledVectorEnv, VectorEnv

    print(f"{'batch':>6} {'VectorEnv':>12} {'compiled':>12} {'ratio':>7}   "
          f"({'wall' if clock is time.perf_counter else 'CPU'} steps/s, one core, random masked actions, auto-reset)")
    for envs in batches:
        python = bench(VectorEnv, envs, seconds)
        core = bench(CompiledVectorEnv, envs, seconds)
        print(f"{envs:>6} {python:>12,.0f} {core:>12,.0f} {core / python:>6.0f}x", flush=True)


def perft_speed(reference_depth: int) -> None:
    game = abstracta.load(SLUG)
    engine = Engine(game)
    print(f"{'depth':>5} {'leaves':>12} {'reference leaves/s':>19} {'core leaves/s':>16}")
    for depth in (3, 4, 5):
        reference = "-"
        if depth <= reference_depth:
            started = clock()
            leaves = perft(game.start(), depth)
            reference = f"{leaves / (clock() - started):,.0f}"
        position = engine.start()
        started, runs = clock(), 0
        while True:  # repeat the fast core's count until the clock can tell
            leaves = engine.perft(position, depth)
            runs += 1
            if clock() - started > 0.5:
                break
        print(f"{depth:>5} {leaves:>12,} {reference:>19} {leaves * runs / (clock() - started):>16,.0f}", flush=True)


def differential(steps: int) -> int:
    from abstracta.games.strategic_reserve.compiled.differential import differential_play

    began = time.perf_counter()
    report = differential_play(steps, seed=1)
    took = time.perf_counter() - began
    print(f"{SLUG}: {report.steps:,} engine plays in {report.games:,} games and {report.batch_steps:,} vector row "
          f"steps ({took:.0f} s), endings {report.endings}, differences: {len(report.differences)}")
    for line in report.differences[:20]:
        print("  ", line)
    return len(report.differences)


def main(argv: list[str] | None = None) -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    parser.add_argument("--batches", type=int, nargs="*", default=list(BATCHES),
                        help="batch sizes (default 1 64 1024 4096)")  # fmt: skip
    parser.add_argument("--wall", action="store_true", help="divide by elapsed time, not CPU time")
    parser.add_argument("--perft", action="store_true", help="perft leaves/s, reference and core, instead")
    parser.add_argument("--reference-depth", type=int, default=5, help="deepest reference perft (default 5)")
    parser.add_argument("--steps", type=int, default=None, help="play this many differential steps instead")
    args = parser.parse_args(argv)
    if not available():
        sys.exit("the compiled core of strategic-reserve is not built here: `make cores` (and unset ABSTRACTA_PURE_PYTHON)")
    clock = time.perf_counter if args.wall else time.process_time
    if args.steps is not None:
        sys.exit(1 if differential(args.steps) else 0)
    if args.perft:
        perft_speed(args.reference_depth)
    else:
        stepping(args.batches, args.seconds)


if __name__ == "__main__":
    main()
