"""Reflec: mirrors (coins) redirect laser beams; destroy every enemy laser to be the last player left.

Read the package top to bottom: ``board.py`` (squares, pieces as small ints, beam and move
tables), ``rules.py`` (options, setup, turn, moves, effects, end), ``notation.py`` (position
notation, its checks, saved ``last_effects``); ``rl.py`` is its RL adapter (action numbering
and observation planes for ``abstracta.rl``). The rules are
``docs/rules/reflec.md``; ``docs/games/reflec.md`` explains the game.
"""

from abstracta.games.reflec.rules import Reflec, ReflecState

GAME = Reflec

__all__ = ["GAME", "Reflec", "ReflecState"]
