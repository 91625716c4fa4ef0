"""``win_chances`` for every game: expected scores summing to 1, repeatable per seed; forced moves never marked.

Game-specific positions (a win at once, every move losing at once) live in
``tests/games/<name>/test_win_chances.py``.
"""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import win_chances
from abstracta.bots.analysis import analyse_game, judge_move
from abstracta.core.errors import CHANCE

SLUGS = abstracta.games()


def random_line(slug: str, seed: int, plies: int):
    game = abstracta.load(slug)
    rng = random.Random(seed)
    states, moves = [game.start(seed=seed)], []
    while not states[-1].over and len(moves) < plies:
        state = states[-1]
        choices = [m for m, _ in state.chance()] if state.player == CHANCE else state.moves()
        moves.append(rng.choice(choices))
        states.append(state.play(moves[-1]))
    return states, moves


@pytest.mark.parametrize("slug", SLUGS)
def test_chances_sum_to_one_and_repeat_per_seed(slug):
    states, _ = random_line(slug, 1, 24)
    for state in states[::6] + [states[-1]]:
        seen = state if state.game.perfect_information else state.view(max(0, state.player or 0))
        chances = win_chances(seen)
        assert len(chances) == state.game.num_players and all(0 <= p <= 1 for p in chances)
        assert sum(chances) == pytest.approx(1)
        assert win_chances(seen) == chances and win_chances(seen, seed=7) == win_chances(seen, seed=7)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_game_is_valued_by_its_returns(slug):
    states, _ = random_line(slug, 2, 100_000)
    final = states[-1]
    assert final.over
    best = max(final.returns())
    winners = [i for i, r in enumerate(final.returns()) if r == best]
    assert win_chances(final) == [1 / len(winners) if i in winners else 0.0 for i in range(final.game.num_players)]


def forced_moves(slug: str, games: int = 20, plies: int = 300):
    """(state, move) pairs where the side to move had one legal move, from random games."""
    found = []
    for seed in range(games):
        states, moves = random_line(slug, seed, plies)
        found += [(s, m) for s, m in zip(states, moves) if s.player not in (None, CHANCE) and len(s.moves()) == 1]
        if len(found) >= 3:
            break
    return found[:3]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_forced_move_is_never_marked(slug):
    found = forced_moves(slug)
    if not found:
        pytest.skip(f"no forced move in random games of {slug}")
    for state, move in found:
        after = state.play(move)
        mover = state.player
        chances_before = win_chances(state)
        judged = judge_move(state, move, after, chances_before, win_chances(after), 1, mover)
        assert judged.mark == "" and judged.reason == "only move"
        worst = [0.0] * len(chances_before)  # even a fall from certain victory to certain defeat
        best = [0.0] * len(chances_before)
        best[mover], worst[1 - mover if mover < 2 else 0] = 1.0, 1.0
        assert judge_move(state, move, after, best, worst, 1, mover).mark == ""


@pytest.mark.parametrize("slug", SLUGS)
def test_one_record_analysed_twice_gives_identical_output(slug):
    states, moves = random_line(slug, 3, 10)
    if not states[0].game.perfect_information:
        states = [state.view(0) for state in states]  # a seat's record: from its views alone
        moves = [s.public_move(m) if s.player != 0 else m for s, m in zip(states, moves)]
    first, again = analyse_game(states, moves), analyse_game(states, moves)
    assert first == again and len(first) == len(moves)


def allowing_move(slug: str):
    """A (state, move) from random games where the move lets the next player win at once, though not every move does."""
    from abstracta.bots.win_chances import loses_at_once, wins_at_once

    for seed in range(6):
        states, _ = random_line(slug, seed, 60)
        for state in states[4::3]:
            if state.over or state.player == CHANCE or not state.game.perfect_information:
                continue
            for move in state.moves()[:40]:
                after = state.play(move)
                if not after.over and after.player not in (CHANCE, state.player) and wins_at_once(after):
                    if loses_at_once(state) is None and not wins_at_once(state):
                        return state, move, after
                    break
    return None


@pytest.mark.parametrize("slug", SLUGS)
def test_allowing_a_win_at_once_is_a_blunder_whatever_the_drop(slug):
    if not abstracta.load(slug).perfect_information:
        pytest.skip("a seat's view: its own check in tests/games/<name>/test_win_chances.py (Quin)")
    found = allowing_move(slug)
    if found is None:
        pytest.skip(f"no such move in random games of {slug}")
    state, move, after = found
    even = [1 / state.game.num_players] * state.game.num_players
    judged = judge_move(state, move, after, even, even, 1, state.player)
    assert (judged.mark, judged.reason) == ("blunder", "allowed a win at once")


@pytest.mark.parametrize("slug", SLUGS)
def test_values_reach_the_chances_through_the_games_calibration(slug):
    from abstracta.bots.win_chances import readings

    states, _ = random_line(slug, 4, 30)
    game = states[0].game
    knowledge = game.knowledge()  # the game's map: its option set's where the fit gave it one
    calibration = knowledge.calibration(game.num_players, "search", game.options) if knowledge is not None else None
    if calibration is None:  # tests/bots/test_calibration.py checks that every built-in game has one
        pytest.skip(f"{slug} has no fitted calibration")
    assert min(calibration.temperature, calibration.cubic) >= 0 < calibration.temperature + calibration.cubic  # order kept
    checked = 0
    for state in states[6::8]:
        if state.over:
            continue
        seen = state if state.game.perfect_information else state.view(max(0, state.player or 0))
        per_world = readings(seen)
        verdicts = {reading.tactics for reading in per_world}
        if len(verdicts) == 1 and None not in verdicts:  # every world settled alike: the tactics' chances
            assert win_chances(seen) == list(verdicts.pop())
            continue
        open_worlds = [reading for reading in per_world if reading.tactics is None]  # the others are guesses
        if not open_worlds:
            continue
        mapped = [calibration.chances(reading.values, reading.mover) for reading in open_worlds]
        expected = [sum(chances[i] for chances in mapped) / len(mapped) for i in range(state.game.num_players)]
        assert win_chances(seen) == pytest.approx(expected)
        checked += 1
    assert checked
