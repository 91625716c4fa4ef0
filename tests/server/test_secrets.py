"""Secrets: server-drawn seeds too large to search, hidden setups no client can choose, one-time invites."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

import abstracta
from tests.server.conftest import auth, make_client, view_of


def create(client, game, seats, **extra):
    response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    return response.json()


# -- seeds ------------------------------------------------------------------------
def test_a_quin_setup_comes_from_a_seed_far_beyond_any_search_and_survives_a_restart(db_url):
    with make_client(db_url) as client:
        seeds = [client.app.state.service.get(create(client, "quin", ["me", "me"])["id"]).seed for _ in range(4)]
        assert all(seed > 2**64 for seed in seeds) and len(set(seeds)) == 4
        game_id = create(client, "quin", ["me", "me"])["id"]
        seed = client.app.state.service.get(game_id).seed
    with make_client(db_url) as client:  # the store keeps every bit of it
        assert client.app.state.service.get(game_id).seed == seed


def test_a_client_seed_is_refused_for_hidden_games_and_kept_for_the_others(client):
    hidden = [slug for slug in abstracta.games() if not abstracta.load(slug).perfect_information]
    assert "quin" in hidden
    for slug in hidden:
        response = client.post("/api/games", json={"game": slug, "seed": 7})
        assert response.status_code == 422 and "seed" in response.json()["error"]
    big = 2**200 + 3
    game_id = create(client, "strategic-reserve", ["me", "me"], seed=big)["id"]
    assert client.app.state.service.get(game_id).seed == big


def test_start_still_takes_any_non_negative_seed():
    for slug in abstracta.games():
        game = abstracta.load(slug)
        assert game.start(seed=2**300 + 1).notation() == game.start(seed=2**300 + 1).notation()


# -- invites ----------------------------------------------------------------------
def test_an_invite_opens_the_friends_seat_once_and_the_creator_never_holds_it(client):
    created = create(client, "strategic-reserve", ["me", "friend"])
    game_id, mine, code = created["id"], created["tokens"]["0"], created["invites"]["1"]
    assert list(created["tokens"]) == ["0"] and list(created["invites"]) == ["1"]
    assert view_of(client, game_id, mine)["waiting_for"] == [1]
    for secret in (code,):  # the code is no token: it opens no seat
        assert client.get(f"/api/games/{game_id}", headers=auth(secret)).status_code == 403
    joined = client.post(f"/api/invites/{code}")
    assert joined.status_code == 200
    body = joined.json()
    assert body["game"] == game_id and body["seat"] == 1 and body["token"] not in (mine, code)
    assert client.post(f"/api/invites/{code}").status_code == 410
    assert client.post("/api/invites/not-a-code").status_code == 404
    friend = body["token"]
    assert view_of(client, game_id, friend)["you"] == 1
    assert view_of(client, game_id, mine)["you"] == 0 and view_of(client, game_id, mine)["waiting_for"] == []
    # The creator's token plays seat 0 only: never the friend's moves.
    view = view_of(client, game_id, mine)
    client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(mine))
    now = view_of(client, game_id, friend)
    assert now["player"] == 1 and now["moves"]
    refused = client.post(f"/api/games/{game_id}/moves", json={"move": now["moves"][0]}, headers=auth(mine))
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
    assert client.post(f"/api/games/{game_id}/moves", json={"move": now["moves"][0]}, headers=auth(friend)).status_code == 200


def test_two_racing_uses_of_one_invite_give_one_seat(client):
    import threading

    code = create(client, "strategic-reserve", ["friend", "friend"])["invites"]["0"]
    results, barrier = [], threading.Barrier(4)

    def use():
        barrier.wait()
        results.append(client.post(f"/api/invites/{code}").status_code)

    threads = [threading.Thread(target=use) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200, 410, 410, 410]


def test_no_token_or_code_is_in_any_list_view_replay_push_or_the_database(client, db_url):
    created = create(client, "strategic-reserve", ["me", "friend"])
    game_id, mine, code = created["id"], created["tokens"]["0"], created["invites"]["1"]
    friend = client.post(f"/api/invites/{code}").json()["token"]
    secrets_ = (mine, code, friend)
    answers = [client.get("/api/games").text, client.get("/api/games?over=false").text]
    for token in (None, mine, friend):
        answers.append(client.get(f"/api/games/{game_id}", headers=auth(token)).text)
        answers.append(client.get(f"/api/games/{game_id}/replay", headers=auth(token)).text)
        with client.websocket_connect(f"/ws/games/{game_id}" + (f"?token={token}" if token else "")) as socket:
            answers.append(json.dumps(socket.receive_json()))
    for answer in answers:
        assert not any(secret in answer for secret in secrets_)
    if db_url.startswith("sqlite"):  # the database holds only digests
        raw = open(db_url.removeprefix("sqlite:///"), "rb").read()
        for name in ("-wal",):
            try:
                raw += open(db_url.removeprefix("sqlite:///") + name, "rb").read()
            except FileNotFoundError:
                pass
        assert not any(secret.encode() in raw for secret in secrets_)


def test_an_old_invite_link_with_a_wrong_code_opens_nothing(client):
    created = create(client, "strategic-reserve", ["me", "friend"])
    with client.websocket_connect(f"/ws/games/{created['id']}?token={created['invites']['1']}") as socket:
        assert "opens no seat" in socket.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_human_is_me_and_bad_seats_are_named(client):
    created = create(client, "strategic-reserve", ["human", "bot:random"])
    assert list(created["tokens"]) == ["0"] and created["invites"] == {}
    response = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "x" * 5000]})
    assert response.status_code == 400 and "friend" in response.json()["error"] and len(response.text) < 400
