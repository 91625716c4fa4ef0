"""Every level's bot plays every registered game: a legal move at the first decision and mid-game.

Parametrized over ``abstracta.games()``, so a new game (the test-only tic-tac-toe included) meets
each level's search, chosen by its traits and knowledge, with no line here naming it.
"""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.bots import LEVELS, level_bot
from abstracta.core.registry import game_class


def decisions(slug: str):
    """The first and the fifth decision of a seeded random game (chance drawn at random)."""
    state = abstracta.load(slug, **game_class(slug).short_options).start(seed=2)
    rng = random.Random(2)
    found, decided = [], 0
    while not state.over and len(found) < 2:
        if state.player != CHANCE:
            if decided in (0, 4):
                found.append(state)
            decided += 1
        state = state.play(rng.choice(state.moves()))
    return found


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("slug", abstracta.games())
def test_every_level_plays_a_legal_move(slug, level):
    game = abstracta.load(slug, **game_class(slug).short_options)
    for state in decisions(slug):
        view = state.view(state.player)
        assert level_bot(level, game, seed=3).choose(view) in view.moves()
