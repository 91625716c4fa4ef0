"""Many games stepped at once with batched numpy arrays: a ``gymnasium.vector.VectorEnv``.

``VectorEnv(slug, num_envs, **options)`` keeps ``num_envs`` independent games and speaks
Gymnasium 1.x's vector API: ``reset(seed=...) -> (obs, info)`` and ``step(actions) -> (obs,
rewards, terminations, truncations, info)``, spaces ``single_observation_space`` (the planes)
and ``single_action_space`` (``Discrete``), with the legal actions of every row in
``info["action_mask"]`` (int8, ``(num_envs, num_actions)``; ``action_masks()`` gives them as
bool). Row ``i`` plays exactly as ``gym_env(slug, opponent="self")`` reset with ``seed + i``
inside Gymnasium's own ``SyncVectorEnv`` (the tests check it), only faster.

Who moves: by default one learner plays every seat (zero-sum self-play, the negamax convention
of ``gymnasium_env``): each row's observation and mask are those of the player to move there
(``info["player"]``) and a row's reward is its mover's. With ``opponent`` (a level name or an
object with ``choose(view)``) the learner holds ``seat`` and the opponent moves the other seats
inside ``step``; the reward is then the seat's. ``info["rewards"]`` holds every player's reward
of the step, ``(num_envs, num_players)``, the game's returns on the step that ends a game.
Each row's observation, mask and action numbers are in its observer's frame (``oriented=True``,
the default; ``oriented=False`` for the board as it lies).

Autoreset (``metadata["autoreset_mode"]``): by default Gymnasium 1.x's next-step mode. The
step that ends a game returns its last observation (the mover's, or the seat's against an
opponent), an all-zero mask, ``terminations`` True (or ``truncations`` when a cap option cut
the game off); the next ``step`` ignores that row's action and returns the new game's first
observation with reward 0 and both flags False. ``autoreset_mode="SameStep"`` (what the SB3
adapter uses) starts the new game in the same step instead, the finished game's observation in
``info["final_obs"]`` (``info["_final_obs"]`` marks those rows).

An illegal action ends that row's game with -1 for its mover (``info["illegal_action"]``, marked
by ``info["_illegal_action"]``). Per-step work is kept small: action tables cached per game,
each position's legal actions computed once, outputs written into preallocated arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymnasiumVectorEnv
from gymnasium.vector.utils import batch_space

from abstracta.bots import LEVELS, level_bot
from abstracta.core.api import State
from abstracta.rl.actions import action_table, player_frames
from abstracta.rl.common import capped, checked_actions, load_game, resolve_chance, spaces_for, start
from abstracta.rl.observations import observer

MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)


class VectorEnv(GymnasiumVectorEnv):
    """``num_envs`` games of ``slug`` under ``options``, stepped together."""

    def __init__(self, slug: str, num_envs: int, opponent: Any = None, seat: int = 0, seed: int | None = None,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP, oriented: bool = True,
                 **options: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        self.game = load_game(slug, options)
        if not isinstance(seat, int) or not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0 to {self.game.num_players - 1}, got {seat!r}")
        if isinstance(opponent, str) and opponent != "self" and opponent not in LEVELS:
            raise ValueError(f"opponent must be None or 'self' (self-play), a level ({', '.join(LEVELS)}) "
                             f"or a bot, got {opponent!r}")
        if opponent is not None and not isinstance(opponent, str) and not callable(getattr(opponent, "choose", None)):
            raise ValueError("an opponent object must have a choose(view) method returning a move")
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            mode = None
        if mode not in MODES:
            raise ValueError(f"autoreset_mode must be one of {[m.value for m in MODES]}, got {autoreset_mode!r}")
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode}
        self.num_envs = num_envs
        self.seat = seat
        self.num_actions, self.observation_shape = spaces_for(self.game)
        self.single_observation_space = spaces.Box(0.0, 1.0, shape=self.observation_shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._table = action_table(self.game)
        self._frames = player_frames(self.game, oriented)
        self.oriented = oriented  # each row in its mover's frame (docs/rl.md)
        self._observe = observer(self.game, oriented)
        self._bots: dict[int, Any] = {}
        if opponent is not None and opponent != "self":
            for p in range(self.game.num_players):
                if p != seat:
                    self._bots[p] = level_bot(opponent, self.game, seed=seed) if isinstance(opponent, str) else opponent
        self._first_seed = seed
        self._rngs: list[np.random.Generator] = []
        self._sampler = np.random.default_rng()
        self.states: list[State] = []
        self._moves: list[list[str]] = [[] for _ in range(num_envs)]
        self._actions: list[list[int]] = [[] for _ in range(num_envs)]
        self.players = np.zeros(num_envs, dtype=np.int64)
        self._obs = np.zeros((num_envs, *self.observation_shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.num_actions), dtype=bool)
        self._autoreset = np.zeros(num_envs, dtype=bool)
        self._every_row = np.ones(num_envs, dtype=bool)

    # -- internals -------------------------------------------------------------------------
    def _settle(self, i: int, state: State) -> State:
        """Chance and the opponents' moves until the learner is to act in row ``i`` or the game is over."""
        rng = self._rngs[i]
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

    def _end(self, i: int, state: State, observer: int, observed: State) -> None:
        """Row ``i``'s game is over: ``observed`` as ``observer`` sees it, no legal action."""
        self.states[i] = state
        self._moves[i], self._actions[i] = [], []
        self.players[i] = observer
        self._obs[i] = self._observe(observed.view(observer), observer)
        self._masks[i] = False

    def _new_game(self, i: int) -> State:
        while True:  # a setup could in principle end at once; never hand out a finished game
            state = self._settle(i, start(self.game, self._rngs[i]))
            if not state.over:
                return state

    def _info(self, rewards: np.ndarray, illegal: np.ndarray, illegal_actions: np.ndarray) -> dict[str, Any]:
        every = self._every_row
        return {"action_mask": self._masks.astype(np.int8), "_action_mask": every,
                "player": self.players.copy(), "_player": every,
                "rewards": rewards, "_rewards": every,
                "illegal_action": illegal_actions, "_illegal_action": illegal}

    # -- the API ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games in every row: ``(observations, info)``.

        Row ``i`` draws its setups and dice from a generator seeded with ``seed + i`` (as
        Gymnasium's ``SyncVectorEnv`` seeds its environments); without ``seed`` the rows go on
        with their generators (the constructor's ``seed`` seeds the first reset).
        """
        if seed is None and not self._rngs:
            seed = self._first_seed
        super().reset(seed=seed)
        if seed is not None:
            self._rngs = [np.random.default_rng(seed + i) for i in range(self.num_envs)]
            self._sampler = np.random.default_rng([seed, self.num_envs])  # apart from every row's stream
        elif not self._rngs:
            self._rngs = [np.random.default_rng() for _ in range(self.num_envs)]
        self.states = [None] * self.num_envs  # type: ignore[list-item]
        for i in range(self.num_envs):
            self._load(i, self._new_game(i))
        self._autoreset[:] = False
        zeros = np.zeros(self.num_envs, dtype=bool)
        info = self._info(np.zeros((self.num_envs, self.game.num_players), dtype=np.float32), zeros,
                          np.zeros(self.num_envs, dtype=np.int64))
        return self._obs.copy(), info

    def action_masks(self) -> np.ndarray:
        """The legal actions of every row, ``(num_envs, num_actions)`` bool (all False on a finished row)."""
        return self._masks.copy()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per row: ``(observations, rewards, terminations, truncations, info)``."""
        if not self.states:
            raise RuntimeError("call reset() before step()")
        actions = checked_actions(actions, self.num_envs)
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float64)
        terminations = np.zeros(n, dtype=bool)
        truncations = np.zeros(n, dtype=bool)
        step_rewards = np.zeros((n, self.game.num_players), dtype=np.float32)
        illegal = np.zeros(n, dtype=bool)
        illegal_actions = np.zeros(n, dtype=np.int64)
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        final_obs = np.full(n, None, dtype=object) if same_step else None
        self_play = not self._bots
        for i, action in enumerate(actions.tolist()):
            if self._autoreset[i]:  # next-step autoreset: the action is ignored, a new game starts
                self._autoreset[i] = False
                self._load(i, self._new_game(i))
                continue
            mover = int(self.players[i])
            try:
                index = self._actions[i].index(action)
            except ValueError:
                illegal[i] = terminations[i] = True
                illegal_actions[i] = action
                rewards[i] = step_rewards[i, mover] = -1.0
                self._end(i, self.states[i], mover, self.states[i])
            else:
                state = self._settle(i, self.states[i].play(self._moves[i][index]))
                if not state.over:
                    self._load(i, state)
                    continue
                step_rewards[i] = state.returns()
                observer = mover if self_play else self.seat
                rewards[i] = step_rewards[i, observer]
                if capped(state):
                    truncations[i] = True
                else:
                    terminations[i] = True
                self._end(i, state, observer, state)
            if same_step:
                final_obs[i] = self._obs[i].copy()
                self._load(i, self._new_game(i))
            else:
                self._autoreset[i] = True
        info = self._info(step_rewards, illegal, illegal_actions)
        if same_step:
            info["final_obs"], info["_final_obs"] = final_obs, terminations | truncations
        return self._obs.copy(), rewards, terminations, truncations, info

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every row, 0 on a finished row (for baselines and benchmarks)."""
        rng = self._sampler
        return np.fromiter((acts[int(rng.integers(len(acts)))] if acts else 0 for acts in self._actions),
                           dtype=np.int64, count=self.num_envs)

    def close_extras(self, **kwargs: Any) -> None:
        self.states = []
