"""The web side of issue 29's play defects shared with the terminal: an illegal move answered without
the position, and the confirmation asked before a move that hits one's own King (``warn``)."""

from __future__ import annotations

import abstracta


def test_the_web_reply_to_an_illegal_move_names_the_move_once_and_no_position(client):
    created = client.post("/api/games", json={"game": "laser-chess", "seats": ["human", "human"]}).json()
    state = abstracta.load("laser-chess").start()
    reply = client.post(f"/api/games/{created['id']}/moves", json={"move": "a1-a2"},
                        headers={"Authorization": f"Bearer {created['tokens']['0']}"})  # fmt: skip
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error.count("illegal move") == 1 and "a1 is empty" in error
    assert state.notation() not in error


def new_grail_game(client) -> tuple[str, dict[str, str]]:
    created = client.post("/api/games", json={"game": "laser-chess", "options": {"setup": "grail"},
                                              "seats": ["human", "human"]}).json()  # fmt: skip
    return f"/api/games/{created['id']}/moves", {"Authorization": f"Bearer {created['tokens']['0']}"}


def test_the_web_asks_before_a_move_into_your_own_king(client):
    url, auth = new_grail_game(client)
    warned = client.post(url, json={"move": "j3-j2", "warn": True}, headers=auth)
    assert warned.status_code == 428 and "your King" in warned.json()["error"]
    assert client.get(url.rsplit("/", 1)[0], headers=auth).json()["ply"] == 0  # nothing played
    game = abstracta.load("laser-chess", setup="grail")
    calm = next(move for move in game.start().moves() if game.move_warning(game.start(), move) is None)
    assert client.post(url, json={"move": calm, "warn": True}, headers=auth).status_code == 200


def test_a_confirmed_move_into_your_own_king_is_played(client):
    url, auth = new_grail_game(client)
    played = client.post(url, json={"move": "j3-j2"}, headers=auth)  # sent again without 'warn'
    assert played.status_code == 200 and played.json()["over"]
