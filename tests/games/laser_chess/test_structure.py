"""The structured position and the effects of Laser Chess, against the engine's own board.

Along random games of every setup (and with a ply limit, which adds the ply count to the
notation), each square of ``structure()`` holds exactly the piece the engine's board tuple
holds there (spelled from its notation token by ``tests/games/laser_chess/effects.py``),
``extra`` agrees with the notation's side and ply fields, and every effect is in the shared
schema.
"""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta.core.structure import check_effect, check_structure
from abstracta.games.laser_chess.board import SQUARE_NAMES, TOKEN
from abstracta.games.laser_chess.rules import SETUP_NAMES
from tests.games.laser_chess.effects import piece_of, removal

SLUG = "laser-chess"


def random_game(seed: int, **options):
    rng = random.Random(seed)
    state = abstracta.load(SLUG, **options).start()
    yield state
    while not state.over:
        state = state.play(rng.choice(state.moves()))
        yield state


@pytest.mark.parametrize("options", [{"setup": name} for name in SETUP_NAMES] + [{"setup": "grail", "max_plies": 30}],
                         ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_structure_agrees_with_the_board_square_by_square(options, seed):
    for state in random_game(seed, **options):
        structure = state.structure()
        check_structure(structure, 2)
        assert json.loads(json.dumps(structure)) == structure
        assert structure["board"] == {"shape": "grid", "files": 10, "ranks": 8, "cells": list(SQUARE_NAMES)}
        expected = {SQUARE_NAMES[square]: [piece_of(TOKEN[code])] for square, code in enumerate(state.board) if code}
        assert structure["cells"] == expected
        assert structure["areas"] == [] and structure["dice"] == []
        fields = state.notation().split(" ")
        plies = int(fields[2]) if len(fields) == 3 else state.plies
        assert structure["extra"] == {"side": "br".index(fields[1]), "plies": plies, "draw_claimed": False}
        assert state.view(0).structure() == structure  # nothing is hidden
        effects = state.last_effects()
        for effect in effects:
            check_effect(effect, 2)
        if effects:
            assert effects[0]["kind"] == "beam"
        if len(effects) == 2:  # the removed piece is gone from its cell
            assert effects[1]["kind"] == "remove" and effects[1]["cell"] not in structure["cells"]


def test_a_claimed_draw_says_so_in_extra():
    state = abstracta.load(SLUG).start()
    for move in ["c1+", "h8+", "c1-", "h8-"] * 2 + ["draw"]:
        state = state.play(move)
    assert state.structure()["extra"]["draw_claimed"] is True
    assert state.structure()["turn"] == {"player": None, "seat": None, "over": True}


def test_the_beam_and_the_removal_are_shared_effect_kinds():
    after = abstracta.load(SLUG).parse("ls4k4/10/10/10/7Snw2/7dnw1Dsw/10/4K4Ln b").play("h4-h3")  # E6
    assert after.last_effects() == [
        {"kind": "beam", "from": "j1", "path": ["j2", "j3", "i3", "h3", "h4"], "stop": "removed"},
        {"kind": "remove", "cell": "h4", "piece": {"kind": "deflector", "owner": 1, "facing": "nw"}, "cause": "beam"},
    ]


def test_a_game_saved_with_the_old_removal_entry_still_loads():
    game = abstracta.load(SLUG)
    after = game.parse("ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b").play("i2-j3")  # E2: removes j3
    data = after.to_json()
    assert data["last_effects"][1] == removal("j3", "Dnw")
    old = {**data, "last_effects": [data["last_effects"][0], {"kind": "removed", "square": "j3", "piece": "Dnw"}]}
    assert game.from_json(old).last_effects() == after.last_effects()
    wrong = {**data, "last_effects": [data["last_effects"][0], {"kind": "removed", "square": "j3", "piece": "Bs"}]}  # a shield stops the beam
    with pytest.raises(abstracta.NotationError, match="J4"):
        game.from_json(wrong)
