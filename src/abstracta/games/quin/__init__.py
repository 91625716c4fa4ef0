"""Quin, Third Eye Mode: a circular board of face-down pieces; bring your Light to First Sight.

The board, setups and notation are this project's reconstruction (``docs/rules/quin.md``):
the publisher has not made its board or rulebook public.

Read the package top to bottom: ``board.py`` (the polar grid and its tables), ``pieces.py``
(piece codes, ranges, the flash table), ``rules.py`` (options, setup, turn, moves, effects,
end), ``notation.py`` (position notation and its checks), ``effects.py`` (``last_effects`` in
the shared effect kinds), ``structure.py`` (the structured position), ``view.py`` (what one
player may know), ``explain.py`` (why a move is refused). The interfaces' adapters:
``terminal.py`` (the terminal picture), ``rl.py`` (action numbering, observation planes and the
chance deal of the random setup for ``abstracta.rl``) and ``web/`` (the board and rules page).
"""

from abstracta.games.quin.rules import Quin, QuinState

GAME = Quin

__all__ = ["GAME", "Quin", "QuinState"]
