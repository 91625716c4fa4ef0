"""Two vector environments stepped side by side (a compiled core against the Python reference):
the comparisons both compiled-batch test files make at every step."""

from __future__ import annotations

import numpy as np
from gymnasium.utils.env_checker import data_equivalence

INFO_KEYS = ("action_mask", "player", "rewards", "illegal_action", "_illegal_action", "final_obs", "_final_obs")


def assert_same_reset_or_step_view(obs, info, ref_obs, ref_info, step: int) -> None:
    """Same observation and the same info entries, present in both or in neither."""
    assert data_equivalence(obs, ref_obs, exact=True), step
    for key in INFO_KEYS:
        assert (key in info) == (key in ref_info), (step, key)
        if key in ref_info:
            assert data_equivalence(info[key], ref_info[key], exact=True), (step, key)


def masked_random_actions(rng: np.random.Generator, info) -> tuple[np.ndarray, np.ndarray]:
    """A random legal action per row (0 in a finished row), and the rows' masks as booleans."""
    masks = info["action_mask"].astype(bool)
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]), masks


def assert_same_step(ours, reference, actions, step: int):
    """Step both; the same rewards (dtype too) and endings. Returns both results and the endings' count."""
    result = ours.step(actions)
    ref_result = reference.step(actions)
    _, rewards, terminated, truncated, _ = result
    _, ref_rewards, ref_terminated, ref_truncated, _ = ref_result
    assert rewards.dtype == ref_rewards.dtype and np.array_equal(rewards, ref_rewards), step
    assert np.array_equal(terminated, ref_terminated) and np.array_equal(truncated, ref_truncated), step
    return result, ref_result, int((terminated | truncated).sum())
