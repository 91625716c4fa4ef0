"""PettingZoo AEC environments: one agent per player, as in PettingZoo's classic games.

- agents ``player_0 ... player_<n-1>``; the acting agent is the game's ``state.player``
  (Quin and Reflec let the same agent act several times in a row);
- observations ``{"observation": float32 planes, "action_mask": int8}`` (the mask is all
  zeros for an agent that is not to act);
- ``rewards`` holds every agent's reward of the last step: the game's ``returns()`` when it
  ends, 0 before (they sum to zero in a two-player game);
- a game the rules end is terminated for every agent; one a cap option (``max_turns``,
  ``max_plies``) cut off is truncated instead (``state.termination() == "turn limit"``);
- chance nodes (Strategic Reserve's dice) and random setups are drawn from the
  environment's own generator, seeded by ``reset(seed=...)``;
- an illegal action ends the game: -1 for the offender, 0 for everyone else.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from abstracta.core.api import State
from abstracta.rl import render as pictures
from abstracta.rl.actions import action_table, player_frames
from abstracta.rl.common import capped, load_game, resolve_chance, spaces_for, start
from abstracta.rl.observations import observation


class AbstractaAECEnv(AECEnv):
    """One game of ``slug`` under ``options`` as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"], "name": "abstracta_v0", "is_parallelizable": False}

    def __init__(self, slug: str, render_mode: str | None = None, oriented: bool = True, **options: Any) -> None:
        super().__init__()
        self.oriented = oriented  # observations and actions in each player's own frame (docs/rl.md)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.game = load_game(slug, options)
        self.metadata = {**self.metadata, "name": f"abstracta_{slug.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self._table = action_table(self.game)
        self._frames = player_frames(self.game, oriented)
        self.num_actions, shape = spaces_for(self.game)
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players)]
        self.agent_name_mapping = {name: p for p, name in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.state_: State | None = None
        self._moves: list[str] = []
        self._actions: list[int] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC loop ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._set_state(start(self.game, self._rng))
        if self.render_mode == "human":  # PettingZoo's classic games draw every new position in human mode
            self.render()

    def _set_state(self, state: State) -> None:
        self.state_ = state
        if state.over:
            self._moves, self._actions = [], []
            returns = state.returns()
            ended = self.truncations if capped(state) else self.terminations
            for agent in self.agents:
                self.rewards[agent] = float(returns[self.agent_name_mapping[agent]])
                ended[agent] = True
            # keep cycling the agents so each one is stepped with None once (PettingZoo's dead steps)
            self.agent_selection = self.agents[0]
        else:
            self._moves, self._actions = self._table.legal_in(state, self._frames[state.player])
            self.agent_selection = self.possible_agents[state.player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.agent_name_mapping[agent]
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.state_ is not None and not self.state_.over and self.state_.player == player:
            mask[self._actions] = 1
        return {"observation": observation(self.state_.view(player), player, self.oriented), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        try:
            index = self._actions.index(int(action))
        except (ValueError, TypeError):
            index = -1
        if index < 0:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"illegal_action": {"agent": agent, "action": action}}
            self.rewards[agent] = -1.0
            self._moves, self._actions = [], []
        else:
            self._set_state(resolve_chance(self.state_.play(self._moves[index]), self._rng))
            if self.render_mode == "human":
                self.render()
        self._accumulate_rewards()

    # -- pictures --------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn(
                "render() called without a render_mode; pass render_mode='human', 'ansi' or 'rgb_array'"
            )
            return None
        if self.state_ is None:
            raise RuntimeError("call reset() before render()")
        if self.render_mode == "human":
            pictures.show(self.state_)
            return None
        if self.render_mode == "ansi":
            return pictures.ansi(self.state_)
        return pictures.rgb_array(self.state_)

    def close(self) -> None:
        pass


def aec_env(slug: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The PettingZoo AEC environment of ``slug`` under ``options``, with PettingZoo's order checks."""
    env = AbstractaAECEnv(slug, render_mode=render_mode, **options)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def raw_env(slug: str, render_mode: str | None = None, **options: Any) -> AbstractaAECEnv:
    """The environment without PettingZoo's wrappers (an illegal action then ends the game)."""
    return AbstractaAECEnv(slug, render_mode=render_mode, **options)
