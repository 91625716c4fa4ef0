"""Steps per second of the RL environments, per game, on one core.

Three measurements, each a fixed number of agent steps with uniformly random legal actions
(so the work is the same on every machine; only the time varies):

- ``aec``: ``abstracta.rl.aec_env`` (PettingZoo), every agent acting, ``env.last()`` each step;
- ``gym``: ``abstracta.rl.gym_env(opponent="random")``, the opponent's moves inside the step;
- ``vector``: ``abstracta.rl.VectorEnv`` with ``--envs`` games (self-play), steps counted
  per game (one ``step`` call of 64 games is 64 steps).

Each figure is steps divided by the process's CPU time (``time.process_time``): the rate on
one core even when the shared machine is busy; ``--wall`` divides by elapsed time instead.

Targets from issue 17: VectorEnv >= 20,000 steps/s for Strategic Reserve and >= 10,000 for
Laser Chess.

    python benchmarks/rl_envs.py --steps 20000
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import abstracta
from abstracta.rl import VectorEnv, aec_env, gym_env

# Reflec has no natural end under random play: a turn limit keeps its episodes finite.
OPTIONS = {"reflec": {"max_turns": 100}}
clock = time.process_time


def bench_aec(slug: str, steps: int) -> float:
    env = aec_env(slug, **OPTIONS.get(slug, {}))
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    done = 0
    started = clock()
    while done < steps:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if done >= steps:
                break
        else:
            env.reset()
    return steps / (clock() - started)


def bench_gym(slug: str, steps: int) -> float:
    env = gym_env(slug, opponent="random", **OPTIONS.get(slug, {}))
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    started = clock()
    for _ in range(steps):
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            _, info = env.reset()
    return steps / (clock() - started)


def bench_vector(slug: str, steps: int, envs: int) -> float:
    venv = VectorEnv(slug, envs, seed=0, **OPTIONS.get(slug, {}))
    venv.reset()
    calls = max(1, steps // envs)
    started = clock()
    for _ in range(calls):
        venv.step(venv.sample_actions())
    return calls * envs / (clock() - started)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="agent steps per measurement (default 20000)")
    parser.add_argument("--envs", type=int, default=64, help="games in the VectorEnv (default 64)")
    parser.add_argument("--games", nargs="*", default=abstracta.games(), help="games to measure (default: all)")
    parser.add_argument("--wall", action="store_true", help="divide by elapsed time, not CPU time")
    args = parser.parse_args(argv)
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    print(f"{'game':<18} {'aec_env':>10} {'gym_env':>10} {'VectorEnv':>10}   ({'wall' if args.wall else 'CPU'} steps/s, {args.steps} steps each)")
    for slug in args.games:
        aec = bench_aec(slug, args.steps)
        gym = bench_gym(slug, args.steps)
        vec = bench_vector(slug, args.steps, args.envs)
        print(f"{slug:<18} {aec:>10,.0f} {gym:>10,.0f} {vec:>10,.0f}", flush=True)


if __name__ == "__main__":
    main()
