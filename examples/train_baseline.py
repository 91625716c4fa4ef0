"""Train the shipped baseline agent of one game and export it to ONNX (``games/<name>/baseline.onnx``).

    pip install -e '.[train]'
    python examples/train_baseline.py laser-chess                 # the settings below, ~8 minutes here
    python examples/train_baseline.py desfases --method ppo       # the PPO attempt that did not learn
    python examples/train_baseline.py strategic-reserve --steps 4096 --eval-games 4 --out /tmp/smoke

Two methods (``SETTINGS`` picks one per game, ``--method`` overrides it):

- ``ppo``: sb3-contrib's ``MaskablePPO`` learns against the ``random`` level, one training
  environment per seat in turn (so one network plays every seat), with illegal actions masked
  (Strategic Reserve, Laser Chess). Desfases, Reflec and Quin, under ``--method ppo``, add a
  potential-based reward shaping (own ``state.scores()`` minus the best rival's, over a
  scale, zero once the game ends), which leaves the best policy unchanged but gives a signal
  every turn.
- ``clone``: behaviour cloning of the ``easy`` level, which plays every seat of a few hundred
  games (Desfases, Reflec, Quin: PPO against ``random`` did not learn them in the budget;
  docs/rl.md, "Baseline agents", has the measurements).

The policy half of the network (flatten, hidden layers, action logits) is written as an ONNX
graph by hand (a few ``Gemm`` and ``Tanh`` nodes, weights in float32), so playing it needs
only ``onnxruntime`` (``abstracta.bots.PolicyBot``, the ``policy`` extra), and the model's
metadata says which game, options and observation frame it was trained on. Then the exported
file plays ``--eval-games`` games against ``random`` (seats rotated) through ``PolicyBot``:
the score and its 95% Wilson interval go to ``<out>/baseline.json`` and the learning curve
(PPO: mean training reward over the last 200 games; cloning: loss and held-out agreement with
the teacher per epoch) to ``docs/rl/<game>/baseline-curve.png``, its points beside it as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
ORIENTED = False
"""The observation frame every tensor is built in and the model's metadata records: the shipped
baselines were trained before abstracta.rl turned observations to the observer's side."""

SETTINGS: dict[str, dict] = {
    # options: training options (random play rarely ends Laser Chess or Reflec without a cap);
    # pi: the policy's hidden layers (the last one small where the action space is large, to keep the file small)
    "strategic-reserve": {"options": {}, "steps": 150_000, "minutes": 6, "pi": [64, 64]},
    "laser-chess": {"options": {"max_plies": 200}, "steps": 150_000, "minutes": 8, "pi": [128, 64]},
    # Desfases: MaskablePPO (--method ppo: shaped, 200,704 steps) stayed at random's level; cloning `easy` does not
    "desfases": {"options": {}, "method": "clone", "teacher": "easy", "games": 300, "explore": 0.1, "epochs": 30,
                 "steps": 200_000, "minutes": 4, "pi": [128, 64], "shaping": 40.0},
    # Reflec: MaskablePPO (--method ppo: shaped, 90,136 steps, 368 games in 11 minutes) drew 196 of 200 against random
    "reflec": {"options": {"max_turns": 100}, "method": "clone", "teacher": "easy", "games": 300, "explore": 0.1,
               "epochs": 30, "steps": 200_000, "minutes": 4, "pi": [128, 32], "shaping": 2.0},
    # Quin: MaskablePPO (--method ppo: shaped) made 18,440 steps in 12 minutes (its 27,525-action masks are slow)
    "quin": {"options": {}, "method": "clone", "teacher": "easy", "games": 120, "explore": 0.1, "epochs": 30,
             "steps": 150_000, "minutes": 4, "pi": [64, 16], "shaping": 12.0},
}
"""Per game: options, steps, wall-clock cap (minutes, on the shared 2-core machine), policy layers, and the scale
of the shaping potential where one is used: ``state.scores()`` is points in Desfases (40 wins), lasers still
standing in Reflec (2 a player) and pieces taken in Quin (12 at most matter)."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(SETTINGS), help="game slug")
    parser.add_argument("--steps", type=int, default=None, help="training steps (default: the game's setting)")
    parser.add_argument("--minutes", type=float, default=None, help="stop training after this many minutes")
    parser.add_argument("--envs", type=int, default=8, help="parallel training environments (default: 8)")
    parser.add_argument("--method", choices=["ppo", "clone"], default=None,
                        help="MaskablePPO against random, or behaviour cloning of a level (default: the game's setting)")
    parser.add_argument("--games", type=int, default=None, help="cloning: games the teacher plays (default: the setting)")
    parser.add_argument("--eval-games", type=int, default=200, help="games against random after training (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of training and evaluation (default: 0)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for baseline.onnx and baseline.json (default: the game's package)")
    parser.add_argument("--curve", type=Path, default=None, help="curve PNG (default: docs/rl/<game>/baseline-curve.png)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1: the machine is shared)")
    args = parser.parse_args(argv)
    setting = SETTINGS[args.game] = {**SETTINGS[args.game], "teacher": SETTINGS[args.game].get("teacher", "easy")}
    setting["method"] = args.method or setting.get("method", "ppo")
    setting["games"] = args.games or setting.get("games", 300)
    args.steps = args.steps or setting["steps"]
    args.minutes = args.minutes or setting["minutes"]
    if args.steps < 1 or args.eval_games < 1 or args.envs < 1:
        parser.error("--steps, --eval-games and --envs must be positive")
    return args


def shaped(env, scale: float):
    """``env`` with the potential-based shaping ``phi(after) - phi(before)``, ``phi`` = (own - best rival points) / scale."""
    import gymnasium as gym

    class Shaping(gym.Wrapper):
        def _phi(self) -> float:
            state = self.env.unwrapped.state_
            if getattr(state, "over", True):
                return 0.0  # the potential of an ended game is 0, so the shaped return is the game's plus a constant
            scores = state.scores()
            own = self.env.unwrapped.seat
            return (scores[own] - max(s for p, s in enumerate(scores) if p != own)) / scale

        def reset(self, **kwargs):
            result = self.env.reset(**kwargs)
            self.potential = self._phi()
            return result

        def step(self, action):
            obs, reward, terminated, truncated, info = self.env.step(action)
            potential = self._phi()
            reward += potential - self.potential
            self.potential = potential
            return obs, reward, terminated, truncated, info

        def action_masks(self):
            return self.env.unwrapped.action_masks()

    return Shaping(env)


def ppo_layers(model) -> list:
    """The linear layers of a MaskablePPO policy's logits: its ``pi`` layers (tanh between them), then the action layer."""
    import torch

    policy = model.policy
    if policy.activation_fn.__name__ != "Tanh":
        raise ValueError(f"the exporter writes Tanh layers, the policy uses {policy.activation_fn.__name__}")
    return [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)] + [policy.action_net]


def export_onnx(layers: list, game, options: dict, path: Path, extra: dict) -> None:
    """Write flatten, then ``layers`` (torch ``Linear``) with tanh between them, as an ONNX graph of the logits."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from abstracta.rl import action_space_size, observation_shape

    shape = observation_shape(game)
    size = int(np.prod(shape))
    nodes = [helper.make_node("Flatten", ["observation"], ["x0"], axis=1)]
    weights = []
    current = "x0"
    for k, layer in enumerate(layers):
        weights += [numpy_helper.from_array(layer.weight.detach().numpy().astype(np.float32), f"w{k}"),
                    numpy_helper.from_array(layer.bias.detach().numpy().astype(np.float32), f"b{k}")]
        last = k == len(layers) - 1
        out = "logits" if last else f"h{k}"
        nodes.append(helper.make_node("Gemm", [current, f"w{k}", f"b{k}"], [out], transB=1))
        if not last:
            nodes.append(helper.make_node("Tanh", [out], [f"x{k + 1}"]))
            current = f"x{k + 1}"
    graph = helper.make_graph(
        nodes, f"{game.slug} baseline",
        [helper.make_tensor_value_info("observation", TensorProto.FLOAT, ["batch", *shape])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", action_space_size(game)])],
        weights,
    )
    onnx_model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="abstracta")
    metadata = {"game": game.slug, "options": options, "observation_shape": list(shape),
                "num_actions": action_space_size(game), "oriented": ORIENTED, **extra}
    onnx_model.metadata_props.add(key="abstracta", value=json.dumps(metadata))
    onnx.checker.check_model(onnx_model)
    assert size == layers[0].in_features
    path.parent.mkdir(parents=True, exist_ok=True)
    onnx.save(onnx_model, path)


def clone(game, setting: dict, args: argparse.Namespace) -> tuple[list, dict, list[tuple[int, float, float]]]:
    """Behaviour cloning: the teacher level plays every seat of ``games`` games (``explore`` of its moves replaced
    by random ones, so positions off its path are seen too, always labelled with its choice); an MLP learns its
    choices by masked cross-entropy. Returns the layers, the training record and (epoch, loss, held-out accuracy)."""
    import random

    import torch

    from abstracta.bots import level_bot
    from abstracta.bots.base import sample_chance
    from abstracta.core.errors import CHANCE
    from abstracta.rl import action_space_size, legal_actions, move_to_action, observation

    started = time.perf_counter()
    observations, masks, labels = [], [], []
    n = action_space_size(game)
    teacher, games, explore = setting["teacher"], setting["games"], setting.get("explore", 0.1)
    for index in range(games):
        rng = random.Random(f"clone:{args.seed}:{index}")
        bots = [level_bot(teacher, game, rng.getrandbits(32)) for _ in range(game.num_players)]
        state = game.start(seed=rng.getrandbits(32))
        while not state.over:
            if state.player == CHANCE:
                state = state.play(sample_chance(state, rng))
                continue
            player = state.player
            view = state.view(player)
            move = bots[player].choose(view)
            observations.append(observation(view, player, oriented=ORIENTED))
            # kept as lists: a dense mask of Quin's 27,525 actions is 27 kB
            masks.append(legal_actions(state, oriented=ORIENTED))
            labels.append(move_to_action(state, move, oriented=ORIENTED))
            state = state.play(rng.choice(state.moves()) if rng.random() < explore else move)
    generated = time.perf_counter() - started
    print(f"{game.slug}: {len(labels)} positions from {games} games of {teacher} in {generated:.0f} s", flush=True)

    torch.manual_seed(args.seed)
    x = torch.as_tensor(np.array(observations, dtype=np.float16)).flatten(1)  # half the memory; values are in [0, 1]
    y = torch.as_tensor(np.array(labels))
    held = max(1, len(y) // 10)  # the last tenth (whole games at the end) is held out
    sizes = [x.shape[1], *setting["pi"], n]
    layers = [torch.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])]
    net = torch.nn.Sequential(*[part for layer in layers[:-1] for part in (layer, torch.nn.Tanh())], layers[-1])
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3)

    def masked_logits(rows: torch.Tensor) -> torch.Tensor:
        mask = torch.zeros(len(rows), n, dtype=torch.bool)
        for row, index in enumerate(rows.tolist()):
            mask[row, masks[index]] = True
        return net(x[rows].float()).masked_fill(~mask, -1e9)

    points = []
    deadline = time.perf_counter() + 60 * args.minutes
    for epoch in range(1, setting.get("epochs", 30) + 1):
        order = torch.randperm(len(y) - held)
        total = 0.0
        for start in range(0, len(order), 256):
            batch = order[start:start + 256]
            loss = torch.nn.functional.cross_entropy(masked_logits(batch), y[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(batch)
        with torch.no_grad():
            rows = torch.arange(len(y) - held, len(y))
            accuracy = sum(int((masked_logits(rows[k:k + 256]).argmax(1) == y[rows[k:k + 256]]).sum())
                           for k in range(0, held, 256)) / held
        points.append((epoch, total / (len(y) - held), accuracy))
        if time.perf_counter() > deadline:
            break
    seconds = time.perf_counter() - started
    print(f"{game.slug}: {len(points)} epochs, held-out agreement with {teacher} {points[-1][2]:.3f}", flush=True)
    training = {"algorithm": f"behaviour cloning of {teacher}", "positions": len(labels), "games": games,
                "explore": explore, "epochs": len(points), "held_out_agreement": round(points[-1][2], 4),
                "seconds": round(seconds), "command": f"python examples/train_baseline.py {game.slug}"}
    return layers, training, points


def plot_cloning(points: list[tuple[int, float, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    epochs = [p[0] for p in points]
    ax.plot(epochs, [p[1] for p in points], label="training loss (cross-entropy)")
    ax.plot(epochs, [p[2] for p in points], label="held-out agreement with the teacher")
    ax.set_xlabel("epoch")
    ax.set_ylim(bottom=0)
    ax.legend()
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def evaluate(path: Path, game, games: int, seed: int) -> dict:
    """The exported model against ``random`` through ``PolicyBot`` in a tournament pair (seats rotated)."""
    from abstracta.bots import PolicyBot, level_bot
    from abstracta.bots.tournament import run_tournament

    def make(name, game, bot_seed):
        return PolicyBot(path, game) if name == "baseline" else level_bot(name, game, bot_seed)

    result = run_tournament(game, ["baseline", "random"], games, seed, workers=1, make_bot=make)
    pair = result.pairs[0]
    low, high = pair.score_interval()
    return {"games": pair.games, "wins": pair.wins, "draws": pair.draws, "losses": pair.losses,
            "score": pair.score, "wilson_low": low, "wilson_high": high,
            "elo_vs_random": [r.elo for r in result.ratings if r.bot == "baseline"][0]}


def train_ppo(game, options: dict, setting: dict, args: argparse.Namespace, path: Path) -> tuple[dict, list]:
    """MaskablePPO against random with the seats rotated over the environments; writes the ONNX file to ``path``."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    from abstracta.rl import gym_env

    episodes: list[tuple[int, float]] = []

    def make(rank: int):
        def build():
            env = gym_env(args.game, opponent="random", seat=rank % game.num_players, oriented=ORIENTED, **options)
            if "shaping" in setting:
                env = shaped(env, setting["shaping"])
            env = Monitor(env)
            env.reset(seed=args.seed * 1000 + rank)
            return env
        return build

    venv = DummyVecEnv([make(r) for r in range(args.envs)])
    small = args.steps < 8192
    model = MaskablePPO(
        "MlpPolicy", venv, seed=args.seed, verbose=0, n_steps=32 if small else 256, batch_size=64 if small else 256,
        learning_rate=3e-4, ent_coef=0.01, gamma=0.99,
        policy_kwargs={"net_arch": {"pi": setting["pi"], "vf": [128, 64]}},
    )
    deadline = time.perf_counter() + 60 * args.minutes

    class Recorder(BaseCallback):
        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                if "episode" in info:
                    episodes.append((self.num_timesteps, float(info["episode"]["r"])))
            return time.perf_counter() < deadline  # the wall-clock budget ends training

    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=Recorder())
    seconds = time.perf_counter() - started
    steps = int(model.num_timesteps)
    print(f"{args.game}: trained {steps} steps in {seconds:.0f} s ({len(episodes)} games)", flush=True)
    training = {"algorithm": "MaskablePPO vs random", "steps": steps, "seconds": round(seconds),
                "command": f"python examples/train_baseline.py {args.game}", "shaping": setting.get("shaping")}
    export_onnx(ppo_layers(model), game, options, path, {"training": training})
    return training, episodes


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import sb3_contrib  # noqa: F401
        import torch
    except ImportError as error:
        print(f"needs the train extra (pip install -e '.[train]'): {error}", file=sys.stderr)
        return 2
    import abstracta

    sys.path.insert(0, str(ROOT / "examples"))
    from train_maskable_ppo import plot_curve

    setting = SETTINGS[args.game]
    options = setting["options"]
    game = abstracta.load(args.game, **options)
    package = Path(sys.modules[type(game).__module__].__file__).parent
    out = args.out or package
    curve = args.curve or ROOT / "docs" / "rl" / args.game / "baseline-curve.png"
    torch.set_num_threads(args.threads)
    path = out / "baseline.onnx"
    curve.parent.mkdir(parents=True, exist_ok=True)
    if setting.get("method") == "clone":
        layers, training, points = clone(game, setting, args)
        export_onnx(layers, game, options, path, {"training": training})
        plot_cloning(points, curve, f"Behaviour cloning of {setting['teacher']} on {args.game}")
        curve.with_suffix(".json").write_text(json.dumps({"epoch_loss_agreement": points}) + "\n")
        record_extra = {}
    else:
        training, episodes = train_ppo(game, options, setting, args, path)
        plot_curve(episodes, curve, args.game, title=f"MaskablePPO on {args.game} against random, seats rotated"
                   + (", shaped" if "shaping" in setting else ""))
        curve.with_suffix(".json").write_text(json.dumps({"steps_and_rewards": episodes}) + "\n")  # to redraw it
        record_extra = {"training_games": len(episodes)}
    result = evaluate(path, game, args.eval_games, seed=10_000 + args.seed)
    record = {"game": args.game, "options": options, "training": training, **record_extra,
              "policy_layers": setting["pi"], "vs_random": result, "file_bytes": path.stat().st_size}
    (out / "baseline.json").write_text(json.dumps(record, indent=1) + "\n")
    print(f"{args.game}: {path} ({path.stat().st_size} bytes); vs random {result['wins']}-{result['draws']}-"
          f"{result['losses']}, score {result['score']:.3f} (95% Wilson {result['wilson_low']:.3f}-"
          f"{result['wilson_high']:.3f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
