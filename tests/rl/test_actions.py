"""The action numbering: fixed per game, one to one with the legal moves at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abstracta
from abstracta import CHANCE
from abstracta.rl import action_space_size, action_table, action_to_move, legal_actions, move_to_action
from tests.rl.cases import OPTION_SETS, set_id


def random_states(slug: str, options: dict, games: int, seed: int = 0, max_plies: int = 400, enough=None):
    """Every state of ``games`` random playouts (chance nodes included); with ``enough``, stop
    before game ``index`` once ``enough(index)`` is true."""
    game = abstracta.load(slug, **options)
    rng = random.Random(seed)
    for index in range(games):
        if enough is not None and enough(index):
            return
        state = game.start(seed=seed * 100 + index)
        for _ in range(max_plies):
            yield state
            if state.over:
                break
            state = state.play(rng.choice(state.moves()))


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_legal_actions_map_one_to_one_onto_moves_and_back(case):
    slug, options = case
    game = abstracta.load(slug, **options)
    size = action_space_size(game)
    rng = random.Random(1)
    checked = 0
    # three games, and more where they are short (a reserve of 1 ends at the first placement)
    for state in random_states(slug, options, games=100, enough=lambda played: played >= 3 and checked > 10):
        if state.over or state.player == CHANCE:
            continue
        moves = state.moves()
        actions = [move_to_action(state, move) for move in moves]
        assert len(set(actions)) == len(moves), f"two moves share an action in {state.notation()}"
        assert all(0 <= a < size for a in actions)
        assert legal_actions(state) == actions
        for index in rng.sample(range(len(moves)), min(4, len(moves))):  # decode re-lists the moves: sample
            assert action_to_move(state, actions[index]) == moves[index]
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("case", OPTION_SETS, ids=set_id)
def test_an_action_that_is_not_legal_is_refused(case):
    slug, options = case
    # the first decision where some action is not legal (at a start, every one may be: tic-tac-toe)
    state = abstracta.load(slug, **options).start(seed=1)
    while state.player == CHANCE or len(legal_actions(state)) == action_space_size(state.game):
        state = state.play(state.moves()[0])
    legal = set(legal_actions(state))
    illegal = next(a for a in range(action_space_size(state.game)) if a not in legal)
    with pytest.raises(ValueError, match="not legal"):
        action_to_move(state, illegal)
    with pytest.raises(ValueError):
        move_to_action(state, "not a move")


def test_chance_outcomes_have_their_own_numbering():
    state = abstracta.load("strategic-reserve").start(seed=3)
    assert state.player == CHANCE
    assert [move_to_action(state, m) for m in state.moves()] == list(range(36))
    assert action_to_move(state, 6 * 2 + 4) == "3,5"


def test_documented_numbers():
    """The examples docs/rl.md gives, so the documentation cannot drift from the code."""
    sr = abstracta.load("strategic-reserve").start(seed=1).play("3,5")
    assert move_to_action(sr, "c4") == 2 * 6 + 3
    lc = abstracta.load("laser-chess")
    table = action_table(lc)
    assert table.size == 801 and table.static["draw"] == 800
    assert table.static["c1-c2"] == (2 * 8 + 0) * 10 + 0  # c1, direction n
    assert table.static["c1+"] == (2 * 8 + 0) * 10 + 8
    reflec = action_table(abstracta.load("reflec"))
    assert reflec.size == 2693 and reflec.static["S@a1n"] == 0 and reflec.static["end"] == 2692
    assert reflec.static["c3-c4e"] == 1024 + ((2 * 8 + 2) * 4 + 0) * 4 + 1
    desfases = action_table(abstracta.load("desfases"))
    assert desfases.size == 658 and desfases.static["feed 3"] == 652 + 3
    assert reflec.static["M@e5s"] == 402 and reflec.static["c3-c4e"] == 1313
    assert desfases.static["b2-d4"] == 168 and desfases.static["score b3"] == 637 and desfases.static["feed 3"] == 655
    start = lc.start()
    assert move_to_action(start, "c1-c2") == 160 and action_to_move(start, 160) == "c1-c2"
    assert table.static["c1-d2"] == 161 and table.static["c1-"] == 169
    quin = action_table(abstracta.load("quin"))
    assert quin.size == 27525 and quin.static["a1-a2"] == 1
    examples = {"f5-f4": 1797, "d3-b3 over c3": 4066, "time g4 g5": 5110, "swap e5 d3": 6727, "raise T b5": 9018,
                "reflect f5 f2 via f3": 9595, "place L d5": 10286, "ready": 10755, "pass": 10756}
    assert {move: quin.static[move] for move in examples} == examples
    assert quin._encode_gravity(None, "gravity d3: f3-c3, g5-d2, h5-e3", ["d3", "f3", "g5", "h5"]) == 15310
    assert quin._encode_reinforce(0, "reinforce A@d5 A@g5") == 26373 + 36 * 9
    assert quin._encode_reinforce(1, "reinforce A@a5 L@l5") == 26373 + 36 * 1 + 1 + 7 * 4


def test_quin_gravity_and_reinforcement_are_numbered_from_the_movers_pieces():
    game = abstracta.load("quin")
    seen = {"gravity": 0, "reinforce": 0}
    for state in random_states("quin", {"max_turns": 60}, games=6, seed=5):
        if state.over:
            continue
        relative = [m for m in state.moves() if m.split(" ")[0] in seen]
        for move in relative:
            seen[move.split(" ")[0]] += 1
            assert move_to_action(state, move) >= action_table(game).gravity_base
        for move in relative[:2]:  # decoding re-lists every move: two per position are enough
            assert action_to_move(state, move_to_action(state, move)) == move
    assert seen["gravity"] > 0 and seen["reinforce"] > 0


def test_the_size_depends_on_the_game_not_the_position():
    game = abstracta.load("laser-chess", setup="mercury")
    assert action_space_size(game) == action_space_size(abstracta.load("laser-chess"))
    with pytest.raises(ValueError, match="unknown game|no action numbering"):
        action_table(type("Fake", (), {"slug": "chess", "options": {}})())


@settings(max_examples=15, deadline=None)
@given(case=st.sampled_from(OPTION_SETS), seed=st.integers(0, 10**6))
def test_property_every_random_playout_is_covered(case, seed):
    """Whatever the seed: every legal move has a number, all distinct, and the number comes back."""
    slug, options = case
    for state in random_states(slug, options, games=1, seed=seed, max_plies=120):
        if state.over or state.player == CHANCE:
            continue
        moves, actions = action_table(state.game).legal(state)
        assert len(set(actions)) == len(moves)
        move = moves[seed % len(moves)]
        assert action_to_move(state, move_to_action(state, move)) == move
