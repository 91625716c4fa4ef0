"""Limits: oversized bodies, binary frames, too many sockets, a creation flood, long echoes, idle games,
security headers and SQLite URI URLs get their documented answers, and the server keeps serving."""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from abstracta.server.hub import SocketLimits
from abstracta.server.store import Store
from tests.server.conftest import auth, make_client, view_of


def two_humans(client):
    created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]}).json()
    return created["id"], created["tokens"]


def test_a_body_over_64_kb_gets_413_and_the_server_keeps_serving(client):
    game_id, tokens = two_humans(client)
    before = view_of(client, game_id)
    huge = {"move": "a" * 70_000}
    response = client.post(f"/api/games/{game_id}/moves", json=huge, headers=auth(tokens["0"]))
    assert response.status_code == 413 and "64 KB" in response.json()["error"]

    def chunks():  # no Content-Length: counted while it arrives
        for _ in range(80):
            yield b"x" * 1024

    streamed = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413
    assert view_of(client, game_id) == before and client.get("/healthz").json() == {"ok": True}


def test_a_long_move_or_option_is_cut_to_80_characters_in_the_error(client):
    game_id, tokens = two_humans(client)
    response = client.post(f"/api/games/{game_id}/moves", json={"move": "z" * 60_000}, headers=auth(tokens["0"]))
    assert response.status_code == 400 and len(response.json()["error"]) < 400 and "z" * 81 not in response.text
    response = client.post("/api/games", json={"game": "strategic-reserve", "options": {"reserve": "9" * 60_000}})
    assert response.status_code == 400 and len(response.json()["error"]) <= 300 and "9" * 81 not in response.text
    response = client.post("/api/games", json={"game": "strategic-reserve", "options": {"q" * 5000: 1}})
    assert response.status_code == 400 and "q" * 81 not in response.text


def test_a_huge_stale_ply_is_cut_to_80_characters_in_the_409(client):
    game_id, tokens = two_humans(client)
    move = view_of(client, game_id, tokens["0"])["moves"][0]
    ply = int("7" * 4000)
    response = client.post(f"/api/games/{game_id}/moves", json={"move": move, "ply": ply}, headers=auth(tokens["0"]))
    assert response.status_code == 409 and "stale" in response.json()["error"]
    assert "7" * 81 not in response.text and len(response.json()["error"]) < 200


def test_a_binary_frame_closes_with_1003_and_the_server_keeps_serving(client):
    game_id, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.receive_json()
        socket.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1003
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_text("ping")  # text is still welcome
        assert socket.receive_json()["id"] == game_id


def test_a_1_mb_frame_closes_with_1009_and_a_short_one_is_welcome(client):
    game_id, _ = two_humans(client)
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.receive_json()
        socket.send_text("x" * 1_000_000)
        deadline = time.monotonic() + 10  # the server lets the socket go (old servers kept it and read on)
        while client.app.state.hub.watching(game_id):
            assert time.monotonic() < deadline, "the socket that sent 1 MB is still watching"
            time.sleep(0.02)
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1009
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_text("x" * 1000)
        assert socket.receive_json()["id"] == game_id
    assert client.get("/healthz").json() == {"ok": True}


def from_address(client, host: str) -> TestClient:
    """A client of the same running app that connects from another address."""
    return TestClient(client.app, client=(host, 50000))


def refusal(socket) -> str:
    """The error a refused socket is sent; it is then closed with 1013 (try again later)."""
    error = socket.receive_json()["error"]
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    assert closed.value.code == 1013
    return error


def test_a_seat_always_gets_a_socket_while_100_spectator_sockets_are_open(client):
    game_id, tokens = two_humans(client)
    limits = client.app.state.hub.limits
    refused = []
    with ExitStack() as stack:
        for index in range(100):  # ten addresses, ten sockets each: more than the game takes
            socket = stack.enter_context(from_address(client, f"10.0.0.{index // 10}").websocket_connect(
                f"/ws/games/{game_id}"))  # fmt: skip
            first = socket.receive_json()
            if "error" in first:
                refused.append(first["error"])
        assert len(refused) == 100 - limits.spectators_per_game and all("spectators" in e for e in refused)
        for player in ("0", "1"):  # every seat still gets its live view
            with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[player]}") as seat:
                view = seat.receive_json()
                assert view["you"] == int(player) and view == view_of(client, game_id, tokens[player])
                if player == "0":
                    client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(tokens["0"]))
                    assert seat.receive_json()["ply"] == view["ply"] + 2  # pushed: the move and the roll
    assert client.app.state.hub.watching(game_id) == 0  # every socket, refused or not, is forgotten


def test_spectators_are_capped_per_address_and_on_the_whole_server(db_url):
    with make_client(db_url, socket_limits=SocketLimits(spectators_per_address=3, spectators_in_all=5)) as client:
        games = [two_humans(client) for _ in range(3)]
        with ExitStack() as stack:
            for game_id, _ in games:  # one address, three games: the cap is per address, over every game
                assert "id" in stack.enter_context(client.websocket_connect(f"/ws/games/{game_id}")).receive_json()
            with client.websocket_connect(f"/ws/games/{games[0][0]}") as fourth:
                assert "this address" in refusal(fourth)
            other = from_address(client, "10.0.0.9")
            for _ in range(2):
                assert "id" in stack.enter_context(other.websocket_connect(f"/ws/games/{games[0][0]}")).receive_json()
            with from_address(client, "10.0.0.10").websocket_connect(f"/ws/games/{games[1][0]}") as sixth:
                assert "the server" in refusal(sixth)
            game_id, tokens = games[2]
            with from_address(client, "10.0.0.10").websocket_connect(f"/ws/games/{game_id}?token={tokens['1']}") as seat:
                assert seat.receive_json()["you"] == 1  # a seat is never refused
        with client.websocket_connect(f"/ws/games/{games[0][0]}") as again:  # the closed ones were let go
            assert again.receive_json()["id"] == games[0][0]


def test_a_seats_oldest_socket_gives_way_past_its_cap(client):
    game_id, tokens = two_humans(client)
    per_seat = client.app.state.hub.limits.per_seat
    with ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(f"/ws/games/{game_id}?token={tokens['0']}"))
                   for _ in range(per_seat + 1)]  # fmt: skip
        assert all(socket.receive_json()["you"] == 0 for socket in sockets)
        assert "too many windows" in sockets[0].receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            sockets[0].receive_json()
        assert closed.value.code == 4409  # 44xx: the page does not reconnect, so windows cannot take turns
        assert client.app.state.hub.watching(game_id) == per_seat
        view = view_of(client, game_id, tokens["0"])
        client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(tokens["0"]))
        assert all(socket.receive_json()["ply"] == view["ply"] + 2 for socket in sockets[1:])


def test_a_creation_flood_from_one_address_gets_429_with_retry_after(db_url):
    with make_client(db_url, creation_limit=(5, 60.0)) as client:
        answers = [client.post("/api/games", json={"game": "strategic-reserve"}) for _ in range(8)]
        assert [a.status_code for a in answers] == [201] * 5 + [429] * 3
        assert int(answers[-1].headers["Retry-After"]) >= 1 and "too many" in answers[-1].json()["error"]
        assert client.get("/api/games").status_code == 200 and len(client.get("/api/games").json()) == 5


def test_every_page_and_answer_carries_the_security_headers(client):
    game_id, _ = two_humans(client)
    for path in ("/", f"/g/{game_id}", "/static/js/game.js", "/api/catalog", f"/api/games/{game_id}", "/nope"):
        headers = client.get(path).headers
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self'" in headers["content-security-policy"]
    assert client.get("/docs").status_code == 404 and client.get("/redoc").status_code == 404


def test_finished_and_idle_games_leave_memory_and_come_back_on_demand(db_url):
    with make_client(db_url, idle_seconds=0.2, sweep_seconds=0.1) as client:
        game_id, tokens = two_humans(client)
        view = view_of(client, game_id, tokens["0"])
        service = client.app.state.service
        deadline = time.monotonic() + 10
        while service.loaded():
            assert time.monotonic() < deadline, "the idle game never left memory"
            time.sleep(0.05)
        assert view_of(client, game_id, tokens["0"]) == view  # loaded again, exactly as it was
        assert service.loaded() == 1


def test_a_sqlite_uri_url_is_refused_with_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="plain path"):
        Store(f"sqlite:///file:{tmp_path}/games.db?mode=ro&uri=true")
    assert not any(path.name.startswith("file:") for path in tmp_path.iterdir())


def test_start_up_listens_at_once_and_loads_only_the_games_waiting_for_the_server(db_url):
    with make_client(db_url) as client:
        for _ in range(5):
            two_humans(client)
        bot_game = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "bot:random"]}).json()
        token = bot_game["tokens"]["0"]
        client.app.state.service._closing.set()  # the bots stop, as when the server is killed mid-game
        view = view_of(client, bot_game["id"], token)
        client.post(f"/api/games/{bot_game['id']}/moves", json={"move": view["moves"][0]}, headers=auth(token))
    with make_client(db_url) as client:
        service = client.app.state.service
        assert client.get("/healthz").status_code == 200
        assert service.resumed.wait(30) and service.wait_for_bots(30)
        assert service.loaded() == 1  # the bot's game only; the five waiting for people stay on disk
        assert view_of(client, bot_game["id"], token)["player"] == 0
