"""The structured position of Strategic Reserve agrees with the engine, square by square.

Along random games under every option set that changes the board, the structure is compared
with the notation read by the game's own parser (``notation.parse_position``: bitboards and
counters), and every effect keeps to the shared kinds.
"""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta import CHANCE
from abstracta.core.structure import check_effect, check_structure
from abstracta.games.strategic_reserve.board import ROLL_OUTCOMES, ROLL_TARGET_BIT, SQUARE_BIT, SQUARE_NAMES
from abstracta.games.strategic_reserve.notation import parse_position

OPTION_SETS = [{}, {"reserve": 1}, {"reserve": 12}, {"reserve": 3, "max_turns": 7}]


def random_states(options, seed):
    rng = random.Random(seed)
    state = abstracta.load("strategic-reserve", **options).start()
    yield state
    while not state.over:
        state = state.play(rng.choice(state.moves()))
        yield state


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_structure_agrees_with_the_parsed_notation(options, seed):
    for state in random_states(options, seed):
        structure = state.structure()
        check_structure(structure, 2)
        assert json.loads(json.dumps(structure)) == structure
        red, blue, red_reserve, blue_reserve, side, pending, count = parse_position(state.game, state.notation())
        assert structure["board"] == {"shape": "grid", "files": 6, "ranks": 6, "cells": list(SQUARE_NAMES)}
        for square in SQUARE_NAMES:
            owner = 0 if SQUARE_BIT[square] & red else 1 if SQUARE_BIT[square] & blue else None
            expected = [{"kind": "checker", "owner": owner}] if owner is not None else None
            assert structure["cells"].get(square) == expected, square
        assert list(structure["cells"]) == [s for s in SQUARE_NAMES if s in structure["cells"]], "file-major order"
        reserves = {area["owner"]: area["pieces"] for area in structure["areas"]}
        assert [area["name"] for area in structure["areas"]] == ["reserve", "reserve"]
        for owner, count_left in ((0, red_reserve), (1, blue_reserve)):
            assert reserves[owner] == ([{"kind": "checker", "owner": owner, "count": count_left}] if count_left else [])
        values = [die["value"] for die in structure["dice"]]
        assert [die["name"] for die in structure["dice"]] == ["purple", "green"]
        assert all(die["owner"] == side and die["faces"] == 6 for die in structure["dice"])
        if pending < 0:
            assert values == [None, None] and structure["extra"]["target"] is None
        else:
            assert f"{values[0]},{values[1]}" == ROLL_OUTCOMES[pending]
            assert SQUARE_BIT[structure["extra"]["target"]] == ROLL_TARGET_BIT[side][pending]
        assert structure["extra"]["side"] == side and structure["extra"]["placements"] == count
        assert structure["scores"] == [red_reserve, blue_reserve]
        assert structure["turn"] == {"player": state.player, "seat": state.seat, "over": state.over}
        assert state.view(0).structure() == structure  # perfect information: a view is the state
        for effect in state.last_effects():
            check_effect(effect, 2)


def test_effects_of_a_roll_and_a_placement():
    rolled = abstracta.load("strategic-reserve").start().play("3,5")  # Red hits its own c5: b5 and d5 go back
    dice = [{"kind": "roll", "die": die, "value": value, "owner": 0, "cell": "c5", "hit": "friendly"}
            for die, value in (("purple", 3), ("green", 5))]  # fmt: skip
    removes = [{"kind": "remove", "cell": square, "piece": {"kind": "checker", "owner": 1}, "cause": "roll",
                "to_area": "reserve"} for square in ("b5", "d5")]  # fmt: skip
    assert rolled.last_effects() == dice + removes
    assert rolled.structure()["turn"] == {"player": 0, "seat": "red", "over": False}
    placed = rolled.play("b5")
    assert placed.last_effects() == [
        {"kind": "place", "cell": "b5", "piece": {"kind": "checker", "owner": 0}, "from_area": "reserve"}
    ]
    assert placed.structure()["turn"]["player"] == CHANCE


def test_a_finished_game_keeps_the_side_and_empties_the_winners_reserve():
    state = abstracta.load("strategic-reserve", reserve=1).start().play("1,1").play("a1")  # Red places its last
    structure = state.structure()
    assert structure["turn"] == {"player": None, "seat": None, "over": True}
    assert structure["extra"] == {"side": 1, "placements": 1, "target": None}
    assert structure["areas"][0]["pieces"] == []
