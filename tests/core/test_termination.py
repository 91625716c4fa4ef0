"""How a game ended: ``state.termination()`` tells an end by the rules from one a length option cut off,
and records carry it; a record's ``Result`` is checked against its moves."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.core.records import Record, RecordError, loads, replay

CAPPED = [  # a length option small enough that random play reaches it before any win
    ("strategic-reserve", {"max_turns": 2}),
    ("laser-chess", {"max_plies": 4}),
    ("reflec", {"max_turns": 2}),
    ("quin", {"max_turns": 2}),
]


def played_out(slug: str, seed: int, **options) -> tuple[list[str], abstracta.State]:
    game = abstracta.load(slug, **options)
    rng = random.Random(seed)
    state, moves = game.start(seed=seed), []
    while not state.over:
        assert state.termination() is None  # nothing ended yet
        move = rng.choice(state.moves())
        moves.append(move)
        state = state.play(move)
    return moves, state


@pytest.mark.parametrize("slug, options", CAPPED)
def test_a_game_cut_off_by_its_length_option_says_turn_limit(slug, options):
    moves, state = played_out(slug, 1, **options)
    assert state.returns() == [0.0] * state.game.num_players
    assert state.termination() == "turn limit"
    assert state.view(0).termination() == "turn limit"  # how it ended is no secret
    record = Record(slug, dict(state.game.options), moves, seed=1)
    record.finish(state)
    assert record.termination == "turn limit"
    assert '[Termination "turn limit"]' in record.to_text()
    assert loads(record.to_text())[0].termination == "turn limit"


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_game_won_by_the_rules_ends_normal(slug):
    options = {"reserve": 1} if slug == "strategic-reserve" else {}
    for seed in range(20):
        moves, state = played_out(slug, seed, **options)
        if max(state.returns()) > 0:
            break
    assert state.termination() == "normal"
    record = Record(slug, dict(state.game.options), moves, seed=seed)
    record.finish(state)
    assert record.termination == "normal"


def test_a_claimed_draw_by_repetition_says_so():
    start = abstracta.load("laser-chess").start()

    def there_and_back(blue: str, red: str):
        """Blue and Red each turn a piece and turn it back, twice: the start for the third time, or None."""
        state = start
        for move in [blue + "+", red + "+", blue + "-", red + "-"] * 2:
            if move not in state.moves():
                return None
            state = state.play(move)
        return state if state.notation() == start.notation() else None

    turnable = sorted({m[:-1] for m in start.moves() if m.endswith("+")})
    red_turnable = sorted({m[:-1] for m in start.play(turnable[0] + "+").moves() if m.endswith("+")})
    back = next(s for s in (there_and_back(b, r) for b in turnable for r in red_turnable) if s is not None)
    over = back.play("draw")
    assert over.over and over.returns() == [0.0, 0.0] and over.termination() == "repetition"


# -- Result checked against the moves --------------------------------------------------------
def test_a_result_the_moves_contradict_is_named():
    moves, state = played_out("strategic-reserve", 3, reserve=1)
    real = "/".join(f"{value:g}" for value in state.returns())
    record = Record("strategic-reserve", {"reserve": 1}, moves, seed=3, result=real, termination="normal")
    assert replay(record)[-1].over  # the true result passes
    record.result = "-1/1" if real == "1/-1" else "1/-1"
    with pytest.raises(RecordError, match=rf"Result '{record.result}' does not match its moves: .* over with {real}"):
        replay(record)
    record.result = "*"  # a finished game said to go on
    with pytest.raises(RecordError, match="does not match its moves"):
        replay(record)


def test_an_unfinished_game_with_a_result_is_named_unless_it_ended_off_the_board():
    moves, _ = played_out("strategic-reserve", 3, reserve=1)
    record = Record("strategic-reserve", {"reserve": 1}, moves[:1], seed=3, result="1/-1", termination="normal")
    with pytest.raises(RecordError, match=r"after 1 ply the game is not over"):
        replay(record)
    record.termination = "resigned"  # the server's resignation: a result the moves cannot show
    assert len(replay(record)) == 2
    record.result = "1/-1/0"
    with pytest.raises(RecordError, match="one return per player"):
        replay(record)
