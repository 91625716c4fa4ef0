"""A Gymnasium environment: the agent holds one seat, a bot (or the agent itself) the others.

- observation: the agent's float32 planes (``abstracta.rl.observation``);
- action: ``Discrete(action_space_size)``; the legal ones are ``info["action_mask"]`` and
  ``action_masks()`` (the name sb3-contrib's ``MaskablePPO`` calls);
- reward: the agent's ``returns()`` entry when the game ends, 0 before; an illegal action
  ends the episode with -1;
- ``opponent``: a level name from ``abstracta.bots.LEVELS`` (default ``"hard"``), any
  object with ``choose(view) -> move``, or ``"self"``: the agent then plays every seat, each
  observation is that of the player to move and the final reward is that of the player
  who made the last move.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from abstracta.bots import LEVELS, level_bot
from abstracta.core.api import State
from abstracta.rl import render as pictures
from abstracta.rl.actions import action_table, player_frames
from abstracta.rl.common import load_game, resolve_chance, spaces_for, start
from abstracta.rl.observations import observation


class AbstractaGymEnv(gym.Env):
    """``slug`` under ``options``, the agent on ``seat`` against ``opponent``."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"]}

    def __init__(self, slug: str, opponent: Any = "hard", seat: int = 0, render_mode: str | None = None,
                 oriented: bool = True, **options: Any) -> None:
        super().__init__()
        self.oriented = oriented  # observations and actions in the acting seat's frame (docs/rl.md)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.game = load_game(slug, options)
        if not isinstance(seat, int) or not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be a player of {slug} (0 to {self.game.num_players - 1}), got {seat!r}")
        self.self_play = opponent == "self"
        if isinstance(opponent, str) and not self.self_play and opponent not in LEVELS:
            raise ValueError(f"opponent must be 'self', a level ({', '.join(LEVELS)}) or a bot, got {opponent!r}")
        if not isinstance(opponent, str) and not callable(getattr(opponent, "choose", None)):
            raise ValueError("an opponent object must have a choose(view) method returning a move")
        self.opponent_spec = opponent
        self.seat = seat
        self.render_mode = render_mode
        self._table = action_table(self.game)
        self._frames = player_frames(self.game, oriented)
        self.num_actions, shape = spaces_for(self.game)
        self.action_space = spaces.Discrete(self.num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, shape=shape, dtype=np.float32)
        self._bots: dict[int, Any] = {}
        self.state_: State | None = None
        self._moves: list[str] = []
        self._actions: list[int] = []
        self._agent = seat

    def _make_bots(self, seed: int | None) -> None:
        if self.self_play:
            self._bots = {}
            return
        bots = {}
        for p in range(self.game.num_players):
            if p == self.seat:
                continue
            if isinstance(self.opponent_spec, str):
                bots[p] = level_bot(self.opponent_spec, self.game, seed=None if seed is None else seed + p)
            else:
                bots[p] = self.opponent_spec
        self._bots = bots

    def _advance(self, state: State) -> State:
        """Play chance and the bots' moves until the agent is to act or the game is over."""
        rng = self.np_random
        state = resolve_chance(state, rng)
        while not state.over and state.player in self._bots:
            state = resolve_chance(state.play(self._bots[state.player].choose(state.view(state.player))), rng)
        self.state_ = state
        if state.over:
            self._moves, self._actions = [], []
        else:
            self._agent = state.player
            self._moves, self._actions = self._table.legal_in(state, self._frames[state.player])
        return state

    def action_masks(self) -> np.ndarray:
        """Which actions are legal now (bool), as sb3-contrib's MaskablePPO asks for."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self._actions] = True
        return mask

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        player = self._agent
        info = {"action_mask": self.action_masks().astype(np.int8), "player": player}
        return observation(self.state_.view(player), player, self.oriented), info

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self._make_bots(seed)
        self._agent = self.seat
        self._advance(start(self.game, self.np_random))
        if self.render_mode == "human":  # Gymnasium's human mode draws every new position itself
            self.render()
        return self._observe()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.state_ is None:
            raise RuntimeError("call reset() before step()")
        if self.state_.over:
            raise RuntimeError("the episode is over; call reset()")
        mover = self._agent
        try:
            index = self._actions.index(int(action))
        except ValueError:
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            self._moves, self._actions = [], []
            self.state_ = _Finished(self.state_)
            return obs, -1.0, True, False, info
        self._advance(self.state_.play(self._moves[index]))
        reward = 0.0
        if self.state_.over:
            reward = float(self.state_.returns()[mover if self.self_play else self.seat])
            self._agent = mover if self.self_play else self.seat
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe()
        return obs, reward, self.state_.over, False, info

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None or self.state_ is None:
            return None
        state = self.state_.state if isinstance(self.state_, _Finished) else self.state_
        if self.render_mode == "human":
            pictures.show(state)
            return None
        return pictures.ansi(state) if self.render_mode == "ansi" else pictures.rgb_array(state)


class _Finished:
    """A position whose episode was ended by an illegal action: it reads as over."""

    over = True

    def __init__(self, state: State) -> None:
        self.state = state

    def view(self, player: int) -> State:
        return self.state.view(player)


def gym_env(slug: str, opponent: Any = "hard", seat: int = 0, render_mode: str | None = None,
            **options: Any) -> AbstractaGymEnv:
    """The Gymnasium environment of ``slug``: the agent on ``seat`` against ``opponent``."""
    return AbstractaGymEnv(slug, opponent=opponent, seat=seat, render_mode=render_mode, **options)


def register_all() -> None:
    """Register ``abstracta/<slug>-v0`` for every game with Gymnasium (idempotent)."""
    import abstracta

    for slug in abstracta.games():
        name = f"abstracta/{slug}-v0"
        if name not in gym.registry:
            gym.register(id=name, entry_point="abstracta.rl.gymnasium_env:gym_env", kwargs={"slug": slug},
                         disable_env_checker=True)
