"""Desfases: tiles turn under the pawns, timers count down, coins score the tiles that face you.

Read the package top to bottom: ``board.py`` (grid, pieces, facings, queen rays),
``rules.py`` (options, setup, turn, moves, end), ``notation.py`` (position notation and
its checks V1-V10), ``structure.py`` (the structured position and ``last_effects`` in the
shared vocabulary). The adapters read the structure: ``terminal.py`` (the terminal picture),
``rl.py`` (action numbering and observation planes for ``abstracta.rl``), ``ppn.py`` (Portable
Piecepack Notation), ``web/`` (the board and rules page modules).
"""

from abstracta.games.desfases.rules import Desfases, DesfasesState

GAME = Desfases

__all__ = ["GAME", "Desfases", "DesfasesState"]
