"""Every worked example of rules §12 (W1-W20), literally: position, move count, move, result,
effects (§10, in the shared effect kinds), and each claim the example makes about other moves,
views and returns."""

from __future__ import annotations

import json

import pytest

import abstracta

EXAMPLES = {
    "W1": (
        {}, "b3r,c3P+,d3V,f5L,l5l S play AAAA/aaaa SSRRMTPVVV/ssrmtppvvvv 0/0 1/1 - - 10 5", 35, "d3-b3 over c3",
        "b3V+,c3P+,f5L,l5l N play AAAA/aaaa SSRRMTPVVV/ssrrmtppvvvv 0/0 1/1 - - 11 0",
        '[{"kind":"reveal","cell":"b3","piece":{"kind":"reflector","owner":1}}, {"kind":"reveal","cell":"d3","piece":{"kind":"void","owner":0}}, {"kind":"move","cause":"slingshot","from":"d3","to":"b3","piece":{"kind":"void","owner":0},"over":"c3"}, {"kind":"contest","cell":"b3","from":"d3","attacker":{"kind":"void","owner":0},"defender":{"kind":"reflector","owner":1},"result":"capture"}, {"kind":"remove","cell":"b3","piece":{"kind":"reflector","owner":1}}]',
    ),
    "W2": (
        {}, "e3S,f2S,f5L,l2v,l5l S play AAAA/aaaa RRMTPPVVVV/ssrrmtppvvv 0/0 1/1 - - 20 3", 52, "f2-l2",
        "e3S,f5L,l5l N play AAAA/aaaa SRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 21 0",
        '[{"kind":"reveal","cell":"f2","piece":{"kind":"shadow","owner":0}}, {"kind":"reveal","cell":"l2","piece":{"kind":"void","owner":1}}, {"kind":"contest","cell":"l2","from":"f2","attacker":{"kind":"shadow","owner":0},"defender":{"kind":"void","owner":1},"result":"both"}, {"kind":"remove","cell":"l2","piece":{"kind":"void","owner":1}}, {"kind":"remove","cell":"f2","piece":{"kind":"shadow","owner":0}}]',
    ),
    "W3": (
        {}, "b3s,e3S,f2S,f5L,l5l S play AAAA/aaaa RRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 20 3", 54, "e3-b3",
        "b3S+,e3s+,f2S,f5L,l5l N play AAAA/aaaa RRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 21 0",
        '[{"kind":"reveal","cell":"b3","piece":{"kind":"shadow","owner":1}}, {"kind":"reveal","cell":"e3","piece":{"kind":"shadow","owner":0}}, {"kind":"contest","cell":"b3","from":"e3","attacker":{"kind":"shadow","owner":0},"defender":{"kind":"shadow","owner":1},"result":"swap"}]',
    ),
    "W4": (
        {}, "c3p+,f2M,f5L,g2V,l5l S play AAAA/aaaa SSRRTPPVVV/ssrrmtpvvvv 1/0 1/1 - - 30 0", 32, "swap f2 f5",
        "c3p+,f2L,f5M+,g2V,l5l S play AAAA/aaaa SSRRTPPVVV/ssrrmtpvvvv 2/0 1/1 M f2,f5 30 0",
        '[{"kind":"reveal","cell":"f2","piece":{"kind":"memory","owner":0}}]',
    ),
    "W5": (
        {}, "e4p,f3T,f5L,k3r,l5l S play AAAA/aaaa SSRRMPPVVVV/ssrmtpvvvv 0/0 1/1 - - 40 2", 28, "time e4 e2",
        "e2p,f5L,k3r,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrmtpvvvv 0/0 1/1 T - 40 2",
        '[{"kind":"reveal","cell":"f3","piece":{"kind":"time","owner":0}}, {"kind":"move","cause":"time push","from":"e4","to":"e2","piece":{"kind":"peripheral","owner":1}}, {"kind":"remove","cell":"f3","piece":{"kind":"time","owner":0}}]',
    ),
    "W6": (
        {}, "f3R,f4t,f5L,l4A,l5l S play AAA/aaaa SSRMTPPVVVV/ssrrmppvvvv 0/0 1/1 - - 50 7", 44, "reflect l4 f4 via f3",
        "f3R+,f4A+,f5L,l4t+,l5l N play AAA/aaaa SSRMTPPVVVV/ssrrmppvvvv 0/0 1/1 - - 51 0",
        '[{"kind":"reveal","cell":"f3","piece":{"kind":"reflector","owner":0}}, {"kind":"reveal","cell":"f4","piece":{"kind":"time","owner":1}}, {"kind":"reveal","cell":"l4","piece":{"kind":"artificial light","owner":0}}, {"kind":"contest","cell":"f4","from":"l4","attacker":{"kind":"artificial light","owner":0},"defender":{"kind":"time","owner":1},"result":"swap"}]',
    ),
    "W7": (
        {}, "d4V,d5P,e4v,f5L,h4V,k2V,l5l S play AAAA/aaaa SSRRMTPV/ssrrmtppvvv 0/0 1/1 - - 60 9", 65,
        "gravity d4: h4-c4, k2-d3",
        "c4V+,d3V+,d4V+,d5P,e4v,f5L,l5l N play AAAA/aaaa SSRRMTPV/ssrrmtppvvv 0/0 1/1 - - 61 0",
        '[{"kind":"reveal","cell":"d4","piece":{"kind":"void","owner":0}}, {"kind":"reveal","cell":"h4","piece":{"kind":"void","owner":0}}, {"kind":"reveal","cell":"k2","piece":{"kind":"void","owner":0}}]',
    ),
    "W8": (
        {}, "d5P,e4A,h5P,l5l S play LAA/aaaa SSARRMTVVVV/ssrrmtppvvvv 0/0 0/1 - - 70 12", 71, "reinforce A@e5 L@g5",
        "d5P,e4A,e5A,g5L,h5P,l5l N play A/aaaa SSARRMTVVVV/ssrrmtppvvvv 0/0 0/1 - - 71 0",
        "[]",
    ),
    "W9": (
        {}, "d5P,e4A,h5P,l5l S play LAA/aaaa SSARRMTVVVV/ssrrmtppvvvv 0/0 0/1 - - 70 12", 71, "raise S f5",
        "d5P,e4A,f5S+,h5P,l5l S play LAA/aaaa SARRMTVVVV/ssrrmtppvvvv 0/0 1/1 R - 70 12",
        "[]",
    ),
    "W10": (
        {}, "b3s,c4s,d4P,e3S,f5L,l5l S play AAAA/aaaa SRRMTPVVVV/rrmtppvvvv 0/0 1/1 - - 80 4", 48, "d4-c3",
        "b3s,c3P+,c4s,e3S,f5L,l5l N play AAAA/aaaa SRRMTPVVVV/rrmtppvvvv 0/0 1/1 - - 81 5",
        '[{"kind":"reveal","cell":"d4","piece":{"kind":"peripheral","owner":0}}]',
    ),
    "W11": (
        {}, "f1L,l5l,om N play AAAA/aaaa SSRRMTPPVVVV/ssrrtppvvvv 0/0 1/1 - - 100 3", 40, "o-f1",
        "f1m+,l5l,oL+ S play AAAA/aaaa SSRRMTPPVVVV/ssrrtppvvvv 0/0 1/1 - - 101 0",
        '[{"kind":"reveal","cell":"f1","piece":{"kind":"light","owner":0}}, {"kind":"reveal","cell":"o","piece":{"kind":"memory","owner":1}}, {"kind":"contest","cell":"f1","from":"o","attacker":{"kind":"memory","owner":1},"defender":{"kind":"light","owner":0},"result":"swap"}, {"kind":"end","reason":"first-sight","winners":[0]}]',
    ),
    "W12": (
        {}, "f1L,l2s,l5l N play AAAA/aaaa SSRRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 100 3", 35, "l2-f1",
        "f1s+,l5l S play AAAA/aaaa LSSRRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 101 0",
        '[{"kind":"reveal","cell":"f1","piece":{"kind":"light","owner":0}}, {"kind":"reveal","cell":"l2","piece":{"kind":"shadow","owner":1}}, {"kind":"contest","cell":"f1","from":"l2","attacker":{"kind":"shadow","owner":1},"defender":{"kind":"light","owner":0},"result":"capture"}, {"kind":"remove","cell":"f1","piece":{"kind":"light","owner":0}}, {"kind":"end","reason":"capture","winners":[1]}]',
    ),
    "W13": (
        {}, "f4v,f5L,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvv 0/0 1/1 - - 100 3", 20, "f5-f4",
        "f4L+,l5l N play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 101 0",
        '[{"kind":"reveal","cell":"f4","piece":{"kind":"void","owner":1}}, {"kind":"reveal","cell":"f5","piece":{"kind":"light","owner":0}}, {"kind":"contest","cell":"f4","from":"f5","attacker":{"kind":"light","owner":0},"defender":{"kind":"void","owner":1},"result":"capture"}, {"kind":"remove","cell":"f4","piece":{"kind":"void","owner":1}}]',
    ),
    "W14": (
        {}, "f4a,f5L,g4A,l5l S play AAA/aaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 100 3", 30, "g4-f4",
        "f5L,l5l N play AAA/aaa SSARRMTPPVVVV/ssarrmtppvvvv 0/0 1/1 - - 101 0",
        '[{"kind":"reveal","cell":"f4","piece":{"kind":"artificial light","owner":1}}, {"kind":"reveal","cell":"g4","piece":{"kind":"artificial light","owner":0}}, {"kind":"contest","cell":"f4","from":"g4","attacker":{"kind":"artificial light","owner":0},"defender":{"kind":"artificial light","owner":1},"result":"both"}, {"kind":"remove","cell":"f4","piece":{"kind":"artificial light","owner":1}}, {"kind":"remove","cell":"g4","piece":{"kind":"artificial light","owner":0}}]',
    ),
    "W15": (
        {}, "f2L,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 100 3", 38, "f2-o",
        "l5l,oL N play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 101 4",
        '[{"kind":"end","reason":"first-sight","winners":[0]}]',
    ),
    "W16": (
        {}, "e4S,f5L,l5l S play AAAA/aaaa SRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 50 99", 38, "e4-e3",
        "e3S,f5L,l5l N play AAAA/aaaa SRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 51 100",
        '[{"kind":"end","reason":"quiet","winners":[]}]',
    ),
    "W17": (
        {}, "e4S,f5L,l5l S play AAAA/aaaa SRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 299 5", 38, "e4-e3",
        "e3S,f5L,l5l N play AAAA/aaaa SRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 300 6",
        '[{"kind":"end","reason":"turns","winners":[]}]',
    ),
    "W18": (
        {}, "d5p,e5r,f5m,g5r,h5p,l5l S play L/aaaa SSAAAARRMTPPVVVV/sstvvvv 0/0 1/1 - - 100 3", 1, "pass",
        "d5p,e5r,f5m,g5r,h5p,l5l N play L/aaaa SSAAAARRMTPPVVVV/sstvvvv 0/0 1/1 - - 101 4",
        "[]",
    ),
    "W19": (
        {"setup": "manual"}, "e3S,f5L,k2v N setup SAAAARRMTPPVVVV/lssaaaarrmtppvvv -/- 0/0 0/0 - - 0 0", 120, "ready",
        "e3S,f5L,k2v S play SAAAARRMTPPVVVV/lssaaaarrmtppvvv -/- 0/0 0/0 - - 0 0",
        "[]",
    ),
    "W20": (
        {}, "c3s,d3S,f5L,l1l,om S play AAAA/aaaa SRRMTPPVVVV/srrtppvvvv 0/0 1/1 - - 90 4", 32, "d3-o",
        "c3s,f5L,l1l,oS+ N play AAAA/aaaa SRRMTPPVVVV/srrmtppvvvv 0/0 1/1 - - 91 0",
        '[{"kind":"reveal","cell":"d3","piece":{"kind":"shadow","owner":0}}, {"kind":"reveal","cell":"o","piece":{"kind":"memory","owner":1}}, {"kind":"contest","cell":"o","from":"d3","attacker":{"kind":"shadow","owner":0},"defender":{"kind":"memory","owner":1},"result":"capture"}, {"kind":"remove","cell":"o","piece":{"kind":"memory","owner":1}}]',
    ),
}

# The moves each example says are legal (besides its own) and not legal, before the move.
ALSO_LEGAL = {
    "W1": ["c3-b3"],
    "W2": ["f2-o", "f2-l1"],
    "W5": ["time e4 e2", "time e4 e3", "time k3 k4", "time k3 k5"],
    "W6": ["reflect f5 f2 via f3", "reflect f5 f4 via f3", "reflect l4 f2 via f3", "l4-f1"],
    "W7": ["gravity d4: h4-d3, k2-c4", "d4-e4"],
    "W8": ["reinforce A@e5 A@f5 L@g5"],
    "W10": ["d4-c4", "e3-b3"],
    "W19": ["place L a5", "place S k3"],
    "W20": ["d3-k3"],
}
NOT_LEGAL = {
    "W1": ["d3-c3"],
    "W2": ["f2-l3"],
    "W3": ["e3-c3"],
    "W5": ["time e4 e1"],
    "W10": ["e3-c3"],
    "W19": ["place L l4", "place A a5", "place S k2", "place S e4"],
    "W20": ["d3-c3", "d3-b3"],
}


def load(name):
    options, position, count, move, after, effects = EXAMPLES[name]
    game = abstracta.load("quin", **options)
    return game, game.parse(position), count, move, after, json.loads(effects)


@pytest.mark.parametrize("name", sorted(EXAMPLES, key=lambda n: int(n[1:])))
def test_worked_example(name):
    game, state, count, move, after, effects = load(name)
    assert state.notation() == EXAMPLES[name][1]
    assert len(state.moves()) == count
    assert move in state.moves()
    for other in ALSO_LEGAL.get(name, []):
        assert other in state.moves(), other
    for other in NOT_LEGAL.get(name, []):
        assert other not in state.moves(), other
        with pytest.raises(abstracta.IllegalMove):
            state.play(other)
    result = state.play(move)
    assert result.notation() == after
    assert result.last_effects() == effects
    assert state.notation() == EXAMPLES[name][1]  # the receiver is unchanged


def test_w1_view_after_the_slingshot():
    _, state, _, move, _, _ = load("W1")
    view = state.play(move).view(1)
    assert view.notation() == "b3V+,c3P+,f5?,l5l N play 4/aaaa SSRRMTPVVV/ssrrmtppvvvv 0/0 1/1 - - 11 0 N"


def test_w4_the_swapped_light_is_locked_this_turn_and_free_next_turn():
    _, state, _, move, _, _ = load("W4")
    after = state.play(move)
    reinforcements = [m for m in after.moves() if m.startswith("reinforce ")]
    assert len(reinforcements) == 15
    assert sorted(set(after.moves()) - set(reinforcements)) == ["g2-g1", "g2-g3", "g2-h2"]
    assert "f2-o" not in after.moves()
    later = after.play("g2-g1").play("l5-l4")
    assert "f2-o" in later.moves()


def test_w6_both_shadows_removed_accelerate_the_al():
    _, state, *_ = load("W6")
    assert state.al_range(0) == 5
    assert "l4-f1" in state.moves()


def test_w8_north_sees_one_piece_in_souths_reserve():
    _, state, _, move, _, _ = load("W8")
    reinforcements = [m for m in state.moves() if m.startswith("reinforce ")]
    assert len(reinforcements) == 18
    assert state.play(move).view(1).notation().split()[3] == "1/aaaa"


def test_w9_resurrecting_a_shadow_ends_al_acceleration():
    _, state, _, move, _, _ = load("W9")
    al_moves = [m for m in state.moves() if m.startswith("e4-")]
    assert al_moves == "e4-a4 e4-b4 e4-d4 e4-e1 e4-e2 e4-e3 e4-e5 e4-f4 e4-g4 e4-h4 e4-j4 e4-k1 e4-l4 e4-o".split()
    after = state.play(move)
    assert [m for m in after.moves() if m.startswith("e4-")] == "e4-d4 e4-e2 e4-e3 e4-e5 e4-f4 e4-g4".split()
    assert not [m for m in after.moves() if m.startswith("raise ")]


@pytest.mark.parametrize("name, returns", [("W11", [1.0, -1.0]), ("W12", [-1.0, 1.0]), ("W15", [1.0, -1.0]), ("W16", [0.0, 0.0]), ("W17", [0.0, 0.0])])
def test_game_ending_examples(name, returns):
    _, state, _, move, _, _ = load(name)
    result = state.play(move)
    assert result.over and result.player is None and result.seat is None
    assert result.moves() == []
    assert result.returns() == returns
    with pytest.raises(abstracta.IllegalMove, match="over"):
        result.play("pass")


def test_w17_a_higher_turn_limit_plays_on():
    _, position, _, move, after, _ = EXAMPLES["W17"]
    result = abstracta.load("quin", max_turns=400).parse(position).play(move)
    assert result.notation() == after
    assert not result.over and result.last_effects() == []


def test_w18_nothing_but_pass():
    _, state, *_ = load("W18")
    assert state.moves() == ["pass"]


def test_w19_north_light_stays_in_reserve_after_ready():
    _, state, _, move, _, _ = load("W19")
    after = state.play(move)
    assert after.player == 0 and after.seat == "S"
    assert after.notation().split()[3].split("/")[1].startswith("l")
