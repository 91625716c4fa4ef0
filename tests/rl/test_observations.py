"""Observation tensors: fixed shapes, values in [0, 1], built from the player's view only."""

from __future__ import annotations

import random

import numpy as np
import pytest

import abstracta
from abstracta.rl import observation, observation_shape, plane_names
from tests.rl.cases import OPTION_SETS, set_id
from tests.rl.test_actions import random_states


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_shape_range_and_plane_names(case):
    slug, options = case
    game = abstracta.load(slug, **options)
    shape = observation_shape(game)
    assert len(plane_names(game)) == shape[0]
    distinct = set()
    # two games, and more where they are short (a reserve of 1 ends at the first placement)
    for state in random_states(slug, options, games=100, max_plies=150,
                               enough=lambda played: played >= 2 and len(distinct) > 10):  # fmt: skip
        for player in range(game.num_players):
            obs = observation(state.view(player), player)
            assert obs.shape == shape and obs.dtype == np.float32
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            distinct.add(obs.tobytes())
    assert len(distinct) > 10  # the tensor follows the game


def test_strategic_reserve_planes_follow_the_board_and_the_observer():
    state = abstracta.load("strategic-reserve").parse("R5/6/6/6/6/5B r 11 11 - 0")
    red, blue = observation(state, 0, oriented=False), observation(state, 1, oriented=False)
    assert red[0, 0, 0] == 1 and red[1, 5, 5] == 1  # own checker a6, rival f1
    assert blue[0, 5, 5] == 1 and blue[1, 0, 0] == 1
    assert red[0].sum() == 1 and red[1].sum() == 1
    assert red[4].min() == 1 and blue[4].max() == 0  # red is to act
    assert red[2, 0, 0] == pytest.approx(11 / 12) and red[3, 0, 0] == pytest.approx(11 / 12)


def test_quin_observation_depends_on_the_view_only():
    game = abstracta.load("quin", max_turns=60)
    checked = 0
    for state in random_states("quin", {"max_turns": 60}, games=4, seed=2, max_plies=60):
        if state.over:
            continue
        for player in (0, 1):
            view = state.view(player)
            other = view.determinize(random.Random(checked))  # same view, hidden kinds redrawn
            assert other.view(player).notation() == view.notation()
            assert np.array_equal(observation(other.view(player), player), observation(view, player))
            # a full state passed by mistake is masked before it is read
            assert np.array_equal(observation(state, player), observation(view, player))
            checked += 1
    assert checked > 20
    start = game.start(seed=4)
    differs = start.view(0).determinize(random.Random(9))
    assert differs.notation() != start.notation() or differs.view(1).notation() != start.view(1).notation()


def test_a_view_is_read_only_for_its_own_player():
    view = abstracta.load("quin").start(seed=1).view(0)
    with pytest.raises(ValueError, match="player 0"):
        observation(view, 1)


# rules §4 (D17b): the seed-7 random start, both Lights in reserve; North's a5 Gateway is open
QUIN_SEED_7_BOARD = "a3s,a4s,b3t,b4v,d3M,d4T,d5S,e4V,e5S,f3R,f4V,f5P,g3P,g4R,g5V,h4V,j3r,j4v,j5v,k4p,k5p,l3r,l4m,l5v"


def test_quin_rivals_reserve_light_and_a_face_down_light_on_the_board_look_the_same():
    # North's Light in reserve with an AL reinforced onto a5, or the Light reinforced there with the
    # AL in reserve: South sees a face-down piece on a5 and four reserve pieces either way
    game = abstracta.load("quin")
    light_held = game.parse(f"a5a,{QUIN_SEED_7_BOARD} S play LAAAA/laaa -/- 0/0 0/0 - - 1 0")
    light_in = game.parse(f"a5l,{QUIN_SEED_7_BOARD} S play LAAAA/aaaa -/- 0/0 0/0 - - 1 0")
    assert light_held.view(0).notation() == light_in.view(0).notation()
    assert np.array_equal(observation(light_held, 0), observation(light_in, 0))
    assert not np.array_equal(observation(light_held, 1), observation(light_in, 1))  # North knows its own


def test_quin_own_reserve_planes_count_the_light_and_the_rival_only_its_size():
    game = abstracta.load("quin")
    names = plane_names(game)
    own_light, own_al = names.index("own reserve L / count"), names.index("own reserve A / count")
    rival_size = names.index("rival reserve size / 17")
    start = game.parse(f"{QUIN_SEED_7_BOARD} S play LAAAA/laaaa -/- 0/0 0/0 - - 0 0")
    for player in (0, 1):
        obs = observation(start.view(player), player)
        assert obs[own_light].min() == obs[own_light].max() == 1.0  # the Light waits in reserve
        assert obs[own_al].min() == 1.0 and obs[rival_size].max() == pytest.approx(5 / 17)
        assert obs[names.index("rival unrevealed piece")].sum() == 12  # the rival's Light is nowhere on the board
    brought_in = start.play("reinforce L@h5")
    south = observation(brought_in.view(0), 0)
    assert south[own_light].max() == 0.0 and south[names.index("own L")].sum() == 1.0
    north = observation(brought_in.view(1), 1)
    assert north[rival_size].max() == pytest.approx(4 / 17)
    assert north[names.index("rival unrevealed piece")].sum() == 13 and north[8:16].sum() == 0  # no kind shown
