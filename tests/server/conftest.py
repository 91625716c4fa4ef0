"""Fixtures for the web app: a server over a fresh SQLite file with quick bots, and a client to drive it."""

from __future__ import annotations

import os
import random
import secrets
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

import abstracta  # noqa: E402
from abstracta.core.registry import game_class  # noqa: E402
from abstracta.server import create_app  # noqa: E402
from tests.server.quick_bots import quick_bot, shared_pool  # noqa: E402

SHORT_OPTIONS = {slug: dict(game_class(slug).short_options) for slug in abstracta.games()}
"""Options each game declares to cap games which random play can drag on (``Game.short_options``),
so that the end-to-end flows reach the end quickly."""

MAX_PLIES = 1500
"""Random play is stopped here for games that can run long; every game checked so far ends well before."""


def make_app(db_url: str, **settings):
    """The app with quick bots on the shared worker pool and no bot pause; ``settings`` override."""
    settings = {"bot_factory": quick_bot, "bot_executor": shared_pool(), "bot_pause": 0,
                "creation_limit": (10_000, 60.0), "signup_limit": (10_000, 60.0), **settings}  # fmt: skip
    return create_app(db_url, **settings)


def make_client(db_url: str, **settings) -> TestClient:
    return TestClient(make_app(db_url, **settings))


POSTGRES_URL = os.environ.get("ABSTRACTA_TEST_POSTGRES")
"""A PostgreSQL server URL (``.ci/run`` exports one); the server tests then run on it as well as on SQLite."""


def _fresh_postgres_database(server_url: str) -> str:
    """A new, empty database on that server; its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"abstracta_test_{secrets.token_hex(6)}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return make_url(server_url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite"] + (["postgresql"] if POSTGRES_URL else []))
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        return _fresh_postgres_database(POSTGRES_URL)
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
    service = client.app.state.service
    assert service.resumed.wait(30), "the server did not resume its games"
    assert service.wait_for_bots(60), "bots did not finish in time"


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
