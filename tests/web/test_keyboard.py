"""Laser Chess played with the keyboard only: focus the board, arrows to a piece, Enter, arrows to a target, Enter."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game

FILES = "abcdefghij"


def cursor(page):
    return page.evaluate("document.querySelector('#board').dataset.cursor")


def walk(page, to):
    """Arrow keys from the cursor to square ``to`` (Blue's side down: files rightwards, ranks upwards)."""
    here = cursor(page)
    for _ in range(30):
        if here == to:
            return
        dx = FILES.index(to[0]) - FILES.index(here[0])
        dy = int(to[1:]) - int(here[1:])
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft" if dx < 0 else "ArrowUp" if dy > 0 else "ArrowDown")
        here = cursor(page)
    raise AssertionError(f"the cursor did not reach {to}")


def test_three_moves_by_keyboard_alone(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:random"], seed=1)
    open_game(page, server_url, game_id, tokens["0"])
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor appears on a piece that can move
    for turn in range(3):
        page.wait_for_function(f"() => document.body.dataset.myTurn === '1' && document.body.dataset.ply === '{2 * turn}'")
        page.focus("#board")
        piece = page.locator("#board .sq.selectable").nth(turn).get_attribute("data-sq")
        walk(page, piece)
        page.keyboard.press("Enter")
        targets = [t for t in page.locator("#board .sq.target").evaluate_all("ns => ns.map(n => n.dataset.sq)") if t != piece]
        if targets:
            walk(page, targets[0])
            page.keyboard.press("Enter")
        if page.locator("#picker:not([hidden])").count():
            page.keyboard.press("Enter")  # the picker's first choice has the focus
        page.wait_for_function(f"() => Number(document.body.dataset.ply) > {2 * turn}")
    page.wait_for_function("() => Number(document.body.dataset.ply) >= 6")
