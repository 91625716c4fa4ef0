"""Fixtures for the web app: a server over a fresh SQLite file with quick bots, and a client to drive it."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

from abstracta.server import create_app, fast_bot_levels  # noqa: E402

SHORT_OPTIONS = {
    "laser-chess": {"max_plies": 120},
    "quin": {"max_turns": 40},
    "reflec": {"max_turns": 16},
    "strategic-reserve": {"reserve": 4},
}
"""Options (named in each rules file) that cap games which random play can drag on, so that the
end-to-end flows reach the end quickly; a game not listed is played with its defaults."""

MAX_PLIES = 1500
"""Random play is stopped here for games that can run long; every game checked so far ends well before."""


def make_client(db_url: str) -> TestClient:
    return TestClient(create_app(db_url, bot_levels=fast_bot_levels(), bot_pause=0))


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as test_client:
        yield test_client


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def view_of(client: TestClient, game_id: str, token: str | None = None) -> dict:
    response = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def settle(client: TestClient) -> None:
    """Wait until the bots have made every move that is theirs to make."""
    assert client.app.state.service.wait_for_bots(60), "bots did not finish in time"


def play_randomly(client: TestClient, game_id: str, tokens: dict[str, str], rng: random.Random,
                  max_plies: int = MAX_PLIES) -> dict:  # fmt: skip
    """Play random legal moves for every human seat through the API until the game ends; the final view."""
    while True:
        settle(client)
        view = view_of(client, game_id)
        if view["over"] or view["ply"] >= max_plies:
            return view
        token = tokens.get(str(view["player"]))
        assert token is not None, f"no human holds player {view['player']} and no bot moved"
        mine = view_of(client, game_id, token)
        assert mine["moves"], "the player to move has no moves"
        response = client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"]),
                                                                   "ply": mine["ply"]}, headers=auth(token))  # fmt: skip
        assert response.status_code == 200, response.text
