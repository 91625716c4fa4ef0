"""Rules pages in our own words with diagrams drawn by the board modules, and the legend beside the board."""

from __future__ import annotations

import pytest

import abstracta
from abstracta.core.registry import game_class
from abstracta.server.catalog import describe
from tests.web.conftest import SCREENSHOTS
from tests.web.test_trip_points import create, open_game


WITH_RULES = [slug for slug in abstracta.games() if game_class(slug).rules_module is not None]
WITHOUT_RULES = [slug for slug in abstracta.games() if game_class(slug).rules_module is None]


@pytest.mark.parametrize("slug", WITH_RULES)
def test_a_game_with_a_rules_module_has_a_rules_page_with_a_diagram(page, server_url, slug):
    page.goto(f"{server_url}/rules/{slug}")
    page.wait_for_selector("#rules[data-ready='1']")
    assert page.locator(".rules-section").count() >= 3
    diagrams = page.locator(".rules-diagram svg")
    assert diagrams.count() >= 1
    assert page.locator(".rules-diagram [data-piece]").count() > 0  # drawn by the game's own board module
    assert page.locator(".legend-list dt").count() >= 3
    assert page.locator(f".rules-nav a[href='/rules/{slug}'].current").count() == 1
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"rules-{slug}.png"), full_page=True)


@pytest.mark.parametrize("slug", WITHOUT_RULES)
def test_a_game_without_a_rules_module_has_a_rules_page_with_its_description(page, server_url, slug):
    page.goto(f"{server_url}/rules/{slug}")
    page.wait_for_selector("#rules[data-ready='1']")
    first_line = describe(game_class(slug)).splitlines()[0]
    assert first_line in page.inner_text("#rules")
    assert page.locator(f".rules-nav a[href='/rules/{slug}'].current").count() == 1


def test_the_game_page_has_a_legend_and_a_rules_link(page, server_url):
    game_id, tokens = create(page, server_url, "reflec", ["me", "bot:random"], seed=1)
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_selector("#legend-body dt")
    assert page.locator("[data-testid=legend]").is_visible()
    assert "Crowns" in page.inner_text("#legend-body")
    page.click("[data-testid=rules-link]")
    page.wait_for_selector("#rules[data-ready='1']")
    assert page.url.endswith("/rules/reflec")


def test_the_rules_index_lists_every_game(page, server_url):
    page.goto(server_url + "/rules")
    page.wait_for_selector("#rules[data-ready='1']")
    assert page.locator(".rules-nav a").count() == len(abstracta.games())
