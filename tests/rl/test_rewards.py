"""Every player's reward at every step, zero-sum self-play and truncation at a cap, in every environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import abstracta  # noqa: E402
from abstracta.rl import aec_env, gym_env, seat_returns  # noqa: E402
from tests.rl.cases import short_options  # noqa: E402

TWO_PLAYER = [slug for slug in abstracta.games() if abstracta.load(slug, **short_options(slug)).num_players == 2]


def self_play_episode(env, seed: int) -> tuple[list[int], list[np.ndarray], bool]:
    """Random legal self-play: who moved at each step, every player's rewards of it, truncated."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    movers, rewards, done, truncated = [], [], False, False
    while not done:
        movers.append(info["player"])
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert reward == info["rewards"][movers[-1]]  # negamax: the step's reward is its mover's
        rewards.append(info["rewards"])
        done = terminated or truncated
    return movers, rewards, truncated


@pytest.mark.parametrize("slug", TWO_PLAYER)
def test_self_play_rewards_are_zero_sum_and_each_move_is_credited_its_own_sides_return(slug):
    env = gym_env(slug, opponent="self", **short_options(slug))
    movers, rewards, _ = self_play_episode(env, seed=1)
    assert set(movers) == {0, 1}
    assert all(r.sum() == 0 for r in rewards)
    final = env.unwrapped.state_.returns()
    credited = seat_returns(movers, rewards)
    # every move gets its mover's final return: the loser's moves never get the winner's reward
    assert credited.tolist() == [final[p] for p in movers]
    discounted = seat_returns(movers, rewards, gamma=0.5)
    assert discounted[-1] == final[movers[-1]] and abs(discounted[0]) < 1


def test_seat_returns_keeps_a_seats_consecutive_moves_and_refuses_bad_shapes():
    # player 0 acts twice in a row (a multi-part turn), then player 1 wins
    assert seat_returns([0, 0, 1], [[0, 0], [0, 0], [-1, 1]], gamma=0.5).tolist() == [-0.25, -0.5, 1.0]
    with pytest.raises(ValueError, match="one player per step"):
        seat_returns([0, 1], [[0, 0]])


def test_a_cap_truncates_in_every_environment():
    # Laser Chess with max_plies=4: random play reaches the cap (a draw cut short) before any King falls
    movers, rewards, truncated = self_play_episode(gym_env("laser-chess", opponent="self", max_plies=4), seed=0)
    assert truncated and len(movers) == 4 and not rewards[-1].any()
    env = aec_env("laser-chess", max_plies=4)
    env.reset(seed=0)
    for _ in range(4):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.unwrapped.state_.termination() == "turn limit"


@pytest.mark.parametrize("slug", TWO_PLAYER)
def test_pettingzoo_gives_every_agent_its_reward_at_every_step_summing_to_zero(slug):
    env = aec_env(slug, **short_options(slug))
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    steps = 0
    for agent in env.agent_iter(max_iter=3000):
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert set(env.rewards) == set(env.agents) and sum(env.rewards.values()) == 0
        steps += 1
    assert steps > 2 and env.unwrapped.state_.over
