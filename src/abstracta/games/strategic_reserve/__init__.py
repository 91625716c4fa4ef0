"""Strategic Reserve: dice pick a square, rolls remove groups, empty your reserve to win.

Read the package top to bottom: ``board.py`` (geometry, groups, dice squares),
``rules.py`` (options, setup, turn, moves, effects, end), ``notation.py``
(position notation, its checks, ``last_effects``); ``rl.py`` is its RL adapter (action
numbering and observation planes for ``abstracta.rl``).
"""

from abstracta.games.strategic_reserve.rules import StrategicReserve, StrategicReserveState

GAME = StrategicReserve

__all__ = ["GAME", "StrategicReserve", "StrategicReserveState"]
