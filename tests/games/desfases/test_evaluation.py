"""Desfases's knowledge (games/desfases/evaluation.py): projected scores, the turning forecast, order, levels."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import KnowledgeMCTSBot
from abstracta.games.desfases.board import SQUARE_INDEX
from abstracta.games.desfases.evaluation import DesfasesKnowledge


def random_states(players: int, count: int, seed: int, keep=lambda state: True) -> list:
    """States of random games (seeded setups) that ``keep`` accepts."""
    rng = random.Random(seed)
    game = abstracta.load("desfases", players=players)
    found = []
    while len(found) < count:
        state = game.start(seed=rng.getrandbits(32))
        while not state.over and len(found) < count:
            if keep(state) and rng.random() < 0.5:
                found.append(state)
            moves = state.moves()
            state = state.play(moves[int(rng.random() * len(moves))])
    return found


def scoring_turn(state) -> bool:
    return not state.feeding and state.dice[state.suit] == 0


def tile_value(state, move: str) -> int:
    return state.tiles[SQUARE_INDEX[move.split()[1]]] % 6


@pytest.mark.parametrize("players", [2, 4])
def test_the_turning_forecast_is_exact_for_the_suit_about_to_score(players: int) -> None:
    """With the die at null the forecast (one turning of its own tiles) names exactly the scoring moves' best tile."""
    knowledge = DesfasesKnowledge()
    for state in random_states(players, 60, seed=players, keep=scoring_turn):
        suit = state.suit
        moves = state.moves()
        timer = state.timers[suit]
        expected = 0 if moves == ["hole"] else max(tile_value(state, m) for m in moves) + timer
        assert knowledge.next_scoring(state, suit) == pytest.approx(expected), state.notation()


def test_the_suit_to_score_scores_the_highest_tile_at_a_small_budget() -> None:
    """Scoring turns with tiles of different values on offer: ``easy``'s search (20 iterations) takes the highest.

    Only while another suit still plays: the very last scoring decides nothing when its result
    is the same either way (``returns()`` are win or loss only).
    """

    def choice(state) -> bool:
        moves = state.moves()
        others_live = state.live & ~(1 << state.suit)
        return scoring_turn(state) and others_live and len({tile_value(state, m) for m in moves if m != "hole"}) > 1

    checked = 0
    for players in (2, 4):
        for index, state in enumerate(random_states(players, 12, seed=20 + players, keep=choice)):
            game = state.game
            best = max(tile_value(state, m) for m in state.moves())
            chosen = KnowledgeMCTSBot(game.knowledge(), iterations=20, seed=index).choose(state)
            assert tile_value(state, chosen) == best, (state.notation(), chosen)
            checked += 1
    assert checked == 24


@pytest.mark.parametrize("players", [2, 4])
def test_values_follow_the_score_margin(players: int) -> None:
    knowledge = DesfasesKnowledge()
    for state in random_states(players, 40, seed=30 + players):
        values = knowledge.evaluate(state)
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        projected = knowledge.projected(state)
        totals = [0.0] * players
        for suit, value in enumerate(projected):
            totals[state.game.owners[suit]] += value
        leader = max(range(players), key=totals.__getitem__)
        assert values[leader] == max(values)
        if players == 2:
            assert values[0] == pytest.approx(-values[1])


def test_more_points_mean_a_higher_value() -> None:
    """The same position with 10 more points for Suns: player 0's value rises, the others' fall."""
    game = abstracta.load("desfases")
    knowledge = game.knowledge()
    state = game.start(seed=2)
    richer = game.parse(state.notation())
    before = knowledge.evaluate(richer)
    richer.points = (10,) + richer.points[1:]  # a test-only shortcut: points are a plain tuple field
    after = knowledge.evaluate(richer)
    assert after[0] > before[0]
    assert all(after[p] < before[p] for p in (1, 2, 3))


def test_order_keeps_the_moves_and_puts_scores_by_value() -> None:
    knowledge = DesfasesKnowledge()
    for state in random_states(4, 30, seed=7):
        moves = state.moves()
        ordered = knowledge.order(state, list(moves))
        assert sorted(ordered) == sorted(moves)
        if scoring_turn(state) and moves != ["hole"]:
            assert tile_value(state, ordered[0]) == max(tile_value(state, m) for m in moves)
            assert knowledge.is_noisy(state, ordered[0])
