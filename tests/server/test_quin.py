"""Quin through the web API: no answer to a seat or a spectator depends on a kind they may not see.

The check swaps the server's live position for a twin in which the hidden kinds are shuffled
(tests/games/quin/test_hidden.py builds the twins) and asks the same question again: every
answer (view, replay, refused move) must come back byte for byte the same.
"""

from __future__ import annotations

import random

import abstracta
from abstracta.core.structure import HIDDEN
from abstracta.games.quin.pieces import KIND_LETTERS, KIND_WORDS
from tests.games.quin.test_hidden import shuffled_twin
from tests.server.conftest import auth, view_of
from tests.server.test_api import new_game


def with_effects(twin, real, holder):
    """``twin`` carrying ``real``'s last effects; a piece the holder cannot see is named as the twin has it."""
    entries = [entry.rstrip("+") for entry in twin.notation().split(" ")[0].split(",") if entry != "-"]
    pieces = {entry[:-1]: entry[-1] for entry in entries}  # square -> kind letter ('oL': the centre)
    effects = [dict(effect) for effect in real.last_effects()]
    for effect, seen in zip(effects, real.view(holder).last_effects()):
        square = effect.get("to", effect.get("cell"))
        if seen.get("piece", {}).get("kind") == HIDDEN and square in pieces:
            letter = pieces[square]
            effect["piece"] = {"kind": KIND_WORDS[KIND_LETTERS.index(letter.upper())], "owner": int(letter.islower())}
    return twin.game.from_json({**real.to_json(), "position": twin.notation(), "last_effects": effects})


def answers(client, game_id, token):
    """Everything a holder of ``token`` can ask about the game, as raw text."""
    refused = client.post(f"/api/games/{game_id}/moves", json={"move": "a1-o"}, headers=auth(token))
    replay = client.get(f"/api/games/{game_id}/replay", headers=auth(token))
    return [client.get(f"/api/games/{game_id}", headers=auth(token)).text, replay.text,
            refused.status_code, refused.text]  # fmt: skip


def test_no_answer_depends_on_a_hidden_kind(client, monkeypatch):
    # Clients cannot choose a Quin seed; the test fixes the server's draw so that it checks one known game.
    monkeypatch.setattr("abstracta.server.service.secrets.randbits", lambda bits: 21)
    game_id, tokens = new_game(client, "quin", ["human", "human"], {"setup": "random", "max_turns": 30})
    live = client.app.state.service.get(game_id)
    rng = random.Random(4)
    holders = [(None, None), (0, tokens["0"]), (1, tokens["1"])]
    compared = 0
    while not live.state.over:
        for holder, token in holders:
            seen = answers(client, game_id, token)
            real = list(live.states)
            hidden_from_holder = [0, 1] if holder is None else [1 - holder]
            twins = []
            for state in real:  # every position the replay shows, each with its own shuffle
                twin = state
                for owner in hidden_from_holder:
                    twin = shuffled_twin(twin, owner, rng) or twin
                twins.append(with_effects(twin, state, holder))
            compared += twins[-1].notation() != real[-1].notation()
            live.states[:] = twins
            try:
                assert answers(client, game_id, token) == seen, f"ply {len(live.moves)}, holder {holder}"
            finally:
                live.states[:] = real
        mover = live.state.player
        mine = view_of(client, game_id, tokens[str(mover)])
        played = client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"])},
                             headers=auth(tokens[str(mover)]))  # fmt: skip
        assert played.status_code == 200, played.text
    assert compared > 20  # the twins really differed from the real positions


def test_the_catalog_reads_a_seats_view_as_that_seat_sees_it(client):
    """The standard start as North sees it, read back: the answer keeps North's kinds, hides South's."""
    view = abstracta.load("quin", setup="standard").start().view(1)
    answer = client.post("/api/catalog/quin/position", json={"position": view.notation()})
    assert answer.status_code == 200, answer.text
    assert answer.json()["position"] == view.notation() and answer.json()["structure"] == view.structure()
    kinds: dict[int, set[str]] = {0: set(), 1: set()}
    for [piece] in answer.json()["structure"]["cells"].values():
        kinds[piece["owner"]].add(piece["kind"])
    assert kinds[0] == {HIDDEN} and HIDDEN not in kinds[1]
