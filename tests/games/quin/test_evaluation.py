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


def _light_square(state, player: int) -> int | None:
    """Where ``player``'s Light stands, ``None`` while it is in reserve (or removed)."""
    return next((sq for sq, p in enumerate(state.board) if p and p & 7 == LIGHT and (p >> 3) & 1 == player), None)


def _pick(moves: list[str], rng: random.Random) -> str:
    """A random move, but the Light's Reinforcement and Reflections half the time when there are
    any: uniform play rarely brings a held-back Light in, let alone reflects it."""
    for wanted in ("L@", "reflect"):
        chosen = [move for move in moves if wanted in move]
        if chosen and rng.random() < 0.5:
            return rng.choice(chosen)
    return rng.choice(moves)


def _random_game(setup: str, seed: int, turns: int, reflected: list | None = None):
    """Yield ``(state, history of the player to move)`` along a seeded random game; ``reflected[p]``
    says, at each yield, whether player p's Light was moved by a Reflection since it last showed."""
    game = abstracta.load("quin", setup=setup)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    history: dict[int, list] = {0: [], 1: []}
    while not state.over and state.turns < turns:
        player = state.player
        yield state, tuple(history[player])
        move = _pick(state.moves(), rng)
        history[player].append((state.view(player), move))
        before = state
        state = state.play(move)
        if reflected is not None:
            if move.startswith("reflect") and _light_square(before, player) == SQUARE_INDEX[move.split()[1]]:
                reflected[player] = True
            for p in (0, 1):
                sq = _light_square(state, p)
                if sq is None or state.board[sq] & 16:
                    reflected[p] = False


@pytest.mark.parametrize("setup", ["random", "standard", "manual"])
def test_every_sampled_world_shows_the_same_view(setup):
    """Fuzzed over random games: each world has the view it was drawn from, and the true kind of
    every hidden rival piece (on the board and in reserve) is one the beliefs allow (history never
    rules out the truth). In the random setup the rival's Light is met in reserve, on the board
    after its Reinforcement, and after a Reflection."""
    knowledge = QuinKnowledge()
    rng = random.Random(5)
    checked = 0
    met = {"in reserve": 0, "hidden on the board": 0, "reflected": 0}
    for seed in range(4):
        reflected = [False, False]
        for state, history in _random_game(setup, seed, 80, reflected):
            viewer = state.player
            view = state.view(viewer)
            world = knowledge.sample_world(view, rng, history)
            assert world.view(viewer).notation() == view.notation()
            assert world.view(viewer).to_json()["position"] == view.to_json()["position"]
            assert world.moves() == state.moves()
            beliefs = knowledge.beliefs(view, history)
            for sq, kind in _hidden_rival_kinds(state, viewer).items():
                assert beliefs.masks[sq] >> kind & 1, (state.notation(), sq, KIND_LETTERS[kind])
            rival = 1 - viewer
            for kind, count in enumerate(state.reserve[rival]):
                assert not count or beliefs.reserve_mask >> kind & 1, (state.notation(), KIND_LETTERS[kind])
            light = _light_square(state, rival)
            if state.reserve[rival][LIGHT]:
                met["in reserve"] += 1
            elif light is not None and not state.board[light] & 16:
                met["hidden on the board"] += 1
                met["reflected"] += reflected[rival]
            checked += 1
    assert checked > 200
    if setup == "random":
        assert all(count >= 3 for count in met.values()), met


def _rival_kinds_on_board(world, rival: int) -> set[int]:
    return {p & 7 for p in world.board if p and (p >> 3) & 1 == rival}


@pytest.mark.parametrize("viewer", [0, 1])
def test_a_random_start_keeps_the_rivals_light_and_als_in_reserve(viewer):
    """D17b: in each player's first view of a random setup, every world has the rival's Light and
    four ALs in reserve and neither kind among its dealt pieces."""
    state = abstracta.load("quin").start(seed=11)
    if viewer == 1:
        state = state.play(next(move for move in state.moves() if "-" in move))  # a step, no Reinforcement
    view = state.view(viewer)
    rng = random.Random(1)
    for _ in range(50):
        world = QuinKnowledge().sample_world(view, rng)
        assert world.reserve[1 - viewer] == (1, 0, 4, 0, 0, 0, 0, 0)
        assert not _rival_kinds_on_board(world, 1 - viewer) & {LIGHT, AL}


def test_a_view_met_mid_game_in_standard_keeps_the_reserve_all_als():
    """Without history (a fresh bot in mid-game), a standard setup still says what the reserve can
    hold: only Artificial Lights, so never the Light."""
    game = abstracta.load("quin", setup="standard")
    text = position({"f5": "L", "e3": "S", "a4": "s", "b4": "v", "k3": "p", "l5": "l"}, turns=40,
                    removed=("", "srrmtpvvv"))  # fmt: skip
    state = game.parse(text)
    view = state.view(0)
    rng = random.Random(3)
    for _ in range(100):
        world = QuinKnowledge().sample_world(view, rng)
        assert world.reserve[1][LIGHT] == 0 and sum(world.reserve[1]) == world.reserve[1][AL] == 4
        assert LIGHT in _rival_kinds_on_board(world, 1)


def test_a_view_met_mid_game_in_random_may_hold_the_light_in_reserve_with_als_alone():
    """The same view in a random setup: the reserve holds the Light and ALs only (it started with
    them and nothing goes back), and the Light may be there or on the board."""
    game = abstracta.load("quin")
    text = position({"f5": "L", "e3": "S", "a4": "s", "b4": "v", "k3": "p", "l5": "l"}, turns=40,
                    removed=("", "srrmtpvvv"))  # fmt: skip
    view = game.parse(text).view(0)
    rng = random.Random(3)
    lights_in_reserve = 0
    for _ in range(100):
        world = QuinKnowledge().sample_world(view, rng)
        assert world.view(0).notation() == view.notation()
        assert sum(world.reserve[1]) == world.reserve[1][LIGHT] + world.reserve[1][AL] == 4
        lights_in_reserve += world.reserve[1][LIGHT]
    assert 0 < lights_in_reserve < 100


SEED_7_OPEN_NORTH_GATEWAY = "a5"  # North's a5 and b5 are open in the seed-7 start (§4)


@pytest.mark.parametrize("kind", ["L", "A"])
def test_a_reinforcement_in_random_setup_may_be_the_light(kind):
    """North brings in its Light, or an AL, on a5: South's beliefs and worlds are the same either
    way; the piece on a5 is the Light or an AL, the Light is there or still in reserve, and never
    one of the dealt pieces."""
    start = abstracta.load("quin").start(seed=7)
    first = start.view(0)
    state = start.play("e4-e3").play(f"reinforce {kind}@{SEED_7_OPEN_NORTH_GATEWAY}")
    history = ((first, "e4-e3"),)
    view = state.view(0)
    a5 = SQUARE_INDEX[SEED_7_OPEN_NORTH_GATEWAY]
    beliefs = Beliefs.track(view, history)
    assert beliefs.masks[a5] == 1 << LIGHT | 1 << AL
    assert all(mask & (1 << LIGHT | 1 << AL) == 0 for sq, mask in beliefs.masks.items() if sq != a5)
    rng = random.Random(6)
    where = set()
    for _ in range(200):
        world = QuinKnowledge().sample_world(view, rng, history)
        assert world.view(0).notation() == view.notation()
        assert world.board[a5] & 7 in (LIGHT, AL)
        assert sum(world.reserve[1]) == world.reserve[1][LIGHT] + world.reserve[1][AL] == 4
        where.add("a5" if world.board[a5] & 7 == LIGHT else "reserve" if world.reserve[1][LIGHT] else "elsewhere")
    assert where == {"a5", "reserve"}


def test_a_piece_that_went_three_spaces_is_not_a_short_range_kind():
    """North moves a hidden piece three spaces along its line: it is a Shadow or a Peripheral
    (a piece dealt by a random setup is never an AL nor the Light), never a Void, a Time or a
    two-space kind."""
    game = abstracta.load("quin")
    start = game.parse(position({"e3": "S", "k5": "s", "j5": "v", "b5": "t", "a5": "p"},
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


def test_reinforced_pieces_are_what_the_reserve_held():
    """In a random setup a reinforcement is the Light or an AL; dealt pieces are neither."""
    game = abstracta.load("quin")
    start = game.parse(position({"e3": "S", "k5": "s", "j4": "v"}, turns=0, removed=("", "srrmtppvvv")))
    first = start.view(0)
    state = start.play("e3-e4").play("reinforce A@a5 L@b5")
    history = ((first, "e3-e4"),)
    beliefs = Beliefs.track(state.view(0), history)
    assert beliefs.masks[SQUARE_INDEX["a5"]] == 1 << LIGHT | 1 << AL == beliefs.masks[SQUARE_INDEX["b5"]]
    assert not beliefs.masks[SQUARE_INDEX["j4"]] & (1 << AL | 1 << LIGHT)


def test_reinforced_pieces_in_standard_setup_are_artificial_lights():
    start = abstracta.load("quin", setup="standard").start()
    first = start.view(0)
    state = start.play("e2-e1").play("reinforce A@a5 A@k5")
    beliefs = Beliefs.track(state.view(0), ((first, "e2-e1"),))
    assert beliefs.masks[SQUARE_INDEX["a5"]] == 1 << AL == beliefs.masks[SQUARE_INDEX["k5"]]
    assert beliefs.masks[SQUARE_INDEX["l5"]] == 1 << LIGHT and beliefs.reserve_mask == 1 << AL


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


def test_a_light_in_reserve_is_safe_but_behind_one_on_its_gateway():
    """A random setup starts the Light in reserve: no piece can reach it there, so it is worth more
    than a Light a rival Shadow can take next move, but less than one already in on its Gateway."""
    game = abstracta.load("quin")
    knowledge = game.knowledge()

    def south_value(board):
        return knowledge.evaluate(game.parse(position({**board, "l5": "l"}, side="N")))[0]

    in_reserve = south_value({"f2": "s"})
    on_gateway = south_value({"f5": "L"})
    threatened = south_value({"f5": "L", "f2": "s"})  # f2-f3-f4-f5: the Shadow takes it
    assert on_gateway > in_reserve > threatened
