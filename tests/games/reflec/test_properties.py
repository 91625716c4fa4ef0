"""Properties of Reflec checked against a naive reference written here from the rules text.

The reference reads the position notation into a ``{square: token}`` dict and lists the legal
moves straight from §6 (square names, string comparisons, sets, one final ``sorted()``). It
shares no code with the engine, which walks precomputed tables in index order, so agreement on
positions from many random games (2, 3 and 4 players, with eliminations, neutral coins, locks
and swap records) is evidence for both.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import IllegalMove
from abstracta.games.reflec.board import MOVE_TABLE

FILES = "abcdefgh"
FACINGS = "nesw"
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
OWNERS = {2: "SMCA-0101", 3: "SMC-012", 4: "SMCA-0123"}


def neighbours(square):
    file, rank = FILES.index(square[0]), int(square[1])
    for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 1 <= r <= 8:
            yield f"{FILES[f]}{r}"


def read(text):
    """The notation as plain values (§9)."""
    board_field, suits, acting, phase, tiles, turns, swaps, locked, touched = text.split(" ")
    board = {}
    for row, rank in zip(board_field.split("/"), range(8, 0, -1)):
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                file += int(row[i])
                i += 1
            else:
                board[f"{FILES[file]}{rank}"] = row[i : i + 2]
                file += 1
                i += 2
    entries = {e[0]: e for e in suits.split(",")}
    return {
        "board": board,
        "dice": {s: int(e[1]) for s, e in entries.items()},
        "off": {s: int(e[3]) for s, e in entries.items()},
        "destroyed": {s for s, e in entries.items() if e[-1] in "xn"},
        "acting": acting,
        "phase": phase,
        "tiles": int(tiles),
        "swaps": [set() if r == "-" else set(r.split(",")) for r in swaps.split("/")],
        "locked": set() if locked == "-" else set(locked.split(",")),
    }


def reference_moves(state):
    """§5-§6 as written."""
    if state.over:
        return []
    players = state.game.num_players
    pos = read(state.notation())
    board, acting = pos["board"], pos["acting"]
    squares = [f"{f}{r}" for f in FILES for r in range(1, 9)]
    empty = [s for s in squares if s not in board]
    if pos["phase"] == "drop":
        return sorted(f"{acting}@{s}{f}" for s in empty for f in FACINGS)
    letters, owners = OWNERS[players].split("-")
    owner = {s: int(o) for s, o in zip(letters, owners)}
    neutral = pos["destroyed"] if players > 2 else set()
    controller = {s: None if s in neutral else owner[s] for s in letters}
    me = owner[acting]
    mine_or_neutral = {s for s in letters if controller[s] in (me, None)}
    budget = pos["tiles"] + pos["dice"][acting]
    locked = pos["locked"]
    moves = set()
    for square, token in board.items():
        if budget >= 1 and token == acting + "*":
            moves |= {f"{square}-{n}" for n in neighbours(square) if n not in board}
        if token[1] == "*" or square in locked:
            continue
        if budget >= 1 and token[0] in mine_or_neutral:
            moves |= {f"{square}-{n}{f}" for n in neighbours(square) if n not in board for f in FACINGS}
            moves |= {f"{square}={f}" for f in FACINGS if f != token[1]}
        for n in neighbours(square):
            other = board.get(n)
            if budget < 2 or not square < n or other is None or other[1] == "*" or n in locked:
                continue
            if f"{square}x{n}" in pos["swaps"][me]:
                continue
            y1, y2 = token[0], other[0]
            c1, c2 = controller[y1], controller[y2]
            if (c1 is None and c2 is None and y1 != y2) or (c1 != c2 and (me in (c1, c2) or None in (c1, c2))):
                moves.add(f"{square}x{n}")
    if budget >= 2:
        moves |= {f"{y}@{s}{f}" for y in mine_or_neutral if pos["off"][y] for s in empty for f in FACINGS}
    if budget >= 3:
        moves |= {"*" + d for d in FACINGS}
    if pos["tiles"] == 0 or not moves:
        moves.add("end")
    return sorted(moves)


def biased_game(players, seed, max_plies=3000, fire_share=0.3):
    """States of one random game that fires often, so lasers fall and coins turn neutral."""
    rng = random.Random(seed)
    state = abstracta.load("reflec", players=players).start()
    states = [state]
    while not state.over and len(states) < max_plies:
        moves = state.moves()
        fires = [m for m in moves if m[0] == "*"]
        move = rng.choice(fires) if fires and rng.random() < fire_share else rng.choice(moves)
        state = state.play(move)
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_moves_agree_with_the_reference(players, seed):
    states = biased_game(players, seed)
    for state in states[::7] + states[-3:]:
        assert state.moves() == reference_moves(state), state.notation()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_play_accepts_exactly_the_listed_moves(players, seed):
    states = biased_game(players, seed)
    universe = sorted(MOVE_TABLE) + ["", "e4", "c3-c4x", "*", "END", "S@a1"]
    for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
        accepted = []
        for move in universe:
            try:
                state.play(move)
            except IllegalMove:
                continue
            accepted.append(move)
        assert accepted == state.moves(), state.notation()


COST = {"*": 3, "@": 2, "x": 2, "=": 1, "-": 1}


def cost_of(move):
    if move == "end":
        return 0
    if move[0] == "*":
        return 3
    return COST["@"] if "@" in move else COST[move[2]]


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_every_action_costs_its_price_tiles_first(players, seed):
    states = biased_game(players, seed)
    for before, after in zip(states, states[1:]):
        b, a = read(before.notation()), read(after.notation())
        if b["phase"] == "drop" or a["acting"] != b["acting"] or after.over:
            continue  # turn changes and the end are covered by the examples
        x = b["acting"]
        k = b["tiles"] + b["dice"][x] - a["tiles"] - a["dice"][x]
        from_tiles = b["tiles"] - a["tiles"]
        assert from_tiles == min(k, b["tiles"])
        assert k in (1, 2, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_coins_are_conserved_and_games_end_properly(players, seed):
    states = biased_game(players, seed, max_plies=6000, fire_share=0.5)
    for state in states:
        pos = read(state.notation())
        for suit, off in pos["off"].items():
            assert off + sum(1 for t in pos["board"].values() if t == suit + t[1] and t[1] != "*") == 6
    final = states[-1]
    if final.over:
        returns = final.returns()
        assert sorted(returns) == [-1.0] * (players - 1) + [1.0]
        assert final.scores()[returns.index(1.0)] >= 1
        assert sum(1 for s in final.scores() if s) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_branching_is_honest_only_wasted_shots_coincide(players, seed):
    """No two listed moves lead to the same position, except shots that change nothing but the
    points (the rules list all four directions, D11); their effects still tell them apart."""
    states = biased_game(players, seed)
    for state in states[:: max(1, len(states) // 8)]:
        children = {}
        for move in state.moves():
            children.setdefault(state.play(move).notation(), []).append(move)
        for moves in children.values():
            if len(moves) > 1:
                assert all(m[0] == "*" for m in moves), moves
                assert len({str(state.play(m).last_effects()) for m in moves}) == len(moves)


def test_moves_returns_a_fresh_list():
    state = abstracta.load("reflec").start()
    moves = state.moves()
    moves.clear()
    assert len(state.moves()) == 240
