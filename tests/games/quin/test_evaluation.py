"""Quin's knowledge: worlds consistent with a player's view and history, and the position value."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.games.quin.board import SQUARE_INDEX
from abstracta.games.quin.evaluation import STEPS, Beliefs, QuinKnowledge, reach_mask
from abstracta.games.quin.pieces import AL, KIND_LETTERS, LIGHT, PERIPHERAL, SHADOW, TIME, VOID

from tests.games.quin.helpers import position


def _hidden_rival_kinds(state, viewer: int) -> dict[int, int]:
    """The kinds of the rival's unrevealed pieces on the board, by square (the truth the view hides)."""
    rival = 1 - viewer
    return {
        sq: piece & 7
        for sq, piece in enumerate(state.board)
        if piece and (piece >> 3) & 1 == rival and not piece & 16
    }


def _random_game(setup: str, seed: int, turns: int):
    """Yield ``(state, history of the player to move)`` along a seeded random game."""
    game = abstracta.load("quin", setup=setup)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    history: dict[int, list] = {0: [], 1: []}
    while not state.over and state.turns < turns:
        player = state.player
        yield state, tuple(history[player])
        move = rng.choice(state.moves())
        history[player].append((state.view(player), move))
        state = state.play(move)


@pytest.mark.parametrize("setup", ["random", "standard", "manual"])
def test_every_sampled_world_shows_the_same_view(setup):
    """Fuzzed over random games: each world has the view it was drawn from, and the true kind of
    every hidden rival piece is one the beliefs allow (history never rules out the truth)."""
    knowledge = QuinKnowledge()
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        for state, history in _random_game(setup, seed, 80):
            viewer = state.player
            view = state.view(viewer)
            world = knowledge.sample_world(view, rng, history)
            assert world.view(viewer).notation() == view.notation()
            assert world.view(viewer).to_json()["position"] == view.to_json()["position"]
            assert world.moves() == state.moves()
            beliefs = knowledge.beliefs(view, history)
            for sq, kind in _hidden_rival_kinds(state, viewer).items():
                assert beliefs.masks[sq] >> kind & 1, (state.notation(), sq, KIND_LETTERS[kind])
            checked += 1
    assert checked > 200


def test_random_setup_start_light_on_its_gateway_and_every_al_in_reserve():
    """South's first view: North's Light stands on l5 and the four ALs are in its reserve."""
    game = abstracta.load("quin")
    state = game.start(seed=11)
    view = state.view(0)
    knowledge = QuinKnowledge()
    rng = random.Random(1)
    for _ in range(50):
        world = knowledge.sample_world(view, rng)
        assert world.board[SQUARE_INDEX["l5"]] & 7 == LIGHT
        assert world.reserve[1] == (0, 0, 4, 0, 0, 0, 0, 0)
        assert not any(p and (p >> 3) & 1 == 1 and p & 7 == AL for p in world.board)


def test_a_view_met_mid_game_keeps_the_light_on_the_board_and_the_reserve_all_als():
    """Without history (a fresh bot in mid-game), a random or standard setup still says what the
    reserve can hold: only Artificial Lights, so never the Light."""
    game = abstracta.load("quin")
    text = position({"f5": "L", "e3": "S", "a4": "s", "b4": "v", "k3": "p", "l5": "l"}, turns=40,
                    removed=("", "srrmtpvvv"))  # fmt: skip
    state = game.parse(text)
    view = state.view(0)
    rng = random.Random(3)
    for _ in range(100):
        world = QuinKnowledge().sample_world(view, rng)
        assert world.reserve[1][LIGHT] == 0 and sum(world.reserve[1]) == world.reserve[1][AL] == 4
        assert [sq for sq, p in enumerate(world.board) if p and p & 7 == LIGHT and (p >> 3) & 1] != []


def test_a_piece_that_went_three_spaces_is_not_a_short_range_kind():
    """North moves a hidden piece three spaces along its line: it is a Shadow or a Peripheral
    (a start piece is never an AL), never a Void, a Time, the Light or a two-space kind."""
    game = abstracta.load("quin")
    start = game.parse(position({"f5": "L", "e3": "S", "l5": "l", "k5": "s", "j5": "v", "b5": "t", "a5": "p"},
                                turns=0, removed=("", "srrmpvvv")))  # fmt: skip
    south_first = start.view(0)
    after_south = start.play("e3-e4")
    after_north = after_south.play("k5-k2")
    view = after_north.view(0)
    history = ((south_first, "e3-e4"),)
    beliefs = Beliefs.track(view, history)
    k2 = SQUARE_INDEX["k2"]
    assert beliefs.masks[k2] == (1 << SHADOW | 1 << PERIPHERAL) & beliefs.masks[k2]
    assert not beliefs.masks[k2] >> VOID & 1 and not beliefs.masks[k2] >> TIME & 1
    rng = random.Random(2)
    kinds = {QuinKnowledge().sample_world(view, rng, history).board[k2] & 7 for _ in range(60)}
    assert kinds == {SHADOW, PERIPHERAL}


def test_reinforced_pieces_are_artificial_lights():
    game = abstracta.load("quin")
    start = game.parse(position({"f5": "L", "e3": "S", "l5": "l", "k5": "s", "j4": "v"}, turns=0,
                                removed=("", "srrmtppvvv")))  # fmt: skip
    first = start.view(0)
    state = start.play("e3-e4").play("reinforce A@a5 A@b5")
    history = ((first, "e3-e4"),)
    view = state.view(0)
    beliefs = Beliefs.track(view, history)
    assert beliefs.masks[SQUARE_INDEX["a5"]] == 1 << AL == beliefs.masks[SQUARE_INDEX["b5"]]
    assert not beliefs.masks[SQUARE_INDEX["j4"]] >> AL & 1


def test_a_spectator_view_has_no_worlds():
    view = abstracta.load("quin").start(seed=1).view(None)
    with pytest.raises(ValueError, match="spectator"):
        QuinKnowledge().sample_world(view, random.Random(1))


def test_steps_and_reach():
    assert STEPS[SQUARE_INDEX["f2"]][SQUARE_INDEX["l2"]] == 4  # f1, o, l1, l2
    assert STEPS[SQUARE_INDEX["f5"]][SQUARE_INDEX["o"]] == 5
    assert reach_mask(3) == 1 << SHADOW | 1 << AL | 1 << PERIPHERAL
    assert reach_mask(1) == 0xFF


def test_evaluate_sees_a_win_in_one_and_stays_in_range():
    game = abstracta.load("quin")
    knowledge = game.knowledge()
    # South's Shadow on l3 takes North's Light on l5 next move.
    winning = game.parse(position({"f5": "L", "l3": "S", "l5": "l"}, removed=("S", "ssrrmtppvvvv")))
    assert knowledge.evaluate(winning)[0] > 0.9
    assert knowledge.order(winning, winning.moves())[0] == "l3-l5"
    # The same, North to move: North's Light must flee, and is worse off than South.
    threatened = game.parse(position({"f5": "L", "l3": "S", "l5": "l"}, side="N", removed=("S", "ssrrmtppvvvv")))
    value = knowledge.evaluate(threatened)
    assert value[0] > 0 > value[1] and value[0] == -value[1]
    rng = random.Random(4)
    state = game.start(seed=4)
    while not state.over:
        values = knowledge.evaluate(state)
        assert -1 < values[0] < 1 and values[0] == -values[1]
        state = state.play(rng.choice(state.moves()))
