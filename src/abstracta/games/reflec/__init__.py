"""Reflec: mirrors (coins) redirect laser beams; destroy every enemy laser to be the last player left.

Read the package top to bottom: ``board.py`` (squares, pieces as small ints, beam and move
tables), ``rules.py`` (options, setup, turn, moves, effects, end), ``notation.py`` (position
notation, its checks, saved ``last_effects``), ``structure.py`` (the structured position every
interface reads). Its adapters: ``rl.py`` (action numbering and observation planes for
``abstracta.rl``), ``terminal.py`` (the terminal picture), ``ppn.py`` (Portable Piecepack
Notation) and ``web/`` (the board and rules page). The rules are ``docs/rules/reflec.md``
(cited as §n); ``docs/games/reflec.md`` explains the game.
"""

from abstracta.games.reflec.rules import Reflec, ReflecState

GAME = Reflec

__all__ = ["GAME", "Reflec", "ReflecState"]
