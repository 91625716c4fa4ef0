"""The RL adapter of a game: what ``abstracta.rl`` knows about one game, asked of the game itself.

Every game-specific fact (action numbering, observation planes, pictures, OpenSpiel's maximum
length, how a hidden setup is dealt) comes from ``game.rl_adapter()`` (``core/rl_adapter.py``);
this package holds no per-game table. Adapters are cached per game class and options.
"""

from __future__ import annotations

from abstracta.core.api import Game
from abstracta.core.rl_adapter import RLAdapter

_ADAPTERS: dict[tuple[type, str], RLAdapter] = {}


def options_key(game: Game) -> str:
    """The options of ``game`` as one string, the same for equal options in any order."""
    return repr(sorted(game.options.items(), key=lambda kv: kv[0]))


def adapter_of(game: Game) -> RLAdapter:
    """The (cached) RL adapter of ``game``; ``ValueError`` saying what is missing when it has none."""
    key = (type(game), options_key(game))
    adapter = _ADAPTERS.get(key)
    if adapter is None:
        if not isinstance(game, Game):
            raise ValueError(f"no action numbering for {game!r}: not an abstracta Game")
        adapter = game.rl_adapter()
        if adapter is None:
            raise ValueError(
                f"no action numbering or observation planes for game {game.slug!r}: its Game.rl_adapter() "
                "returns None; return an RLAdapter (core/rl_adapter.py, docs/api.md 'RL adapter') to use abstracta.rl"
            )
        _ADAPTERS[key] = adapter
    return adapter
