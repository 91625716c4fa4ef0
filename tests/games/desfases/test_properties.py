"""Properties of whole games, checked on random playouts (hypothesis picks seeds).

The strongest check: the engine and ``reference.py`` (a plain reading of the rules, written
apart) play the same random games and must agree at every ply on ``moves()``, the position,
``last_effects()``, who acts and the scores. The generic contract checks (round trips, illegal
input, replay) run for this game in ``tests/test_conformance.py``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import IllegalMove, NotationError

from .positions import W2_BEFORE, W9_BEFORE, W11_BEFORE
from .reference import Position

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
GAME_SETTINGS = settings(max_examples=60, deadline=None)

# Positions with suits already done (W9's before, W11's before) and a mid-game one (W2's before):
# random games from them exercise skipping finished suits and a lone live suit playing on.


def play_both(state, rng):
    """Play a random game from ``state`` on the engine and the reference, comparing every ply."""
    players = state.game.num_players
    ref = Position.read(state.notation(), players)
    plies = 0
    while True:
        moves = state.moves()
        assert moves == ref.moves(), state.notation()
        assert state.notation() == ref.write()
        assert state.scores() == ref.scores()
        assert state.seat == ref.turn
        if state.over:
            return state, plies
        move = rng.choice(moves)
        effects = ref.play(move)
        state = state.play(move)
        assert state.last_effects() == effects, (move, state.notation())
        plies += 1


@pytest.mark.parametrize("players", [4, 2])
@GAME_SETTINGS
@given(seed=SEEDS)
def test_engine_agrees_with_the_reference_on_whole_games(players, seed):
    game = abstracta.load("desfases", players=players)
    final, plies = play_both(game.start(seed), random.Random(seed))
    assert plies == 104  # §1: 84 turns + 4 x 5 feeds


@pytest.mark.parametrize("position", [W9_BEFORE, W11_BEFORE, W2_BEFORE], ids=["W9", "W11", "W2"])
@pytest.mark.parametrize("players", [4, 2])
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_engine_agrees_with_the_reference_from_later_positions(position, players, seed):
    game = abstracta.load("desfases", players=players)
    play_both(game.parse(position), random.Random(seed))


def random_game(game, seed):
    rng = random.Random(seed)
    state = game.start(seed)
    states, moves = [state], []
    while not state.over:
        move = rng.choice(state.moves())
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


@pytest.mark.parametrize("players", [4, 2])
@GAME_SETTINGS
@given(seed=SEEDS)
def test_every_suit_plays_21_turns_and_feeds_5_times(players, seed):
    states, moves = random_game(abstracta.load("desfases", players=players), seed)
    turns, feeds = Counter(), Counter()
    for state, move in zip(states, moves):
        (feeds if move.startswith("feed") else turns)[state.seat] += 1
    assert turns == Counter({"S": 21, "M": 21, "C": 21, "A": 21})
    assert feeds == Counter({"S": 5, "M": 5, "C": 5, "A": 5})
    assert all(not s.over for s in states[:-1]) and states[-1].over


COIN = re.compile(r"[SMCA][na2345]")


def coins_in(notation: str) -> Counter:
    """Every coin the notation mentions: scoring coins, the hole, timers and reservoirs."""
    board, records, _ = notation.split(" ")
    found = Counter()
    for cell in board.split("/"):
        for part in cell.split(","):
            if part.startswith("#"):
                found.update(COIN.findall(part[1:]))
            elif "+" in part:
                found[part.split("+")[1][:2]] += 1
    for record in records.split(";"):
        suit, _, timer, reservoir, _, _ = record.split(":")
        if timer != "-":
            found[suit + timer] += 1
        if reservoir != "-":
            found.update(suit + v for v in reservoir)
    return found


@GAME_SETTINGS
@given(seed=SEEDS)
def test_every_coin_is_in_exactly_one_place_at_every_ply(seed):
    states, _ = random_game(abstracta.load("desfases"), seed)
    every_coin = Counter({s + v: 1 for s in "SMCA" for v in "na2345"})
    for state in states:
        assert coins_in(state.notation()) == every_coin


@pytest.mark.parametrize("players", [4, 2])
@GAME_SETTINGS
@given(seed=SEEDS)
def test_points_are_the_sum_of_the_scoring_effects(players, seed):
    game = abstracta.load("desfases", players=players)
    states, _ = random_game(game, seed)
    owners = {4: {"S": 0, "M": 1, "C": 2, "A": 3}, 2: {"S": 0, "M": 0, "A": 1, "C": 1}}[players]
    totals = [0] * players
    tiles_scored = set()
    for state in states[1:]:
        for effect in state.last_effects():
            if effect["kind"] == "place" and effect["cause"] == "score":
                coin = effect["piece"]
            if effect["kind"] == "score":
                value = effect["tile"]["value"] + coin["value"]
                assert effect["points"] == value and coin["suit"] == effect["suit"]
                totals[owners[effect["suit"]]] += value
                assert effect["cell"] not in tiles_scored  # a tile is never scored twice
                tiles_scored.add(effect["cell"])
    final = states[-1]
    assert final.scores() == totals
    best = max(totals)
    winners = [p for p, t in enumerate(totals) if t == best]
    expected = [1 / len(winners) if p in winners else -1.0 for p in range(players)]
    if players == 2:
        expected = [r - sum(expected) / 2 for r in expected]
    assert final.returns() == expected


@GAME_SETTINGS
@given(seed=SEEDS)
def test_turning_changes_only_the_acting_suits_free_tiles(seed):
    """At every turn-phase ply, the turned squares are exactly the acting suit's tiles with no pawn and no coin."""
    states, moves = random_game(abstracta.load("desfases", players=2), seed)
    for before, move, after in zip(states, moves, states[1:]):
        b_cells, a_cells = cells(before.notation()), cells(after.notation())
        changed = {sq for sq in b_cells if b_cells[sq][2] != a_cells[sq][2]}
        turned = {e["cell"] for e in after.last_effects() if e["kind"] == "rotate"}
        assert changed == turned
        if move.startswith("feed"):
            assert not turned
            continue
        free = {sq for sq, cell in b_cells.items() if cell[0] == before.seat and "+" not in cell and "*" not in cell}
        assert turned == free


def cells(notation: str) -> dict[str, str]:
    board = notation.split(" ")[0]
    out = {}
    for row, rank in zip(board.split("/"), "54321"):
        for cell, file in zip(row.split(","), "abcde"):
            if not cell.startswith("#"):
                out[file + rank] = cell
    return out


# -- the contract on random games: round trips, exactly the listed moves, determinism -------------------
SQUARE_NAMES = [f + r for r in "12345" for f in "abcde"]
EVERY_MOVE_STRING = sorted(  # every string of the move grammar (§6), legal somewhere or not
    {"stay", "hole"}
    | {f"score {sq}" for sq in SQUARE_NAMES}
    | {f"feed {v}" for v in "na2345"}
    | {f"{a}-{b}" for a in SQUARE_NAMES for b in SQUARE_NAMES}
)


@pytest.mark.parametrize("players", [4, 2])
@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_notation_and_json_round_trip_at_every_ply(players, seed):
    game = abstracta.load("desfases", players=players)
    states, _ = random_game(game, seed)
    for state in states:
        text = state.notation()
        parsed = game.parse(text)
        assert parsed.notation() == text and parsed.last_effects() == []
        assert parsed.moves() == state.moves()
        assert (parsed.player, parsed.seat, parsed.over) == (state.player, state.seat, state.over)
        assert parsed.scores() == state.scores() and parsed.returns() == state.returns()
        data = json.loads(json.dumps(state.to_json()))
        restored = game.from_json(data)
        assert restored == state
        assert restored.last_effects() == state.last_effects()
        assert restored.to_json() == data


@pytest.mark.parametrize("players", [4, 2])
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_play_accepts_exactly_the_listed_moves(players, seed):
    """At every ply, a sample of all move strings (and every listed one): play accepts it iff it is listed."""
    rng = random.Random(seed)
    state = abstracta.load("desfases", players=players).start(seed)
    while True:
        legal = state.moves()
        text = state.notation()
        for move in sorted(set(rng.sample(EVERY_MOVE_STRING, 25)) | set(legal)):
            if move in legal:
                assert state.play(move).notation() != text or move == "stay"
            else:
                with pytest.raises(IllegalMove, match=re.escape(repr(move))):
                    state.play(move)
        assert state.notation() == text  # the receiver never changes
        if state.over:
            break
        state = state.play(rng.choice(legal))


@pytest.mark.parametrize("players", [4, 2])
@settings(max_examples=20, deadline=None)
@given(seed=SEEDS)
def test_same_seed_same_game(players, seed):
    """start(seed) and play are functions: fresh game objects replay the same moves to the same states."""
    states, moves = random_game(abstracta.load("desfases", players=players), seed)
    other_count = 6 - players  # the setup does not depend on players (§4)
    assert abstracta.load("desfases", players=other_count).start(seed).notation() == states[0].notation()
    state = abstracta.load("desfases", players=players).start(seed)
    for move, expected in zip(moves, states[1:]):
        listed = state.moves()
        listed.append("junk")  # moves() hands out a fresh list each time
        assert state.moves() == listed[:-1]
        state = state.play(move)
        assert state.notation() == expected.notation()
        assert state.last_effects() == expected.last_effects()


# -- parse: whatever it accepts is canonical; whatever it refuses raises NotationError -------------------
NOTATION_CHARS = "SMCAna2345esw#+*:-,;/ 0167dliveof"


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_mutated_positions_parse_to_themselves_or_raise_notation_error(seed, data):
    states, _ = random_game(abstracta.load("desfases"), seed)
    text = data.draw(st.sampled_from(states)).notation()
    at = data.draw(st.integers(0, len(text) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert", "swap"]))
    char = data.draw(st.sampled_from(NOTATION_CHARS))
    if kind == "replace":
        mutated = text[:at] + char + text[at + 1 :]
    elif kind == "delete":
        mutated = text[:at] + text[at + 1 :]
    elif kind == "insert":
        mutated = text[:at] + char + text[at:]
    else:
        mutated = text[:at] + text[at + 1 : at + 2] + text[at : at + 1] + text[at + 2 :]
    game = abstracta.load("desfases")
    try:
        state = game.parse(mutated)
    except NotationError as error:
        assert str(error)
        return
    assert state.notation() == mutated  # parse accepts canonical strings only (§9)
    assert game.parse(mutated).moves() == state.moves()


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300))
def test_arbitrary_text_raises_only_notation_error(text):
    with pytest.raises(NotationError):
        abstracta.load("desfases").parse(text)
