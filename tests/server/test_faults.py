"""Fault injection: the database locked for longer than the busy timeout during a human move, a chance
roll and a bot turn. Afterwards every game goes on, clients were told the truth, nothing acknowledged is lost."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest

from abstracta.server.store import Store
from tests.server.conftest import auth, make_client, settle, view_of

BUSY = 0.2  # seconds a write waits for the lock before giving up, in these tests


@contextmanager
def write_lock(db_url: str):
    """Another program holds the database's write lock for as long as the block runs."""
    if db_url.startswith("sqlite"):
        connection = sqlite3.connect(db_url.removeprefix("sqlite:///"), timeout=5, isolation_level=None)
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            connection.execute("ROLLBACK")
            connection.close()
    else:
        from sqlalchemy import create_engine, text

        engine = create_engine(db_url)
        with engine.connect() as connection:
            transaction = connection.begin()
            connection.execute(text("LOCK TABLE games, seats, moves IN EXCLUSIVE MODE"))
            try:
                yield
            finally:
                transaction.rollback()
        engine.dispose()


def stored_moves(db_url: str, game_id: str) -> list[str]:
    store = Store(db_url)
    try:
        return store.load(game_id).moves
    finally:
        store.close()


def test_a_move_during_a_lock_is_refused_with_503_and_changes_nothing_then_goes_through(db_url):
    with make_client(db_url, busy_timeout=BUSY) as client:
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"], "seed": 3}).json()
        game_id, tokens = created["id"], created["tokens"]
        before = view_of(client, game_id, tokens["0"])
        move = before["moves"][0]
        with write_lock(db_url):
            refused = client.post(f"/api/games/{game_id}/moves", json={"move": move, "ply": before["ply"]},
                                  headers=auth(tokens["0"]))  # fmt: skip
            assert refused.status_code == 503 and refused.headers["Retry-After"].isdigit()
            assert "not stored" in refused.json()["error"] and "unchanged" not in refused.json()["error"]
            assert view_of(client, game_id, tokens["0"]) == before  # memory untouched
            assert client.get("/healthz").status_code == 200  # the server keeps serving
        played = client.post(f"/api/games/{game_id}/moves", json={"move": move, "ply": before["ply"]},
                             headers=auth(tokens["0"]))  # fmt: skip
        assert played.status_code == 200
        after = played.json()
        assert after["ply"] == before["ply"] + 2 and after["history_players"][-2:] == [0, -1]  # move and roll
        memory = list(client.app.state.service.get(game_id).moves)
    assert stored_moves(db_url, game_id) == memory  # what was acknowledged is stored, roll included


def test_a_chance_roll_left_open_is_drawn_by_the_sweep_once_the_lock_clears(db_url):
    with make_client(db_url) as client:
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]}).json()
        game_id, token = created["id"], created["tokens"]["0"]
        view = view_of(client, game_id, token)
    # As a database from before (or a crash between two writes) can leave it: the move without its roll.
    store = Store(db_url)
    store.add_moves(game_id, view["ply"], [(0, view["moves"][0])],
                    {"plies": view["ply"] + 1, "to_move": -1, "seat_to_move": None, "over": False, "returns": None})
    store.close()
    with write_lock(db_url):
        with make_client(db_url, busy_timeout=BUSY, sweep_seconds=0.2) as client:
            time.sleep(1.0)  # several sweeps fail meanwhile
            assert view_of(client, game_id)["player"] == -1
            assert client.get("/healthz").status_code == 200
    with make_client(db_url, busy_timeout=BUSY, sweep_seconds=0.2) as client:
        deadline = time.monotonic() + 15
        while view_of(client, game_id)["player"] == -1:
            assert time.monotonic() < deadline, "the roll was never drawn"
            time.sleep(0.05)
        after = view_of(client, game_id)
        assert after["player"] == 1 and after["ply"] == view["ply"] + 2
        assert stored_moves(db_url, game_id) == list(client.app.state.service.get(game_id).moves)


def test_a_bot_whose_commit_fails_retries_until_it_succeeds(db_url, caplog):
    with make_client(db_url, busy_timeout=BUSY, bot_pause=0.5) as client, \
            caplog.at_level(logging.WARNING, logger="abstracta.server"):  # fmt: skip
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "bot:random"]}).json()
        game_id, token = created["id"], created["tokens"]["0"]
        view = view_of(client, game_id, token)
        played = client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(token))
        assert played.status_code == 200 and played.json()["player"] == 1
        with write_lock(db_url):
            time.sleep(1.5)  # the bot's pause ends inside the lock: its commits fail
            assert view_of(client, game_id)["player"] == 1
        settle(client)
        assert any("waits for the database" in record.getMessage() for record in caplog.records)
        after = view_of(client, game_id, token)
        assert after["player"] == 0 and after["moves"] and after["history_players"].count(1) == 1
        memory = list(client.app.state.service.get(game_id).moves)
    assert stored_moves(db_url, game_id) == memory


def test_a_503_names_no_database_detail_and_the_log_keeps_it(db_url, caplog):
    """The driver's message (a PostgreSQL host and port, a file path) goes to the log, never to a client."""
    pytest.importorskip("psycopg")
    from sqlalchemy import create_engine
    from sqlalchemy.orm import sessionmaker

    with make_client(db_url, busy_timeout=BUSY) as client, caplog.at_level(logging.WARNING, logger="abstracta.server"):
        created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]}).json()
        game_id, token = created["id"], created["tokens"]["0"]
        move = view_of(client, game_id, token)["moves"][0]
        store, service = client.app.state.store, client.app.state.service
        # The database goes away: every call now meets a server that refuses connections.
        gone = create_engine("postgresql+psycopg://player@127.0.0.1:1/abstracta", connect_args={"connect_timeout": 2})
        store.engine, store._session = gone, sessionmaker(gone, expire_on_commit=False)
        service._forget(service.get(game_id))  # the next view must load the game from the database
        answers = [
            client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=auth(token)),
            client.get(f"/api/games/{game_id}", headers=auth(token)),
            client.post("/api/games", json={"game": "strategic-reserve"}),
            client.get("/api/games"),
        ]
        for answer in answers:
            assert answer.status_code == 503 and answer.headers["Retry-After"].isdigit(), answer.text
            assert answer.json()["error"].startswith("the database is busy or unavailable")
            assert "127.0.0.1" not in answer.text and "port" not in answer.text
        assert any("127.0.0.1" in record.getMessage() for record in caplog.records)  # the detail is logged
        gone.dispose()


def test_a_move_queued_behind_a_failing_commit_hears_within_one_busy_timeout(db_url):
    """The first move's commit waits out the lock and fails; a move sent meanwhile must not wait a second
    busy timeout of its own: its 503 comes within one busy timeout of sending it (it used to take two)."""
    busy = 2.0
    with make_client(db_url, busy_timeout=busy) as client:
        games = [client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]}).json()
                 for _ in range(2)]  # fmt: skip
        moves = [view_of(client, game["id"], game["tokens"]["0"])["moves"][0] for game in games]
        answers: dict[int, tuple[int, float]] = {}

        def send(index: int) -> None:
            game = games[index]
            sent = time.monotonic()
            answer = client.post(f"/api/games/{game['id']}/moves", json={"move": moves[index]},
                                 headers=auth(game["tokens"]["0"]))  # fmt: skip
            answers[index] = (answer.status_code, time.monotonic() - sent)

        with write_lock(db_url):
            first = threading.Thread(target=send, args=(0,))
            first.start()
            time.sleep(busy / 4)  # the first commit is waiting for the lock now
            second = threading.Thread(target=send, args=(1,))
            second.start()
            first.join(4 * busy)
            second.join(4 * busy)
        assert answers[0][0] == answers[1][0] == 503
        assert answers[1][1] < 1.5 * busy, f"the queued move waited {answers[1][1]:.1f} s for its 503"
        for game, move in zip(games, moves):  # nothing was stored; the moves go through now
            answer = client.post(f"/api/games/{game['id']}/moves", json={"move": move}, headers=auth(game["tokens"]["0"]))
            assert answer.status_code == 200
