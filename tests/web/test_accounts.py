"""Accounts in the browser: sign up in the lobby, start a game, and find its seat on a second device."""

from __future__ import annotations

import secrets

from tests.web.test_browser import start_from_lobby

PASSWORD = "a long enough password"


def account_box(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#account[data-ready='1']")


def log_in(page, server_url, username):
    """Log in with the lobby's account box (any case of the username) and wait until it shows the account."""
    account_box(page, server_url)
    page.fill("[data-testid=account-username]", username)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=account-login]")
    page.wait_for_selector("[data-testid=account-name]")


def test_sign_up_create_a_game_and_see_its_seat_logged_in_on_another_browser(page, browser, server_url):
    username = "p" + secrets.token_hex(4)
    account_box(page, server_url)
    page.fill("[data-testid=account-username]", username)
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=account-signup]")
    page.wait_for_selector("[data-testid=account-name]")
    assert page.text_content("[data-testid=account-name]") == username
    start_from_lobby(page, server_url, "strategic-reserve", ["me", "friend"])
    game_id = page.url.rsplit("/", 1)[-1]

    other = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        second = other.new_page()
        log_in(second, server_url, username.upper())  # any case
        second.goto(f"{server_url}/g/{game_id}")
        second.wait_for_selector("#board svg")
        assert second.evaluate(f"localStorage.getItem('abstracta:tokens:{game_id}')") is None  # no token here
        second.wait_for_function("() => document.querySelector('[data-testid=seats]').textContent.includes('you')")
        second.wait_for_function("() => document.body.dataset.myTurn === '1'")
        # A move by clicking, sent with the session cookie and the CSRF token.
        second.locator("#board [data-sq].target").first.click()
        page.wait_for_function("() => document.querySelectorAll('[data-testid=history] li').length > 0")
        # Logging out in the second browser leaves the seat to the first one only.
        account_box(second, server_url)
        second.click("[data-testid=account-logout]")
        second.wait_for_selector("[data-testid=account-login]")
    finally:
        other.close()


def test_a_username_with_markup_stays_text_and_seats_are_claimed_at_login(page, server_url):
    start_from_lobby(page, server_url, "reflec", ["me", "bot:random"])
    game_id = page.url.rsplit("/", 1)[-1]
    account_box(page, server_url)
    page.fill("[data-testid=account-username]", "<b>x</b>")
    page.fill("[data-testid=account-password]", PASSWORD)
    page.click("[data-testid=account-signup]")
    page.wait_for_function("() => document.querySelector('[data-testid=account-error]').textContent.length > 0")
    assert page.locator("#account b").count() == 0
    username = "c" + secrets.token_hex(4)
    page.fill("[data-testid=account-username]", username)
    page.click("[data-testid=account-signup]")
    page.wait_for_selector("[data-testid=account-name]")
    games = page.evaluate("fetch('/api/account/games').then((r) => r.json())")
    assert [row["id"] for row in games] == [game_id] and games[0]["you"] == [0]
