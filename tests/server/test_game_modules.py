"""Each game's board module and rules text: declared by the game, read from its package, named by the catalog.

The client names only a slug; the server answers with the file the registered game declared
(``Game.board_module``; ``Game.rules_text`` is rendered as ``/rules/<slug>``, tests/server/test_rules_pages.py)
or 404, so no path from a request reaches the disk.
"""

from __future__ import annotations

import inspect

import pytest

import abstracta
from abstracta.core import registry
from tests.server.hidden_game import HiddenGame, PlainCard


class StrayCard(HiddenGame):
    slug = "stray-card"
    title = "Stray Card"
    description = "Declares modules it does not have.\nOne leaves its folder, one is missing."
    board_module = "../quin/web/board.js"
    rules_text = "missing.md"


@pytest.fixture
def extra_games():
    for game in (PlainCard, StrayCard):
        registry.register(game)
    yield
    for game in (PlainCard, StrayCard):
        registry.unregister(game.slug)


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_game_s_declared_modules_are_served_from_its_package_where_the_catalog_says(client, slug):
    game = registry.game_class(slug)
    entry = next(entry for entry in client.get("/api/catalog").json() if entry["game"] == slug)
    if game.board_module is None:
        assert entry["board"] is None
    else:
        assert entry["board"] == f"/static/boards/{slug}.js"
        answer = client.get(entry["board"])
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.content == game.package_file(game.board_module).read_bytes()
    assert entry["rules"] == (f"/rules/{slug}" if game.rules_text else None)
    # declared, or the first two lines of the class docstring (the test-only game declares none)
    expected = game.description or "\n".join(inspect.getdoc(game).splitlines()[:2])
    assert entry["description"] == expected and expected.count("\n") == 1


def test_a_game_without_modules_gets_none_and_its_docstring_as_description(client, extra_games):
    entry = next(entry for entry in client.get("/api/catalog").json() if entry["game"] == "plain-card")
    assert entry["board"] is None and entry["rules"] is None and entry["legend"] is None
    assert entry["description"] == ("A card game with no browser modules of its own.\n"
                                    "It gets the generic board, and its rules page shows these two lines.")
    answer = client.get("/static/boards/plain-card.js")
    assert answer.status_code == 404 and answer.json() == {"error": "plain-card has no board module"}
    page = client.get("/rules/plain-card")  # the rules page shows the description
    assert page.status_code == 200 and "It gets the generic board, and its rules page shows these two lines." in page.text


def test_a_declaration_that_leaves_the_game_s_folder_or_names_no_file_is_not_served(client, extra_games):
    entry = next(entry for entry in client.get("/api/catalog").json() if entry["game"] == "stray-card")
    assert entry["board"] == "/static/boards/stray-card.js"  # declared: the catalog says so, the server refuses
    assert client.get(entry["board"]).status_code == 404
    assert entry["rules"] == "/rules/stray-card" and entry["legend"] is None  # declared, but the file is missing
    assert "Declares modules it does not have." in client.get(entry["rules"]).text  # so the page shows the description
    with pytest.raises(ValueError, match="inside the game's folder"):
        StrayCard.package_file(StrayCard.board_module)


@pytest.mark.parametrize("address", [
    "/static/boards/nope.js",  # no such game
    "/static/boards/Quin.js",  # slugs are lower case: no second spelling
    "/static/boards/generic.js", "/static/boards/index.js",  # the shared modules live in js/ now
    "/static/boards/..%2F..%2Fserver%2Fapp.py", "/static/boards/..%2F..%2Fgames%2Fquin%2Frules.py",
    "/static/boards/%2e%2e.js", "/static/boards/quin%00.js", "/static/boards/quin.py",
    "/static/rules/quin.js",  # the rules are a page now (/rules/quin), no module
])  # fmt: skip
def test_only_a_registered_slug_names_a_module(client, address):
    answer = client.get(address)
    assert answer.status_code == 404 and "error" in answer.json()


@pytest.mark.parametrize("path", ["/etc/passwd", "../rules.py", "web/../../x.js", "", "web\\board.js"])
def test_package_file_takes_only_a_relative_path_inside_the_folder(path):
    with pytest.raises(ValueError):
        HiddenGame.package_file(path)


def test_package_file_is_beside_the_module_that_defines_the_class():
    for slug in abstracta.games():
        game = registry.game_class(slug)
        for declared in (game.board_module, game.rules_text):
            if declared is not None:
                assert game.package_file(declared).is_file(), f"{slug} declares {declared!r}, which is missing"
