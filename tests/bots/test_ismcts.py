"""Information-set MCTS: it reads only the player's view, finds known wins at a small budget, repeats with a seed."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import ISMCTSBot, level_bot
from abstracta.games.quin.evaluation import QuinKnowledge

from tests.games.quin.helpers import position


def _mid_game(seed: int, plies: int):
    game = abstracta.load("quin")
    rng = random.Random(seed)
    state = game.start(seed=seed)
    for _ in range(plies):
        state = state.play(rng.choice(state.moves()))
    return state


def _other_world(state):
    """A full state with the same view for the player to move, but other hidden rival kinds."""
    viewer = state.player
    view = state.view(viewer)
    rng = random.Random(9)
    for _ in range(100):
        world = QuinKnowledge().sample_world(view, rng)
        if world.notation() != state.notation():
            assert world.view(viewer).notation() == view.notation()
            return world
    raise AssertionError("no other world found")


@pytest.mark.parametrize("seed,plies", [(3, 12), (8, 31), (21, 50)])
def test_two_states_with_the_same_view_get_the_same_move(seed, plies):
    state = _mid_game(seed, plies)
    if state.over:
        pytest.skip("the random game ended early")
    other = _other_world(state)
    knowledge = state.game.knowledge()
    first = ISMCTSBot(knowledge, iterations=150, seed=4).choose(state)
    second = ISMCTSBot(knowledge, iterations=150, seed=4).choose(other)
    assert first == second
    assert first in state.moves()


def test_the_same_seed_repeats_and_another_may_differ():
    state = _mid_game(5, 20)
    knowledge = state.game.knowledge()
    moves = {ISMCTSBot(knowledge, iterations=80, seed=s).choose(state) for s in (1, 1)}
    assert len(moves) == 1


def test_it_takes_a_hidden_light_it_can_infer():
    """North's only piece on the board is hidden, but North's reserve (standard setup: ALs only;
    a random setup's may hold the Light) holds the four ALs, so the piece on l5 is the Light:
    South's Shadow on l3 takes it."""
    game = abstracta.load("quin", setup="standard")
    state = game.parse(position({"f5": "L", "l3": "S", "l5": "l", "e2": "V"}, removed=("S", "ssrrmtppvvvv")))
    bot = ISMCTSBot(game.knowledge(), iterations=60, seed=2)
    assert bot.choose(state) == "l3-l5"


def test_it_stops_an_inferred_light_walking_onto_first_sight():
    """South's Light stands hidden on f2 with f1 and o empty: it wins next move unless North's
    Shadow on l1 takes it (l1-o-f1-f2). North must see that the hidden piece is the Light (in a
    standard setup South's reserve holds ALs only)."""
    game = abstracta.load("quin", setup="standard")
    state = game.parse(position({"f2": "L", "l1": "s", "l5": "l", "a5": "v"}, side="N",
                                removed=("SSRRMTPPVVVV", "srrmtppvvv")))  # fmt: skip
    bot = ISMCTSBot(game.knowledge(), iterations=300, seed=3)
    assert bot.choose(state) == "l1-f2"


def test_the_time_cap_stops_a_large_budget():
    state = _mid_game(7, 10)
    bot = ISMCTSBot(state.game.knowledge(), iterations=10_000_000, seconds=0.05, seed=1)
    move = bot.choose(state)
    assert move in state.moves()
    assert bot.last_report.stopped == "time"
    assert bot.last_report.iterations < 10_000_000


def test_it_needs_a_knowledge_that_samples_worlds():
    with pytest.raises(ValueError, match="sample_world"):
        ISMCTSBot(object(), iterations=10)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(QuinKnowledge(), iterations=0)


def test_quin_levels_are_information_set_bots():
    game = abstracta.load("quin")
    budgets = [level_bot(level, game, seed=1).iterations for level in ("easy", "medium", "hard")]
    assert all(isinstance(level_bot(level, game, 1), ISMCTSBot) for level in ("easy", "medium", "hard"))
    assert budgets == sorted(budgets) and len(set(budgets)) == 3


def test_history_carries_over_a_game_and_resets_for_a_new_one():
    game = abstracta.load("quin")
    bot = level_bot("easy", game, seed=1)
    state = game.start(seed=2)
    rng = random.Random(2)
    for _ in range(6):
        if state.player == 0:
            state = state.play(bot.choose(state))
        else:
            state = state.play(rng.choice(state.moves()))
    assert len(bot.history) == 3
    bot.choose(game.start(seed=3))
    assert len(bot.history) == 1


def test_widening_still_finds_the_win_and_randomness_plays_legal_moves():
    game = abstracta.load("quin", setup="standard")  # the reserve holds ALs only: l5 is the Light
    state = game.parse(position({"f5": "L", "l3": "S", "l5": "l", "e2": "V"}, removed=("S", "ssrrmtppvvvv")))
    assert ISMCTSBot(game.knowledge(), iterations=60, widening=1.5, seed=2).choose(state) == "l3-l5"
    always_random = ISMCTSBot(game.knowledge(), iterations=60, randomness=1.0, seed=2)
    moves = [always_random.choose(state) for _ in range(5)]
    assert all(move in state.moves() for move in moves) and always_random.last_report.stopped == "random"
    with pytest.raises(ValueError, match="randomness"):
        ISMCTSBot(game.knowledge(), randomness=1.5)
    with pytest.raises(ValueError, match="widening"):
        ISMCTSBot(game.knowledge(), widening=0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_manual_setup_by_a_bot_tells_the_rival_nothing_by_its_order(level):
    """Placements are public in order ('place ? sq'): a searched setup came out the same every game,
    the Light first, so the rival knew every kind. Bots place by the game's random setup instead."""
    game = abstracta.load("quin", setup="manual")
    games, light_first, setups = 130, 0, set()
    for seed in range(games):
        state, placed = game.start(), []
        while state.player == 0:
            move = level_bot(level, game, seed=1000 * seed + len(placed)).choose(state)
            state = state.play(move)
            placed.append(move)
        assert placed[-1] == "ready" and len(placed) == 14, placed  # all 13 pieces, then ready
        assert any(move.startswith("place L ") for move in placed)
        light_first += placed[0].startswith("place L ")
        setups.add(tuple(placed))
    assert len(setups) == games  # no setup repeats, so none can be learned
    # 1 piece in 13 is the Light: at most 4 standard deviations above that share
    assert light_first <= games / 13 + 4 * (games * (1 / 13) * (12 / 13)) ** 0.5, light_first
