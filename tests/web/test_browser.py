"""Play every registered game in the browser: lobby -> new game against a bot -> clicks to the end."""

from __future__ import annotations

import random
import time

import pytest

import abstracta
from tests.games.desfases.positions import SHARED_FIRST
from tests.server.conftest import SHORT_OPTIONS
from tests.web.conftest import SCREENSHOTS

GAME_SECONDS = 120


def start_from_lobby(page, server_url, slug, seats, options=None):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click(f"[data-testid=game-{slug}]")
    for name, value in (options or {}).items():
        page.fill(f"#opt-{name}", str(value))
        page.press(f"#opt-{name}", "Tab")  # 'change' asks the server for the players these options give
        page.wait_for_function("() => !document.querySelector('#create').disabled")
    for player, choice in enumerate(seats):
        page.select_option(f"[data-testid=seat-{player}]", choice)
    page.click("[data-testid=create-game]")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("#board svg")


def body(page, key):
    return page.evaluate(f"document.body.dataset.{key}")


def click_one_move(page, rng):
    """One click a person could make: a picker choice, a target, a piece, or a move button."""
    for selector in ("#picker:not([hidden]) button.pick", "#board [data-sq].target", "#board [data-sq].selectable",
                     ".move-button"):  # fmt: skip
        found = page.locator(selector)
        count = found.count()
        if count:
            try:
                found.nth(rng.randrange(count)).click(timeout=2000)
            except Exception:  # the page moved on under the click; look again
                pass
            return True
    return False


def play_by_clicking(page, rng):
    deadline = time.monotonic() + GAME_SECONDS
    clicks = 0
    while body(page, "over") != "1":
        assert time.monotonic() < deadline, f"game not over after {GAME_SECONDS}s ({clicks} clicks)"
        if body(page, "myTurn") == "1" and click_one_move(page, rng):
            clicks += 1
        else:
            page.wait_for_timeout(40)
    return clicks


@pytest.mark.parametrize("slug", abstracta.games())
def test_play_a_game_against_a_bot_by_clicking(page, server_url, slug):
    players = abstracta.load(slug).num_players
    start_from_lobby(page, server_url, slug, ["me"] + ["bot:random"] * (players - 1), SHORT_OPTIONS.get(slug))
    assert play_by_clicking(page, random.Random(7)) > 0
    page.wait_for_selector("[data-testid=banner]:not([hidden])")
    assert page.inner_text("[data-testid=banner]").strip()
    page.wait_for_timeout(1200)  # let the last animations settle for the picture
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{slug}.png"), full_page=True)
    # The replay slider steps back through every position.
    slider = page.locator("[data-testid=replay-slider]")
    slider.wait_for()
    last = int(slider.get_attribute("max"))
    assert last == int(body(page, "ply"))
    final = page.text_content("[data-testid=position]")
    slider.fill("0")
    assert page.inner_text("#replay-label") == f"position 0 / {last}"
    assert page.text_content("[data-testid=position]") != final
    slider.fill(str(last))
    assert page.text_content("[data-testid=position]") == final


def test_lobby_lists_every_game_with_a_picture(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    cards = page.locator(".game-card")
    assert cards.count() == len(abstracta.games())
    for slug in abstracta.games():
        assert page.locator(f"[data-testid=game-{slug}] svg").count() == 1
    SCREENSHOTS.mkdir(exist_ok=True)
    page.click("[data-testid=game-strategic-reserve]")
    page.fill("#opt-reserve", "99")
    page.press("#opt-reserve", "Tab")
    page.wait_for_function("() => document.querySelector('#setup-error').textContent.includes('reserve')")
    assert page.locator("#create").is_disabled()
    page.fill("#opt-reserve", "6")
    page.press("#opt-reserve", "Tab")
    page.wait_for_function("() => !document.querySelector('#create').disabled")
    page.screenshot(path=str(SCREENSHOTS / "lobby.png"), full_page=True)


def test_strategic_reserve_invite_link_typed_moves_and_spectators(page, browser, server_url):
    start_from_lobby(page, server_url, "strategic-reserve", ["me", "friend"])
    invite = page.locator(".invite input").input_value()
    assert "#invite=" in invite and "#token=" not in invite
    game_id = page.url.rsplit("/", 1)[-1]
    held = f"Object.keys(JSON.parse(localStorage.getItem('abstracta:tokens:{game_id}') || '{{}}'))"
    assert page.evaluate(held) == ["0"]  # the creator's browser never holds the friend's seat
    # Red types a move instead of clicking.
    page.wait_for_function("() => document.body.dataset.myTurn === '1'")
    target = page.locator("#board [data-sq].target").first.get_attribute("data-sq")
    page.fill("[data-testid=move-input]", "z9")
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('illegal')")
    page.fill("[data-testid=move-input]", target)
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.body.dataset.myTurn === '0'")
    # The friend opens the invite link in another browser and plays Blue.
    friend_context = browser.new_context()
    friend = friend_context.new_page()
    friend.goto(invite)
    friend.wait_for_function("() => document.body.dataset.myTurn === '1'")
    assert "#invite" not in friend.url
    assert friend.evaluate(held) == ["1"]
    page.wait_for_function("() => !document.querySelector('.invite')")  # the link is gone once the friend joined
    assert page.evaluate(f"localStorage.getItem('abstracta:invites:{game_id}')") == "{}"
    # The link works once: a second browser opening it gets told so and holds no seat.
    late_context = browser.new_context()
    late = late_context.new_page()
    late.goto(invite)
    late.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('used already')")
    assert late.evaluate(held) == []
    late_context.close()
    friend.locator("#board [data-sq].target").first.click()
    page.wait_for_function("() => document.body.dataset.myTurn === '1'")  # Red sees it live
    assert page.locator("[data-testid=history] li").count() == 3  # one line a turn: Red, Blue, then Red's new roll
    # A spectator sees the game but has nothing to click.
    watcher_context = browser.new_context()
    watcher = watcher_context.new_page()
    watcher.goto(page.url)
    watcher.wait_for_selector("#board svg")
    assert watcher.locator("#board [data-sq].target").count() == 0
    assert body(watcher, "myTurn") == "0"
    # Flip board turns the coordinates round.
    before = page.locator("#board text.coord").first.text_content()
    page.click("[data-testid=flip]")
    assert page.locator("#board text.coord").first.text_content() != before
    friend_context.close()
    watcher_context.close()


def test_a_shared_first_place_is_shown_as_shared(page, browser, server_url):
    final = abstracta.load("desfases", layout=SHARED_FIRST).start().play("score d4")
    assert final.over and final.returns() == [0.5, 0.5, -1.0, -1.0]
    created = page.request.post(server_url + "/api/games", data={
        "game": "desfases", "options": {"layout": SHARED_FIRST}, "seats": ["human"] * 4}).json()  # fmt: skip
    tokens = created["tokens"]
    played = page.request.post(f"{server_url}/api/games/{created['id']}/moves", data={"move": "score d4"},
                               headers={"Authorization": f"Bearer {tokens['3']}"})  # fmt: skip
    assert played.ok, played.text()
    page.goto(f"{server_url}/g/{created['id']}#token={tokens['0']}")
    banner = page.locator("[data-testid=banner]:not([hidden])")
    banner.wait_for()
    assert banner.inner_text().strip() == "You share first place (Suns and Moons)"
    watcher_context = browser.new_context()
    watcher = watcher_context.new_page()
    watcher.goto(f"{server_url}/g/{created['id']}")
    watcher.locator("[data-testid=banner]:not([hidden])").wait_for()
    assert watcher.inner_text("[data-testid=banner]").strip() == "Suns and Moons share first place"
    watcher_context.close()
