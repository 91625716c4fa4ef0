"""Desfases: tiles turn under the pawns, timers count down, coins score the tiles that face you.

Read the package top to bottom: ``board.py`` (grid, pieces, facings, queen rays),
``rules.py`` (options, setup, turn, moves, effects, end), ``notation.py``
(position notation, its checks V1-V10, ``last_effects``); ``rl.py`` is its RL adapter
(action numbering and observation planes for ``abstracta.rl``).
"""

from abstracta.games.desfases.rules import Desfases, DesfasesState

GAME = Desfases

__all__ = ["GAME", "Desfases", "DesfasesState"]
