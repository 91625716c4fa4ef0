"""Reflec's knowledge (games/reflec/evaluation.py): every fire's kills and self-kills, values, order, levels."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import level_bot
from abstracta.games.reflec.evaluation import ReflecKnowledge, setup_targets

from tests.games.reflec.helpers import position

# Player 1 has only A left (on h1); S's fire east along rank 1 destroys it and wins (rules E13).
LAST_LASER = "7C*/8/8/8/8/8/8/S*6A* S3:6,M2:6x,C2:6,A2:6 S play 3 8 -/- - -"
# S has only die points left (T 0, die 3); firing north turns back at a4 onto S's own laser (E12).
SELF_KILL = "M*6C*/8/8/8/Ss7/8/8/S*6A* S3:5,M2:6,C2:6,A2:6 S play 0 3 -/- - -"


def random_play_states(players: int, count: int, seed: int) -> list:
    """Regular-play positions reached by random games (the drop round played at random too)."""
    rng = random.Random(seed)
    game = abstracta.load("reflec", players=players)
    found = []
    while len(found) < count:
        state = game.start()
        while not state.over and len(found) < count:
            if state.phase == 1 and rng.random() < 0.3:
                found.append(state)
            moves = state.moves()
            state = state.play(moves[int(rng.random() * len(moves))])
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fire_outcomes_match_what_each_fire_destroys(players: int) -> None:
    """Every fire the knowledge calls a kill destroys a rival laser, and every self-kill the firer's own."""
    knowledge = ReflecKnowledge()
    checked = 0
    for state in random_play_states(players, 40, seed=players):
        outcomes = knowledge.fire_outcomes(state)
        legal = set(state.moves())
        game = state.game
        for move, (kills, own) in outcomes.items():
            if move not in legal:
                continue
            after = state.play(move)
            destroyed = [e["piece"]["suit"] for e in after.last_effects() if e["kind"] == "remove" and e["cause"] == "beam"]
            owners = ["SMCA".index(suit) for suit in destroyed]
            rival = [s for s in owners if game.owner[s] != state.player]
            mine = [s for s in owners if game.owner[s] == state.player]
            assert kills == len(rival), (state.notation(), move)
            assert own == bool(mine), (state.notation(), move)
            assert knowledge.is_noisy(state, move) == bool(destroyed)
            checked += 1
    assert checked > 50


def test_a_fire_that_wins_comes_first_and_easy_takes_it() -> None:
    game = abstracta.load("reflec")
    state = game.parse(LAST_LASER)
    knowledge = game.knowledge()
    assert knowledge.order(state, state.moves())[0] == "*e"
    for seed in range(3):
        assert level_bot("easy", game, seed).choose(state) == "*e"


def test_the_self_kill_comes_last_and_no_level_plays_it() -> None:
    game = abstracta.load("reflec")
    state = game.parse(SELF_KILL)
    knowledge = game.knowledge()
    assert knowledge.fire_outcomes(state)["*n"] == (0, True)
    assert knowledge.order(state, state.moves())[-1] == "*n"
    for level in ("easy", "medium"):
        for seed in range(3):
            assert level_bot(level, game, seed).choose(state) != "*n"


def test_easy_sets_up_a_kill_with_a_spin_and_fires_within_the_turn() -> None:
    """No fire kills now; spinning b1 east opens rank 1 to A's laser on h1, the last rival laser."""
    text = position(
        {"b1": "Ss", "a2": "Sw", "h2": "Ae"}, destroyed="M", dice="3222", tiles=3, acting="S"
    )
    game = abstracta.load("reflec")
    state = game.parse(text)
    knowledge = game.knowledge()
    assert all(kills == 0 for kills, _ in knowledge.fire_outcomes(state).values())
    assert state.lasers[3] in setup_targets(state, 0)
    bot = level_bot("easy", game, 1)
    while not state.over and state.acting == 0:
        state = state.play(bot.choose(state))
    assert state.over and state.returns() == [1.0, -1.0]


def test_an_exposed_laser_lowers_its_owners_value() -> None:
    """The same position with S's laser covered and uncovered: uncovered, player 0 is worth less."""
    game = abstracta.load("reflec")
    knowledge = game.knowledge()
    # M (player 1) acts; its laser on a8 fires south down file a onto S's laser unless a coin turns the beam.
    covered = game.parse(position({"a4": "Se", "h7": "Cn", "b1": "Sn", "g8": "Cs", "g1": "Ss"}, acting="M"))
    exposed = game.parse(position({"b4": "Se", "h7": "Cn", "b1": "Sn", "g8": "Cs", "g1": "Ss"}, acting="M"))
    safe, unsafe = knowledge.evaluate(covered), knowledge.evaluate(exposed)
    assert knowledge.kill_chances(exposed)[0] > knowledge.kill_chances(covered)[0]
    assert unsafe[0] < safe[0]
    for values in (safe, unsafe):
        assert values[0] == pytest.approx(-values[1])
        assert all(-1.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("players", [3, 4])
def test_values_stay_in_range_and_eliminated_players_get_minus_one(players: int) -> None:
    knowledge = ReflecKnowledge()
    for state in random_play_states(players, 30, seed=10 + players):
        values = knowledge.evaluate(state)
        assert len(values) == players
        assert all(-1.0 <= v <= 1.0 for v in values)
        for player in range(players):
            if state.game.is_eliminated(player, state.destroyed):
                assert values[player] == -1.0


def test_order_keeps_the_same_moves() -> None:
    knowledge = ReflecKnowledge()
    for state in random_play_states(2, 10, seed=5) + [abstracta.load("reflec").start()]:
        moves = state.moves()
        assert sorted(knowledge.order(state, list(moves))) == sorted(moves)
