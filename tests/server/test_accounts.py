"""Accounts over the API: sign-up, log-in, sessions, CSRF, throttling, seats that belong to an account, claims."""

from __future__ import annotations

import time

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from abstracta.server.accounts import LOGIN_FAILED, LoginThrottle
from abstracta.server.sessions import SESSION_COOKIE
from tests.server.conftest import auth, make_client, settle

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, username: str, password: str = PASSWORD) -> dict:
    response = client.post("/api/account/signup", json={"username": username, "password": password})
    assert response.status_code == 201, response.text
    return response.json()


def browser(client: TestClient) -> TestClient:
    """Another browser on the same server: its own cookies."""
    return TestClient(client.app)


def csrf(answer: dict) -> dict[str, str]:
    return {"X-CSRF-Token": answer["csrf"]}


def test_sign_up_logs_in_with_an_http_only_lax_cookie(client):
    answer = sign_up(client, "Ada_Lovelace")
    assert answer["username"] == "Ada_Lovelace" and len(answer["csrf"]) >= 20
    cookie = next(value for name, value in client.cookies.items() if name == SESSION_COOKIE)
    assert cookie
    response = client.post("/api/account/login", json={"username": "ada_lovelace", "password": PASSWORD})
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "secure" not in header
    me = client.get("/api/account").json()
    assert me == {"username": "Ada_Lovelace", "csrf": response.json()["csrf"], "ratings": {}}
    assert browser(client).get("/api/account").status_code == 401


def test_the_cookie_is_secure_behind_https(db_url):
    with make_client(db_url, behind_https=True) as client:
        response = client.post("/api/account/signup", json={"username": "grace", "password": PASSWORD})
        assert response.status_code == 201
        assert "secure" in response.headers["set-cookie"].lower()


@pytest.mark.parametrize("username", ["ab", "a" * 21, "has space", "dot.ted", "<script>", "émile", "",
                                      "admin", "ADMIN", "root", "random", "Easy", "medium", "hard", "bot", "bot-7",
                                      "Bot_x", "abstracta", "anonymous"])  # fmt: skip
def test_invalid_and_reserved_usernames_are_refused(client, username):
    response = client.post("/api/account/signup", json={"username": username, "password": PASSWORD})
    assert response.status_code in (400, 422), response.text
    assert SESSION_COOKIE not in response.headers.get("set-cookie", "")


def test_usernames_are_unique_in_any_case_and_passwords_have_bounds(client):
    sign_up(client, "Turing")
    taken = browser(client).post("/api/account/signup", json={"username": "tURING", "password": PASSWORD})
    assert taken.status_code == 409
    for password in ["short", "x" * 257]:
        refused = browser(client).post("/api/account/signup", json={"username": "Hopper", "password": password})
        assert refused.status_code in (400, 422), refused.text
    sign_up(browser(client), "Hopper", "x" * 256)


def test_a_wrong_password_and_an_unknown_user_get_the_same_answer_in_similar_time(client):
    sign_up(client, "knuth")
    other = browser(client)

    def attempt(username: str) -> tuple[float, int, dict]:
        started = time.perf_counter()
        response = other.post("/api/account/login", json={"username": username, "password": "not the password"})
        return time.perf_counter() - started, response.status_code, response.json()

    wrong, unknown = [], []
    for _ in range(5):  # interleaved, so that a busy machine slows both kinds alike (5: the account's free failures)
        wrong.append(attempt("knuth"))
        unknown.append(attempt("nobody-here"))
    assert {(status, str(body)) for _, status, body in wrong + unknown} == {(401, str({"error": LOGIN_FAILED}))}
    # the fastest of each kind: what the server itself costs, with the delays of a busy machine left out
    ratio = min(t for t, _, _ in unknown) / min(t for t, _, _ in wrong)
    assert 0.5 < ratio < 2, f"an unknown user takes {ratio:.2f} times as long as a wrong password"


def test_login_rotates_the_session_id_and_the_old_one_stops_working(client):
    sign_up(client, "lamport")
    before = client.cookies.get(SESSION_COOKIE)
    assert client.post("/api/account/login", json={"username": "lamport", "password": PASSWORD}).status_code == 200
    after = client.cookies.get(SESSION_COOKIE)
    assert after and after != before
    planted = browser(client)
    planted.cookies.set(SESSION_COOKIE, before)
    assert planted.get("/api/account").status_code == 401
    assert client.get("/api/account").status_code == 200


def test_state_changing_cookie_requests_need_the_csrf_token(client):
    answer = sign_up(client, "hamilton")
    body = {"game": "strategic-reserve", "seats": ["me", "me"]}
    assert client.post("/api/games", json=body).status_code == 403
    assert client.post("/api/games", json=body, headers={"X-CSRF-Token": "forged"}).status_code == 403
    created = client.post("/api/games", json=body, headers=csrf(answer))
    assert created.status_code == 201
    game_id, tokens = created.json()["id"], created.json()["tokens"]
    mine = client.get(f"/api/games/{game_id}").json()
    assert mine["you"] == 0 and mine["moves"]
    move = {"move": mine["moves"][0], "ply": mine["ply"]}
    assert client.post(f"/api/games/{game_id}/moves", json=move).status_code == 403
    played = client.post(f"/api/games/{game_id}/moves", json=move, headers=csrf(answer))
    assert played.status_code == 200 and played.json()["ply"] > mine["ply"]
    # Bearer seat tokens keep working, with or without the cookie, and need no CSRF token.
    view = client.get(f"/api/games/{game_id}", headers=auth(tokens["1"])).json()
    assert view["you"] == 1
    again = browser(client).post(f"/api/games/{game_id}/moves", json={"move": view["moves"][0], "ply": view["ply"]},
                                 headers=auth(tokens["1"]))  # fmt: skip
    assert again.status_code == 200
    assert client.post("/api/account/logout").status_code == 403
    assert client.post("/api/account/logout", headers=csrf(answer)).status_code == 200
    assert client.get("/api/account").status_code == 401


def test_login_from_another_site_is_refused(client):
    sign_up(client, "liskov")
    response = browser(client).post("/api/account/login", json={"username": "liskov", "password": PASSWORD},
                                    headers={"Origin": "https://evil.example"})  # fmt: skip
    assert response.status_code == 403


def test_failed_logins_are_throttled_per_account_and_per_address(db_url):
    now = [1000.0]
    throttle = LoginThrottle(account_free=3, address_free=6, base=2.0, clock=lambda: now[0])
    with make_client(db_url, login_throttle=throttle) as client:
        sign_up(client, "dijkstra")
        wrong = {"username": "dijkstra", "password": "wrong password"}
        for _ in range(4):
            assert client.post("/api/account/login", json=wrong).status_code == 401
        refused = client.post("/api/account/login", json={"username": "dijkstra", "password": PASSWORD})
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "2"
        now[0] += 2.5
        assert client.post("/api/account/login", json=wrong).status_code == 401
        longer = client.post("/api/account/login", json=wrong)
        assert longer.status_code == 429 and longer.headers["Retry-After"] == "4"  # the wait doubles
        now[0] += 4.5
        assert client.post("/api/account/login", json={"username": "dijkstra", "password": PASSWORD}).status_code == 200
        # Per address: failures on other names add up.
        for name in ("a-one", "a-two"):
            client.post("/api/account/login", json={"username": name, "password": "whatever1"})
        assert client.post("/api/account/login", json={"username": "a-three", "password": "x" * 9}).status_code == 429


def test_a_disabled_user_cannot_log_in_and_their_sessions_end(client):
    sign_up(client, "mallory")
    client.app.state.accounts.disable("MALLORY")
    assert client.get("/api/account").status_code == 401
    response = browser(client).post("/api/account/login", json={"username": "mallory", "password": PASSWORD})
    assert response.status_code == 401 and response.json() == {"error": LOGIN_FAILED}


def test_changing_the_password_needs_the_old_one_and_ends_the_other_sessions(client):
    answer = sign_up(client, "hoare")
    other = browser(client)
    assert other.post("/api/account/login", json={"username": "hoare", "password": PASSWORD}).status_code == 200
    change = {"old": "not it at all", "new": "a new password"}
    assert client.post("/api/account/password", json=change, headers=csrf(answer)).status_code == 403
    change["old"] = PASSWORD
    assert client.post("/api/account/password", json=change).status_code == 403  # no CSRF token
    assert client.post("/api/account/password", json=change, headers=csrf(answer)).status_code == 200
    assert client.get("/api/account").status_code == 200
    assert other.get("/api/account").status_code == 401
    assert browser(client).post("/api/account/login", json={"username": "hoare", "password": PASSWORD}).status_code == 401
    assert browser(client).post("/api/account/login", json={"username": "hoare", "password": "a new password"}).status_code == 200


def test_a_hash_made_with_other_parameters_is_replaced_at_login(db_url):
    cheap = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    with make_client(db_url, password_hasher=cheap) as client:
        sign_up(client, "backus")
    with make_client(db_url) as client:
        accounts = client.app.state.accounts
        stored = lambda: accounts._find("backus").password_hash  # noqa: E731
        assert accounts.hasher.check_needs_rehash(stored())
        assert client.post("/api/account/login", json={"username": "backus", "password": PASSWORD}).status_code == 200
        assert not accounts.hasher.check_needs_rehash(stored()) and "$argon2id$" in stored()


def test_an_account_sees_and_plays_its_seat_from_any_browser_and_never_another_user_s(client):
    answer = sign_up(client, "alice")
    created = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "friend"]}, headers=csrf(answer))
    game_id, invite = created.json()["id"], created.json()["invites"]["1"]
    second = browser(client)  # alice again, on another device
    second_answer = second.post("/api/account/login", json={"username": "alice", "password": PASSWORD}).json()
    view = second.get(f"/api/games/{game_id}").json()
    assert view["you"] == 0 and view["moves"]
    bob = browser(client)
    bob_answer = sign_up(bob, "bob")
    joined = bob.post(f"/api/invites/{invite}", headers=csrf(bob_answer))
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    assert bob.get(f"/api/games/{game_id}").json()["you"] == 1
    move = {"move": view["moves"][0], "ply": view["ply"]}
    refused = bob.post(f"/api/games/{game_id}/moves", json=move, headers=csrf(bob_answer))
    assert refused.status_code == 409  # bob's seat is not to move; alice's is not his
    assert second.post(f"/api/games/{game_id}/moves", json=move, headers=csrf(second_answer)).status_code == 200
    carol = browser(client)
    carol_answer = sign_up(carol, "carol")
    assert carol.get(f"/api/games/{game_id}").json()["you"] is None  # a spectator
    bob_view = bob.get(f"/api/games/{game_id}").json()
    stolen = {"move": bob_view["moves"][0], "ply": bob_view["ply"]}
    assert carol.post(f"/api/games/{game_id}/moves", json=stolen, headers=csrf(carol_answer)).status_code == 403
    assert carol.post(f"/api/games/{game_id}/resign", headers=csrf(carol_answer)).status_code == 403
    assert bob.post(f"/api/games/{game_id}/moves", json=stolen, headers=csrf(bob_answer)).status_code == 200


def test_seats_taken_anonymously_are_claimed_once_into_the_account(client):
    anonymous = browser(client)
    created = anonymous.post("/api/games", json={"game": "reflec", "seats": ["me", "me"]}).json()
    game_id, tokens = created["id"], created["tokens"]
    answer = sign_up(anonymous, "claimer")
    seats = [{"game": game_id, "token": tokens["0"]}, {"game": game_id, "token": tokens["1"]},
             {"game": game_id, "token": "not a token"}, {"game": "nope", "token": tokens["0"]}]  # fmt: skip
    assert anonymous.post("/api/account/claim", json={"seats": seats}).status_code == 403  # no CSRF token
    claimed = anonymous.post("/api/account/claim", json={"seats": seats}, headers=csrf(answer))
    assert claimed.status_code == 200
    assert sorted(seat["seat"] for seat in claimed.json()["claimed"]) == [0, 1]
    thief = browser(client)
    thief_answer = sign_up(thief, "thief")
    again = thief.post("/api/account/claim", json={"seats": seats}, headers=csrf(thief_answer))
    assert again.json()["claimed"] == []  # another account's seats stay theirs
    assert thief.get(f"/api/games/{game_id}").json()["you"] is None
    assert anonymous.get(f"/api/games/{game_id}").json()["you"] == 0
    # Anonymous play goes on exactly as before, with the token.
    assert browser(client).get(f"/api/games/{game_id}", headers=auth(tokens["1"])).json()["you"] == 1


def test_the_account_s_games_list_its_turn_first_then_finished(client):
    answer = sign_up(client, "lister")
    make = lambda body: client.post("/api/games", json=body, headers=csrf(answer)).json()["id"]  # noqa: E731
    waiting = make({"game": "strategic-reserve", "seats": ["bot:random", "me"], "seed": 1})
    mine = make({"game": "strategic-reserve", "seats": ["me", "friend"], "seed": 2})
    finished = make({"game": "laser-chess", "seats": ["me", "me"], "seed": 3})
    assert client.post(f"/api/games/{finished}/resign", headers=csrf(answer)).status_code == 200
    browser(client).post("/api/games", json={"game": "reflec"})  # someone else's
    settle(client)
    rows = client.get("/api/account/games").json()
    assert [row["id"] for row in rows][0] == mine or rows[0]["your_turn"]
    assert {row["id"] for row in rows} == {waiting, mine, finished}
    assert [row["over"] for row in rows] == [False, False, True]
    assert rows[0]["your_turn"] and rows[0]["you"] in ([0], [1])
    assert rows[-1]["id"] == finished and rows[-1]["you"] == [0, 1]
    assert browser(client).get("/api/account/games").status_code == 401


def test_the_websocket_opens_the_account_s_seat_for_this_site_s_pages_only(client):
    answer = sign_up(client, "socket")
    game_id = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]},
                          headers=csrf(answer)).json()["id"]  # fmt: skip
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        assert socket.receive_json()["you"] == 0
    with client.websocket_connect(f"/ws/games/{game_id}", headers={"Origin": "https://evil.example"}) as socket:
        assert socket.receive_json()["you"] is None


def test_a_rematch_keeps_the_seats_with_their_accounts_and_analysis_reads_the_account_s_seat(client):
    alice = browser(client)
    alice_answer = sign_up(alice, "re-alice")
    created = alice.post("/api/games", json={"game": "laser-chess", "seats": ["me", "friend"], "seed": 4},
                         headers=csrf(alice_answer)).json()  # fmt: skip
    old = created["id"]
    bob = browser(client)
    bob_answer = sign_up(bob, "re-bob")
    assert bob.post(f"/api/invites/{created['invites']['1']}", headers=csrf(bob_answer)).status_code == 200
    assert alice.post(f"/api/games/{old}/resign", headers=csrf(alice_answer)).status_code == 200
    rematch = alice.post(f"/api/games/{old}/rematch", headers=csrf(alice_answer))
    assert rematch.status_code == 201
    new = rematch.json()["id"]
    claimed = bob.post(f"/api/games/{new}/claim", json={"previous": old}, headers=csrf(bob_answer))
    assert claimed.status_code == 200
    assert alice.get(f"/api/games/{new}").json()["you"] == 1  # the seats moved on
    assert bob.get(f"/api/games/{new}").json()["you"] == 0
    assert alice.post(f"/api/games/{old}/analysis").status_code == 403  # no CSRF token
    assert alice.post(f"/api/games/{old}/analysis", headers=csrf(alice_answer)).status_code == 202


def test_a_session_is_read_again_after_the_recheck_so_one_ended_elsewhere_stops(client, monkeypatch):
    from sqlalchemy import delete

    from abstracta.server.accounts import SESSIONS_READ
    from abstracta.server.tables import SessionRow

    monkeypatch.setattr(SESSIONS_READ, "seconds", 0.5)
    answer = sign_up(client, "olga")
    made = client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "friend"]}, headers=csrf(answer))
    game_id = made.json()["id"]
    assert client.get(f"/api/games/{game_id}").json()["you"] == 0  # read from the database, then remembered
    # Another process (``abstracta user disable``, say) ends every session in the database, not here.
    client.app.state.store._write(lambda session: session.execute(delete(SessionRow)))
    assert client.get(f"/api/games/{game_id}").json()["you"] == 0  # within the recheck: still trusted
    time.sleep(0.6)
    assert client.get(f"/api/games/{game_id}").json()["you"] is None  # read again: gone, a spectator now
    assert client.get("/api/account").status_code == 401
