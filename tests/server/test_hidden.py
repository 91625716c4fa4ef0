"""Masking, checked on a small hidden-information game: no answer to a seat holds what its view hides."""

from __future__ import annotations

import json

import pytest

import abstracta
from tests.server.conftest import auth, make_client, view_of
from tests.server.hidden_game import HiddenGame


@pytest.fixture
def client(monkeypatch, db_url):
    real_load = abstracta.load

    def load(slug, **options):
        return HiddenGame(**options) if slug == HiddenGame.slug else real_load(slug, **options)

    monkeypatch.setattr(abstracta, "load", load)
    with make_client(db_url) as test_client:
        yield test_client


@pytest.mark.parametrize("card", ["a", "b", "c"])
def test_the_guesser_and_spectators_never_see_the_card(client, card):
    created = client.post("/api/games", json={"game": "hidden-card", "seats": ["human", "human"]}).json()
    game_id, dealer, guesser = created["id"], created["tokens"]["0"], created["tokens"]["1"]
    with client.websocket_connect(f"/ws/games/{game_id}?token={guesser}") as socket, \
            client.websocket_connect(f"/ws/games/{game_id}") as spectator:  # fmt: skip
        socket.receive_json(), spectator.receive_json()
        picked = client.post(f"/api/games/{game_id}/moves", json={"move": f"pick-{card}"}, headers=auth(dealer))
        assert picked.json()["position"] == f"card={card} guess=-"  # the dealer knows its own card
        secret = f"card={card}"
        answers = [
            socket.receive_json(),
            spectator.receive_json(),
            view_of(client, game_id, guesser),
            view_of(client, game_id),
            client.get(f"/api/games/{game_id}/replay", headers=auth(guesser)).json(),
            client.get(f"/api/games/{game_id}/replay").json(),
            client.get("/api/games").json(),
            client.post(f"/api/games/{game_id}/moves", json={"move": "pick-x"}, headers=auth(guesser)).json(),
            client.post(f"/api/games/{game_id}/moves", json={"move": "guess-z"}, headers=auth(guesser)).json(),
        ]
        for answer in answers:
            text = json.dumps(answer)
            assert secret not in text and f"pick-{card}" not in text, text
        seen = answers[0]
        assert seen["position"] == "card=? guess=-" and seen["history"] == ["pick-?"]
        assert seen["moves"] == ["guess-a", "guess-b", "guess-c"]
        assert "not one of your legal moves" in answers[-1]["error"]
        # At the end the card is shown to everyone.
        client.post(f"/api/games/{game_id}/moves", json={"move": "guess-a"}, headers=auth(guesser))
        assert socket.receive_json()["last_effects"] == [{"kind": "reveal", "card": card}]
    final = view_of(client, game_id)
    assert final["over"] and final["returns"] == ([-1.0, 1.0] if card == "a" else [1.0, -1.0])
    assert final["history"] == ["pick-?", "guess-a"]
