"""Strategic Reserve: dice pick a square, rolls remove groups, empty your reserve to win.

Read the package top to bottom: ``board.py`` (geometry, groups, dice squares),
``rules.py`` (options, setup, turn, moves, effects, end), ``notation.py``
(position notation and its checks), ``structure.py`` (the structured position and
``last_effects`` in the shared kinds); then its adapters, which read the structure:
``terminal.py`` (the terminal picture), ``rl.py`` (action numbering and observation
planes for ``abstracta.rl``) and ``web/board.js`` (the browser board).
"""

from abstracta.games.strategic_reserve.rules import StrategicReserve, StrategicReserveState

GAME = StrategicReserve

__all__ = ["GAME", "StrategicReserve", "StrategicReserveState"]
