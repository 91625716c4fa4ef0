"""CompiledVectorEnv: a game's compiled batch core behind VectorEnv's face, equal to VectorEnv step for step."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

import abstracta  # noqa: E402
from abstracta.rl import CompiledVectorEnv, VectorEnv  # noqa: E402
from abstracta.rl.adapters import adapter_of  # noqa: E402
from tests.rl.lockstep import assert_same_reset_or_step_view, assert_same_step, masked_random_actions  # noqa: E402

CORED = [slug for slug in abstracta.games() if adapter_of(abstracta.load(slug)).batch_core(1) is not None]
# A game with chance draws it from its core's own generators (BatchCore.seed), so only the games
# without chance can equal VectorEnv row for row; a chance game's own tests compare it on the same dice.
WITHOUT_CHANCE = [slug for slug in CORED if not abstracta.load(slug).has_chance]
needs_core = pytest.mark.skipif(not CORED, reason="no game's compiled core is built (or ABSTRACTA_PURE_PYTHON is set)")
# small caps so that games end by the cap (truncation) as well as by the rules within a short run
OPTIONS = {"laser-chess": {"max_plies": 14}, "strategic-reserve": {}}


@needs_core
@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("oriented", [True, False])
def test_steps_equal_the_python_vector_env(mode, oriented):
    for slug in WITHOUT_CHANCE:
        options = OPTIONS.get(slug, {})
        ours = CompiledVectorEnv(slug, 6, seed=5, autoreset_mode=mode, oriented=oriented, **options)
        reference = VectorEnv(slug, 6, seed=5, autoreset_mode=mode, oriented=oriented, **options)
        obs, info = ours.reset()
        ref_obs, ref_info = reference.reset()
        rng = np.random.default_rng(1)
        endings = illegal = 0
        for step in range(80):
            assert_same_reset_or_step_view(obs, info, ref_obs, ref_info, step)
            assert np.array_equal(ours.action_masks(), reference.action_masks())
            actions, masks = masked_random_actions(rng, info)
            if step % 25 == 3:  # now and then an illegal action (out of range, or not legal here)
                actions[step % 6] = [ours.num_actions + 3, int(np.flatnonzero(~masks[step % 6])[0])][step % 2]
                illegal += 1
            (obs, _, _, _, info), (ref_obs, _, _, _, ref_info), ended = assert_same_step(ours, reference, actions, step)
            endings += ended
        assert endings > illegal and info["action_mask"].dtype == np.int8


@needs_core
def test_spaces_seeds_and_trajectories():
    for slug in CORED:
        venv = CompiledVectorEnv(slug, 4, seed=3, **OPTIONS.get(slug, {}))
        assert isinstance(venv, gymnasium.vector.VectorEnv)
        assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP

        def run(seed):
            obs, _ = venv.reset(seed=seed)
            out = [obs]
            for _ in range(30):
                actions = venv.sample_actions()
                assert venv.action_space.contains(actions)
                assert all(venv.action_masks()[i, a] or not venv.action_masks()[i].any() for i, a in enumerate(actions))
                obs, rewards, terminated, truncated, _ = venv.step(actions)
                assert venv.observation_space.contains(obs)
                out.append((obs, rewards, terminated, truncated))
            return out

        assert data_equivalence(run(3), run(3), exact=True)
        assert not data_equivalence(run(3), run(4), exact=True)


def test_a_game_without_a_core_gets_a_clear_error():
    bare = [slug for slug in abstracta.games() if slug not in CORED]
    with pytest.raises(ValueError, match="has no compiled batch core"):
        CompiledVectorEnv(bare[0], 2)
    with pytest.raises(ValueError, match="num_envs"):
        CompiledVectorEnv(bare[0], 0)


@needs_core
def test_bad_calls_are_refused():
    venv = CompiledVectorEnv(CORED[0], 2)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros(2, dtype=int))
    venv.reset(seed=0)
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step(np.zeros(3, dtype=int))
    with pytest.raises(ValueError, match="integers"):
        venv.step(np.zeros(2))
    with pytest.raises(ValueError, match="autoreset_mode"):
        CompiledVectorEnv(CORED[0], 2, autoreset_mode="Disabled")
