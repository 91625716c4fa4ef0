"""The analysis board in the browser: from a finished game, explore a variation on the game's own board,
watch the win chances and the best line follow, go back to the game position; the engine refuses an illegal move.
With ``ABSTRACTA_SCREENSHOTS=1`` it also writes docs/web.md's picture of the board (like test_screenshots.py)."""

from __future__ import annotations

from tests.web.test_screenshots import WRITE, keep
from tests.web.test_trip_points import create, open_game, play, view


def shown(page):
    """What the evaluation shows: each player's chance, and the best line."""
    values = page.locator("[data-testid=chance-value]").all_inner_texts()
    return values, page.text_content("[data-testid=best-line]")


def wait_path(page, path):
    page.wait_for_function(f"() => document.body.dataset.path === {path!r} && !document.body.dataset.busy")


def step_move(page, server_url, game_id, moves):
    """A step 'x-y' legal after ``moves`` from the position of ply 2, as the server answers it."""
    answer = page.request.post(f"{server_url}/api/analysis/position", data={"game_id": game_id, "ply": 2, "moves": moves})
    return next(m for m in answer.json()["moves"] if "-" in m[1:] and m[-1].isdigit())


def server_chances(page, server_url, game_id, moves):
    """The win chances the server gives after ``moves`` from ply 2, as the page writes them."""
    answer = page.request.post(f"{server_url}/api/analysis/position", data={"game_id": game_id, "ply": 2, "moves": moves})
    return [f"{chance * 100:.1f}%" for chance in answer.json()["chances"]]


def click_move(page, move):
    source, target = move.split("-")
    page.click(f"#board [data-sq='{source}'] >> nth=0")
    page.click(f"#board [data-sq='{target}'].target >> nth=0")


def test_explore_a_variation_from_a_finished_game_and_return(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"], seed=3)
    for ply in range(2):
        token = tokens[str(ply % 2)]
        play(page, server_url, game_id, token, next(m for m in view(page, server_url, game_id, token)["moves"] if m[-1].isdigit()))
    assert page.request.post(f"{server_url}/api/games/{game_id}/resign", headers={"Authorization": f"Bearer {tokens['0']}"}).ok
    game_position = view(page, server_url, game_id)["position"]
    # from the finished game's page, the link opens the board at the position shown
    open_game(page, server_url, game_id, tokens["0"])
    page.click("[data-testid=analysis-board-link]")
    page.wait_for_url("**/analysis?game=*")
    wait_path(page, "")
    assert page.text_content("[data-testid=position]") == game_position
    at_start = shown(page)
    assert len(at_start[0]) == 2 and at_start[1]
    # a two-move variation, played by clicking on the board
    first = step_move(page, server_url, game_id, [])
    click_move(page, first)
    wait_path(page, first)
    after_one = shown(page)
    second = step_move(page, server_url, game_id, [first])
    click_move(page, second)
    wait_path(page, f"{first} {second}")
    after_two = shown(page)
    assert after_one[1] != at_start[1] and after_two[1] != after_one[1]  # the best line follows the position
    # and so do the chances: they change, and each position shows the server's chances for it
    assert len({tuple(at_start[0]), tuple(after_one[0]), tuple(after_two[0])}) > 1
    for moves, seen in (([], at_start), ([first], after_one), ([first, second], after_two)):
        assert seen[0] == server_chances(page, server_url, game_id, moves)
    assert page.locator("[data-testid=tree-move]").all_inner_texts() == [first, second]
    if WRITE:  # ABSTRACTA_SCREENSHOTS=1: docs/web.md's picture of the board
        keep("analysis-board.png", page.locator("main").screenshot(animations="disabled"))
    # an illegal move is refused by the engine, with its reason; the tree is unchanged
    page.fill("[data-testid=move-input]", "a1-j8")
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent.includes('illegal move')")
    assert page.locator("[data-testid=tree-move]").count() == 2
    wait_path(page, f"{first} {second}")
    # back to the game position, then to a node of the tree (no new request: both are known)
    page.click("[data-testid=back-to-start]")
    wait_path(page, "")
    assert page.text_content("[data-testid=position]") == game_position and shown(page) == at_start
    page.locator("[data-testid=tree-move]").first.click()
    wait_path(page, first)
    assert shown(page) == after_one
