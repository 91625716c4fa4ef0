"""Resign, draw offers and rematches through the API; they survive a restart and end games for the lobby too."""

from __future__ import annotations

import time

from tests.server.conftest import auth, make_client, settle, view_of
from tests.server.test_api import new_game


def post(client, path, token=None, body=None):
    return client.post(path, json=body if body is not None else {}, headers=auth(token))


def test_resign_ends_the_game_for_the_other_seat(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    assert post(client, f"/api/games/{game_id}/resign").status_code == 401
    assert post(client, f"/api/games/{game_id}/resign", "wrong").status_code == 403
    answer = post(client, f"/api/games/{game_id}/resign", tokens["1"])
    assert answer.status_code == 200, answer.text
    seen = answer.json()
    assert seen["over"] and seen["returns"] == [1.0, -1.0] and seen["moves"] == []
    assert seen["controls"]["ended"]["termination"] == "resigned"
    assert view_of(client, game_id, tokens["0"])["moves"] == []  # Blue cannot move any more
    refused = post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": "j1-"})
    assert refused.status_code == 409
    assert post(client, f"/api/games/{game_id}/resign", tokens["0"]).status_code == 409
    [row] = [r for r in client.get("/api/games?over=true").json() if r["id"] == game_id]
    assert row["returns"] == [1.0, -1.0]
    assert "[Termination \"resigned\"]" in client.get(f"/api/games/{game_id}/record").text


def test_draw_offer_accept_decline_and_lapse(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    draw = f"/api/games/{game_id}/draw"
    assert post(client, draw, tokens["0"], {"action": "accept"}).status_code == 409  # nothing to accept
    assert post(client, draw, tokens["0"], {"action": "maybe"}).status_code == 422
    offered = post(client, draw, tokens["0"], {"action": "offer"}).json()
    assert offered["controls"]["draw_offer"] == 0
    assert post(client, draw, tokens["0"], {"action": "accept"}).status_code == 409  # not one's own
    assert post(client, draw, tokens["1"], {"action": "decline"}).json()["controls"]["draw_offer"] is None
    post(client, draw, tokens["0"], {"action": "offer"})
    blue = view_of(client, game_id, tokens["0"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": blue})
    assert view_of(client, game_id)["controls"]["draw_offer"] == 0  # stands through the offerer's own move
    red = view_of(client, game_id, tokens["1"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["1"], {"move": red})
    assert view_of(client, game_id)["controls"]["draw_offer"] is None  # the other seat moved: lapsed
    post(client, draw, tokens["1"], {"action": "offer"})
    accepted = post(client, draw, tokens["0"], {"action": "accept"}).json()
    assert accepted["over"] and accepted["returns"] == [0.0, 0.0]
    assert accepted["controls"]["ended"]["termination"] == "draw agreed"


def test_a_bot_declines_a_draw_and_controls_are_for_two_players(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "bot:random"], seed=1)
    assert post(client, f"/api/games/{game_id}/draw", tokens["0"], {"action": "offer"}).json()["controls"]["draw_offer"] is None
    four, four_tokens = new_game(client, "desfases", ["human"] * 4, seed=1)
    assert post(client, f"/api/games/{four}/resign", four_tokens["0"]).status_code == 409
    assert view_of(client, four, four_tokens["0"])["controls"]["can_resign"] is False


def test_rematch_swaps_the_seats_and_each_player_claims_theirs(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    assert post(client, f"/api/games/{game_id}/rematch", tokens["0"]).status_code == 409  # not over yet
    post(client, f"/api/games/{game_id}/resign", tokens["0"])
    made = post(client, f"/api/games/{game_id}/rematch", tokens["0"])
    assert made.status_code == 201, made.text
    new_id = made.json()["id"]
    assert set(made.json()["tokens"]) == {"1"}  # Blue before, Red now
    assert view_of(client, new_id, made.json()["tokens"]["1"])["you"] == 1
    assert post(client, f"/api/games/{game_id}/rematch", tokens["1"]).status_code == 409  # one rematch
    assert view_of(client, game_id, tokens["1"])["controls"]["rematch"] == new_id
    assert view_of(client, game_id, tokens["1"])["controls"]["rematch_seat"] == 0
    claimed = post(client, f"/api/games/{new_id}/claim", tokens["1"], {"previous": game_id})
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["seat"] == 0
    assert view_of(client, new_id, claimed.json()["token"])["you"] == 0
    assert post(client, f"/api/games/{new_id}/claim", tokens["1"], {"previous": game_id}).status_code == 410
    assert view_of(client, new_id)["waiting_for"] == []


def test_the_rematch_asker_gets_nothing_that_opens_the_rivals_seat(client):
    # A Quin rematch: whoever took the rival's seat would see the rival's hidden setup.
    created = client.post("/api/games", json={"game": "quin", "options": {"setup": "manual"},
                                              "seats": ["me", "friend"]}).json()  # fmt: skip
    game_id, asker_old = created["id"], created["tokens"]["0"]
    rival_old = client.post(f"/api/invites/{created['invites']['1']}").json()["token"]
    post(client, f"/api/games/{game_id}/resign", rival_old)
    made = post(client, f"/api/games/{game_id}/rematch", asker_old)
    assert made.status_code == 201, made.text
    new_id, asker_new = made.json()["id"], made.json()["tokens"]["1"]
    assert made.json()["invites"] == {}  # no code for the rival's seat in the asker's hands
    for code in _strings(made.json()) - {new_id, asker_new, "1"}:
        assert client.post(f"/api/invites/{code}").status_code == 404
    rival_seat = view_of(client, game_id, rival_old)["controls"]["rematch_seat"]
    assert rival_seat == 0 and view_of(client, game_id, asker_old)["controls"]["rematch_seat"] == 1
    # The asker's old token claims only the asker's own seat, taken already: never the rival's.
    assert post(client, f"/api/games/{new_id}/claim", asker_old, {"previous": game_id}).status_code == 410
    assert view_of(client, new_id, asker_new)["waiting_for"] == [rival_seat]
    claimed = post(client, f"/api/games/{new_id}/claim", rival_old, {"previous": game_id})
    assert claimed.status_code == 200, claimed.text
    assert view_of(client, new_id, claimed.json()["token"])["you"] == rival_seat


def _strings(value) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*map(_strings, value.values()))
    if isinstance(value, list):
        return set().union(*map(_strings, value))
    return set()


def test_rematch_against_a_bot_keeps_the_bot(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "bot:random"], seed=1)
    settle(client)
    post(client, f"/api/games/{game_id}/resign", tokens["0"])
    made = post(client, f"/api/games/{game_id}/rematch", tokens["0"]).json()
    assert view_of(client, made["id"])["seats"] == ["bot:random", "human"]


def test_controls_survive_a_restart(db_url):
    with make_client(db_url) as client:
        game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
        post(client, f"/api/games/{game_id}/draw", tokens["1"], {"action": "offer"})
        other, other_tokens = new_game(client, "laser-chess", ["human", "human"], seed=2)
        post(client, f"/api/games/{other}/resign", other_tokens["0"])
        post(client, f"/api/games/{other}/rematch", other_tokens["1"])
    with make_client(db_url) as client:
        assert view_of(client, game_id)["controls"]["draw_offer"] == 1
        seen = view_of(client, other)
        assert seen["over"] and seen["returns"] == [-1.0, 1.0] and seen["controls"]["rematch"]


def test_takeback_between_people_and_against_the_easy_bot(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    takeback = f"/api/games/{game_id}/takeback"
    assert post(client, takeback, tokens["0"], {"action": "request"}).status_code == 409  # nothing to take back
    start = client.app.state.service.get(game_id).state.notation()
    blue = view_of(client, game_id, tokens["0"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": blue})
    red = view_of(client, game_id, tokens["1"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["1"], {"move": red})
    asked = post(client, takeback, tokens["0"], {"action": "request"}).json()
    assert asked["controls"]["takeback_request"] == 0 and asked["ply"] == 2
    assert post(client, takeback, tokens["1"], {"action": "decline"}).json()["controls"]["takeback_request"] is None
    post(client, takeback, tokens["0"], {"action": "request"})
    done = post(client, takeback, tokens["1"], {"action": "accept"}).json()
    assert done["ply"] == 0 and done["history"] == [] and done["position"] == start  # Blue's move and Red's reply
    assert view_of(client, game_id, tokens["0"])["moves"]
    # Against the easy bot a takeback is granted at once; against a stronger bot never.
    easy, easy_tokens = new_game(client, "laser-chess", ["human", "bot:easy"], seed=1)
    move = view_of(client, easy, easy_tokens["0"])["moves"][0]
    post(client, f"/api/games/{easy}/moves", easy_tokens["0"], {"move": move})
    settle(client)
    granted = post(client, f"/api/games/{easy}/takeback", easy_tokens["0"], {"action": "request"})
    assert granted.status_code == 200 and granted.json()["ply"] == 0
    hard, hard_tokens = new_game(client, "laser-chess", ["human", "bot:hard"], seed=1)
    move = view_of(client, hard, hard_tokens["0"])["moves"][0]
    post(client, f"/api/games/{hard}/moves", hard_tokens["0"], {"move": move})
    settle(client)
    refused = post(client, f"/api/games/{hard}/takeback", hard_tokens["0"], {"action": "request"})
    assert refused.status_code == 409 and "easy" in refused.json()["error"]


def test_no_takeback_once_a_roll_is_seen_nor_with_hidden_pieces(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"], seed=1)
    mover = str(view_of(client, game_id)["player"])
    move = view_of(client, game_id, tokens[mover])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens[mover], {"move": move})  # the rival's roll follows at once
    refused = post(client, f"/api/games/{game_id}/takeback", tokens[mover], {"action": "request"})
    assert refused.status_code == 409 and "roll" in refused.json()["error"]
    quin, quin_tokens = new_game(client, "quin", ["human", "human"], {"setup": "manual"})
    post(client, f"/api/games/{quin}/moves", quin_tokens["0"], {"move": "place T f3"})
    refused = post(client, f"/api/games/{quin}/takeback", quin_tokens["0"], {"action": "request"})
    assert refused.status_code == 409 and "hidden" in refused.json()["error"]


def test_a_takeback_survives_a_restart(db_url):
    with make_client(db_url) as client:
        game_id, tokens = new_game(client, "laser-chess", ["human", "bot:easy"], seed=1)
        move = view_of(client, game_id, tokens["0"])["moves"][0]
        post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": move})
        settle(client)
        assert post(client, f"/api/games/{game_id}/takeback", tokens["0"], {"action": "request"}).status_code == 200
    with make_client(db_url) as client:
        seen = view_of(client, game_id, tokens["0"])
        assert seen["ply"] == 0 and seen["moves"]


def test_a_clock_runs_for_the_seat_to_move_and_its_flag_ends_the_game(client):
    made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                           "clock": {"minutes": 0.025, "increment": 0.5}})  # fmt: skip
    assert made.status_code == 201, made.text
    game_id, tokens = made.json()["id"], made.json()["tokens"]
    clock = view_of(client, game_id)["controls"]["clock"]
    assert clock["left"] == [1.5, 1.5] and clock["running"] is None  # nothing runs before the first move
    blue = view_of(client, game_id, tokens["0"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": blue})
    clock = view_of(client, game_id)["controls"]["clock"]
    assert clock["running"] == 1 and clock["left"][0] == 2.0  # the first move is free, and earns the increment
    time.sleep(3.0)
    seen = view_of(client, game_id)
    assert seen["over"] and seen["returns"] == [1.0, -1.0] and seen["controls"]["ended"]["termination"] == "time"
    red = post(client, f"/api/games/{game_id}/moves", tokens["1"], {"move": "j8+"})
    assert red.status_code == 409


def test_bots_clocks_run_and_clocks_are_checked(db_url):
    with make_client(db_url, bot_pause=0.2) as client:  # the bot takes at least 0.2 s a move
        check_bot_clock(client)


def check_bot_clock(client):
    made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "bot:random"], "seed": 1,
                                           "clock": {"minutes": 5}})  # fmt: skip
    game_id, tokens = made.json()["id"], made.json()["tokens"]
    blue = view_of(client, game_id, tokens["0"])["moves"][0]
    post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": blue})
    settle(client)
    clock = view_of(client, game_id)["controls"]["clock"]
    assert clock["running"] == 0 and clock["left"][1] <= 299.8  # the bot's thinking was charged
    bad = client.post("/api/games", json={"game": "laser-chess", "clock": {"minutes": -1}})
    assert bad.status_code == 400 and "clock" in bad.json()["error"]
    four = client.post("/api/games", json={"game": "desfases", "clock": {"minutes": 5}})
    assert four.status_code == 400 and "two-player" in four.json()["error"]


def test_a_clock_survives_a_restart(db_url):
    with make_client(db_url) as client:
        made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                               "clock": {"minutes": 10, "increment": 2}}).json()  # fmt: skip
        blue = view_of(client, made["id"], made["tokens"]["0"])["moves"][0]
        post(client, f"/api/games/{made['id']}/moves", made["tokens"]["0"], {"move": blue})
        time.sleep(0.3)
        red = view_of(client, made["id"], made["tokens"]["1"])["moves"][0]
        post(client, f"/api/games/{made['id']}/moves", made["tokens"]["1"], {"move": red})
        before = view_of(client, made["id"])["controls"]["clock"]
    with make_client(db_url) as client:
        after = view_of(client, made["id"])["controls"]["clock"]
    assert after["running"] == 0 and after["base"] == 600.0
    assert abs(after["left"][1] - before["left"][1]) < 0.2 and after["left"][1] < 601.8


def test_a_rebuilt_game_s_clock_still_falls(db_url):
    with make_client(db_url) as client:
        made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                               "clock": {"minutes": 0.03}}).json()  # fmt: skip
        blue = view_of(client, made["id"], made["tokens"]["0"])["moves"][0]
        post(client, f"/api/games/{made['id']}/moves", made["tokens"]["0"], {"move": blue})
    with make_client(db_url) as client:  # a restart: the timer is armed again when the game is rebuilt
        assert not view_of(client, made["id"])["over"]
        time.sleep(3.0)
        seen = view_of(client, made["id"])
        assert seen["over"] and seen["controls"]["ended"]["termination"] == "time"


def test_a_new_game_takes_a_correspondence_clock_and_refuses_bad_ones(db_url):
    with make_client(db_url, day_seconds=60) as client:
        made = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"], "seed": 1,
                                               "clock": {"days": 2}})  # fmt: skip
        assert made.status_code == 201, made.text
        game_id, tokens = made.json()["id"], made.json()["tokens"]
        clock = view_of(client, game_id)["controls"]["clock"]
        assert clock["days"] == 2 and clock["running"] == 0 and 119 < clock["left"][0] <= 120  # two 60-second days
        time.sleep(0.3)
        blue = view_of(client, game_id, tokens["0"])["moves"][0]
        post(client, f"/api/games/{game_id}/moves", tokens["0"], {"move": blue})
        clock = view_of(client, game_id)["controls"]["clock"]
        assert clock["running"] == 1 and clock["left"][1] > 119.5  # a full allowance for each move
        for bad, word in (({"days": 0}, "days"), ({"days": 15}, "days"), ({"days": 1.5}, "days"),
                          ({"days": True}, "days"), ({"days": "3"}, "days")):  # fmt: skip
            refused = client.post("/api/games", json={"game": "laser-chess", "clock": bad})
            assert refused.status_code == 400 and word in refused.json()["error"], (bad, refused.text)
        four = client.post("/api/games", json={"game": "desfases", "clock": {"days": 3}})
        assert four.status_code == 400 and "two-player" in four.json()["error"]
        mixed = client.post("/api/games", json={"game": "laser-chess", "clock": {"days": 3, "minutes": 5}})
        assert mixed.status_code == 422
