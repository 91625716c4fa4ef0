"""Issue 29's play defects in the browser, each pinned: Quin's early "ready" asks first, a draw offer
to a bot gets its answer on the page, a lost connection says so in plain words and clears itself,
the invite link sits in a panel above the board with a Copy button, the first move's time limit
shows beside the clock, on a phone a finished Quin game zooms out and the Laser Chess King's crown
stands upright, and the analysis marks are numbered as the move list numbers them. (The not-found
page and the first move's limit itself are server-side: tests/server/test_play_defects.py.)"""

from __future__ import annotations

import math

from tests.web.test_analysis import finished_game
from tests.web.test_phone import box_of, phone, zoom  # noqa: F401 (phone: the fixture, a 390x844 touch screen)
from tests.web.test_trip_points import create, open_game, view

CONNECTION_LOST = "Connection lost, retrying\u2026"


def extra_buttons(page):
    return page.locator("[data-testid=extra-moves] button").evaluate_all("bs => bs.map((b) => b.textContent)")


def test_quin_manual_setup_asks_before_ready_while_pieces_can_still_be_placed(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "bot:random"], {"setup": "manual"})
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_function("() => document.body.dataset.myTurn === '1'")
    buttons = extra_buttons(page)
    assert buttons[0] == "Standard setup" and buttons[-1] == "ready: end my setup", buttons  # ready comes last
    page.locator("[data-testid=extra-moves] button[data-move=ready]").click()
    page.wait_for_selector("[data-testid=picker]:not([hidden])")
    assert "End your setup now?" in page.inner_text("[data-testid=picker]")
    page.locator("[data-testid=picker] button.cancel").click()
    assert page.locator("[data-testid=picker]").is_hidden() and page.evaluate("document.body.dataset.ply") == "0"
    # Once every piece is placed, "ready" plays at once.
    page.click("[data-testid=extra-moves] button[data-action=standard-setup]")
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=extra-moves] button')]"
                           ".map((b) => b.textContent).join() === 'ready: end my setup'")  # fmt: skip
    placed = int(page.evaluate("document.body.dataset.ply"))
    page.click("[data-testid=extra-moves] button[data-move=ready]")
    page.wait_for_function(f"() => Number(document.body.dataset.ply) > {placed}")
    assert view(page, server_url, game_id)["history"][placed] == "ready"


def test_a_draw_offer_to_a_bot_is_answered_and_a_lost_connection_clears_itself(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "bot:random"])
    open_game(page, server_url, game_id, tokens["0"])
    page.click("[data-testid=draw-offer]")
    page.wait_for_selector("[data-testid=draw-pending]:not([hidden])")
    assert "Red (random bot) declines the draw" in page.inner_text("[data-testid=draw-pending]")
    # The server goes away: a move gets no answer at all.
    move = next(m for m in view(page, server_url, game_id, tokens["0"])["moves"] if "-" in m[1:])
    page.route("**/api/**", lambda route: route.abort())
    page.fill("[data-testid=move-input]", move)
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent !== ''")
    assert page.inner_text("[data-testid=error]") == CONNECTION_LOST  # never the browser's "Failed to fetch"
    page.unroute("**/api/**")  # back: the page's own retry notices and the message goes
    page.wait_for_function("() => document.querySelector('[data-testid=error]').textContent === ''", timeout=6000)


def test_the_invite_link_sits_above_the_board_with_a_copy_button_and_the_first_move_has_a_limit(page, server_url):
    answer = page.request.post(server_url + "/api/games", data={"game": "laser-chess", "seats": ["me", "friend"],
                                                                "clock": {"minutes": 5}})  # fmt: skip
    created = answer.json()
    game_id, code = created["id"], created["invites"]["1"]
    page.goto(server_url + "/")  # the creator's browser keeps the invite code, as the lobby does
    page.evaluate(f"localStorage.setItem('abstracta:invites:{game_id}', JSON.stringify({{'1': '{code}'}}))")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    open_game(page, server_url, game_id, created["tokens"]["0"])
    panel = page.locator("[data-testid=invites]")
    assert panel.is_visible() and "Invite your opponent" in panel.inner_text()
    box, board = panel.bounding_box(), page.locator("#board svg").bounding_box()
    assert box["y"] + box["height"] <= 860 and box["y"] < board["y"]  # on the first screen, above the board
    link = page.locator("[data-testid=invite-1] input").input_value()
    assert link.endswith(f"/g/{game_id}#invite={code}")
    page.click("[data-testid=invite-copy-1]")
    page.wait_for_function("() => document.querySelector('[data-testid=invite-copy-1]').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == link
    # The clocks stand still before the first move, whose own limit (the clock's 5 minutes) counts down.
    assert page.inner_text("[data-testid=clock-0]") == "5:00" and page.inner_text("[data-testid=clock-1]") == "5:00"
    assert page.inner_text("[data-testid=first-move-0]").startswith("first move within 4:5")
    assert page.locator("[data-testid=first-move-1]").is_hidden()


def test_on_a_phone_an_ended_quin_game_zooms_out_and_the_laser_chess_crown_stands_upright(phone, server_url):
    game_id, tokens = create(phone, server_url, "quin", ["me", "bot:random"], {"setup": "standard"})
    open_game(phone, server_url, game_id, tokens["0"])
    box = box_of(phone.locator("#board svg"))
    phone.locator("#board svg").tap(position={"x": box["width"] / 2, "y": box["height"] * 0.85})
    phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
    resigned = phone.request.post(f"{server_url}/api/games/{game_id}/resign", headers={"Authorization": f"Bearer {tokens['0']}"})
    assert resigned.ok  # the game ends (from another device): the whole board shows
    phone.wait_for_function("() => document.body.dataset.over === '1'")
    assert zoom(phone) == "out" and phone.locator("#board [data-sq]").count() == 61
    # Laser Chess turns its board a quarter turn on a phone; the King's crown stays upright, either side down.
    game_id, tokens = create(phone, server_url, "laser-chess", ["me", "me"])
    for seat in ("0", "1"):
        open_game(phone, server_url, game_id, tokens[seat])
        assert phone.locator("#board svg").get_attribute("data-turned") == "1"
        angles = phone.locator("#board .lc-K path").evaluate_all(  # the crown
            "ns => ns.map((n) => { const m = n.getScreenCTM(); return Math.atan2(m.b, m.a) * 180 / Math.PI; })")
        assert len(angles) == 2 and all(math.isclose(a, 0.0, abs_tol=0.5) for a in angles), angles


def test_the_analysis_marks_are_numbered_as_the_move_list_numbers_them(page, server_url):
    # Strategic Reserve: a roll and the placement after it are one line of the move list, so its
    # numbers are turns, and a placement's ply is about twice its number. Which moves the engine
    # marks is its own business (and a real analysis takes seconds): the analysis answer here has
    # the server's shape (bots/analysis.py analysis_json) with three placements marked.
    game_id, tokens, final = finished_game(page, server_url)
    placements = [i + 1 for i, p in enumerate(final["history_players"]) if p >= 0]
    marked = placements[2:9:3]
    answer = {
        "status": "done", "done": final["ply"] + 1, "total": final["ply"] + 1, "level": "test", "method": "test",
        "positions": [[0.5, 0.5]] * (final["ply"] + 1), "players": [],
        "plies": [{"ply": i + 1, "player": p, "move": move, "before": 0.5, "after": 0.3 if i + 1 in marked else 0.5,
                   "loss": 0.2 if i + 1 in marked else 0.0, "mark": "mistake" if i + 1 in marked else None,
                   "reason": "", "best": None, "best_after": None}
                  for i, (move, p) in enumerate(zip(final["history"], final["history_players"]))],
    }  # fmt: skip
    page.route(f"**/api/games/{game_id}/analysis", lambda route: route.fulfill(json=answer))
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_function("() => document.getElementById('analysis').dataset.status === 'done'")
    numbered = page.evaluate("""() => [...document.querySelectorAll('[data-testid=analysis-marks] li[data-ply]')].map((li) => {
      const lines = [...document.querySelectorAll('#history li[data-ply]')];
      return [Number(li.dataset.ply), Number(li.textContent.split('.')[0]), lines.findIndex((h) => h.dataset.ply === li.dataset.ply) + 1];
    })""")
    assert [ply for ply, _, _ in numbered] == marked, numbered
    assert all(listed == line > 0 for _, listed, line in numbered), numbered  # the move list's number
    assert all(ply != listed for ply, listed, _ in numbered), numbered  # not the ply
