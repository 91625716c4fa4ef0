"""The best line (principal variation): the moves a level's search expects from a position, a few plies on.

A bot that keeps its principal variation declares ``gives_lines`` and offers
``principal_variation(state, plies)`` (alpha-beta reads it from its transposition table after one
search), and :func:`best_line` takes it from there.
For any other bot it builds the line from repeated best moves: the level's bot (``hard`` by default, made by :func:`abstracta.bots.level_bot` or any factory of the
same signature) chooses a move, the move is played, and the bot chooses again from there. Each choice
runs under the level's node or iteration budget, with a bot seeded from ``seed``, so the same position
and seed give the same line; only the level's time cap (a safety net, reached on a heavily loaded
machine) can cut a search short, and a line comes out shorter when ``seconds``, the budget of the
whole line, runs out (the first move is always searched).

The line stops at the end of the game, at a chance node (dice are nobody's choice), after ``plies``
moves, and in a seat's view of a game with hidden information as soon as another player is to move:
their moves would need what the view hides. The viewer's own further moves are chosen on the view of
the world the view plays into (``View.play``), which is built from the view alone, never from the
hidden truth.
"""

from __future__ import annotations

import time
from typing import Callable

from abstracta.core.api import Game, State, View
from abstracta.core.errors import CHANCE

LEVEL = "hard"
"""The level whose search gives the line."""
PLIES = 4
"""Moves in a line by default."""
SECONDS = 3.0
"""The time budget of a whole line by default; past it the line stops after the move being searched."""

BotMaker = Callable[..., object]
"""``factory(level, game, seed) -> Bot``, like :func:`abstracta.bots.level_bot`."""


def _hidden_view(state: State | View) -> bool:
    return not state.game.perfect_information and state.viewer is not None


def best_line(view: State | View, plies: int = PLIES, seed: int = 0, level: str = LEVEL,
              seconds: float | None = SECONDS, factory: BotMaker | None = None) -> list[str]:  # fmt: skip
    """The moves the ``level`` search expects from ``view``, at most ``plies`` of them (see the module's docstring)."""
    if factory is None:
        from abstracta.bots.levels import level_bot as factory  # here: levels imports every search
    started = time.perf_counter()
    viewer = view.viewer if _hidden_view(view) else None
    game: Game = view.game
    line: list[str] = []
    state: State | View = view
    while len(line) < plies and not state.over and state.player is not None and state.player != CHANCE:
        if viewer is not None:
            if state.player != viewer:
                break  # the rival's moves would need what the view hides
            state = state.view(viewer)
        if line and seconds is not None and time.perf_counter() - started > seconds:
            break
        bot = factory(level, game, seed + len(line))
        if not line and viewer is None and bot.gives_lines:
            return bot.principal_variation(state, plies)  # one search gives the whole line
        move = bot.choose(state)
        if move not in state.moves():
            break  # a bot that cannot choose here (it should never happen): the line ends
        line.append(move)
        state = state.play(move)
    return line
