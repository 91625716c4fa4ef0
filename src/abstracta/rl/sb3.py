"""Stable-Baselines3's ``VecEnv`` over :class:`abstracta.rl.VectorEnv`, for SB3 and sb3-contrib learners.

``SB3VecEnv(slug, num_envs, opponent="random", seat=0, seed=None, oriented=True, **options)``
runs the batched games in same-step autoreset, as SB3 expects: the step that ends a game returns the
next game's first observation, ``done`` True, and in that row's info ``terminal_observation``
(the finished game's last observation) and ``TimeLimit.truncated`` (a cap option cut the game
off). Every row's info also holds ``action_mask``, ``player`` and ``rewards`` (every player's
reward of the step). ``env_method("action_masks")`` gives the rows' masks, which is how
sb3-contrib's ``MaskablePPO`` reads them. Observations, masks and actions are in each row's
observer's frame unless ``oriented=False`` (docs/rl.md, "Observer orientation"):

>>> from sb3_contrib import MaskablePPO                                   # doctest: +SKIP
>>> MaskablePPO("MlpPolicy", SB3VecEnv("laser-chess", 8, max_plies=200)).learn(10_000)  # doctest: +SKIP

The default opponent is ``random``: SB3's buffers compute returns along each row, which is
right for a learner that holds one seat. Self-play (``opponent="self"``) moves every seat in
one row, and SB3 would then credit a loser's moves with the winner's reward (see
``gymnasium_env``, "Self-play"); for SB3 self-play, pass an opponent object whose
``choose(view)`` asks the learner's own (or a frozen) policy.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env import VecEnv

from abstracta.rl.vector import VectorEnv


class SB3VecEnv(VecEnv):
    """``num_envs`` games of ``slug`` under ``options`` as one SB3 ``VecEnv``."""

    def __init__(self, slug: str, num_envs: int, opponent: Any = "random", seat: int = 0, seed: int | None = None,
                 oriented: bool = True, **options: Any) -> None:
        self.venv = VectorEnv(slug, num_envs, opponent=opponent, seat=seat, seed=seed,
                              autoreset_mode=AutoresetMode.SAME_STEP, oriented=oriented, **options)
        self.oriented = oriented  # observations and masks in each row's observer's frame (docs/rl.md)
        self.render_mode = None
        self._actions: np.ndarray | None = None
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)

    def reset(self) -> np.ndarray:
        seed = self._seeds[0]  # SB3's seed(s) hands row i the seed s + i, as VectorEnv.reset(seed=s) does
        obs, info = self.venv.reset(seed=seed)
        self.reset_infos = self._row_infos(info)
        self._reset_seeds()
        self._reset_options()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(self.num_envs)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, rewards, terminations, truncations, info = self.venv.step(self._actions)
        infos = self._row_infos(info)
        dones = terminations | truncations
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = info["final_obs"][i]
            infos[i]["TimeLimit.truncated"] = bool(truncations[i] and not terminations[i])
        return obs, rewards.astype(np.float32), dones, infos

    @staticmethod
    def _row_infos(info: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"action_mask": mask, "player": int(player), "rewards": rewards}
                for mask, player, rewards in zip(info["action_mask"], info["player"], info["rewards"])]

    def action_masks(self) -> np.ndarray:
        """Every row's legal actions, ``(num_envs, num_actions)`` bool."""
        return self.venv.action_masks()

    def close(self) -> None:
        self.venv.close()

    # -- SB3's per-environment access: the rows share one VectorEnv ------------------------
    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.venv, attr_name) for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        setattr(self.venv, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any) -> list[Any]:
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":  # one row each, as from separate environments
            masks = self.venv.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None for _ in range(self.num_envs)]
