"""Open seeks over the API and the lobby's live channel: creating, listing, accepting, cancelling, presence."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from abstracta.server.seeks import MAX_OPEN_PER_CREATOR
from tests.server.conftest import auth, make_client, view_of
from tests.server.test_accounts import browser, csrf, sign_up

CASUAL = {"game": "strategic-reserve", "options": {}, "clock": None, "rated": False}
RATED = {**CASUAL, "rated": True}


def create(client: TestClient, body: dict, headers: dict | None = None) -> dict:
    made = client.post("/api/seeks", json=body, headers=headers or {})
    assert made.status_code == 201, made.text
    return made.json()


def test_an_anonymous_casual_seek_is_listed_accepted_and_both_land_in_the_game(client):
    made = create(client, CASUAL)
    rows = client.get("/api/seeks").json()
    assert [row["id"] for row in rows] == [made["id"]]
    row = rows[0]
    assert row["creator"] == "anonymous" and row["game"] == "strategic-reserve" and row["rated"] is False
    assert row["clock"] is None and row["range"] is None and row["created"]
    other = browser(client)
    accepted = other.post(f"/api/seeks/{made['id']}/accept")
    assert accepted.status_code == 201, accepted.text
    game = accepted.json()
    assert view_of(other, game["game"], game["token"])["you"] == game["seat"]
    started = client.get(f"/api/seeks/{made['id']}", headers=auth(made["token"])).json()
    assert started["game"] == game["game"] and started["seat"] == 1 - game["seat"]
    assert view_of(client, game["game"], started["token"])["you"] == started["seat"]
    assert client.get("/api/seeks").json() == []
    assert other.get(f"/api/seeks/{made['id']}").status_code == 403  # the creator's seat token is theirs alone
    assert other.post(f"/api/seeks/{made['id']}/accept").status_code == 404  # gone once accepted


def test_rated_seeks_need_two_accounts_and_a_two_player_game(client):
    refused = client.post("/api/seeks", json=RATED)
    assert refused.status_code == 400 and "account" in refused.json()["error"]
    alice = sign_up(client, "alice")
    four = client.post("/api/seeks", json={**RATED, "game": "desfases"}, headers=csrf(alice))
    assert four.status_code == 400 and "two-player" in four.json()["error"]
    assert client.post("/api/seeks", json=RATED).status_code == 403  # a cookie without its CSRF token
    made = create(client, RATED, csrf(alice))
    assert client.get("/api/seeks").json()[0]["creator"] == "alice"
    anonymous = browser(client)
    refused = anonymous.post(f"/api/seeks/{made['id']}/accept")
    assert refused.status_code == 400 and "account" in refused.json()["error"]
    bob = browser(client)
    bob_answer = sign_up(bob, "bob")
    accepted = bob.post(f"/api/seeks/{made['id']}/accept", headers=csrf(bob_answer))
    assert accepted.status_code == 201, accepted.text
    game_id, seat = accepted.json()["game"], accepted.json()["seat"]
    # Both open their seats with their cookies alone, on any device.
    assert bob.get(f"/api/games/{game_id}").json()["you"] == seat
    assert client.get(f"/api/games/{game_id}").json()["you"] == 1 - seat
    store = client.app.state.store
    with store.engine.connect() as connection:
        from sqlalchemy import text

        assert connection.execute(text("SELECT rated FROM games WHERE id = :id"), {"id": game_id}).scalar() in (1, True)


def test_a_casual_game_of_more_players_gives_the_creator_the_other_seats_invites(client):
    made = create(client, {**CASUAL, "game": "desfases"})
    game = browser(client).post(f"/api/seeks/{made['id']}/accept").json()
    started = client.get(f"/api/seeks/{made['id']}", headers=auth(made["token"])).json()
    assert len(started["invites"]) == 2 and started["seat"] != game["seat"]
    seats = {started["seat"], game["seat"], *map(int, started["invites"])}
    assert seats == {0, 1, 2, 3}


def test_nobody_accepts_their_own_seek_nor_cancels_another_s(client):
    alice = sign_up(client, "alice")
    mine = create(client, CASUAL, csrf(alice))
    own = client.post(f"/api/seeks/{mine['id']}/accept", headers=csrf(alice))
    assert own.status_code == 403 and "own" in own.json()["error"]
    anonymous = create(browser(client), CASUAL)
    assert client.post(f"/api/seeks/{anonymous['id']}/accept", headers=auth(anonymous["token"])).status_code == 403
    bob = browser(client)
    bob_answer = sign_up(bob, "bob")
    assert bob.delete(f"/api/seeks/{mine['id']}", headers=csrf(bob_answer)).status_code == 403
    assert bob.delete(f"/api/seeks/{anonymous['id']}").status_code == 403
    assert bob.delete(f"/api/seeks/{anonymous['id']}", headers=auth("guess")).status_code == 403
    assert client.delete(f"/api/seeks/{mine['id']}").status_code == 403  # the cookie without its CSRF token
    assert len(client.get("/api/seeks").json()) == 2
    assert client.delete(f"/api/seeks/{mine['id']}", headers=csrf(alice)).status_code == 200
    assert browser(client).delete(f"/api/seeks/{anonymous['id']}", headers=auth(anonymous["token"])).status_code == 200
    assert client.get("/api/seeks").json() == []
    assert client.delete(f"/api/seeks/{mine['id']}", headers=csrf(alice)).status_code == 404


@pytest.mark.parametrize("clock, word", [({"days": 0}, "days"), ({"days": 15}, "days"), ({"days": 1.5}, "days"),
                                         ({"minutes": -1}, "minutes"), ({"hours": 1}, "clock"), ({"days": 1, "minutes": 3}, "clock")])  # fmt: skip
def test_bad_clocks_ranges_and_games_are_refused(client, clock, word):
    refused = client.post("/api/seeks", json={**CASUAL, "clock": clock})
    assert refused.status_code == 400 and word in refused.json()["error"]


def test_ranges_and_limits(client):
    assert client.post("/api/seeks", json={**CASUAL, "rating_range": [1000, 2000]}).status_code == 400
    alice = sign_up(client, "alice")
    for bad in ([2000, 1000], [1, 2, 3], [-5, 100]):
        assert client.post("/api/seeks", json={**RATED, "rating_range": bad}, headers=csrf(alice)).status_code in (400, 422)
    high = create(client, {**RATED, "rating_range": [1600, 2000]}, csrf(alice))
    bob = browser(client)
    bob_answer = sign_up(bob, "bob")
    outside = bob.post(f"/api/seeks/{high['id']}/accept", headers=csrf(bob_answer))
    assert outside.status_code == 403 and "1600" in outside.json()["error"]  # a new account counts as 1500
    for _ in range(MAX_OPEN_PER_CREATOR - 1):
        create(client, RATED, csrf(alice))
    too_many = client.post("/api/seeks", json=RATED, headers=csrf(alice))
    assert too_many.status_code == 429


def test_a_correspondence_seek_shows_the_time_to_move_and_flags_the_late_player(db_url):
    with make_client(db_url, day_seconds=0.6) as client:
        made = create(client, {**CASUAL, "clock": {"days": 2}})
        game = browser(client).post(f"/api/seeks/{made['id']}/accept").json()
        clock = view_of(client, game["game"])["controls"]["clock"]
        assert clock["days"] == 2 and clock["running"] == 0 and 0 < clock["left"][0] <= 1.2
        deadline = time.monotonic() + 10
        while not view_of(client, game["game"])["over"] and time.monotonic() < deadline:
            time.sleep(0.1)
        seen = view_of(client, game["game"])
        assert seen["over"] and seen["controls"]["ended"]["termination"] == "time" and seen["returns"] == [-1.0, 1.0]


def test_each_move_gets_the_full_correspondence_time(db_url):
    with make_client(db_url, day_seconds=60) as client:
        made = create(client, {**CASUAL, "clock": {"days": 1}})
        game = browser(client).post(f"/api/seeks/{made['id']}/accept").json()
        token = game["token"] if game["seat"] == 0 else client.get(f"/api/seeks/{made['id']}",
                                                                     headers=auth(made["token"])).json()["token"]  # fmt: skip
        time.sleep(0.3)
        view = view_of(client, game["game"], token)
        played = client.post(f"/api/games/{game['game']}/moves", json={"move": view["moves"][0], "ply": view["ply"]},
                             headers=auth(token))  # fmt: skip
        assert played.status_code == 200
        clock = view_of(client, game["game"])["controls"]["clock"]
        assert clock["running"] == 1 and clock["left"][1] > 59.5 and clock["left"][0] == 60


def test_the_lobby_sees_seeks_come_and_go_and_the_creator_is_told_of_the_start(client):
    with client.websocket_connect("/ws/lobby") as creator_page, browser(client).websocket_connect("/ws/lobby") as other:
        assert creator_page.receive_json() == {"seeks": []} and other.receive_json() == {"seeks": []}
        made = create(client, CASUAL)
        assert creator_page.receive_json()["seek"]["id"] == made["id"]
        assert other.receive_json()["seek"]["id"] == made["id"]
        creator_page.send_json({"own": [made["token"]]})
        game = browser(client).post(f"/api/seeks/{made['id']}/accept").json()
        assert other.receive_json() == {"gone": made["id"], "why": "accepted"}
        assert creator_page.receive_json() == {"gone": made["id"], "why": "accepted"}
        started = creator_page.receive_json()["started"]
        assert started["game"] == game["game"] and view_of(client, game["game"], started["token"])["you"] == started["seat"]


def test_an_account_s_lobby_page_is_told_without_a_token(client):
    alice = sign_up(client, "alice")
    with client.websocket_connect("/ws/lobby") as page:
        page.receive_json()
        made = create(client, CASUAL, csrf(alice))
        page.receive_json()
        game = browser(client).post(f"/api/seeks/{made['id']}/accept").json()
        assert page.receive_json()["gone"] == made["id"]
        started = page.receive_json()["started"]
        assert "token" not in started and started["game"] == game["game"]
        assert client.get(f"/api/games/{game['game']}").json()["you"] == started["seat"]


def test_a_seek_goes_when_its_creator_has_had_no_lobby_page_for_the_timeout(db_url):
    with make_client(db_url, seek_absent_seconds=0.4) as client:
        kept, dropped = create(client, CASUAL), create(browser(client), CASUAL)
        with client.websocket_connect("/ws/lobby") as page:
            page.receive_json()
            page.send_json({"own": [kept["token"]]})
            deadline = time.monotonic() + 10
            while len(client.get("/api/seeks").json()) > 1 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert [row["id"] for row in client.get("/api/seeks").json()] == [kept["id"]]
            assert page.receive_json() == {"gone": dropped["id"], "why": "absent"}
            time.sleep(0.8)  # present all along: it stays
            assert [row["id"] for row in client.get("/api/seeks").json()] == [kept["id"]]
        deadline = time.monotonic() + 10
        while client.get("/api/seeks").json() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/api/seeks").json() == []


def test_seeks_survive_a_restart_and_the_seat_colour_is_the_server_s_draw(db_url):
    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        made = create(client, CASUAL, csrf(alice))
    with make_client(db_url, seek_rng=random.Random(1)) as client:
        rows = client.get("/api/seeks").json()
        assert [(row["id"], row["creator"]) for row in rows] == [(made["id"], "alice")]
        game = client.post(f"/api/seeks/{made['id']}/accept").json()
        assert game["seat"] == 1 - random.Random(1).randrange(2)


def test_a_disabled_user_s_seeks_go(db_url):
    from abstracta.server.accounts import Accounts

    with make_client(db_url) as client:
        alice = sign_up(client, "alice")
        create(client, CASUAL, csrf(alice))
        Accounts(client.app.state.store).disable("alice")  # as `abstracta user disable` does
        assert client.app.state.seeks.sweep() and client.get("/api/seeks").json() == []


def test_a_rated_seek_s_game_changes_both_ratings(client):
    alice = sign_up(client, "alice")
    made = create(client, RATED, csrf(alice))
    bob = browser(client)
    bob_answer = sign_up(bob, "bob")
    game = bob.post(f"/api/seeks/{made['id']}/accept", headers=csrf(bob_answer)).json()
    assert bob.post(f"/api/games/{game['game']}/resign", headers=csrf(bob_answer)).status_code == 200
    ratings = {name: client.get(f"/api/users/{name}").json()["ratings"]["strategic-reserve"] for name in ("alice", "bob")}
    assert ratings["alice"]["rating"] > 1500 > ratings["bob"]["rating"]
    assert ratings["alice"]["games"] == ratings["bob"]["games"] == 1
