"""In-game chat and presence: players only, as their own seat, text kept as text, rate-limited, pushed live."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import auth, make_client
from tests.server.test_accounts import browser, csrf, sign_up

SCRIPT = "<script>alert('x')</script><b>bold</b> & \"quotes\""


def two_seats(client: TestClient, seats: list[str] | None = None) -> tuple[str, dict[str, str]]:
    made = client.post("/api/games", json={"game": "strategic-reserve", "seats": seats or ["me", "me"]}).json()
    return made["id"], made["tokens"]


def test_players_chat_as_their_seat_and_everyone_reads_it_as_text(client):
    game_id, tokens = two_seats(client)
    posted = client.post(f"/api/games/{game_id}/chat", json={"text": SCRIPT}, headers=auth(tokens["1"]))
    assert posted.status_code == 201, posted.text
    assert posted.json()["seat"] == 1 and posted.json()["text"] == SCRIPT  # stored as it is; pages show it as text
    client.post(f"/api/games/{game_id}/chat", json={"text": "  hello\u0000\u200b  "}, headers=auth(tokens["0"]))
    messages = browser(client).get(f"/api/games/{game_id}/chat").json()["messages"]  # a spectator reads
    assert [(m["seat"], m["text"]) for m in messages] == [(1, SCRIPT), (0, "hello")]


def test_spectators_and_strangers_cannot_post_nor_speak_for_a_seat(client):
    game_id, tokens = two_seats(client)
    assert client.post(f"/api/games/{game_id}/chat", json={"text": "hi"}).status_code == 401
    assert client.post(f"/api/games/{game_id}/chat", json={"text": "hi"}, headers=auth("guess")).status_code == 403
    forged = client.post(f"/api/games/{game_id}/chat", json={"text": "hi", "seat": 0}, headers=auth(tokens["1"]))
    assert forged.status_code == 422  # the seat comes from the credential, never from the body
    stranger = browser(client)
    answer = sign_up(stranger, "stranger")
    assert stranger.post(f"/api/games/{game_id}/chat", json={"text": "hi"}, headers=csrf(answer)).status_code == 403
    assert client.get(f"/api/games/{game_id}/chat").json()["messages"] == []


def test_an_account_chats_with_its_cookie_and_csrf_token(client):
    answer = sign_up(client, "talker")
    game_id = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "friend"]},
                          headers=csrf(answer)).json()["id"]  # fmt: skip
    assert client.post(f"/api/games/{game_id}/chat", json={"text": "hi"}).status_code == 403  # no CSRF token
    posted = client.post(f"/api/games/{game_id}/chat", json={"text": "hi"}, headers=csrf(answer))
    assert posted.status_code == 201 and posted.json()["seat"] == 0


def test_messages_have_bounds_and_a_rate_limit_per_seat(client):
    game_id, tokens = two_seats(client)
    post = lambda text, seat="0": client.post(f"/api/games/{game_id}/chat", json={"text": text}, headers=auth(tokens[seat]))  # noqa: E731
    assert post("x" * 501).status_code == 400
    assert post("   ").status_code == 400
    assert post("é" * 500).status_code == 201
    for _ in range(4):
        assert post("ok").status_code == 201
    limited = post("one too many")
    assert limited.status_code == 429 and "seat" in limited.json()["error"] and limited.headers["Retry-After"]
    assert post("the other seat has its own allowance", "1").status_code == 201
    assert client.post("/api/games/nope/chat", json={"text": "hi"}, headers=auth(tokens["0"])).status_code == 404


def test_chat_and_presence_are_pushed_to_the_pages_that_ask_for_them(db_url):
    with make_client(db_url) as client:
        game_id, tokens = two_seats(client)
        with client.websocket_connect(f"/ws/games/{game_id}?token={tokens['0']}&extras=1") as red:
            assert red.receive_json()["you"] == 0
            assert red.receive_json() == {"presence": [True, False]}
            with client.websocket_connect(f"/ws/games/{game_id}?extras=1") as spectator:
                spectator.receive_json()
                assert spectator.receive_json() == {"presence": [True, False]}  # spectators do not count
                assert red.receive_json() == {"presence": [True, False]}
                with client.websocket_connect(f"/ws/games/{game_id}?token={tokens['1']}&extras=1") as blue:
                    blue.receive_json()
                    for socket in (blue, red, spectator):
                        assert socket.receive_json() == {"presence": [True, True]}
                    client.post(f"/api/games/{game_id}/chat", json={"text": SCRIPT}, headers=auth(tokens["1"]))
                    for socket in (blue, red, spectator):
                        assert socket.receive_json()["chat"]["text"] == SCRIPT
                for socket in (red, spectator):
                    assert socket.receive_json() == {"presence": [True, False]}
        with client.websocket_connect(f"/ws/games/{game_id}") as plain:  # no extras: views only, as before
            assert "you" in plain.receive_json()


def test_a_bot_s_seat_is_always_present(client):
    game_id, tokens = two_seats(client, ["me", "bot:random"])
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens['0']}&extras=1") as socket:
        socket.receive_json()
        assert socket.receive_json() == {"presence": [True, True]}
