"""Batched stepping on the compiled cores beside ``abstracta.rl.VectorEnv`` (and Pgx when it imports).

Random masked actions with auto-reset on one core (the process's own CPU time,
``time.process_time``, unless ``--wall``), per game with a compiled batch core, at batch 1, 64,
1024 and 4096: ``VectorEnv`` (the Python engines, its own ``sample_actions``) against
``CompiledVectorEnv`` (``sample_actions`` drawn in C). Steps are counted per game row (one step
of 1024 games is 1024 steps). Each figure runs about ``--seconds`` (at least one step). Pgx's
connect four is measured beside them only when ``pgx`` imports (it is not a dependency).

``--steps N`` instead plays N differential steps per cored game: the core and the reference
engine side by side on the same moves (``<game package>.compiled.differential``), and prints the
differences found (there must be none).

    python benchmarks/compiled_stepping.py --seconds 2
    python benchmarks/compiled_stepping.py --steps 1000000
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from typing import Callable

import abstracta
from abstracta.rl import CompiledVectorEnv, VectorEnv
from abstracta.rl.adapters import adapter_of

BATCHES = (1, 64, 1024, 4096)
clock = time.process_time


def cored_games() -> list[str]:
    return [slug for slug in abstracta.games() if adapter_of(abstracta.load(slug)).batch_core(1) is not None]


def timed(seconds: float, step: Callable[[], int]) -> float:
    """Steps per second of ``step`` (which returns the steps it made), repeated for about ``seconds``."""
    steps, started = step(), clock()  # the first step outside the clock: warms caches, allocates
    steps = 0
    while True:
        steps += step()
        took = clock() - started
        if took >= seconds:
            return steps / took


def bench(env_class, slug: str, envs: int, seconds: float) -> float:
    venv = env_class(slug, envs, seed=0)
    venv.reset()

    def step() -> int:
        venv.step(venv.sample_actions())
        return envs

    return timed(seconds, step)


def bench_pgx(envs: int, seconds: float) -> float | None:
    """Pgx's connect four (jax, jit, on the CPU here) with random masked actions, or None without pgx."""
    try:
        import jax
        import pgx
    except ImportError:
        return None
    env = pgx.make("connect_four")
    init, step_fn = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, envs))

    def act(state, key):
        logits = jax.numpy.where(state.legal_action_mask, 0.0, -1e9)
        action = jax.random.categorical(key, logits)
        state = step_fn(state, action)
        # auto-reset: finished rows start again
        fresh = init(jax.random.split(key, envs))
        done = state.terminated | state.truncated
        return jax.tree_util.tree_map(
            lambda a, b: jax.numpy.where(done.reshape(-1, *([1] * (a.ndim - 1))), b, a), state, fresh)

    act = jax.jit(act)
    keys = iter(jax.random.split(key, 1_000_000))

    def step() -> int:
        nonlocal state
        state = act(state, next(keys))
        state.legal_action_mask.block_until_ready()
        return envs

    return timed(seconds, step)


def differential(slug: str, steps: int) -> int:
    game = abstracta.load(slug)
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.compiled.differential")
    except ImportError:
        print(f"{slug}: no differential run ({package}.compiled.differential)")
        return 0
    began = time.perf_counter()
    report = module.differential_play(steps, seed=1)
    took = time.perf_counter() - began
    print(f"{slug}: {report.steps:,} steps in {report.games:,} games ({took:.0f} s), endings {report.endings}, "
          f"differences: {len(report.differences)}")
    for line in report.differences[:20]:
        print("  ", line)
    return len(report.differences)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    parser.add_argument("--batches", type=int, nargs="*", default=list(BATCHES), help="batch sizes (default 1 64 1024 4096)")
    parser.add_argument("--games", nargs="*", default=None, help="games (default: every game with a compiled core)")
    parser.add_argument("--wall", action="store_true", help="divide by elapsed time, not CPU time")
    parser.add_argument("--steps", type=int, default=None, help="play this many differential steps per game instead")
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else cored_games()
    if not games:
        sys.exit("no game has a compiled core here: build them with `make cores` (and unset ABSTRACTA_PURE_PYTHON)")
    if args.steps is not None:
        sys.exit(1 if sum(differential(slug, args.steps) for slug in games) else 0)
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    print(f"{'game':<18} {'batch':>6} {'VectorEnv':>12} {'compiled':>12} {'ratio':>7}   "
          f"({'wall' if args.wall else 'CPU'} steps/s, one core, random masked actions, auto-reset)")
    for slug in games:
        for envs in args.batches:
            python = bench(VectorEnv, slug, envs, args.seconds)
            core = bench(CompiledVectorEnv, slug, envs, args.seconds)
            print(f"{slug:<18} {envs:>6} {python:>12,.0f} {core:>12,.0f} {core / python:>6.0f}x", flush=True)
    for envs in args.batches:
        rate = bench_pgx(envs, args.seconds)
        if rate is None:
            print("connect four (Pgx): pgx does not import here (not a dependency; pip install pgx to compare)")
            break
        print(f"{'connect four (Pgx)':<18} {envs:>6} {'':>12} {rate:>12,.0f}", flush=True)


if __name__ == "__main__":
    main()
