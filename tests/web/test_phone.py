"""Phones: at 390x844 no page scrolls sideways and every board's squares are at least 36 px.

Quin needs a zoom for that: its 61 spaces sit on 5 rings crossed by 12 lines in one disc, and
twelve targets 36 px apart on the inner ring plus four more rings 36 px apart make a disc about
460 px across, wider than the phone. So its board shows whole (21 px spaces) until a tap zooms
into the region round the tap, where the spaces are about 44 px (js/phone.js); the tests below
measure the spaces on screen in the zoomed view and play Quin through it by taps.
"""

from __future__ import annotations

import math
import re
import time

import pytest

import abstracta
from tests.web.test_trip_points import create, open_game, view

PHONE = {"width": 390, "height": 844}
SMALLEST = 36  # px, the smallest space on screen
ZOOMED = {"quin"}  # boards shown whole first, then zoomed by a tap (see above)


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
    """Sizes of the spaces on screen (centre inside the board's picture; a zoomed board clips the rest)."""
    return page.evaluate("""() => {
      const board = document.querySelector('#board svg').getBoundingClientRect();
      const inside = (box) => {
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        return x >= board.left && x <= board.right && y >= board.top && y <= board.bottom;
      };
      const boxes = [...document.querySelectorAll('#board [data-sq]')].map((node) => node.getBoundingClientRect());
      const sizes = boxes.filter(inside).map((box) => Math.min(box.width, box.height));
      return {smallest: Math.min(...sizes), count: sizes.length, boardWidth: board.width, boardRight: board.right,
              scrollWidth: document.scrollingElement.scrollWidth, clientWidth: document.documentElement.clientWidth,
              innerWidth: window.innerWidth};
    }""")


def no_sideways_scroll(sizes):
    assert sizes["scrollWidth"] <= sizes["innerWidth"] == sizes["clientWidth"] == PHONE["width"], sizes


def box_of(locator, timeout_s: float = 10.0) -> dict:
    """The locator's bounding box, asked again while the element is between two renders (the board's
    SVG is replaced when a view arrives, and a box asked for just then is None)."""
    deadline = time.monotonic() + timeout_s
    while (box := locator.bounding_box()) is None:
        assert time.monotonic() < deadline, f"{locator} has no box"
        time.sleep(0.05)
    return box


def tap_at(page, square):
    """A tap on the board picture where ``square`` is drawn (whatever the zoom)."""
    svg = box_of(page.locator("#board svg"))
    space = page.locator(f"#board [data-sq='{square}']").first.bounding_box()
    x, y = space["x"] + space["width"] / 2 - svg["x"], space["y"] + space["height"] / 2 - svg["y"]
    assert 0 <= x <= svg["width"] and 0 <= y <= svg["height"], f"{square} is outside the board's picture"
    page.locator("#board svg").tap(position={"x": x, "y": y})


def zoom(page):
    return page.locator("#board").get_attribute("data-zoom")


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_phone_shows_every_board_full_width_with_big_squares(phone, server_url, slug):
    players = abstracta.load(slug).num_players
    game_id, tokens = create(phone, server_url, slug, ["me"] * players)
    open_game(phone, server_url, game_id, tokens["0"])
    sizes = measure(phone)
    no_sideways_scroll(sizes)
    assert sizes["boardRight"] <= PHONE["width"] and sizes["boardWidth"] >= PHONE["width"] - 30, sizes
    if slug in ZOOMED:
        assert zoom(phone) == "out" and sizes["smallest"] < SMALLEST  # whole: too small, so a tap zooms
        phone.locator("#board svg").tap(position={"x": sizes["boardWidth"] / 2, "y": sizes["boardWidth"] / 2})
        phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
        zoomed = measure(phone)
        no_sideways_scroll(zoomed)
        assert zoomed["boardWidth"] == sizes["boardWidth"] and zoomed["count"] >= 12, zoomed  # same picture, part of it
        sizes = zoomed
    else:
        assert zoom(phone) in ("", None)  # no zoom where the squares are big enough
    assert sizes["smallest"] >= SMALLEST, sizes
    # a side panel (reserves, dice, tiles) sits below the board, not beside it
    if phone.locator("[data-testid=board-panel]").is_visible():
        board = box_of(phone.locator("#board svg"))
        panel = phone.locator("[data-testid=board-panel]").bounding_box()
        assert panel["y"] >= board["y"] + board["height"] - 1
        assert phone.locator("[data-testid=board-panel] [data-sq]").count() == 0  # a picture only


def test_the_turned_laser_chess_board_still_plays_by_touch(phone, server_url):
    game_id, tokens = create(phone, server_url, "laser-chess", ["me", "me"])
    open_game(phone, server_url, game_id, tokens["0"])
    svg = box_of(phone.locator("#board svg"))
    assert svg["height"] > svg["width"]  # 10 files down the screen, 8 ranks across
    phone.locator("#board .selectable").first.click()
    assert phone.locator("#board .target").count() > 0
    target = phone.locator("#board .target").first.get_attribute("data-sq")
    phone.locator(f"#board [data-sq='{target}']").first.click()
    if phone.locator("[data-testid=picker]").is_visible():  # a move with a choice of facing
        phone.locator("[data-testid=picker] button").first.click()
    phone.wait_for_function("() => document.body.dataset.ply === '1'")


def test_a_quin_setup_placement_is_made_by_taps_in_the_zoomed_view(phone, server_url):
    game_id, tokens = create(phone, server_url, "quin", ["me", "me"], {"setup": "manual"})
    open_game(phone, server_url, game_id, tokens["0"])
    phone.wait_for_function("() => document.body.dataset.myTurn === '1'")
    assert phone.locator("[data-testid=zoom-out]").is_hidden()
    # South sits at the bottom: a tap low on the whole disc zooms into South's Gateways.
    box = box_of(phone.locator("#board svg"))
    phone.locator("#board svg").tap(position={"x": box["width"] / 2, "y": box["height"] * 0.85})
    phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
    assert phone.locator("[data-testid=zoom-out]").is_visible()
    assert phone.evaluate("document.body.dataset.ply") == "0"  # the zooming tap played nothing
    sizes = measure(phone)
    no_sideways_scroll(sizes)
    assert sizes["smallest"] >= SMALLEST, sizes
    targets = phone.locator("#board .sq.target").evaluate_all("ns => ns.map((n) => n.dataset.sq)")
    visible = [sq for sq in targets if _on_screen(phone, sq)]
    assert visible, targets
    square = visible[0]
    assert min(phone.locator(f"#board [data-sq='{square}']").bounding_box()[k] for k in ("width", "height")) >= SMALLEST
    tap_at(phone, square)
    phone.locator("[data-testid=picker] button.pick").first.tap()
    phone.wait_for_function("() => document.body.dataset.ply === '1'")
    assert phone.locator("#history li .mv").first.inner_text().strip().startswith("place ")
    assert phone.locator("#history li .mv").first.inner_text().strip().endswith(square)
    assert zoom(phone) == "in"  # the view stays where the player is working
    window = "() => document.querySelector('#board svg').getAttribute('viewBox').split(' ').map(Number)"
    before = phone.evaluate(window)
    phone.locator("[data-testid=zoom-pan] button[data-pan='0,-1']").tap()  # half a window up
    after = phone.evaluate(window)
    assert after[0] == before[0] and after[1] == pytest.approx(before[1] - before[3] / 2) and after[2:] == before[2:]
    assert measure(phone)["smallest"] >= SMALLEST
    phone.locator("[data-testid=zoom-out]").tap()
    assert zoom(phone) == "out" and measure(phone)["count"] == 61


def test_a_quin_piece_goes_from_one_zoomed_region_to_another_still_selected(phone, server_url):
    game_id, tokens = create(phone, server_url, "quin", ["me", "me"], {"setup": "standard"})
    open_game(phone, server_url, game_id, tokens["0"])
    phone.wait_for_function("() => document.body.dataset.myTurn === '1'")
    moves = view(phone, server_url, game_id, tokens["0"])["moves"]
    steps = [m.split("-") for m in moves if re.fullmatch(r"([a-l][1-5]|o)-([a-l][1-5]|o)", m)]  # plain steps
    assert steps

    def centre(sq):
        box = phone.locator(f"#board [data-sq='{sq}']").first.bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # the longest plain step on screen, so that its two ends lie far apart
    source, target = max(steps, key=lambda s: math.dist(centre(s[0]), centre(s[1])))
    tap_at(phone, source)  # whole board: zooms round the piece
    phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
    assert _on_screen(phone, source)
    tap_at(phone, source)  # zoomed: selects it
    phone.wait_for_function(f"() => document.querySelector(\"#board [data-sq='{target}']\").classList.contains('target')")
    if not _on_screen(phone, target):
        assert "outside this view" in phone.locator("[data-testid=zoom-hint]").inner_text()
    phone.locator("[data-testid=zoom-out]").tap()  # back to the whole board, the piece still selected
    assert zoom(phone) == "out"
    assert "target" in phone.locator(f"#board [data-sq='{target}']").get_attribute("class")
    tap_at(phone, target)  # zooms round the target
    phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
    assert "target" in phone.locator(f"#board [data-sq='{target}']").get_attribute("class")
    assert min(phone.locator(f"#board [data-sq='{target}']").bounding_box()[k] for k in ("width", "height")) >= SMALLEST
    tap_at(phone, target)
    move = f"{source}-{target}"
    if phone.locator("[data-testid=picker]").is_visible():  # the same squares also name a slingshot
        phone.locator(f"[data-testid=picker] button[data-move='{move}']").tap()
    phone.wait_for_function("() => document.body.dataset.ply === '1'")
    assert view(phone, server_url, game_id)["history"] == [move]
    no_sideways_scroll(measure(phone))


def test_the_keyboard_cursor_takes_the_zoomed_window_along(phone, server_url):
    game_id, tokens = create(phone, server_url, "quin", ["me", "me"], {"setup": "standard"})
    open_game(phone, server_url, game_id, tokens["0"])
    box = box_of(phone.locator("#board svg"))
    phone.locator("#board svg").tap(position={"x": box["width"] / 2, "y": box["height"] * 0.85})
    phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
    top = "() => Number(document.querySelector('#board svg').getAttribute('viewBox').split(' ')[1])"
    first = phone.evaluate(top)
    phone.focus("#board")
    phone.keyboard.press("ArrowUp")  # the cursor appears on a piece that can move
    for _ in range(8):  # up the disc, far past the window's top edge
        phone.keyboard.press("ArrowUp")
        cursor = phone.locator("#board").get_attribute("data-cursor")
        assert _on_screen(phone, cursor), cursor
    assert zoom(phone) == "in" and phone.evaluate(top) < first - 100  # the window went up with it
    phone.keyboard.press("Enter")  # on an empty space: picks nothing, zooms nothing
    assert zoom(phone) == "in" and phone.evaluate("document.body.dataset.ply") == "0"


def test_quin_is_not_zoomed_on_a_wide_screen(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "standard"})
    open_game(page, server_url, game_id, tokens["0"])
    assert zoom(page) in ("", None) and page.locator("[data-testid=zoom-bar]").is_hidden()
    page.locator("#board .sq.selectable").first.click()  # the first click selects at once, as before
    assert page.locator("#board .sq.target").count() > 0


def _on_screen(page, square):
    return page.evaluate("""(sq) => {
      const board = document.querySelector('#board svg').getBoundingClientRect();
      const box = document.querySelector(`#board [data-sq='${sq}']`).getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      return x >= board.left && x <= board.right && y >= board.top && y <= board.bottom;
    }""", square)
