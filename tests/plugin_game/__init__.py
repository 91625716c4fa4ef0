"""Tic-tac-toe: a test-only game, written from ``docs/api.md`` alone as an outside author would.

It is registered in the test session only (``tests/conftest.py``), so that every generic suite
(conformance, structure, perft, RL, bots, command line, server, browser) runs on a game that
abstracta's interfaces have never heard of: if one of them needs a change to take it, a seam
is not honest. It brings the structured position, effects in the shared kinds, an RL adapter
and a perft table, and no board module and no terminal picture of its own (the generic ones).

``rules.py`` holds the game; ``rl.py`` its RL adapter; ``perft.txt`` its move counts.
"""

from tests.plugin_game.rules import TicTacToe, TicTacToeState

GAME = TicTacToe

__all__ = ["GAME", "TicTacToe", "TicTacToeState"]
