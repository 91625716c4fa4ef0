"""The worked examples of docs/rules/reflec.md §12, literally, plus what their notes state.

Every expected value below is copied from the rules file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

import abstracta
from abstracta import IllegalMove

from .helpers import fields, position


@dataclass(frozen=True)
class Example:
    name: str
    options: dict[str, int]
    position: str
    moves_before: int
    move: str
    result: str
    effects: list[dict[str, Any]]
    over: bool
    returns: list[float]
    scores: list[int]
    player: int | None
    seat: str | None
    moves_after: int


EXAMPLES = [
    Example(
        name='E1',
        options={'players': 2},
        position='M*1Aw3MwC*/1Ae3SsAnCw/Cn3Mw1Ms1/4Sn3/1SeSw2CeCn1/CwCsMn1Aw3/3Aw1SwMeSw/S*3Mw2A* S2:0,M2:0,C2:0,A2:1 A drop 0 0 -/- - -',
        moves_before=148,
        move='A@a2n',
        result='M*1Aw3MwC*/1Ae3SsAnCw/Cn3Mw1Ms1/4Sn3/1SeSw2CeCn1/CwCsMn1Aw3/An2Aw1SwMeSw/S*3Mw2A* S3:0,M2:0,C2:0,A2:0 S play 3 0 -/- - -',
        effects=[],
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 2],
        player=0,
        seat='S',
        moves_after=153,
    ),
    Example(
        name='E2',
        options={'players': 2},
        position='7C*/3M*4/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5,C2:5,A2:6 S play 3 0 -/- - -',
        moves_before=485,
        move='*n',
        result='7C*/8/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5x,C2:5,A2:6 S play 0 0 -/- - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'a1', 'dir': 'n', 'path': ['a2', 'a3', 'b3', 'c3', 'd3', 'd4', 'd5', 'd6', 'd7'], 'hits': ['a3', 'd3'], 'stop': 'laser'}, {'kind': 'remove', 'cell': 'd7', 'piece': {'kind': 'laser', 'owner': 1, 'suit': 'M'}, 'cause': 'beam'}],
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 1],
        player=0,
        seat='S',
        moves_after=494,
    ),
    Example(
        name='E3',
        options={'players': 4},
        position='M*6C*/8/8/1Ss1Aw4/8/1Ce1Mn4/8/S*Sn5A* S4:4,M3:5,C3:5,A3:5 S play 2 5 -/-/-/- - -',
        moves_before=255,
        move='*e',
        result='M*6C*/8/8/8/8/8/8/S*Sn5A* S3:5,M3:6,C3:6,A3:6 S play 0 5 -/-/-/- - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'a1', 'dir': 'e', 'path': ['b1', 'b2', 'b3', 'c3', 'd3', 'd4', 'd5', 'c5', 'b5', 'b4', 'b3'], 'hits': ['b1', 'b3', 'd3', 'd5', 'b5'], 'stop': 'loop'}, {'kind': 'remove', 'cell': 'b3', 'piece': {'kind': 'coin', 'owner': 2, 'suit': 'C', 'facing': 'e'}, 'cause': 'loop'}, {'kind': 'remove', 'cell': 'd3', 'piece': {'kind': 'coin', 'owner': 1, 'suit': 'M', 'facing': 'n'}, 'cause': 'loop'}, {'kind': 'remove', 'cell': 'd5', 'piece': {'kind': 'coin', 'owner': 3, 'suit': 'A', 'facing': 'w'}, 'cause': 'loop'}, {'kind': 'remove', 'cell': 'b5', 'piece': {'kind': 'coin', 'owner': 0, 'suit': 'S', 'facing': 's'}, 'cause': 'loop'}],
        over=False,
        returns=[0.0, 0.0, 0.0, 0.0],
        scores=[1, 1, 1, 1],
        player=0,
        seat='S',
        moves_after=253,
    ),
    Example(
        name='E4',
        options={'players': 3},
        position='M*6C*/8/4Ss3/4Cn3/8/2MeSs4/2S*5/2MnCw4 S4:4,M2:4,C3:4 S play 1 7 e5xe6/e5xe6/e5xe6 - -',
        moves_before=257,
        move='*n',
        result='M*6C*/8/4Ss3/4Cn3/8/2MeSs4/8/2MnCw4 S2:4n,M3:4,C3:4 M play 3 8 -/e5xe6/e5xe6 - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'c2', 'dir': 'n', 'path': ['c3', 'd3', 'd2', 'd1', 'c1', 'c2'], 'hits': ['c3', 'd3', 'd1', 'c1'], 'stop': 'laser'}, {'kind': 'remove', 'cell': 'c2', 'piece': {'kind': 'laser', 'owner': 0, 'suit': 'S'}, 'cause': 'beam'}, {'kind': 'eliminate', 'player': 0, 'suits': ['S']}],
        over=False,
        returns=[0.0, 0.0, 0.0],
        scores=[0, 1, 1],
        player=1,
        seat='M',
        moves_after=512,
    ),
    Example(
        name='E5',
        options={'players': 2},
        position='M*6C*/8/2Ae5/2Mw5/2CeSn4/8/8/S*6A* S3:5,M2:5,C2:5,A2:5 S play 3 0 -/- - -',
        moves_before=481,
        move='c4xc5',
        result='M*6C*/8/2Ae5/2Cw5/2MeSn4/8/8/S*6A* S3:5,M2:5,C2:5,A2:5 S play 1 0 c4xc5/c4xc5 - -',
        effects=[],
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 2],
        player=0,
        seat='S',
        moves_after=482,
    ),
    Example(
        name='E6',
        options={'players': 4},
        position='8/8/8/8/4MsMe2/4Sn3/8/S*3C*2A* S3:5,M2:4n,C5:6,A4:6 S play 3 20 -/-/-/- e4 -',
        moves_before=500,
        move='f4-f5n',
        result='8/8/8/5Mn2/4Ms3/4Sn3/8/S*3C*2A* S3:5,M2:4n,C5:6,A4:6 S play 2 20 -/-/-/- e4 f5',
        effects=[],
        over=False,
        returns=[0.0, 0.0, 0.0, 0.0],
        scores=[1, 0, 1, 1],
        player=0,
        seat='S',
        moves_after=504,
    ),
    Example(
        name='E7',
        options={'players': 4},
        position='8/8/8/4Mn3/4Ms3/8/8/S*3C*2A* S1:6,M2:4n,C5:6,A4:6 S play 0 20 -/-/-/- e4 e5',
        moves_before=18,
        move='end',
        result='8/8/8/4Mn3/4Ms3/8/8/S*3C*2A* S1:6,M2:4n,C5:6,A4:6 C play 4 21 -/-/-/- e5 -',
        effects=[],
        over=False,
        returns=[0.0, 0.0, 0.0, 0.0],
        scores=[1, 0, 1, 1],
        player=2,
        seat='C',
        moves_after=494,
    ),
    Example(
        name='E8',
        options={'players': 3},
        position='M*6C*/8/8/8/8/8/Cn7/S*Me6 S0:6,M2:5,C2:5 S play 1 4 -/-/- - -',
        moves_before=1,
        move='end',
        result='M*6C*/8/8/8/8/8/Cn7/S*Me6 S0:6,M3:5,C2:5 M play 3 5 -/-/- - -',
        effects=[],
        over=False,
        returns=[0.0, 0.0, 0.0],
        scores=[1, 1, 1],
        player=1,
        seat='M',
        moves_after=253,
    ),
    Example(
        name='E9',
        options={'players': 3},
        position='8/8/8/8/M*3Cs3/8/8/4C*3 S2:6n,M4:6,C3:5 M play 3 30 -/-/- - -',
        moves_before=495,
        move='*e',
        result='8/8/8/8/M*3Cs3/8/8/8 S2:6n,M4:6,C3:5n M play 0 30 -/-/- - -',
        effects=[{'kind': 'beam', 'suit': 'M', 'from': 'a4', 'dir': 'e', 'path': ['b4', 'c4', 'd4', 'e4', 'e3', 'e2', 'e1'], 'hits': ['e4'], 'stop': 'laser'}, {'kind': 'remove', 'cell': 'e1', 'piece': {'kind': 'laser', 'owner': 2, 'suit': 'C'}, 'cause': 'beam'}, {'kind': 'eliminate', 'player': 2, 'suits': ['C']}, {'kind': 'end', 'reason': 'last player left', 'winners': [1]}],
        over=True,
        returns=[-1.0, 1.0, -1.0],
        scores=[0, 1, 0],
        player=None,
        seat=None,
        moves_after=0,
    ),
    Example(
        name='E10',
        options={'players': 2, 'max_turns': 12},
        position='M*6C*/8/8/8/8/8/8/S*6A* S4:6,M1:6,C2:6,A0:6 A play 0 11 -/- - -',
        moves_before=1,
        move='end',
        result='M*6C*/8/8/8/8/8/8/S*6A* S5:6,M1:6,C2:6,A0:6 S play 3 12 -/- - -',
        effects=[{'kind': 'end', 'reason': 'turn limit', 'winners': [], 'turns': 12}],
        over=True,
        returns=[0.0, 0.0],
        scores=[2, 2],
        player=None,
        seat=None,
        moves_after=0,
    ),
    Example(
        name='E11',
        options={'players': 4},
        position='7C*/8/8/8/8/8/8/S*6A* S2:6,M3:6n,C3:6,A2:6 C play 3 9 -/-/-/- - -',
        moves_before=494,
        move='M@e5s',
        result='7C*/8/8/4Ms3/8/8/8/S*6A* S2:6,M3:5n,C3:6,A2:6 C play 1 9 -/-/-/- - e5',
        effects=[],
        over=False,
        returns=[0.0, 0.0, 0.0, 0.0],
        scores=[1, 0, 1, 1],
        player=2,
        seat='C',
        moves_after=505,
    ),
    Example(
        name='E12',
        options={'players': 2},
        position='M*6C*/8/8/8/Ss7/8/8/S*6A* S3:5,M2:6,C2:6,A2:6 S play 0 3 -/- - -',
        moves_before=494,
        move='*n',
        result='M*6C*/8/8/8/Ss7/8/8/7A* S0:5x,M3:6,C2:6,A2:6 M play 3 4 -/- - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'a1', 'dir': 'n', 'path': ['a2', 'a3', 'a4', 'a3', 'a2', 'a1'], 'hits': ['a4'], 'stop': 'laser'}, {'kind': 'remove', 'cell': 'a1', 'piece': {'kind': 'laser', 'owner': 0, 'suit': 'S'}, 'cause': 'beam'}],
        over=False,
        returns=[0.0, 0.0],
        scores=[1, 2],
        player=1,
        seat='M',
        moves_after=486,
    ),
    Example(
        name='E13',
        options={'players': 2},
        position='7C*/8/8/8/8/8/8/S*6A* S3:6,M2:6x,C2:6,A2:6 S play 3 8 -/- - -',
        moves_before=494,
        move='*e',
        result='7C*/8/8/8/8/8/8/S*7 S3:6,M2:6x,C2:6,A2:6x S play 0 8 -/- - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'a1', 'dir': 'e', 'path': ['b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'], 'hits': [], 'stop': 'laser'}, {'kind': 'remove', 'cell': 'h1', 'piece': {'kind': 'laser', 'owner': 1, 'suit': 'A'}, 'cause': 'beam'}, {'kind': 'eliminate', 'player': 1, 'suits': ['M', 'A']}, {'kind': 'end', 'reason': 'last player left', 'winners': [0]}],
        over=True,
        returns=[1.0, -1.0],
        scores=[2, 0],
        player=None,
        seat=None,
        moves_after=0,
    ),
    Example(
        name='E14',
        options={'players': 2},
        position='M*6C*/8/8/8/8/8/8/S*6A* S5:6,M2:6,C2:6,A2:6 S play 3 1 -/- - -',
        moves_before=486,
        move='a1-b1',
        result='M*6C*/8/8/8/8/8/8/1S*5A* S5:6,M2:6,C2:6,A2:6 S play 2 1 -/- - -',
        effects=[],
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 2],
        player=0,
        seat='S',
        moves_after=487,
    ),
    Example(
        name='E15',
        options={'players': 2},
        position='M*6C*/8/8/8/8/8/8/1S*5A* S5:6,M2:6,C2:6,A2:6 S play 2 1 -/- - -',
        moves_before=487,
        move='*s',
        result='M*6C*/8/8/8/8/8/8/1S*5A* S4:6,M2:6,C2:6,A2:6 S play 0 1 -/- - -',
        effects=[{'kind': 'beam', 'suit': 'S', 'from': 'b1', 'dir': 's', 'path': [], 'hits': [], 'stop': 'edge'}],
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 2],
        player=0,
        seat='S',
        moves_after=488,
    ),
]
BY_NAME = {example.name: example for example in EXAMPLES}


def before_and_after(name):
    example = BY_NAME[name]
    game = abstracta.load("reflec", **example.options)
    before = game.parse(example.position)
    return before, before.play(example.move)


def swaps_of(state):
    return [m for m in state.moves() if len(m) == 5 and m[2] == "x"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_worked_example(example):
    game = abstracta.load("reflec", **example.options)
    before = game.parse(example.position)
    assert before.notation() == example.position
    assert before.last_effects() == []
    assert len(before.moves()) == example.moves_before
    assert example.move in before.moves()
    after = before.play(example.move)
    assert before.notation() == example.position, "play changed the receiver"
    assert after.notation() == example.result
    assert after.last_effects() == example.effects
    json.dumps(after.last_effects())
    assert after.over is example.over
    assert after.returns() == example.returns
    assert after.scores() == example.scores
    assert after.player == example.player
    assert after.seat == example.seat
    assert len(after.moves()) == example.moves_after
    # The result, read back from its notation, is the same position.
    reparsed = game.parse(example.result)
    assert reparsed.moves() == after.moves()
    assert (reparsed.player, reparsed.seat, reparsed.over) == (after.player, after.seat, after.over)


def test_e1_before_the_last_drop_every_move_is_an_a_drop():
    before, _ = before_and_after("E1")
    moves = before.moves()
    assert all(m.startswith("A@") for m in moves)
    assert len({m[2:4] for m in moves}) == 37 and len(moves) == 37 * 4


def test_e4_swaps_after_the_elimination():
    # After: M's swaps are exactly c1xd1 (M with C) and c3xd3 (M with a neutral S coin);
    # e5xe6 would be legal but is in M's record.
    _, after = before_and_after("E4")
    assert swaps_of(after) == ["c1xd1", "c3xd3"]
    with pytest.raises(IllegalMove, match="swapped since the end of your last turn"):
        after.play("e5xe6")


def test_e5_swaps_before_and_after():
    before, after = before_and_after("E5")
    assert swaps_of(before) == ["c4xc5"]
    assert swaps_of(after) == ["c4xd4", "c5xc6"]


def test_e6_no_move_mentions_the_locked_square():
    before, after = before_and_after("E6")
    assert not [m for m in before.moves() if "e4" in m]
    assert "e3xe4" not in before.moves()
    assert after.notation().endswith(" e4 f5")


def test_e7_the_eighteen_moves_and_the_new_lock():
    before, after = before_and_after("E7")
    moves = before.moves()
    coin_moves = [m for m in moves if m.startswith("e5-") and len(m) == 6]
    spins = [m for m in moves if m.startswith("e5=")]
    laser_moves = [m for m in moves if len(m) == 5 and m[2] == "-"]
    assert (len(coin_moves), len(spins), len(laser_moves)) == (12, 3, 2)
    assert "end" in moves and len(moves) == 18
    assert not [m for m in after.moves() if m.startswith("e5")]
    assert [m for m in after.moves() if m.startswith("e4")]  # the coin on e4 is free again


def test_e8_only_end():
    before, _ = before_and_after("E8")
    assert before.moves() == ["end"]


@pytest.mark.parametrize("name", ["E9", "E10", "E13"])
def test_finished_games_have_no_moves_and_refuse_play(name):
    _, after = before_and_after(name)
    assert after.moves() == [] and after.player is None and after.seat is None
    with pytest.raises(IllegalMove, match="over"):
        after.play("end")


def test_e10_only_end_before_the_cap():
    before, _ = before_and_after("E10")
    assert before.moves() == ["end"]


def test_e15_fire_off_the_board_is_listed():
    before, _ = before_and_after("E15")
    assert {"*e", "*n", "*s", "*w"} <= set(before.moves())


def test_e2_ms_coin_on_d3_stays_player_1s():
    _, after = before_and_after("E2")
    assert not [m for m in after.moves() if m.startswith("d3")]  # not S's to move or spin
    a_turn = abstracta.load("reflec").parse(BY_NAME["E2"].result.replace(" S play 0 ", " A play 3 "))
    assert "d3=e" in a_turn.moves()  # player 1 still handles it on A's turn


def test_e3_the_first_coin_hit_is_not_part_of_the_loop():
    _, after = before_and_after("E3")
    beam, *removed = after.last_effects()
    assert beam["hits"][0] == "b1" and "b1" not in [e["cell"] for e in removed]
    assert after.notation().split("/")[7].startswith("S*Sn")  # the coin on b1 is still there


def test_e12_ss_coin_on_a4_stays_player_0s():
    _, after = before_and_after("E12")
    assert after.seat == "M" and not [m for m in after.moves() if m.startswith("a4")]
    c_turn = abstracta.load("reflec").parse(BY_NAME["E12"].result.replace(" M play 3 ", " C play 3 "))
    assert "a4=e" in c_turn.moves()  # player 0 still handles it on C's turn


# -- the smaller examples in the text of the rules ---------------------------------------------


def test_start_has_no_effects_and_the_drop_example_is_legal():
    # §10: [] after start(); §6.1: S@c3n, and 60 empty squares x 4 facings at the 2-player start.
    start = abstracta.load("reflec").start()
    assert start.last_effects() == [] and len(start.moves()) == 240
    assert start.play("S@c3n").notation().startswith("M*6C*/8/8/8/8/2Sn5/8/S*6A* S2:5,")


@pytest.mark.parametrize(
    "pieces, acting, move, board_after, tiles_after",
    [
        ({"c3": "Sn"}, "S", "c3-c4e", {"c4": "Se"}, "2"),
        ({}, "S", "a1-a2", {}, "2"),
        ({"c3": "Sn"}, "S", "c3=w", {"c3": "Sw"}, "2"),
        ({}, "M", "M@e5s", {"e5": "Ms"}, "1"),
        ({"c3": "Sn", "c4": "Me"}, "S", "c3xc4", {"c3": "Mn", "c4": "Se"}, "1"),
    ],
)
def test_section_6_2_move_examples(pieces, acting, move, board_after, tiles_after):
    state = abstracta.load("reflec").parse(position(pieces, acting=acting, dice="3333"))
    assert move in state.moves()
    after = state.play(move)
    lasers = {"S": "a2", "M": "a8", "C": "h8", "A": "h1"} if move == "a1-a2" else None
    expected = position(board_after, acting=acting, dice="3333", lasers=lasers)
    assert fields(after)["board"] == expected.split(" ")[0]
    assert fields(after)["tiles"] == tiles_after and after.last_effects() == []


def test_section_6_2_fire_and_end_examples():
    state = abstracta.load("reflec").parse(position({"a4": "Se"}, dice="3333"))
    after = state.play("*n")  # turned east at a4, out at the h-file edge
    assert after.last_effects()[0]["path"] == ["a2", "a3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"]
    assert after.last_effects()[0]["stop"] == "edge" and fields(after)["tiles"] == "0"
    assert after.play("end").seat == "M"


def test_section_9_notation_examples():
    # suits S3:0,M2:5x,C2:5,A2:6 and the swap lists c4xc5,d2xe2/- (2 players)
    pieces = {"c4": "Sn", "d2": "Sn", "a3": "Se", "b5": "Ss", "f6": "Sw", "g2": "Sn", "c5": "Mn", "e2": "Cn"}
    text = position(pieces, destroyed="M", dice="3222", swaps="c4xc5,d2xe2/-")
    state = abstracta.load("reflec").parse(text)
    assert fields(state)["suits"] == "S3:0,M2:5x,C2:5,A2:6"
    assert state.notation() == text and "c4xc5" not in state.moves()
    # locked c5,e4 (4 players, M neutral)
    text = position({"c5": "Mn", "e4": "Ms", "d4": "Sn"}, players=4, destroyed="M", dice="3222", locked="c5,e4")
    state = abstracta.load("reflec", players=4).parse(text)
    assert fields(state)["locked"] == "c5,e4"
    assert not [m for m in state.moves() if m.startswith(("c5", "e4")) or m in ("d4xe4",)]
    assert "d4-d5n" in state.moves()
