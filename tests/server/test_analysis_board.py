"""POST /api/analysis/position: the analysis board's variations, checked by the engine, valued on the workers,
limited per user, and from a seat's view only in a game that hides information."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import win_chances
from abstracta.core.structure import HIDDEN
from abstracta.server.board import Limits
from abstracta.server.live import ApiError
from tests.games.quin.test_hidden import shuffled_twin
from tests.server.conftest import auth, make_client
from tests.server.quick_bots import instant_bot
from tests.server.test_api import new_game
from tests.server.test_quin import with_effects

ROUTE = "/api/analysis/position"


def board(client, body, token=None, status=200):
    response = client.post(ROUTE, json=body, headers=auth(token))
    assert response.status_code == status, response.text
    return response.json()


@pytest.fixture
def instant(db_url):
    """The app with seeded random movers as every level: the best line costs nothing (the chances are real)."""
    with make_client(db_url, bot_factory=instant_bot) as client:
        yield client


def test_a_variation_is_checked_by_the_engine_and_valued(instant):
    client = instant
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    for _ in range(2):
        mine = client.get(f"/api/games/{game_id}", headers=auth(tokens[str(client.get(f'/api/games/{game_id}').json()['player'])])).json()
        client.post(f"/api/games/{game_id}/moves", json={"move": mine["moves"][0]}, headers=auth(tokens[str(mine["you"])]))
    start = board(client, {"game_id": game_id, "ply": 2})
    live = client.app.state.service.get(game_id)
    assert start["position"] == live.states[2].notation() and start["history"] == live.moves[:2]
    assert start["moves"] == live.states[2].moves() and start["variation"] == []
    assert start["chances"] == pytest.approx(win_chances(live.states[2]))  # the one win-chance function
    assert sum(start["chances"]) == pytest.approx(1) and start["best_line"][0] in start["moves"]
    first = start["moves"][3]
    after_one = board(client, {"game_id": game_id, "ply": 2, "moves": [first]})
    second = after_one["moves"][0]
    after_two = board(client, {"game_id": game_id, "ply": 2, "moves": [first, second]})
    assert after_two["position"] == live.states[2].play(first).play(second).notation()
    assert after_two["history"] == [*live.moves[:2], first, second]
    assert after_one["best_line"][0] in after_one["moves"] and after_one["best_line"] != start["best_line"]
    # the same position pasted as text: the same values, deterministic
    pasted = board(client, {"game": "laser-chess", "position": start["position"], "moves": [first]})
    assert pasted["chances"] == after_one["chances"] and pasted["best_line"] == after_one["best_line"]
    # the engine refuses an illegal move, in plain words, and changes nothing
    refused = board(client, {"game_id": game_id, "ply": 2, "moves": [first, "a1-j8"]}, status=400)["error"]
    assert "illegal move 'a1-j8' (move 2 of the variation)" in refused and start["position"] not in refused
    assert board(client, {"game_id": game_id, "moves": [7]}, status=422)["error"].startswith("moves.0")
    # the page that uses it, and its place in the OpenAPI document
    assert 'src="/static/js/analysis-board.js"' in client.get("/analysis").text
    assert ROUTE in client.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("body, status, words", [
    ({}, 400, "say where to start"),
    ({"game_id": "nosuchgame"}, 404, "no game"),
    ({"game": "laser-chess", "position": "garbage"}, 400, "not a position of laser-chess"),
    ({"game": "no-such-game", "position": "x"}, 400, "no-such-game"),
    ({"game": "quin", "position": "x"}, 400, "hides information"),
    ({"game": "laser-chess", "position": "x", "ply": 3}, 400, "'ply' goes with 'game_id'"),
    ({"game": "laser-chess", "position": "x", "extra": 1}, 422, "extra"),
])  # fmt: skip
def test_bad_starts_are_refused_clearly(client, body, status, words):
    assert words in board(client, body, status=status)["error"]


def test_starts_beyond_the_game_and_mixed_starts_are_refused(client):
    game_id, _ = new_game(client, "laser-chess", ["human", "human"], seed=1)
    assert "has 0 plies so far" in board(client, {"game_id": game_id, "ply": 5}, status=400)["error"]
    assert "not both" in board(client, {"game_id": game_id, "game": "laser-chess"}, status=400)["error"]


def test_requests_are_limited_per_user(db_url):
    with make_client(db_url, board_limits=(2, 3), bot_factory=instant_bot) as client:
        position = abstracta.load("reflec").start(seed=1).notation()  # cheap to value: the test counts requests
        body = {"game": "reflec", "position": position}
        for _ in range(3):
            board(client, body)
        response = client.post(ROUTE, json=body)
        assert response.status_code == 429 and "too many analysis board requests" in response.json()["error"]
        assert int(response.headers["Retry-After"]) >= 1


def test_concurrent_requests_are_limited_per_user():
    limits = Limits(concurrent=1, per_minute=100)
    with limits.admitted("account:1"):
        with pytest.raises(ApiError) as refused:
            with limits.admitted("account:1"):
                pass
        assert refused.value.status == 429 and "at a time" in refused.value.message
        with limits.admitted("address:10.0.0.2"):  # another user is not held up
            pass
    with limits.admitted("account:1"):  # the first one has ended: room again
        pass


def test_a_quin_seat_explores_its_own_view_only(client, monkeypatch):
    monkeypatch.setattr("abstracta.server.service.secrets.randbits", lambda bits: 21)
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "random", "max_turns": 30})
    live = client.app.state.service.get(game_id)
    rng = random.Random(5)
    while live.state.player != 0 or len(live.moves) < 4:
        mover = live.state.player
        mine = client.get(f"/api/games/{game_id}", headers=auth(tokens[str(mover)])).json()
        client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"])}, headers=auth(tokens[str(mover)]))
    ply = len(live.moves)
    assert "hides information" in board(client, {"game_id": game_id, "ply": ply}, status=403)["error"]  # spectators
    own = live.state.view(0).moves()
    body = {"game_id": game_id, "ply": ply, "moves": [rng.choice(own)]}
    seen = client.post(ROUTE, json=body, headers=auth(tokens["0"]))
    assert seen.status_code == 200, seen.text
    answer = seen.json()
    assert answer["you"] == 0 and answer["sampled"] and answer["chances"] and len(answer["chances"]) == 2
    # the start is exactly the seat's view: every field of the position as the seat sees it
    start = board(client, {"game_id": game_id, "ply": ply}, tokens["0"])
    view = live.state.view(0)
    assert start["position"] == view.notation() and start["structure"] == view.structure()
    assert start["last_effects"] == view.last_effects() and start["moves"] == own
    rival = [piece for cell in start["structure"]["cells"].values() for piece in cell if piece["owner"] == 1]
    assert any(piece["kind"] == HIDDEN for piece in rival)
    real = live.state
    # byte for byte the same answer when the rival's hidden kinds are shuffled behind the same view
    compared = 0
    for attempt in range(3):
        twin = shuffled_twin(real, 1, random.Random(attempt))
        if twin is None:
            continue
        twin = with_effects(twin, real, 0)
        compared += twin.notation() != real.notation()
        saved = list(live.states)
        live.states[-1] = twin
        try:
            assert client.post(ROUTE, json=body, headers=auth(tokens["0"])).text == seen.text
        finally:
            live.states[:] = saved
    assert compared
    # the rival's moves are not the seat's to explore: the seat's turn played out, the rival's move is refused
    moves = list(body["moves"])
    while answer["player"] == 0 and len(moves) < 6:
        moves.append(answer["moves"][0])
        answer = board(client, {**body, "moves": moves}, tokens["0"])
    assert answer["player"] == 1 and answer["moves"] == []
    refused = board(client, {**body, "moves": [*moves, "a1-o"]}, tokens["0"], status=400)["error"]
    assert "only your own seat's moves" in refused
