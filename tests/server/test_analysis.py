"""POST/GET /api/games/{id}/analysis: the post-game analysis, in the background, cached, seen as the asker may see.

Positions are valued by ``abstracta.bots.win_chances`` whatever bots played; the chance roots
(expectimax valuing a roll in one search) are checked on their own.
"""

from __future__ import annotations

import random
import time

import pytest

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.analysis import mark_for, win_probability
from abstracta.server.analysis import LEVEL, value_position
from tests.server.conftest import SHORT_OPTIONS, auth, play_randomly, view_of
from tests.server.test_api import new_game


def analysis(client, game_id, token=None, method="GET", status=200):
    response = getattr(client, method.lower())(f"/api/games/{game_id}/analysis", headers=auth(token))
    assert response.status_code == status, response.text
    return response.json()


def finished(client, slug, seats, seed, options=None):
    game_id, tokens = new_game(client, slug, seats, options if options is not None else SHORT_OPTIONS.get(slug), seed=seed)
    final = play_randomly(client, game_id, tokens, random.Random(seed))
    assert final["over"]
    return game_id, tokens, final


def wait_done(client, game_id, token=None, timeout=120.0):
    deadline = time.monotonic() + timeout
    seen_progress = []
    while time.monotonic() < deadline:
        answer = analysis(client, game_id, token)
        seen_progress.append(answer["done"])
        if answer["status"] != "running":
            assert seen_progress == sorted(seen_progress)  # progress only grows
            return answer
        time.sleep(0.05)
    raise AssertionError(f"analysis of {game_id} not done within {timeout} s")


def test_a_finished_game_is_analysed_in_the_background_once(client):
    game_id, tokens, final = finished(client, "strategic-reserve", ["human", "bot:random"], seed=3)
    assert analysis(client, game_id)["status"] == "none"
    started = analysis(client, game_id, method="POST", status=202)
    assert started["status"] in ("running", "done") and started["total"] == final["ply"] + 1
    assert view_of(client, game_id)["over"]  # requests are answered while it runs
    done = wait_done(client, game_id)
    assert done["status"] == "done" and done["done"] == done["total"] == final["ply"] + 1 and done["level"] == LEVEL
    positions, plies = done["positions"], done["plies"]
    assert len(positions) == final["ply"] + 1 and len(plies) == final["ply"]
    for row in positions:  # two players, zero-sum values: the win probabilities add up to 1
        assert len(row) == 2 and all(0 <= p <= 1 for p in row) and sum(row) == pytest.approx(1, abs=1e-3)
    assert positions[-1] == [win_probability(v) for v in final["returns"]]  # the end is known exactly
    live = client.app.state.service.get(game_id)
    for ply, move, mover in zip(plies, live.moves, live.movers):
        assert ply["move"] == move and ply["player"] == mover
        assert ply["before"] == pytest.approx(positions[ply["ply"] - 1][mover if mover >= 0 else ply["player"]], abs=1e-3) \
            if mover >= 0 else ply["mark"] == ""  # chance outcomes are nobody's choice
        if mover >= 0:
            assert ply["loss"] == pytest.approx(max(0.0, ply["before"] - ply["after"]), abs=1e-3)
            if ply["reason"] in ("only move", "no better move"):
                assert ply["mark"] == ""  # a forced move, or one no alternative beats, is never marked
            elif ply["reason"]:
                assert ply["mark"] == "blunder"  # a missed or allowed win at once
            else:
                assert ply["mark"] == mark_for(ply["loss"])
    assert [player["player"] for player in done["players"]] == [0, 1]
    assert all(0 <= player["accuracy"] <= 100 for player in done["players"])
    # cached: starting again changes nothing and does not start the work again
    again = analysis(client, game_id, method="POST", status=202)
    assert again == done
    assert analysis(client, game_id, tokens["0"]) == done  # one analysis for everyone: nothing is hidden


def test_a_game_in_progress_has_no_analysis(client):
    game_id, tokens = new_game(client, "strategic-reserve", ["human", "human"], seed=4)
    refused = analysis(client, game_id, tokens["0"], method="POST", status=409)
    assert "not over" in refused["error"]
    assert analysis(client, "no-such-game", method="POST", status=404)["error"]


def test_quin_is_analysed_from_the_asking_seat_s_views_only(client):
    game_id, tokens, final = finished(client, "quin", ["human", "bot:random"], seed=5, options={"max_turns": 12})
    refused = analysis(client, game_id, method="POST", status=403)  # a spectator: nothing to analyse from
    assert "players" in refused["error"]
    assert analysis(client, game_id, status=403)
    analysis(client, game_id, tokens["0"], method="POST", status=202)
    done = wait_done(client, game_id, tokens["0"])
    assert done["status"] == "done"
    live = client.app.state.service.get(game_id)
    # every value is the one the seat's own view gives: the hidden kinds never entered the analysis
    for state, row in zip(live.states, done["positions"]):
        expected = value_position(state.view(0))
        assert row == [round(p, 4) for p in expected]
    seen = view_of(client, game_id, tokens["0"])["history"]
    assert [ply["move"] for ply in done["plies"]] == seen  # the rival's moves in public form


def test_positions_are_valued_by_the_win_chances_within_the_cap():
    game = abstracta.load("strategic-reserve", reserve=4)
    roll = game.start(seed=1)  # a chance node: expectimax values the roll in one search
    started = time.perf_counter()
    chances = value_position(roll)
    assert len(chances) == 2 and sum(chances) == pytest.approx(1) and all(0 <= p <= 1 for p in chances)
    decision = roll.play(roll.chance()[0][0])
    assert value_position(decision) == win_chances(decision) == value_position(decision)
    assert time.perf_counter() - started < 30  # a loose sanity bound, not a speed target


def test_analyses_of_several_games_take_turns_and_all_finish(client):
    games = [finished(client, "desfases", ["human", "bot:random", "bot:random", "bot:random"], seed=seed)
             for seed in (1, 2)]  # fmt: skip
    for game_id, _, _ in games:
        analysis(client, game_id, method="POST", status=202)
    for game_id, _, final in games:
        done = wait_done(client, game_id)
        assert done["status"] == "done" and len(done["positions"]) == final["ply"] + 1
        assert all(len(row) == 4 for row in done["positions"])  # four players, four lines
