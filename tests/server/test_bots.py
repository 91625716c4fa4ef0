"""Bot levels: the names the issue lists, mapped to today's bots with growing budgets of at most 2 s."""

from __future__ import annotations

import time

from abstracta.bots import MCTSBot, RandomBot
from abstracta.server import default_bot_levels
from tests.server.conftest import view_of


def test_levels_are_random_then_mcts_with_growing_budgets_of_at_most_two_seconds():
    levels = default_bot_levels()
    assert list(levels) == ["random", "easy", "medium", "hard"]
    assert isinstance(levels["random"].make(1), RandomBot)
    searchers = [levels[name].make(1) for name in ("easy", "medium", "hard")]
    assert all(isinstance(bot, MCTSBot) for bot in searchers)
    assert all(bot.seconds is not None and bot.seconds <= 2.0 for bot in searchers)
    budgets = [(bot.iterations or float("inf"), bot.seconds) for bot in searchers]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


def test_a_bot_waits_at_least_its_pause(db_url):
    from fastapi.testclient import TestClient

    from abstracta.server import create_app, fast_bot_levels

    with TestClient(create_app(db_url, bot_levels=fast_bot_levels(), bot_pause=0.4)) as client:
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["bot:random", "human"]})
        began = time.monotonic()
        game_id = created.json()["id"]
        while view_of(client, game_id)["player"] == 0:
            assert time.monotonic() - began < 10
            time.sleep(0.02)
        assert time.monotonic() - began >= 0.35
