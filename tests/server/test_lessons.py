"""The lessons' API: a game's lessons and steps as the learner's seat sees them, the engine's check of each
step, and progress kept per account (CSRF as every cookie POST) or not at all when anonymous (the browser's)."""

from __future__ import annotations

import abstracta
from abstracta.core.lessons import lessons_of, start_of
from tests.server.test_accounts import browser, csrf, sign_up

GAME = "laser-chess"


def first_step(client):
    answer = client.get(f"/api/lessons/{GAME}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_anonymous_learner_gets_the_steps_and_the_checks_but_no_stored_progress(client):
    data = first_step(client)
    assert data["progress"] is None and data["title"] == abstracta.load(GAME).title
    lesson = lessons_of(abstracta.load(GAME))[0]
    shown = data["lessons"][0]
    assert [step["task"] for step in shown["steps"]] == [step.task for step in lesson.steps]
    start = shown["steps"][0]["view"]
    assert start["you"] == lesson.steps[0].seat and set(lesson.steps[0].intended) <= set(start["moves"])
    assert "hint" not in shown["steps"][0]  # the hint comes with a failed try
    url = f"/api/lessons/{GAME}/{lesson.id}/0/check"
    passed = client.post(url, json={"moves": list(lesson.steps[0].intended)}).json()
    assert passed["status"] == "passed" and passed["view"]["over"] and "progress" not in passed
    failed = client.post(url, json={"moves": list(lesson.steps[0].wrong[0])}).json()
    assert failed["status"] == "failed" and failed["hint"] == lesson.steps[0].hint
    assert failed["view"]["moves"] == [] and failed["view"]["history"] == list(lesson.steps[0].wrong[0])
    illegal = client.post(url, json={"moves": ["a1-a9"]})
    assert illegal.status_code == 400 and "not a legal move" in illegal.json()["error"]
    assert client.get(f"/api/lessons/{GAME}").json()["progress"] is None


def test_a_step_that_takes_several_moves_goes_on_until_the_turn_ends(client):
    game = abstracta.load("strategic-reserve")
    lesson = lessons_of(game)[0]
    index, step = next((i, step) for i, step in enumerate(lesson.steps) if len(step.intended) > 1)
    url = f"/api/lessons/{game.slug}/{lesson.id}/{index}/check"
    going = client.post(url, json={"moves": list(step.intended[:1])}).json()
    assert going["status"] == "continue" and going["hint"] is None and going["view"]["moves"]
    assert client.post(url, json={"moves": list(step.intended)}).json()["status"] == "passed"


def test_an_account_keeps_its_progress_and_cookie_checks_need_the_csrf_token(client):
    account = sign_up(client, "learner")
    lesson = lessons_of(abstracta.load(GAME))[0]
    url = f"/api/lessons/{GAME}/{lesson.id}/1/check"
    body = {"moves": list(lesson.steps[1].intended)}
    assert client.post(url, json=body).status_code == 403
    passed = client.post(url, json=body, headers=csrf(account)).json()
    assert passed["status"] == "passed" and passed["progress"] == [1]
    assert first_step(client)["progress"] == {lesson.id: [1]}
    merged = client.post(f"/api/lessons/{GAME}/progress", json={"lesson": lesson.id, "steps": [0, 1, 99]}, headers=csrf(account))
    assert merged.json()["progress"] == {lesson.id: [0, 1]}
    other = browser(client)
    assert other.get(f"/api/lessons/{GAME}").json()["progress"] is None
    assert other.post(f"/api/lessons/{GAME}/progress", json={"lesson": lesson.id, "steps": [0]}).status_code == 401
    sign_up(other, "another")
    assert first_step(other)["progress"] == {}


def test_unknown_games_lessons_and_steps_are_404s(client):
    assert client.get("/api/lessons/no-such-game").status_code == 404
    assert client.get("/api/lessons/tic-tac-toe").json()["error"] == "tic-tac-toe has no lessons yet"
    lesson = lessons_of(abstracta.load(GAME))[0]
    assert client.post(f"/api/lessons/{GAME}/nope/0/check", json={"moves": []}).status_code == 404
    assert client.post(f"/api/lessons/{GAME}/{lesson.id}/99/check", json={"moves": []}).status_code == 404
    assert client.post(f"/api/lessons/{GAME}/{lesson.id}/0/check", json={"moves": "j5+"}).status_code == 422
    assert client.get(f"/learn/{GAME}").status_code == 200


def test_a_game_that_hides_information_shows_only_the_learners_view(client):
    game = abstracta.load("quin")
    data = client.get("/api/lessons/quin").json()
    hidden_seen = 0
    for lesson, shown in zip(lessons_of(game), data["lessons"]):
        for step, entry in zip(lesson.steps, shown["steps"]):
            assert entry["view"]["position"] == start_of(game, step).view(step.seat).notation()
            rival = [piece for pieces in entry["view"]["structure"]["cells"].values() for piece in pieces
                     if piece["owner"] != step.seat and not piece.get("revealed")]  # fmt: skip
            assert all(piece["kind"] == "hidden" for piece in rival), step.title
            hidden_seen += len(rival)
    assert hidden_seen, "no step has a face-down rival piece to hide"


def test_a_step_with_a_prelude_lists_it_with_its_words_and_a_step_with_options_plays_under_them(client):
    lesson = lessons_of(abstracta.load(GAME))[0]
    index, step = next((i, step) for i, step in enumerate(lesson.steps) if step.prelude)
    shown = first_step(client)["lessons"][0]["steps"][index]
    assert [entry["move"] for entry in shown["prelude"]] == list(step.prelude)
    assert all(entry["words"] for entry in shown["prelude"]) and shown["view"]["history"] == list(step.prelude)
    assert "draw" in shown["view"]["moves"]
    url = f"/api/lessons/{GAME}/{lesson.id}/{index}/check"
    claimed = client.post(url, json={"moves": ["draw"]}).json()
    assert claimed["status"] == "passed" and claimed["view"]["history"] == [*step.prelude, "draw"]
    reflec = client.get("/api/lessons/reflec").json()["lessons"]
    counts = {step["view"]["num_players"] for lesson in reflec for step in lesson["steps"]}
    assert counts == {2, 3, 4}
