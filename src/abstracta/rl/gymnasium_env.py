"""A Gymnasium environment: the agent holds one seat, a bot (or the agent itself) the others.

- observation: the acting player's float32 planes (``abstracta.rl.observation``), turned to
  that player's side with the action numbers (``oriented=True``, the default; docs/rl.md);
- action: ``Discrete(action_space_size)``; the legal ones are ``info["action_mask"]`` and
  ``action_masks()`` (the name sb3-contrib's ``MaskablePPO`` calls);
- ``info["rewards"]``: every player's reward of the step (float32, one per player): the
  game's ``returns()`` on the step that ends it, zeros before; ``info["player"]``: whose
  observation this is (who acts next; at the end, the agent's seat or the last mover);
- reward: the agent's entry of ``info["rewards"]``; an illegal action ends the episode with
  -1 for the agent (0 for the others);
- ``terminated`` when the rules end the game, ``truncated`` instead when a cap option
  (``max_turns``, ``max_plies``) cut it off (``state.termination() == "turn limit"``);
- ``opponent``: a level name from ``abstracta.bots.LEVELS`` (default ``"random"``: cheap; the
  strong levels think up to seconds a move), any object with ``choose(view) -> move``, or
  ``"self"``: zero-sum self-play (below).

Self-play (``opponent="self"``): the agent moves whichever seat is to act; each observation
is that seat's and each reward is the mover's (negamax convention): 0 before the end, and on
the final step the return of the player who made it. The other players' terminal rewards are
in that step's ``info["rewards"]`` and belong to their own last moves: a learner must compute
each step's return from its mover's side (``abstracta.rl.seat_returns(players, rewards)``),
never by summing the scalar rewards along the interleaved trajectory, which would credit the
loser's moves with the winner's reward.
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
from abstracta.rl.common import capped, load_game, resolve_chance, spaces_for, start
from abstracta.rl.observations import observation


class AbstractaGymEnv(gym.Env):
    """``slug`` under ``options``, the agent on ``seat`` against ``opponent``."""

    metadata = {"render_modes": ["human", "ansi", "rgb_array"]}

    def __init__(self, slug: str, opponent: Any = "random", seat: int = 0, render_mode: str | None = None,
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
        self._rewards = np.zeros(self.game.num_players, dtype=np.float32)

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
        info = {"action_mask": self.action_masks().astype(np.int8), "player": player, "rewards": self._rewards.copy()}
        return observation(self.state_.view(player), player, self.oriented), info

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        self._make_bots(seed)
        self._agent = self.seat
        self._rewards[:] = 0.0
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
            self._rewards[:] = 0.0
            self._rewards[mover] = -1.0
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            self._moves, self._actions = [], []
            self.state_ = _Finished(self.state_)
            return obs, -1.0, True, False, info
        self._advance(self.state_.play(self._moves[index]))
        self._rewards[:] = self.state_.returns() if self.state_.over else 0.0
        if self.state_.over:
            self._agent = mover if self.self_play else self.seat
        if self.render_mode == "human":
            self.render()
        obs, info = self._observe()
        truncated = capped(self.state_)
        return obs, float(self._rewards[self._agent]), self.state_.over and not truncated, truncated, info

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


def gym_env(slug: str, opponent: Any = "random", seat: int = 0, render_mode: str | None = None,
            **options: Any) -> AbstractaGymEnv:
    """The Gymnasium environment of ``slug``: the agent on ``seat`` against ``opponent``."""
    return AbstractaGymEnv(slug, opponent=opponent, seat=seat, render_mode=render_mode, **options)


def register_all() -> None:
    """Register ``abstracta/<slug>-v0`` for every game with Gymnasium (idempotent).

    ``gymnasium.make("abstracta/<slug>-v0")`` plays against the ``random`` level unless
    ``opponent=`` asks for another: a stronger level costs up to seconds a move.
    ``gymnasium.make_vec(..., num_envs=n)`` gives :class:`abstracta.rl.VectorEnv` (same default).
    """
    import abstracta

    for slug in abstracta.games():
        name = f"abstracta/{slug}-v0"
        if name not in gym.registry:
            gym.register(id=name, entry_point="abstracta.rl.gymnasium_env:gym_env",
                         vector_entry_point="abstracta.rl.vector:VectorEnv",
                         kwargs={"slug": slug, "opponent": "random"}, disable_env_checker=True)
