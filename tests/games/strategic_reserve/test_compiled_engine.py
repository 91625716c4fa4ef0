"""The compiled core (``strategic_reserve/compiled``) against the reference engine, step by step.

Both engines play the same seeded random moves and dice under every option set
(``compiled/differential.py``); at every step their legal moves, notation, effects, turn, ending
and returns must be equal, and so must their answers to illegal moves. Skipped when the core is
not built or is disabled, except the last test, which checks what runs in either case.
"""

from __future__ import annotations

import pytest
from hypothesis import given

import abstracta
from abstracta.core.perft import fast_perft
from abstracta.core.errors import IllegalMove
from abstracta.games.strategic_reserve.compiled import Engine, available
from abstracta.games.strategic_reserve.compiled.differential import (
    OPTION_SETS,
    differences,
    differential_play,
    play_both,
)

from .test_properties import SETTINGS, positions

needs_core = pytest.mark.skipif(not available(), reason="the compiled core is not built or is disabled")

SLUG = "strategic-reserve"


def assert_same(engine: Engine, position, state) -> None:
    """Everything the reference says of ``state``, the core says of ``position``, and of its rebuilt position."""
    assert differences(engine, position, state) == []
    assert differences(engine, engine.position(state), state) == []


@needs_core
def test_random_games_step_for_step_over_every_option_set():
    report = differential_play(3000, seed=4, rebuild_every=1, batch=False)
    assert report.differences == []
    assert report.steps == 3000 and report.games > 2 * len(OPTION_SETS)
    assert set(report.endings) == {"normal", "turn limit"}  # won games and capped ones


@needs_core
def test_vector_env_steps_equal_on_the_same_dice():
    pytest.importorskip("gymnasium")
    report = differential_play(1, seed=9, batch=True)
    assert report.differences == [] and report.batch_steps >= 16 * 6


@needs_core
def test_a_difference_is_reported(monkeypatch):
    """The comparison sees a core that strays: here one whose moves lose their last entry."""
    moves = Engine.moves
    monkeypatch.setattr(Engine, "moves", lambda self, position: moves(self, position)[:-1])
    report = differential_play(50, seed=1, batch=False)
    assert report.differences and "moves" in report.differences[0]


@needs_core
def test_illegal_moves_are_refused_alike():
    game = abstracta.load(SLUG)
    engine = Engine(game)
    state, position = game.start(), engine.start()
    for move in ("c3", "7,1", "", 5, None, ["1,1"]):
        assert play_both(engine, position, state, move)[2] is None
    position, state, _ = play_both(engine, position, state, "2,2")  # Red's own b2: place next to its group
    for move in ("2,2", "b2", "f6", "a1", "a2"):
        assert play_both(engine, position, state, move)[2] is None
    with pytest.raises(IllegalMove, match="must touch that group"):
        engine.play(position, "f6")


@needs_core
def test_perft_equals_the_table(read_perft_cases):
    cases = read_perft_cases(SLUG)
    assert cases
    for case in cases:
        game = abstracta.load(SLUG, **case.options)
        engine = Engine(game)
        state = game.start(seed=0) if case.position == "start" else game.parse(case.position)
        position = engine.position(state)
        assert [engine.perft(position, depth) for depth in range(1, len(case.counts) + 1)] == list(case.counts), case


@needs_core
@SETTINGS
@given(case=positions())
def test_any_valid_position_converts_and_plays_alike(case):
    options, text = case
    game = abstracta.load(SLUG, **options)
    engine = Engine(game)
    state = game.parse(text)
    position = engine.position(state)
    assert_same(engine, position, state)
    for move in state.moves():  # every roll, or every legal placement
        assert_same(engine, engine.play(position, move), state.play(move))


@needs_core
def test_core_refuses_what_the_game_refuses():
    lib = Engine(abstracta.load(SLUG)).lib
    rules = Engine(abstracta.load(SLUG)).ffi.new("sr_rules *")
    assert lib.sr_rules_init(rules, 3, -1, 2, 2) == -1  # the 2x2 block holds at most 2 in reserve
    assert lib.sr_rules_init(rules, 6, -1, 5, 5) == -1  # no such board
    assert lib.sr_rules_init(rules, 13, -1, 6, 6) == -2
    assert lib.sr_rules_init(rules, 6, 0, 6, 6) == -2
    assert lib.sr_rules_init(rules, 2, -1, 2, 2) == 0


def test_perft_counts_on_the_core_where_there_is_one():
    """With the core, ``abstracta perft``'s counter uses it; without (the second run of ``make test``), Python."""
    state = abstracta.load(SLUG, reserve=2).start()
    count, engine = fast_perft(state, 3)
    assert count == 27000 and engine == ("compiled core" if available() else "Python engine")
