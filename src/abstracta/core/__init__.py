"""The contract, errors, registry and helpers shared by every game."""

from abstracta.core.api import Game, State, View
from abstracta.core.errors import CHANCE, IllegalMove, NotationError
from abstracta.core.registry import game_slugs, load

__all__ = ["CHANCE", "Game", "IllegalMove", "NotationError", "State", "View", "game_slugs", "load"]
