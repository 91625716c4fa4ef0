"""RandomBot: legal, reproducible, and refuses states where nobody decides."""

from __future__ import annotations

import pytest

from abstracta.bots import RandomBot


def test_random_bot_returns_legal_moves(strategic_reserve_decision_states) -> None:
    bot = RandomBot(seed=3)
    for state in strategic_reserve_decision_states(20, seed=1):
        assert bot.choose(state) in state.moves()


def test_random_bot_is_deterministic_by_seed(strategic_reserve_decision_states) -> None:
    states = strategic_reserve_decision_states(20, seed=2)
    first, second = RandomBot(seed=9), RandomBot(seed=9)
    assert [first.choose(s) for s in states] == [second.choose(s) for s in states]


def test_random_bot_uses_every_move(race_game) -> None:
    bot = RandomBot(seed=0)
    assert {bot.choose(race_game.start()) for _ in range(50)} == {"risky", "safe"}


def test_random_bot_refuses_chance_and_over_states(race_game, one_move_state) -> None:
    chance_state = race_game.start().play("risky")
    with pytest.raises(ValueError, match="chance"):
        RandomBot(seed=0).choose(chance_state)
    with pytest.raises(ValueError, match="over"):
        RandomBot(seed=0).choose(one_move_state.play("only"))
