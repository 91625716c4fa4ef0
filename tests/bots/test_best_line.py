"""The best line: repeated best moves of a level's search, legal, deterministic, stopping where it must."""

from __future__ import annotations

import random

import abstracta
from abstracta.bots import AlphaBetaBot, level_bot
from abstracta.bots.best_line import best_line
from abstracta.core.errors import CHANCE
from tests.server.quick_bots import quick_bot


def played(state, line):
    """The positions along ``line`` (each move legal where it is played)."""
    seen = [state]
    for move in line:
        assert move in seen[-1].moves(), (move, seen[-1].moves()[:5])
        seen.append(seen[-1].play(move))
    return seen


def test_a_line_is_legal_and_the_same_for_the_same_seed():
    state = abstracta.load("laser-chess").start(seed=1)
    line = best_line(state, plies=3, factory=quick_bot, seconds=None)
    assert len(line) == 3
    played(state, line)
    assert best_line(state, plies=3, factory=quick_bot, seconds=None) == line
    assert best_line(state, plies=3, factory=quick_bot, seconds=0.0) == line[:1]  # the budget spent: the first move only


def test_the_hard_line_starts_with_the_hard_move_and_stops_at_the_dice():
    game = abstracta.load("strategic-reserve")
    start = game.start(seed=2)
    assert start.player == CHANCE and best_line(start) == []  # nobody chooses a roll
    state = start.play(start.chance()[0][0])
    line = best_line(state, seed=5)
    assert line == [level_bot("hard", game, seed=5).choose(state)]  # then a roll again: the line ends
    assert played(state, line)[-1].player == CHANCE


def test_a_finished_game_has_no_line():
    game = abstracta.load("laser-chess")
    state = game.start(seed=1)
    rng = random.Random(3)
    while not state.over:
        state = state.play(rng.choice(state.moves()))
    assert best_line(state) == []


def test_a_hidden_view_gives_the_seats_own_moves_whatever_it_hides():
    game = abstracta.load("quin", setup="random")
    state = game.start(seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state = state.play(rng.choice(state.moves()))
    viewer = state.player
    view = state.view(viewer)
    line = best_line(view, plies=6, factory=quick_bot, seconds=None)
    assert line
    seen = view
    for move in line:  # every move is the viewer's, chosen on what it knows
        assert seen.player == viewer and move in seen.moves()
        seen = seen.play(move).view(viewer)
    assert len(line) == 6 or seen.player != viewer or seen.over
    other = game.knowledge().sample_world(view, random.Random(9))  # another full state behind the same view
    assert other.view(viewer).notation() == view.notation()
    assert best_line(other.view(viewer), plies=6, factory=quick_bot, seconds=None) == line


def test_alpha_beta_gives_its_principal_variation_from_one_search():
    state = abstracta.load("laser-chess").start(seed=1)

    def small(level, game, seed=None):
        return AlphaBetaBot(game.knowledge(), max_nodes=800, seed=seed)

    line = best_line(state, plies=4, factory=small, seconds=None)
    assert 2 <= len(line) <= 4 and line[0] == small("hard", state.game, 0).choose(state)
    played(state, line)
    assert best_line(state, plies=4, factory=small, seconds=None) == line
