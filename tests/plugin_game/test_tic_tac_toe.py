"""The test-only game's own rules, and that it reaches the processes the tests start.

Every generic suite runs on it by itself (they are parametrized over ``abstracta.games()``);
this file checks what is particular to it: its rules, a whole game on the command line, and
``abstracta serve`` in another process listing it (``ABSTRACTA_GAMES``, set by ``tests/conftest.py``).
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

import abstracta
from abstracta import IllegalMove, NotationError
from tests.cli.helpers import run
from tests.server.test_serve import serving


def play(*moves: str, **options):
    state = abstracta.load("tic-tac-toe", **options).start()
    for move in moves:
        state = state.play(move)
    return state


@pytest.mark.parametrize("moves, winner", [
    (("a1", "b1", "a2", "b2", "a3"), 0),        # a file
    (("a1", "a2", "b1", "b2", "c3", "c2"), 1),  # a rank
    (("a1", "a2", "b2", "a3", "c3"), 0),        # a diagonal
    (("c1", "a1", "b2", "a2", "a3"), 0),        # the other diagonal
])  # fmt: skip
def test_three_in_a_row_wins(moves, winner):
    state = play(*moves)
    assert state.over and state.player is None and state.moves() == []
    assert state.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0])
    assert state.last_effects()[-1] == {"kind": "end", "reason": "three in a row", "winners": [winner]}


def test_a_full_board_without_a_line_is_a_draw():
    state = play("a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1")
    assert state.over and state.returns() == [0.0, 0.0] and state.scores() == [5, 4]
    assert state.last_effects()[-1] == {"kind": "end", "reason": "full board", "winners": []}


def test_three_in_a_row_wins_on_a_larger_board_too():
    state = play("b2", "a1", "c3", "a4", "d4", size=4)
    assert state.over and state.returns() == [1.0, -1.0]
    assert state.notation() == "O2X/2X1/1X2/O3 o"


def test_taken_cells_and_strangers_are_refused_naming_the_move():
    state = play("b2")
    for move, why in (("b2", "taken"), ("d4", "not a cell"), ("B2", "not a cell")):
        with pytest.raises(IllegalMove, match=why) as info:
            state.play(move)
        assert repr(move) in str(info.value)


@pytest.mark.parametrize("text", ["3/3/3", "3/3 x", "O2/3/3 o", "X2/3/3 x", "4/3/3 x", "3/3/3 y"])
def test_bad_notations_are_refused(text):
    with pytest.raises(NotationError):
        abstracta.load("tic-tac-toe").parse(text)


def test_the_structure_is_a_grid_with_the_marks():
    structure = play("b2", "a1").structure()
    assert structure["board"] == {"shape": "grid", "files": 3, "ranks": 3,
                                  "cells": ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]}  # fmt: skip
    assert structure["cells"] == {"a1": [{"kind": "mark", "owner": 1, "label": "O"}],
                                  "b2": [{"kind": "mark", "owner": 0, "label": "X"}]}  # fmt: skip


def test_a_whole_game_against_the_random_bot_on_the_command_line():
    cells = "\n".join(["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"] * 5) + "\n"
    result = run("play", "tic-tac-toe", "--vs", "random", "--seed", "5", input=cells)
    assert result.exit_code == 0, result.output
    assert "Game over: " in result.output and "[random]" in result.output


def test_abstracta_serve_in_another_process_lists_and_starts_it(tmp_path: Path):
    with serving(tmp_path) as (address, _):
        with urllib.request.urlopen(address + "api/catalog", timeout=10) as answer:
            entry = next(entry for entry in json.load(answer) if entry["game"] == "tic-tac-toe")
    assert entry["title"] == "Tic-tac-toe" and entry["board"] is None and entry["rules"] is None
