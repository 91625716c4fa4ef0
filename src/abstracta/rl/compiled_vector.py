"""``CompiledVectorEnv``: ``VectorEnv``'s face on a game's compiled batch core (docs/rl.md, docs/compiled.md).

A game with a compiled core offers a batch of games stepped in C through its RL adapter
(``RLAdapter.batch_core``, the ``BatchCore`` protocol of ``core/rl_adapter.py``). This class
steps it with ``abstracta.rl.VectorEnv``'s spaces, action numbers, masks, observations,
rewards, autoreset modes and ``info`` keys, so the same training code runs on either; it is
self-play only (each row's observation and mask are its mover's) and names no game. Every
step hands fresh numpy arrays to the core, which writes them in one loop over rows: no Python
object per row. A game without a core (or with its core not built or disabled) gets a
``ValueError`` saying so.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from abstracta.rl.adapters import adapter_of
from abstracta.rl.common import checked_actions, load_game, spaces_for
from abstracta.rl.vector import MODES


class CompiledVectorEnv(GymnasiumVectorEnv):
    """``num_envs`` self-play games of ``slug`` under ``options``, stepped by the game's compiled core."""

    def __init__(self, slug: str, num_envs: int, seed: int | None = None,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP, oriented: bool = True,
                 **options: Any) -> None:
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = load_game(slug, options)
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            mode = None
        if mode not in MODES:
            raise ValueError(f"autoreset_mode must be one of {[m.value for m in MODES]}, got {autoreset_mode!r}")
        core = adapter_of(self.game).batch_core(num_envs, oriented)
        if core is None:
            raise ValueError(
                f"{slug!r} has no compiled batch core here: the game defines none (RLAdapter.batch_core), or its "
                "core is not built (make cores) or is disabled (ABSTRACTA_PURE_PYTHON); abstracta.rl.VectorEnv "
                "steps every game")
        self._core = core
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode}
        self.num_envs = num_envs
        self.oriented = oriented
        self.num_actions, self.observation_shape = spaces_for(self.game)
        self.num_players = self.game.num_players
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=self.observation_shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._first_seed = seed
        self._seeded = False
        self._started = False
        self._rows = np.arange(num_envs)
        self._every_row = np.ones(num_envs, dtype=bool)
        self._autoreset = np.zeros(num_envs, dtype=bool)
        self._masks = np.zeros((num_envs, self.num_actions), dtype=bool)
        self.players = np.zeros(num_envs, dtype=np.int64)

    def _buffers(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n = self.num_envs
        return (np.empty((n, *self.observation_shape), dtype=np.float32),
                np.empty((n, self.num_actions), dtype=bool), np.empty(n, dtype=np.int64))

    def _info(self, masks: np.ndarray, players: np.ndarray, rewards: np.ndarray, illegal: np.ndarray,
              illegal_actions: np.ndarray) -> dict[str, Any]:
        every = self._every_row
        return {"action_mask": masks.view(np.int8), "_action_mask": every, "player": players.copy(),
                "_player": every, "rewards": rewards, "_rewards": every,
                "illegal_action": illegal_actions, "_illegal_action": illegal}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games in every row: ``(observations, info)``. Row ``i``'s generator starts from
        ``seed + i``; without ``seed`` the rows go on with their generators (the constructor's
        ``seed`` seeds the first reset)."""
        if seed is None and not self._seeded:
            seed = self._first_seed
        super().reset(seed=seed)
        if seed is not None:
            self._core.seed(np.arange(seed, seed + self.num_envs, dtype=np.uint64))
            self._seeded = True
        elif not self._seeded:
            self._core.seed(np.random.default_rng().integers(2**63, size=self.num_envs, dtype=np.uint64))
            self._seeded = True
        observations, masks, players = self._buffers()
        self._core.reset(None, observations, masks, players)
        self._masks, self.players = masks, players
        self._autoreset[:] = False
        self._started = True
        n = self.num_envs
        info = self._info(masks, players, np.zeros((n, self.num_players), dtype=np.float32),
                          np.zeros(n, dtype=bool), np.zeros(n, dtype=np.int64))
        return observations, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of every row, ``(num_envs, num_actions)`` bool (all False on a finished row)."""
        return self._masks.copy()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per row: ``(observations, rewards, terminations, truncations, info)``, as ``VectorEnv.step``."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = checked_actions(actions, self.num_envs)
        n = self.num_envs
        core = self._core
        observations, masks, players = self._buffers()
        step_rewards = np.zeros((n, self.num_players), dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        illegal = np.zeros(n, dtype=bool)
        restarting = self._autoreset
        if restarting.any():  # next-step autoreset: those rows ignore their action and start again
            core.reset(restarting, observations, masks, players)
            core.step(actions, ~restarting, observations, masks, players, step_rewards, terminated, truncated, illegal)
        else:
            core.step(actions, None, observations, masks, players, step_rewards, terminated, truncated, illegal)
        rewards = step_rewards[self._rows, players].astype(np.float64)
        illegal_actions = np.where(illegal, actions, 0)
        done = terminated | truncated
        info_extra: dict[str, Any] = {}
        if self.autoreset_mode == AutoresetMode.SAME_STEP:
            final_obs = np.full(n, None, dtype=object)
            for i in np.flatnonzero(done):
                final_obs[i] = observations[i].copy()
            if done.any():
                core.reset(done, observations, masks, players)
            info_extra = {"final_obs": final_obs, "_final_obs": done}
            self._autoreset = np.zeros(n, dtype=bool)
        else:
            self._autoreset = done
        self._masks, self.players = masks, players
        info = self._info(masks, players, step_rewards, illegal, illegal_actions)
        info.update(info_extra)
        return observations, rewards, terminated, truncated, info

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every row, 0 on a finished row (drawn in the core)."""
        actions = np.empty(self.num_envs, dtype=np.int64)
        self._core.sample(actions)
        return actions
