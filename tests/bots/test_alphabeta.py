"""The generic alpha-beta search: same values as plain minimax, mate distances, budgets and seeds."""

from __future__ import annotations

import hashlib

import pytest

import abstracta
import abstracta.bots.levels as levels_module
from abstracta.bots import level_bot
from abstracta.bots.alphabeta import MATE, AlphaBetaBot, score_to_value
from abstracta.core.knowledge import Knowledge

from .conftest import FakeState, NimGame


class TreeState(FakeState):
    """A node of a fixed pseudo-random game tree: 3 moves a node, some nodes end the game early."""

    def __init__(self, game: "TreeGame", path: str) -> None:
        self.game = game
        self.path = path
        self.player = None
        roll = _unit(path, "end")
        self.winner: int | None = None
        self.over = len(path) >= game.height or (len(path) >= 2 and roll < 0.12)
        if self.over and roll < 0.06:
            self.winner = len(path) % 2  # decided ends, for either side
        if not self.over:
            self.player = len(path) % 2

    def moves(self) -> list[str]:
        return [] if self.over else ["a", "b", "c"]

    def play(self, move: str) -> "TreeState":
        self._check(move)
        return TreeState(self.game, self.path + move)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def __repr__(self) -> str:
        return f"TreeState({self.path!r})"


class TreeGame:
    slug = "fake-tree"
    num_players = 2

    def __init__(self, height: int) -> None:
        self.height = height

    def start(self, seed: int | None = None) -> TreeState:
        return TreeState(self, "")


def _unit(text: str, salt: str) -> float:
    digest = hashlib.sha256(f"{salt}:{text}".encode()).digest()
    return int.from_bytes(digest[:6], "big") / 2**48


class TreeKnowledge(Knowledge):
    """Pseudo-random evaluations in [-1, 1] and the path as the key (no transpositions)."""

    def evaluate(self, state):
        value = 2 * _unit(state.path, "eval") - 1
        return [value, -value] if state.player == 0 else [-value, value]

    def key(self, state):
        return state.path


def plain_minimax(state, depth: int, knowledge: Knowledge, ply: int = 0) -> float:
    """Negamax without pruning, table or ordering, scored like the search (mates by distance)."""
    me = state.player
    best = -float("inf")
    for move in state.moves():
        child = state.play(move)
        if child.over:
            result = child.returns()[me]
            score = result * (MATE - ply - 1) if result else 0.0
        elif depth <= 1:
            score = knowledge.evaluate(child)[me]
        else:
            score = -plain_minimax(child, depth - 1, knowledge, ply + 1)
        best = max(best, score)
    return best


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_alpha_beta_equals_plain_minimax_on_a_random_tree(depth):
    game = TreeGame(height=7)
    knowledge = TreeKnowledge()
    for prefix in ("", "a", "bc"):
        state = game.start()
        for move in prefix:
            state = state.play(move)
        bot = AlphaBetaBot(knowledge, max_nodes=None, max_depth=depth, quiescence=0, seed=1)
        report = bot.search(state, single_move_shortcut=False)
        assert report.depth == depth
        assert report.score == pytest.approx(plain_minimax(state, depth, knowledge), abs=1e-12)


@pytest.mark.parametrize(
    "position",
    [
        "ls4k4/10/10/10/8Snw1/2dnw6Bs/10/4K4Ln b",
        "ls3K5/3bsbs5/10/2k7/10/10/10/9Ln b",
        "ls4k4/1dse8/10/4Sne5/3dnw6/10/2Dne7/4K4Ln r",
    ],
)
def test_alpha_beta_equals_plain_minimax_on_laser_chess(position):
    game = abstracta.load("laser-chess")
    state = game.parse(position)
    knowledge = game.knowledge()
    for depth in (1, 2):
        bot = AlphaBetaBot(knowledge, max_nodes=None, max_depth=depth, quiescence=0, seed=1)
        report = bot.search(state, single_move_shortcut=False)
        assert report.score == pytest.approx(plain_minimax(state, depth, knowledge), abs=1e-12)


class NimKnowledge(Knowledge):
    def evaluate(self, state):
        return [0.0, 0.0]

    def key(self, state):
        return (state.pile, state.to_move)


@pytest.mark.parametrize("pile, winning", [(4, "take1"), (5, "take2"), (7, "take1"), (8, "take2")])
def test_nim_is_solved_with_the_quickest_win(pile, winning):
    bot = AlphaBetaBot(NimKnowledge(), max_nodes=None, max_depth=12, seed=0)
    state = NimGame(pile).start()
    assert bot.choose(state) == winning
    report = bot.last_report
    assert report.stopped == "decided"
    # The first player wins after taking stones on every one of its turns: pile // 3 * 2 + 1 plies.
    assert report.score == MATE - (pile // 3 * 2 + 1)
    assert bot.evaluate(state) == [1.0, -1.0]


def test_a_lost_position_delays_the_loss():
    # A pile of 6 is lost for the mover; both moves lose, but the search says so and picks a legal one.
    bot = AlphaBetaBot(NimKnowledge(), max_nodes=None, max_depth=12, seed=0)
    state = NimGame(6).start()
    assert bot.choose(state) in state.moves()
    assert bot.last_report.score == -(MATE - 4)
    assert bot.evaluate(state) == [-1.0, 1.0]


def test_bad_states_and_arguments_are_refused():
    bot = AlphaBetaBot(NimKnowledge())
    with pytest.raises(ValueError, match="over"):
        bot.choose(NimGame(0).start())
    for bad in ({"max_nodes": 0}, {"seconds": 0}, {"max_depth": 0}, {"quiescence": -1}):
        with pytest.raises(ValueError):
            AlphaBetaBot(NimKnowledge(), **bad)


def test_the_node_budget_is_respected_and_deterministic():
    game = abstracta.load("laser-chess", setup="grail")
    state = game.start()
    reports = []
    for _ in range(2):
        bot = AlphaBetaBot(game.knowledge(), max_nodes=1500, seed=7)
        move = bot.choose(state)
        reports.append((move, bot.last_report.nodes, bot.last_report.score, bot.last_report.depth))
    assert reports[0] == reports[1]
    move, nodes, _, depth = reports[0]
    assert move in state.moves()
    assert depth >= 2 and bot.last_report.stopped == "nodes"
    # The first two plies ignore the budget; the third iteration stops at the first node past it.
    two_plies = AlphaBetaBot(game.knowledge(), max_nodes=None, max_depth=2, seed=7)
    two_plies.choose(state)
    assert nodes == max(1501, two_plies.last_report.nodes + 1)


def test_levels_give_repeatable_moves_for_a_seed(monkeypatch):
    # The node budget makes a level repeatable; the time cap is only a safety net, which a
    # heavily loaded machine can hit, so it is lifted here to test the budget alone.
    monkeypatch.setitem(levels_module.TIME_LIMITS, "easy", 60.0)
    monkeypatch.setitem(levels_module.TIME_LIMITS, "medium", 60.0)
    game = abstracta.load("laser-chess", setup="mercury")
    state = game.start().play("j8+")
    for level in ("easy", "medium"):
        first = level_bot(level, game, seed=11).choose(state)
        assert level_bot(level, game, seed=11).choose(state) == first


def test_levels_use_alpha_beta_only_for_two_player_deterministic_perfect_information_games():
    laser = abstracta.load("laser-chess")
    for level in ("easy", "medium", "hard"):
        assert isinstance(level_bot(level, laser, seed=1), AlphaBetaBot)
    assert not isinstance(level_bot("old-hard", laser, seed=1), AlphaBetaBot)
    assert not isinstance(level_bot("random", laser, seed=1), AlphaBetaBot)
    for slug in ("strategic-reserve", "quin"):  # chance; hidden pieces
        assert not isinstance(level_bot("hard", abstracta.load(slug), seed=1), AlphaBetaBot)


def test_evaluate_gives_opposite_values_in_range():
    game = abstracta.load("laser-chess")
    state = game.start()
    values = AlphaBetaBot(game.knowledge(), max_nodes=800, seed=1).evaluate(state)
    assert len(values) == 2 and values[0] == -values[1] and -1 <= values[0] <= 1
    assert score_to_value(MATE - 3) == 1.0 and score_to_value(-(MATE - 3)) == -1.0 and score_to_value(0.25) == 0.25


def test_the_time_cap_stops_any_iteration_with_a_legal_move():
    game = abstracta.load("laser-chess", setup="sophie")
    state = game.start()
    bot = AlphaBetaBot(game.knowledge(), max_nodes=None, seconds=1e-6, seed=3)
    assert bot.choose(state) in state.moves()
    assert bot.last_report.stopped == "time" and bot.last_report.nodes <= 64


SEARCHES = [
    pytest.param(False, id="python"),
    pytest.param(True, id="compiled", marks=pytest.mark.skipif(
        abstracta.load("laser-chess").knowledge().compiled_searcher() is None,
        reason="the Laser Chess compiled core is not built or ABSTRACTA_PURE_PYTHON is set")),
]  # fmt: skip
"""Both runs of the alpha-beta search: in Python, and on the game's compiled searcher where it offers one."""

REFUTED_AFTER_TWO_PLIES = "ls2k1Dnwdse3/3Sne1dsw3Dsw/dne3bwdsesne2Dnw/10/10/dsesne1SnwDnwDne3Dsw/dse3BwKBn3/3Dnwdse4Ln r"
"""Red to move: two plies' best, d8-e8, loses the King three plies deep (found by seeded easy-level games)."""


@pytest.mark.parametrize("compiled", SEARCHES)
def test_a_move_proven_lost_in_a_cut_short_iteration_is_not_played(compiled):
    game = abstracta.load("laser-chess")
    state = game.parse(REFUTED_AFTER_TWO_PLIES)
    two_plies = AlphaBetaBot(max_nodes=None, max_depth=2, seed=0, compiled=compiled).search(state)
    assert two_plies.move == "d8-e8" and two_plies.score > -0.9
    refutation = AlphaBetaBot(max_nodes=None, max_depth=2, seed=0, compiled=compiled).search(state.play("d8-e8"))
    assert refutation.score > MATE / 2  # Blue hits the King whatever Red does

    # The budget runs out in the third iteration right after d8-e8 (searched first) is refuted.
    bot = AlphaBetaBot(max_nodes=1_002, max_depth=3, seed=0, compiled=compiled)
    report = bot.search(state)
    assert (report.stopped, report.depth) == ("nodes", 2)
    if not compiled:  # the situation, as the Python search saw it: its best fully searched move is lost
        assert bot._root_best[1] == "d8-e8" and bot._root_best[0] < -MATE / 2
    assert report.move != "d8-e8"
    reply = AlphaBetaBot(max_nodes=None, max_depth=2, seed=0, compiled=compiled).search(state.play(report.move))
    assert reply.score < MATE / 2  # not lost within the same horizon


REPEATED = "ls3bsk1dse2/2dsw2bs4/2Dnw2sne2Dnw1/dne1Dswsnw3dse2/2Dnw2Snw1dneDsw1/1dse3Snedse3/4Bn2Dne2/2Dnw1KBn3Ln b"
"""Blue to move and ahead; its best move at three plies is i6- (found by seeded easy-level games)."""


@pytest.mark.parametrize("compiled", SEARCHES)
def test_positions_from_earlier_in_the_game_count_as_repetitions(compiled):
    game = abstracta.load("laser-chess")
    state = game.parse(REPEATED)
    fresh = AlphaBetaBot(max_nodes=None, max_depth=3, seed=0, compiled=compiled).search(state)
    assert fresh.move == "i6-" and fresh.score > 0.3

    # The same position again, after i6- and b3+ were played and taken back: i6- now leads to a
    # position the game has seen, a draw, and Blue (ahead) plays on instead.
    line = [state]
    for move in ("i6-", "b3+", "i6+", "b3-"):
        line.append(line[-1].play(move))
    again = line[-1]
    assert again.notation() == state.notation() and again.repetitions() == 2
    knowledge = game.knowledge()
    assert knowledge.earlier_keys(again) == {knowledge.key(earlier) for earlier in line[:-1]}
    report = AlphaBetaBot(max_nodes=None, max_depth=3, seed=0, compiled=compiled).search(again)
    assert report.move != "i6-" and 0 < report.score < fresh.score
