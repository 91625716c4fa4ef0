"""VectorEnv: a gymnasium.vector.VectorEnv with batched observations, masks, rewards and autoreset."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import abstracta  # noqa: E402
from abstracta.rl import VectorEnv, action_space_size, legal_actions, observation, observation_shape  # noqa: E402
from abstracta.rl.gymnasium_env import gym_env  # noqa: E402


@pytest.mark.parametrize("slug,options", [("strategic-reserve", {}), ("laser-chess", {"max_plies": 60}),
                                          ("quin", {"max_turns": 20})])
def test_batches_match_the_single_game_functions(slug, options):
    venv = VectorEnv(slug, 5, seed=1, **options)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = venv.reset()
    game = abstracta.load(slug, **options)
    assert obs.shape == (5, *observation_shape(game)) and info["action_mask"].shape == (5, action_space_size(game))
    assert venv.observation_space.contains(obs)
    finished, restarted = 0, 0
    ended = np.zeros(5, dtype=bool)
    for _ in range(150):
        for i, state in enumerate(venv.states):
            player = state.player
            if ended[i]:  # the last position of a finished game, the mover's, nothing legal
                assert state.over and not info["action_mask"][i].any()
                continue
            assert info["player"][i] == player
            assert np.array_equal(obs[i], observation(state.view(player), player))
            assert sorted(np.flatnonzero(info["action_mask"][i])) == sorted(legal_actions(state))
        actions = venv.sample_actions()
        obs, rewards, terminated, truncated, info = venv.step(actions)
        # next-step autoreset: a row that ended last step ignores its action and starts again
        restarted += int(ended.sum())
        assert not (rewards[ended].any() or terminated[ended].any() or truncated[ended].any())
        ended = terminated | truncated
        for i in np.flatnonzero(ended):
            finished += 1
            assert rewards[i] == info["rewards"][i][info["player"][i]]
        assert not info["_illegal_action"].any()
    assert finished > 0 and restarted > 0


@pytest.mark.parametrize("slug,options", [("strategic-reserve", {}), ("laser-chess", {"max_plies": 12})])
def test_rows_play_as_gymnasium_sync_vector_env_of_the_single_env(slug, options):
    # Gymnasium's own vectoriser (next-step autoreset, env i seeded seed + i) is the reference
    ours = VectorEnv(slug, 3, **options)
    reference = SyncVectorEnv([lambda: gym_env(slug, opponent="self", **options) for _ in range(3)])
    obs, info = ours.reset(seed=7)
    ref_obs, ref_info = reference.reset(seed=7)
    rng = np.random.default_rng(0)
    endings = 0
    for _ in range(60):
        assert np.array_equal(obs, ref_obs)
        for key in ("action_mask", "player", "rewards"):
            assert np.array_equal(info[key], ref_info[key]), key
        masks = info["action_mask"].astype(bool)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, info = ours.step(actions)
        ref_obs, ref_rewards, ref_terminated, ref_truncated, ref_info = reference.step(actions)
        assert np.array_equal(rewards, ref_rewards)
        assert np.array_equal(terminated, ref_terminated) and np.array_equal(truncated, ref_truncated)
        endings += int((terminated | truncated).sum())
    assert endings > 0


def test_make_vec_gives_the_vector_env_against_random_by_default():
    import abstracta.rl  # noqa: F401  (registers abstracta/<slug>-v0)

    venv = gymnasium.make_vec("abstracta/strategic-reserve-v0", num_envs=3)
    assert isinstance(venv, VectorEnv) and venv.num_envs == 3
    venv.reset(seed=0)
    assert (venv.players == 0).all()  # the learner's seat: the random opponent moves inside step


def test_same_seed_same_trajectory():
    def run(seed):
        venv = VectorEnv("strategic-reserve", 4, seed=seed)
        venv.reset()
        out = []
        for _ in range(40):
            obs, rewards, terminated, _, _ = venv.step(venv.sample_actions())
            out.append((obs.sum(), rewards.tolist(), terminated.tolist()))
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_illegal_actions_and_opponents():
    venv = VectorEnv("laser-chess", 2, opponent="random", seat=1, seed=0)
    _, info = venv.reset()
    masks = info["action_mask"].astype(bool)
    assert (venv.players == 1).all()
    actions = np.array([int(np.flatnonzero(~masks[0])[0]), int(np.flatnonzero(masks[1])[0])])
    _, rewards, terminated, _, info = venv.step(actions)
    assert info["_illegal_action"].tolist() == [True, False] and info["illegal_action"][0] == actions[0]
    assert rewards[0] == -1.0 and terminated[0] and info["rewards"][0].tolist() == [0.0, -1.0]
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step(np.zeros(3, dtype=int))
    with pytest.raises(ValueError, match="integers"):  # a float action is a learner's bug, not a move
        venv.step(np.zeros(2, dtype=float))
    with pytest.raises(ValueError, match="opponent"):
        VectorEnv("laser-chess", 2, opponent="grandmaster")
    with pytest.raises(ValueError, match="autoreset_mode"):
        VectorEnv("laser-chess", 2, autoreset_mode="Disabled")


def test_a_cap_truncates_and_same_step_mode_hands_over_the_final_observation():
    venv = VectorEnv("laser-chess", 4, seed=2, max_plies=6, autoreset_mode="SameStep")
    venv.reset()
    truncations = 0
    for _ in range(12):
        obs, rewards, terminated, truncated, info = venv.step(venv.sample_actions())
        ended = terminated | truncated
        assert not (terminated & truncated).any() and info["_final_obs"].tolist() == ended.tolist()
        # within six plies only a King hit (a win) ends a game by the rules; the cap is a draw cut short
        assert not info["rewards"][truncated].any() and (np.abs(info["rewards"][terminated]) == 1).all()
        for i in np.flatnonzero(ended):
            assert info["final_obs"][i].shape == obs[i].shape and not np.array_equal(info["final_obs"][i], obs[i])
        truncations += int(truncated.sum())
        assert all(not s.over for s in venv.states) and info["action_mask"].any(axis=1).all()  # new games already
    assert truncations >= 4
