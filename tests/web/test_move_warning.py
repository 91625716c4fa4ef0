"""The game page asks before a move the game warns about (Laser Chess: your own beam hits your King)."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game, view


def test_a_move_into_your_own_king_is_sent_only_once_confirmed(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "human"], options={"setup": "grail"})
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_function("() => document.body.dataset.myTurn === '1'")
    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.fill("[data-testid=move-input]", "j3-j2")
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_timeout(300)
    assert asked and "your King" in asked[0]
    assert view(page, server_url, game_id)["ply"] == 0  # declined: nothing was played
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.fill("[data-testid=move-input]", "j3-j2")
    page.press("[data-testid=move-input]", "Enter")
    page.wait_for_function("() => document.body.dataset.over === '1'")
    assert len(asked) == 2 and view(page, server_url, game_id)["over"]
