"""The structured position and the effects of Desfases, square by square against the notation.

Along random games (2 and 4 players, from the seeded setup and from mid-game layouts), the
structure says what the notation says, read by ``reference.py``'s own reader: every tile,
facing, scoring coin and pawn, the hole's coins, each suit's die, timer, reservoir, points and
status, whose turn; every effect keeps to the shared schema. The RL planes read the structure,
so they are compared with the encoder that read the notation before it.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import abstracta
from abstracta.core.structure import check_effect, check_structure

from .positions import W2_BEFORE, W9_BEFORE, W11_BEFORE
from .reference import VALUES, Position

SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
OWNERS = {4: {"S": 0, "M": 1, "C": 2, "A": 3}, 2: {"S": 0, "M": 0, "C": 1, "A": 1}}
CASES = [(4, None, 1), (4, None, 2), (2, None, 3), (2, None, 4), (4, W2_BEFORE, 5), (4, W9_BEFORE, 6),
         (2, W11_BEFORE, 7)]


def random_states(players, layout, seed):
    game = abstracta.load("desfases", players=players, layout=layout)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    yield state
    while not state.over:
        state = state.play(rng.choice(state.moves()))
        yield state


def coin(owners, text):
    return {"kind": "coin", "owner": owners[text[0]], "suit": text[0], "value": VALUES.index(text[1]), "label": text}


@pytest.mark.parametrize("players, layout, seed", CASES)
def test_the_structure_agrees_with_the_notation_along_random_games(players, layout, seed):
    owners = OWNERS[players]
    for state in random_states(players, layout, seed):
        structure = state.structure()
        check_structure(structure, players)
        assert json.loads(json.dumps(structure)) == structure
        position = Position.read(state.notation(), players)
        assert structure["board"] == {"shape": "grid", "files": 5, "ranks": 5,
                                      "cells": [f"{f}{r}" for f in "abcde" for r in range(1, 6)]}
        pawn_at = {square: suit for suit, square in position.pawn.items()}
        expected = {}
        for square, tile in position.tile.items():
            stack = [{"kind": "tile", "owner": owners[tile[0]], "suit": tile[0], "value": VALUES.index(tile[1]),
                      "facing": position.facing[square], "label": tile}]
            if square in position.coin:
                stack.append(coin(owners, position.coin[square]))
            if square in pawn_at:
                stack.append({"kind": "pawn", "owner": owners[pawn_at[square]], "suit": pawn_at[square]})
            expected[square] = stack
        if position.hole:
            expected["c3"] = [coin(owners, c) for c in position.hole]
        assert structure["cells"] == expected
        areas = {area["name"]: area for area in structure["areas"]}
        dice = {die["suit"]: die for die in structure["dice"]}
        for letter, record in position.suits.items():
            name = SUIT_NAMES[letter]
            timer = [] if record.timer is None else [coin(owners, letter + VALUES[record.timer])]
            assert areas[f"{name} timer"] == {"name": f"{name} timer", "owner": owners[letter], "pieces": timer}
            assert areas[f"{name} reservoir"]["pieces"] == [coin(owners, letter + VALUES[v])
                                                            for v in sorted(record.reservoir)]
            assert dice[letter] == {"name": name, "owner": owners[letter], "suit": letter, "value": record.die,
                                    "faces": 6}
            assert structure["extra"]["points"][letter] == record.points
            assert structure["extra"]["live"][letter] == record.live
        assert structure["extra"]["acting"] == position.turn
        assert structure["extra"]["feeding"] == position.feeding
        assert structure["extra"]["hole"] == "c3"
        assert structure["scores"] == state.scores()
        assert state.view(0).structure() == structure  # perfect information: every view sees it all
        for effect in state.last_effects():
            check_effect(effect, players)


@pytest.mark.parametrize("players, layout, seed", CASES[:4])
def test_effects_say_what_changed_between_the_structures(players, layout, seed):
    states = list(random_states(players, layout, seed))
    for before, after in zip(states, states[1:]):
        was, now = before.structure(), after.structure()
        for effect in after.last_effects():
            kind = effect["kind"]
            if kind == "rotate":
                assert was["cells"][effect["cell"]][0]["facing"] != effect["facing"]
                assert now["cells"][effect["cell"]][0] == effect["piece"]
            elif kind == "move":
                assert effect["piece"] in was["cells"][effect["from"]] and effect["piece"] == now["cells"][effect["to"]][-1]
            elif kind == "place":
                timer = next(a for a in was["areas"] if a["name"] == effect["from_area"])
                assert timer["pieces"] == [effect["piece"]] and effect["piece"] in now["cells"][effect["cell"]]
            elif kind == "roll":
                die = next(d for d in now["dice"] if d["name"] == effect["die"])
                assert die["value"] == effect["value"] and die["owner"] == effect["owner"]
            elif kind == "score":
                assert effect["points"] == effect["tile"]["value"] + now["cells"][effect["cell"]][1]["value"]
            elif kind == "eliminate":
                assert not now["extra"]["live"][effect["suit"]]


# -- the RL planes, as the notation-reading encoder drew them before they read the structure ----------
def notation_planes(view, player) -> np.ndarray:
    board, suits, turn = view.notation().split(" ")
    out = np.zeros((65, 5, 5), dtype=np.float32)
    for row, rank in enumerate(board.split("/")):
        for col, cell in enumerate(rank.split(",")):
            if cell.startswith("#"):
                out[15, row, col] = 1.0
                continue
            out["SMCA".index(cell[0]), row, col] = 1.0
            out[4, row, col] = VALUES.index(cell[1]) / 5
            out[5 + "nesw".index(cell[2]), row, col] = 1.0
            rest = cell[3:]
            if rest.startswith("+"):
                out[9, row, col] = 1.0
                out[10, row, col] = VALUES.index(rest[2]) / 5
                rest = rest[3:]
            if rest.startswith("*"):
                out[11 + "SMCA".index(rest[1]), row, col] = 1.0
    for index, record in enumerate(suits.split(";")):
        _suit, die, timer, reservoir, points, status = record.split(":")
        out[16 + index] = VALUES.index(die) / 5
        if timer != "-":
            out[20 + index] = (VALUES.index(timer) + 1) / 6
        if reservoir != "-":
            for v in reservoir:
                out[24 + index * 6 + VALUES.index(v)] = 1.0
        out[48 + index] = min(int(points) / 40, 1.0)
        out[52 + index] = 1.0 if status == "done" else 0.0
    if turn != "-":
        out[56 + "SMCA".index(turn[0])] = 1.0
        out[60] = 1.0 if turn.endswith(":feed") else 0.0
    for suit, owner in OWNERS[view.game.num_players].items():
        if owner == player:
            out[61 + "SMCA".index(suit)] = 1.0
    return out


@pytest.mark.parametrize("players, layout, seed", CASES)
def test_rl_planes_read_from_the_structure_equal_the_notation_planes(players, layout, seed):
    adapter = abstracta.load("desfases", players=players).rl_adapter()
    for state in random_states(players, layout, seed):
        for player in range(players):
            observed = adapter.observe(state.view(player), player)
            assert observed.dtype == np.float32
            assert np.array_equal(observed, notation_planes(state, player))
