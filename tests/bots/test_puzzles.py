"""Puzzles (``abstracta.bots.puzzles``): the proof finds a planted forced win and only it, rejects a
position with two winning moves or a shorter win, the generator keeps what the proof accepts, and
every shipped puzzle's winning first move is unique at its depth (recomputed here)."""

from __future__ import annotations

import json

import pytest

import abstracta
from abstracta.bots import puzzles as made
from abstracta.bots.random_bot import RandomBot
from abstracta.core.errors import NotationError
from abstracta.core.puzzle_goal import PuzzleGoal
from tests.plugin_game.rules import TicTacToe

WIN = PuzzleGoal()  # the base goal: win the game, within 2 of the solver's turns, both needed
FORK = "X2/O2/X1O x"
"""X (a3, a1) against O (a2, c1), X to move: c3 makes two threats at once (b3 and b2); b2 makes
one (c3), which O blocks; nothing wins at once. A hand-made forced win in 2 with one first move."""
TWO_FORKS = "X2/O2/XO1 x"
"""X (a3, a1) against O (a2, b1): b2 (threats c3 and c1) and c3 (threats b3 and b2) both fork."""
WIN_NOW = "XX1/OO1/3 x"
"""X completes the top row at once: a one-move win, not a puzzle "in 2"."""


class TicTacToePuzzles(TicTacToe):
    """Tic-tac-toe with the base goal as its puzzles, to drive the generator."""

    def puzzle_goal(self) -> PuzzleGoal:
        return WIN


def test_the_proof_finds_a_planted_forced_win_and_it_is_the_only_one():
    state = abstracta.load("tic-tac-toe").parse(FORK)
    assert made.winning_moves(state, WIN) == ["c3"]
    assert made.winning_moves(state, WIN, 1) == []
    assert made.unique_solution(state, WIN) == "c3"
    # the rival's every answer to c3 loses; to b2 it has one that holds (c3)
    prover = made.Prover(WIN, state, state.player)
    assert prover.first_move_wins("c3", 2) and not prover.first_move_wins("b2", 2)


def test_the_proof_rejects_two_winning_moves_and_a_shorter_win():
    game = abstracta.load("tic-tac-toe")
    two = game.parse(TWO_FORKS)
    assert made.winning_moves(two, WIN) == ["b2", "c3"]
    assert made.unique_solution(two, WIN) is None
    now = game.parse(WIN_NOW)
    assert made.winning_moves(now, WIN, 1) == ["c3"]
    assert made.unique_solution(now, WIN) is None  # the goal is exact: "in 2" needs both moves


def test_the_generator_keeps_only_proved_puzzles_and_is_repeatable():
    game = TicTacToePuzzles()
    found = made.generate(game, 2, seed=4, play_levels=("random",), levels=("random",), seeds=(1, 2))
    assert len(found) == 2
    for puzzle in found:
        assert made.verify(puzzle, game) == []
        assert puzzle.misses["random"] in (0, 1, 2) and puzzle.difficulty == puzzle.misses["random"] / 2
    again = made.generate(game, 2, seed=4, play_levels=("random",), levels=("random",), seeds=(1, 2))
    assert [p.to_json() for p in again] == [p.to_json() for p in found]


def test_difficulty_is_the_share_of_bot_answers_that_miss():
    state = abstracta.load("tic-tac-toe").parse(FORK)
    share, misses = made.difficulty(state, "c3", levels=("random",), seeds=(1, 2, 3, 4))
    expected = sum(RandomBot(seed).choose(state) != "c3" for seed in (1, 2, 3, 4))
    assert misses == {"random": expected} and share == expected / 4


def test_verify_names_a_wrong_solution(tmp_path):
    game = TicTacToePuzzles()
    state = game.parse(FORK)
    good = made.Puzzle("tic-tac-toe", {}, state.to_json(), 0, "x", "c3", 2, "X to play: win in 2")
    wrong = made.Puzzle("tic-tac-toe", {}, game.parse(TWO_FORKS).to_json(), 0, "x", "b2", 2, "X to play")
    assert made.verify(good, game) == []
    assert made.verify(wrong, game) == ["winning first moves ['b2', 'c3'], not exactly ['b2']"]
    path = tmp_path / "set.json"
    made.save_puzzles([good, wrong], path)
    assert [p.to_json() for p in made.load_puzzles(path)] == [good.to_json(), wrong.to_json()]
    path.write_text(json.dumps({"puzzles": [{"game": "tic-tac-toe"}]}))
    with pytest.raises(NotationError, match="lacks position, player, solution, turns, sentence"):
        made.load_puzzles(path)


HIDDEN_SAMPLE = 3
"""A set proved from views (``goal.hidden_worlds``: one proof per world) is checked on its first
puzzles only, to keep the suite short; ``abstracta puzzles GAME --verify`` checks the whole set."""


def _shipped():
    for slug in abstracta.games():
        game = abstracta.load(slug)
        goal = game.puzzle_goal()
        if goal is not None:
            shipped = made.shipped_puzzles(game)
            for number, puzzle in enumerate(shipped[:HIDDEN_SAMPLE] if goal.hidden_worlds else shipped, 1):
                yield pytest.param(slug, number, puzzle, id=f"{slug}-{number}")


SHIPPED = list(_shipped())


def test_laser_chess_reflec_and_quin_ship_puzzles():
    assert {param.values[0] for param in SHIPPED} >= {"laser-chess", "reflec", "quin"}


@pytest.mark.parametrize("slug, number, puzzle", SHIPPED)
def test_every_shipped_puzzle_has_exactly_one_winning_first_move(slug, number, puzzle):
    """The proof run again (on the compiled core where it is built; ``make test`` also runs the
    Laser Chess half of the suite with ``ABSTRACTA_PURE_PYTHON=1``)."""
    game = abstracta.load(slug)
    assert made.verify(puzzle, game) == []
    state = puzzle.state(made.puzzle_game(game)[0])
    assert puzzle.sentence == game.puzzle_goal().sentence(state) and 0 <= puzzle.difficulty <= 1


class CardWorlds(PuzzleGoal):
    """The guesser's goal in the hidden-card game: win within its one turn, in every world listed."""

    turns = 1
    hidden_worlds = True

    def __init__(self, cards: str) -> None:
        self.cards = cards

    def worlds(self, view):
        return [view.game.from_json({"card": card, "guess": None}) for card in self.cards]


def test_a_hidden_information_proof_must_hold_in_every_world_of_the_view():
    from tests.server.hidden_game import HiddenGame

    view = HiddenGame().start().play("pick-b").view(1)
    assert view.notation() == "card=? guess=-"
    assert made.winning_moves(view, CardWorlds("abc")) == []  # no guess wins whatever the card
    assert made.winning_moves(view, CardWorlds("b")) == ["guess-b"]
    assert made.unique_solution(view, CardWorlds("bb")) == "guess-b"
