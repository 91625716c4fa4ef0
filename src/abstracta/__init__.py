"""abstracta: abstract strategy games by their exact rules.

>>> import abstracta
>>> "strategic-reserve" in abstracta.games()
True
>>> game = abstracta.load("strategic-reserve")
>>> game.start().notation()
'6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0'
"""

from abstracta import games
from abstracta.core.errors import CHANCE, IllegalMove, NotationError
from abstracta.core.registry import load

__version__ = "0.1.0"
__all__ = ["CHANCE", "IllegalMove", "NotationError", "games", "load"]
