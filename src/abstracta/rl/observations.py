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
from abstracta.rl.symmetry import frame_of


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
    planes = adapter.observe(view, player)
    if oriented:
        frame = frame_of(view.game, player)
        if frame is not None:
            return frame.observation(planes)
    return planes


def observer(game: Game, oriented: bool = True):
    """A fast ``(view, player) -> tensor`` for environments stepping many positions of ``game``
    (the view is trusted to be ``player``'s own)."""
    observe = adapter_of(game).observe
    if not oriented:
        return observe
    frames = [frame_of(game, p) for p in range(game.num_players)]

    def oriented_observe(view: State, player: int) -> np.ndarray:
        frame = frames[player]
        planes = observe(view, player)
        return planes if frame is None else frame.observation(planes)

    return oriented_observe
