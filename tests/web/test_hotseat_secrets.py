"""Hidden information in the browser: a hotseat hands the screen over, and the random setup is the server's.

A Quin game with both seats in one browser would switch straight to the next seat's view, with
its hidden kinds face up while the other player still sits at the screen; the page shows a
hand-over screen instead, with nothing of any view on it, until the next player clicks.
"""

from __future__ import annotations

import json
import re

from tests.web.test_trip_points import create, open_game, play, view


def hold_every_seat(page, server_url, game_id, tokens):
    """This browser holds every seat (a hotseat), as the lobby's all-'me' games do."""
    page.goto(server_url + "/healthz")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"abstracta:tokens:{game_id}", json.dumps(tokens)])
    page.goto(f"{server_url}/g/{game_id}")


def kinds_on_page(page) -> list[str]:
    """The kind letters of every piece drawn anywhere on the page ('?' is a face-down piece)."""
    return page.eval_on_selector_all("[data-piece]", "nodes => nodes.map(n => n.dataset.piece)")


def own_entries(position: str) -> list[str]:
    """The entries of a view's board that name a kind ("a2v"), not the face-down ones ("d4?")."""
    return [entry for entry in position.split(" ")[0].split(",") if not entry.endswith("?")]


def test_a_quin_hotseat_hands_over_and_shows_no_kind_until_the_click(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "standard"})
    hold_every_seat(page, server_url, game_id, tokens)
    # Whoever sits at the screen first: nothing is shown before South says it is South.
    page.wait_for_selector("[data-testid=handover]:visible")
    assert "Pass to South" in page.inner_text("[data-testid=handover-text]")
    assert kinds_on_page(page) == []
    page.click("[data-testid=handover-show]")
    page.wait_for_selector("#board svg")
    assert len([kind for kind in kinds_on_page(page) if kind != "?"]) == 13  # South's own pieces, face up
    south = view(page, server_url, game_id, tokens["0"])
    step = next(move for move in south["moves"] if re.fullmatch(r"[a-l][1-5]-[a-l][1-5]", move))
    play(page, server_url, game_id, tokens["0"], step)  # a move ends South's turn: North is to move
    page.wait_for_function("() => document.body.dataset.handover === '1'")
    assert page.locator("[data-testid=handover]").is_visible()
    assert "Pass to North" in page.inner_text("[data-testid=handover-text]")
    north = view(page, server_url, game_id, tokens["1"])
    assert north["moves"] and north["you"] == 1
    # Nothing of North's view is in the page: no piece drawn, no kind letter, no position, no own moves.
    assert kinds_on_page(page) == []
    html = page.content()
    assert north["position"] not in html and south["position"] not in html
    for entry in own_entries(north["position"]):
        assert not re.search(rf"(?<![A-Za-z0-9]){entry}(?![A-Za-z0-9])", html), entry
    assert page.evaluate("[document.getElementById('history').textContent, document.getElementById('position').textContent]") == ["", ""]
    page.click("[data-testid=handover-show]")
    page.wait_for_selector("#board svg")
    shown = kinds_on_page(page)
    assert len([kind for kind in shown if kind != "?"]) == 13 and shown.count("?") == 13  # North's own, South's face down
    assert page.evaluate("document.getElementById('position').textContent") == north["position"]


def test_a_browser_with_one_seat_never_hands_over(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "standard"})
    open_game(page, server_url, game_id, tokens["0"])
    assert page.locator("[data-testid=handover]").is_hidden()
    assert len([kind for kind in kinds_on_page(page) if kind != "?"]) == 13


def test_the_random_setup_button_asks_the_server_and_sends_no_placement(page, server_url):
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "manual"})
    open_game(page, server_url, game_id, tokens["0"])
    posted = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.click(".quick-action[data-action='random-setup']")
    page.wait_for_function("() => Number(document.body.dataset.ply) === 13", timeout=15000)
    assert [url.split("/")[-1] for url in posted] == ["random-setup"]
    south = view(page, server_url, game_id, tokens["0"])
    assert south["moves"] == ["ready"]
    assert sorted(move.split()[1] for move in south["history"]) == sorted("LSSRRMTPPVVVV")
