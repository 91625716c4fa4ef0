"""Terminal drawings of games, one module per game, chosen by slug.

A game without a module here is drawn by :mod:`~abstracta.cli.render.generic` (its notation,
scores, last effects and legal moves), so every registered game is playable at once. To give a
game its own board, add ``render/<module>.py`` exposing ``RENDERER`` (a
:class:`~abstracta.cli.render.generic.Renderer` subclass instance) and one line below.
"""

from __future__ import annotations

import importlib

from abstracta.cli.render.generic import GENERIC, Renderer

RENDERERS: dict[str, str] = {
    "desfases": "abstracta.cli.render.desfases",
    "laser-chess": "abstracta.cli.render.laser_chess",
    "quin": "abstracta.cli.render.quin",
    "reflec": "abstracta.cli.render.reflec",
    "strategic-reserve": "abstracta.cli.render.strategic_reserve",
}
"""Game slug -> module exposing ``RENDERER``."""


def renderer_for(slug: str) -> Renderer:
    """The renderer registered for ``slug``, or the generic one."""
    module_name = RENDERERS.get(slug)
    if module_name is None:
        return GENERIC
    return importlib.import_module(module_name).RENDERER


__all__ = ["GENERIC", "RENDERERS", "Renderer", "renderer_for"]
