"""Issue 29's play defects on the server side: a plain 404 page for an unknown game id, a clocked
game's first move that cannot wait for ever, and a declined draw offer the offerer can read."""

from __future__ import annotations

import time

from abstracta.server import controls
from tests.server.conftest import auth, settle, view_of
from tests.server.test_api import new_game


def test_an_unknown_game_id_gets_a_plain_not_found_page(client):
    game_id, _ = new_game(client, "laser-chess", ["human", "human"], seed=1)
    known = client.get(f"/g/{game_id}")
    assert known.status_code == 200 and 'data-testid="board"' in known.text
    unknown = client.get("/g/no-such-game%3Cb%3E")
    assert unknown.status_code == 404
    assert "No such game" in unknown.text and "no-such-game&lt;b&gt;" in unknown.text  # the id, escaped
    assert 'data-testid="board"' not in unknown.text and "<script" not in unknown.text  # no game page, no controls
    assert 'href="/"' in unknown.text  # the way back to the lobby
    assert client.get("/g/" + "x" * 65).status_code == 404


def test_the_first_move_of_a_clocked_game_has_a_finite_limit(client, monkeypatch):
    generous = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                               "clock": {"minutes": 1}}).json()  # fmt: skip
    clock = view_of(client, generous["id"])["controls"]["clock"]
    assert clock["running"] is None and clock["left"] == [60.0, 60.0]  # the first move is still not charged
    assert clock["first_move"]["seat"] == 0
    assert controls.FIRST_MOVE_MIN_SECONDS - 5 < clock["first_move"]["left"] <= controls.FIRST_MOVE_MIN_SECONDS
    blue = view_of(client, generous["id"], generous["tokens"]["0"])["moves"][0]
    client.post(f"/api/games/{generous['id']}/moves", json={"move": blue}, headers=auth(generous["tokens"]["0"]))
    assert "first_move" not in view_of(client, generous["id"])["controls"]["clock"]  # made: the clocks run as before
    # A short limit (the clock's 1.5 s once the floor is lifted): the flag falls without any request.
    monkeypatch.setattr(controls, "FIRST_MOVE_MIN_SECONDS", 0.0)
    made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                           "clock": {"minutes": 0.025}}).json()  # fmt: skip
    assert view_of(client, made["id"])["controls"]["clock"]["first_move"]["left"] <= 1.5
    time.sleep(1.8)
    seen = view_of(client, made["id"])
    assert seen["over"] and seen["returns"] == [-1.0, 1.0]
    assert seen["controls"]["ended"] == {"returns": [-1.0, 1.0], "termination": "time", "by": 0}


def test_a_declined_draw_offer_stays_readable_until_the_offerer_moves(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "bot:random"], seed=1)
    offered = client.post(f"/api/games/{game_id}/draw", json={"action": "offer"}, headers=auth(tokens["0"])).json()
    assert offered["controls"]["draw_offer"] is None and offered["controls"]["draw_declined"] == 1  # the bot said no
    blue = view_of(client, game_id, tokens["0"])["moves"][0]
    client.post(f"/api/games/{game_id}/moves", json={"move": blue}, headers=auth(tokens["0"]))
    settle(client)
    assert "draw_declined" not in view_of(client, game_id)["controls"]  # the offerer moved on
