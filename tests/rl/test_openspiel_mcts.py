"""OpenSpiel's MCTSBot with a learned evaluator (``abstracta.rl.openspiel_mcts``): a few AlphaZero iterations."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from abstracta.rl import openspiel_game  # noqa: E402
from abstracta.rl.openspiel_mcts import NetworkEvaluator, self_play, train  # noqa: E402

SMALL = {"reserve": 2, "max_turns": 6}


def test_a_few_alphazero_iterations_learn_and_the_evaluator_plays():
    game = openspiel_game("strategic-reserve", **SMALL)
    evaluator, history = train(game, iterations=2, games=3, simulations=12, epochs=15)
    assert len(history) == 2
    for losses in history:
        assert losses[-1] < losses[0]  # each round's fit lowers the loss on its self-play data
    bot = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(3))
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        prior = dict(evaluator.prior(state))
        assert sorted(prior) == state.legal_actions() and sum(prior.values()) == pytest.approx(1)
        assert np.all(np.abs(evaluator.evaluate(state)) <= 1)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_networks_gradients_match_finite_differences():
    game = openspiel_game("strategic-reserve", **SMALL)
    examples = self_play(game, NetworkEvaluator(game, hidden=8, seed=1), 1, 4, np.random.RandomState(0))
    assert examples and all(abs(e.values.sum()) < 1e-9 for e in examples)  # zero-sum targets
    evaluator = NetworkEvaluator(game, hidden=8, seed=2)
    _, gradients = evaluator._loss_and_gradients(examples)
    rng = np.random.default_rng(0)
    for name in ("w1", "b1", "wv", "bv", "wp"):
        weights = evaluator.weights[name]
        index = tuple(int(rng.integers(n)) for n in weights.shape)
        if name == "wp":  # a legal action's column, so the gradient is not zero
            index = (index[0], int(examples[0].legal[0]))
        old = weights[index]
        weights[index] = old + 1e-6
        above = evaluator.loss(examples)
        weights[index] = old - 1e-6
        below = evaluator.loss(examples)
        weights[index] = old
        assert (above - below) / 2e-6 == pytest.approx(gradients[name][index], rel=1e-4, abs=1e-8)
