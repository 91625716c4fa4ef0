"""The perft tables of rules §12.2, read from ``laser_chess/perft.txt`` (leaf convention, D17),
plus the chess-style table of sequences of exactly ``d`` plies, given beside it."""

from __future__ import annotations

import pytest

import abstracta
from tests.games.laser_chess.effects import removal

SETUPS = ["ace", "curiosity", "grail", "mercury", "sophie"]

# §12.2, second table: sequences of exactly d plies (a game ended earlier contributes 0).
EXACT = {
    "ace": (77, 5920, 451859),
    "curiosity": (73, 5343, 387073),
    "grail": (70, 4854, 334850),
    "mercury": (68, 4439, 290283),
    "sophie": (74, 5320, 377146),
}
# §12.2: lines in which a King is hit at ply 1, and at ply 2.
KING_HIT_AT_PLY_1 = {"ace": 0, "curiosity": 0, "grail": 1, "mercury": 3, "sophie": 2}
KING_HIT_AT_PLY_2 = {"ace": 8, "curiosity": 56, "grail": 69, "mercury": 195, "sophie": 144}


def exact_perft(state, depth: int) -> int:
    if depth == 0:
        return 1
    if state.over:
        return 0
    assert "draw" not in state.moves()  # §12.2: no claim can arise within 3 plies of a start
    if depth == 1:
        return len(state.moves())
    return sum(exact_perft(state.play(m), depth - 1) for m in state.moves())


def test_perft_file_holds_every_setup_of_the_rules_table(read_perft_cases):
    cases = read_perft_cases("laser-chess")
    rows = {(c.options.get("setup", "ace"), c.position): c.counts for c in cases}
    assert rows == {
        ("ace", "start"): (77, 5920, 451867),
        ("curiosity", "start"): (73, 5343, 387129),
        ("grail", "start"): (70, 4855, 334920),
        ("mercury", "start"): (68, 4442, 290481),
        ("sophie", "start"): (74, 5322, 377292),
    }


@pytest.mark.parametrize("setup", SETUPS)
def test_exact_depth_counts(setup):
    start = abstracta.load("laser-chess", setup=setup).start()
    assert tuple(exact_perft(start, d) for d in (1, 2, 3)) == EXACT[setup]


@pytest.mark.parametrize("setup", SETUPS)
def test_kings_hit_at_ply_1(setup):
    start = abstracta.load("laser-chess", setup=setup).start()
    assert sum(start.play(m).over for m in start.moves()) == KING_HIT_AT_PLY_1[setup]


@pytest.mark.parametrize("setup", SETUPS)
def test_kings_hit_at_ply_2(setup):
    start = abstracta.load("laser-chess", setup=setup).start()
    hits = 0
    for first in start.moves():
        after = start.play(first)
        if not after.over:
            hits += sum(after.play(m).over for m in after.moves())
    assert hits == KING_HIT_AT_PLY_2[setup]


def test_grail_j3_j2_turns_the_beam_into_blues_own_king():  # §12.2
    after = abstracta.load("laser-chess", setup="grail").start().play("j3-j2")
    assert after.returns() == [-1.0, 1.0]
    assert after.last_effects()[1] == removal("e2", "K")


def test_sophie_laser_turn_runs_along_rank_1_into_blues_king():  # §12.2
    after = abstracta.load("laser-chess", setup="sophie").start().play("j1-")
    assert after.last_effects()[0]["path"] == ["i1", "h1", "g1", "f1"]
    assert after.returns() == [-1.0, 1.0]
