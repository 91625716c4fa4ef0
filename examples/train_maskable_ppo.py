"""Train MaskablePPO (sb3-contrib) on one abstracta game against the ``random`` level.

    pip install -e '.[train]'
    python examples/train_maskable_ppo.py                      # Laser Chess, ~10 minutes here
    python examples/train_maskable_ppo.py --steps 300 --eval-games 4 --out /tmp/smoke   # smoke test

The agent holds seat 0 of ``abstracta.rl.gym_env(game, opponent="random")``; illegal actions
are masked with ``env.action_masks()``. After training it plays ``--eval-games`` games
against ``random`` and prints its win rate with a 95% Wilson interval, next to the same
figure for a random agent on the same seat (the baseline it has to beat). The learning
curve (mean episode reward over the last 200 training games) goes to ``<out>/curve.png``
and the figures to ``<out>/result.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


DEFAULT_OPTIONS = {"laser-chess": {"max_plies": 200}, "reflec": {"max_turns": 100}}
"""Limits that keep episodes finite: random play rarely ends these games on its own."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="laser-chess", help="game slug (default: laser-chess)")
    parser.add_argument("--options", default=None,
                        help='game options as JSON (default: \'{"max_plies": 200}\' for laser-chess, else {})')
    parser.add_argument("--steps", type=int, default=250_000, help="training steps of the agent (default: 250000)")
    parser.add_argument("--eval-games", type=int, default=400, help="evaluation games against random (default: 400)")
    parser.add_argument("--envs", type=int, default=8, help="parallel training environments (default: 8)")
    parser.add_argument("--seed", type=int, default=0, help="seed of training and evaluation (default: 0)")
    parser.add_argument("--out", type=Path, default=Path("examples/output"), help="folder for curve.png and result.json")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1: the machine is shared)")
    args = parser.parse_args(argv)
    if args.steps < 1 or args.eval_games < 1 or args.envs < 1:
        parser.error("--steps, --eval-games and --envs must be positive")
    if args.options is None:
        args.options = json.dumps(DEFAULT_OPTIONS.get(args.game, {}))
    try:
        args.options = json.loads(args.options)
    except json.JSONDecodeError as error:
        parser.error(f"--options is not JSON: {error}")
    if not isinstance(args.options, dict):
        parser.error("--options must be a JSON object")
    return args


def evaluate(env, choose, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` episodes with ``choose(obs, mask) -> action``; wins, draws, losses, Wilson interval."""
    from abstracta.bots.match import wilson_interval

    wins = draws = losses = 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, env.action_masks()))
            done = terminated or truncated  # a cap (max_plies, max_turns) truncates: a draw
        if reward > 0:
            wins += 1
        elif reward < 0:
            losses += 1
        else:
            draws += 1
    low, high = wilson_interval(wins, games)
    return {"games": games, "wins": wins, "draws": draws, "losses": losses,
            "win_rate": wins / games, "wilson_low": low, "wilson_high": high}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.monitor import Monitor
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as error:
        print(f"needs the train extra (pip install -e '.[train]'): {error}", file=sys.stderr)
        return 2
    import abstracta
    from abstracta.rl import gym_env

    if args.game not in abstracta.games():
        print(f"unknown game {args.game!r}; valid: {', '.join(abstracta.games())}", file=sys.stderr)
        return 2
    try:
        abstracta.load(args.game, **args.options)
    except ValueError as error:
        print(f"bad options for {args.game}: {error}", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    episodes: list[tuple[int, float]] = []  # (training steps so far, episode reward)

    def make(rank: int):
        def build():
            env = Monitor(gym_env(args.game, opponent="random", seat=0, **args.options))
            env.reset(seed=args.seed * 1000 + rank)
            return env
        return build

    venv = DummyVecEnv([make(r) for r in range(args.envs)])
    small = args.steps < 2048
    model = MaskablePPO(
        "MlpPolicy", venv, seed=args.seed, verbose=0,
        n_steps=max(16, min(256, args.steps // args.envs)), batch_size=64 if small else 256,
        learning_rate=3e-4, ent_coef=0.01, gamma=0.99, policy_kwargs={"net_arch": [128, 128]},
    )

    from stable_baselines3.common.callbacks import BaseCallback

    class Recorder(BaseCallback):
        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                if "episode" in info:
                    episodes.append((self.num_timesteps, float(info["episode"]["r"])))
            return True

    started = time.perf_counter()
    try:
        import tqdm  # noqa: F401
        import rich  # noqa: F401
        progress = True
    except ImportError:
        progress = False
    model.learn(total_timesteps=args.steps, callback=Recorder(), progress_bar=progress)
    train_seconds = time.perf_counter() - started

    eval_env = gym_env(args.game, opponent="random", seat=0, **args.options)
    agent = evaluate(eval_env, lambda obs, mask: int(model.predict(obs, action_masks=mask, deterministic=True)[0]),
                     args.eval_games, seed=10_000 + args.seed)
    rng = np.random.default_rng(args.seed)
    baseline = evaluate(eval_env, lambda obs, mask: int(rng.choice(np.flatnonzero(mask))), args.eval_games,
                        seed=10_000 + args.seed)

    result = {"game": args.game, "options": args.options, "steps": args.steps, "envs": args.envs, "train_seconds": round(train_seconds, 1),
              "training_episodes": len(episodes), "agent_vs_random": agent, "random_vs_random": baseline}
    (args.out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    plot_curve(episodes, args.out / "curve.png", args.game)
    print(f"trained {args.steps} steps in {train_seconds:.0f} s ({len(episodes)} games)")
    for name, r in (("MaskablePPO", agent), ("random", baseline)):
        print(f"{name:>12} vs random, seat 0: {r['wins']}/{r['games']} wins, {r['draws']} draws, "
              f"win rate {r['win_rate']:.3f} (95% Wilson {r['wilson_low']:.3f}-{r['wilson_high']:.3f})")
    print(f"curve: {args.out / 'curve.png'}   figures: {args.out / 'result.json'}")
    return 0


def plot_curve(episodes: list[tuple[int, float]], path: Path, game: str, window: int = 200,
               title: str | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    if episodes:
        steps = np.array([s for s, _ in episodes])
        rewards = np.array([r for _, r in episodes])
        w = max(1, min(window, len(rewards)))
        mean = np.convolve(rewards, np.ones(w) / w, mode="valid")
        ax.plot(steps[w - 1:], mean)
    ax.set_xlabel("training steps")
    ax.set_ylabel(f"mean reward, last {window} games")
    ax.set_ylim(-1.05, 1.05)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_title(title or f"MaskablePPO on {game} against random (seat 0)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    raise SystemExit(main())
