"""Reflec's structured position agrees square by square with the engine, along random games.

Every option set that changes the board (2, 3 and 4 players; a turn limit) is played with
shots biased in, so lasers fall, loops remove coins and suits turn neutral. The structure is
checked against the engine's own fields (the board codes of ``board.py``) and against the
notation read back by the game's own parser; every effect keeps to the shared schema.
"""

from __future__ import annotations

import json

import pytest

import abstracta
from abstracta.core.structure import check_effect, check_structure
from abstracta.games.reflec.board import DIRECTIONS, LASER_BASE, SQUARE_NAMES, SUIT_LETTERS, pair_name
from abstracta.games.reflec.notation import parse_position

from .helpers import biased_line

OPTION_SETS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "max_turns": 6}, {"players": 4, "max_turns": 9}]


def expected_piece(game, code: int, destroyed: int) -> dict:
    """The piece the engine's cell ``code`` should show, worked out from the rules (§2)."""
    suit = (code - LASER_BASE) if code >= LASER_BASE else (code - 1) // 4
    neutral = game.num_players > 2 and destroyed >> suit & 1
    owner = None if neutral else game.owner[suit]
    if code >= LASER_BASE:
        return {"kind": "laser", "owner": owner, "suit": SUIT_LETTERS[suit]}
    return {"kind": "coin", "owner": owner, "suit": SUIT_LETTERS[suit], "facing": DIRECTIONS[(code - 1) % 4]}


def agree(state) -> None:
    """``state.structure()`` against the engine's fields and the notation's own reading."""
    game = state.game
    structure = state.structure()
    check_structure(structure, game.num_players)
    assert json.loads(json.dumps(structure)) == structure
    assert structure["board"] == {"shape": "grid", "files": 8, "ranks": 8, "cells": list(SQUARE_NAMES)}
    parsed = parse_position(game, state.notation())
    for fields in (state, parsed):
        board = fields.board if fields is state else fields["board"]
        destroyed = fields.destroyed if fields is state else fields["destroyed"]
        expected = {SQUARE_NAMES[s]: [expected_piece(game, code, destroyed)] for s, code in enumerate(board) if code}
        assert structure["cells"] == expected, state.notation()
    suits = SUIT_LETTERS[: game.suits]
    off = {area["name"]: sum(p["count"] for p in area["pieces"]) for area in structure["areas"]}
    assert off == {f"supply {s}": parsed["off"][y] for y, s in enumerate(suits)}
    for area in structure["areas"]:
        y = suits.index(area["name"][-1])
        assert area["owner"] == expected_piece(game, LASER_BASE + y, parsed["destroyed"])["owner"]
        assert all(p["suit"] == suits[y] and p["owner"] == area["owner"] for p in area["pieces"])
    assert [(d["name"], d["value"]) for d in structure["dice"]] == list(zip(suits, parsed["dice"]))
    extra = structure["extra"]
    assert extra == {
        "acting": suits[parsed["acting"]],
        "phase": ("drop", "play")[parsed["phase"]],
        "tiles": parsed["tiles"],
        "turns": parsed["turns"],
        "swaps": [[pair_name(code) for code in sorted(record)] for record in parsed["swaps"]],
        "locked": sorted(SQUARE_NAMES[s] for s in parsed["locked"]),
        "touched": sorted(SQUARE_NAMES[s] for s in parsed["touched"]),
        "destroyed": [s for y, s in enumerate(suits) if parsed["destroyed"] >> y & 1],
    }
    assert structure["scores"] == state.scores()
    assert structure["turn"] == {"player": state.player, "seat": state.seat, "over": state.over}
    assert game.parse(state.notation()).structure() == structure  # the notation holds all of it


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_structure_agrees_with_the_engine_along_random_games(options, seed):
    states, _ = biased_line(seed=seed, max_plies=400, **options)
    kinds = set()
    for state in states:
        agree(state)
        for effect in state.last_effects():
            check_effect(effect, state.game.num_players)
            kinds.add(effect["kind"])
    assert "beam" in kinds


def test_effects_name_the_pieces_as_the_structure_showed_them():
    """A removed piece is the piece the structure showed on that cell just before the shot."""
    seen = 0
    for players in (2, 3, 4):
        states, _ = biased_line(players, seed=players, max_plies=1500)
        for before, after in zip(states, states[1:]):
            for effect in after.last_effects():
                if effect["kind"] == "remove":
                    assert before.structure()["cells"][effect["cell"]] == [effect["piece"]]
                    assert effect["cause"] == ("beam" if effect["piece"]["kind"] == "laser" else "loop")
                    seen += 1
    assert seen > 5


def test_neutral_suits_show_no_owner():
    game = abstracta.load("reflec", players=3)
    state = game.parse("M*6C*/8/8/4Ms3/8/8/8/8 S2:6n,M3:5,C3:6 M play 3 9 -/-/- - -")
    structure = state.structure()
    assert structure["cells"]["e5"] == [{"kind": "coin", "owner": 1, "suit": "M", "facing": "s"}]
    assert structure["areas"][0] == {"name": "supply S", "owner": None, "pieces": [{"kind": "coin", "owner": None, "suit": "S", "count": 6}]}
    assert structure["extra"]["destroyed"] == ["S"]
