"""Which games exist, and how to load one.

A game joins by adding a package under ``abstracta/games/`` whose module name
is its slug with ``-`` written ``_`` and which exposes ``GAME`` (its
:class:`~abstracta.core.api.Game` subclass). Listing games imports no engine.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from abstracta.core.api import Game

GAMES_PACKAGE = "abstracta.games"


@lru_cache(maxsize=1)
def game_slugs() -> tuple[str, ...]:
    """Slugs of every registered game, sorted."""
    package = importlib.import_module(GAMES_PACKAGE)
    return tuple(sorted(info.name.replace("_", "-") for info in pkgutil.iter_modules(package.__path__) if info.ispkg))


def game_class(slug: str) -> type[Game]:
    """The ``Game`` subclass registered under ``slug``; ``ValueError`` naming the valid slugs otherwise."""
    if not isinstance(slug, str) or slug not in game_slugs():
        raise ValueError(f"unknown game {slug!r}; valid games: {', '.join(game_slugs())}")
    module = importlib.import_module(f"{GAMES_PACKAGE}.{slug.replace('-', '_')}")
    return module.GAME


def load(slug: str, **options: Any) -> Game:
    """``load("strategic-reserve", reserve=7)``: a game under those options."""
    return game_class(slug)(**options)
