"""The board of §2 and move-generation facts of §6.2-§6.4 and §6.9 that no worked example pins:
the geometry's counts, the two moves of §6.4's own example, one string for two paths, Gravity
strings in order, and moves() sorted and distinct along random games."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.games.quin.board import (
    CENTRE,
    GATEWAYS,
    IS_HORIZON,
    IS_IRIS,
    NEIGHBOURS,
    NUM_SQUARES,
    SIDE_OF,
    SQUARE_INDEX,
    SQUARE_NAMES,
)
from tests.games.quin.helpers import state

LIGHTS = {"h5": "L", "l5": "l"}


def names(squares):
    return sorted(SQUARE_NAMES[sq] for sq in squares)


def test_the_polar_grid_of_section_2():
    assert NUM_SQUARES == 61 and SQUARE_NAMES[CENTRE] == "o"
    assert list(SQUARE_NAMES) == sorted(SQUARE_NAMES)  # index order is square order (§2.1)
    assert names(NEIGHBOURS[CENTRE]) == [f"{x}1" for x in "abcdefghijkl"]
    for sq in range(CENTRE):
        ring = int(SQUARE_NAMES[sq][1])
        assert len(NEIGHBOURS[sq]) == (3 if ring == 5 else 4), SQUARE_NAMES[sq]
        assert all(sq in NEIGHBOURS[n] for n in NEIGHBOURS[sq])  # adjacency is symmetric
    assert names(NEIGHBOURS[SQUARE_INDEX["l3"]]) == ["a3", "k3", "l2", "l4"]  # wraps round the ring
    assert names(sq for sq in range(NUM_SQUARES) if IS_HORIZON[sq]) == [f"{x}{r}" for x in "ci" for r in range(1, 6)]
    assert names(sq for sq in range(NUM_SQUARES) if IS_IRIS[sq]) == [f"{x}1" for x in "abcdefghijkl"]
    assert names(sq for sq in range(NUM_SQUARES) if SIDE_OF[sq] == 0) == [f"{x}{r}" for x in "defgh" for r in range(1, 6)]
    assert names(sq for sq in range(NUM_SQUARES) if SIDE_OF[sq] == 1) == [f"{x}{r}" for x in "abjkl" for r in range(1, 6)]
    assert SIDE_OF[CENTRE] == SIDE_OF[SQUARE_INDEX["c3"]] == SIDE_OF[SQUARE_INDEX["i5"]] == -1
    assert names(GATEWAYS[0]) == ["d5", "e5", "f5", "g5", "h5"]
    assert names(GATEWAYS[1]) == ["a5", "b5", "j5", "k5", "l5"]


def test_section_6_4_a_plain_move_and_a_slingshot_to_the_same_square():
    # A Shadow on d3 reaches j3 counter-clockwise through the empty c3, and clockwise by jumping its
    # own Peripheral on i3: two different moves, as §6.4 says.
    s = state({**LIGHTS, "d3": "S", "i3": "P"})
    assert "d3-j3" in s.moves() and "d3-j3 over i3" in s.moves()
    plain, sling = s.play("d3-j3"), s.play("d3-j3 over i3")
    assert plain.notation().split()[0] == "h5L,i3P,j3S,l5l"
    assert sling.notation().split()[0] == "h5L,i3P+,j3S,l5l"  # only the slingshot reveals the Peripheral
    assert [(e["kind"], e.get("cause")) for e in sling.last_effects()] == [("reveal", None), ("move", "slingshot")]


def test_two_ways_round_a_ring_give_one_move_string():
    # A Shadow (range 7) on an empty ring 3 reaches e3+5 .. e3+7 both ways round: each once.
    s = state({**LIGHTS, "e3": "S"})
    shadow = [m for m in s.moves() if m.startswith("e3-")]
    assert len(shadow) == len(set(shadow))
    assert {"e3-j3", "e3-k3", "e3-l3"} <= set(shadow)
    assert "e3-c3" not in shadow and "e3-i3" not in shadow  # the Horizon is passed, never a stop


def test_gravity_pairs_out_of_order_are_not_a_move():
    s = state({**LIGHTS, "d4": "V", "h4": "V", "k2": "V", "e4": "v"})
    assert "gravity d4: h4-c4, k2-d3" in s.moves()
    for move in ("gravity d4: k2-d3, h4-c4", "gravity d4: h4-c4, h4-d3", "gravity d4: h4-c4,k2-d3", "gravity d4:"):
        assert move not in s.moves()
        with pytest.raises(abstracta.IllegalMove):
            s.play(move)


@pytest.mark.parametrize("setup", ["standard", "random", "manual"])
def test_moves_are_sorted_and_distinct_and_each_one_plays(setup):
    game = abstracta.load("quin", setup=setup)
    for seed in range(6):
        rng = random.Random(seed)
        s = game.start(seed)
        while not s.over:
            moves = s.moves()
            assert moves == sorted(set(moves))
            gravity = [m for m in moves if m.startswith("gravity ")]
            if gravity:  # every Gravity plays, and moves its Voids as its string says
                move = rng.choice(gravity)
                after = s.play(move)
                for pair in move.split(": ")[1].split(", "):
                    frm, to = pair.split("-")
                    assert after.notation().split()[0].count(to + ("V" if s.player == 0 else "v") + "+") == 1
            s = s.play(moves[int(rng.random() * len(moves))])
