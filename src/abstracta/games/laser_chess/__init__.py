"""Laser Chess: step, swap and turn mirrors, then fire your laser; hit the enemy King to win.

Read the package top to bottom: ``board.py`` (squares, restricted squares, pieces,
rotation and beam tables), ``rules.py`` (options, setups, moves, the shot, the end),
``notation.py`` (position notation and its checks P1-P5, the structured position,
``last_effects``, JSON). Its adapters read the structured position: ``terminal.py`` (the
terminal picture), ``rl.py`` (action numbering and observation planes for ``abstracta.rl``)
and ``web/board.js`` (the web board).
"""

from abstracta.games.laser_chess.rules import LaserChess, LaserChessState

GAME = LaserChess

__all__ = ["GAME", "LaserChess", "LaserChessState"]
