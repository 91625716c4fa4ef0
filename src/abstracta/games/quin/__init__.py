"""Quin, Third Eye Mode: a circular board of face-down pieces; bring your Light to First Sight.

The board, setups and notation are this project's reconstruction (``docs/rules/quin.md``):
the publisher has not made its board or rulebook public.

Read the package top to bottom: ``board.py`` (the polar grid and its tables), ``pieces.py``
(piece codes, ranges, the flash table), ``rules.py`` (options, setup, turn, moves, effects,
end), ``notation.py`` (position notation, its checks, ``last_effects``), ``view.py`` (what
one player may know), ``explain.py`` (why a move is refused); ``rl.py`` is its RL adapter
(action numbering, observation planes and the chance deal of the random setup for ``abstracta.rl``).
"""

from abstracta.games.quin.rules import Quin, QuinState

GAME = Quin

__all__ = ["GAME", "Quin", "QuinState"]
