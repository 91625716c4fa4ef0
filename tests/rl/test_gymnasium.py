"""The Gymnasium environments pass Gymnasium's checker and play against bots or themselves."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import abstracta.rl  # noqa: E402,F401  (registers abstracta/<slug>-v0)
from abstracta.rl import gym_env  # noqa: E402
import abstracta  # noqa: E402
from tests.rl.cases import OPTION_SETS, set_id, short_options  # noqa: E402


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_check_env(case):
    slug, options = case
    check_env(gym_env(slug, opponent="random", **options), skip_render_check=True)
    check_env(gym_env(slug, opponent="self", **options), skip_render_check=True)


def run_episode(env, seed: int) -> tuple[float, int, list[int]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done, reward, steps, players = False, 0.0, 0, []
    while not done:
        mask = env.get_wrapper_attr("action_masks")()  # works through gymnasium.make wrappers too
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert env.observation_space.contains(obs)
        players.append(info["player"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated  # a cap (max_turns, max_plies) truncates
        steps += 1
    return reward, steps, players


@pytest.mark.parametrize("slug", abstracta.games())
def test_registered_with_gymnasium_and_the_agent_only_sees_its_seat(slug):
    options = short_options(slug)
    env = gymnasium.make(f"abstracta/{slug}-v0", opponent="random", seat=1, **options)
    reward, steps, players = run_episode(env, seed=3)
    assert steps > 0 and set(players) == {1}
    state = env.unwrapped.state_
    assert state.over and reward == state.returns()[1]


def test_make_defaults_to_the_random_opponent_and_the_hard_one_only_on_request():
    assert gymnasium.make("abstracta/laser-chess-v0").unwrapped.opponent_spec == "random"
    assert gym_env("laser-chess").opponent_spec == "random"
    assert gymnasium.make("abstracta/laser-chess-v0", opponent="hard").unwrapped.opponent_spec == "hard"


def test_info_holds_every_players_reward_and_the_agents_is_the_reward():
    env = gym_env("strategic-reserve", opponent="random", seat=1)
    _, info = env.reset(seed=2)
    assert info["rewards"].tolist() == [0.0, 0.0]
    reward, done = 0.0, False
    while not done:
        _, reward, done, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        assert reward == info["rewards"][1] and info["rewards"].sum() == 0
    assert info["rewards"].tolist() == env.unwrapped.state_.returns() and reward != 0


def test_self_play_moves_every_seat_and_rewards_the_last_mover():
    env = gym_env("strategic-reserve", opponent="self")
    reward, _, players = run_episode(env, seed=4)
    assert set(players) == {0, 1}
    state = env.unwrapped.state_
    assert reward == state.returns()[players[-1]]


def test_any_object_with_choose_is_an_opponent():
    class FirstMove:
        calls = 0

        def choose(self, view):
            FirstMove.calls += 1
            return view.moves()[0]

    env = gym_env("laser-chess", opponent=FirstMove(), max_plies=20)
    run_episode(env, seed=0)
    assert FirstMove.calls > 0


def test_illegal_action_ends_the_episode_with_minus_one():
    env = gym_env("laser-chess", opponent="random")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_bad_arguments_are_explained():
    with pytest.raises(ValueError, match="opponent"):
        gym_env("laser-chess", opponent="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        gym_env("laser-chess", opponent="random", seat=2)
    with pytest.raises(ValueError, match="valid games"):
        gym_env("chess", opponent="random")


def test_render_modes():
    env = gym_env("reflec", opponent="random", render_mode="rgb_array", max_turns=5)
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.shape == (8 * 24, 8 * 24, 3)
    env = gym_env("reflec", opponent="random", render_mode="ansi", max_turns=5)
    env.reset(seed=0)
    assert "8" in env.render()
    assert gym_env("reflec", opponent="random", max_turns=5).render() is None


def test_human_render_mode_prints_the_board(capsys):
    env = gym_env("reflec", opponent="random", render_mode="human", max_turns=5)
    env.reset(seed=0)
    printed = capsys.readouterr().out  # human mode draws the new position by itself
    assert env.render() is None and capsys.readouterr().out == printed
    ansi = gym_env("reflec", opponent="random", render_mode="ansi", max_turns=5)
    ansi.reset(seed=0)
    assert printed.rstrip("\n") == ansi.render().rstrip("\n")
