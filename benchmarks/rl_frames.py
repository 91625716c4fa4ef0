"""What the observer frames (``oriented=True``, docs/rl.md "Frames and symmetries") cost, per game.

In one process, on the same positions: microseconds of CPU per call of ``rl.observation`` and
``rl.legal_actions`` with and without the frame (the positions of 20 random games, every
seat to move), and ``VectorEnv`` self-play steps per CPU second with and without it (best of
three runs of ``--steps`` steps each, 64 games). ``oriented=False`` is the code path that
existed before frames.

    python benchmarks/rl_frames.py --steps 6000
"""

from __future__ import annotations

import argparse
import random
import time

import abstracta
import abstracta.rl as rl
from abstracta import CHANCE

OPTIONS = {"laser-chess": {"max_plies": 200}, "reflec": {"max_turns": 100}, "quin": {"max_turns": 40}}
clock = time.process_time


def positions(slug: str, count: int = 400) -> list:
    game = abstracta.load(slug, **OPTIONS.get(slug, {}))
    rng, found = random.Random(0), []
    for seed in range(20):
        state = game.start(seed=seed)
        while not state.over and len(found) < count * (seed + 1) // 20:
            if state.player != CHANCE:
                found.append(state)
            state = state.play(rng.choice(state.moves()))
    return found


def per_call(states: list, oriented: bool) -> tuple[float, float]:
    """Best-of-five microseconds per ``observation`` and per ``legal_actions`` call."""
    best = []
    for work in (lambda s: rl.observation(s.view(s.player), s.player, oriented),
                 lambda s: rl.legal_actions(s, oriented)):
        times = []
        for _ in range(5):
            start = clock()
            for state in states:
                work(state)
            times.append((clock() - start) / len(states) * 1e6)
        best.append(min(times))
    return best[0], best[1]


def vector_rate(slug: str, oriented: bool, steps: int) -> float:
    best = 0.0
    for _ in range(3):
        env = rl.VectorEnv(slug, 64, seed=0, oriented=oriented, **OPTIONS.get(slug, {}))
        env.reset()
        start, done = clock(), 0
        while done < steps:
            env.step(env.sample_actions())
            done += env.num_envs
        best = max(best, done / (clock() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=6000, help="VectorEnv steps per run (default 6000)")
    parser.add_argument("--games", nargs="*", default=abstracta.games(), help="games to measure (default: all)")
    args = parser.parse_args()
    print(f"{'game':18s} {'observation us':>22s} {'legal_actions us':>22s} {'VectorEnv steps/s':>24s}")
    columns = ("plain", 10), ("oriented", 11), ("plain", 10), ("oriented", 11), ("plain", 11), ("oriented", 12)
    print(f"{'':18s}" + "".join(f" {name:>{width}s}" for name, width in columns))
    for slug in args.games:
        states = positions(slug)
        plain_obs, plain_legal = per_call(states, False)
        framed_obs, framed_legal = per_call(states, True)
        plain_rate, framed_rate = vector_rate(slug, False, args.steps), vector_rate(slug, True, args.steps)
        print(f"{slug:18s} {plain_obs:10.1f} {framed_obs:11.1f} {plain_legal:10.1f} {framed_legal:11.1f} "
              f"{plain_rate:11,.0f} {framed_rate:12,.0f}")


if __name__ == "__main__":
    main()
