"""Stable-Baselines3: its env checker on the Gymnasium env, and learners on the SB3VecEnv adapter."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")
from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402

from abstracta.rl import gym_env  # noqa: E402
from abstracta.rl.sb3 import SB3VecEnv  # noqa: E402

# SB3 warns that float planes are not an image space it normalises: they are already in [0, 1]
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("slug,options", [("strategic-reserve", {}), ("laser-chess", {"max_plies": 40})])
def test_sb3_check_env(slug, options):
    check_env(gym_env(slug, **options))


def test_vec_env_same_step_autoreset_masks_and_truncation():
    venv = SB3VecEnv("laser-chess", 3, max_plies=4)
    venv.seed(5)
    obs = venv.reset()
    assert obs.shape == (3, *venv.observation_space.shape)
    for _ in range(2):  # the agent's two moves, the random opponent's inside each step: the cap at ply 4
        masks = np.stack(venv.env_method("action_masks"))
        obs, rewards, dones, infos = venv.step(np.array([np.flatnonzero(m)[0] for m in masks]))
    assert dones.all() and all(info["TimeLimit.truncated"] for info in infos) and not rewards.any()
    assert all(info["terminal_observation"].shape == obs[0].shape for info in infos)
    assert np.stack(venv.env_method("action_masks")).any(axis=1).all()  # the next games are on


def test_maskable_ppo_learns_a_few_steps_on_the_vec_env():
    venv = SB3VecEnv("strategic-reserve", 4, seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=32, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [16]}, device="cpu")
    model.learn(64)
    assert model.num_timesteps >= 64
