"""Observer frames and symmetries: the per-game relabellings of observations and actions.

``oriented=True`` (the default of :func:`abstracta.rl.observation`, the action helpers and the
environments) turns every observation to its observer's side and numbers the actions in the
mover's frame, so that one network serves every seat: each game's RL adapter says what its
frame is (``RLAdapter.frame(player)``, a :class:`~abstracta.core.rl_adapter.Frame`; player 0's
is always the identity). :func:`symmetries` lists the rules' symmetries for data augmentation,
acting on oriented observations, action numbers and masks. ``docs/rl.md`` ("Frames and
symmetries") says what each game does and why.
"""

from __future__ import annotations

from abstracta.core.api import Game
from abstracta.core.rl_adapter import Frame
from abstracta.rl.adapters import adapter_of, options_key

__all__ = ["Frame", "frame_of", "symmetries"]

_SYMMETRIES: dict[tuple[type, str], list[Frame]] = {}


def frame_of(game: Game, player: int) -> Frame | None:
    """The (cached) frame turning ``player``'s observations and actions to its side; ``None``: none needed."""
    if not isinstance(player, int) or not 0 <= player < game.num_players:
        raise ValueError(f"player must be 0 to {game.num_players - 1}, got {player!r}")
    return adapter_of(game).cached_frame(player)


def symmetries(game: Game) -> list[Frame]:
    """The symmetries of ``game``'s rules, each a :class:`Frame` on oriented observations and actions.

    A symmetry maps an (oriented) observation, an action number and an action mask of a
    position to those of the image position, a position of the same game with the same value,
    whose legal moves are the images of the original's: ``sym.observation(obs)``,
    ``sym.action(a)`` (``sym.actions(array)``), ``sym.mask(mask)``. The identity is not listed;
    a game without symmetries returns ``[]`` (docs/rl.md says why for each game).
    """
    key = (type(game), options_key(game))
    found = _SYMMETRIES.get(key)
    if found is None:
        found = _SYMMETRIES[key] = list(adapter_of(game).symmetries())
    return list(found)
