"""Malformed and impossible input (rules §3, §6, §9, §10): the documented error, naming the problem."""

from __future__ import annotations

import copy

import pytest

import abstracta
from abstracta import IllegalMove, NotationError

SLUG = "strategic-reserve"
BOARD = "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6"
START = f"{BOARD} r 6 6 - 0"


def game(**options):
    return abstracta.load(SLUG, **options)


def rejects(text, mentions, **options):
    with pytest.raises(NotationError) as info:
        game(**options).parse(text)
    message = str(info.value)
    for word in mentions if isinstance(mentions, tuple) else (mentions,):
        assert word in message, f"{message!r} does not mention {word!r}"
    return message


# -- grammar ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, mentions",
    [
        # wrong number of fields
        (f"{BOARD} r 6 6 -", "5 fields"),
        (f"{BOARD} r 6 6 - 0 0", "7 fields"),
        (f"{BOARD}", "1 fields"),
        ("", "fields"),
        ("   ", "fields"),
        # fields separated by anything but one space
        (f"{BOARD}  r 6 6 - 0", "single spaces"),
        (f"{BOARD} r 6  6 - 0", "single spaces"),
        (f"{BOARD}\tr 6 6 - 0", "fields"),
        (f"{BOARD} r\t6 6 - 0", "fields"),
        # 5 or 7 ranks
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1 r 6 6 - 0", "5 ranks"),
        (f"6/{BOARD} r 6 6 - 0", "7 ranks"),
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1/ r 6 6 - 0", ("rank 1", "0 squares")),
        # a rank covering 7 or 5 squares
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1/7 r 6 6 - 0", ("rank 1", "7 squares")),
        ("6/1BRBR2/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 5", "7 squares")),
        ("5/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 6", "5 squares")),
        ("6/1BRBR1/1R2B/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 4", "5 squares")),
        # run-length rules: two digits in a row, a zero
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1/33 r 6 6 - 0", ("rank 1", "two digits")),
        ("6/1BRBR1/1R11B1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 4", "two digits")),
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1/60 r 6 6 - 0", ("rank 1", "0")),
        ("06/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 6", "0")),
        # unknown letters, lowercase colours, non-ASCII digits
        ("6/1BRGR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 5", "'G'")),
        ("6/1BRBR1/1R2B1/1B2R1/1rBRB1/6 r 6 6 - 0", ("rank 2", "'r'")),
        ("6/1BRBR1/1R2b1/1B2R1/1RBRB1/6 r 6 6 - 0", ("rank 4", "'b'")),
        ("6/1BRBR1/1R2B1/1B2R1/1RBRB1/. r 6 6 - 0", "rank 1"),
        # side
        (f"{BOARD} R 6 6 - 0", "side"),
        (f"{BOARD} red 6 6 - 0", "side"),
        (f"{BOARD} x 6 6 - 0", "side"),
        # reserves and count: no sign, no leading zeros, digits only
        (f"{BOARD} r 06 6 - 0", "Red reserve"),
        (f"{BOARD} r 6 06 - 0", "Blue reserve"),
        (f"{BOARD} r -6 6 - 0", "Red reserve"),
        (f"{BOARD} r +6 6 - 0", "Red reserve"),
        (f"{BOARD} r 6 6.0 - 0", "Blue reserve"),
        (f"{BOARD} r six 6 - 0", "Red reserve"),
        (f"{BOARD} r 6 6 - 00", "count"),
        (f"{BOARD} r 6 6 - -2", "count"),
        (f"{BOARD} r 6 6 - 1_0", "count"),
        (f"{BOARD} r 6 6 - \u0660", "count"),
        # pending roll
        (f"{BOARD} r 6 6 0,1 0", "pending"),
        (f"{BOARD} r 6 6 7,1 0", "pending"),
        (f"{BOARD} r 6 6 3;5 0", "pending"),
        (f"{BOARD} r 6 6 35 0", "pending"),
        (f"{BOARD} r 6 6 3,5,1 0", "pending"),
        (f"{BOARD} r 6 6 c4 0", "pending"),
        (f"{BOARD} r 6 6 _ 0", "pending"),
    ],
)
def test_malformed_positions(text, mentions):
    rejects(text, mentions)


@pytest.mark.parametrize("value", [None, 42, 4.2, b"6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", ["a"], {}])
def test_parse_of_a_non_string_raises_notation_error(value):
    with pytest.raises(NotationError, match="string"):
        game().parse(value)


def test_parse_strips_surrounding_whitespace_only():
    assert game().parse(f"  {START}\n").notation() == START
    assert game().parse(f"\t{START} ").notation() == START


# -- validity checks V1-V6 (§9) ------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, text, mentions",
    [
        # V1: board + reserve == 6 + reserve, per colour
        ({}, f"{BOARD} r 5 6 - 0", ("V1", "Red")),
        ({}, f"{BOARD} r 6 7 - 0", ("V1", "Blue")),
        ({"reserve": 2}, f"{BOARD} r 6 6 - 0", "V1"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRBR/6 r 6 6 - 0", ("V1", "Red")),
        ({}, "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R r 0 0 - 30", "V1"),
        # V2: parity of count fixes the side
        ({}, f"{BOARD} b 6 6 - 0", "V2"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/R5 r 5 6 - 1", "V2"),
        # V3: count <= max_turns
        ({"max_turns": 1}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/RB4 r 5 5 - 2", "V3"),
        ({"max_turns": 20}, f"{BOARD} r 6 6 - 22", "V3"),
        # V4: at most one reserve is 0, and not the side to move's
        ({}, "RRRRRR/RRRRRR/BBBBBB/BBBBBB/6/6 r 0 0 - 24", "V4"),
        ({}, "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R r 0 7 - 30", ("V4", "Red")),
        ({}, "BB1R2/B2RR1/1BBBR1/BBB3/4BB/R4B b 7 0 - 31", ("V4", "Blue")),
        # V5: no pending roll once over
        ({}, "RR1B2/R2BB1/1RRRB1/RRR3/4RR/B4R b 0 7 1,1 31", "V5"),
        ({"max_turns": 2}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/RB4 r 5 5 1,1 2", "V5"),
        # V6: a pending roll cannot have left behind what it removes
        ({}, f"{BOARD} r 6 6 2,3 0", ("V6", "b3")),  # Red's 2,3 hits Blue b3
        ({}, f"{BOARD} r 6 6 3,5 0", ("V6", "c5")),  # Blue b5, d5 touch Red c5
        # Blue (example 10's position): 5,5 is b2 (Red), 4,5 is c2 (Blue, with Red on b2 d2 c3)
        ({}, "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 5,5 3", ("V6", "b2")),
        ({}, "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 4,5 3", ("V6", "c2")),
    ],
)
def test_impossible_positions(options, text, mentions):
    rejects(text, mentions, **options)


@pytest.mark.parametrize(
    "options, text",
    [
        ({}, "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 1,1 3"),  # V6: f6 touches e5 only diagonally
        ({}, "BB1R2/B2RR1/1BBBR1/BBB3/4BB/R4B r 7 0 - 32"),  # V4: Blue won, Red "to move"
        ({"max_turns": 2}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/RB4 r 5 5 - 2"),  # V3, V5: a finished draw
        ({"max_turns": 3}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/RB4 r 5 5 6,6 2"),
        ({}, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 1000000000000"),  # no reachability checks
    ],
)
def test_near_misses_are_accepted(options, text):
    """The checks reject exactly what §9 lists: these neighbours of rejected texts parse."""
    assert game(**options).parse(text).notation() == text


# -- options (§3) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, mentions",
    [
        ({"reserve": 0}, "reserve"),
        ({"reserve": 13}, "reserve"),
        ({"reserve": -1}, "reserve"),
        ({"reserve": True}, "reserve"),
        ({"reserve": False}, "reserve"),
        ({"reserve": "6"}, "reserve"),
        ({"reserve": 6.0}, "reserve"),
        ({"reserve": None}, "reserve"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": -5}, "max_turns"),
        ({"max_turns": True}, "max_turns"),
        ({"max_turns": "20"}, "max_turns"),
        ({"max_turns": 20.0}, "max_turns"),
    ],
)
def test_out_of_range_options(options, mentions):
    with pytest.raises(ValueError) as info:
        game(**options)
    assert mentions in str(info.value)
    assert "1" in str(info.value)  # the message states the allowed range


@pytest.mark.parametrize("name", ["reserves", "Reserve", "max-turns", "seed", ""])
def test_unknown_options_list_the_valid_names(name):
    with pytest.raises(ValueError) as info:
        game(**{name: 6})
    message = str(info.value)
    assert repr(name) in message
    assert "max_turns, reserve" in message


def test_option_bounds_are_inclusive():
    for reserve in (1, 12):
        assert game(reserve=reserve).options["reserve"] == reserve
    assert game(max_turns=1).options["max_turns"] == 1
    assert game(max_turns=10**9).options["max_turns"] == 10**9


# -- from_json -----------------------------------------------------------------------------------


def saved(**changes):
    data = game().start().play("2,3").to_json()
    data.update(changes)
    return data


def test_saved_state_shape():
    data = saved()
    assert data["game"] == SLUG
    assert data["options"] == {"max_turns": None, "reserve": 6}
    assert data["position"] == "6/1BRBR1/1R2B1/4R1/1RBRB1/6 r 6 7 2,3 0"
    assert game().from_json(data).to_json() == data


@pytest.mark.parametrize("data", [None, 42, "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0", [], [("position", START)]])
def test_from_json_of_a_non_object(data):
    with pytest.raises(NotationError, match="object"):
        game().from_json(data)


def test_from_json_without_position():
    data = saved()
    del data["position"]
    with pytest.raises(NotationError, match="position"):
        game().from_json(data)


@pytest.mark.parametrize("other", ["quin", "laser-chess", "", None, 7])
def test_from_json_of_another_game(other):
    with pytest.raises(NotationError, match="strategic-reserve"):
        game().from_json(saved(game=other))


@pytest.mark.parametrize(
    "options",
    [
        "reserve=6",
        [["reserve", 6]],
        {"reserve": 0},
        {"reserve": 13},
        {"colour": "red"},
        {"max_turns": 0},
        {"max_turns": True, "reserve": 6},
        {"max_turns": None, "reserve": "6"},
    ],
)
def test_from_json_with_bad_options(options):
    with pytest.raises(NotationError, match="option"):
        game().from_json(saved(options=options))


@pytest.mark.parametrize(
    "options",
    [
        {"max_turns": None, "reserve": 6.0},  # equal to the defaults, but not an int
        {"max_turns": None, "reserve": True},  # True == 1, but bools are not ints here (§3)
    ],
)
def test_from_json_options_equal_but_of_the_wrong_type_bug(options):
    """Regression: ``Game.with_options`` returned the game itself when the saved options
    compared equal (6.0 == 6, True == 1), so invalid option values were accepted."""
    g = game(reserve=1) if options["reserve"] is True else game()
    data = g.start().to_json()
    data["options"] = options
    with pytest.raises(NotationError, match="reserve"):
        g.from_json(data)


def test_from_json_options_and_position_must_agree():
    data = saved(options={"max_turns": None, "reserve": 7})  # the position holds 6 + 6 checkers
    with pytest.raises(NotationError, match="V1"):
        game().from_json(data)


@pytest.mark.parametrize("position", [None, 42, "", "start", f"{BOARD} b 6 6 - 0"])
def test_from_json_with_a_bad_position(position):
    with pytest.raises(NotationError):
        game().from_json(saved(position=position))


# Entries as saved before the shared effect kinds: such saves still load, and garbage in that form is refused.
ROLL = {"kind": "roll", "seat": "red", "roll": "2,3", "square": "b3", "hit": "enemy", "removed": ["b3"]}
PLACE = {"kind": "place", "seat": "red", "square": "a1"}


@pytest.mark.parametrize(
    "effects",
    [
        "roll",
        {"kind": "roll"},
        None,
        42,
        [ROLL, ROLL],
        [ROLL, PLACE],
        [None],
        ["roll"],
        [{}],
        [dict(ROLL, kind="capture")],
        [dict(ROLL, seat="green")],
        [dict(ROLL, seat=0)],
        [dict(ROLL, roll="7,1")],
        [dict(ROLL, roll="b3")],
        [dict(ROLL, square="z9")],
        [dict(ROLL, square="c3")],  # Red's 2,3 hits b3, not c3
        [dict(ROLL, seat="blue")],  # Blue's 2,3 hits e4, not b3
        [dict(ROLL, hit="maybe")],
        [dict(ROLL, removed=["z9"])],
        [dict(ROLL, removed="b3")],
        [dict(ROLL, removed=None)],
        [dict(ROLL, removed=[["b3"]])],
        [dict(ROLL, extra=1)],
        [{k: v for k, v in ROLL.items() if k != "hit"}],
        [dict(PLACE, square="a7")],
        [dict(PLACE, square=["a1"])],
        [dict(PLACE, hit="empty")],
        [{"kind": "place", "seat": "red"}],
    ],
)
def test_from_json_with_garbage_last_effects(effects):
    with pytest.raises(NotationError, match="last_effects"):
        game().from_json(saved(last_effects=effects))


@pytest.mark.parametrize(
    "removed",
    [
        "",  # not a list, yet iterating it gave no squares
        {},
        ["b3", "b3"],  # a duplicate
        ["d5", "b5"],  # not sorted
    ],
)
def test_from_json_last_effects_removed_must_be_a_sorted_list_bug(removed):
    """Regression: any iterable of squares was accepted as ``removed``, so a saved state
    with ``"removed": ""`` or an unsorted list loaded and then saved differently (the entry
    saved before the shared effect kinds, which still loads)."""
    data = game().start().play("3,5").to_json()
    data["last_effects"] = [dict(ROLL, roll="3,5", square="c5", hit="friendly", removed=removed)]
    with pytest.raises(NotationError, match="last_effects"):
        game().from_json(data)


def test_from_json_reads_the_entries_saved_before_the_shared_effect_kinds():
    rolled = game().start().play("3,5")
    placed = rolled.play("c4")
    old_roll = dict(ROLL, roll="3,5", square="c5", hit="friendly", removed=["b5", "d5"])
    old_place = dict(PLACE, square="c4")
    for state, old in ((rolled, old_roll), (placed, old_place)):
        data = dict(state.to_json(), last_effects=[old])
        assert game().from_json(data).last_effects() == state.last_effects()


def shared_roll_entries() -> list[dict]:
    """A roll in the shared kinds: two dice, then one remove per checker sent back (c5 hit, b5 d5 removed)."""
    return game().start().play("3,5").last_effects()


def test_from_json_round_trips_the_shared_effect_kinds():
    data = game().start().play("3,5").to_json()
    assert [e["kind"] for e in data["last_effects"]] == ["roll", "roll", "remove", "remove"]
    assert game().from_json(data).last_effects() == data["last_effects"]


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e[:1],  # one die only
        lambda e: [e[0], e[1], e[3], e[2]],  # removals not sorted
        lambda e: e + [e[3]],  # a removal twice
        lambda e: [e[1], e[0], *e[2:]],  # green before purple
        lambda e: [dict(e[0], cell="c4"), dict(e[1], cell="c4"), *e[2:]],  # 3,5 hits c5
        lambda e: [dict(e[0], owner=1), dict(e[1], owner=1), *e[2:]],  # Blue's 3,5 hits d2
        lambda e: [dict(e[0], value=7), *e[1:]],
        lambda e: [dict(e[0], value=True), *e[1:]],
        lambda e: [dict(e[0], hit="maybe"), dict(e[1], hit="maybe"), *e[2:]],
        lambda e: [dict(e[0], owner=2), dict(e[1], owner=2), *e[2:]],
        lambda e: [*e[:2], dict(e[2], cell="z9"), e[3]],
        lambda e: [*e[:2], dict(e[2], piece={"kind": "checker", "owner": 0}), e[3]],
        lambda e: [*e[:3], dict(e[3], extra=1)],
        lambda e: [dict(e[0], seat="red"), *e[1:]],
        lambda e: [{"kind": "place", "cell": "c4", "piece": {"kind": "checker", "owner": 0}}],  # no from_area
        lambda e: [{"kind": "place", "cell": "c7", "piece": {"kind": "checker", "owner": 0}, "from_area": "reserve"}],
        lambda e: [{"kind": "place", "cell": "c4", "piece": {"kind": "checker", "owner": 3}, "from_area": "reserve"}],
        lambda e: [{"kind": "place", "cell": "c4", "piece": {"kind": "checker", "owner": 0}, "from_area": "reserve"}] * 2,
    ],
)
def test_from_json_refuses_shared_entries_that_do_not_read_back_the_same(change):
    data = dict(game().start().play("3,5").to_json(), last_effects=change(shared_roll_entries()))
    with pytest.raises(NotationError, match="last_effects"):
        game().from_json(data)


def test_from_json_leaves_its_input_alone():
    data = saved()
    before = copy.deepcopy(data)
    game().from_json(data)
    assert data == before


# -- play with non-strings (§6) ----------------------------------------------------------------


@pytest.mark.parametrize("move", [None, 42, 1.5, ["a1"], ("1", "1"), {"a1"}, {"a1": 1}, b"a1", b"1,1", object()])
@pytest.mark.parametrize("phase", ["roll", "place", "over"])
def test_play_of_a_non_string_raises_illegal_move(move, phase):
    state = game(reserve=1).start()
    if phase != "roll":
        state = state.play("1,1")
    if phase == "over":
        state = state.play("a1")
        assert state.over
    before = state.notation()
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert repr(move) in str(info.value)
    assert state.notation() == before


@pytest.mark.parametrize(
    "phase, move, why",
    [
        ("roll", "a1", "roll first"),
        ("roll", "C4", "roll outcome"),
        ("roll", " 3,5", "roll outcome"),
        ("roll", "3, 5", "roll outcome"),
        ("roll", "7,1", "roll outcome"),
        ("roll", "0,0", "roll outcome"),
        ("roll", "", "roll outcome"),
        ("place", "1,1", "already rolled"),
        ("place", "C4", "square"),
        ("place", " c4", "square"),
        ("place", "g1", "square"),
        ("place", "b2", "occupied"),
        ("place", "a1", "touch"),  # the roll 3,5 hit Red's c5: only its border is legal
    ],
)
def test_illegal_moves_say_why(phase, move, why):
    state = game().start()
    if phase == "place":
        state = state.play("3,5")
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert repr(move) in str(info.value)
    assert why in str(info.value)


@pytest.mark.parametrize("digit", ["\u0666", "\uff16", "\u06f6", "\u00b2", "\U0001d7fc"])
def test_non_ascii_digits_in_a_rank_bug(digit):
    """Regression: ``decode_row`` used ``str.isdigit()``, so a rank written with an
    Arabic-Indic or full-width six ('٦', '６') parsed as '6' and did not round-trip."""
    rejects(f"6/1BRBR1/1R2B1/1B2R1/1RBRB1/{digit} r 6 6 - 0", ("rank 1", repr(digit)))
