"""The puzzle API: the shipped sets without their solutions, a first move checked on the server, and
clear errors (unknown game or puzzle, an illegal move, a game without puzzles); a Quin puzzle is its
solver's view and the API sends no hidden kind."""

from __future__ import annotations

import abstracta
from abstracta.bots.puzzles import shipped_puzzles


def test_the_games_with_puzzles_and_their_sets(client):
    listed = {entry["game"]: entry for entry in client.get("/api/puzzles").json()}
    assert set(listed) == {"laser-chess", "reflec", "quin"}
    assert listed["laser-chess"]["task"] == "hit the King in 2"
    shipped = shipped_puzzles(abstracta.load("laser-chess"))
    assert listed["laser-chess"]["count"] == len(shipped)
    answer = client.get("/api/puzzles/laser-chess").json()
    assert [p["number"] for p in answer["puzzles"]] == list(range(1, len(shipped) + 1))
    first = answer["puzzles"][0]
    assert first["position"] == abstracta.load("laser-chess").from_json(shipped[0].position).notation()
    assert first["sentence"] == shipped[0].sentence and first["player"] == first["you"] == shipped[0].player
    assert shipped[0].solution in first["moves"] and first["structure"]
    assert all("solution" not in p and "misses" not in p for p in answer["puzzles"])  # nothing gives it away
    assert client.get("/puzzles/laser-chess").status_code == 200 and client.get("/puzzles").status_code == 200


def test_a_first_move_is_checked_on_the_server(client):
    puzzle = shipped_puzzles(abstracta.load("reflec"))[0]
    legal = client.get("/api/puzzles/reflec").json()["puzzles"][0]["moves"]
    wrong = next(move for move in legal if move != puzzle.solution)
    answer = client.post("/api/puzzles/reflec/1", json={"move": wrong}).json()
    assert answer == {"correct": False, "move": wrong, "sentence": puzzle.sentence}
    answer = client.post("/api/puzzles/reflec/1", json={"move": puzzle.solution}).json()
    assert answer["correct"] is True and answer["solution"] == puzzle.solution


def test_clear_errors(client):
    illegal = client.post("/api/puzzles/laser-chess/1", json={"move": "z9-z10"})
    assert illegal.status_code == 400 and "illegal move 'z9-z10'" in illegal.json()["error"]
    count = len(shipped_puzzles(abstracta.load("laser-chess")))
    for number in (0, count + 1):
        missing = client.post(f"/api/puzzles/laser-chess/{number}", json={"move": "j1-"})
        assert missing.status_code == 404 and f"puzzles 1 to {count}" in missing.json()["error"]
    none = client.get("/api/puzzles/desfases")
    assert none.status_code == 404 and "desfases has no puzzles" in none.json()["error"]
    assert client.get("/api/puzzles/chess").status_code == 404
    assert client.post("/api/puzzles/laser-chess/1", json={"move": "j1-", "extra": 1}).status_code == 422


def test_a_quin_puzzle_starts_from_a_view_and_the_api_sends_no_hidden_kind(client):
    game = abstracta.load("quin")
    game = game.with_options({**game.options, **game.puzzle_goal().options})
    shipped = shipped_puzzles(game)
    assert shipped
    answer = client.get("/api/puzzles/quin").json()
    assert answer["task"] == "reach First Sight in 2" and len(answer["puzzles"]) == len(shipped)
    for puzzle, shown in zip(shipped, answer["puzzles"]):
        view = puzzle.state(game)
        assert view.viewer == puzzle.player and shown["position"] == view.notation()
        hidden = [sq for sq, piece in enumerate(view.board) if piece < 0]
        assert hidden and shown["position"].count("?") == len(hidden)
        cells = shown["structure"]["cells"]
        unrevealed = [p for cell in cells.values() for p in cell if p["owner"] != puzzle.player and not p["revealed"]]
        assert len(unrevealed) == len(hidden) and all(p["kind"] == "hidden" for p in unrevealed)
        assert "solution" not in shown and puzzle.solution in shown["moves"]
