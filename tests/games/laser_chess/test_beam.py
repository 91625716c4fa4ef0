"""The shot (rules §2.3, §7): every piece kind struck on every face, by both colours.

Each case puts one target piece on e5 and steers Blue's beam into it with Deflectors so it
arrives travelling north, east, south or west. The same position turned half a turn (colours
swapped, facings reversed: the setups' symmetry, §4) is then Red's shot at the target on f4,
and must give the half-turned effects.
"""

from __future__ import annotations

import pytest

import abstracta
from tests.games.laser_chess.effects import removal

FILES = "abcdefghij"

# Blue King b2, Red King h8 and both Lasers, plus Deflectors that bring Blue's beam to e5
# travelling in the given direction, and the move that fires it.
APPROACH = {
    # travelling north (strikes the s face): Laser turned west, Dne on e1 turns it north.
    "n": ({"j1": "Ln", "e1": "Dne"}, "j1-", ["i1", "h1", "g1", "f1", "e1", "e2", "e3", "e4", "e5"]),
    # travelling east (strikes the w face): west along rank 1, north at c1, east at c5.
    "e": ({"j1": "Ln", "c1": "Dne", "c5": "Dse"}, "j1-", ["i1", "h1", "g1", "f1", "e1", "d1", "c1", "c2", "c3", "c4", "c5", "d5", "e5"]),
    # travelling south (strikes the n face): north to j7, west to e7, south.
    "s": ({"j1": "Ln", "j7": "Dsw", "e7": "Dse"}, "b2-b3", ["j2", "j3", "j4", "j5", "j6", "j7", "i7", "h7", "g7", "f7", "e7", "e6", "e5"]),
    # travelling west (strikes the e face): north to j5, west along rank 5.
    "w": ({"j1": "Ln", "j5": "Dsw"}, "b2-b3", ["j2", "j3", "j4", "j5", "i5", "h5", "g5", "f5", "e5"]),
}
BASE = {"a8": "ls", "b2": "K", "h8": "k"}

# After e5, a reflected beam runs to the edge in its new direction.
ONWARD = {
    "n": ["e6", "e7", "e8"],
    "e": ["f5", "g5", "h5", "i5", "j5"],
    "s": ["e4", "e3", "e2", "e1"],
    "w": ["d5", "c5", "b5", "a5"],
}

# What each piece does to a beam travelling n / e / s / w (§2.3, written out by hand):
# a new direction of travel, "blocked" or "removed".
OUTCOMES = {
    "K": {"n": "removed", "e": "removed", "s": "removed", "w": "removed"},
    "Bn": {"n": "removed", "e": "removed", "s": "blocked", "w": "removed"},
    "Be": {"n": "removed", "e": "removed", "s": "removed", "w": "blocked"},
    "Bs": {"n": "blocked", "e": "removed", "s": "removed", "w": "removed"},
    "Bw": {"n": "removed", "e": "blocked", "s": "removed", "w": "removed"},
    "Dne": {"n": "removed", "e": "removed", "s": "e", "w": "n"},
    "Dse": {"n": "e", "e": "removed", "s": "removed", "w": "s"},
    "Dsw": {"n": "w", "e": "s", "s": "removed", "w": "removed"},
    "Dnw": {"n": "removed", "e": "n", "s": "w", "w": "removed"},
    "Sne": {"n": "e", "e": "n", "s": "w", "w": "s"},
    "Snw": {"n": "w", "e": "s", "s": "e", "w": "n"},
}
TARGETS = [piece for piece in OUTCOMES] + [piece[0].lower() + piece[1:] for piece in OUTCOMES]


def position(pieces: dict[str, str], side: str) -> str:
    """Position notation from square -> token (an independent writer, not the engine's)."""
    rows = []
    for rank in range(8, 0, -1):
        row, run = "", 0
        for file in FILES:
            token = pieces.get(f"{file}{rank}")
            if token is None:
                run += 1
                continue
            row += (str(run) if run else "") + token
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " " + side


REVERSED = {"n": "s", "s": "n", "e": "w", "w": "e", "ne": "sw", "sw": "ne", "se": "nw", "nw": "se"}


def turn_square(square: str) -> str:
    return FILES[9 - FILES.index(square[0])] + str(9 - int(square[1:]))


def turn_token(token: str) -> str:
    letter, facing = token[0].swapcase(), token[1:]
    if letter in "Ss" or not facing:  # a Switch's mirror line survives a half turn
        return letter + facing
    return letter + REVERSED[facing]


def turn_move(move: str) -> str:
    if move[-1] in "+-":
        return turn_square(move[:2]) + move[-1]
    return "-".join(turn_square(s) for s in move.split("-"))


def turn_effects(effects):
    turned = []
    for effect in effects:
        effect = dict(effect)
        if effect["kind"] == "beam":
            effect["from"] = turn_square(effect["from"])
            effect["path"] = [turn_square(s) for s in effect["path"]]
        else:  # the remove entry: its cell turned, its piece of the other colour with the facing reversed
            effect["cell"] = turn_square(effect["cell"])
            piece = effect["piece"]
            effect["piece"] = {**piece, "owner": 1 - piece["owner"]}
            if "facing" in piece and piece["kind"] != "switch":
                effect["piece"]["facing"] = REVERSED[piece["facing"]]
        turned.append(effect)
    return turned


def expected_effects(target: str, travel: str):
    _, _, path = APPROACH[travel]
    outcome = OUTCOMES[target[0].upper() + target[1:]][travel]
    if outcome == "removed":
        beam = {"kind": "beam", "from": "j1", "path": path, "stop": "removed"}
        return [beam, removal("e5", target)]
    if outcome == "blocked":
        return [{"kind": "beam", "from": "j1", "path": path, "stop": "blocked"}]
    return [{"kind": "beam", "from": "j1", "path": path + ONWARD[outcome], "stop": "edge"}]


def shoot(target: str, travel: str, turned: bool):
    steering, move, _ = APPROACH[travel]
    pieces = {**BASE, **steering, "e5": target}
    if target == "K":  # one King per colour: Blue's stands on e5, a Defender takes the filler step
        pieces["b2"] = "Bn"
    if target == "k":
        del pieces["h8"]
    side = "b"
    if turned:
        pieces = {turn_square(s): turn_token(t) for s, t in pieces.items()}
        move, side = turn_move(move), "r"
    return abstracta.load("laser-chess").parse(position(pieces, side)).play(move)


@pytest.mark.parametrize("travel", "nesw")
@pytest.mark.parametrize("target", TARGETS)
def test_blue_shot_at_each_face(target, travel):
    after = shoot(target, travel, turned=False)
    assert after.last_effects() == expected_effects(target, travel)
    king_hit = target in ("K", "k")
    assert after.over is king_hit
    if king_hit:  # the King's owner loses, also when Blue hits its own King
        assert after.returns() == ([-1.0, 1.0] if target == "K" else [1.0, -1.0])


@pytest.mark.parametrize("travel", "nesw")
@pytest.mark.parametrize("target", TARGETS)
def test_red_shot_at_each_face_is_the_half_turn(target, travel):
    after = shoot(target, travel, turned=True)
    assert after.last_effects() == turn_effects(expected_effects(target, travel))
    assert after.last_effects()[0]["from"] == "a8"
    if target in ("K", "k"):  # turned: "K" became Red's King, hit by Red's own beam
        assert after.returns() == ([1.0, -1.0] if target == "K" else [-1.0, 1.0])


@pytest.mark.parametrize("turned", [False, True])
def test_a_laser_stops_the_beam_on_both_faces_it_can_be_reached_on(turned):
    # Blue's beam reaches Red's Laser travelling west (rank 8) and travelling north (a-file).
    cases = [
        ({"a8": "ls", "j1": "Ln", "j8": "Snw", "b2": "K", "h7": "k"}, "b2-b3",
         ["j2", "j3", "j4", "j5", "j6", "j7", "j8", "i8", "h8", "g8", "f8", "e8", "d8", "c8", "b8", "a8"]),
        ({"a8": "ls", "j1": "Ln", "a1": "snw", "b2": "K", "h7": "k"}, "j1-",
         ["i1", "h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]),
    ]  # fmt: skip
    for pieces, move, path in cases:
        side, expected = "b", [{"kind": "beam", "from": "j1", "path": path, "stop": "laser"}]
        if turned:
            pieces = {turn_square(s): turn_token(t) for s, t in pieces.items()}
            move, side, expected = turn_move(move), "r", turn_effects(expected)
        after = abstracta.load("laser-chess").parse(position(pieces, side)).play(move)
        assert after.last_effects() == expected
        assert after.scores() == [len([t for t in pieces.values() if t[0].isupper()]), len([t for t in pieces.values() if t[0].islower()])]


def test_a_beam_bounces_through_six_deflectors_and_one_switch_twice():
    pieces = {
        "a8": "ls", "h8": "k", "j1": "Ln", "b1": "K",
        "j4": "Dsw", "e4": "Sne", "e2": "Dne", "h2": "Dnw", "h6": "Dsw", "c6": "Dse", "c4": "Dne",
    }  # fmt: skip
    after = abstracta.load("laser-chess").parse(position(pieces, "b")).play("b1-b2")
    path = (
        "j2 j3 j4 i4 h4 g4 f4 e4 e3 e2 f2 g2 h2 h3 h4 h5 h6 g6 f6 e6 d6 c6 c5 c4 d4 e4 e5 e6 e7 e8"
    ).split()
    assert after.last_effects() == [{"kind": "beam", "from": "j1", "path": path, "stop": "edge"}]
    assert path.count("e4") == 2  # the Switch, crossed going west and going east
    assert path.count("h4") == 2 and path.count("e6") == 2  # empty squares crossed twice


def test_a_shot_removes_the_movers_own_defender():
    # Blue's Defender on j4 shields its s face from the northbound beam; turned to w, it is removed.
    pieces = {"a8": "ls", "h8": "k", "j1": "Ln", "b1": "K", "j4": "Bs"}
    before = abstracta.load("laser-chess").parse(position(pieces, "b"))
    assert before.play("b1-b2").last_effects() == [
        {"kind": "beam", "from": "j1", "path": ["j2", "j3", "j4"], "stop": "blocked"}
    ]
    after = before.play("j4+")
    assert after.last_effects() == [
        {"kind": "beam", "from": "j1", "path": ["j2", "j3", "j4"], "stop": "removed"},
        removal("j4", "Bw"),
    ]
    assert after.scores() == [2, 2] and not after.over


@pytest.mark.parametrize("travel", "nesw")
@pytest.mark.parametrize("switch, halves", [("Sne", ("Dnw", "Dse")), ("Snw", ("Dne", "Dsw"))])
def test_a_switch_reflects_like_the_two_deflectors_of_section_2_3(switch, halves, travel):
    """§2.3: Switch "ne" (/) is a Deflector "nw" on one side and "se" on the other; "nw" (\\)
    is "ne" plus "sw". On every face the Switch's beam is the one the mirrored Deflector sends."""
    beams = [shoot(piece, travel, turned=False).last_effects() for piece in halves]
    mirrored = [effects for effects in beams if effects[0]["stop"] == "edge"]
    assert len(mirrored) == 1  # exactly one of the two halves reflects from this side
    assert shoot(switch, travel, turned=False).last_effects() == mirrored[0]
