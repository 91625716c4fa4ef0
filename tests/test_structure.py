"""The structured position (core/structure.py), checked on every registered game along random games.

For every state and every seat's view on the way: the structure keeps to the vocabulary, is
plain JSON, agrees with the state's scores and turn, reads back the same from the notation
(``parse(notation()).structure()``), and every entry of ``last_effects()`` has a kind from the
shared list. Each game's own tests check its structure square by square against its engine.
"""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.core.structure import check_effect, check_piece, check_structure

GAMES = abstracta.games()
PLIES = 120


def random_states(slug: str, seed: int):
    """The states of one random game of ``slug`` (at most ``PLIES`` plies)."""
    rng = random.Random(seed)
    state = abstracta.load(slug).start(seed=seed)
    yield state
    for _ in range(PLIES):
        if state.over:
            return
        if state.player == CHANCE:
            outcomes, weights = zip(*state.chance())
            state = state.play(rng.choices(outcomes, weights)[0])
        else:
            state = state.play(rng.choice(state.moves()))
        yield state


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_structures_keep_to_the_vocabulary_along_a_random_game(slug, seed):
    for state in random_states(slug, seed):
        game = state.game
        viewers = [None, *range(game.num_players)] if not game.perfect_information else [None]
        for viewer in viewers:
            view = state.view(viewer)
            structure = view.structure()
            check_structure(structure, game.num_players)
            assert json.loads(json.dumps(structure)) == structure, "a structure is plain JSON"
            assert structure["scores"] == list(view.scores())
            assert structure["turn"] == {"player": view.player, "seat": view.seat, "over": bool(view.over)}
            for effect in view.last_effects():
                check_effect(effect, game.num_players)
        if game.notation_is_complete or not state.over:
            again = game.parse(state.notation())
            assert again.structure()["cells"] == state.structure()["cells"], "the notation reads back the same cells"


@pytest.mark.parametrize("slug", GAMES)
def test_a_view_never_holds_more_than_its_notation_tells(slug):
    """A hidden-information view: parsing its notation gives the same cells (nothing else leaks in)."""
    game = abstracta.load(slug)
    if game.perfect_information:
        pytest.skip("perfect information: every view is the state")
    for state in random_states(slug, 3):
        for viewer in range(game.num_players):
            view = state.view(viewer)
            assert game.parse(view.notation()).view(viewer).structure()["cells"] == view.structure()["cells"]


def test_the_checks_refuse_what_breaks_the_vocabulary():
    good = {"board": {"shape": "grid", "files": 1, "ranks": 2, "cells": ["a1", "a2"]},
            "cells": {"a1": [{"kind": "stone", "owner": 0}]}, "areas": [], "dice": [], "scores": [0, 0],
            "turn": {"player": 0, "seat": "x", "over": False}, "extra": {}}
    check_structure(good, 2)
    bad_cell = {**good, "cells": {"z9": [{"kind": "stone", "owner": 0}]}}
    with pytest.raises(ValueError, match="not a cell"):
        check_structure(bad_cell, 2)
    with pytest.raises(ValueError, match="owner 2"):
        check_piece({"kind": "stone", "owner": 2}, 2)
    with pytest.raises(ValueError, match="unknown piece field"):
        check_piece({"kind": "stone", "owner": 0, "colour": "red"}, 2)
    with pytest.raises(ValueError, match="facing"):
        check_piece({"kind": "stone", "owner": 0, "facing": "up"}, 2)
    with pytest.raises(ValueError, match="kind must be one of"):
        check_effect({"kind": "removed", "cell": "a1"}, 2)
    check_effect({"kind": "remove", "cell": "a1", "piece": {"kind": "stone", "owner": 1}}, 2)
