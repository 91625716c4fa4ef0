"""POST /api/games/{id}/random-setup: the server completes a seat's setup with its own randomness.

The rival reads each placement as "place ? sq", in order; the web page's "Random setup" button
once placed the Light first, so "the first placement is the Light" was always right.
"""

from __future__ import annotations

from tests.server.conftest import auth, view_of
from tests.server.test_api import new_game

GAMES = 260
"""Games in the statistical check; the first placement is the Light in 1 of 13 by chance (mean 20, sd 4.3)."""


def random_setup(client, game_id, token=None, body=None):
    return client.post(f"/api/games/{game_id}/random-setup", json=body if body is not None else {}, headers=auth(token))


def test_the_server_places_a_seats_pieces_and_the_rival_reads_only_squares(client):
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "manual"})
    done = random_setup(client, game_id, tokens["0"], {"ply": 0})
    assert done.status_code == 200, done.text
    south = done.json()
    assert south["ply"] == 13 and south["moves"] == ["ready"] and south["you"] == 0
    kinds = sorted(move.split()[1] for move in south["history"])
    assert kinds == sorted("LSSRRMTPPVVVV")
    north = view_of(client, game_id, tokens["1"])
    assert [move.split()[2] for move in north["history"]] == [move.split()[2] for move in south["history"]]
    assert all(move.startswith("place ? ") for move in north["history"])
    assert all(move.startswith("place ? ") for move in view_of(client, game_id)["history"])
    client.post(f"/api/games/{game_id}/moves", json={"move": "ready"}, headers=auth(tokens["0"]))
    north = random_setup(client, game_id, tokens["1"]).json()  # no body: no ply check
    assert north["moves"] == ["ready"] and north["ply"] == 27


def test_only_the_seat_placing_now_may_ask_and_nothing_changes_when_refused(client):
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "manual"})
    assert random_setup(client, game_id).status_code == 401
    assert random_setup(client, game_id, "not-a-token").status_code == 403
    refused = random_setup(client, game_id, tokens["1"])  # South places first
    assert refused.status_code == 409 and "not your turn" in refused.json()["error"]
    stale = random_setup(client, game_id, tokens["0"], {"ply": 5})
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    assert random_setup(client, game_id, tokens["0"], {"ply": "x"}).status_code == 422
    assert random_setup(client, game_id, tokens["0"], {"seed": 1}).status_code == 422  # nothing to choose
    assert view_of(client, game_id)["ply"] == 0
    random_setup(client, game_id, tokens["0"])
    twice = random_setup(client, game_id, tokens["0"])  # everything placed: only 'ready' is left
    assert twice.status_code == 409 and "no setup to complete" in twice.json()["error"]
    standard, standard_tokens = new_game(client, "quin", ["human", "human"], {"setup": "standard"})
    assert random_setup(client, standard, standard_tokens["0"]).status_code == 409
    other, other_tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    answer = random_setup(client, other, other_tokens["0"])
    assert answer.status_code == 409 and "no setup to complete" in answer.json()["error"]
    assert view_of(client, other)["ply"] == 0


def test_the_first_placement_is_the_light_no_more_often_than_chance(client):
    light_first = 0
    for _ in range(GAMES):
        game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "manual"})
        history = random_setup(client, game_id, tokens["0"]).json()["history"]
        light_first += history[0].startswith("place L ")
    # Chance gives 20 (sd 4.3); 6 sd above is 46: a fair server fails this about once in a billion runs.
    assert light_first <= GAMES / 13 + 6 * (GAMES * (1 / 13) * (12 / 13)) ** 0.5, light_first
