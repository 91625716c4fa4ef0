"""The bare-bitboard games of benchmarks/strategic_reserve_ceiling.py follow the engine's rules move for move."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import abstracta
from abstracta.games.strategic_reserve.board import ROLL_OUTCOMES, ROLL_TARGET_BIT, SQUARE_BIT, square_names_of

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import strategic_reserve_ceiling as ceiling  # noqa: E402

GAME = abstracta.load("strategic-reserve")
BIT_NAME = {bit: name for name, bit in SQUARE_BIT.items()}


def _outcome_for(side: int, target: int) -> str:
    """The roll outcome with which ``side`` hits the square ``target`` (one of the 36, rules §7.1)."""
    return ROLL_OUTCOMES[ROLL_TARGET_BIT[side].index(target)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("policy", [ceiling.random_policy, ceiling.greedy_policy, ceiling.clairvoyant_policy])
def test_bitboard_games_replay_legally_on_the_engine(seed: int, policy) -> None:  # noqa: ANN001
    seen = []  # (mine, theirs, legal, chosen square, the rival's next roll) at every placement

    def recording(mine: int, theirs: int, legal: int, next_target: int, rng: random.Random) -> int:
        square = policy(mine, theirs, legal, next_target, rng)
        seen.append((mine, theirs, legal, square, next_target))
        return square

    dice = random.Random(f"replay:{seed}")
    targets = random.Random(f"replay:{seed}")  # the same stream: roll k of the game is its k-th draw
    winner = ceiling.play([recording, recording], dice, random.Random(seed))

    state = GAME.start()
    foreseen = None
    for mine, theirs, legal, square, next_target in seen:
        side = state.side
        target = 1 << int(targets.random() * 36)
        assert foreseen in (None, target)  # what the clairvoyant saw is the roll that came
        foreseen = next_target
        state = state.play(_outcome_for(side, target))
        colours = (state.red, state.blue) if side == 0 else (state.blue, state.red)
        assert (mine, theirs) == colours
        assert square_names_of(legal) == state.moves()
        assert square & legal
        state = state.play(BIT_NAME[square])
    assert state.over
    assert state.returns()[winner] == 1.0
