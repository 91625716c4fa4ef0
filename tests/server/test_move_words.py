"""Moves in plain words through the web API: ``history_words`` in every view and replay, phrased for the
reader's seat, and the same phrases as comments in the game record, which reads back and replays."""

from __future__ import annotations

import abstracta
from abstracta.core.records import loads, replay
from tests.server.conftest import auth, view_of
from tests.server.test_api import new_game
from tests.server.test_records import record


def play(client, game_id, token, move):
    answer = client.post(f"/api/games/{game_id}/moves", json={"move": move}, headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_views_replays_and_records_read_each_move_in_words(client):
    game_id, tokens = new_game(client, "laser-chess", ["human", "human"], seed=1)
    for ply, move in enumerate(["j1-", "a8-", "c1+"]):
        play(client, game_id, tokens[str(ply % 2)], move)
    live = client.app.state.service.get(game_id)
    expected = [before.describe(move) for before, move in zip(live.states, live.moves)]
    assert expected[0] == "Blue turns the Laser on j1 counter-clockwise to fire west; the beam removes Blue's own Defender on f1"
    for token in (None, tokens["0"], tokens["1"]):
        assert view_of(client, game_id, token)["history_words"] == expected
        assert client.get(f"/api/games/{game_id}/replay", headers=auth(token)).json()["history_words"] == expected
    text = record(client, game_id, tokens["0"]).text
    assert "2. a8-\n{Red turns the Laser on a8 counter-clockwise" in text
    [read] = loads(text)
    assert read.comments == expected and read.moves == live.moves
    assert replay(read)[-1].notation() == live.state.notation()  # comments never get in the replay's way
    [from_json] = loads(record(client, game_id, None, "json").text)
    assert from_json.comments == expected


def test_a_quin_rival_reads_a_reinforcement_without_its_kinds(client):
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "standard"})
    move = next(m for m in view_of(client, game_id, tokens["0"])["moves"] if m.startswith("reinforce A@"))
    play(client, game_id, tokens["0"], move)
    live = client.app.state.service.get(game_id)
    mine, rival, spectator = (view_of(client, game_id, token)["history_words"][0]
                              for token in (tokens["0"], tokens["1"], None))  # fmt: skip
    assert mine == live.states[0].describe(move, 0) and "Artificial Light" in mine
    assert rival == live.states[0].describe(move, 1) == spectator
    assert "face-down piece" in rival and "Light" not in rival
    [seen] = loads(record(client, game_id, tokens["1"]).text)
    assert seen.comments == [rival] and seen.moves == [abstracta.load("quin").start().public_move(move)]
