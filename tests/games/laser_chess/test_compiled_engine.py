"""The Laser Chess compiled core equals the reference engine (docs/compiled.md "Proven equal").

Skipped, saying why, when the core is not built or is disabled (``ABSTRACTA_PURE_PYTHON=1``, the
second run of ``make test``), except the last test, which checks what runs in either case.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abstracta
from abstracta.games.laser_chess import compiled
from abstracta.games.laser_chess.rules import SETUP_NAMES

needs_core = pytest.mark.skipif(not compiled.available(),
                                reason="the Laser Chess compiled core is not built or ABSTRACTA_PURE_PYTHON is set")
PERFT_GAMES = ["laser-chess"]


@needs_core
def test_thousands_of_random_steps_agree_from_every_setup():
    from abstracta.games.laser_chess.compiled.differential import differential_play

    report = differential_play(4000, seed=32)
    assert report.differences == []
    assert report.steps == 4000 and report.games >= 20  # every setup under every ply limit
    # every way a game ends was reached, the history-dependent draw claim included
    assert set(report.endings) == {"normal", "repetition", "turn limit"}


@needs_core
def test_the_comparison_sees_a_difference(monkeypatch):
    from abstracta.games.laser_chess.compiled import differential

    original = compiled.Position.moves
    monkeypatch.setattr(compiled.Position, "moves", lambda self: original(self)[:-1])
    report = differential.differential_play(3, seed=1)
    assert report.differences and "moves" in report.differences[0]


@needs_core
@settings(max_examples=25, deadline=None)
@given(setup=st.sampled_from(SETUP_NAMES), seed=st.integers(0, 2**32), plies=st.integers(0, 40),
       limit=st.sampled_from([None, 30, 41]))
def test_a_position_read_from_any_state_plays_on_alike(setup, seed, plies, limit):
    import random

    rng = random.Random(seed)
    state = abstracta.load("laser-chess", setup=setup, max_plies=limit).start()
    for _ in range(plies):
        if state.over:
            break
        state = state.play(rng.choice(state.moves()))
    state = state.game.from_json(state.to_json())  # history and last shot travel through JSON too
    position = compiled.Position.from_state(state)
    assert position.notation() == state.notation() and position.moves() == state.moves()
    assert position.last_effects() == state.last_effects() and position.repetitions() == state.repetitions()
    for move in state.moves()[:6]:
        after, core_after = state.play(move), position.play(move)
        assert core_after.notation() == after.notation() and core_after.moves() == after.moves()
        assert core_after.last_effects() == after.last_effects()
        assert (core_after.over, core_after.returns(), core_after.termination()) == (
            after.over, after.returns(), after.termination())


@needs_core
def test_perft_on_the_core_equals_the_rules_table(perft_case):
    state = perft_case.state()
    got = tuple(compiled.perft(state, depth) for depth in range(1, len(perft_case.counts) + 1))
    assert got == perft_case.counts, f"{perft_case.where}: {perft_case.position}"


@needs_core
def test_notation_round_trips_through_the_core():
    lib, ffi = compiled.lib, compiled.ffi
    for setup in SETUP_NAMES:
        for limit in (None, 50):
            state = abstracta.load("laser-chess", setup=setup, max_plies=limit).start()
            state = state.play(state.moves()[3])
            position = ffi.new("lc_position *")
            assert lib.lc_parse(state.notation().encode(), -1 if limit is None else limit, position) == 0
            out = ffi.new("char[128]")
            lib.lc_format(position, limit is not None, out)
            assert ffi.string(out).decode() == state.notation()
    for bad in ("", "ls3bskbsdse2 b", "11/10/10/10/10/10/10/10 b", "10/10/10/10/10/10/10/9x b"):
        assert lib.lc_parse(bad.encode(), -1, ffi.new("lc_position *")) == -1


@needs_core
def test_action_numbers_and_move_names_match_the_rl_table():
    from abstracta.rl.actions import action_table
    from abstracta.rl.symmetry import frame_of

    lib = compiled.lib
    game = abstracta.load("laser-chess")
    table = action_table(game)
    red = frame_of(game, 1)
    for oriented in (False, True):
        for player in (0, 1):
            for action in range(table.size):
                original = red.action_inverse[action] if oriented and player == 1 else action
                name = table.names[original]
                move = lib.lc_move_of_action(action, player, oriented)
                if "off" in name:
                    assert move == 0xFFFE
                    continue
                assert compiled.move_name(move) == name
                assert lib.lc_move_parse(name.encode()) == move
                assert lib.lc_action_of(move, player, oriented) == action
    assert lib.lc_move_parse(b"a1-c3") == 0xFFFE and lib.lc_move_parse(b"k1+") == 0xFFFE


@needs_core
def test_an_illegal_move_is_refused_naming_it():
    position = compiled.Position.from_state(abstracta.load("laser-chess").start())
    with pytest.raises(abstracta.IllegalMove, match="'a1-a2'"):
        position.play("a1-a2")
    with pytest.raises(abstracta.IllegalMove, match="'draw'"):
        position.play("draw")


def test_perft_counts_on_the_core_where_there_is_one_and_says_so():
    from abstracta.core.perft import fast_perft
    from tests.cli.helpers import run

    state = abstracta.load("laser-chess").start()
    engine = "compiled core" if compiled.available() else "Python engine"
    assert fast_perft(state, 2) == (5920, engine)
    assert (state.game.compiled_perft(state, 2) is None) == (not compiled.available())
    result = run("perft", "laser-chess", "--depth", "2")
    assert result.exit_code == 0 and "5920" in result.output and f"counted by the {engine}" in result.output
