"""Post-game analysis in the browser: the button, the progress, the graph under the board, marks that jump."""

from __future__ import annotations

import random

from tests.web.test_trip_points import create, open_game, play, view


def finished_game(page, server_url, seed=7, reserve=3):
    """A short hotseat Strategic Reserve game played to its end through the API (random moves from ``seed``)."""
    game_id, tokens = create(page, server_url, "strategic-reserve", ["me", "me"], {"reserve": reserve}, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        current = view(page, server_url, game_id)
        if current["over"]:
            return game_id, tokens, current
        token = tokens[str(current["player"])]
        play(page, server_url, game_id, token, rng.choice(view(page, server_url, game_id, token)["moves"]))
    raise AssertionError("the game did not end")


def test_the_analysis_graph_of_a_short_finished_game(page, server_url):
    game_id, tokens, final = finished_game(page, server_url)
    open_game(page, server_url, game_id, tokens["0"])
    assert page.locator("[data-testid=analysis]").is_visible()
    page.click("[data-testid=analyse]")
    page.wait_for_function("() => document.getElementById('analysis').dataset.status === 'done'", timeout=60_000)
    answer = page.request.get(f"{server_url}/api/games/{game_id}/analysis").json()
    assert answer["status"] == "done" and len(answer["positions"]) == final["ply"] + 1
    lines = page.locator("[data-testid=analysis-graph] polyline")
    assert lines.count() == 2  # one line per player, in the seats' colours
    points = lines.nth(0).get_attribute("points").split()
    assert len(points) == final["ply"] + 1
    assert page.locator("[data-testid=analysis-progress]").is_hidden()
    assert "Accuracy: " in page.locator("[data-testid=analysis]").inner_text()  # each player's accuracy
    # the graph lies under the board
    board = page.locator("[data-testid=board]").bounding_box()
    graph = page.locator("[data-testid=analysis-graph] svg").bounding_box()
    assert graph["y"] >= board["y"] + board["height"] - 1
    # every marked move is marked in the move list and listed; a listed one jumps to its position
    marked = [ply for ply in answer["plies"] if ply["mark"]]
    assert page.locator("#history .move-mark").count() == len(marked)
    assert page.locator("[data-testid=analysis-marks] li[data-ply]").count() == len(marked)
    if marked:
        page.locator("[data-testid=analysis-marks] li[data-ply]").first.click()
        page.wait_for_function(f"() => document.body.dataset.viewing === '{marked[0]['ply']}'")
    # a click at the graph's left edge shows the start; the dashed line follows the position shown
    # (a locator click scrolls the graph into view first; a raw mouse click below the fold would miss it)
    graph_svg = page.locator("[data-testid=analysis-graph] svg")
    box = graph_svg.bounding_box()
    graph_svg.click(position={"x": box["width"] * 0.045, "y": box["height"] / 2})
    page.wait_for_function("() => document.body.dataset.viewing === '0'")
    assert page.locator("[data-testid=analysis-graph] .analysis-now").count() == 1
    # reopened, the page finds the analysis already done (cached on the server)
    open_game(page, server_url, game_id)
    page.wait_for_function("() => document.getElementById('analysis').dataset.status === 'done'")
    assert page.locator("[data-testid=analyse]").is_hidden()
