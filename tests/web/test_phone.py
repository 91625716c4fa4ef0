"""Phones: at 390x844 no page scrolls sideways and every board's squares are at least 36 px.

Quin is the one exception, by geometry: its 61 spaces sit on 5 rings crossed by 12 lines in one
disc. Twelve targets 36 px apart on the inner ring need a ring 69 px across the centre, and four
more rings 36 px apart make a disc of at least 2 * (69 + 4 * 36 + 18) = 462 px: wider than the
phone. Its board takes the full width instead, and the test pins that (at least 20 px).
"""

from __future__ import annotations

import pytest

import abstracta
from tests.web.test_trip_points import create, open_game

PHONE = {"width": 390, "height": 844}
SMALLEST_SQUARE = {"quin": 20}  # see above; every other board: 36 px


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def measure(page):
    return page.evaluate("""() => {
      const sizes = [...document.querySelectorAll('#board [data-sq]')]
        .map((node) => node.getBoundingClientRect()).map((box) => Math.min(box.width, box.height));
      const board = document.querySelector('#board svg').getBoundingClientRect();
      return {smallest: Math.min(...sizes), count: sizes.length, boardWidth: board.width, boardRight: board.right,
              scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth};
    }""")


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_phone_shows_every_board_full_width_with_big_squares(phone, server_url, slug):
    players = abstracta.load(slug).num_players
    game_id, tokens = create(phone, server_url, slug, ["me"] * players)
    open_game(phone, server_url, game_id, tokens["0"])
    sizes = measure(phone)
    assert sizes["scrollWidth"] <= sizes["clientWidth"] == PHONE["width"], sizes  # nothing scrolls sideways
    assert sizes["boardRight"] <= PHONE["width"] and sizes["boardWidth"] >= PHONE["width"] - 30, sizes
    assert sizes["smallest"] >= SMALLEST_SQUARE.get(slug, 36), sizes
    # a side panel (reserves, dice, tiles) sits below the board, not beside it
    if phone.locator("[data-testid=board-panel]").is_visible():
        board = phone.locator("#board svg").bounding_box()
        panel = phone.locator("[data-testid=board-panel]").bounding_box()
        assert panel["y"] >= board["y"] + board["height"] - 1
        assert phone.locator("[data-testid=board-panel] [data-sq]").count() == 0  # a picture only


def test_the_turned_laser_chess_board_still_plays_by_touch(phone, server_url):
    game_id, tokens = create(phone, server_url, "laser-chess", ["me", "me"])
    open_game(phone, server_url, game_id, tokens["0"])
    svg = phone.locator("#board svg").bounding_box()
    assert svg["height"] > svg["width"]  # 10 files down the screen, 8 ranks across
    phone.locator("#board .selectable").first.click()
    assert phone.locator("#board .target").count() > 0
    target = phone.locator("#board .target").first.get_attribute("data-sq")
    phone.locator(f"#board [data-sq='{target}']").first.click()
    if phone.locator("[data-testid=picker]").is_visible():  # a move with a choice of facing
        phone.locator("[data-testid=picker] button").first.click()
    phone.wait_for_function("() => document.body.dataset.ply === '1'")
