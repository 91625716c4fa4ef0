"""Steps per second of the RL environments, per game, beside PettingZoo's connect four, in one process.

Each figure steps an environment with uniformly random legal actions for ``--seconds`` of CPU
time (``time.process_time``: the rate on one core even when the shared machine is busy;
``--wall`` uses elapsed time) and divides the agent steps by that time:

- ``aec``: ``abstracta.rl.aec_env`` (PettingZoo), every agent acting, ``env.last()`` each step;
- ``gym``: ``abstracta.rl.gym_env(opponent="random")``, the opponent's moves inside the step;
- ``vector``: ``abstracta.rl.VectorEnv`` (a ``gymnasium.vector.VectorEnv``) with ``--envs``
  self-play games, steps counted per game (one ``step`` of 64 games is 64 steps);
- ``connect four``: PettingZoo's ``connect_four_v3`` (needs ``pygame``: ``pip install
  'abstracta[bench]'``) through the same AEC loop as ``aec``, the reference row.

    python benchmarks/rl_steps.py --seconds 2
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Callable

import numpy as np

import abstracta
from abstracta.rl import VectorEnv, aec_env, gym_env

# Reflec has no natural end under random play: a turn limit keeps its episodes finite.
OPTIONS = {"reflec": {"max_turns": 100}}
clock = time.process_time


def timed(seconds: float, run_batch: Callable[[], int]) -> float:
    """Steps per second of ``run_batch`` (which returns the steps it made) repeated for ``seconds``."""
    steps, started = 0, clock()
    while clock() - started < seconds:
        steps += run_batch()
    return steps / (clock() - started)


def bench_aec(env, seconds: float) -> float:
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def batch() -> int:
        done = 0
        for _ in env.agent_iter(max_iter=200):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                done += 1
        if not env.agents:
            env.reset()
        return done

    return timed(seconds, batch)


def bench_gym(slug: str, seconds: float) -> float:
    env = gym_env(slug, opponent="random", **OPTIONS.get(slug, {}))
    rng = np.random.default_rng(0)
    info = env.reset(seed=0)[1]

    def batch() -> int:
        nonlocal info
        for _ in range(100):
            _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if terminated or truncated:
                info = env.reset()[1]
        return 100

    return timed(seconds, batch)


def bench_vector(slug: str, seconds: float, envs: int) -> float:
    venv = VectorEnv(slug, envs, seed=0, **OPTIONS.get(slug, {}))
    venv.reset()

    def batch() -> int:
        venv.step(venv.sample_actions())
        return envs

    return timed(seconds, batch)


def connect_four():
    """PettingZoo's connect four, or ``None`` when its ``pygame`` import is missing."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError:
        return None
    return connect_four_v3.env()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure (default 2)")
    parser.add_argument("--envs", type=int, default=64, help="games in the VectorEnv (default 64)")
    parser.add_argument("--games", nargs="*", default=abstracta.games(), help="games to measure (default: all)")
    parser.add_argument("--wall", action="store_true", help="divide by elapsed time, not CPU time")
    args = parser.parse_args(argv)
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    print(f"{'game':<18} {'aec_env':>10} {'gym_env':>10} {'VectorEnv':>10}   "
          f"({'wall' if args.wall else 'CPU'} steps/s, {args.seconds:g} s each, VectorEnv of {args.envs})")
    for slug in args.games:
        aec = bench_aec(aec_env(slug, **OPTIONS.get(slug, {})), args.seconds)
        gym = bench_gym(slug, args.seconds)
        vec = bench_vector(slug, args.seconds, args.envs)
        print(f"{slug:<18} {aec:>10,.0f} {gym:>10,.0f} {vec:>10,.0f}", flush=True)
    reference = connect_four()
    if reference is None:
        print("connect four (PettingZoo): needs pygame (pip install 'abstracta[bench]')")
    else:
        print(f"{'connect four (PZ)':<18} {bench_aec(reference, args.seconds):>10,.0f} {'':>10} {'':>10}")


if __name__ == "__main__":
    main()
