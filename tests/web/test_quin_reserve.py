"""Quin's reserves in the browser: the owner sees its kinds, the Light included; anyone else a face-down count.

A random setup starts both Lights in reserve (rules §4, D17b). The server makes games only from
setups, so the game here is a manual setup in which both players place everything but the Light
(the standard squares) and say ready: the same reserves, `LAAAA` and `laaaa`.
"""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game, play, view

STANDARD_SOUTH_BUT_THE_LIGHT = [("S", "e3"), ("S", "g3"), ("R", "e4"), ("R", "g4"), ("M", "f4"), ("T", "f3"),
                                ("P", "d5"), ("P", "h5"), ("V", "d4"), ("V", "h4"), ("V", "e2"), ("V", "g2")]  # fmt: skip
LINES = "abcdefghijkl"


def turned_half(sq: str) -> str:
    """North's square of South's ``sq``: the opposite line, the same ring (rules §4)."""
    return LINES[(LINES.index(sq[0]) + 6) % 12] + sq[1]


def light_held_back(page, server_url):
    """A Quin game in play whose two Lights are in reserve; returns its id and seat tokens."""
    game_id, tokens = create(page, server_url, "quin", ["me", "me"], {"setup": "manual"})
    for seat, square in (("0", lambda sq: sq), ("1", turned_half)):
        for kind, sq in STANDARD_SOUTH_BUT_THE_LIGHT:
            play(page, server_url, game_id, tokens[seat], f"place {kind} {square(sq)}")
        play(page, server_url, game_id, tokens[seat], "ready")
    return game_id, tokens


def reserve_drawn(page, owner: str) -> list[tuple[str, int]]:
    """(kind letter or '?', count) of each piece drawn in ``owner``'s reserve."""
    return page.eval_on_selector_all(
        f"[data-reserve={owner}] [data-reserve-piece]",
        "nodes => nodes.map(n => [n.dataset.reservePiece, Number(n.dataset.count)])",
    )


def letters_drawn(page, owner: str) -> list[str]:
    """Every letter drawn on a piece in ``owner``'s reserve."""
    return page.eval_on_selector_all(f"[data-reserve={owner}] .qn-letter", "nodes => nodes.map(n => n.textContent)")


def opened(browser, server_url, game_id, token=None):
    """A fresh browser context on the game: one seat (or a spectator), never a hotseat."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    seat_page = context.new_page()
    open_game(seat_page, server_url, game_id, token)
    return seat_page


def test_the_light_shows_in_its_owners_reserve_and_the_rival_sees_one_face_down_count(page, browser, server_url):
    game_id, tokens = light_held_back(page, server_url)
    assert view(page, server_url, game_id, tokens["0"])["position"].split(" ")[3] == "LAAAA/5"
    open_game(page, server_url, game_id, tokens["0"])
    assert [tuple(t) for t in reserve_drawn(page, "S")] == [("L", 1), ("A", 4)]
    assert [tuple(t) for t in reserve_drawn(page, "N")] == [("?", 5)]
    assert letters_drawn(page, "N") == ["?"] and "\u00d75 face down" in page.text_content("[data-reserve=N]")
    assert letters_drawn(page, "S") == ["L", "A"]
    # the Light comes in face down: it leaves South's reserve, and North counts one fewer and sees "?" on f5
    play(page, server_url, game_id, tokens["0"], "reinforce L@f5")
    page.wait_for_function("() => document.querySelectorAll('[data-reserve=S] [data-reserve-piece]').length === 1")
    assert [tuple(t) for t in reserve_drawn(page, "S")] == [("A", 4)]
    assert page.get_attribute("[data-at=f5]", "data-piece") == "L"
    north = opened(browser, server_url, game_id, tokens["1"])
    assert [tuple(t) for t in reserve_drawn(north, "S")] == [("?", 4)]
    assert [tuple(t) for t in reserve_drawn(north, "N")] == [("L", 1), ("A", 4)]
    assert north.get_attribute("[data-at=f5]", "data-piece") == "?"
    spectator = opened(browser, server_url, game_id)  # reads neither reserve
    assert [tuple(t) for t in reserve_drawn(spectator, "S")] == [("?", 4)]
    assert [tuple(t) for t in reserve_drawn(spectator, "N")] == [("?", 5)]
    for other in (north, spectator):
        other.context.close()
