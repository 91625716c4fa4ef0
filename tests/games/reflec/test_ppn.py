"""Reflec's PPN mapping (games/reflec/ppn.py) reads structures and effects, never the notation.

tests/cli/test_ppn.py replays whole exported games; these pin the tokens of each kind of ply.
"""

from __future__ import annotations

import pytest

import abstracta
from abstracta.games.reflec.ppn import MAPPING, ReflecPPN
from abstracta.games.reflec.rules import ReflecState

from .helpers import position

E3 = "M*6C*/8/8/1Ss1Aw4/8/1Ce1Mn4/8/S*Sn5A* S4:4,M3:5,C3:5,A3:5 S play 2 5 -/-/-/- - -"  # *e runs into a loop


@pytest.fixture
def no_notation(monkeypatch):
    monkeypatch.setattr(ReflecState, "notation", lambda self: pytest.fail("the PPN mapping read the notation"))


def test_the_game_offers_its_mapping():
    assert isinstance(abstracta.load("reflec").ppn_mapping(), ReflecPPN)


def test_setup_places_lasers_as_pawns_and_turns_coins(no_notation):
    state = abstracta.load("reflec", players=4).parse(E3)
    assert MAPPING.setup_tokens(state) == [
        "Sp@a1", "Mp@a8", "Sc@b1", "Cc@b3", "b3@>90", "Sc@b5", "b5@>180", "Mc@d3", "Ac@d5", "d5@>270", "Ap@h1", "Cp@h8",
    ]  # fmt: skip


def test_a_shot_is_a_comment_and_removes_what_it_removed(no_notation):
    before = abstracta.load("reflec", players=4).parse(E3)
    after = before.play("*e")
    assert MAPPING.ply_tokens(before, "*e", after) == ["{fires e}", "*b3", "*d3", "*d5", "*b5"]


@pytest.mark.parametrize(
    "move, tokens",
    [
        ("S@e5s", ["Sc@e5", "e5@>180"]),  # a drop: placed facing north, then turned
        ("S@e5n", ["Sc@e5"]),
        ("c4-c5w", ["c4-c5", "c5@>180"]),  # a coin steps and turns from east to west
        ("c4-c5e", ["c4-c5"]),
        ("c4=s", ["c4@>90"]),  # a spin
        ("a1-a2", ["a1-a2"]),  # the laser steps
        ("c4xd4", ["c4#d4", "c4@>90", "d4@>270"]),  # the coins trade squares, each square keeps its facing
    ],
)
def test_each_action_as_piece_moves(no_notation, move, tokens):
    before = abstracta.load("reflec").parse(position({"c4": "Se", "d4": "Mn"}, dice="4222"))
    assert MAPPING.ply_tokens(before, move, before.play(move)) == tokens
