"""Laser Chess knowledge: exact shot tables, King shots taken, King threats parried, material won."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import level_bot
from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.games.laser_chess.board import CODE_OF_PIECE, COLOUR, KIND, KING
from abstracta.games.laser_chess.evaluation import KING_VALUE, LaserChessKnowledge, ShotTable

SETUPS = ("ace", "curiosity", "grail", "mercury", "sophie")


def random_positions(count: int, seed: int) -> list:
    """Decision states from random games of every setup (the game goes on past captures)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = abstracta.load("laser-chess", setup=rng.choice(SETUPS)).start()
        for _ in range(rng.randrange(4, 60)):
            if state.over:
                break
            found.append(state)
            state = state.play(rng.choice(state.moves()))
    return found[:count]


def removed_by(state, move: str) -> int:
    """The code the move's shot removes, by playing it through the contract (0: none)."""
    effects = state.play(move).last_effects()
    if len(effects) < 2:
        return 0
    piece = effects[1]["piece"]
    return CODE_OF_PIECE[(piece["kind"], piece["owner"], piece.get("facing"))]


def test_shot_tables_match_playing_every_move():
    for state in random_positions(40, seed=3):
        table = ShotTable(state.board, state.turn)
        moves = [move for move in state.moves() if move != "draw"]
        assert table.count == len(moves)
        for move in moves:
            assert table.changed.get(move, table.static) == removed_by(state, move), (state.notation(), move)


def king_killers(state) -> list[str]:
    return [move for move in state.moves() if (child := state.play(move)).over and child.returns()[state.player] > 0]


def safe_moves(state) -> list[str]:
    """Moves after which the rival has no shot that removes the mover's King (and that do not lose at once)."""
    me = state.player
    safe = []
    for move in state.moves():
        child = state.play(move)
        if child.over:
            if child.returns()[me] >= 0:
                safe.append(move)
            continue
        if not king_killers(child):
            safe.append(move)
    return safe




def test_king_shot_in_one_is_taken():
    game = abstracta.load("laser-chess")
    state = game.parse("ls9/10/10/10/10/4K5/10/3k5Ln b")
    assert king_killers(state) == ["j1-"]
    for level in ("easy", "medium", "hard"):
        assert level_bot(level, game, seed=5).choose(state) == "j1-"
    # Red, through a mirror: turning the Deflector on d8 to sw sends the beam down the d-file onto the King on d2.
    state = game.parse("le2dnw1k4/10/10/10/10/10/3K6/9Ln r")
    assert king_killers(state) == ["d8-"]
    assert all(level_bot("easy", game, seed=seed).choose(state) == "d8-" for seed in range(3))


def test_king_shots_in_one_from_play_are_always_taken():
    game_positions = [state for state in random_positions(400, seed=11) if king_killers(state)][:12]
    assert len(game_positions) >= 5
    for state in game_positions:
        bot = level_bot("easy", state.game, seed=1)
        assert bot.choose(state) in king_killers(state), state.notation()
        assert bot.last_report.score == 99.0  # the win one ply away


def test_the_only_safe_move_is_found():
    game = abstracta.load("laser-chess")
    # Red threatens a8- (its Laser turned along rank 8); the King can only leave through f7.
    state = game.parse("ls3K5/3bsbs5/10/2k7/10/10/10/9Ln b")
    assert safe_moves(state) == ["e8-f7"]
    for level in ("easy", "medium", "hard"):
        assert level_bot(level, game, seed=2).choose(state) == "e8-f7"


def test_safe_moves_are_preferred_whenever_one_exists():
    checked = 0
    for state in random_positions(200, seed=8)[::7]:
        if king_killers(state):
            continue
        safe = safe_moves(state)
        if safe and len(safe) < len(state.moves()):
            checked += 1
            assert level_bot("easy", state.game, seed=3).choose(state) in safe, state.notation()
    assert checked >= 3


def test_a_swap_that_wins_material():
    game = abstracta.load("laser-chess")
    # The Switch on i4 swaps onto j3: Blue's beam turns west along rank 3 and removes the Deflector on c3.
    state = game.parse("ls4k4/10/10/10/8Snw1/2dnw6Bs/10/4K4Ln b")
    knowledge = game.knowledge()
    assert knowledge.noisy_moves(state) == ["i4-j3"]
    assert knowledge.order(state, state.moves())[0] == "i4-j3"
    for level in ("easy", "medium"):
        assert level_bot(level, game, seed=4).choose(state) == "i4-j3"
    assert AlphaBetaBot(knowledge, max_depth=1, seed=0).choose(state) == "i4-j3"


def test_evaluation_is_zero_sum_bounded_and_sees_material():
    knowledge = LaserChessKnowledge()
    for state in random_positions(30, seed=2):
        values = knowledge.evaluate(state)
        assert values[0] == -values[1] and -1 < values[0] < 1
        assert knowledge.key(state) == knowledge.key(state.game.parse(state.notation()))
    game = abstracta.load("laser-chess")
    even = knowledge.evaluate(game.parse("ls4k4/10/10/10/10/2dnw7/10/4K2Dnw1Ln b"))
    blue_up = knowledge.evaluate(game.parse("ls4k4/10/10/10/10/10/10/4K2Dnw1Ln b"))
    assert blue_up[0] > even[0]


def test_the_rivals_king_threat_lowers_the_evaluation():
    knowledge = LaserChessKnowledge()
    game = abstracta.load("laser-chess")
    # The same pieces; only in the second does Red threaten a8- onto the Blue King on e8.
    quiet = knowledge.evaluate(game.parse("ls3K5/10/10/2k7/10/10/10/9Ln b"))
    threatened = knowledge.evaluate(game.parse("ls4K4/10/10/2k7/10/10/10/9Ln b"))
    safe_king = knowledge.evaluate(game.parse("ls9/4K5/10/2k7/10/10/10/9Ln b"))
    assert threatened[0] < safe_king[0]
    assert quiet[0] < safe_king[0]


def test_kings_are_valued_above_everything():
    table = ShotTable(abstracta.load("laser-chess").parse("ls9/10/10/10/10/4K5/10/3k5Ln b").board, 0)
    assert table.gain_of("j1-") == KING_VALUE
    assert table.kill_count() == 1 and table.king_kills(["e3-e4", "j1-"]) == ["j1-"]
    assert KIND[table.changed["j1-"]] == KING and COLOUR[table.changed["j1-"]] == 1


def test_the_draw_claim_is_taken_when_lost_and_refused_when_won():
    game = abstracta.load("laser-chess")
    # Red is six Deflectors up; the Blue King and a Red Deflector shuffle until positions repeat.
    state = game.parse("ls4k4/10/2dnednednednednedne2/10/10/4K5/10/9Ln b")
    shuffle = ["e3-e4", "c6-c7", "e4-e3", "c7-c6"]
    for move in shuffle * 2:
        state = state.play(move)
    assert "draw" in state.moves()  # Blue to move, third time here
    assert level_bot("easy", game, seed=1).choose(state) == "draw"
    state = state.play("e3-e4")
    assert "draw" in state.moves()  # Red to move, third time here
    assert level_bot("easy", game, seed=1).choose(state) != "draw"
