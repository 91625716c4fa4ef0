"""The REST API end to end, for every registered game: create, play to the end, errors, persistence."""

from __future__ import annotations

import json
import random
import threading

import pytest

import abstracta
from abstracta.core.errors import CHANCE
from tests.server.conftest import SHORT_OPTIONS, auth, make_client, play_randomly, settle, view_of

GAMES = abstracta.games()
VIEW_KEYS = {"game", "options", "position", "player", "seat", "moves", "over", "returns", "scores",
             "last_effects", "history"}  # fmt: skip


def new_game(client, slug, seats=None, options=None, seed=None):
    body = {"game": slug, "options": options or {}}
    if seats is not None:
        body["seats"] = seats
    if seed is not None and abstracta.load(slug).perfect_information:  # hidden setups: the server's seed only
        body["seed"] = seed
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return created["id"], created["tokens"]


def replayed(slug, options, seed, moves):
    """The state the server should hold, rebuilt here from the contract alone."""
    state = abstracta.load(slug, **options).start(seed=seed)
    for move in moves:
        state = state.play(move)
    return state


def stored_moves(client, game_id):
    return client.app.state.service.get(game_id).moves


# -- the whole flow, every game -------------------------------------------------------
@pytest.mark.parametrize("slug", GAMES)
def test_human_against_bots_plays_to_the_end(client, slug):
    players = abstracta.load(slug).num_players
    game_id, tokens = new_game(client, slug, ["human"] + ["bot:easy"] * (players - 1), SHORT_OPTIONS.get(slug))
    assert list(tokens) == ["0"]
    final = play_randomly(client, game_id, tokens, random.Random(1))
    assert final["over"], f"{slug} did not end within the ply cap"
    assert final["moves"] == [] and final["player"] is None
    assert len(final["history"]) == final["ply"] == len(stored_moves(client, game_id))
    state = replayed(slug, final["options"], client.app.state.service.get(game_id).seed, stored_moves(client, game_id))
    assert state.over and final["returns"] == list(state.returns()) and final["scores"] == list(state.scores())
    listed = {row["id"]: row for row in client.get("/api/games").json()}
    assert listed[game_id]["over"] is True and listed[game_id]["players"][0] == "human"


@pytest.mark.parametrize("slug", GAMES)
def test_humans_only_play_to_the_end_with_the_listed_keys(client, slug):
    players = abstracta.load(slug).num_players
    game_id, tokens = new_game(client, slug, ["human"] * players, SHORT_OPTIONS.get(slug), seed=11)
    assert sorted(tokens) == [str(p) for p in range(players)] and len(set(tokens.values())) == players
    first = view_of(client, game_id, tokens["0"])
    assert VIEW_KEYS <= set(first)
    final = play_randomly(client, game_id, tokens, random.Random(2))
    assert final["over"]
    for p, token in tokens.items():
        seen = view_of(client, game_id, token)
        assert seen["you"] == int(p) and seen["over"] and seen["moves"] == []


@pytest.mark.parametrize("slug", GAMES)
def test_every_answer_is_built_from_the_holders_view(client, slug):
    """Position, effects and history come from view(p), public_move and the seat's own moves: nothing a seat may not know."""
    players = abstracta.load(slug).num_players
    game_id, tokens = new_game(client, slug, ["human"] * players, seed=5)
    rng = random.Random(3)
    for _ in range(40):
        spectator = view_of(client, game_id)
        if spectator["over"]:
            break
        live = client.app.state.service.get(game_id)
        state = live.state
        full_texts = {state.notation(), json.dumps(state.to_json())}
        for holder, token in [(None, None)] + [(int(p), t) for p, t in tokens.items()]:
            seen = view_of(client, game_id, token)
            view = state.view(holder)
            assert seen["position"] == view.notation()
            assert seen["last_effects"] == view.last_effects()
            assert seen["scores"] == list(view.scores())
            assert seen["moves"] == (state.moves() if holder == state.player else [])
            publics, before = [], state.game.start(seed=live.seed)
            for move in live.moves:  # a seat reads its own moves in full, the others' in public form
                publics.append(move if holder is not None and before.player == holder else before.public_move(move))
                before = before.play(move)
            assert seen["history"] == publics
            if view.notation() != state.notation():  # the view hides something: it must never leak
                text = json.dumps(seen)
                assert not any(full in text for full in full_texts)
            refused = client.post(f"/api/games/{game_id}/moves", json={"move": "no such move"}, headers=auth(token))
            assert refused.status_code in (400, 401, 409)
            if view.notation() != state.notation():
                assert not any(full in refused.text for full in full_texts)
        token = tokens[str(spectator["player"])]
        mine = view_of(client, game_id, token)
        client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"])}, headers=auth(token))


def test_bots_alone_finish_a_game(client):
    slug = GAMES[0]
    players = abstracta.load(slug).num_players
    game_id, tokens = new_game(client, slug, ["bot:random"] + ["bot:hard"] * (players - 1))
    assert tokens == {}
    settle(client)
    final = view_of(client, game_id)
    assert final["over"] and final["moves"] == []


# -- chance ---------------------------------------------------------------------------
def test_chance_is_drawn_by_the_server_and_shown_to_everyone(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"])
    view = view_of(client, game_id)
    assert view["player"] == 0 and view["ply"] == 1  # Red's roll was drawn at once
    assert view["history_players"] == [CHANCE] and view["last_effects"][0]["kind"] == "roll"
    assert view["history"][0] in abstracta.load("strategic-reserve").start().moves()
    rng = random.Random(4)
    for _ in range(20):
        mine = view_of(client, game_id, tokens[str(view["player"])])
        view = client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"])},
                           headers=auth(tokens[str(mine["player"])])).json()  # fmt: skip
        if view["over"]:
            break
        assert view["player"] in (0, 1), "a game never rests at a chance node"
        assert view["history_players"][-1] == CHANCE and view["last_effects"][0]["kind"] == "roll"


def test_chance_draws_are_fair_system_random_draws(client):
    """The server's dice come from the OS (unpredictable), by chance()'s probabilities: 2000 rolls cover all 36."""
    from abstracta.bots import sample_chance

    rng = client.app.state.service.chance_rng
    assert isinstance(rng, random.SystemRandom)
    state = abstracta.load("strategic-reserve").start()
    assert {sample_chance(state, rng) for _ in range(2000)} == set(state.moves())


# -- errors -----------------------------------------------------------------------------
@pytest.fixture
def game(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"], seed=1)
    return game_id, tokens


def post(client, game_id, body, token=None, raw=None):
    if raw is not None:
        return client.post(f"/api/games/{game_id}/moves", content=raw,
                           headers={"Content-Type": "application/json", **auth(token)})  # fmt: skip
    return client.post(f"/api/games/{game_id}/moves", json=body, headers=auth(token))


def assert_error(response, status, *words):
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert isinstance(message, str)
    for word in words:
        assert word in message, message


def test_wrong_missing_and_malformed_tokens_are_refused(client, game):
    game_id, tokens = game
    before = view_of(client, game_id)
    legal = view_of(client, game_id, tokens["0"])["moves"][0]
    assert_error(post(client, game_id, {"move": legal}, "not-a-token"), 403, "token")
    assert_error(post(client, game_id, {"move": legal}), 401, "token")
    response = client.post(f"/api/games/{game_id}/moves", json={"move": legal}, headers={"Authorization": "Basic x"})
    assert_error(response, 401, "Bearer")
    assert_error(client.get(f"/api/games/{game_id}", headers=auth("nope")), 403, "token")
    assert_error(post(client, game_id, {"move": legal}, tokens["1"]), 409, "not your turn")
    assert view_of(client, game_id) == before


def test_illegal_and_malformed_moves_change_nothing(client, game):
    game_id, tokens = game
    before = view_of(client, game_id, tokens["0"])
    assert_error(post(client, game_id, {"move": "z9"}, tokens["0"]), 400, "illegal move", "'z9'")
    assert_error(post(client, game_id, {"move": "1,1"}, tokens["0"]), 400, "illegal move")
    assert_error(post(client, game_id, None, tokens["0"], raw=b'{"move": '), 400, "malformed JSON")
    assert_error(post(client, game_id, None, tokens["0"], raw=b"[1, 2]"), 422)
    assert_error(post(client, game_id, {"move": 42}, tokens["0"]), 422, "move")
    assert_error(post(client, game_id, {}, tokens["0"]), 422, "move")
    assert_error(post(client, game_id, {"move": before["moves"][0], "extra": 1}, tokens["0"]), 422, "extra")
    assert_error(post(client, game_id, {"move": before["moves"][0], "ply": 0}, tokens["0"]), 409, "stale")
    assert view_of(client, game_id, tokens["0"]) == before
    assert len(stored_moves(client, game_id)) == before["ply"]


def test_bad_game_requests_are_refused(client):
    assert_error(client.post("/api/games", json={"game": "chess"}), 400, "unknown game", "strategic-reserve")
    assert_error(client.post("/api/games", json={"game": "strategic-reserve", "options": {"reserve": 99}}), 400,
                 "reserve")  # fmt: skip
    assert_error(client.post("/api/games", json={"game": "strategic-reserve", "options": {"colour": 1}}), 400,
                 "valid options")  # fmt: skip
    assert_error(client.post("/api/games", json={"game": "strategic-reserve", "seats": ["human"]}), 400, "one entry")
    assert_error(client.post("/api/games", json={"game": "strategic-reserve", "seats": ["human", "bot:god"]}), 400,
                 "bot:easy")  # fmt: skip
    assert_error(client.post("/api/games", content=b"{", headers={"Content-Type": "application/json"}), 400,
                 "malformed JSON")  # fmt: skip
    assert_error(client.post("/api/games", json={"options": {}}), 422, "game")
    for seed in (-1, 2**256, "seven"):
        assert_error(client.post("/api/games", json={"game": "strategic-reserve", "seed": seed}), 422, "seed")
    assert_error(client.get("/api/games/does-not-exist"), 404, "does-not-exist")
    assert_error(client.post("/api/games/does-not-exist/moves", json={"move": "a1"}), 404)
    assert_error(client.get("/api/games?limit=0"), 422, "limit")
    assert client.get("/api/games").json() == []


def test_racing_moves_cannot_both_land(client, game):
    game_id, tokens = game
    view = view_of(client, game_id, tokens["0"])
    results = []
    barrier = threading.Barrier(6)

    def click(move):
        barrier.wait()
        results.append(post(client, game_id, {"move": move}, tokens["0"]).status_code)

    threads = [threading.Thread(target=click, args=(view["moves"][i % 2],)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 5
    after = view_of(client, game_id)
    assert after["ply"] == view["ply"] + 2  # one placement, then Blue's roll
    assert sum(1 for p in after["history_players"] if p == 0) == 1


# -- persistence ------------------------------------------------------------------------
def test_a_restart_brings_games_back_exactly(db_url):
    rng = random.Random(9)
    with make_client(db_url) as client:
        game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"])
        for _ in range(9):
            view = view_of(client, game_id)
            token = tokens[str(view["player"])]
            mine = view_of(client, game_id, token)
            post(client, game_id, {"move": rng.choice(mine["moves"])}, token)
        before = {p: view_of(client, game_id, t) for p, t in tokens.items()}
        moves = list(stored_moves(client, game_id))
    with make_client(db_url) as client:
        assert {p: view_of(client, game_id, t) for p, t in tokens.items()} == before
        assert stored_moves(client, game_id) == moves
        final = play_randomly(client, game_id, tokens, rng)
        assert final["over"]
    with make_client(db_url) as client:
        assert view_of(client, game_id) == {**final, "you": None, "moves": []}


def test_a_restart_wakes_the_bots(db_url):
    with make_client(db_url) as client:
        game_id, tokens = new_game(client, "strategic-reserve", ["human", "bot:easy"])
        service = client.app.state.service
        service._closing.set()  # the bots stop, as when the server is killed mid-game
        view = view_of(client, game_id, tokens["0"])
        post(client, game_id, {"move": view["moves"][0]}, tokens["0"])
        assert view_of(client, game_id)["player"] == 1
    with make_client(db_url) as client:
        settle(client)
        assert view_of(client, game_id)["player"] == 0


# -- small routes -------------------------------------------------------------------------
def test_health_catalog_setup_docs_and_pages(client):
    assert client.get("/healthz").json() == {"ok": True}
    catalog = client.get("/api/catalog").json()
    assert [entry["game"] for entry in catalog] == list(GAMES)
    for entry in catalog:
        assert entry["description"].count("\n") == 1
        assert entry["num_players"] >= 1 and entry["position"]
    sr = next(entry for entry in catalog if entry["game"] == "strategic-reserve")
    assert {spec["name"]: spec["kind"] for spec in sr["options_spec"]} == {
        "reserve": "int", "max_turns": "int", "board": "choice"}  # board: a variant option, shown with its default
    assert next(spec for spec in sr["options_spec"] if spec["name"] == "board")["default"] == "6x6"
    setup = client.post("/api/catalog/strategic-reserve", json={"options": {"reserve": 7}}).json()
    assert setup["position"] == "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 7 7 - 0" and setup["num_players"] == 2
    assert_error(client.post("/api/catalog/strategic-reserve", json={"options": {"reserve": 0}}), 400, "reserve")
    assert "/api/games/{game_id}/moves" in client.get("/openapi.json").json()["paths"]
    assert client.get("/docs").status_code == 404  # its page would load scripts from a CDN: off by default
    game_id, _ = new_game(client, "strategic-reserve")  # an unknown id gets a plain 404 page (test_play_defects.py)
    assert "abstracta" in client.get("/").text and 'src="/static/js/game.js"' in client.get(f"/g/{game_id}").text
    assert client.get("/static/boards/strategic-reserve.js").status_code == 200


def test_replay_lists_every_position_as_the_holder_saw_it(client, game):
    game_id, tokens = game
    final = play_randomly(client, game_id, tokens, random.Random(5))
    replay = client.get(f"/api/games/{game_id}/replay", headers=auth(tokens["1"])).json()
    assert len(replay["positions"]) == final["ply"] + 1 and replay["positions"][-1] == final["position"]
    assert replay["positions"][0] == abstracta.load("strategic-reserve").start().notation()
    assert replay["history"] == final["history"]


@pytest.mark.parametrize("slug", abstracta.games())
def test_the_catalog_reads_a_position_into_its_structure(client, slug):
    """A client draws a position written in a game's notation: the server parses, the browser never does."""
    start = abstracta.load(slug).start(seed=0).view(None)
    answer = client.post(f"/api/catalog/{slug}/position", json={"position": start.notation()})
    assert answer.status_code == 200, answer.text
    assert answer.json()["structure"] == start.structure()
    bad = client.post(f"/api/catalog/{slug}/position", json={"position": "no such position"})
    assert bad.status_code == 400 and bad.json()["error"]
