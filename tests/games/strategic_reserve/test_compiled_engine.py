"""The compiled core (``strategic_reserve/compiled``) against the reference engine, step by step.

Both engines play the same seeded random moves and dice under every option set; at every step
their legal moves, notation, effects, turn, ending and returns must be equal, and so must their
answers to illegal moves. Skipped when the core is not built or is disabled.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given

import abstracta
from abstracta.core.errors import IllegalMove
from abstracta.games.strategic_reserve.board import ROLL_OUTCOMES, SQUARE_NAMES
from abstracta.games.strategic_reserve.compiled import Engine, available

from .test_properties import SETTINGS, positions

pytestmark = pytest.mark.skipif(not available(), reason="the compiled core is not built or is disabled")

SLUG = "strategic-reserve"
OPTION_SETS = (
    {}, {"reserve": 1}, {"reserve": 2, "max_turns": 7}, {"reserve": 12, "max_turns": 40}, {"reserve": 7},
    {"max_turns": 1}, {"board": "4x4", "reserve": 2}, {"board": "4x2", "reserve": 2}, {"board": "2x2", "reserve": 2},
)  # fmt: skip
CANDIDATES = (*ROLL_OUTCOMES, *SQUARE_NAMES, "g7", "0,0", "", 5)  # legal or not, each asked of both engines


def assert_same(engine: Engine, position, state) -> None:
    """Everything the reference says of ``state``, the core says of ``position``."""
    mirror = engine.state(position)
    assert engine.notation(position) == state.notation()
    assert engine.moves(position) == state.moves()
    assert mirror.last_effects() == state.last_effects()
    assert (mirror.over, mirror.player, mirror.seat) == (state.over, state.player, state.seat)
    assert engine.returns(position) == state.returns() == mirror.returns()
    assert mirror.termination() == state.termination()
    assert mirror.scores() == state.scores()
    # back again: the core's position of the reference state is the same position
    again = engine.position(state)
    assert engine.moves(again) == state.moves() and engine.notation(again) == state.notation()
    assert engine.state(again).last_effects() == state.last_effects()


def play_both(engine: Engine, position, state, move):
    """The move on both engines: both accept it (returning the new pair) or both refuse it alike."""
    try:
        expected = state.play(move)
    except IllegalMove as error:
        with pytest.raises(IllegalMove) as refused:
            engine.play(position, move)
        assert str(refused.value) == str(error)
        return position, state
    return engine.play(position, move), expected


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda options: repr(options))
def test_random_games_step_for_step(options):
    game = abstracta.load(SLUG, **options)
    engine = Engine(game)
    rng = random.Random(f"compiled differential {options!r}")
    steps = 0
    while steps < 400:  # over every option set: a few thousand steps in all
        state, position = game.start(), engine.start()
        assert_same(engine, position, state)
        while not state.over:
            if rng.random() < 0.1:  # an arbitrary candidate, usually illegal: both must answer alike
                position, state = play_both(engine, position, state, rng.choice(CANDIDATES))
            else:
                    position, state = play_both(engine, position, state, rng.choice(state.moves()))
            assert_same(engine, position, state)
            steps += 1
        assert engine.moves(position) == [] and engine.returns(position) == state.returns()


def test_perft_equals_the_table(read_perft_cases):
    cases = read_perft_cases(SLUG)
    assert cases
    for case in cases:
        game = abstracta.load(SLUG, **case.options)
        engine = Engine(game)
        state = game.start(seed=0) if case.position == "start" else game.parse(case.position)
        position = engine.position(state)
        assert [engine.perft(position, depth) for depth in range(1, len(case.counts) + 1)] == list(case.counts), case


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


def test_core_refuses_what_the_game_refuses():
    lib = Engine(abstracta.load(SLUG)).lib
    rules = Engine(abstracta.load(SLUG)).ffi.new("sr_rules *")
    assert lib.sr_rules_init(rules, 3, -1, 2, 2) == -1  # the 2x2 block holds at most 2 in reserve
    assert lib.sr_rules_init(rules, 6, -1, 5, 5) == -1  # no such board
    assert lib.sr_rules_init(rules, 13, -1, 6, 6) == -2
    assert lib.sr_rules_init(rules, 6, 0, 6, 6) == -2
    assert lib.sr_rules_init(rules, 2, -1, 2, 2) == 0
