"""The move list in plain words: each move's phrase as its hover title, and under it in the "in words" mode."""

from __future__ import annotations

from tests.web.test_trip_points import create, open_game, play, view


def test_the_move_list_reads_each_move_in_words(page, server_url):
    game_id, tokens = create(page, server_url, "laser-chess", ["me", "me"])
    for ply, move in enumerate(["j1-", "a8-"]):
        play(page, server_url, game_id, tokens[str(ply % 2)], move)
    words = view(page, server_url, game_id, tokens["0"])["history_words"]
    assert words[0] == "Blue turns the Laser on j1 counter-clockwise to fire west; the beam removes Blue's own Defender on f1"
    assert words[1].startswith("Red turns the Laser on a8 counter-clockwise to fire east")
    open_game(page, server_url, game_id, tokens["0"])
    first = page.locator("#history li").nth(0)
    assert first.get_attribute("title").startswith(words[0] + "\n")
    assert page.locator("#history .words").count() == 0
    page.check("[data-testid=history-words]")
    assert page.locator("#history .words").all_text_contents() == words
    page.reload()  # the mode is remembered
    page.wait_for_selector("#history .words")
    assert page.locator("#history .words").nth(1).text_content() == words[1]
