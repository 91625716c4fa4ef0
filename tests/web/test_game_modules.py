"""A game that ships no board module or rules text works in the browser: the generic board, its description.

The built-in games' own modules are drawn by test_boards.py and played by the other browser tests;
this registers a game declaring none in the server's process for the length of the test.
"""

from __future__ import annotations

import pytest

from abstracta.core import registry
from tests.server.hidden_game import PlainCard


@pytest.fixture
def plain_card():
    registry.register(PlainCard)
    yield
    registry.unregister(PlainCard.slug)


def test_a_game_without_modules_gets_the_generic_board_and_its_docstring(page, server_url, plain_card):
    page.goto(server_url + "/")
    card = page.locator("[data-testid='game-plain-card']")
    card.wait_for()
    assert card.locator("svg .generic-bg").count() == 1
    assert "It gets the generic board" in card.inner_text()
    page.goto(server_url + "/rules/plain-card")  # rendered on the server: nothing to wait for
    assert "A card game with no browser modules of its own." in page.locator("#rules").inner_text()
    assert page.locator("#rules figure").count() == 0


def test_boards_js_gives_the_generic_board_to_a_game_the_catalog_does_not_list(page, server_url):
    page.goto(server_url + "/healthz")  # a quiet page of the same origin
    board = page.evaluate("""async () => {
        const board = await (await import("/static/js/boards.js")).boardFor("no-such-game");
        return {slug: board.slug, parsed: board.parseMove("a1-a2"), svg: board.draw({position: "x y"}).tagName};
    }""")
    assert board == {"slug": "no-such-game", "parsed": None, "svg": "svg"}
