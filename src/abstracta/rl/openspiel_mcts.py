"""OpenSpiel's MCTS with a learned evaluator: a small AlphaZero loop on any game, numpy only.

OpenSpiel's own AlphaZero (``open_spiel.python.algorithms.alpha_zero``) needs JAX/Flax, which
the ``openspiel`` extra does not install; this module gives the same loop on its
``mcts.MCTSBot``, with a network small enough for numpy:

- :class:`NetworkEvaluator` is an ``mcts.Evaluator``: a one-hidden-layer network reads the
  observation tensor of the player to move (player 0's at a chance node) and gives one value per
  player (seat-relative: entry k is the value of the player k seats after the observer) and
  prior probabilities over the legal actions (chance nodes: the chance outcomes).
- :func:`self_play` plays games with ``MCTSBot`` on that evaluator and records, per decision,
  the observation, the legal actions, the search's visit distribution and the final returns.
- :meth:`NetworkEvaluator.fit` trains on them (squared value error plus the cross-entropy of
  the policy against the visit distribution, plain gradient descent with momentum).
- :func:`train` alternates the two: ``iterations`` rounds of self-play and fitting.

For perfect-information games (MCTS reads the true state); it works on any ``pyspiel.Game``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts


@dataclass
class Example:
    """One decision of a self-play game, from the observer's seat."""

    observation: np.ndarray
    legal: np.ndarray  # the legal action numbers
    policy: np.ndarray  # the search's visit distribution over ``legal``
    values: np.ndarray  # final returns, seat-relative to the observer


def _observer(state: pyspiel.State) -> int:
    player = state.current_player()
    return player if player >= 0 else 0


class NetworkEvaluator(mcts.Evaluator):
    """A value and policy network for ``mcts.MCTSBot`` (numpy, one hidden tanh layer)."""

    def __init__(self, game: pyspiel.Game, hidden: int = 64, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.players = game.num_players()
        size = int(np.prod(game.observation_tensor_shape()))
        actions = game.num_distinct_actions()
        self.weights = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(size), (size, hidden)), "b1": np.zeros(hidden),
            "wv": rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, self.players)), "bv": np.zeros(self.players),
            "wp": rng.normal(0.0, 1.0 / np.sqrt(hidden), (hidden, actions)), "bp": np.zeros(actions),
        }  # fmt: skip
        self._momentum = {name: np.zeros_like(w) for name, w in self.weights.items()}

    # -- the network ---------------------------------------------------------------------
    def forward(self, observations: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden layer, values (tanh, one per seat) and policy logits of a batch of observations."""
        w = self.weights
        hidden = np.tanh(observations @ w["w1"] + w["b1"])
        return hidden, np.tanh(hidden @ w["wv"] + w["bv"]), hidden @ w["wp"] + w["bp"]

    def _inputs(self, state: pyspiel.State) -> tuple[int, np.ndarray]:
        observer = _observer(state)
        return observer, np.asarray(state.observation_tensor(observer), dtype=np.float64)[None]

    # -- mcts.Evaluator ------------------------------------------------------------------
    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        """Each player's value of ``state`` in [-1, 1] (absolute seats, as MCTS wants them)."""
        observer, x = self._inputs(state)
        relative = self.forward(x)[1][0]
        return np.array([relative[(p - observer) % self.players] for p in range(self.players)])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        logits = self.forward(self._inputs(state)[1])[2][0][legal]
        probabilities = np.exp(logits - logits.max())
        probabilities /= probabilities.sum()
        return list(zip(legal, probabilities.tolist()))

    # -- training ------------------------------------------------------------------------
    def loss(self, examples: list[Example]) -> float:
        """Mean squared value error plus mean policy cross-entropy over ``examples``."""
        return self._loss_and_gradients(examples)[0]

    def _loss_and_gradients(self, examples: list[Example]) -> tuple[float, dict[str, np.ndarray]]:
        x = np.stack([e.observation for e in examples])
        targets = np.stack([e.values for e in examples])
        hidden, values, logits = self.forward(x)
        count = len(examples)
        grad_logits = np.zeros_like(logits)
        cross_entropy = 0.0
        for i, example in enumerate(examples):
            legal = logits[i, example.legal]
            probabilities = np.exp(legal - legal.max())
            probabilities /= probabilities.sum()
            cross_entropy -= float(example.policy @ np.log(probabilities + 1e-12))
            grad_logits[i, example.legal] = (probabilities - example.policy) / count
        error = values - targets
        loss = float((error**2).sum(axis=1).mean()) + cross_entropy / count
        grad_values = 2.0 * error * (1.0 - values**2) / count
        w = self.weights
        grad_hidden = (grad_values @ w["wv"].T + grad_logits @ w["wp"].T) * (1.0 - hidden**2)
        gradients = {
            "wv": hidden.T @ grad_values, "bv": grad_values.sum(0),
            "wp": hidden.T @ grad_logits, "bp": grad_logits.sum(0),
            "w1": x.T @ grad_hidden, "b1": grad_hidden.sum(0),
        }  # fmt: skip
        return loss, gradients

    def fit(self, examples: list[Example], epochs: int = 20, learning_rate: float = 0.05) -> list[float]:
        """Full-batch gradient descent with momentum; the loss before each epoch."""
        losses = []
        for _ in range(epochs):
            loss, gradients = self._loss_and_gradients(examples)
            losses.append(loss)
            for name, gradient in gradients.items():
                self._momentum[name] = 0.9 * self._momentum[name] + gradient
                self.weights[name] -= learning_rate * self._momentum[name]
        return losses


def self_play(game: pyspiel.Game, evaluator: NetworkEvaluator, games: int, simulations: int,
              rng: np.random.RandomState, uct_c: float = 2.0) -> list[Example]:  # fmt: skip
    """``games`` games of ``MCTSBot`` (PUCT on ``evaluator``) against itself, each move drawn from
    the root's visit counts; one :class:`Example` per decision."""
    bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng, child_selection_fn=mcts.SearchNode.puct_value)
    examples: list[Example] = []
    for _ in range(games):
        state = game.new_initial_state()
        records = []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probabilities)))
                continue
            root = bot.mcts_search(state)
            legal = np.array([child.action for child in root.children])
            visits = np.array([child.explore_count for child in root.children], dtype=np.float64)
            policy = visits / visits.sum() if visits.sum() else np.full(len(legal), 1.0 / len(legal))
            observer = state.current_player()
            records.append((observer, np.asarray(state.observation_tensor(observer), dtype=np.float64), legal, policy))
            state.apply_action(int(rng.choice(legal, p=policy)))
        returns = np.asarray(state.returns())
        players = len(returns)
        for observer, observation, legal, policy in records:
            relative = np.array([returns[(observer + k) % players] for k in range(players)])
            examples.append(Example(observation, legal, policy, relative))
    return examples


def train(game: pyspiel.Game, iterations: int, games: int = 4, simulations: int = 16, seed: int = 0,
          epochs: int = 20) -> tuple[NetworkEvaluator, list[list[float]]]:  # fmt: skip
    """``iterations`` rounds of :func:`self_play` then :meth:`NetworkEvaluator.fit`; the evaluator
    and each round's losses."""
    rng = np.random.RandomState(seed)
    evaluator = NetworkEvaluator(game, seed=seed)
    history = []
    for _ in range(iterations):
        history.append(evaluator.fit(self_play(game, evaluator, games, simulations, rng), epochs))
    return evaluator, history


__all__ = ["Example", "NetworkEvaluator", "self_play", "train"]
