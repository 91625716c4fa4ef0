"""Properties of Reflec checked against a naive reference written here from the rules text.

The reference reads the position notation into a ``{square: token}`` dict and lists the legal
moves straight from §6 (square names, string comparisons, sets, one final ``sorted()``). It
shares no code with the engine, which walks precomputed tables in index order, so agreement on
positions from many random games (2, 3 and 4 players, with eliminations, neutral coins, locks
and swap records) is evidence for both.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import IllegalMove, NotationError
from abstracta.games.reflec.board import MOVE_TABLE

from .helpers import biased_line

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
        "turns": int(turns),
        "swaps": [set() if r == "-" else set(r.split(",")) for r in swaps.split("/")],
        "locked": set() if locked == "-" else set(locked.split(",")),
        "touched": set() if touched == "-" else set(touched.split(",")),
    }


def write(pos, players):
    """The notation of ``pos`` (§9), the inverse of ``read``."""
    rows = []
    for rank in range(8, 0, -1):
        row, run = "", 0
        for file in FILES:
            token = pos["board"].get(f"{file}{rank}")
            if token is None:
                run += 1
                continue
            row += (str(run) if run else "") + token
            run = 0
        rows.append(row + (str(run) if run else ""))
    flag = "x" if players == 2 else "n"
    letters = OWNERS[players].split("-")[0]
    suits = ",".join(f"{y}{pos['dice'][y]}:{pos['off'][y]}{flag if y in pos['destroyed'] else ''}" for y in letters)
    swaps = "/".join(",".join(sorted(record)) or "-" for record in pos["swaps"])
    fields = [
        "/".join(rows),
        suits,
        pos["acting"],
        pos["phase"],
        str(pos["tiles"]),
        str(pos["turns"]),
        swaps,
        ",".join(sorted(pos["locked"])) or "-",
        ",".join(sorted(pos["touched"])) or "-",
    ]
    return " ".join(fields)


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


STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
PRICE = {"move": 1, "laser": 1, "spin": 1, "drop": 2, "swap": 2, "fire": 3, "end": 0}


def step(square, direction):
    df, dr = STEPS[direction]
    file, rank = FILES.index(square[0]) + df, int(square[1]) + dr
    return f"{FILES[file]}{rank}" if 0 <= file < 8 and 1 <= rank <= 8 else None


def kind_of(move):
    """§6.3."""
    if "@" in move:
        return "drop"
    if move[0] == "*":
        return "fire"
    if move == "end":
        return "end"
    return {"=": "spin", "x": "swap"}[move[2]] if move[2] != "-" else ("move" if len(move) == 6 else "laser")


def reference_play(game, text, move):
    """``(notation, last_effects)`` after ``move``, from §5 and §7 as written (no legality checks)."""
    players, max_turns = game.num_players, game.options["max_turns"]
    pos = read(text)
    board = pos["board"]
    letters, owners = OWNERS[players].split("-")
    owner = {y: int(o) for y, o in zip(letters, owners)}
    effects = []

    def neutral(suit):
        return players > 2 and suit in pos["destroyed"]

    def eliminated(player):
        return all(y in pos["destroyed"] for y in letters if owner[y] == player)

    def start_turn(suit):
        pos["acting"] = suit
        if pos["dice"][suit] < 5:
            pos["dice"][suit] += 1
            pos["tiles"] = 3
        else:
            pos["tiles"] = 4

    def end_turn():
        pos["turns"] += 1
        pos["swaps"][owner[pos["acting"]]] = set()
        pos["locked"], pos["touched"] = pos["touched"], set()
        index = letters.index(pos["acting"])
        for k in range(1, len(letters) + 1):
            suit = letters[(index + k) % len(letters)]
            if suit not in pos["destroyed"]:
                break
        start_turn(suit)
        if max_turns is not None and pos["turns"] >= max_turns:
            effects.append({"kind": "end", "reason": "turn limit", "winners": [], "turns": pos["turns"]})

    def touch(square):
        if neutral(board[square][0]):
            pos["touched"].add(square)

    acting = pos["acting"]
    if pos["phase"] == "drop":
        board[move[2:4]] = move[0] + move[4]
        pos["off"][move[0]] -= 1
        if any(pos["off"].values()):
            pos["acting"] = letters[(letters.index(acting) + 1) % len(letters)]
        else:
            pos["phase"] = "play"
            start_turn("S")
        return write(pos, players), effects

    kind = kind_of(move)
    cost = PRICE[kind]
    from_tiles = min(cost, pos["tiles"])
    pos["tiles"] -= from_tiles
    pos["dice"][acting] -= cost - from_tiles
    if kind == "end":
        end_turn()
    elif kind == "laser":
        board[move[3:5]] = board.pop(move[:2])
    elif kind == "move":
        coin = board.pop(move[:2])
        board[move[3:5]] = coin[0] + move[5]
        pos["touched"].discard(move[:2])
        touch(move[3:5])
    elif kind == "spin":
        board[move[:2]] = board[move[:2]][0] + move[3]
        touch(move[:2])
    elif kind == "drop":
        board[move[2:4]] = move[0] + move[4]
        pos["off"][move[0]] -= 1
        touch(move[2:4])
    elif kind == "swap":
        a, b = move[:2], move[3:5]
        board[a], board[b] = board[b][0] + board[a][1], board[a][0] + board[b][1]
        for player in range(players):
            if not eliminated(player):
                pos["swaps"][player].add(move)
        pos["touched"] -= {a, b}
        touch(a)
        touch(b)
    else:  # fire (§7.1)
        origin = next(sq for sq, token in board.items() if token == acting + "*")
        square, direction, path, hits, stop = origin, move[1], [], [], "edge"
        while True:
            square = step(square, direction)
            if square is None:
                break
            path.append(square)
            token = board.get(square)
            if token is None:
                continue
            if token[1] == "*":
                stop = "laser"
                break
            if square in hits:
                stop = "loop"
                break
            hits.append(square)
            direction = token[1]
        effects.append(
            {"kind": "beam", "suit": acting, "from": origin, "dir": move[1], "path": path, "hits": hits, "stop": stop}
        )
        if stop == "loop":  # §7.2
            for square in hits[hits.index(square) :]:
                token = board.pop(square)
                coin = {"kind": "coin", "owner": None if neutral(token[0]) else owner[token[0]], "suit": token[0],
                        "facing": token[1]}
                effects.append({"kind": "remove", "cell": square, "piece": coin, "cause": "loop"})
                pos["off"][token[0]] += 1
                pos["locked"].discard(square)
                pos["touched"].discard(square)
        elif stop == "laser":  # §7.3
            suit = board.pop(square)[0]
            pos["destroyed"].add(suit)
            laser = {"kind": "laser", "owner": owner[suit], "suit": suit}  # not neutral while its laser stands
            effects.append({"kind": "remove", "cell": square, "piece": laser, "cause": "beam"})
            loser = owner[suit]
            if eliminated(loser):
                pos["swaps"][loser] = set()
                effects.append({"kind": "eliminate", "player": loser, "suits": [y for y in letters if owner[y] == loser]})
            left = [p for p in range(players) if not eliminated(p)]
            if len(left) == 1:
                effects.append({"kind": "end", "reason": "last player left", "winners": [left[0]]})
            elif suit == acting:
                end_turn()
    return write(pos, players), effects


def biased_game(players, seed, max_plies=3000, fire_share=0.3):
    """States of one random game that fires often (``biased_line``)."""
    return biased_line(players, seed, max_plies, fire_share)[0]


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


# -- play() against the reference, round trips, determinism ------------------------------------


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {}), (2, {"max_turns": 60}), (4, {"max_turns": 90})])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_every_played_move_has_the_reference_result(players, options, seed):
    """Every ply of a whole game: the position and effects agree with §5-§7 written out naively."""
    states, moves = biased_line(players, seed, **options)
    game = states[0].game
    for before, move, after in zip(states, moves, states[1:]):
        expected = reference_play(game, before.notation(), move)
        assert (after.notation(), after.last_effects()) == expected, f"{move} in {before.notation()}"
    final = states[-1]
    if final.over and options and final.returns() == [0.0] * players:
        assert fields_turns(final) >= options["max_turns"]


def fields_turns(state):
    return int(state.notation().split(" ")[5])


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_move_has_the_reference_result(players, seed):
    """All the moves of a few positions, not only the ones a random game picks."""
    states = biased_game(players, seed)
    game = states[0].game
    for state in states[:: max(1, len(states) // 5)]:
        for move in state.moves():
            after = state.play(move)
            assert (after.notation(), after.last_effects()) == reference_play(game, state.notation(), move), move


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_notation_and_json_round_trip_through_whole_games(players, seed):
    states = biased_game(players, seed)
    game = states[0].game
    for state in states[:: max(1, len(states) // 40)] + [states[-1]]:
        text = state.notation()
        parsed = game.parse(text)
        assert parsed.notation() == text and parsed.last_effects() == []
        assert parsed.moves() == state.moves()
        assert (parsed.player, parsed.seat, parsed.over) == (state.player, state.seat, state.over)
        assert (parsed.returns(), parsed.scores()) == (state.returns(), state.scores())
        data = json.loads(json.dumps(state.to_json()))
        restored = game.from_json(data)
        assert restored.notation() == text
        assert restored.last_effects() == state.last_effects()
        assert restored.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_the_moves_gives_the_same_game(players, seed):
    states, moves = biased_line(players, seed)
    state = abstracta.load("reflec", players=players).start(seed=seed)
    assert state.notation() == states[0].notation()
    for move, expected in zip(moves, states[1:]):
        state = state.play(move)
        assert state.notation() == expected.notation()
        assert state.last_effects() == expected.last_effects()
    assert biased_line(players, seed)[1] == moves


# -- parse on arbitrary and mutated text ----------------------------------------------------------
NOTATION_ALPHABET = "12345678SMCAnesw*/:,-x0 playdroE"


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 50), data=st.data())
def test_mutated_notations_round_trip_or_raise_notation_error(players, seed, data):
    """Whatever ``parse`` accepts round-trips; everything else is a NotationError, never a crash."""
    states = biased_game(players, seed, max_plies=400, fire_share=0.5)
    text = data.draw(st.sampled_from(states)).notation()
    game = states[0].game
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text) - 1))
        edit = data.draw(st.sampled_from(["replace", "insert", "delete"]))
        char = data.draw(st.sampled_from(NOTATION_ALPHABET))
        if edit == "replace":
            text = text[:i] + char + text[i + 1 :]
        elif edit == "insert":
            text = text[:i] + char + text[i:]
        else:
            text = text[:i] + text[i + 1 :]
    try:
        state = game.parse(text)
    except NotationError as error:
        assert str(error)
        return
    assert state.notation() == text
    state.moves()


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=80), st.text(alphabet=NOTATION_ALPHABET, max_size=80)))
def test_arbitrary_text_raises_only_notation_error(text):
    for players in (2, 3, 4):
        try:
            state = abstracta.load("reflec", players=players).parse(text)
        except NotationError:
            continue
        assert state.notation() == text
