"""Every worked example of rules §12.1, literally: position, legal moves, move, result, effects."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

import abstracta


@dataclass(frozen=True)
class Example:
    id: str
    title: str
    options: dict
    position: str
    first: list  # moves played before the position is checked (E11)
    now: str | None  # the position after those moves
    legal: list
    move: str
    result: str
    over: bool
    returns: list
    scores: list
    effects: list = field(default_factory=list)


EXAMPLES = [
    Example(
        id='E1',
        title='E1. ACE start: the beam bounces off four Deflectors and leaves the board',
        options={},
        position='ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b',
        first=[],
        now=None,
        legal=['c1+', 'c1-', 'c1-b1', 'c1-b2', 'c1-c2', 'c1-d2', 'c4+', 'c4-', 'c4-b3', 'c4-b4', 'c4-b5', 'c4-c3', 'c4-d3', 'c4-d4', 'c4-d5', 'c5+', 'c5-', 'c5-b4', 'c5-b5', 'c5-b6', 'c5-c6', 'c5-d4', 'c5-d5', 'd1+', 'd1-', 'd1-c2', 'd1-d2', 'd1-e2', 'd6+', 'd6-', 'd6-c6', 'd6-d5', 'd6-d7', 'd6-e6', 'd6-e7', 'e1-d2', 'e1-e2', 'e1-f2', 'e4+', 'e4-d3', 'e4-d4', 'e4-d5', 'e4-e3', 'e4-f3', 'f1+', 'f1-', 'f1-e2', 'f1-f2', 'f1-g1', 'f1-g2', 'f4+', 'f4-e3', 'f4-f3', 'f4-g3', 'f4-g4', 'f4-g5', 'h2+', 'h2-', 'h2-g1', 'h2-g2', 'h2-h1', 'h2-h3', 'h2-i2', 'h2-i3', 'j1-', 'j4+', 'j4-', 'j4-i3', 'j4-i4', 'j4-i5', 'j4-j3', 'j5+', 'j5-', 'j5-i4', 'j5-i5', 'j5-i6', 'j5-j6'],
        move='c1+',
        result='ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DneBnKBn3Ln r',
        over=False,
        returns=[0.0, 0.0],
        scores=[13, 13],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3', 'j4', 'i4', 'h4', 'h5', 'i5', 'j5', 'j6', 'j7', 'j8'], 'stop': 'edge'}],
    ),
    Example(
        id='E2',
        title="E2. A step into one's own beam: the Deflector is hit on a non-mirrored face",
        options={},
        position='ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b',
        first=[],
        now=None,
        legal=['e1-d1', 'e1-d2', 'e1-e2', 'e1-f1', 'e1-f2', 'i2+', 'i2-', 'i2-h1', 'i2-h2', 'i2-h3', 'i2-i3', 'i2-j2', 'i2-j3', 'j1-'],
        move='i2-j3',
        result='ls4k4/10/10/10/10/10/10/4K4Ln r',
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 2],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3'], 'stop': 'removed'}, {'kind': 'remove', 'cell': 'j3', 'piece': {'kind': 'deflector', 'owner': 0, 'facing': 'nw'}, 'cause': 'beam'}],
    ),
    Example(
        id='E3',
        title="E3. Laser turn (n to w is '-'); a Defender's shield blocks the beam",
        options={},
        position='ls4k4/10/10/10/10/10/4K5/5be3Ln b',
        first=[],
        now=None,
        legal=['e2-d1', 'e2-d2', 'e2-d3', 'e2-e1', 'e2-e3', 'e2-f2', 'e2-f3', 'j1-'],
        move='j1-',
        result='ls4k4/10/10/10/10/10/4K5/5be3Lw r',
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 3],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['i1', 'h1', 'g1', 'f1'], 'stop': 'blocked'}],
    ),
    Example(
        id='E4',
        title='E4. Red rotates a Deflector; a Defender hit on a side is removed',
        options={},
        position='le2dse1k4/10/10/10/3Be6/10/10/4K4Ln r',
        first=[],
        now=None,
        legal=['a8+', 'd8+', 'd8-', 'd8-c7', 'd8-c8', 'd8-d7', 'd8-e7', 'd8-e8', 'f8-e7', 'f8-e8', 'f8-f7', 'f8-g7', 'f8-g8'],
        move='d8+',
        result='le2dsw1k4/10/10/10/10/10/10/4K4Ln b',
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 3],
        effects=[{'kind': 'beam', 'from': 'a8', 'path': ['b8', 'c8', 'd8', 'd7', 'd6', 'd5', 'd4'], 'stop': 'removed'}, {'kind': 'remove', 'cell': 'd4', 'piece': {'kind': 'defender', 'owner': 0, 'facing': 'e'}, 'cause': 'beam'}],
    ),
    Example(
        id='E5',
        title='E5. Full move list with a forbidden swap; Switch swaps with its own Deflector',
        options={},
        position='ls4k4/10/8dneSne/9Dsw/10/10/10/4K4Ln b',
        first=[],
        now=None,
        legal=['e1-d1', 'e1-d2', 'e1-e2', 'e1-f1', 'e1-f2', 'j1-', 'j5+', 'j5-', 'j5-i4', 'j5-i5', 'j5-j4', 'j6+', 'j6-i5', 'j6-i7', 'j6-j5', 'j6-j7'],
        move='j6-j5',
        result='ls4k4/10/8dneDsw/9Sne/10/10/10/4K4Ln r',
        over=False,
        returns=[0.0, 0.0],
        scores=[4, 3],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3', 'j4', 'j5'], 'stop': 'edge'}],
    ),
    Example(
        id='E6',
        title='E6. Switch swap with an enemy Deflector, which the beam then removes',
        options={},
        position='ls4k4/10/10/10/7Snw2/7dnw1Dsw/10/4K4Ln b',
        first=[],
        now=None,
        legal=['e1-d1', 'e1-d2', 'e1-e2', 'e1-f1', 'e1-f2', 'h4+', 'h4-g3', 'h4-g4', 'h4-g5', 'h4-h3', 'h4-h5', 'h4-i3', 'h4-i4', 'h4-i5', 'j1-', 'j3+', 'j3-', 'j3-i2', 'j3-i3', 'j3-i4', 'j3-j2', 'j3-j4'],
        move='h4-h3',
        result='ls4k4/10/10/10/10/7Snw1Dsw/10/4K4Ln r',
        over=False,
        returns=[0.0, 0.0],
        scores=[4, 2],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3', 'i3', 'h3', 'h4'], 'stop': 'removed'}, {'kind': 'remove', 'cell': 'h4', 'piece': {'kind': 'deflector', 'owner': 1, 'facing': 'nw'}, 'cause': 'beam'}],
    ),
    Example(
        id='E7',
        title="E7. Red turns its Switch; the beam runs along rank 1 and stops at Blue's Laser",
        options={},
        position='ls4k4/10/10/10/10/10/4K5/sne8Ln r',
        first=[],
        now=None,
        legal=['a1+', 'a1-a2', 'a1-b2', 'a8-', 'f8-e7', 'f8-e8', 'f8-f7', 'f8-g7', 'f8-g8'],
        move='a1+',
        result='ls4k4/10/10/10/10/10/4K5/snw8Ln b',
        over=False,
        returns=[0.0, 0.0],
        scores=[2, 3],
        effects=[{'kind': 'beam', 'from': 'a8', 'path': ['a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'j1'], 'stop': 'laser'}],
    ),
    Example(
        id='E8',
        title='E8. Blue hits its own King and loses',
        options={},
        position='ls4k4/10/10/10/4K5/8Dsw1/10/9Ln b',
        first=[],
        now=None,
        legal=['e4-d3', 'e4-d4', 'e4-d5', 'e4-e3', 'e4-e5', 'e4-f3', 'e4-f4', 'e4-f5', 'i3+', 'i3-', 'i3-h2', 'i3-h3', 'i3-h4', 'i3-i2', 'i3-i4', 'i3-j2', 'i3-j3', 'i3-j4', 'j1-'],
        move='i3-j4',
        result='ls4k4/10/10/10/9Dsw/10/10/9Ln r',
        over=True,
        returns=[-1.0, 1.0],
        scores=[2, 2],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3', 'j4', 'i4', 'h4', 'g4', 'f4', 'e4'], 'stop': 'removed'}, {'kind': 'remove', 'cell': 'e4', 'piece': {'kind': 'king', 'owner': 0}, 'cause': 'beam'}],
    ),
    Example(
        id='E9',
        title="E9. Red hits Blue's King and wins",
        options={},
        position='ls4k4/10/10/10/dne9/4K5/10/9Ln r',
        first=[],
        now=None,
        legal=['a4+', 'a4-', 'a4-a3', 'a4-a5', 'a4-b3', 'a4-b4', 'a4-b5', 'a8-', 'f8-e7', 'f8-e8', 'f8-f7', 'f8-g7', 'f8-g8'],
        move='a4-a3',
        result='ls4k4/10/10/10/10/dne9/10/9Ln b',
        over=True,
        returns=[-1.0, 1.0],
        scores=[1, 3],
        effects=[{'kind': 'beam', 'from': 'a8', 'path': ['a7', 'a6', 'a5', 'a4', 'a3', 'b3', 'c3', 'd3', 'e3'], 'stop': 'removed'}, {'kind': 'remove', 'cell': 'e3', 'piece': {'kind': 'king', 'owner': 0}, 'cause': 'beam'}],
    ),
    Example(
        id='E10',
        title='E10. The beam crosses the same empty square twice (g1)',
        options={},
        position='ls4k4/10/10/10/2Dse3Dsw3/10/4K5/2Dne6Ln b',
        first=[],
        now=None,
        legal=['c1+', 'c1-', 'c1-b1', 'c1-b2', 'c1-c2', 'c1-d1', 'c1-d2', 'c4+', 'c4-', 'c4-b3', 'c4-b4', 'c4-b5', 'c4-c3', 'c4-c5', 'c4-d3', 'c4-d4', 'c4-d5', 'e2-d1', 'e2-d2', 'e2-d3', 'e2-e1', 'e2-e3', 'e2-f1', 'e2-f2', 'e2-f3', 'g4+', 'g4-', 'g4-f3', 'g4-f4', 'g4-f5', 'g4-g3', 'g4-g5', 'g4-h3', 'g4-h4', 'g4-h5', 'j1-'],
        move='j1-',
        result='ls4k4/10/10/10/2Dse3Dsw3/10/4K5/2Dne6Lw r',
        over=False,
        returns=[0.0, 0.0],
        scores=[5, 2],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['i1', 'h1', 'g1', 'f1', 'e1', 'd1', 'c1', 'c2', 'c3', 'c4', 'd4', 'e4', 'f4', 'g4', 'g3', 'g2', 'g1'], 'stop': 'edge'}],
    ),
    Example(
        id='E11',
        title='E11. Threefold repetition: after 8 plies Blue may claim a draw',
        options={},
        position='ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b',
        first=['c1+', 'h8+', 'c1-', 'h8-', 'c1+', 'h8+', 'c1-', 'h8-'],
        now='ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b',
        legal=['c1+', 'c1-', 'c1-b1', 'c1-b2', 'c1-c2', 'c1-d2', 'c4+', 'c4-', 'c4-b3', 'c4-b4', 'c4-b5', 'c4-c3', 'c4-d3', 'c4-d4', 'c4-d5', 'c5+', 'c5-', 'c5-b4', 'c5-b5', 'c5-b6', 'c5-c6', 'c5-d4', 'c5-d5', 'd1+', 'd1-', 'd1-c2', 'd1-d2', 'd1-e2', 'd6+', 'd6-', 'd6-c6', 'd6-d5', 'd6-d7', 'd6-e6', 'd6-e7', 'draw', 'e1-d2', 'e1-e2', 'e1-f2', 'e4+', 'e4-d3', 'e4-d4', 'e4-d5', 'e4-e3', 'e4-f3', 'f1+', 'f1-', 'f1-e2', 'f1-f2', 'f1-g1', 'f1-g2', 'f4+', 'f4-e3', 'f4-f3', 'f4-g3', 'f4-g4', 'f4-g5', 'h2+', 'h2-', 'h2-g1', 'h2-g2', 'h2-h1', 'h2-h3', 'h2-i2', 'h2-i3', 'j1-', 'j4+', 'j4-', 'j4-i3', 'j4-i4', 'j4-i5', 'j4-j3', 'j5+', 'j5-', 'j5-i4', 'j5-i5', 'j5-i6', 'j5-j6'],
        move='draw',
        result='ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b',
        over=True,
        returns=[0.0, 0.0],
        scores=[13, 13],
        effects=[],
    ),
    Example(
        id='E12',
        title='E12. Ply limit: max_plies=10, the tenth ply ends the game in a draw',
        options={'max_plies': 10},
        position='ls4k4/10/10/10/10/10/10/4K4Ln b 9',
        first=[],
        now=None,
        legal=['e1-d1', 'e1-d2', 'e1-e2', 'e1-f1', 'e1-f2', 'j1-'],
        move='e1-e2',
        result='ls4k4/10/10/10/10/10/4K5/9Ln r 10',
        over=True,
        returns=[0.0, 0.0],
        scores=[2, 2],
        effects=[{'kind': 'beam', 'from': 'j1', 'path': ['j2', 'j3', 'j4', 'j5', 'j6', 'j7', 'j8'], 'stop': 'edge'}],
    ),
]


def reach(example: Example):
    game = abstracta.load("laser-chess", **example.options)
    state = game.parse(example.position)
    for move in example.first:
        state = state.play(move)
    return state


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_worked_example(example):
    state = reach(example)
    if example.now is not None:
        assert state.notation() == example.now
    assert state.moves() == example.legal
    after = state.play(example.move)
    assert after.notation() == example.result
    assert after.over is example.over
    assert after.returns() == example.returns
    assert after.scores() == example.scores
    assert after.last_effects() == example.effects
    json.dumps(after.last_effects())
    # The receiver is a value: unchanged by play.
    assert state.moves() == example.legal


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_worked_example_survives_a_json_round_trip(example):
    game = abstracta.load("laser-chess", **example.options)
    after = reach(example).play(example.move)
    restored = game.from_json(json.loads(json.dumps(after.to_json())))
    assert restored.notation() == example.result
    assert restored.last_effects() == example.effects
    assert restored.over is example.over and restored.returns() == example.returns


def test_e11_draw_is_not_legal_at_the_second_occurrence():
    state = abstracta.load("laser-chess").start()
    for move in ["c1+", "h8+", "c1-", "h8-"]:
        state = state.play(move)
    assert state.notation() == EXAMPLES[10].position  # the start, seen for the second time
    assert "draw" not in state.moves()
    for move in ["c1+", "h8+", "c1-", "h8-"]:
        state = state.play(move)
    assert "draw" in state.moves()


def test_e8_and_e9_the_side_field_flips_on_the_final_ply():
    for example in (EXAMPLES[7], EXAMPLES[8]):
        before = example.position.split()[1]
        after = example.result.split()[1]
        assert {before, after} == {"b", "r"}
        final = reach(example).play(example.move)
        assert final.player is None and final.seat is None and final.moves() == []
