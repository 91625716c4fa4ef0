"""Observation tensors built from what a player may see: ``state.view(player).structure()``.

Every game has a fixed shape ``(planes, *board)`` of float32 values in [0, 1]; scalar
features (reserves, dice, timers, whose turn) fill a whole plane. Planes are written from
the observer's point of view where the game has sides ("own" and "rival"); games with
suits keep the rules' suit order and add planes saying which suits the observer controls.
Each game declares its planes in its RL adapter (``game.rl_adapter()``, ``core/rl_adapter.py``);
``docs/rl.md`` lists every plane.

With ``oriented=True`` (the default) the tensor is then turned to the observer's side by the
game's frame (:mod:`abstracta.rl.symmetry`: boards rotated so that the observer sits where
player 0 sits, suits renumbered from the observer's); ``oriented=False`` is the tensor as read.

Only the view's structured position is read (``core/structure.py``), so an observation can
never hold more than the rules let the player see (a rival's unrevealed piece is one plane, never its kind).
"""

from __future__ import annotations

import numpy as np

from abstracta.core.api import Game, State
from abstracta.rl.adapters import adapter_of


def observation_shape(game: Game) -> tuple[int, ...]:
    """The shape of every observation of ``game``."""
    return adapter_of(game).observation_shape


def plane_names(game: Game) -> tuple[str, ...]:
    """What each plane of ``game``'s observation holds, in order."""
    return adapter_of(game).plane_names


def observation(view: State, player: int, oriented: bool = True) -> np.ndarray:
    """The observation tensor of ``player`` from ``view = state.view(player)``.

    ``oriented``: turned to ``player``'s side (see the module). Raises ``ValueError`` for a
    game without an RL adapter.
    """
    adapter = adapter_of(view.game)
    viewer = view.viewer
    if viewer is None and not view.game.perfect_information:
        view = view.view(player)  # a full state was passed: mask it before reading anything
    elif viewer is not None and viewer != player:
        raise ValueError(f"this view belongs to player {viewer}, not {player}")
    return adapter.oriented_observe(view, player) if oriented else adapter.observe(view, player)


def observer(game: Game, oriented: bool = True):
    """A fast ``(view, player) -> tensor`` for environments stepping many positions of ``game``
    (the view is trusted to be ``player``'s own)."""
    adapter = adapter_of(game)
    return adapter.oriented_observe if oriented else adapter.observe
