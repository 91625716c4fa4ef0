"""Each game's board and rules modules: declared by the game, served from its package, named by the catalog.

The client names only a slug; the server answers with the file the registered game declared
(``Game.board_module``, ``Game.rules_module``) or 404, so no path from a request reaches the disk.
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
    rules_module = "web/missing.js"


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
    for declared, address, folder in ((game.board_module, entry["board"], "boards"),
                                      (game.rules_module, entry["rules"], "rules")):  # fmt: skip
        if declared is None:
            assert address is None
            continue
        assert address == f"/static/{folder}/{slug}.js"
        answer = client.get(address)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("text/javascript")
        assert answer.content == game.package_file(declared).read_bytes()
    # declared, or the first two lines of the class docstring (the test-only game declares none)
    expected = game.description or "\n".join(inspect.getdoc(game).splitlines()[:2])
    assert entry["description"] == expected and expected.count("\n") == 1


def test_a_game_without_modules_gets_none_and_its_docstring_as_description(client, extra_games):
    entry = next(entry for entry in client.get("/api/catalog").json() if entry["game"] == "plain-card")
    assert entry["board"] is None and entry["rules"] is None
    assert entry["description"] == ("A card game with no browser modules of its own.\n"
                                    "It gets the generic board, and its rules page shows these two lines.")
    for address in ("/static/boards/plain-card.js", "/static/rules/plain-card.js"):
        answer = client.get(address)
        assert answer.status_code == 404 and answer.json() == {"error": "plain-card has no " + (
            "board module" if "boards" in address else "rules module")}


def test_a_declaration_that_leaves_the_game_s_folder_or_names_no_file_is_not_served(client, extra_games):
    entry = next(entry for entry in client.get("/api/catalog").json() if entry["game"] == "stray-card")
    assert entry["board"] == "/static/boards/stray-card.js"  # declared: the catalog says so, the server refuses
    assert client.get(entry["board"]).status_code == 404
    assert client.get(entry["rules"]).status_code == 404
    with pytest.raises(ValueError, match="inside the game's folder"):
        StrayCard.package_file(StrayCard.board_module)


@pytest.mark.parametrize("address", [
    "/static/boards/nope.js",  # no such game
    "/static/boards/Quin.js",  # slugs are lower case: no second spelling
    "/static/boards/generic.js", "/static/boards/index.js",  # the shared modules live in js/ now
    "/static/rules/..%2F..%2Fserver%2Fapp.py", "/static/boards/..%2F..%2Fgames%2Fquin%2Frules.py",
    "/static/boards/%2e%2e.js", "/static/rules/quin%00.js", "/static/boards/quin.py",
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
        for declared in (game.board_module, game.rules_module):
            if declared is not None:
                assert game.package_file(declared).is_file(), f"{slug} declares {declared!r}, which is missing"
