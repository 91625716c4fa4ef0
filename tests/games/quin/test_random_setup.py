"""The random completion of a manual setup (``games/quin/setup.py``), which the server plays for a seat.

The rival sees each placement as "place ? sq" in the order it was made, so the order and the
squares must carry nothing about the kinds. Seeded draws make every check here deterministic;
the bounds are chi-square quantiles at 0.999 (a fair draw fails them one time in a thousand
seeds, and these seeds are fixed).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import abstracta
from abstracta.games.quin.board import GATEWAYS, SQUARE_NAMES

DRAWS = 2600
COUNTS = {"L": 1, "S": 2, "R": 2, "M": 1, "T": 1, "P": 2, "V": 4}  # the 13 pieces a setup places
CHI2_999 = {4: 18.47, 6: 22.46, 12: 32.91}  # chi-square quantiles at 0.999 by degrees of freedom


def manual_start(side: str):
    state = abstracta.load("quin", setup="manual").start()
    return state if side == "S" else state.play("ready")


def chi_square(observed: Counter, expected: dict) -> float:
    return sum((observed[key] - value) ** 2 / value for key, value in expected.items())


def draws(side: str):
    start = manual_start(side)
    knowledge = start.game.knowledge()
    return start, [knowledge.random_setup(start, random.Random(seed)) for seed in range(DRAWS)]


@pytest.mark.parametrize("side", ["S", "N"])
def test_a_random_setup_places_every_piece_legally_and_leaves_ready(side):
    start, all_moves = draws(side)
    player = 0 if side == "S" else 1
    gateways = {SQUARE_NAMES[sq] for sq in GATEWAYS[player]}
    for moves in all_moves[:200]:
        assert sorted(move.split()[1] for move in moves) == sorted(k for k, n in COUNTS.items() for _ in range(n))
        state = start
        for move in moves:
            assert move in state.moves()
            state = state.play(move)
        assert state.moves() == ["ready"] and state.player == player
        [light] = [move.split()[2] for move in moves if move.split()[1] == "L"]
        assert light in gateways


@pytest.mark.parametrize("side", ["S", "N"])
def test_the_order_of_the_placements_says_nothing_about_the_kinds(side):
    _, all_moves = draws(side)
    first = Counter(moves[0].split()[1] for moves in all_moves)
    # The Light comes first one time in 13, as any one piece does: never "the first is the Light".
    expected_light = DRAWS / 13
    assert abs(first["L"] - expected_light) < 4 * (DRAWS * (1 / 13) * (12 / 13)) ** 0.5, first
    # Each kind comes first as often as its share of the 13 pieces (the single Memory and Time no more).
    assert chi_square(first, {kind: DRAWS * n / 13 for kind, n in COUNTS.items()}) < CHI2_999[6], first
    # The Light's place in the order is uniform over the 13 plies.
    light_at = Counter(next(i for i, move in enumerate(moves) if move.split()[1] == "L") for moves in all_moves)
    assert chi_square(light_at, {i: DRAWS / 13 for i in range(13)}) < CHI2_999[12], light_at


def test_the_light_stands_on_any_gateway_alike():
    _, all_moves = draws("S")
    squares = Counter(next(move.split()[2] for move in moves if move.split()[1] == "L") for moves in all_moves)
    assert chi_square(squares, {name: DRAWS / 5 for name in ("d5", "e5", "f5", "g5", "h5")}) < CHI2_999[4], squares


def test_a_started_setup_is_completed_and_other_positions_have_none():
    state = manual_start("S").play("place L f5").play("place M e3")
    knowledge = state.game.knowledge()
    moves = knowledge.random_setup(state, random.Random(3))
    assert len(moves) == 11 and not any(move.split()[1] in "LM" for move in moves)
    for move in moves:
        state = state.play(move)
    assert state.moves() == ["ready"]
    assert knowledge.random_setup(state, random.Random(3)) == []  # nothing left to place
    standard = abstracta.load("quin", setup="standard").start()
    assert knowledge.random_setup(standard, random.Random(3)) == []  # no setup phase
