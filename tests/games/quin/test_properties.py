"""Properties over random games of every setup: the turn structure of §5, views as positions,
and the package's own doctests. (The generic contract checks run in tests/test_conformance.py.)"""

from __future__ import annotations

import doctest
import importlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta

FREE_ACTIONS = ("time ", "swap ", "raise ")


@pytest.mark.parametrize("module", ["rules", "board", "pieces", "notation", "view"])
def test_doctests(module):
    result = doctest.testmod(importlib.import_module(f"abstracta.games.quin.{module}"), verbose=False)
    assert result.failed == 0


def counters(state):
    fields = state.notation().split()
    return fields[1], fields[2], fields[7], int(fields[9]), int(fields[10])  # side, phase, free, turns, quiet


@pytest.mark.parametrize("setup", ["standard", "random", "manual"])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_turn_structure_and_views_along_random_games(setup, seed):
    game = abstracta.load("quin", setup=setup)
    rng = random.Random(seed)
    state = game.start(seed)
    while not state.over:
        move = rng.choice(state.moves())
        after = state.play(move)
        side, phase, free, turns, quiet = counters(state)
        side2, phase2, free2, turns2, quiet2 = counters(after)
        if phase == "setup":
            assert turns2 == 0 and quiet2 == 0 and free2 == "-"
        elif move.startswith(FREE_ACTIONS):
            # §5: a free action keeps the mover, counts no turn and records itself in `free`.
            assert (side2, turns2, quiet2) == (side, turns, quiet)
            assert {"time ": "T", "swap ": "M", "raise ": "R"}[move.split(" ")[0] + " "] in free2
        else:
            assert side2 != side and turns2 == turns + 1 and free2 == "-"
            flashed = any(e["kind"] == "contest" for e in after.last_effects())
            eventful = free != "-" or flashed or move.startswith(("reflect ", "gravity ", "reinforce "))
            assert quiet2 == (0 if eventful else quiet + 1)
        if move == "pass":
            assert state.moves() == ["pass"] or all(m.startswith(FREE_ACTIONS + ("pass",)) for m in state.moves())
        for viewer in (0, 1, None):
            view = after.view(viewer)
            data = view.to_json()
            assert game.from_json(data).to_json() == data
        state = after
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    assert sum(state.scores()) == sum(len(h) for h in state.notation().split()[4].split("/") if h != "-")
