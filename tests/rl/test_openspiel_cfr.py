"""OpenSpiel's CFR on Strategic Reserve's small-board variant, through the Python game and its EFG export."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability  # noqa: E402

import abstracta  # noqa: E402
from abstracta.rl import openspiel_game  # noqa: E402
from abstracta.rl.efg import efg_text  # noqa: E402

TINY = {"board": "2x2", "reserve": 2, "max_turns": 3}


def _tree_size(state) -> int:
    return 1 + sum(_tree_size(state.play(move)) for move in state.moves()) if not state.over else 1


def _value(state) -> float:
    """Red's exact value: expectimax over the engine, each side best for itself."""
    if state.over:
        return state.returns()[0]
    if state.chance():
        return sum(p * _value(state.play(move)) for move, p in state.chance())
    values = [_value(state.play(move)) for move in state.moves()]
    return max(values) if state.player == 0 else min(values)


def test_cfr_solves_a_tiny_variant_and_its_efg_copy_agrees():
    python_game = openspiel_game("strategic-reserve", **TINY)
    engine = abstracta.load("strategic-reserve", **TINY).start()
    text, size = efg_text(python_game)
    assert size.nodes == _tree_size(engine) and size.information_sets == size.decisions  # perfect information
    efg_game = pyspiel.load_efg_game(text)
    uniform = [expected_game_score.policy_value(g.new_initial_state(), [policy_lib.UniformRandomPolicy(g)] * 2)[0]
               for g in (python_game, efg_game)]  # fmt: skip
    assert uniform[0] == pytest.approx(uniform[1])

    solver = cfr.CFRSolver(python_game)  # OpenSpiel's Python CFR on the Python game itself
    solver.evaluate_and_update_policy()
    average = solver.average_policy()
    assert exploitability.exploitability(python_game, average) == pytest.approx(0, abs=1e-9)
    exact = _value(engine)
    assert expected_game_score.policy_value(python_game.new_initial_state(), [average] * 2)[0] == pytest.approx(exact)

    native = pyspiel.CFRSolver(efg_game)  # the C++ solver on the EFG copy reaches the same value
    for _ in range(2):
        native.evaluate_and_update_policy()
    assert pyspiel.exploitability(efg_game, native.average_policy()) == pytest.approx(0, abs=1e-9)
    assert pyspiel.expected_returns(efg_game.new_initial_state(), native.average_policy(), -1, True)[0] == (
        pytest.approx(exact))
