"""Open seeks in the browser: two players sign up, one creates a seek, the other accepts it, both land in
the game with their seats, they chat (markup stays text) and play a rated Strategic Reserve game to the end
by clicking; both ratings change as Glicko-2 says, the result banner and the profile show it, and the
same account logged in on a third browser finds the game and its seat."""

from __future__ import annotations

import json
import random
import secrets
import time

import pytest

from abstracta.server.ratings import Rating, display, display_change, rate_game
from tests.server.conftest import SHORT_OPTIONS
from tests.web.test_accounts import PASSWORD, account_box, log_in
from tests.web.test_browser import GAME_SECONDS, body, click_one_move
from tests.web.test_profiles import check_profile_after_one_rated_game

SCRIPT = "<img src=x onerror=alert(1)><script>alert(2)</script>"


def sign_up(page, server_url):
    username = "s" + secrets.token_hex(4)
    account_box(page, server_url)
    page.fill("[data-testid=account-username]", username)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=account-signup]")
    page.wait_for_selector("[data-testid=account-name]")
    return username


def test_a_seek_accepted_in_another_browser_brings_both_players_to_the_game(page, browser, any_server_url):
    server_url = any_server_url  # SQLite, and PostgreSQL where CI provides one
    creator_name = sign_up(page, server_url)
    page.wait_for_selector("#seek-list[data-ready='1']")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click("[data-testid=game-strategic-reserve]")
    for name, value in SHORT_OPTIONS["strategic-reserve"].items():
        page.fill(f"#opt-{name}", str(value))
        page.press(f"#opt-{name}", "Tab")
        page.wait_for_function("() => !document.querySelector('#create').disabled")
    page.wait_for_selector("#rated-field:not([hidden])")  # logged in
    page.check("[data-testid=rated]")
    page.click("[data-testid=create-seek]")
    page.wait_for_selector("[data-testid=seek-cancel]")

    other = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        second = other.new_page()
        errors: list[str] = []
        second.on("pageerror", lambda error: errors.append(str(error)))
        accepter_name = sign_up(second, server_url)
        row = second.locator("[data-testid=seek]", has=second.locator("[data-testid=seek-creator]", has_text=creator_name))
        row.wait_for()
        assert row.locator("[data-testid=seek-creator]").text_content() == creator_name
        assert "rated" in row.text_content()
        row.locator("[data-testid=seek-accept]").click()
        for player in (page, second):
            player.wait_for_url("**/g/**")
            player.wait_for_selector("#board svg")
            player.wait_for_function("() => document.querySelector('[data-testid=seats]').textContent.includes('you')")
        assert page.url == second.url
        game_id = page.url.rsplit("/", 1)[-1]
        assert page.evaluate(f"localStorage.getItem('abstracta:tokens:{game_id}')") is None  # the accounts' cookies
        # Both are connected: each sees two green dots.
        for player in (page, second):
            player.wait_for_function("() => document.querySelectorAll('#seats .presence.online').length === 2")
        # Chat: markup stays text on both pages.
        page.fill("[data-testid=chat-input]", SCRIPT)
        page.click("[data-testid=chat-send]")
        for player in (page, second):
            player.wait_for_function("(text) => [...document.querySelectorAll('[data-testid=chat-message] .chat-text')]"
                                     ".some((node) => node.textContent === text)", arg=SCRIPT)  # fmt: skip
            assert player.locator("#chat-messages img, #chat-messages script").count() == 0
        # Muting hides the chat in this game.
        second.check("[data-testid=chat-mute]")
        assert second.locator("#chat-messages").is_hidden()
        # Play to the end by clicking, each on their own page.
        rng = random.Random(5)
        deadline = time.monotonic() + GAME_SECONDS
        while body(page, "over") != "1" or body(second, "over") != "1":
            assert time.monotonic() < deadline, f"the game did not end in time (ply {body(page, 'ply')})"
            moved = False
            for player in (page, second):
                if body(player, "myTurn") == "1" and click_one_move(player, rng):
                    moved = True
            if not moved:
                page.wait_for_timeout(40)
        for player in (page, second):
            player.wait_for_selector("[data-testid=banner]:not([hidden])")
        check_the_ratings(page, second, game_id, creator_name, accepter_name)
        assert not errors, errors
    finally:
        other.close()
    check_profile_after_one_rated_game(page, server_url, creator_name, game_id)
    # The creator logged in on a third browser: the game is among its games, and its seat is there.
    third = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        device = third.new_page()
        log_in(device, server_url, creator_name)
        device.wait_for_selector(f"[data-testid=my-game][data-game='{game_id}']")
        device.goto(f"{server_url}/g/{game_id}")
        device.wait_for_function("() => document.querySelector('[data-testid=seats]').textContent.includes('you')")
        device.wait_for_selector("[data-testid=banner-ratings]")
    finally:
        third.close()


def check_the_ratings(page, second, game_id, creator_name, accepter_name):
    """Both new accounts (1500, 350, 0.06) rated exactly as Glicko-2 computes, on the result banner too."""
    view = page.evaluate(f"() => fetch('/api/games/{game_id}').then((answer) => answer.json())")
    expected = rate_game([Rating(), Rating()], view["returns"])
    names = {view["you"]: creator_name, 1 - view["you"]: accepter_name}
    banners = [player.text_content("[data-testid=banner-ratings]") for player in (page, second)]
    for seat, rating in enumerate(expected):
        change = view["ratings"][str(seat)]
        assert change["username"] == names[seat] and change["before"] == 1500
        assert (change["after"], change["deviation_after"], change["volatility_after"]) == pytest.approx(
            (rating.rating, rating.deviation, rating.volatility), abs=1e-9)  # fmt: skip
        profile = page.evaluate(f"() => fetch('/api/users/{names[seat]}').then((answer) => answer.json())")
        assert profile["ratings"]["strategic-reserve"]["rating"] == pytest.approx(rating.rating, abs=0.01)
        for banner in banners:
            assert f"{names[seat]} {display(rating)} ({display_change(Rating(), rating)})" in banner


def test_a_phone_shows_the_seeks_and_the_chat_without_sideways_scrolling(browser, server_url):
    from tests.web.test_phone import PHONE

    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        phone = context.new_page()
        phone.goto(server_url + "/")
        phone.evaluate("""() => fetch('/api/seeks', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'desfases', options: {}, clock: null, rated: false})})""")
        phone.wait_for_selector("[data-testid=seek]")
        sideways = "() => document.scrollingElement.scrollWidth <= window.innerWidth"
        assert phone.evaluate(sideways)
        made = phone.evaluate("""() => fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'strategic-reserve', seats: ['me', 'me']})}).then((r) => r.json())""")
        phone.evaluate(f"""() => fetch('/api/games/{made["id"]}/chat', {{method: 'POST', headers: {{'Content-Type':
            'application/json', Authorization: 'Bearer {made["tokens"]["0"]}'}}, body: JSON.stringify({{text: 'x'.repeat(400)}})}})""")
        phone.evaluate(f"localStorage.setItem('abstracta:tokens:{made['id']}', JSON.stringify({json.dumps(made['tokens'])}))")
        phone.goto(f"{server_url}/g/{made['id']}")
        phone.wait_for_selector("[data-testid=chat-message]")
        assert phone.evaluate(sideways)
    finally:
        context.close()


def test_anonymous_players_meet_through_a_correspondence_seek(page, browser, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#seek-list[data-ready='1']")
    page.click("[data-testid=game-strategic-reserve]")
    assert page.is_hidden("[data-testid=rated]")  # not logged in: no rated games
    page.fill("[data-testid=seek-days]", "3")
    page.click("[data-testid=create-seek]")
    page.wait_for_selector("[data-testid=seek-cancel]")
    other = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        second = other.new_page()
        second.goto(server_url + "/")
        row = second.locator("[data-testid=seek]", has_text="3 days a move")
        row.wait_for()
        assert row.locator("[data-testid=seek-creator]").text_content() == "anonymous"
        row.locator("[data-testid=seek-accept]").click()
        for player in (page, second):
            player.wait_for_url("**/g/**")
            player.wait_for_function("() => document.querySelector('[data-testid=seats]').textContent.includes('you')")
        game_id = page.url.rsplit("/", 1)[-1]
        # Each holds its own seat's token, and only that one.
        seats = [json.loads(p.evaluate(f"localStorage.getItem('abstracta:tokens:{game_id}')")) for p in (page, second)]
        assert len(seats[0]) == len(seats[1]) == 1 and set(seats[0]) != set(seats[1])
        # The time left to move, in days and hours.
        page.wait_for_function("() => /^[23]d \\d+h$/.test(document.querySelector('[data-testid=clock-0]').textContent)")
    finally:
        other.close()
