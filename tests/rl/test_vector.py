"""VectorEnv: batched observations, masks, rewards and dones with auto-reset."""

from __future__ import annotations

import numpy as np
import pytest

import abstracta
from abstracta.rl import VectorEnv, action_space_size, legal_actions, observation, observation_shape


@pytest.mark.parametrize("slug,options", [("strategic-reserve", {}), ("laser-chess", {"max_plies": 60}),
                                          ("quin", {"max_turns": 20})])
def test_batches_match_the_single_game_functions(slug, options):
    venv = VectorEnv(slug, 5, seed=1, **options)
    obs, masks = venv.reset()
    game = abstracta.load(slug, **options)
    assert obs.shape == (5, *observation_shape(game)) and masks.shape == (5, action_space_size(game))
    finished = 0
    for _ in range(150):
        for i, state in enumerate(venv.states):
            player = state.player
            assert venv.players[i] == player
            assert np.array_equal(obs[i], observation(state.view(player), player))
            assert sorted(np.flatnonzero(masks[i])) == sorted(legal_actions(state))
        obs, rewards, dones, masks, info = venv.step(venv.sample_actions())
        for i in np.flatnonzero(dones):
            finished += 1
            assert rewards[i] in info["final_returns"][i]
        assert not info["illegal"].any()
        assert all(not s.over for s in venv.states)  # finished games were reset at once
    assert finished > 0


def test_same_seed_same_trajectory():
    def run(seed):
        venv = VectorEnv("strategic-reserve", 4, seed=seed)
        venv.reset()
        out = []
        for _ in range(40):
            obs, rewards, dones, _, _ = venv.step(venv.sample_actions())
            out.append((obs.sum(), rewards.tolist(), dones.tolist()))
        return out

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_illegal_actions_and_opponents():
    venv = VectorEnv("laser-chess", 2, opponent="random", seat=1, seed=0)
    _, masks = venv.reset()
    assert (venv.players == 1).all()
    actions = np.array([int(np.flatnonzero(~masks[0])[0]), int(np.flatnonzero(masks[1])[0])])
    _, rewards, dones, _, info = venv.step(actions)
    assert info["illegal"].tolist() == [True, False] and rewards[0] == -1.0 and dones[0]
    with pytest.raises(ValueError, match="expected 2 actions"):
        venv.step(np.zeros(3, dtype=int))
    with pytest.raises(ValueError, match="opponent"):
        VectorEnv("laser-chess", 2, opponent="grandmaster")


def test_final_returns_only_on_rows_that_finished():
    # Gymnasium's vector-info convention: the value on the rows that have it, zeros elsewhere,
    # and the mask ``_final_returns`` naming those rows
    venv = VectorEnv("strategic-reserve", 8, seed=5, reserve=1, max_turns=6)
    venv.reset()
    finished = 0
    for _ in range(100):
        _, rewards, dones, _, info = venv.step(venv.sample_actions())
        assert info["_final_returns"].tolist() == dones.tolist()
        assert not info["final_returns"][~dones].any()
        for i in np.flatnonzero(dones):
            finished += 1
            assert rewards[i] in info["final_returns"][i]
    assert finished > 0
