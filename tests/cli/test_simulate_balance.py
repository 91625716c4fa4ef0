"""``simulate``'s balance headline on made-up results with known answers (issue 30): every seat's
score against the fair share, draws and shared first places counted by score, the first mover."""

from __future__ import annotations

import io
import re

from rich.console import Console

import abstracta
from abstracta.bots.match import GameRecord, MatchResult
from abstracta.cli.simulate import print_simulation


def _printed(game, results, first_movers=None, turns=None):
    result = MatchResult.empty(game.num_players)
    for index, returns in enumerate(results):
        result.add(GameRecord(index, 0, returns, 10, tuple(0 for _ in returns)))
    result.first_movers = list(first_movers or [])
    out = io.StringIO()
    console = Console(file=out, width=80, highlight=False, markup=False, emoji=False)
    seats = [f"S{p}" for p in range(game.num_players)]
    print_simulation(console, game, result, ["easy"] * game.num_players, seats, 1.0, {"normal": len(results)}, turns)
    return out.getvalue()


def test_draws_count_half_in_the_headline():
    # Laser Chess easy in the issue: 5 draws in 16 games read "25.0% against a fair 50.0%"; seat 0 scored 40.6%.
    game = abstracta.load("laser-chess")
    text = _printed(game, [(1.0, -1.0)] * 4 + [(0.0, 0.0)] * 5 + [(-1.0, 1.0)] * 7, turns=[5] * 16)
    assert "first seat (S0): score 40.6% against a fair 50.0%" in text
    assert re.search(r"  0 S0 +40\.6% \(95% [\d.]+%-[\d.]+%\)\n  1 S1 +59\.4%", text)
    assert "length in turns: mean 5.0" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_shared_first_places_and_the_seat_off_balance_are_named():
    game = abstracta.load("desfases", players=4)
    shared = (1.0, 1.0, -1.0, -1.0)  # seats 0 and 1 share first place: 1/2 each
    text = _printed(game, [shared] * 60 + [(-1.0, -1.0, -1.0, 1.0)] * 20)
    assert re.search(r"  0 S0 +37\.5% .*above its fair share", text)
    assert re.search(r"  2 S2 +0\.0% .*below its fair share", text)
    assert re.search(r"all seats equal\? G-test p = [\d.e-]+: the seats differ", text)


def test_the_first_mover_is_named_when_another_seat_started():
    game = abstracta.load("strategic-reserve")
    # Seat 1 moved first in every game (a position suite) and won them all: its advantage, not seat 0's.
    text = _printed(game, [(-1.0, 1.0)] * 12, first_movers=[1] * 12)
    assert "first mover (any seat): score 100.0% against a fair 50.0%" in text
    assert "its advantage: +50.0 points" in text and "seat 0's (S0) score lead" in text
