"""Profiles, leaderboards and My games in the browser, after a rated game played through the API."""

from __future__ import annotations

import random
import secrets

import httpx

from tests.web.test_accounts import PASSWORD, log_in

GAME = "strategic-reserve"


def account(server_url: str, username: str) -> tuple[httpx.Client, dict[str, str]]:
    """A logged-in API client (its own cookies) and its CSRF header."""
    client = httpx.Client(base_url=server_url, timeout=30)
    answer = client.post("/api/account/signup", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return client, {"X-CSRF-Token": answer.json()["csrf"]}


def play_rated_game(server_url: str, first: str, second: str) -> str:
    """A rated game between two new accounts, played with random legal moves to its end; its id."""
    (alice, alice_csrf), (bob, bob_csrf) = account(server_url, first), account(server_url, second)
    from tests.server.conftest import SHORT_OPTIONS

    created = alice.post("/api/games", json={"game": GAME, "options": SHORT_OPTIONS[GAME], "seats": ["me", "friend"],
                                             "rated": True}, headers=alice_csrf)  # fmt: skip
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert bob.post(f"/api/invites/{created.json()['invites']['1']}", headers=bob_csrf).status_code == 200
    rng = random.Random(11)
    seats = {0: (alice, alice_csrf), 1: (bob, bob_csrf)}
    while True:
        view = alice.get(f"/api/games/{game_id}").json()
        if view["over"]:
            return game_id
        client, csrf = seats[view["player"]]
        mine = client.get(f"/api/games/{game_id}").json()
        moved = client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"]), "ply": mine["ply"]},
                            headers=csrf)  # fmt: skip
        assert moved.status_code == 200, moved.text


def check_profile_after_one_rated_game(page, server_url: str, username: str, game_id: str) -> None:
    """``/@/<username>`` after the account's first rated game: the game's row (replay and record links)
    and a rating graph of two points (before and after), the rating still provisional."""
    page.goto(f"{server_url}/@/{username}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.text_content("[data-testid=profile-name]") == username
    card = page.locator(f"[data-testid='rating-{GAME}']")
    assert card.locator("[data-testid=rating-graph] circle").count() == 2  # before and after the game
    assert card.locator("[data-testid=rating-shown]").text_content().endswith("?")  # provisional after one game
    row = page.locator(f"[data-testid=profile-game][data-game='{game_id}']")
    assert "rated" in row.text_content() and "rating " in row.text_content()
    assert row.locator("a[download]").get_attribute("href") == f"/api/games/{game_id}/record"


def test_a_profile_shows_the_rated_game_and_the_rating_graph(page, server_url):
    first, second = "r" + secrets.token_hex(4), "s" + secrets.token_hex(4)
    game_id = play_rated_game(server_url, first, second)
    check_profile_after_one_rated_game(page, server_url, first, game_id)

    page.goto(f"{server_url}/g/{game_id}")
    page.wait_for_selector("[data-testid=banner-ratings]")
    ratings = page.text_content("[data-testid=banner-ratings]")
    assert first in ratings and second in ratings and "?" in ratings

    page.goto(f"{server_url}/leaderboard/{GAME}")
    page.wait_for_selector("body[data-ready='1']")
    assert first not in page.text_content("[data-testid=boards]")  # provisional: not on the leaderboard


def test_my_games_and_the_your_turn_count_in_the_lobby(page, server_url):
    username = "t" + secrets.token_hex(4)
    client, csrf = account(server_url, username)
    created = client.post("/api/games", json={"game": GAME, "seats": ["me", "friend"]}, headers=csrf).json()
    log_in(page, server_url, username)
    page.wait_for_selector(f"[data-testid=my-game][data-game='{created['id']}']")
    assert "your turn" in page.text_content(f"[data-testid=my-game][data-game='{created['id']}']")
    assert page.text_content("[data-testid=your-turn-count]") == "1 your turn"
    assert page.title().startswith("(1) ")

    # The game page of another game keeps the count in its header and in front of its own title.
    other = client.post("/api/games", json={"game": GAME, "seats": ["me", "bot:random"]}, headers=csrf).json()
    page.goto(f"{server_url}/g/{other['id']}")
    page.wait_for_selector("#account[data-ready='1']")
    page.wait_for_function("() => /^\\(\\d+\\) .*abstracta/.test(document.title)")
    assert page.text_content("[data-testid=your-turn-count]").endswith("your turn")
