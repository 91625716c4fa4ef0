"""The multi-player MCTS (bots/multiplayer.py): per-player values, widening by order, levels, 2-4 players."""

from __future__ import annotations

import pytest

import abstracta
from abstracta.bots import AlphaBetaBot, ExpectimaxBot, KnowledgeMCTSBot, level_bot
from abstracta.bots.levels import MULTIPLAYER_LEVELS
from abstracta.bots.multiplayer import DEFAULT_EXPLORATION
from abstracta.core.knowledge import Knowledge


class RaceKnowledge(Knowledge):
    """For the fake race: a player's value is its lead in points over the best rival."""

    def evaluate(self, state):
        players = len(state.points)
        out = []
        for p in range(players):
            rival = max(state.points[q] for q in range(players) if q != p)
            out.append(max(-1.0, min(1.0, (state.points[p] - rival) / state.game.target)))
        return out


class EvenKnowledge(Knowledge):
    """Every position of a two-player fake game looks even: only ended games tell."""

    def evaluate(self, state):
        return [0.0, 0.0]


class ReversedOrder(EvenKnowledge):
    """Reverses the moves: the search must follow this order, not the game's."""

    def order(self, state, moves):
        return sorted(moves, reverse=True)


def test_finds_the_only_winning_move_in_nim(nim_game) -> None:
    bot = KnowledgeMCTSBot(EvenKnowledge(), iterations=300, seed=1)
    assert bot.choose(nim_game.start()) == "take1"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_maximises_its_own_value_in_the_race(players: int) -> None:
    """Near the target the risky move (3 points, 80%) wins at once, so each seat takes it, chance sampled."""
    from tests.bots.conftest import RaceGame, RaceState

    game = RaceGame(players=players, target=10)
    for seat in range(players):
        points = tuple(8 if p == seat else 7 for p in range(players))
        state = RaceState(game, points, seat, False)
        bot = KnowledgeMCTSBot(RaceKnowledge(), iterations=400, seed=seat)
        result = bot.search(state)
        assert result.move == "risky", result.format()
        assert result.player == seat


def test_the_same_seed_gives_the_same_move_and_the_first_children_follow_the_order(nim_game) -> None:
    knowledge = ReversedOrder()
    state = nim_game.start()
    first = KnowledgeMCTSBot(knowledge, iterations=1, seed=3).search(state)
    # One iteration expands exactly one root child: the knowledge's first move.
    assert [stats.move for stats in first.moves] == ["take2"]
    moves = [KnowledgeMCTSBot(EvenKnowledge(), iterations=50, seed=9).choose(state) for _ in range(2)]
    assert moves[0] == moves[1]


def test_progressive_widening_limits_the_root_children() -> None:
    """Reflec offers about 480 actions; 100 iterations may open only widen_base + sqrt(visits) of them."""
    game = abstracta.load("reflec")
    state = game.parse("M*6C*/8/8/8/8/8/8/S*6A* S3:6,M2:6,C2:6,A2:6 M play 3 1 -/- - -")
    bot = KnowledgeMCTSBot(game.knowledge(), iterations=100, seed=1, widen_base=2, widen_scale=1.0)
    result = bot.search(state)
    assert len(state.moves()) > 400
    assert len(result.moves) <= 2 + 10
    assert sum(stats.visits for stats in result.moves) == 100


def test_takes_an_immediate_win_without_searching() -> None:
    game = abstracta.load("reflec")
    state = game.parse("7C*/8/8/8/8/8/8/S*6A* S3:6,M2:6x,C2:6,A2:6 S play 3 8 -/- - -")
    bot = KnowledgeMCTSBot(game.knowledge(), iterations=1, seed=1)
    assert bot.winning_move(state) == "*e"
    assert bot.choose(state) == "*e"
    assert bot.last_result is None  # no search was needed


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        KnowledgeMCTSBot(Knowledge(), iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        KnowledgeMCTSBot(Knowledge(), iterations=None, seconds=0)
    with pytest.raises(ValueError, match="budget"):
        KnowledgeMCTSBot(Knowledge(), iterations=None, seconds=None)
    with pytest.raises(ValueError, match="randomness"):
        KnowledgeMCTSBot(Knowledge(), randomness=1.5)
    with pytest.raises(ValueError, match="widen_base"):
        KnowledgeMCTSBot(Knowledge(), widen_base=0)


@pytest.mark.parametrize(
    "slug, options",
    [("reflec", {"players": 2}), ("reflec", {"players": 3}), ("reflec", {"players": 4}),
     ("desfases", {"players": 2}), ("desfases", {"players": 4})],
)  # fmt: skip
def test_levels_use_the_multiplayer_search_for_reflec_and_desfases(slug: str, options: dict) -> None:
    game = abstracta.load(slug, **options)
    bots = {level: level_bot(level, game, 1) for level in ("easy", "medium", "hard")}
    assert all(isinstance(bot, KnowledgeMCTSBot) for bot in bots.values())
    assert bots["easy"].iterations < bots["medium"].iterations < bots["hard"].iterations
    assert [bot.seconds for bot in bots.values()] == [0.3, 1.0, 2.0]
    state = game.start(seed=1)
    assert bots["easy"].choose(state) in state.moves()


def test_a_game_may_change_a_level_budget_through_its_knowledge() -> None:
    """``Knowledge.level_budgets`` overrides the level's iterations and exploration for that game only."""
    desfases, reflec = abstracta.load("desfases", players=4), abstracta.load("reflec")
    asked = desfases.knowledge().level_budgets["hard"]
    hard = level_bot("hard", desfases, 1)
    assert (hard.iterations, hard.exploration) == (asked["iterations"], asked["exploration"])
    assert level_bot("medium", desfases, 1).iterations == MULTIPLAYER_LEVELS["medium"]["iterations"]
    assert level_bot("hard", reflec, 1).iterations == MULTIPLAYER_LEVELS["hard"]["iterations"]
    assert level_bot("hard", reflec, 1).exploration == DEFAULT_EXPLORATION


def test_random_moves_come_from_the_better_half_of_the_order(nim_game) -> None:
    """With randomness 1 every decision is random, but never from the worse half (here: take1 only)."""
    bot = KnowledgeMCTSBot(ReversedOrder(), iterations=5, seed=1, randomness=1.0)
    state = nim_game.start()
    assert {bot.choose(state) for _ in range(20)} == {"take2"}


def test_the_two_player_branches_keep_their_games() -> None:
    assert isinstance(level_bot("hard", abstracta.load("laser-chess"), 1), AlphaBetaBot)
    assert isinstance(level_bot("hard", abstracta.load("strategic-reserve"), 1), ExpectimaxBot)
