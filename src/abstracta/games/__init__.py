"""One package per game. ``abstracta.games()`` lists them.

This package is also the API's ``abstracta.games`` function: calling the
module returns the registered slugs, so ``import abstracta.games.<name>``
and ``abstracta.games()`` both work.
"""

import sys
import types

from abstracta.core.registry import game_slugs


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """The slugs of every game, sorted: ``['desfases', 'laser-chess', ...]``."""
        return list(game_slugs())


sys.modules[__name__].__class__ = _CallableGamesPackage
