"""Quin under OpenSpiel: resampling from an information state (ISMCTS) and the perfect-recall tensor."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import abstracta  # noqa: E402
from abstracta.rl import action_to_move, openspiel_game  # noqa: E402
from abstracta.rl.actions import frame_of  # noqa: E402
from abstracta.rl.adapters import adapter_of  # noqa: E402
from abstracta.rl.observations import observation_shape  # noqa: E402


STANDARD = {"setup": "standard", "max_turns": 20}


def _played(moves, oriented=True):
    """The OpenSpiel state of Quin under ``STANDARD`` after ``moves``."""
    state = openspiel_game("quin", oriented=oriented, **STANDARD).new_initial_state()
    engine = abstracta.load("quin", **STANDARD).start()
    for move in moves:
        action = next(a for a in state.legal_actions() if action_to_move(engine, a, oriented) == move)
        state.apply_action(action)
        engine = engine.play(move)
    return state


def _random_play_state(game, rng, plies):
    """A Quin state ``plies`` decisions after a random deal, not over."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(plies):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def test_resampled_states_keep_the_information_state_and_vary_the_hidden_kinds():
    game = openspiel_game("quin", max_turns=30)
    state = _random_play_state(game, random.Random(4), 12)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(player, sampler) for _ in range(6)]
    for sample in samples:
        assert sample.current_player() == player
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
    assert len({str(sample) for sample in samples}) > 1, "the rival's hidden kinds differ across samples"
    rival = 1 - player
    truths = {str(state).split(" ")[0]}
    assert any(str(sample).split(" ")[0] not in truths for sample in samples)
    # a sample plays on like any state; the rival's record starts at the sampled world
    sample = samples[0]
    sample.apply_action(sample.legal_actions()[0])
    assert sample.information_state_string(rival).count(" | ") == 2
    assert sample.information_state_string(player).startswith(state.information_state_string(player) + " | ")


def test_openspiel_ismcts_plays_quin():
    game = openspiel_game("quin", max_turns=3)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=12,
                           max_world_samples=4, random_state=rng)
    state = game.new_initial_state()
    choices = random.Random(1)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(choices.choice(state.chance_outcomes())[0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves >= 2 and sum(state.returns()) == 0


def test_the_information_state_tensor_recalls_the_past_behind_one_view():
    # Two paths to one position: South's d5 piece goes by c4 or by c5 to b4, North goes a2-a1-a2.
    game = openspiel_game("quin", **STANDARD)
    by_c4 = _played(["d5-c4", "a2-a1", "c4-b4", "a1-a2"])
    by_c5 = _played(["d5-c5", "a2-a1", "c5-b4", "a1-a2"])
    size = int(np.prod(observation_shape(abstracta.load("quin", **STANDARD))))
    for player in (0, 1):
        assert by_c4.observation_tensor(player) == by_c5.observation_tensor(player)  # one view now
        assert by_c4.information_state_string(player) != by_c5.information_state_string(player)
        recall_c4 = np.asarray(by_c4.information_state_tensor(player))
        recall_c5 = np.asarray(by_c5.information_state_tensor(player))
        assert np.array_equal(recall_c4[:size], recall_c5[:size])
        assert not np.array_equal(recall_c4, recall_c5)
        assert recall_c4[size:].reshape(game.max_game_length(), -1)[:, 0].sum() == 4  # four plies recalled
    assert game.information_state_tensor_shape() == [len(by_c4.information_state_tensor(0))]


def test_the_information_state_tensor_tells_no_hidden_kind():
    # South's Shadow and Reflector swap squares (deal outcomes 0 and 2): North's information is
    # the same, so whenever North's information-state strings agree its tensors must too.
    game = openspiel_game("quin", max_turns=30)
    rng = random.Random(5)
    dealt = []
    state = game.new_initial_state()
    while state.is_chance_node():
        dealt.append(rng.choice(state.chance_outcomes())[0])
        state.apply_action(dealt[-1])
    swapped = list(dealt)
    swapped[0], swapped[2] = swapped[2], swapped[0]
    other = game.new_initial_state()
    for action in swapped:
        other.apply_action(action)
    assert str(state) != str(other)
    compared = 0
    for _ in range(40):
        if state.is_terminal() or other.is_terminal():
            break
        if state.information_state_string(1) == other.information_state_string(1):
            assert state.information_state_tensor(1) == other.information_state_tensor(1)
            compared += 1
        common = sorted(set(state.legal_actions()) & set(other.legal_actions()))
        if not common:
            break
        action = rng.choice(common)
        state.apply_action(action)
        other.apply_action(action)
    assert compared >= 10


def _history(state, player):
    """``player``'s recalled rows of ``state``'s information-state tensor, one per ply played."""
    game = state.get_game()
    size = int(np.prod(observation_shape(state.inner.game)))
    rows = np.asarray(state.information_state_tensor(player))[size:].reshape(game.max_game_length(), -1)
    return rows[: int(rows[:, 0].sum())]


def test_oriented_recall_rows_are_in_the_observers_frame():
    # The standard setup is symmetric under North's half turn (d5 onto j5, ...): South plays a
    # move, North its mirror image, so each side's rows read the same from its own side.
    moves = ["d5-c4", "j5-i4", "e2-e1", "k2-k1"]
    south, north = _history(_played(moves), 0), _history(_played(moves), 1)
    assert np.array_equal(south[0::2], north[1::2]) and np.array_equal(south[1::2], north[0::2])
    # oriented=False keeps absolute squares: the rows written the old way, from the moves as seen
    game = abstracta.load("quin", **STANDARD)
    recall, north_frame = adapter_of(game).move_recall(), frame_of(game, 1)
    plain = _played(moves, oriented=False)
    for player in (0, 1):
        old_way, turned, engine = [], [], game.start()
        for move in moves:
            after = engine.play(move)
            seen = move if engine.player == player else engine.public_move(move)
            own = engine.player == player
            old_way.append(recall.row(engine.view(player), seen, after.view(player), own))
            turned.append(recall.row(engine.view(player), north_frame.move(seen), after.view(player), own))
            engine = after
        assert np.array_equal(_history(plain, player), np.stack(old_way))
        oriented = _history(_played(moves), player)
        assert np.array_equal(oriented, np.stack(old_way if player == 0 else turned))  # South's frame is the board's
    assert not np.array_equal(_history(plain, 1), _history(_played(moves), 1))
