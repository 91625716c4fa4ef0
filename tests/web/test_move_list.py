"""The move list: moves in the mover's colour, click one to look back read-only, arrow keys step, End returns."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game, play, view


def test_look_back_through_the_move_list_and_return(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"])
    positions = [view(page, server_url, game_id)["position"]]
    for ply in range(4):
        token = tokens[str(ply % 2)]
        move = next(m for m in view(page, server_url, game_id, token)["moves"] if m[-1].isdigit())
        positions.append(play(page, server_url, game_id, token, move)["position"])
    open_game(page, server_url, game_id, tokens["0"])
    assert page.locator("#history li").count() == 4
    blue = page.locator("#history li").nth(0).locator(".mv").evaluate("n => getComputedStyle(n).color")
    red = page.locator("#history li").nth(1).locator(".mv").evaluate("n => getComputedStyle(n).color")
    assert blue == "rgb(47, 111, 214)" and red == "rgb(217, 66, 59)"
    page.click("#history li[data-ply='1']")
    page.wait_for_function("() => document.body.dataset.viewing === '1'")
    assert page.text_content("[data-testid=position]") == positions[1]
    assert page.locator("[data-testid=viewing]").is_visible()
    assert page.locator("#board .selectable").count() == 0  # read-only: nothing to pick
    page.click("#board [data-sq='c1']")
    assert int(page.evaluate("document.body.dataset.ply")) == 4
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.viewing === '2'")
    assert page.text_content("[data-testid=position]") == positions[2]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.viewing === '0'")
    assert page.text_content("[data-testid=position]") == positions[0]
    page.keyboard.press("End")
    page.wait_for_function("() => document.body.dataset.viewing === ''")
    assert page.text_content("[data-testid=position]") == positions[4]
    assert page.locator("#board .selectable").count() > 0
    # One click back to the game, from the bar.
    page.click("#history li[data-ply='3']")
    page.wait_for_function("() => document.body.dataset.viewing === '3'")
    page.click("[data-testid=back-to-live]")
    page.wait_for_function("() => document.body.dataset.viewing === ''")
