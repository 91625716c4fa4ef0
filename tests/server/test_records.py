"""GET /api/games/{id}/record: the game record, as the asker may read it.

Full records replay by the rules to the server's own position; a hidden-information game's
record for a seat or a spectator holds only what that seat or spectator saw: checked by
swapping the server's positions for twins with the hidden kinds shuffled (as test_quin does)
and asking again: the record must come back byte for byte the same.
"""

from __future__ import annotations

import json
import random

import pytest

import abstracta
from abstracta.core.records import loads, replay
from tests.games.quin.test_hidden import shuffled_twin
from tests.server.conftest import SHORT_OPTIONS, auth, play_randomly, view_of
from tests.server.test_api import new_game
from tests.server.test_quin import with_effects

PERFECT = [slug for slug in abstracta.games() if abstracta.load(slug).perfect_information]


def record(client, game_id, token=None, form=None):
    query = "?format=json" if form == "json" else ""
    response = client.get(f"/api/games/{game_id}/record{query}", headers=auth(token))
    assert response.status_code == 200, response.text
    return response


@pytest.mark.parametrize("slug", PERFECT)
def test_a_finished_game_s_record_replays_to_the_server_s_position(client, slug):
    players = abstracta.load(slug).num_players
    game_id, tokens = new_game(client, slug, ["human"] + ["bot:random"] * (players - 1), SHORT_OPTIONS.get(slug), seed=11)
    final = play_randomly(client, game_id, tokens, random.Random(2))
    live = client.app.state.service.get(game_id)
    text = record(client, game_id, tokens["0"])
    assert text.headers["content-type"].startswith("text/plain")
    assert f"abstracta-{slug}-{game_id}.txt" in text.headers["content-disposition"]
    assert record(client, game_id).text == text.text  # nothing hidden: a spectator gets the same record
    [from_text] = loads(text.text)
    [from_json] = loads(record(client, game_id, form="json").text)
    assert from_text.to_json() == from_json.to_json()
    assert from_text.seed == 11 and from_text.moves == live.moves
    assert from_text.players == ["human"] + ["random"] * (players - 1)
    assert from_text.date and "Site" in from_text.extra
    states = replay(from_text)
    assert states[-1].notation() == live.state.notation()
    if final["over"]:
        assert from_text.termination == states[-1].termination()  # "turn limit" where SHORT_OPTIONS cut it
        assert from_text.result == "/".join(f"{r:g}" for r in final["returns"])


def test_an_unfinished_game_s_record_says_so(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"], seed=4)
    [rec] = loads(record(client, game_id).text)
    assert rec.result == "*" and rec.termination == "unfinished"
    assert len(rec.moves) == view_of(client, game_id)["ply"]


def test_record_errors(client):
    game_id, _ = new_game(client, "strategic-reserve", ["human", "human"], seed=4)
    assert client.get("/api/games/nope/record").status_code == 404
    assert client.get(f"/api/games/{game_id}/record", headers=auth("wrong")).status_code == 403
    bad = client.get(f"/api/games/{game_id}/record?format=pgn")
    assert bad.status_code == 422 and "format" in bad.json()["error"]


def test_quin_records_hide_every_kind_their_reader_may_not_see(client, monkeypatch):
    monkeypatch.setattr("abstracta.server.service.secrets.randbits", lambda bits: 33)
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "random", "max_turns": 12})
    live = client.app.state.service.get(game_id)
    rng = random.Random(8)
    compared = 0
    while not live.state.over:
        mover = live.state.player
        mine = view_of(client, game_id, tokens[str(mover)])
        played = client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"])},
                             headers=auth(tokens[str(mover)]))  # fmt: skip
        assert played.status_code == 200, played.text
        if len(live.moves) % 5 and not live.state.over:
            continue
        for holder, token in [(None, None), (0, tokens["0"]), (1, tokens["1"])]:
            seen = [record(client, game_id, token).text, record(client, game_id, token, "json").text]
            real = list(live.states)
            hidden_from_holder = [0, 1] if holder is None else [1 - holder]
            twins = []
            for state in real:
                twin = state
                for owner in hidden_from_holder:
                    twin = shuffled_twin(twin, owner, rng) or twin
                twins.append(with_effects(twin, state, holder))
            compared += twins[-1].notation() != real[-1].notation()
            live.states[:] = twins
            try:
                again = [record(client, game_id, token).text, record(client, game_id, token, "json").text]
                assert again == seen, f"ply {len(live.moves)}, holder {holder}"
            finally:
                live.states[:] = real
            [rec] = loads(seen[0])
            assert rec.seed is None and "[Seed" not in seen[0]  # the seed would deal the hidden kinds again
            assert rec.view == (-1 if holder is None else holder)
            assert rec.views == [state.view(holder).notation() for state in real[1:]]
            assert json.loads(seen[1])["records"][0]["views"] == rec.views
            for state in real:
                assert state.notation() not in seen[0]
    assert compared > 3
    # The game is over: Quin reveals nothing at the end, so the spectator's record still hides the kinds.
    [spectator] = loads(record(client, game_id).text)
    assert spectator.termination == live.state.view(None).termination()  # how it ended is public
    assert spectator.views[-1] == live.state.view(None).notation() != live.state.notation()
    assert replay(spectator)[-1].notation() == spectator.views[-1]


def test_the_players_chat_is_in_every_record_after_the_ply_it_was_said_at(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"], {"reserve": 3}, seed=4)
    said = ['<b>hi</b> "all"', "line one\n3. a1\n[Result \"1/-1\"]"]

    def chat(seat, text):
        posted = client.post(f"/api/games/{game_id}/chat", json={"text": text}, headers=auth(tokens[str(seat)]))
        assert posted.status_code == 201, posted.text

    live = client.app.state.service.get(game_id)
    first_ply = len(live.moves)  # the opening roll, if the server rolled it already
    chat(0, said[0])
    while len(live.moves) < 4:
        mover = live.state.player
        view = view_of(client, game_id, tokens[str(mover)])
        moved = client.post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0]}, headers=auth(tokens[str(mover)]))
        assert moved.status_code == 200, moved.text
    second_ply = len(live.moves)
    chat(1, said[1])
    text, as_json = record(client, game_id, tokens["1"]).text, record(client, game_id, form="json").text
    assert record(client, game_id).text == text  # the spectators read the same chat on the page
    for form in (text, as_json):
        [rec] = loads(form)
        assert [(line.ply, line.seat, line.text) for line in rec.chat] == [(first_ply, 0, said[0]), (second_ply, 1, said[1])]
        assert rec.moves == live.moves and rec.result == "*"  # the message's lines did not become moves or tags
        assert replay(rec)[-1].notation() == live.state.notation()
    assert '"line one\\n3. a1\\n[Result \\"1/-1\\"]"' in text.splitlines()[-1]  # one line, quoted: text, not structure
