"""WebSocket pushes: each watcher gets its own seat's view after every move, and bad requests are refused."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import auth, settle, view_of


def create(client, seats):
    created = client.post("/api/games", json={"game": "strategic-reserve", "seats": seats}).json()
    return created["id"], created["tokens"]


def test_watchers_get_their_own_view_after_every_move(client):
    game_id, tokens = create(client, ["human", "human"])
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens['0']}") as red, \
            client.websocket_connect(f"/ws/games/{game_id}") as spectator:  # fmt: skip
        first = red.receive_json()
        assert first == view_of(client, game_id, tokens["0"]) and first["you"] == 0 and first["moves"]
        assert spectator.receive_json()["you"] is None
        response = client.post(f"/api/games/{game_id}/moves", json={"move": first["moves"][0]},
                               headers=auth(tokens["0"]))  # fmt: skip
        assert response.status_code == 200
        rolled = red.receive_json()  # the placement and Blue's roll, stored and pushed together
        assert rolled["ply"] == first["ply"] + 2 and rolled["history_players"][-2:] == [0, -1]
        assert rolled["history"][-2] == first["moves"][0] and rolled["player"] == 1 and rolled["moves"] == []
        assert rolled == view_of(client, game_id, tokens["0"])
        assert spectator.receive_json() == view_of(client, game_id)


def test_bot_moves_are_pushed(client):
    game_id, tokens = create(client, ["bot:random", "human"])
    settle(client)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens['1']}") as blue:
        view = blue.receive_json()
        assert view["player"] == 1 and view["moves"]
        client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(tokens["1"]))
        seen = [blue.receive_json() for _ in range(2)]  # Blue places and Red rolls; the bot places and Blue rolls
        assert [v["ply"] for v in seen] == [view["ply"] + 2, view["ply"] + 4]
        assert seen[-1]["player"] == 1 and seen[-1]["moves"]


@pytest.mark.parametrize("path, word", [("/ws/games/nope", "no game"), (None, "token")])
def test_bad_watch_requests_get_an_error_and_close(client, path, word):
    game_id, _ = create(client, ["human", "human"])
    with client.websocket_connect(path or f"/ws/games/{game_id}?token=wrong") as socket:
        assert word in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code in (4403, 4404)
