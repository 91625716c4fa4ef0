"""Rated games over the API: who may play them, ratings applied exactly once at the end (rules, resignation,
flag), as ``server/ratings.py`` computes them; profiles, leaderboards and the record's tags."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from abstracta.server.ratings import Rating, display, display_change, rate_game
from abstracta.server.tables import RatingHistoryRow
from tests.server.conftest import SHORT_OPTIONS, auth, make_client, play_randomly, settle, view_of
from tests.server.test_accounts import browser, csrf, sign_up

GAME = "strategic-reserve"


def players(client: TestClient, *names: str) -> list[tuple[TestClient, dict]]:
    """One browser per name, each signed up: (its client, its sign-up answer)."""
    found = []
    for index, name in enumerate(names):
        other = client if index == 0 else browser(client)
        found.append((other, sign_up(other, name)))
    return found


def rated_game(seated: list[tuple[TestClient, dict]], game: str = GAME, options: dict | None = None,
               clock: dict | None = None) -> tuple[str, dict[str, str]]:  # fmt: skip
    """A rated game created by the first account, every other seat taken by invite by the others; its tokens."""
    (creator, login), *others = seated
    body = {"game": game, "options": options if options is not None else SHORT_OPTIONS[game],
            "seats": ["me"] + ["friend"] * len(others), "rated": True}  # fmt: skip
    if clock:
        body["clock"] = clock
    created = creator.post("/api/games", json=body, headers=csrf(login))
    assert created.status_code == 201, created.text
    answer = created.json()
    tokens = dict(answer["tokens"])
    for (other, other_login), (seat, code) in zip(others, sorted(answer["invites"].items())):
        joined = other.post(f"/api/invites/{code}", headers=csrf(other_login))
        assert joined.status_code == 200, joined.text
        tokens[seat] = joined.json()["token"]
    return answer["id"], tokens


def expected_ratings(returns: list[float], before: list[Rating] | None = None, scores: list[int] | None = None) -> list[Rating]:
    return rate_game(before or [Rating()] * len(returns), returns, scores)


def check_changes(view: dict, names: list[str], expected: list[Rating], before: list[Rating] | None = None) -> None:
    before = before or [Rating()] * len(names)
    assert view["rated"] is True
    for player, name in enumerate(names):
        change = view["ratings"][str(player)]
        assert change["username"] == name
        assert change["before"] == pytest.approx(before[player].rating, abs=1e-6)
        assert change["after"] == pytest.approx(expected[player].rating, abs=1e-6)
        assert change["deviation_after"] == pytest.approx(expected[player].deviation, abs=1e-6)
        assert change["change"] == display_change(before[player], expected[player])
        assert change["shown_after"] == display(expected[player])


def history_rows(client: TestClient, game_id: str) -> int:
    store = client.app.state.store
    return store._read(lambda session: session.query(RatingHistoryRow).filter_by(game_id=game_id).count())


def test_a_rated_game_played_to_its_end_rates_both_accounts_as_glicko2_says(client):
    seated = players(client, "alice", "bob")
    game_id, tokens = rated_game(seated)
    final = play_randomly(client, game_id, tokens, random.Random(7))
    assert final["over"]
    expected = expected_ratings(final["returns"])
    view = view_of(client, game_id)
    check_changes(view, ["alice", "bob"], expected)
    for (browser_, _), rating in zip(seated, expected):
        mine = browser_.get("/api/account").json()["ratings"][GAME]
        assert mine["rating"] == pytest.approx(rating.rating, abs=0.01)
        assert mine["deviation"] == pytest.approx(rating.deviation, abs=0.01)
        assert mine["games"] == 1 and mine["provisional"] is True
    record = client.get(f"/api/games/{game_id}/record").text
    changes = "/".join(display_change(Rating(), rating) for rating in expected)
    assert '[Rated "yes"]' in record and f'[RatingChanges "{changes}"]' in record
    assert f'[RatingPool "{GAME}"]' in record and '[Accounts "alice/bob"]' in record
    assert history_rows(client, game_id) == 2


def test_a_second_rated_game_starts_from_the_first_ones_ratings(client):
    seated = players(client, "carol", "dave")
    first_id, tokens = rated_game(seated)
    first = play_randomly(client, first_id, tokens, random.Random(1))
    after_first = expected_ratings(first["returns"])
    second_id, tokens = rated_game(seated)
    client.post(f"/api/games/{second_id}/resign", headers=auth(tokens["0"]))
    view = view_of(client, second_id)
    before = before_of(view)
    assert [b.rating for b in before] == pytest.approx([a.rating for a in after_first])
    assert [b.deviation for b in before] == pytest.approx([a.deviation for a in after_first], abs=0.01)
    assert [b.volatility for b in before] == pytest.approx([a.volatility for a in after_first])
    check_changes(view, ["carol", "dave"], rate_game(before, [-1.0, 1.0]), before)


def test_resignation_and_flag_rate_the_game(client):
    seated = players(client, "erin", "frank")
    game_id, tokens = rated_game(seated)
    resigned = client.post(f"/api/games/{game_id}/resign", headers=auth(tokens["1"]))
    assert resigned.status_code == 200, resigned.text
    check_changes(view_of(client, game_id), ["erin", "frank"], expected_ratings([1.0, -1.0]))

    flagged_id, tokens = rated_game(seated, clock={"minutes": 0.02, "increment": 0})
    mine = view_of(client, flagged_id, tokens["0"])
    client.post(f"/api/games/{flagged_id}/moves", json={"move": mine["moves"][0], "ply": mine["ply"]},
                headers=auth(tokens["0"]))  # fmt: skip
    deadline = time.monotonic() + 20
    while not view_of(client, flagged_id)["over"] and time.monotonic() < deadline:
        time.sleep(0.2)
    view = view_of(client, flagged_id)
    assert view["controls"]["ended"]["termination"] == "time"
    loser = view["controls"]["ended"]["by"]
    before = before_of(view)
    check_changes(view, ["erin", "frank"], rate_game(before, [-1.0 if p == loser else 1.0 for p in range(2)]), before)


def before_of(view: dict) -> list[Rating]:
    """Each seat's rating as the game's rating used it (idle time since the last game widens the deviation a hair)."""
    return [Rating(change["before"], change["deviation_before"], change["volatility_before"])
            for _, change in sorted(view["ratings"].items())]  # fmt: skip


def test_an_agreed_draw_rates_the_game_as_a_draw(client):
    seated = players(client, "gina", "hank")
    game_id, tokens = rated_game(seated)
    assert client.post(f"/api/games/{game_id}/draw", json={"action": "offer"}, headers=auth(tokens["0"])).status_code == 200
    assert client.post(f"/api/games/{game_id}/draw", json={"action": "accept"}, headers=auth(tokens["1"])).status_code == 200
    view = view_of(client, game_id)
    check_changes(view, ["gina", "hank"], expected_ratings([0.0, 0.0]))
    assert {change["outcome"] for change in view["ratings"].values()} == {"draw"}


def test_a_game_is_rated_exactly_once_across_a_restart(db_url):
    with make_client(db_url) as client:
        seated = players(client, "ivan", "judy")
        game_id, tokens = rated_game(seated)
        client.post(f"/api/games/{game_id}/resign", headers=auth(tokens["0"]))
        first = view_of(client, game_id)["ratings"]
        book = client.app.state.ratings
        live = client.app.state.service.get(game_id)
        live.ratings = None  # as if this copy had never heard: settling again must not rate twice
        book.settle(live)
        assert live.ratings == first
    with make_client(db_url) as client:
        settle(client)
        assert view_of(client, game_id)["ratings"] == first
        assert history_rows(client, game_id) == 2
        assert client.get("/api/users/ivan").json()["ratings"][GAME]["games"] == 1


def test_a_rated_game_that_ended_unrated_is_rated_at_the_next_start(db_url):
    with make_client(db_url) as client:
        seated = players(client, "kate", "liam")
        game_id, tokens = rated_game(seated)
        client.app.state.service._listeners.clear()  # the server "crashes" between the end and the ratings
        client.post(f"/api/games/{game_id}/resign", headers=auth(tokens["0"]))
        assert history_rows(client, game_id) == 0
    with make_client(db_url) as client:
        settle(client)
        deadline = time.monotonic() + 10
        while history_rows(client, game_id) == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        check_changes(view_of(client, game_id), ["kate", "liam"], expected_ratings([-1.0, 1.0]))


def test_unrated_games_change_no_rating(client):
    (alice, login), (bob, bob_login) = players(client, "mia", "noah")
    created = alice.post("/api/games", json={"game": GAME, "options": SHORT_OPTIONS[GAME], "seats": ["me", "friend"]},
                         headers=csrf(login)).json()  # fmt: skip
    token = bob.post(f"/api/invites/{created['invites']['1']}", headers=csrf(bob_login)).json()["token"]
    client.post(f"/api/games/{created['id']}/resign", headers=auth(token))
    view = view_of(client, created["id"])
    assert "rated" not in view and "ratings" not in view
    assert alice.get("/api/account").json()["ratings"] == {}
    assert "Rated" not in client.get(f"/api/games/{created['id']}/record").text


def test_who_may_play_a_rated_game(client):
    (alice, login), (bob, bob_login) = players(client, "olga", "pete")
    body = {"game": GAME, "options": SHORT_OPTIONS[GAME], "rated": True}
    for seats, status in [(["me", "bot:random"], 400), (["me", "me"], 400), (["friend", "friend"], 400)]:
        refused = alice.post("/api/games", json={**body, "seats": seats}, headers=csrf(login))
        assert refused.status_code == status, (seats, refused.text)
    anonymous = TestClient(client.app)
    assert anonymous.post("/api/games", json={**body, "seats": ["me", "friend"]}).status_code == 401
    assert alice.post("/api/games", json={**body, "seats": ["me", "friend"], "seed": 3}, headers=csrf(login)).status_code == 422
    created = alice.post("/api/games", json={**body, "seats": ["me", "friend"]}, headers=csrf(login)).json()
    code = created["invites"]["1"]
    assert anonymous.post(f"/api/invites/{code}").status_code == 403  # anonymous: refused, the invite stays usable
    assert alice.post(f"/api/invites/{code}", headers=csrf(login)).status_code == 403  # one account, one seat
    assert bob.post(f"/api/invites/{code}", headers=csrf(bob_login)).status_code == 200


def test_a_three_player_rated_reflec_uses_the_multiplayer_pool(client):
    seated = players(client, "quinn", "rosa", "sam")
    options = {**SHORT_OPTIONS["reflec"], "players": 3}
    game_id, tokens = rated_game(seated, "reflec", options)
    final = play_randomly(client, game_id, tokens, random.Random(3))
    assert final["over"]
    expected = expected_ratings(final["returns"], scores=final["scores"])  # the scores order the players the returns leave level
    check_changes(view_of(client, game_id), ["quinn", "rosa", "sam"], expected)
    profile = client.get("/api/users/quinn").json()
    assert set(profile["ratings"]) == {"reflec/3"}
    assert profile["ratings"]["reflec/3"]["rating"] == pytest.approx(expected[0].rating, abs=0.01)


def test_profile_and_leaderboard(client):
    seated = players(client, "tina", "ugo")
    game_id, tokens = rated_game(seated)
    client.post(f"/api/games/{game_id}/resign", headers=auth(tokens["1"]))
    profile = client.get("/api/users/TINA").json()
    assert profile["username"] == "tina" and profile["disabled"] is False
    rating = profile["ratings"][GAME]
    assert (rating["games"], rating["wins"], rating["draws"], rating["losses"]) == (1, 1, 0, 0)
    assert rating["provisional"] is True and rating["shown"].endswith("?")
    assert [point["game"] for point in profile["history"][GAME]] == [None, game_id]
    assert profile["history"][GAME][0]["rating"] == 1500
    (row,) = profile["games"]
    assert row["id"] == game_id and row["result"] == "win" and row["rated"] is True and row["rating_change"].startswith("+")
    assert row["links"] == {"page": f"/g/{game_id}", "record": f"/api/games/{game_id}/record"}
    assert client.get("/api/users/nobody-here").status_code == 404
    assert client.get("/api/users/<script>").status_code == 404

    board = client.get(f"/api/leaderboard/{GAME}").json()
    assert board["game"] == GAME and board["pools"] == {GAME: []}  # provisional ratings are left out
    assert client.get("/api/leaderboard/no-such-game").status_code == 404


def test_leaderboards_list_settled_ratings_best_first_without_disabled_users(client):
    from abstracta.server.tables import RatingRow, utc_now

    names = ["vera", "walt", "xena", "yuri"]
    users = [sign_up(browser(client), name) and client.app.state.accounts.find(name) for name in names]
    settled = {"vera": (1700.0, 60.0), "walt": (1800.0, 100.0), "xena": (1900.0, 200.0), "yuri": (1600.0, 50.0)}

    def work(session):
        for user in users:
            rating, deviation = settled[user.username]
            session.add(RatingRow(user_id=user.id, pool=GAME, rating=rating, deviation=deviation, volatility=0.06,
                                  games=30, wins=10, draws=10, losses=10, last_played=utc_now()))  # fmt: skip
        session.add(RatingRow(user_id=users[0].id, pool="reflec/4", rating=1550.0, deviation=70.0, volatility=0.06,
                              games=12, wins=3, draws=0, losses=9, last_played=utc_now()))  # fmt: skip

    client.app.state.store._write(work)
    client.app.state.accounts.disable("yuri")
    board = client.get(f"/api/leaderboard/{GAME}").json()["pools"]
    assert [(entry["rank"], entry["username"]) for entry in board[GAME]] == [(1, "walt"), (2, "vera")]
    assert "reflec/4" not in board
    reflec = client.get("/api/leaderboard/reflec").json()["pools"]
    assert list(reflec) == ["reflec", "reflec/4"] and reflec["reflec/4"][0]["username"] == "vera"
    assert client.get("/api/users/yuri").json()["disabled"] is True  # a disabled user's profile stays


def test_disabling_a_user_calls_the_shared_hook(client, monkeypatch):
    import abstracta.server.accounts as accounts_module

    called = []
    monkeypatch.setattr(accounts_module, "on_user_disabled", lambda user_id, database: called.append(user_id))
    sign_up(browser(client), "vince")
    user = client.app.state.accounts.disable("vince")
    assert called == [user.id]
