"""The "Download record" links of the game page: the record as the page's seat may read it."""

from __future__ import annotations

import random
from pathlib import Path

from abstracta.core.records import loads, replay
from tests.web.test_trip_points import create, open_game, play, view


def test_a_finished_game_offers_its_record(page, server_url, tmp_path):
    game_id, tokens = create(page, server_url, "strategic-reserve", ["me", "me"], {"reserve": 2}, seed=9)
    rng = random.Random(1)
    while not (seen := view(page, server_url, game_id))["over"]:
        token = tokens[str(seen["player"])]
        play(page, server_url, game_id, token, rng.choice(view(page, server_url, game_id, token)["moves"]))
    open_game(page, server_url, game_id, tokens["0"])
    page.wait_for_selector("[data-testid=banner]:not([hidden])")
    for selector, suffix in (("[data-testid=record-download]", ".txt"), ("[data-testid=record-download-json]", ".json")):
        with page.expect_download() as caught:
            page.click(selector)
        download = caught.value
        assert download.suggested_filename == f"abstracta-strategic-reserve-{game_id}{suffix}"
        saved = tmp_path / download.suggested_filename
        download.save_as(saved)
        [record] = loads(Path(saved).read_text())
        assert record.termination == "normal" and record.seed == 9
        assert replay(record)[-1].notation() == seen["position"]


def test_a_quin_player_downloads_only_what_their_seat_saw(page, server_url, tmp_path):
    game_id, tokens = create(page, server_url, "quin", ["me", "friend"], {"setup": "manual"})
    play(page, server_url, game_id, tokens["0"], "place T f3")
    open_game(page, server_url, game_id, tokens["0"])
    with page.expect_download() as caught:
        page.click("[data-testid=record-download]")
    saved = tmp_path / "mine.txt"
    caught.value.save_as(saved)
    text = saved.read_text()
    assert caught.value.suggested_filename.endswith("-seat0.txt")
    assert "1. place T f3" in text and "[View \"0\"]" in text and "[Seed" not in text
    # A spectator's record of the same game: the placement without its kind.
    spectator = page.request.get(f"{server_url}/api/games/{game_id}/record").text()
    assert "1. place ? f3" in spectator and "place T" not in spectator and "[View \"-1\"]" in spectator
