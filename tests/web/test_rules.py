"""The rules pages in the browser: every game's page renders (with and without JavaScript), and is
linked from the lobby and from the game page, whose side panel shows the rules' legend.

One browser session walks every game, to keep the browser tests lean; the page's contents and
links are checked in detail on the server (tests/server/test_rules_pages.py)."""

from __future__ import annotations

import abstracta
from abstracta.core.registry import game_class
from abstracta.core.rules_text import legend
from tests.web.conftest import SCREENSHOTS
from tests.web.test_trip_points import create, open_game

GAMES = [slug for slug in abstracta.games() if game_class(slug).rules_text]


def test_every_rules_page_renders_and_is_linked_from_the_lobby_and_the_game_page(browser, page, server_url):
    page.goto(server_url + "/")
    assert page.get_attribute("[data-testid=rules-index]", "href") == "/rules"
    for slug in GAMES:  # the lobby's "how to play" link of each chosen game
        page.click(f"[data-testid=game-{slug}]")
        assert page.get_attribute("#new-rules", "href") == f"/rules/{slug}"

    without_script = browser.new_context(java_script_enabled=False).new_page()
    try:
        for reader in (page, without_script):
            for slug in GAMES:
                reader.goto(f"{server_url}/rules/{slug}")
                assert reader.locator("section.rules-section h2").first.inner_text() == "How to play in one minute"
                assert reader.locator(".rules-diagram pre").first.inner_text().strip()
                rows = reader.locator("section[data-section=legend] tbody tr")
                assert rows.count() == len(legend(game_class(slug)).rows)
                assert reader.locator(f".rules-nav a[href='/rules/{slug}'].current").count() == 1
    finally:
        without_script.context.close()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.goto(server_url + "/rules/quin")
    page.screenshot(path=str(SCREENSHOTS / "rules-quin.png"))

    game_id, tokens = create(page, server_url, "reflec", ["me", "bot:random"], seed=1)
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_selector("#legend-body dt")
    assert "Crowns coin" in page.inner_text("#legend-body")  # the legend of games/reflec/rules.md
    page.click("[data-testid=rules-link]")
    page.wait_for_url(f"{server_url}/rules/reflec")
    assert page.locator("h1").inner_text() == "Reflec: the rules"
