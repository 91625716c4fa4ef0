"""The API contract (docs/api.md), checked on every registered game by random playouts.

Parametrized over ``abstracta.games()``, so a new game is tested on arrival. Chance
outcomes are sampled by their probabilities and decisions uniformly, both from
``random.Random(seed)``; hypothesis picks the seeds and some junk move strings.

Cheap checks run at every ply; round trips, playing every listed move and illegal
input run at plies 0, 1, 2, 4, 8, ... and on the final state.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abstracta
import abstracta.core.registry
from abstracta import CHANCE, IllegalMove

GAMES = abstracta.games()

# The defaults, and each option set a game declares worth a playout (``Game.example_options``).
CONFIGS = [(slug, {}) for slug in GAMES] + [
    (slug, dict(options)) for slug in GAMES for options in abstracta.core.registry.game_class(slug).example_options
]
MAX_PLIES = 300  # long games (a reserve of 12) are cut here; every ply so far is still checked

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
JUNK = st.lists(st.text(max_size=6), max_size=4)
PLAYOUT_SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def config_id(config):
    slug, options = config
    return slug + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def choose(state, rng):
    """A random move: chance outcomes by their probabilities, decisions uniformly."""
    if state.player == CHANCE:
        outcomes, weights = zip(*state.chance())
        return rng.choices(outcomes, weights)[0]
    return rng.choice(state.moves())


def playout(game, seed, max_plies=MAX_PLIES):
    """``(states, moves)`` of one random game from ``game.start(seed)``."""
    rng = random.Random(seed)
    state = game.start(seed)
    states, moves = [state], []
    while not state.over and len(moves) < max_plies:
        move = choose(state, rng)
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return states, moves


# -- per-ply checks ------------------------------------------------------------------------


def check_cheap(game, state):
    moves = state.moves()
    assert isinstance(moves, list) and all(type(m) is str for m in moves)
    assert len(set(moves)) == len(moves), f"duplicate moves in {state.notation()}"
    assert state.moves() == moves, "moves() is not deterministic"
    assert isinstance(state.over, bool)
    scores = state.scores()
    assert isinstance(scores, list) and len(scores) == game.num_players
    assert all(isinstance(s, int) for s in scores)
    returns = state.returns()
    assert isinstance(returns, list) and len(returns) == game.num_players
    assert all(isinstance(r, float) for r in returns)
    effects = state.last_effects()
    assert isinstance(effects, list) and all(isinstance(e, dict) for e in effects)
    if state.over:
        assert moves == [] and state.chance() == []
        assert state.player is None
        assert all(-1.0 <= r <= 1.0 for r in returns)
        if game.num_players == 2:
            assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)
        return
    assert moves, f"no moves in a position that is not over: {state.notation()}"
    assert returns == [0.0] * game.num_players, "returns() must be all zeros while not over"
    if state.player == CHANCE:
        chance = state.chance()
        assert [outcome for outcome, _ in chance] == moves
        assert all(p > 0 for _, p in chance)
        assert math.isclose(sum(p for _, p in chance), 1.0)
    else:
        assert isinstance(state.player, int) and 0 <= state.player < game.num_players
        assert state.chance() == []


def mutations(move):
    yield move.upper()
    yield move.swapcase()
    yield f" {move}"
    yield f"{move} "
    yield f"{move}\n"
    yield move + move
    yield move[:-1]
    yield move.replace(",", ", ")
    yield move.replace(",", ";")


def check_rejects(state, move):
    """``play(move)`` raises IllegalMove naming the move, and leaves the state alone."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert isinstance(info.value, ValueError)
    assert repr(move) in str(info.value), f"{info.value} does not name {move!r}"
    assert state.to_json() == before


def check_thorough(game, state, seen_moves, junk):
    text = state.notation()
    assert isinstance(text, str) and text == text.strip() and "\n" not in text

    # Position notation round trip.
    parsed = game.parse(text)
    assert parsed.notation() == text
    assert parsed.last_effects() == []
    if game.notation_is_complete:  # else the history lives in to_json only: checked below
        assert parsed.moves() == state.moves()
        assert (parsed.player, parsed.seat, parsed.over) == (state.player, state.seat, state.over)
        assert parsed.returns() == state.returns() and parsed.scores() == state.scores()

    # JSON round trip: dumps/loads equal, and from_json restores everything.
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    json.dumps(state.last_effects())
    restored = game.from_json(json.loads(json.dumps(data)))
    assert restored.notation() == text
    assert restored.moves() == state.moves()
    assert restored.last_effects() == state.last_effects()
    assert restored.to_json() == data
    assert (restored.player, restored.seat, restored.over) == (state.player, state.seat, state.over)

    # Every listed move plays, and the receiver is unchanged (states are values).
    for move in state.moves():
        child = state.play(move)
        assert child is not state
        assert state.notation() == text
    assert state.to_json() == data

    # Anything else is refused: mutated moves, moves of other phases, junk.
    legal = set(state.moves())
    candidates = {m for move in state.moves()[:3] for m in mutations(move)}
    candidates |= set(sorted(seen_moves)[:20]) | set(junk) | {"", " ", "pass", "resign", "None"}
    for move in sorted(candidates - legal):
        check_rejects(state, move)

    # What each player may know is itself a position.
    for player in range(game.num_players):
        view = state.view(player)
        assert game.parse(view.notation()).notation() == view.notation()


def is_power_of_two(n):
    return n & (n - 1) == 0


# -- the suite -----------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@PLAYOUT_SETTINGS
@given(seed=SEEDS, junk=JUNK)
def test_random_playouts_keep_the_contract(config, seed, junk):
    slug, options = config
    game = abstracta.load(slug, **options)
    states, moves = playout(game, seed)
    seen = set(moves)
    for ply, state in enumerate(states):
        check_cheap(game, state)
        if ply == 0 or is_power_of_two(ply) or ply == len(states) - 1:
            check_thorough(game, state, seen, junk)
    if states[-1].over:
        for move in sorted(seen)[:10]:
            check_rejects(states[-1], move)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_same_seed_and_choices_replay_the_same_game(config, seed):
    slug, options = config
    game = abstracta.load(slug, **options)
    states, moves = playout(game, seed, max_plies=120)
    again, again_moves = playout(abstracta.load(slug, **options), seed, max_plies=120)
    assert again_moves == moves
    assert [s.notation() for s in again] == [s.notation() for s in states]
    # Replaying the recorded moves (no rng at all) gives the same notations and effects.
    state = game.start(seed)
    for move, expected in zip(moves, states[1:]):
        state = state.play(move)
        assert state.notation() == expected.notation()
        assert state.last_effects() == expected.last_effects()


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_start_is_a_function_of_the_seed(slug, seed):
    game = abstracta.load(slug)
    first, second = game.start(seed), game.start(seed)
    assert first.notation() == second.notation()
    assert first.to_json() == second.to_json()
    assert abstracta.load(slug).start(seed=seed).notation() == first.notation()
    assert first.last_effects() == []


@pytest.mark.parametrize("slug", GAMES)
def test_game_metadata(slug):
    game = abstracta.load(slug)
    assert game.slug == slug
    assert isinstance(game.title, str) and game.title
    assert isinstance(game.num_players, int) and game.num_players >= 1
    assert isinstance(game.options, dict)
    assert list(game.options) == sorted(game.options)
    assert abstracta.load(slug, **game.options).options == game.options  # explicit defaults are fine
    json.dumps(game.options)


@pytest.mark.parametrize("slug", GAMES)
def test_unknown_option_lists_every_valid_name(slug):
    names = list(abstracta.load(slug).options)
    with pytest.raises(ValueError) as info:
        abstracta.load(slug, no_such_option=1)
    message = str(info.value)
    assert "no_such_option" in message
    for name in names:
        assert name in message


@pytest.mark.parametrize("slug", GAMES)
def test_bools_are_not_ints_for_int_options(slug):
    game = abstracta.load(slug)
    int_options = [name for name, value in game.options.items() if type(value) is int]
    for name in int_options:
        for value in (True, False):
            with pytest.raises(ValueError, match=name):
                abstracta.load(slug, **{name: value})


@pytest.mark.parametrize("slug", GAMES)
def test_view_of_a_bad_player_is_refused(slug):
    game = abstracta.load(slug)
    state = game.start(0)
    for player in (-2, game.num_players, "0"):
        with pytest.raises(ValueError):
            state.view(player)


# -- game-specific contract points ---------------------------------------------------------


@pytest.mark.skipif("strategic-reserve" not in GAMES, reason="game not registered")
@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, max_turns=st.integers(1, 30), reserve=st.integers(6, 12))
def test_strategic_reserve_max_turns_runs_end_in_a_draw_by_count(seed, max_turns, reserve):
    game = abstracta.load("strategic-reserve", reserve=reserve, max_turns=max_turns)
    states, moves = playout(game, seed, max_plies=2 * max_turns + 1)
    final = states[-1]
    assert final.over
    count = int(final.notation().split()[-1])
    placements = sum(1 for m in moves if "," not in m)
    assert count == placements <= max_turns
    if 0 in final.scores():
        assert final.returns() in ([1.0, -1.0], [-1.0, 1.0])
    else:
        assert count == max_turns and len(moves) == 2 * max_turns
        assert final.returns() == [0.0, 0.0]
    assert not any(s.over for s in states[:-1])
