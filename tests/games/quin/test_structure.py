"""Quin's structured position and effects (games/quin/structure.py, effects.py), along random games.

The structure of a state and of every view agrees field by field with what the game's own parser
reads from the notation; a view's structure and effects never name a kind its viewer may not know
(rules §9.3), over random games of every setup.
"""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta.core.structure import HIDDEN, check_effect, check_structure
from abstracta.games.quin.board import SQUARE_NAMES
from abstracta.games.quin.notation import FREE_LETTERS, PHASES, parse_fields
from abstracta.games.quin.pieces import KIND_WORDS, LIGHT, REVEALED

SETUPS = ("random", "standard", "manual")
SEEDS = (1, 2, 3)
VIEWERS = (0, 1, None)


def random_states(setup: str, seed: int, plies: int = 150):
    rng = random.Random(seed)
    state = abstracta.load("quin", setup=setup).start(seed=seed)
    yield state
    for _ in range(plies):
        if state.over:
            return
        state = state.play(rng.choice(state.moves()))
        yield state


def expected_cells(board: list[int]) -> dict[str, list[dict]]:
    """The cells a structure must show for a parsed board (a hidden piece is a negative code)."""
    cells = {}
    for sq, piece in enumerate(board):
        if piece < 0:
            cells[SQUARE_NAMES[sq]] = [{"kind": HIDDEN, "owner": -1 - piece, "revealed": False}]
        elif piece:
            cells[SQUARE_NAMES[sq]] = [{"kind": KIND_WORDS[piece & 7], "owner": (piece >> 3) & 1,
                                        "revealed": bool(piece & REVEALED)}]  # fmt: skip
    return cells


def counted(counts, owner):
    if isinstance(counts, int):
        return [{"kind": HIDDEN, "owner": owner, "count": counts}] if counts else []
    return [{"kind": KIND_WORDS[k], "owner": owner, "count": n} for k, n in enumerate(counts) if n]


def assert_agrees_with_notation(structure: dict, notation: str) -> None:
    fields = parse_fields(notation)
    assert structure["board"] == {"shape": "other", "cells": list(SQUARE_NAMES)}
    assert structure["cells"] == expected_cells(fields.board)
    assert structure["areas"] == [
        {"name": "reserve", "owner": 0, "pieces": counted(fields.reserve[0], 0)},
        {"name": "reserve", "owner": 1, "pieces": counted(fields.reserve[1], 1)},
        {"name": "zero g", "owner": 0, "pieces": counted(fields.removed[1], 1)},
        {"name": "zero g", "owner": 1, "pieces": counted(fields.removed[0], 0)},
    ]
    extra = structure["extra"]
    assert extra["side"] == fields.side and extra["phase"] == PHASES[fields.phase]
    assert extra["memory_swaps"] == list(fields.memory) and extra["resurrections"] == list(fields.raised)
    letters = {"time": "T", "memory": "M", "resurrection": "R"}
    assert "".join(letters[word] for word in extra["free_used"]) == "".join(
        char for bit, char in FREE_LETTERS if fields.free & bit)
    assert extra["locked"] == [SQUARE_NAMES[sq] for sq in fields.locked]
    assert (extra["turns"], extra["quiet"]) == (fields.turns, fields.quiet)
    if fields.viewer is None:
        assert "viewer" not in extra
    else:
        assert extra["viewer"] == (None if fields.viewer == -1 else fields.viewer)


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("seed", SEEDS)
def test_structure_agrees_with_the_notation_of_every_state_and_view(setup, seed):
    for state in random_states(setup, seed):
        structure = state.structure()
        check_structure(structure, 2)
        assert json.loads(json.dumps(structure)) == structure
        assert_agrees_with_notation(structure, state.notation())
        for effect in state.last_effects():
            check_effect(effect, 2)
        for viewer in VIEWERS:
            view = state.view(viewer)
            seen = view.structure()
            check_structure(seen, 2)
            assert_agrees_with_notation(seen, view.notation())
            assert state.game.parse(view.notation()).structure() == seen, "a parsed view reads back the same"
            for effect in view.last_effects():
                check_effect(effect, 2)


def knowable(piece: dict, cell: str, viewer: int | None) -> bool:
    """Whether ``viewer`` may know the kind of ``piece`` (from a full state's structure) on ``cell`` (§9.3)."""
    return (piece["owner"] == viewer or piece["revealed"]
            or (cell == "o" and piece["kind"] == KIND_WORDS[LIGHT]))  # fmt: skip


def named_pieces(effect: dict):
    return [effect[key] for key in ("piece", "attacker", "defender") if key in effect]


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("seed", SEEDS + (4, 5))
def test_no_view_ever_names_a_kind_its_viewer_may_not_know(setup, seed):
    shown_hidden = 0
    for state in random_states(setup, seed, plies=200):
        full = state.structure()
        full_effects = state.last_effects()
        for viewer in VIEWERS:
            view = state.view(viewer)
            seen = view.structure()
            assert set(seen["cells"]) == set(full["cells"])
            for cell, [piece] in full["cells"].items():
                [shown] = seen["cells"][cell]
                assert shown["owner"] == piece["owner"]
                if knowable(piece, cell, viewer):
                    assert shown == piece
                else:
                    assert shown == {"kind": HIDDEN, "owner": piece["owner"], "revealed": False}, (cell, viewer)
                    shown_hidden += 1
            for area, truth in zip(seen["areas"], full["areas"]):
                total = sum(p["count"] for p in truth["pieces"])
                if area["name"] == "reserve" and area["owner"] != viewer:
                    assert area["pieces"] == ([{"kind": HIDDEN, "owner": area["owner"], "count": total}] if total else [])
                else:
                    assert area == truth
            for effect in view.last_effects():
                for piece in named_pieces(effect):
                    if piece["kind"] == HIDDEN or piece["owner"] == viewer:
                        continue
                    if effect["kind"] == "move":  # only a piece face up after the move is named
                        there = full["cells"].get(effect["to"])
                        face_up = there is not None and there[0]["revealed"]
                        flashed = any(e["kind"] == "contest" and piece in (e["attacker"], e["defender"])
                                      for e in full_effects)  # fmt: skip
                        assert face_up or flashed, (effect, viewer)
                    else:  # a reveal, a flash or a removal shows the piece to both players (§9.3, §10)
                        assert effect in full_effects
    assert shown_hidden, "the walk met hidden pieces"


def test_a_hidden_reserve_and_a_light_on_first_sight():
    # rules §4 (D17b): the seed-7 random start keeps both Lights in reserve
    start = abstracta.load("quin").start(seed=7)
    north = start.view(1).structure()
    assert north["areas"][0] == {"name": "reserve", "owner": 0, "pieces": [{"kind": HIDDEN, "owner": 0, "count": 5}]}
    assert north["areas"][1]["pieces"] == [{"kind": "light", "owner": 1, "count": 1},
                                           {"kind": "artificial light", "owner": 1, "count": 4}]  # fmt: skip
    assert north["extra"]["viewer"] == 1 and "viewer" not in start.structure()["extra"]
    won = abstracta.load("quin").parse("f2L,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 100 3").play("f2-o")
    assert won.view(1).structure()["cells"]["o"] == [{"kind": "light", "owner": 0, "revealed": False}]
    assert won.last_effects() == [{"kind": "end", "reason": "first-sight", "winners": [0]}]


def test_a_slingshot_names_the_slung_piece_only_to_whom_may_know_it():
    state = abstracta.load("quin").parse("c3P+,d3V,f5L,l5l S play AAAA/aaaa SSRRMTPVVV/ssrrmtppvvvv 0/0 1/1 - - 10 5")
    after = state.play("d3-b3 over c3")
    sling = {"kind": "move", "cause": "slingshot", "from": "d3", "to": "b3", "over": "c3",
             "piece": {"kind": "void", "owner": 0}}  # fmt: skip
    assert after.last_effects() == [sling] and after.view(0).last_effects() == [sling]
    masked = [{**sling, "piece": {"kind": HIDDEN, "owner": 0}}]
    assert after.view(1).last_effects() == masked and after.view(None).last_effects() == masked
    restored = abstracta.load("quin").from_json(after.view(1).to_json())
    assert restored.last_effects() == masked
    assert abstracta.load("quin").from_json(after.to_json()).view(1).last_effects() == masked
