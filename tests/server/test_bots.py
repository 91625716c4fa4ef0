"""Bots: the server's levels are abstracta.bots.LEVELS, bots think in worker processes and pause asynchronously."""

from __future__ import annotations

import time

from abstracta.bots import LEVELS
from tests.server.conftest import make_client, settle, view_of


def test_the_seat_levels_are_the_bots_levels(client):
    for level in LEVELS:
        assert client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", f"bot:{level}"]}).status_code == 201
    response = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "bot:god"]})
    assert response.status_code == 400 and all(f"bot:{level}" in response.json()["error"] for level in LEVELS)


def test_a_bot_waits_at_least_its_pause_without_holding_up_other_requests(db_url):
    with make_client(db_url, bot_pause=0.4) as client:
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["bot:random", "human"]})
        began = time.monotonic()
        game_id = created.json()["id"]
        while view_of(client, game_id)["player"] == 0:
            assert time.monotonic() - began < 10
            time.sleep(0.02)
        assert time.monotonic() - began >= 0.35


def test_many_bot_games_pause_at_once_not_one_after_another(db_url):
    """Forty bots pausing 0.5 s each finish their first move in far less than 40 x 0.5 s."""
    with make_client(db_url, bot_pause=0.5) as client:
        ids = [client.post("/api/games", json={"game": "strategic-reserve", "seats": ["bot:random", "me"]}).json()["id"]
               for _ in range(40)]  # fmt: skip
        began = time.monotonic()
        settle(client)
        assert time.monotonic() - began < 8
        assert all(view_of(client, game_id)["ply"] >= 1 for game_id in ids)
