"""Game controls in the browser: resign, draw offer and answer, rematch with seats swapped, the turn signal."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game, play, view


def test_resign_needs_a_second_click_and_ends_the_game(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:random"])
    open_game(page, server_url, game_id, tokens["0"])
    page.click("[data-testid=resign]")
    assert page.evaluate("document.body.dataset.over") == "0"  # the first click only asks
    page.click("[data-testid=resign]")
    page.wait_for_selector("[data-testid=banner]:not([hidden])")
    assert "Blue resigned" in page.inner_text("[data-testid=banner]")
    assert view(page, server_url, game_id)["returns"] == [-1.0, 1.0]
    assert page.locator("[data-testid=resign]").is_hidden()


def test_draw_offer_accept_then_rematch_with_seats_swapped(page, browser, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"])
    open_game(page, server_url, game_id, tokens["0"])
    other_context = browser.new_context()
    other = other_context.new_page()
    open_game(other, server_url, game_id, tokens["1"])
    page.click("[data-testid=draw-offer]")
    page.wait_for_selector("[data-testid=draw-pending]:not([hidden])")
    other.wait_for_selector("[data-testid=draw-accept]:not([hidden])")  # pushed live
    assert "Blue offers a draw" in other.inner_text("[data-testid=draw-pending]")
    other.click("[data-testid=draw-decline]")
    page.wait_for_selector("[data-testid=draw-offer]:not([hidden])")
    page.click("[data-testid=draw-offer]")
    other.wait_for_selector("[data-testid=draw-accept]:not([hidden])")
    other.click("[data-testid=draw-accept]")
    for seen in (page, other):
        seen.wait_for_selector("[data-testid=banner]:not([hidden])")
        assert "draw agreed" in seen.inner_text("[data-testid=banner]")
    # Red asks for a rematch: Red becomes Blue; Blue joins from its own page and becomes Red.
    other.click("[data-testid=rematch]")
    other.wait_for_url(lambda url: game_id not in url)
    other.wait_for_selector("#board svg")
    new_id = other.url.rsplit("/", 1)[-1]
    other.wait_for_function("() => document.body.dataset.myTurn === '1'")  # Blue moves first
    page.wait_for_function("() => document.querySelector('[data-testid=rematch]').textContent.includes('Join')")
    page.click("[data-testid=rematch]")
    page.wait_for_url(f"**/g/{new_id}")
    page.wait_for_selector("#board svg")
    assert page.evaluate(f"Object.keys(JSON.parse(localStorage.getItem('abstracta:tokens:{new_id}')))") == ["1"]
    assert view(page, server_url, new_id)["waiting_for"] == []
    other_context.close()


def test_your_turn_shows_in_the_title_and_chimes_unless_muted(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"])
    open_game(page, server_url, game_id, tokens["1"])  # Red waits for Blue
    assert "Your turn" not in page.title()
    blue = next(m for m in view(page, server_url, game_id, tokens["0"])["moves"] if m[-1].isdigit())
    play(page, server_url, game_id, tokens["0"], blue)
    page.wait_for_function("() => document.title.includes('Your turn')")
    page.wait_for_function("() => document.body.dataset.chimes === '1'")
    page.check("[data-testid=mute]")
    assert page.evaluate("localStorage.getItem('abstracta:mute')") == "1"
    red = next(m for m in view(page, server_url, game_id, tokens["1"])["moves"] if m[-1].isdigit())
    play(page, server_url, game_id, tokens["1"], red)
    page.wait_for_function("() => !document.title.includes('Your turn')")
    blue = next(m for m in view(page, server_url, game_id, tokens["0"])["moves"] if m[-1].isdigit())
    play(page, server_url, game_id, tokens["0"], blue)
    page.wait_for_function("() => document.title.includes('Your turn')")
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.chimes") == "1"  # muted: no second chime
    page.reload()
    page.wait_for_selector("#board svg")
    assert page.is_checked("[data-testid=mute]")  # the switch is kept in this browser


def test_takeback_against_the_easy_bot(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:easy"])
    open_game(page, server_url, game_id, tokens["0"])
    assert page.locator("[data-testid=takeback]").is_hidden()  # nothing to take back yet
    blue = next(m for m in view(page, server_url, game_id, tokens["0"])["moves"] if m[-1].isdigit())
    play(page, server_url, game_id, tokens["0"], blue)
    page.wait_for_function("() => document.body.dataset.ply === '2'")  # the bot replied
    page.click("[data-testid=takeback]")
    page.wait_for_function("() => document.body.dataset.ply === '0' && document.body.dataset.myTurn === '1'")
    assert page.locator("#history li").count() == 0


def test_a_clock_chosen_in_the_lobby_runs_and_its_flag_ends_the_game(page, server_url):
    page.goto(server_url + "/")
    page.wait_for_selector("#catalog[data-ready='1']")
    page.click("[data-testid=game-laser-chess]")
    page.select_option("[data-testid=seat-1]", "me")
    page.fill("[data-testid=clock-minutes]", "0.03")
    page.fill("[data-testid=clock-increment]", "1")
    page.click("[data-testid=create-game]")
    page.wait_for_url("**/g/**")
    page.wait_for_selector("#board svg")
    assert page.inner_text("[data-testid=clock-0]") == "0:01.8"
    assert page.inner_text("[data-testid=clock-1]") == "0:01.8"
    game_id = page.url.rsplit("/", 1)[-1]
    token = page.evaluate(f"JSON.parse(localStorage.getItem('abstracta:tokens:{game_id}'))['0']")
    blue = next(m for m in view(page, server_url, game_id, token)["moves"] if m[-1].isdigit())
    play(page, server_url, game_id, token, blue)
    page.wait_for_selector("[data-testid=clock-1].running")  # Red's clock runs now, shown counting down
    assert page.inner_text("[data-testid=clock-0]") == "0:02.8"  # Blue earned the increment
    page.wait_for_selector("[data-testid=banner]:not([hidden])", timeout=10000)
    assert "Red ran out of time" in page.inner_text("[data-testid=banner]")
    assert page.inner_text("[data-testid=clock-1]") == "0:00.0"
