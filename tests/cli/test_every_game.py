"""Every registered game on the command line: ``play`` against a bot, ``simulate`` and ``tournament``
in worker processes (which find a game the test session added through ``ABSTRACTA_GAMES``).

Parametrized over ``abstracta.games()``, under each game's ``short_options``, so a new game
(the test-only tic-tac-toe included) is covered on arrival with no line here naming it.
"""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.core.registry import game_class

from .helpers import run

GAMES = abstracta.games()


def option_args(slug: str) -> list[str]:
    return [arg for name, value in game_class(slug).short_options.items() for arg in ("-o", f"{name}={value}")]


@pytest.mark.parametrize("slug", GAMES)
def test_play_one_move_against_the_random_bot(slug):
    # the first decision of a seeded game, given as a position: the human's move is known in advance
    state = abstracta.load(slug, **game_class(slug).short_options).start(seed=1)
    rng = random.Random(1)
    while state.player == CHANCE:
        state = state.play(rng.choice(state.moves()))
    seat = state.player
    result = run("play", slug, *option_args(slug), "--position", state.notation(), "--vs", "random",
                 "--seat", str(seat), "--seed", "1", input=f"{state.moves()[0]}\nquit\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "[random]" in result.output  # the bot answered the human's move


@pytest.mark.parametrize("slug", GAMES)
def test_simulate_in_two_workers(slug):
    result = run("simulate", slug, *option_args(slug), "--games", "2", "--bots", "random", "--seed", "1",
                 "--workers", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "2 games, 2 workers" in result.output
    assert "win %" in result.output


@pytest.mark.parametrize("slug", GAMES)
def test_tournament_in_two_workers(slug):
    result = run("tournament", slug, *option_args(slug), "--bots", "random,easy", "--games", "2", "--seed", "1",
                 "--workers", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "random, easy; 2 games a pair (2 in all), 2 workers, seed 1" in result.output
