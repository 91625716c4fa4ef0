"""The PettingZoo AEC environments pass PettingZoo's own checks, for every game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import abstracta  # noqa: E402
from abstracta.rl import aec_env  # noqa: E402
from abstracta.rl.pettingzoo_env import raw_env  # noqa: E402
from tests.rl.cases import OPTION_SETS, set_id  # noqa: E402

# api_test warns about any Dict observation space, PettingZoo's own classic games included
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_api_test_and_seed_test(case):
    slug, options = case
    api_test(aec_env(slug, **options), num_cycles=1000, verbose_progress=False)
    seed_test(lambda: aec_env(slug, **options), num_cycles=200)


def play_random(env, seed: int) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken, totals = [], {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        taken.append(action)
        env.step(action)
    return taken, totals


def test_rewards_are_the_games_returns_and_only_the_mover_has_a_mask():
    env = aec_env("desfases", players=4)
    env.reset(seed=5)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    _, totals = play_random(env, seed=5)
    state = env.unwrapped.state_
    assert state.over
    assert [totals[a] for a in env.possible_agents] == state.returns()


def test_same_seed_same_game_including_dice_and_setup():
    for slug in ("strategic-reserve", "quin"):
        first, _ = play_random(aec_env(slug, max_turns=30), seed=11)
        again, _ = play_random(aec_env(slug, max_turns=30), seed=11)
        other, _ = play_random(aec_env(slug, max_turns=30), seed=12)
        assert first == again
        assert first != other


def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender():
    env = raw_env("laser-chess")
    env.reset(seed=0)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -1.0
    assert sum(env._cumulative_rewards.values()) == -1.0


@pytest.mark.parametrize("slug", abstracta.games())
def test_render_modes(slug):
    env = aec_env(slug, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and len(text.splitlines()) > 4
    env = aec_env(slug, render_mode="rgb_array")
    env.reset(seed=1)
    for _ in range(2):  # a board may start empty (tic-tac-toe): two plies put pieces on it
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len(np.unique(image.reshape(-1, 3), axis=0)) >= 3  # board squares and at least one piece colour


def test_quin_ansi_render_hides_identities():
    env = aec_env("quin", render_mode="ansi")
    env.reset(seed=2)
    state = env.unwrapped.state_
    assert env.render() == env.render()
    assert "spectator" in env.render()
    assert state.view(None).notation().count("?") > 0


@pytest.mark.parametrize("slug", ["strategic-reserve", "quin"])
def test_pettingzoo_render_test_and_human_mode_prints_the_board(slug, capsys):
    render_test(lambda render_mode=None: aec_env(slug, render_mode=render_mode))
    capsys.readouterr()
    env = aec_env(slug, render_mode="human")
    env.reset(seed=1)
    printed = capsys.readouterr().out  # human mode draws the new position by itself
    assert env.render() is None
    assert printed == capsys.readouterr().out
    ansi = aec_env(slug, render_mode="ansi")
    ansi.reset(seed=1)
    assert printed.rstrip("\n") == ansi.render().rstrip("\n")
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out.strip()  # and every position after a move


def test_unknown_game_and_render_mode_are_refused():
    with pytest.raises(ValueError, match="valid games"):
        aec_env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("laser-chess", render_mode="rgb")
