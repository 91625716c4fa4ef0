"""The fast evaluation (``_fused_projection``) and the search's hot paths change no value and no move.

``hard_choices.json`` was recorded before the speed-up (benchmarks/desfases_evaluation_speed.py
--dump on main): ``hard``'s moves from seeded searches and ``_evaluate``'s values, which the
win-chance calibration reads, so both must stay exactly the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import abstracta
from abstracta.bots import level_bot
from tests.games.desfases.test_evaluation import random_states

RECORDED = json.loads((Path(__file__).parent / "hard_choices.json").read_text())["players"]


@pytest.mark.parametrize("players", [2, 4])
def test_the_fast_evaluation_gives_the_reference_floats(players: int) -> None:
    """``_evaluate`` (one pass) and ``reference_evaluate`` (through ``projected``) agree bit for bit."""
    knowledge = abstracta.load("desfases", players=players).knowledge()
    for state in random_states(players, 400, seed=10 + players):
        assert knowledge._evaluate(state) == knowledge.reference_evaluate(state), state.notation()


@pytest.mark.parametrize("players", ["2", "4"])
def test_values_are_those_recorded_before_the_speed_up(players: str) -> None:
    game = abstracta.load("desfases", players=int(players))
    knowledge = game.knowledge()
    for entry in RECORDED[players]["values"]:
        state = game.parse(entry["position"])
        assert [repr(value) for value in knowledge._evaluate(state)] == entry["values"], entry["position"]
        assert [repr(value) for value in knowledge.evaluate(state)] == entry["values"]  # through the memo too


@pytest.mark.parametrize("players", ["2", "4"])
def test_hard_plays_the_moves_recorded_before_the_speed_up(players: str) -> None:
    """Seeded ``hard`` searches (3,000 iterations; a generous time cap so a loaded machine cannot cut them)."""
    game = abstracta.load("desfases", players=int(players))
    for entry in RECORDED[players]["choices"]:
        bot = level_bot("hard:seconds=60", game, seed=entry["seed"])
        assert bot.choose(game.parse(entry["position"])) == entry["move"], entry["position"]
        assert bot.last_result is None or bot.last_result.iterations == 3000
