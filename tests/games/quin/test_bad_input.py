"""Malformed and impossible input: parse, from_json and options refuse it naming the problem (§9.2),
and play refuses moves not in moves() saying why."""

from __future__ import annotations

import pytest

import abstracta

GOOD = "f5L,l5l S play SSAAAARRMTPPVVVV/ssaaaarrmtppvvvv -/- 0/0 0/0 - - 10 0"
SETUP = "- S setup LSSAAAARRMTPPVVVV/lssaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0"
# W4 after its swap: a lock with M in free.
LOCKED = "c3p+,f2L,f5M+,g2V,l5l S play AAAA/aaaa SSRRTPPVVV/ssrrmtpvvvv 2/0 1/1 M f2,f5 30 0"


@pytest.mark.parametrize(
    "text, problem",
    [
        (None, "a position is a string"),
        ("f5L,l5l S play", "has 3 fields"),
        (GOOD.replace("f5L", "f5X"), "board entry 'f5X'"),
        (GOOD.replace("f5L", "z5L"), "board entry 'z5L'"),
        (GOOD.replace("f5L", "f6L"), "board entry 'f6L'"),
        (GOOD.replace("f5L,l5l", "f5L,f5l"), "square f5 is listed twice"),
        (GOOD.replace(" S play", " W play"), "side 'W'"),
        (GOOD.replace("play", "middle"), "phase 'middle'"),
        (GOOD.replace("SSAAAARRMTPPVVVV/", "SSAAAARRMTPPVVVV,"), "reserve .* two halves"),
        (GOOD.replace("SSAAAARRMTPPVVVV/", "ssaaaarrmtppvvvv/"), "uppercase kind letter"),
        (GOOD.replace("/ssaaaarrmtppvvvv", "/SSAAAARRMTPPVVVV"), "lowercase kind letter"),
        (GOOD.replace("-/- 0/0 0/0", "-/- 3/0 0/0"), "memory '3/0'"),
        (GOOD.replace("-/- 0/0 0/0", "-/- 0/0 2/0"), "raised '2/0'"),
        (GOOD.replace("- - 10 0", "MT - 10 0"), "free 'MT'"),
        (GOOD.replace("- - 10 0", "- f5 10 0"), "locked 'f5'"),
        (GOOD.replace("- - 10 0", "- f5,f5 10 0"), "locked 'f5,f5'"),
        (GOOD.replace("10 0", "010 0"), "turns '010'"),
        (GOOD.replace("10 0", "10 -1"), "quiet '-1'"),
        (GOOD.replace("SSAAAARRMTPPVVVV/", "SAAAARRMTPPVVVV/"), "Q2 piece totals: S has 1 S"),
        (GOOD.replace("/ssaaaarrmtppvvvv", "/ssaaaaarrmtppvvvv"), "Q2 piece totals: N has 5 A"),
        ("- S play SSAAAARRMTPPVVVV/ssaaaarrmtppvvvv L/l 0/0 0/0 - - 10 0", "Q3 Light endings"),
        ("oL S play SSAAAARRMTPPVVVV/ssaaaarrmtppvvvv -/l 0/0 0/0 - - 10 0", "Q3 Light endings"),
        (SETUP.replace("- S setup L", "e4A S setup L").replace("LSSAAAA", "LSSAAA"), "Q4 setup: an Artificial Light on e4"),
        (SETUP.replace("- S setup LSS", "e4S+ S setup LS"), "Q4 setup: the piece on e4 is revealed"),
        (SETUP.replace("- S setup LSS", "e1S S setup LS"), "Q4 setup: S's piece on e1 is outside rings 2-5"),
        (SETUP.replace("- S setup LSS", "k4S S setup LS"), "Q4 setup: S's piece on k4 is outside"),
        (SETUP.replace("- S setup L", "e4L S setup "), "Q4 setup: S's Light on e4 is not on one of its Gateways"),
        ("k4s S setup LSSAAAARRMTPPVVVV/lsaaaarrmtppvvvv -/- 0/0 0/0 - - 0 0", "Q5 setup order: North has a piece on k4"),
        (SETUP.replace("0 0", "0 1"), "Q6 setup counters"),
        (SETUP.replace("-/- 0/0 0/0 -", "-/- 0/0 0/0 T"), "Q6 setup counters"),
        (GOOD.replace("- - 10 0", "- f5,l5 10 0"), "Q7 lock: locked squares are given but no Memory swap"),
        (GOOD.replace("0/0 0/0 - - 10 0", "1/0 0/0 M - 10 0"), "Q7 lock: M in free needs the two squares"),
        (LOCKED.replace("M f2,f5", "M f2,g2"), "Q7 lock: neither locked square holds S's Memory"),
        (LOCKED.replace("M f2,f5", "M e2,f5"), "Q7 lock: a locked square is empty"),
        (LOCKED.replace("M f2,f5", "M c3,f5"), "Q7 lock: a locked square holds a piece that is not S's"),
        (LOCKED.replace("2/0 1/1", "0/2 1/1"), "Q8 memory: M in free but S's memory count is 0"),
        (GOOD.replace("0/0 0/0 - -", "0/0 0/1 R -"), "Q9 raised: R in free but S's raised flag is 0"),
    ],
)
def test_malformed_and_impossible_positions_name_the_problem(text, problem):
    with pytest.raises(abstracta.NotationError, match=problem):
        abstracta.load("quin").parse(text)


def test_the_positions_the_bad_ones_are_made_from_are_good():
    for text in (GOOD, SETUP, LOCKED):
        assert abstracta.load("quin").parse(text).notation() == text


def test_parse_accepts_any_order_and_canonicalises():
    text = "l5l,f5L S play AASSAARRMTPPVVVV/ssaaaarrmtppvvvv -/- 0/0 0/0 - - 10 0"
    assert abstracta.load("quin").parse(text).notation() == GOOD
    locked = LOCKED.replace("f2,f5", "f5,f2")
    assert abstracta.load("quin").parse(locked).notation() == LOCKED


def test_parse_does_not_depend_on_the_setup_option():
    for setup in ("standard", "random", "manual"):
        game = abstracta.load("quin", setup=setup)
        assert game.parse(SETUP).notation() == SETUP
        assert game.parse(SETUP).moves() == abstracta.load("quin").parse(SETUP).moves()


@pytest.mark.parametrize(
    "data, problem",
    [
        ([], "must be an object"),
        ({"game": "reflec", "position": GOOD}, "not 'quin'"),
        ({"board": GOOD}, "no 'position'"),
        ({"notation": GOOD, "options": {"setup": "odd"}}, "saved options are not valid"),
        ({"notation": GOOD, "last_effects": [{"kind": "beam"}]}, "last_effects"),
        ({"notation": GOOD, "last_effects": {}}, "must be a list"),
        ({"notation": GOOD, "last_effects": [{"kind": "reveal", "cell": "z9", "piece": {"kind": "light", "owner": 0}}]},
         "last_effects"),
        ({"notation": GOOD, "last_effects": [{"kind": "reveal", "square": "f5", "piece": "L"}]}, "last_effects"),
        (  # W5 after its push: the piece on e2 is a North Peripheral, not a Shadow
            {"position": "e2p,f5L,k3r,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrmtpvvvv 0/0 1/1 T - 40 2",
             "last_effects": [{"kind": "move", "cause": "time push", "from": "e4", "to": "e2",
                               "piece": {"kind": "shadow", "owner": 1}}]},
            "names a piece that is not the one standing there",
        ),
    ],
)
def test_bad_saved_states(data, problem):
    with pytest.raises(abstracta.NotationError, match=problem):
        abstracta.load("quin").from_json(data)


def test_from_json_accepts_the_bare_notation_of_the_rules():
    assert abstracta.load("quin").from_json({"notation": GOOD}).notation() == GOOD


@pytest.mark.parametrize(
    "options, problem",
    [
        ({"setup": "mirror"}, "setup='mirror'"),
        ({"max_turns": 0}, "max_turns=0"),
        ({"max_turns": True}, "max_turns=True"),
        ({"seats": 2}, "valid options: max_turns, setup"),
    ],
)
def test_bad_options(options, problem):
    with pytest.raises(ValueError, match=problem):
        abstracta.load("quin", **options)


def test_options_have_defaults():
    assert abstracta.load("quin").options == {"max_turns": 300, "setup": "random"}


@pytest.mark.parametrize(
    "move, reason",
    [
        (None, "a move is a string"),
        ("f5 f4", "not a Quin move; the forms are"),
        ("place L f5", "setup is over"),
        ("e9-e8", "not a Quin move"),
        ("l5-l4", "not yours"),
        ("e3-e2", "no piece on e3"),
        ("f5-f2", "cannot reach f2"),
    ],
)
def test_illegal_moves_say_why(move, reason):
    state = abstracta.load("quin").parse(GOOD)
    with pytest.raises(abstracta.IllegalMove, match=reason) as info:
        state.play(move)
    assert repr(move) in str(info.value) and GOOD not in str(info.value)  # the reason, not the position


def test_setup_refuses_play_moves():
    state = abstracta.load("quin", setup="manual").start()
    with pytest.raises(abstracta.IllegalMove, match="during setup only"):
        state.play("pass")
    with pytest.raises(abstracta.IllegalMove, match="never an A"):
        state.play("place A e4")
