"""Properties of Laser Chess checked against a naive reference written here.

The reference reads positions into a ``{square: token}`` dict and follows rules §6.2 and
the beam algorithm of §7 line by line, with compass names rather than tables. It shares no
code with the engine (flat int boards, precomputed reflection tables), so agreeing with it
on every move of random games is evidence for both.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta

SLUG = "laser-chess"
SETUPS = ["ace", "curiosity", "grail", "mercury", "sophie"]
FILES = "abcdefghij"
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0), "ne": (1, 1), "se": (1, -1), "sw": (-1, -1), "nw": (-1, 1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
CLOCKWISE4 = ["n", "e", "s", "w"]
CLOCKWISE_DIAG = ["ne", "se", "sw", "nw"]
CLOSED = {
    "blue": {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"},
    "red": {"j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"},
}
SWITCH = {"ne": {"n": "e", "e": "n", "s": "w", "w": "s"}, "nw": {"n": "w", "e": "s", "s": "e", "w": "n"}}
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the reference -------------------------------------------------------------------------


def read(text):
    board_field, side = text.split(" ")[:2]
    board = {}
    for rank, row in zip(range(8, 0, -1), board_field.split("/")):
        file, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i + (2 if row[i : i + 2] == "10" else 1)
                file += int(row[i:j])
                i = j
                continue
            width = {"K": 0, "L": 1, "B": 1, "S": 2, "D": 2}[row[i].upper()]
            board[FILES[file] + str(rank)] = row[i : i + 1 + width]
            file += 1
            i += 1 + width
    return board, ("blue" if side == "b" else "red")


def write(board, colour):
    rows = []
    for rank in range(8, 0, -1):
        row, run = "", 0
        for file in FILES:
            token = board.get(f"{file}{rank}")
            if token is None:
                run += 1
            else:
                row += (str(run) if run else "") + token
                run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " " + colour[0]


def colour_of(token):
    return "blue" if token[0].isupper() else "red"


def neighbour(square, direction):
    df, dr = STEP[direction]
    file, rank = FILES.index(square[0]) + df, int(square[1]) + dr
    return f"{FILES[file]}{rank}" if 0 <= file < 10 and 1 <= rank <= 8 else None


def reference_moves(board, colour):
    moves = []
    for square, token in board.items():
        if colour_of(token) != colour:
            continue
        kind, facing = token[0].upper(), token[1:]
        if kind == "L":
            plus = CLOCKWISE4[(CLOCKWISE4.index(facing) + 1) % 4]
            allowed = ("n", "w") if colour == "blue" else ("s", "e")
            moves.append(square + ("+" if plus in allowed else "-"))
            continue
        if kind in "BD":
            moves += [square + "+", square + "-"]
        if kind == "S":
            moves.append(square + "+")
        for direction in STEP:
            target = neighbour(square, direction)
            if target is None or target in CLOSED[colour]:
                continue
            other = board.get(target)
            if other is None:
                moves.append(f"{square}-{target}")
            elif kind == "S" and other[0].upper() in "DB" and square not in CLOSED[colour_of(other)]:
                moves.append(f"{square}-{target}")
    return sorted(moves)


def reference_play(board, colour, move):
    """``(board after, effects)`` of one non-draw move, straight from §6.2 and §7."""
    board = dict(board)
    if move[-1] in "+-":
        square = move[:-1]
        token = board[square]
        letter, facing = token[0], token[1:]
        step = 1 if move[-1] == "+" else -1
        if letter.upper() == "S":
            facing = "nw" if facing == "ne" else "ne"
        elif letter.upper() == "D":
            facing = CLOCKWISE_DIAG[(CLOCKWISE_DIAG.index(facing) + step) % 4]
        else:
            facing = CLOCKWISE4[(CLOCKWISE4.index(facing) + step) % 4]
        board[square] = letter + facing
    else:
        source, target = move.split("-")
        moving, other = board.pop(source), board.pop(target, None)
        board[target] = moving
        if other is not None:
            board[source] = other
    laser = "j1" if colour == "blue" else "a8"
    square, d, path = laser, board[laser][1:], []
    while True:
        square = neighbour(square, d)
        if square is None:
            stop = "edge"
            break
        path.append(square)
        piece = board.get(square)
        if piece is None:
            continue
        kind, facing = piece[0].upper(), piece[1:]
        if kind == "L":
            stop = "laser"
            break
        if kind == "K":
            stop = "removed"
            break
        if kind == "B":
            stop = "blocked" if facing == OPPOSITE[d] else "removed"
            break
        if kind == "D":
            v, h = facing[0], facing[1]
            if OPPOSITE[d] == v:
                d = h
            elif OPPOSITE[d] == h:
                d = v
            else:
                stop = "removed"
                break
            continue
        d = SWITCH[facing][d]
    effects = [{"kind": "beam", "from": laser, "path": path, "stop": stop}]
    if stop == "removed":
        effects.append({"kind": "removed", "square": path[-1], "piece": board.pop(path[-1])})
    return board, effects


# -- properties ----------------------------------------------------------------------------


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_engine_agrees_with_the_reference_on_every_move_of_a_random_game(seed, setup):
    rng = random.Random(seed)
    state = abstracta.load(SLUG, setup=setup).start()
    for ply in range(200):
        if state.over:
            break
        board, colour = read(state.notation())
        moves = state.moves()
        assert [m for m in moves if m != "draw"] == reference_moves(board, colour), state.notation()
        checked = moves if ply % 10 == 0 else [rng.choice(moves)]
        for move in checked:
            if move == "draw":
                continue
            after = state.play(move)
            expected_board, expected_effects = reference_play(board, colour, move)
            other = "red" if colour == "blue" else "blue"
            assert after.notation() == write(expected_board, other), (state.notation(), move)
            assert after.last_effects() == expected_effects, (state.notation(), move)
            kings = [t for t in expected_board.values() if t in ("K", "k")]
            assert after.over is (len(kings) == 1)
        state = state.play(rng.choice(moves))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS), limit=st.integers(1, 40))
def test_ply_limit_and_round_trips(seed, setup, limit):
    game = abstracta.load(SLUG, setup=setup, max_plies=limit)
    rng = random.Random(seed)
    state = game.start()
    plies = 0
    while not state.over:
        state = state.play(rng.choice(state.moves()))
        plies += 1
        assert state.notation().endswith(f" {plies}")
        data = json.loads(json.dumps(state.to_json()))
        assert game.from_json(data).to_json() == data
        assert len(data["history"]) == plies + 1
    king_hit = state.last_effects()[-1].get("piece") in ("K", "k")
    assert plies == limit or king_hit
    assert state.returns() == [0.0, 0.0] or king_hit


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_repetition_count_matches_the_history(seed):
    """``draw`` is listed exactly when the history holds the position three times or more."""
    rng = random.Random(seed)
    # Kings off every Laser line; mostly Laser turns, which undo themselves: repeats are common.
    state = abstracta.load(SLUG).parse("ls9/10/5k4/10/10/4K5/10/9Ln b")
    seen = {state.notation(): 1}
    claims = 0
    for _ in range(80):
        moves = state.moves()
        claims += "draw" in moves
        assert ("draw" in moves) == (seen[state.notation()] >= 3)
        assert state.repetitions() == seen[state.notation()]
        turns = [m for m in moves if m in ("j1+", "j1-", "a8+", "a8-")]
        others = [m for m in moves if m != "draw" and m not in turns]
        state = state.play(rng.choice(turns if rng.random() < 0.8 else others))
        if state.over:
            break
        seen[state.notation()] = seen.get(state.notation(), 0) + 1
    if not state.over:
        assert claims > 0
