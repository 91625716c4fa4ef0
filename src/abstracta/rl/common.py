"""What every environment shares: starting a game from a seeded generator and rolling its dice.

Environments own a ``numpy.random.Generator``; the game's setup seed and every chance outcome
come from it, so two environments seeded alike play alike.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE
from abstracta.rl.actions import action_table
from abstracta.rl.observations import observation_shape

SETUP_SEED_RANGE = 2**31 - 1


def load_game(slug: str, options: dict[str, Any]) -> Game:
    """``abstracta.load`` with the env-facing error: a ``ValueError`` naming the valid games."""
    if slug not in abstracta.games():
        raise ValueError(f"unknown game {slug!r}; valid games: {', '.join(abstracta.games())}")
    return abstracta.load(slug, **options)


def start(game: Game, rng: np.random.Generator) -> State:
    """A new game whose setup comes from ``rng``, advanced past any opening chance nodes."""
    return resolve_chance(game.start(seed=int(rng.integers(SETUP_SEED_RANGE))), rng)


def resolve_chance(state: State, rng: np.random.Generator) -> State:
    """Play chance outcomes drawn from ``rng`` until a player is to move or the game is over."""
    while state.player == CHANCE:
        outcomes = state.chance()
        # one uniform draw walked along the cumulative probabilities: cheaper than rng.choice(p=...)
        # for a few dozen outcomes, and the same draw on every machine
        draw = rng.random()
        chosen = outcomes[-1][0]
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if draw < total:
                chosen = outcome
                break
        state = state.play(chosen)
    return state


def spaces_for(game: Game) -> tuple[int, tuple[int, ...]]:
    """``(number of actions, observation shape)`` of ``game``."""
    return action_table(game).size, observation_shape(game)



TURN_LIMIT = "turn limit"
"""``state.termination()`` of a game cut off by a cap option (``max_turns``, ``max_plies``), the
contract's word for it (``core/api.py``): the environments report such an end as truncated."""


def capped(state: State) -> bool:
    """Whether ``state`` ended because a cap option cut the game off (not by the rules)."""
    return state.over and state.termination() == TURN_LIMIT


def seat_returns(players: Any, rewards: Any, gamma: float = 1.0) -> np.ndarray:
    """Each step's return from its own mover's side, for a trajectory that moves every seat.

    ``players[t]`` is who acted at step ``t`` (``info["player"]`` before the step) and
    ``rewards[t]`` every player's reward of that step (``info["rewards"]``, shape
    ``(steps, players)``). Step ``t`` gets ``sum_k gamma**(k-t) * rewards[k][players[t]]``
    over ``k >= t``: a seat's own later rewards and the terminal rewards that reach it on a
    rival's final move, never the rival's. With ``gamma=1`` it is the mover's final return.

    >>> seat_returns([0, 1, 0], [[0, 0], [0, 0], [1, -1]]).tolist()
    [1.0, -1.0, 1.0]
    """
    rewards = np.asarray(rewards, dtype=np.float64)
    players = np.asarray(players, dtype=np.int64)
    if rewards.ndim != 2 or players.shape != (rewards.shape[0],):
        raise ValueError(f"expected one player per step and rewards shaped (steps, players), "
                         f"got {players.shape} and {rewards.shape}")
    out = np.zeros(len(players))
    ahead = np.zeros(rewards.shape[1])  # every player's discounted reward from step t on
    for t in range(len(players) - 1, -1, -1):
        ahead = rewards[t] + gamma * ahead
        out[t] = ahead[players[t]]
    return out


def checked_actions(actions: Any, num_envs: int) -> np.ndarray:
    """A vector environment's actions as int64, one per row; a wrong shape or a non-integer dtype
    (a float action is a learner's bug, not a move) is refused with ``ValueError``."""
    actions = np.asarray(actions)
    if actions.shape != (num_envs,):
        raise ValueError(f"expected {num_envs} actions, got shape {actions.shape}")
    if not np.issubdtype(actions.dtype, np.integer):
        raise ValueError(f"actions must be integers, got dtype {actions.dtype}")
    return np.ascontiguousarray(actions, dtype=np.int64)
