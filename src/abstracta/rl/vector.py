"""Many games stepped at once with batched numpy arrays, for training throughput.

``VectorEnv(slug, num_envs, **options)`` keeps ``num_envs`` independent games. By default
one learner plays every seat (self-play): each row's observation and mask are those of the
player to move in that game, and a row's reward is the final return of the player whose
move ended the game. With ``opponent`` (a level name or an object with ``choose(view)``)
the learner holds ``seat`` and the opponent moves the other seats inside ``step``.

A finished game is reset at once (auto-reset): the row then shows the new game's first
position, ``dones`` is True for that step and ``info["final_returns"]`` holds the finished
game's returns for every player, on that row only. As in Gymnasium's vector infos, the
boolean mask ``info["_final_returns"]`` (equal to ``dones``) says which rows carry them; the
other rows are zeros. Per-step work is kept small: the action tables are cached per
game, the legal actions of each game are computed once per position, and the outputs are
preallocated arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from abstracta.bots import LEVELS, level_bot
from abstracta.core.api import State
from abstracta.rl.actions import action_table, player_frames
from abstracta.rl.observations import observer
from abstracta.rl.common import load_game, resolve_chance, spaces_for, start


class VectorEnv:
    """``num_envs`` games of ``slug`` under ``options``, stepped together."""

    def __init__(self, slug: str, num_envs: int, opponent: Any = None, seat: int = 0, seed: int | None = None,
                 oriented: bool = True, **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = load_game(slug, options)
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0 to {self.game.num_players - 1}, got {seat!r}")
        if isinstance(opponent, str) and opponent not in LEVELS:
            raise ValueError(f"opponent must be None (self-play), a level ({', '.join(LEVELS)}) or a bot, got {opponent!r}")
        self.num_envs = num_envs
        self.seat = seat
        self.num_actions, self.observation_shape = spaces_for(self.game)
        self._table = action_table(self.game)
        self._frames = player_frames(self.game, oriented)
        self.oriented = oriented  # each row in its mover's frame (docs/rl.md)
        self._observe = observer(self.game, oriented)
        self._rng = np.random.default_rng(seed)
        self._bots: dict[int, Any] = {}
        if opponent is not None:
            for p in range(self.game.num_players):
                if p != seat:
                    self._bots[p] = level_bot(opponent, self.game, seed=seed) if isinstance(opponent, str) else opponent
        self.states: list[State] = []
        self._moves: list[list[str]] = [[] for _ in range(num_envs)]
        self._actions: list[list[int]] = [[] for _ in range(num_envs)]
        self.players = np.zeros(num_envs, dtype=np.int64)
        self._obs = np.zeros((num_envs, *self.observation_shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.num_actions), dtype=bool)

    # -- internals -------------------------------------------------------------------------
    def _settle(self, state: State) -> State:
        rng = self._rng
        state = resolve_chance(state, rng)
        bots = self._bots
        while bots and not state.over and state.player in bots:
            state = resolve_chance(state.play(bots[state.player].choose(state.view(state.player))), rng)
        return state

    def _load(self, i: int, state: State) -> None:
        self.states[i] = state
        moves, actions = self._table.legal_in(state, self._frames[state.player])
        self._moves[i], self._actions[i] = moves, actions
        player = state.player
        self.players[i] = player
        self._obs[i] = self._observe(state.view(player), player)
        row = self._masks[i]
        row[:] = False
        row[actions] = True

    def _new_game(self) -> State:
        while True:  # a setup could in principle end at once; never hand out a finished game
            state = self._settle(start(self.game, self._rng))
            if not state.over:
                return state

    # -- the API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games everywhere: ``(observations, action masks)``."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.states = [None] * self.num_envs  # type: ignore[list-item]
        for i in range(self.num_envs):
            self._load(i, self._new_game())
        return self._obs.copy(), self._masks.copy()

    def action_masks(self) -> np.ndarray:
        """The legal actions of every row, ``(num_envs, num_actions)`` bool."""
        return self._masks.copy()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """One action per row: ``(observations, rewards, dones, masks, info)``.

        ``info`` holds ``players`` (who acts now in each row), ``final_returns`` (the returns
        of the games that ended this step, zeros on the other rows), its mask
        ``_final_returns`` (the rows that ended, as Gymnasium marks a vector info) and
        ``illegal`` (rows whose action was not legal: that game ends with -1 for its mover).
        """
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {actions.shape}")
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=bool)
        illegal = np.zeros(self.num_envs, dtype=bool)
        final_returns = np.zeros((self.num_envs, self.game.num_players), dtype=np.float32)
        for i, action in enumerate(actions.tolist()):
            mover = int(self.players[i])
            try:
                index = self._actions[i].index(action)
            except ValueError:
                illegal[i] = dones[i] = True
                rewards[i] = -1.0
                final_returns[i, mover] = -1.0
                self._load(i, self._new_game())
                continue
            state = self._settle(self.states[i].play(self._moves[i][index]))
            if state.over:
                returns = state.returns()
                dones[i] = True
                rewards[i] = returns[mover if not self._bots else self.seat]
                final_returns[i] = returns
                state = self._new_game()
            self._load(i, state)
        info = {"players": self.players.copy(), "final_returns": final_returns, "_final_returns": dones.copy(),
                "illegal": illegal}
        return self._obs.copy(), rewards, dones, self._masks.copy(), info

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every row (for baselines and benchmarks)."""
        rng = self._rng
        return np.fromiter((acts[int(rng.integers(len(acts)))] for acts in self._actions), dtype=np.int64,
                           count=self.num_envs)

    def close(self) -> None:
        self.states = []
