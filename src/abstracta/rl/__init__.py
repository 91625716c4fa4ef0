"""Environments for AI research: fixed action numberings, observation tensors, PettingZoo,
Gymnasium, OpenSpiel and a batched numpy stepper for every game that declares an RL adapter
(``Game.rl_adapter()``, ``core/rl_adapter.py``).

This is an interface layer like the command line: it uses games only through the contract
and bots only through ``abstracta.bots.level_bot``. Needs the ``rl`` extra
(``pip install 'abstracta[rl]'``); OpenSpiel needs ``abstracta[openspiel]``.

>>> import abstracta, abstracta.rl as rl
>>> game = abstracta.load("strategic-reserve")
>>> rl.action_space_size(game)
36
>>> state = game.start(seed=1).play("3,5")
>>> rl.move_to_action(state, "c4"), rl.action_to_move(state, 15)
(15, 'c4')

Observations and action numbers are turned to the observer's (the mover's) side by default
(``oriented=True``, docs/rl.md "Frames and symmetries"); ``rl.symmetries(game)`` lists the
rules' symmetries for data augmentation.

Importing this package registers ``abstracta/<slug>-v0`` with Gymnasium.
"""

from __future__ import annotations

from typing import Any

from abstracta.rl.actions import action_space_size, action_table, action_to_move, legal_actions, move_to_action
from abstracta.rl.common import seat_returns
from abstracta.rl.observations import observation, observation_shape, plane_names
from abstracta.rl.symmetry import symmetries

__all__ = [
    "CompiledVectorEnv",
    "VectorEnv",
    "action_space_size",
    "action_table",
    "action_to_move",
    "aec_env",
    "gym_env",
    "legal_actions",
    "move_to_action",
    "observation",
    "observation_shape",
    "openspiel_game",
    "plane_names",
    "seat_returns",
    "symmetries",
]


def aec_env(slug: str, render_mode: str | None = None, **options: Any):
    """The PettingZoo AEC environment of ``slug`` (see :mod:`abstracta.rl.pettingzoo_env`)."""
    from abstracta.rl.pettingzoo_env import aec_env as make

    return make(slug, render_mode=render_mode, **options)


def gym_env(slug: str, opponent: Any = "random", seat: int = 0, render_mode: str | None = None, **options: Any):
    """The Gymnasium environment of ``slug``, the agent on ``seat`` (see :mod:`abstracta.rl.gymnasium_env`)."""
    from abstracta.rl.gymnasium_env import gym_env as make

    return make(slug, opponent=opponent, seat=seat, render_mode=render_mode, **options)


def openspiel_game(slug: str, **options: Any):
    """The ``pyspiel.Game`` of ``slug`` registered as ``abstracta_<slug_with_underscores>``."""
    from abstracta.rl.openspiel_env import openspiel_game as make

    return make(slug, **options)


def __getattr__(name: str) -> Any:
    if name == "VectorEnv":
        from abstracta.rl.vector import VectorEnv

        return VectorEnv
    if name == "CompiledVectorEnv":
        from abstracta.rl.compiled_vector import CompiledVectorEnv

        return CompiledVectorEnv
    raise AttributeError(f"module 'abstracta.rl' has no attribute {name!r}")


try:  # registration is a convenience: without gymnasium the numberings still work
    from abstracta.rl.gymnasium_env import register_all as _register_all
except ImportError:  # pragma: no cover - the rl extra is not installed
    pass
else:
    _register_all()
