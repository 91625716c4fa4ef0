"""The small-board variant (option ``board``, docs/games/strategic-reserve.md "Small boards")."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta import IllegalMove, NotationError
from abstracta.games.strategic_reserve.board import SQUARE_NAMES

SLUG = "strategic-reserve"


def test_default_rules_and_their_options_are_unchanged():
    assert abstracta.load(SLUG).options == {"max_turns": None, "reserve": 6}
    assert abstracta.load(SLUG, board="6x6").options == {"max_turns": None, "reserve": 6}
    default = abstracta.load(SLUG).start()
    assert len(default.moves()) == 36 and default.notation() == "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0"
    assert abstracta.load(SLUG, board="4x2", reserve=2).options == {"board": "4x2", "max_turns": None, "reserve": 2}


@pytest.mark.parametrize("board, files, ranks, start", [
    ("4x4", "bcde", "2345", "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 2 2 - 0"),
    ("4x2", "bcde", "34", "6/6/1R2B1/1B2R1/6/6 r 2 2 - 0"),
    ("2x2", "cd", "34", "6/6/6/6/6/6 r 2 2 - 0"),
])  # fmt: skip
def test_play_stays_on_the_central_block(board, files, ranks, start):
    game = abstracta.load(SLUG, board=board, reserve=2)
    state = game.start()
    assert state.notation() == start
    block = {f + r for f in files for r in ranks}
    rolls = state.chance()
    assert len(rolls) == len(block) and sum(p for _, p in rolls) == pytest.approx(1)
    # each roll hits a square of the block, for either side (Blue's square is the point reflection)
    for side_state in (state, _blue_to_roll(state)):
        for roll, _ in side_state.chance():
            assert side_state.play(roll).last_effects()[0]["cell"] in block
    rng = random.Random(3)
    for _ in range(20):
        state = game.start()
        while not state.over:
            moves = state.moves()
            assert moves, "a legal placement always exists (rules §7.4 on the block)"
            if state.player != abstracta.CHANCE:
                assert set(moves) <= block
            state = state.play(rng.choice(moves))
            assert game.parse(state.notation()).notation() == state.notation()


def _blue_to_roll(state):
    """``state`` after Red's first roll and placement."""
    state = state.play(state.moves()[0])
    return state.play(state.moves()[0])


def test_bad_variant_input_is_refused_with_reasons():
    with pytest.raises(ValueError, match="at most 2 with board='4x4'"):
        abstracta.load(SLUG, board="4x4", reserve=3)
    with pytest.raises(ValueError, match="board"):
        abstracta.load(SLUG, board="3x3")
    game = abstracta.load(SLUG, board="4x2", reserve=2)
    state = game.start()
    with pytest.raises(IllegalMove, match="dice show only 2,3 to 5,4"):
        state.play("1,1")
    placing = state.play("2,3")
    off_block = next(name for name in SQUARE_NAMES if name[1] in "1256")
    with pytest.raises(IllegalMove, match="off the central 4x2 block"):
        placing.play(off_block)
    with pytest.raises(NotationError, match="V0: checkers on a1"):
        game.parse("6/6/1R2B1/1B2R1/6/R5 b 1 2 - 1")
    with pytest.raises(NotationError, match="V0: roll 1,1 cannot happen"):
        game.parse("6/6/1R2B1/1B2R1/6/6 r 2 2 1,1 0")
