"""The compiled expectimax (``compiled/search.c``) against ExpectimaxBot's Python search, position by position.

Both searches run from the same seeded positions with the same settings and no time cap; the
move, the value, the finished depth and the node count must be equal: the C search visits the
same positions in the same order and adds the same numbers in the same order. Skipped when the
core is not built or is disabled, except the last test, which checks what runs then.
"""

from __future__ import annotations

import pytest

import abstracta
from abstracta.bots import ExpectimaxBot, level_bot
from abstracta.core.compiled import DISABLE_VARIABLE
from abstracta.games.strategic_reserve.compiled.search_differential import (
    COMPARED_SETTINGS,
    search_both,
    seeded_positions,
)
from abstracta.games.strategic_reserve.evaluation import LEARNED_WEIGHTS, StrategicReserveKnowledge

SR = abstracta.load("strategic-reserve")
needs_core = pytest.mark.skipif(
    SR.knowledge().compiled_expectimax() is None, reason="the compiled core is not built or is disabled"
)


@needs_core
def test_equal_to_the_python_search_on_seeded_positions() -> None:
    depths = set()
    for index, state in enumerate(seeded_positions(SR, 28, seed=11)):
        settings = COMPARED_SETTINGS[index % len(COMPARED_SETTINGS)]
        compiled, python = search_both(state, **settings)
        assert compiled.same_search(python), (state.notation(), settings, compiled, python)
        depths.add((index % len(COMPARED_SETTINGS), compiled.depth))
    assert {(1, 1), (2, 3)} <= depths  # budgets cut some searches inside an iteration; sampled ones finished


@needs_core
def test_equal_under_a_turn_limit_and_on_a_smaller_board() -> None:
    """The placement count enters the keys under max_turns; the 4x4 block has 16 rolls, not 36."""
    for options in ({"reserve": 3, "max_turns": 8}, {"board": "4x4", "reserve": 2, "max_turns": 9}):
        game = abstracta.load("strategic-reserve", **options)
        for state in seeded_positions(game, 4, seed=5):
            compiled, python = search_both(state, max_depth=3, nodes=3_000)
            assert compiled.same_search(python), (options, state.notation(), compiled, python)


@needs_core
def test_a_chance_root_is_valued_alike() -> None:
    state = SR.parse("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0")
    values = [ExpectimaxBot(max_depth=1, seed=1, compiled=compiled).evaluate(state) for compiled in (True, False)]
    assert values[0] == values[1]


@needs_core
def test_the_evaluation_is_the_knowledge_s_with_its_own_weights() -> None:
    reserves_only = (-0.2781, -0.2884, 2.1845, 1.7922, 0.0, 0.0, 0.0, 0.0, 0.2876)
    for weights in (LEARNED_WEIGHTS, reserves_only):
        knowledge = StrategicReserveKnowledge(weights)
        compiled = knowledge.compiled_expectimax()
        for state in seeded_positions(SR, 12, seed=2):
            for me in (0, 1):
                assert compiled.evaluate(state, me) == knowledge.evaluate(state)[me]


@needs_core
def test_the_time_cap_stops_a_deep_search_with_a_legal_move() -> None:
    state = SR.parse("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 3,4 0")
    bot = ExpectimaxBot(max_depth=12, seconds=0.05, seed=1)
    assert bot.choose(state) in state.moves()
    assert bot.last_depth < 12 and bot.last_seconds < 1.0


@needs_core
def test_levels_search_in_c_and_choose_as_the_python_search() -> None:
    state = seeded_positions(SR, 1, seed=8)[0]
    for level in ("easy", "medium", "hard"):
        bot = level_bot(level, SR, seed=4)
        reference = level_bot(level, SR, seed=4)
        reference.compiled = False
        assert bot.choose(state) == reference.choose(state)


def test_no_compiled_search_when_disabled_or_for_other_knowledge(monkeypatch) -> None:  # noqa: ANN001
    class Tweaked(StrategicReserveKnowledge):
        """A subclass may value positions otherwise: the core does not know how."""

    assert Tweaked().compiled_expectimax() is None
    monkeypatch.setenv(DISABLE_VARIABLE, "1")
    assert SR.knowledge().compiled_expectimax() is None
    state = seeded_positions(SR, 1, seed=8)[0]
    assert level_bot("hard", SR, seed=4).choose(state) in state.moves()  # the Python search plays
