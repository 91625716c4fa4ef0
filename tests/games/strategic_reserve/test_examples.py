"""The worked examples of docs/rules/strategic-reserve.md, literally (§3, §4, §5, §7.1, §8, §12).

Every expected value below is copied from the rules file; boards are drawn as in §4
(rank 6 on top, Red at the bottom).
"""

from __future__ import annotations

import json

import pytest

import abstracta
from abstracta import CHANCE, IllegalMove, NotationError

from .effects import entries, summary

SLUG = "strategic-reserve"
START = "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0"
ROLLS = [f"{p},{g}" for p in range(1, 7) for g in range(1, 7)]
SQUARES = [f + r for f in "abcdef" for r in "123456"]

# Position A (§12), used by examples 3-6:
#
#   6  . . B B . .      Red groups:  {a5,b5,a4}  {d4,e4,d3}  {b2,c2}
#   5  R R B . . .      Blue groups: {c6,d6,c5,c4}  {b3}  {d2,e2,f2,f3,f1}
#   4  R . B R R .
#   3  . B . R . B
#   2  . R R B B B
#   1  . . . . . B
#      a b c d e f
POSITION_A = "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 - 16"


def game(**options):
    return abstracta.load(SLUG, **options)


def roll_effect(seat, roll, square, hit, removed):
    return entries({"kind": "roll", "seat": seat, "roll": roll, "square": square, "hit": hit, "removed": removed})


def place_effect(seat, square):
    return entries({"kind": "place", "seat": seat, "square": square})


def check_step(g, position, move, result, effects, *, player=None, seat=None, next_moves=None, moves_before=None):
    """Play ``move`` from ``position`` and compare everything the example states.

    Also checks that the result, re-parsed from its notation, has the same moves
    (the placement constraint recomputed from the pending roll, §7.3, D12).
    """
    before = g.parse(position)
    assert before.notation() == position
    assert before.last_effects() == []
    if moves_before is not None:
        assert before.moves() == moves_before
    after = before.play(move)
    assert before.notation() == position, "play changed the receiver"
    assert after.notation() == result
    assert after.last_effects() == effects
    json.dumps(after.last_effects())  # JSON-ready
    if player is not None:
        assert after.player == player
    if seat is not None:
        assert after.seat == seat
    if next_moves is not None:
        expected = next_moves.split() if isinstance(next_moves, str) else next_moves
        assert after.moves() == expected
    reparsed = g.parse(result)
    assert reparsed.moves() == after.moves()
    assert (reparsed.player, reparsed.seat, reparsed.over) == (after.player, after.seat, after.over)
    return after


# -- game metadata (§3, title, slug) -------------------------------------------------------


def test_slug_title_and_players():
    g = game()
    assert (g.slug, g.title, g.num_players) == ("strategic-reserve", "Strategic Reserve", 2)
    assert "strategic-reserve" in abstracta.games()


@pytest.mark.parametrize(
    "options, expected",
    [
        ({}, {"max_turns": None, "reserve": 6}),
        ({"reserve": 7}, {"max_turns": None, "reserve": 7}),
        ({"reserve": 1, "max_turns": 1}, {"max_turns": 1, "reserve": 1}),
        ({"reserve": 12, "max_turns": 20}, {"max_turns": 20, "reserve": 12}),
        ({"max_turns": None}, {"max_turns": None, "reserve": 6}),
    ],
)
def test_options_dict_has_defaults_filled_in(options, expected):
    g = game(**options)
    assert g.options == expected
    assert g.num_players == 2


# -- setup (§4) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, text",
    [
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0"),
        ({"reserve": 7}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 7 7 - 0"),
        ({"reserve": 2}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 2 2 - 0"),
        ({"reserve": 12, "max_turns": 3}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 12 12 - 0"),
    ],
)
def test_start_position(options, text):
    #   6  . . . . . .
    #   5  . B R B R .
    #   4  . R . . B .
    #   3  . B . . R .
    #   2  . R B R B .
    #   1  . . . . . .
    #      a b c d e f
    g = game(**options)
    start = g.start()
    assert start.notation() == text
    assert g.parse(text).notation() == text
    assert start.player == CHANCE and start.seat == "red" and not start.over
    assert start.moves() == ROLLS
    assert start.last_effects() == []
    assert start.scores() == [options.get("reserve", 6)] * 2
    assert start.returns() == [0.0, 0.0]


@pytest.mark.parametrize("seed", [None, 0, 1, 7, 2**32 - 1, 123456789])
def test_start_ignores_the_seed(seed):
    assert game().start(seed).notation() == START
    assert game().start(seed=seed).to_json() == game().start().to_json()


def test_chance_node_lists_36_outcomes_each_one_36th():
    start = game().start()
    chance = start.chance()
    assert [outcome for outcome, _ in chance] == start.moves() == ROLLS
    assert len(chance) == 36
    assert all(p == 1 / 36 for _, p in chance)
    assert sum(p for _, p in chance) == pytest.approx(1.0)
    # After the roll it is a decision node: no chance outcomes.
    assert start.play("1,1").chance() == []


# -- dice frame (§7.1) ---------------------------------------------------------------------


@pytest.mark.parametrize("roll, square", [("1,1", "a1"), ("6,1", "f1"), ("2,3", "b3")])
def test_red_dice_examples(roll, square):
    effect = summary(game().start().play(roll).last_effects())
    assert (effect["seat"], effect["roll"], effect["square"]) == ("red", roll, square)


def blue_chance_node():
    # Red rolls 1,1 (a1, empty) and places a1: Blue's roll comes next.
    state = game().start().play("1,1").play("a1")
    assert state.player == CHANCE and state.seat == "blue"
    return state


@pytest.mark.parametrize("roll, square", [("1,1", "f6"), ("6,6", "a1"), ("5,2", "b5"), ("1,6", "f1")])
def test_blue_dice_examples(roll, square):
    effect = summary(blue_chance_node().play(roll).last_effects())
    assert (effect["seat"], effect["roll"], effect["square"]) == ("blue", roll, square)


def test_every_roll_hits_the_square_of_the_formula():
    """Red: file p, rank g. Blue: file 7-p, rank 7-g."""
    red, blue = game().start(), blue_chance_node()
    for p in range(1, 7):
        for g in range(1, 7):
            roll = f"{p},{g}"
            assert summary(red.play(roll).last_effects())["square"] == "abcdef"[p - 1] + str(g)
            assert summary(blue.play(roll).last_effects())["square"] == "abcdef"[6 - p] + str(7 - g)


# -- §12 worked examples -------------------------------------------------------------------


def test_example_1_red_rolls_onto_its_own_checker_at_the_start():
    #   5  . B R B R .   <- 3,5 hits c5 (Red, group {c5}); Blue b5 and d5 touch it and go.
    after = check_step(
        game(),
        START,
        "3,5",
        "6/2R1R1/1R2B1/1B2R1/1RBRB1/6 r 6 8 3,5 0",
        roll_effect("red", "3,5", "c5", "friendly", ["b5", "d5"]),
        player=0,
        seat="red",
        next_moves="b5 c4 c6 d5",
        moves_before=ROLLS,
    )
    assert "a1" not in after.moves()
    assert after.scores() == [6, 8]


def test_example_2_red_rolls_onto_an_enemy_checker_at_the_start():
    #   3  . B . . R .   <- 2,3 hits b3 (Blue): removed, Blue's reserve 6 -> 7.
    after = check_step(
        game(),
        START,
        "2,3",
        "6/1BRBR1/1R2B1/4R1/1RBRB1/6 r 6 7 2,3 0",
        roll_effect("red", "2,3", "b3", "enemy", ["b3"]),
        player=0,
        next_moves="a1 a2 a3 a4 a5 a6 b1 b3 b6 c1 c3 c4 c6 d1 d3 d4 d6 e1 e6 f1 f2 f3 f4 f5 f6",
    )
    assert len(after.moves()) == 25
    assert after.scores() == [6, 7]


def test_example_3_a_friendly_group_touching_two_enemy_groups():
    # 2,2 hits b2: G = {b2,c2}; Blue {b3} and {d2,e2,f2,f3,f1} touch it.
    #   6  . . B B . .
    #   5  R R B . . .
    #   4  R . B R R .
    #   3  . x . R . x
    #   2  . R R x x x
    #   1  . . . . . x        x = removed
    #      a b c d e f
    after = check_step(
        game(),
        POSITION_A,
        "2,2",
        "2BB2/RRB3/R1BRR1/3R2/1RR3/6 r 4 8 2,2 16",
        roll_effect("red", "2,2", "b2", "friendly", ["b3", "d2", "e2", "f1", "f2", "f3"]),
        player=0,
        next_moves="a2 b1 b3 c1 c3 d2",
        moves_before=ROLLS,
    )
    for freed in ("e2", "f1", "f2", "f3"):
        assert freed not in after.moves()


def test_example_4_a_friendly_hit_that_frees_far_squares():
    # 4,4 hits d4: G = {d4,e4,d3}; Blue's {c6,d6,c5,c4} and {d2,e2,f2,f3,f1} both go.
    #   6  . . x x . .
    #   5  R R x . . .
    #   4  R . x R R .
    #   3  . B . R . x
    #   2  . R R x x x
    #   1  . . . . . x
    #      a b c d e f
    after = check_step(
        game(),
        POSITION_A,
        "4,4",
        "6/RR4/R2RR1/1B1R2/1RR3/6 r 4 11 4,4 16",
        roll_effect("red", "4,4", "d4", "friendly", ["c4", "c5", "c6", "d2", "d6", "e2", "f1", "f2", "f3"]),
        player=0,
        next_moves="c3 c4 d2 d5 e3 e5 f4",
    )
    assert not {"c5", "c6", "d6"} & set(after.moves())
    assert after.scores() == [4, 11]


def test_example_5_an_enemy_hit_removes_a_whole_multi_checker_group():
    after = check_step(
        game(),
        POSITION_A,
        "3,5",
        "6/RR4/R2RR1/1B1R1B/1RRBBB/5B r 4 6 3,5 16",
        roll_effect("red", "3,5", "c5", "enemy", ["c4", "c5", "c6", "d6"]),
        player=0,
        next_moves="a1 a2 a3 a6 b1 b4 b6 c1 c3 c4 c5 c6 d1 d5 d6 e1 e3 e5 e6 f4 f5 f6",
    )
    assert len(after.moves()) == 22


def test_example_6_a_roll_onto_an_empty_square():
    after = check_step(
        game(),
        POSITION_A,
        "6,6",
        "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 6,6 16",
        roll_effect("red", "6,6", "f6", "empty", []),
        player=0,
        next_moves="a1 a2 a3 a6 b1 b4 b6 c1 c3 d1 d5 e1 e3 e5 e6 f4 f5 f6",
    )
    assert len(after.moves()) == 18


EXAMPLE_7 = "2BB2/RRB3/R1BRRR/1B1R1B/1RRBBB/5B b 3 2 - 17"


def test_example_7_setup_red_places_f4_after_example_6():
    after = check_step(
        game(),
        "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 6,6 16",
        "f4",
        EXAMPLE_7,
        place_effect("red", "f4"),
        player=CHANCE,
        seat="blue",
        next_moves=ROLLS,
    )
    assert after.scores() == [3, 2]


def test_example_7_blue_dice_are_read_from_blues_side():
    #   6  . . B B . .
    #   5  x x B . . .     <- Blue's 5,2 is file 7-5=2 (b), rank 7-2=5: b5, Red {a5,b5,a4} goes.
    #   4  x . B R R R
    #   3  . B . R . B
    #   2  . R R B B B
    #   1  . . . . . B
    #      a b c d e f
    after = check_step(
        game(),
        EXAMPLE_7,
        "5,2",
        "2BB2/2B3/2BRRR/1B1R1B/1RRBBB/5B b 6 2 5,2 17",
        roll_effect("blue", "5,2", "b5", "enemy", ["a4", "a5", "b5"]),
        player=1,
        seat="blue",
        next_moves="a1 a2 a3 a4 a5 a6 b1 b4 b5 b6 c1 c3 d1 d5 e1 e3 e5 e6 f5 f6",
        moves_before=ROLLS,
    )
    assert len(after.moves()) == 20
    assert after.scores() == [6, 2]


def test_example_8_blue_hits_its_own_group():
    # Blue's 1,6 is f1: G = {f1,f2,f3,e2,d2}; Red {f4,e4,d4,d3} and {b2,c2} touch it.
    after = check_step(
        game(),
        EXAMPLE_7,
        "1,6",
        "2BB2/RRB3/R1B3/1B3B/3BBB/5B b 9 2 1,6 17",
        roll_effect("blue", "1,6", "f1", "friendly", ["b2", "c2", "d3", "d4", "e4", "f4"]),
        player=1,
        seat="blue",
        next_moves="c2 d1 d3 e1 e3 f4",
    )
    assert after.scores() == [9, 2]


def test_example_9_a_placement_never_captures():
    # Red places c3: Blue's b3 is enclosed by Red a3 b4 c3 b2 and stays.
    #   6  . . . . . B
    #   5  . B R B R .
    #   4  . R . . B .
    #   3  R B R . R .
    #   2  . R B R B .
    #   1  . . . . . .
    #      a b c d e f
    after = check_step(
        game(),
        "5B/1BRBR1/1R2B1/RB2R1/1RBRB1/6 r 5 5 1,1 2",
        "c3",
        "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 - 3",
        place_effect("red", "c3"),
        player=CHANCE,
        seat="blue",
        moves_before="a1 a2 a4 a5 a6 b1 b6 c1 c3 c4 c6 d1 d3 d4 d6 e1 e6 f1 f2 f3 f4 f5".split(),
        next_moves=ROLLS,
    )
    assert after.scores() == [4, 5]


def test_example_10_a_friendly_hit_with_nothing_to_remove_and_its_continuation():
    position = "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 - 3"
    after_roll = check_step(
        game(),
        position,
        "1,1",
        "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 1,1 3",
        roll_effect("blue", "1,1", "f6", "friendly", []),
        player=1,
        seat="blue",
        next_moves="e6 f5",
    )
    assert after_roll.scores() == [4, 5]
    check_step(
        game(),
        after_roll.notation(),
        "f5",
        "5B/1BRBRB/1R2B1/RBR1R1/1RBRB1/6 r 4 4 - 4",
        place_effect("blue", "f5"),
        player=CHANCE,
        seat="red",
    )
    # The same continuation from the played state (remembered constraint) as from the parsed one.
    assert after_roll.play("f5").notation() == "5B/1BRBRB/1R2B1/RBR1R1/1RBRB1/6 r 4 4 - 4"


def assert_over(state, returns, scores):
    assert state.over is True
    assert state.player is None and state.seat is None
    assert state.moves() == [] and state.chance() == []
    assert state.returns() == returns
    assert all(isinstance(r, float) for r in state.returns())
    assert state.scores() == scores
    for move in ROLLS[:3] + SQUARES[:3]:
        with pytest.raises(IllegalMove, match="over"):
            state.play(move)


def test_example_11_reds_last_checker_wins():
    #   6  R R . B . .
    #   5  R . . B B .
    #   4  . R . R B .     <- 2,4 hits b4: G = {b4,b3,a3,c3}; Blue {c2,c1} goes, Blue a1 stays.
    #   3  R R R . . .
    #   2  . . B . R R
    #   1  B . B . . R
    #      a b c d e f
    g = game()
    after_roll = check_step(
        g,
        "RR1B2/R2BB1/1R1RB1/RRR3/2B1RR/B1B2R r 1 5 - 30",
        "2,4",
        "RR1B2/R2BB1/1R1RB1/RRR3/4RR/B4R r 1 7 2,4 30",
        roll_effect("red", "2,4", "b4", "friendly", ["c1", "c2"]),
        player=0,
        seat="red",
        next_moves="a2 a4 b2 b5 c2 c4 d3",
    )
    assert after_roll.returns() == [0.0, 0.0] and not after_roll.over
    final = check_step(
        g,
        after_roll.notation(),
        "c4",
        "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 - 31",
        place_effect("red", "c4"),
    )
    assert_over(final, [1.0, -1.0], [0, 7])
    assert_over(g.parse(final.notation()), [1.0, -1.0], [0, 7])
    assert after_roll.play("c4").notation() == final.notation()


def test_example_12_the_max_turns_draw():
    g = game(max_turns=20)
    position = "6/1RR1B1/1RB1B1/2BR2/1R1RB1/6 b 6 7 1,1 19"
    assert len(g.parse(position).moves()) == 25
    final = check_step(
        g,
        position,
        "c2",
        "6/1RR1B1/1RB1B1/2BR2/1RBRB1/6 r 6 6 - 20",
        place_effect("blue", "c2"),
    )
    assert_over(final, [0.0, 0.0], [6, 6])
    assert_over(g.parse(final.notation()), [0.0, 0.0], [6, 6])
    # Without the limit the same placement does not end the game.
    assert not game().parse(position).play("c2").over


def test_example_13_a_win_on_the_last_allowed_placement():
    #   6  B B B . . .     <- Blue's 6,1 is a6: G = {a6,b6,c6,a5,a4}; Red {c5,d5,c4} goes.
    #   5  B . R R . .
    #   4  B . R . B B
    #   3  . . . . B .
    #   2  B R . R B .
    #   1  . . . . B .
    #      a b c d e f
    g = game(max_turns=20)
    after_roll = check_step(
        g,
        "BBB3/B1RR2/B1R1BB/4B1/BR1RB1/4B1 b 7 1 - 19",
        "6,1",
        "BBB3/B5/B3BB/4B1/BR1RB1/4B1 b 10 1 6,1 19",
        roll_effect("blue", "6,1", "a6", "friendly", ["c4", "c5", "d5"]),
        player=1,
        seat="blue",
        next_moves="a3 b4 b5 c5 d6",
    )
    final = check_step(
        g,
        after_roll.notation(),
        "b5",
        "BBB3/BB4/B3BB/4B1/BR1RB1/4B1 r 10 0 - 20",
        place_effect("blue", "b5"),
    )
    assert_over(final, [-1.0, 1.0], [10, 0])
    assert_over(g.parse(final.notation()), [-1.0, 1.0], [10, 0])


# -- example 14: texts parse must reject -----------------------------------------------------


@pytest.mark.parametrize(
    "options, text, mentions",
    [
        ({"reserve": 7}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", "V1"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 b 6 6 - 0", "V2"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 2,3 0", "V6"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 3,5 0", "V6"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/33 r 6 6 - 0", "two digits"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 -", "fields"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 06 6 - 0", "Red reserve"),
        ({"max_turns": 20}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 22", "V3"),
        ({}, "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R r 0 7 - 30", "V4"),
        ({}, "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 1,1 31", "V5"),
    ],
)
def test_example_14_rejected_texts(options, text, mentions):
    with pytest.raises(NotationError) as info:
        game(**options).parse(text)
    assert mentions in str(info.value)
    assert isinstance(info.value, ValueError)


def test_example_14_texts_are_rejected_for_the_stated_reason_only():
    """Each rejected text differs from an accepted one only in what the table names."""
    g = game()
    assert g.parse(START).notation() == START  # reserve=6: V1 holds
    assert game(max_turns=22).parse("6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 22").notation().endswith(" 22")
    assert g.parse("RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 - 31").over  # V4 and V5 hold
