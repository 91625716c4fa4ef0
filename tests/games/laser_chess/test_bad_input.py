"""Malformed and impossible input (rules §3, §6.1, §9): the documented error, naming the problem."""

from __future__ import annotations

import copy

import pytest

import abstracta
from abstracta import IllegalMove, NotationError
from tests.games.laser_chess.effects import removal

SLUG = "laser-chess"
ACE = "ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b"
BARE = "ls4k4/10/10/10/10/10/10/4K4Ln b"  # the two Lasers and Kings only


def rejects(text, mentions, **options):
    with pytest.raises(NotationError) as info:
        abstracta.load(SLUG, **options).parse(text)
    message = str(info.value)
    for word in mentions if isinstance(mentions, tuple) else (mentions,):
        assert word in message, f"{message!r} does not mention {word!r}"
    return message


# -- the three cases the issue names -------------------------------------------------------


def test_two_blue_kings():
    rejects("ls4k4/10/10/10/4K5/10/10/4K4Ln b", ("P3", "Blue has 2 Kings", "at most 1"))


def test_a_red_piece_on_a_square_red_may_not_enter():
    rejects("ls4k4/10/10/9dne/10/10/10/4K4Ln b", ("P4", "Red Deflector", "j5", "Red may not enter"))


def test_a_rank_of_11_squares():
    rejects("ls4k5/10/10/10/10/10/10/4K4Ln b", ("P1", "rank 8", "11 squares", "expected 10"))


# -- grammar (P1) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, mentions",
    [
        (BARE.split()[0], "1 fields"),
        (BARE + " 0", ("3 fields", "only when max_plies is set")),
        ("", "fields"),
        (" " + BARE, "fields"),
        (BARE + " ", "fields"),
        (BARE.replace(" ", "  "), "fields"),
        (BARE.replace(" ", "\t"), "fields"),
        ("ls4k4/10/10/10/10/10/4K4Ln b", "7 ranks"),
        ("ls4k4/10/10/10/10/10/10/10/4K4Ln b", "9 ranks"),
        ("ls4k4/10/10/10/10/10/9/4K4Ln b", ("rank 2", "9 squares")),
        ("ls4k4/10/10/10/10/10//4K4Ln b", ("rank 2", "0 squares")),
        ("ls4k4/10/10/10/10/10/55/4K4Ln b", ("rank 2", "'55'", "one number per run")),
        ("ls4k4/10/10/10/10/10/010/4K4Ln b", ("rank 2", "'010'")),
        ("ls4k4/10/10/10/10/10/0/4K4Ln b", ("rank 2", "'0'")),
        ("ls4k4/11/10/10/10/10/10/4K4Ln b", ("rank 7", "'11'")),
        ("ls4k4/10/10/10/10/10/10/4K4Lx b", ("rank 1", "Laser", "facing")),
        ("ls4k4/10/10/10/4X5/10/10/4K4Ln b", ("rank 4", "unknown piece letter 'X'")),
        ("ls4k4/10/10/10/4Dn5/10/10/4K4Ln b", ("rank 4", "Deflector", "'n5'")),
        ("ls4k4/10/10/10/4Sse4/10/10/4K4Ln b", ("rank 4", "Switch", "'se'")),
        ("ls4k4/10/10/10/4DNE4/10/10/4K4Ln b", ("rank 4", "Deflector", "'NE'")),
        ("ls4k4/10/10/10/4B5/10/10/4K4Ln b", ("rank 4", "Defender", "'5'")),
        ("ls4k4/10/10/10/4Kn4/10/10/4K4Ln b", ("rank 4", "unknown piece letter 'n'")),
        ("ls4k4/10/10/10/4４5/10/10/4K4Ln b", ("rank 4", "unknown piece letter")),
        (BARE[:-1] + "B", "side 'B'"),
        (BARE[:-1] + "w", "side 'w'"),
    ],
)
def test_malformed_notation(text, mentions):
    rejects(text, mentions)


def test_ply_field_rules():
    rejects(BARE + " 01", ("P5", "'01'"), max_plies=10)
    rejects(BARE + " -1", ("P5", "'-1'"), max_plies=10)
    rejects(BARE + " 11", ("P5", "exceeds max_plies=10"), max_plies=10)
    assert abstracta.load(SLUG, max_plies=10).parse(BARE).notation() == BARE + " 0"  # may be omitted


# -- impossible positions (P2-P4) --------------------------------------------------------------


@pytest.mark.parametrize(
    "text, mentions",
    [
        ("1s4k4/10/10/10/10/10/10/4K4Ln b", ("P1", "Switch 's' needs a facing")),  # 's' alone reads as a Switch
        ("Ks4k4/10/10/10/10/10/10/4K4Ln b", ("P1", "rank 8")),
        ("10/ls4k4/10/10/10/10/10/4K4Ln b", ("P2", "Red's Laser must stand on a8")),
        ("ln4k4/10/10/10/10/10/10/4K4Ln b", ("P2", "Red's Laser", "facing s or e", "found ln")),
        ("ls4k4/10/10/10/10/10/10/4K4Le b", ("P2", "Blue's Laser", "facing n or w", "found Le")),
        ("ls4k4/10/10/10/10/10/10/4K4Bn b", ("P2", "Blue's Laser", "found Bn")),
        ("Ls4k4/10/10/10/10/10/10/4K4Ln b", ("P2", "Red's Laser", "found Ls")),
        ("ls4k4/10/10/10/10/10/10/10 b", ("P2", "Blue's Laser", "found nothing")),
        ("ls9/10/10/10/10/10/10/9Ln b", ("P3", "no King")),
        ("lsk3k4/10/10/10/10/10/10/4K4Ln b", ("P3", "Red has 2 Kings")),
        ("ls4k4/10/10/10/SneSneSne7/10/10/4K4Ln b", ("P3", "Blue has 3 Switchs")),
        ("ls4k4/10/10/10/bnbnbn7/10/10/4K4Ln b", ("P3", "Red has 3 Defenders")),
        ("ls4k4/10/DneDneDneDne6/10/DneDneDneDne6/10/10/4K4Ln b", ("P3", "Blue has 8 Deflectors")),
        ("ls4k4/10/10/10/Bn9/10/10/4K4Ln b", ("P4", "Blue Defender", "a4", "Blue may not enter")),
        ("ls4k4/10/10/10/10/10/10/4K3BnLn b", ("P4", "i1")),
        ("ls4k3Sne/10/10/10/10/10/10/4K4Ln b", None),  # j8 is open to Blue: valid
        ("lsbn3k4/10/10/10/10/10/10/4K4Ln b", ("P4", "Red Defender", "b8")),
        ("ls4k4/10/10/10/10/10/10/1k2K4Ln b", ("P3", "Red has 2 Kings")),
    ],
)
def test_impossible_positions(text, mentions):
    if mentions is None:
        abstracta.load(SLUG).parse(text)
        return
    rejects(text, mentions)


def test_parse_refuses_what_is_not_a_string():
    for value in (None, 3, ["x"]):
        with pytest.raises(NotationError, match="string"):
            abstracta.load(SLUG).parse(value)


# -- options (§3) --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, mentions",
    [
        ({"setup": "ACE"}, ("setup", "'ace'", "'sophie'")),
        ({"setup": "lasers"}, ("setup", "'curiosity'", "'grail'", "'mercury'")),
        ({"setup": 1}, "setup"),
        ({"max_plies": 0}, "max_plies"),
        ({"max_plies": True}, "max_plies"),
        ({"max_plies": 2.0}, "max_plies"),
        ({"players": 2}, ("unknown option 'players'", "max_plies", "setup")),
    ],
)
def test_bad_options_list_the_valid_values(options, mentions):
    with pytest.raises(ValueError) as info:
        abstracta.load(SLUG, **options)
    for word in mentions if isinstance(mentions, tuple) else (mentions,):
        assert word in str(info.value)


# -- illegal moves (§6.1): refused, naming the move and why, state unchanged ----------------------


@pytest.mark.parametrize(
    "position, move, why",
    [
        (ACE, "e1-e1", "expected a step"),
        (ACE, "k1-k2", "expected a step"),
        (ACE, "c1-c3", "expected a step"),  # two squares away is not a move at all
        (ACE, "C1+", "expected a step"),
        (ACE, "c1 +", "expected a step"),
        (ACE, "a2-a3", "a2 is empty"),
        (ACE, "h8+", "not Blue's"),
        (ACE, "e1+", "King is never rotated"),
        (ACE, "e4-", "one rotation, written e4+"),
        (ACE, "j1+", "other direction with j1-"),
        (ACE, "j1-i1", "never moves"),
        (ACE, "c4-c5", "occupied, and only a Switch swaps"),
        (ACE, "e4-f4", "only with a Deflector or a Defender, not a Switch"),
        (ACE, "e4-e5", "only with a Deflector or a Defender, not a Switch"),
        (ACE, "draw", "occurred three times (now 1)"),
        ("ls4k4/10/8dneSne/9Dsw/10/10/10/4K4Ln b", "j6-i6", "Red Deflector would land on j6"),  # E5
        ("ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b", "i2-i1", "Blue may not enter i1"),  # E2
        ("ls4k4/10/10/10/10/10/8Snw1/4K4Ln b", "i2-j1", "Laser"),
        ("ls4k4/10/10/10/10/10/4K5/sne8Ln r", "a1-b1", "Red may not enter b1"),  # E7
        ("ls4k4/10/10/10/4Ksne4/10/10/9Ln b", "e4-f4", "only a Switch swaps"),
    ],
)
def test_illegal_moves_say_why(position, move, why):
    state = abstracta.load(SLUG).parse(position)
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    message = str(info.value)
    assert repr(move) in message and why in message, message
    assert position.split()[0] not in message  # the reason, not the position (issue 29)
    assert state.to_json() == before


def test_a_switch_never_swaps_with_a_king():
    state = abstracta.load(SLUG).parse("ls4k4/10/10/10/4Snw5/4K5/10/9Ln b")
    assert "e4-e3" not in state.moves()
    with pytest.raises(IllegalMove, match="not a King"):
        state.play("e4-e3")


def test_non_strings_are_refused():
    state = abstracta.load(SLUG).start()
    for move in (None, 3, ("c1+",), ["c1+"]):
        with pytest.raises(IllegalMove, match="a move is a string"):
            state.play(move)


def test_a_finished_game_refuses_every_move():
    state = abstracta.load(SLUG).parse("ls9/10/10/10/10/10/10/4K4Ln r")  # Red's King is gone
    assert state.over and state.returns() == [1.0, -1.0] and state.moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play("a8-")


# -- from_json (§9.3): J1-J4 -------------------------------------------------------------------------


def saved_after(moves):
    state = abstracta.load(SLUG).start()
    for move in moves:
        state = state.play(move)
    return state.to_json()


def test_from_json_rejects_inconsistent_saves():
    game = abstracta.load(SLUG)
    good = saved_after(["c1+", "h8+"])
    game.from_json(good)

    def broken(change):
        data = copy.deepcopy(good)
        change(data)
        return data

    cases = [
        ("not a dict", "J1"),
        (broken(lambda d: d.update(game="quin")), "J1"),
        (broken(lambda d: d.pop("position")), "J1"),
        (broken(lambda d: d.update(options={"setup": "nope"})), "saved options"),
        (broken(lambda d: d.update(history=[])), "J2"),
        (broken(lambda d: d.update(history="x")), "J2"),
        (broken(lambda d: d["history"].pop()), "J2: history ends with"),
        (broken(lambda d: d["history"].insert(0, d["history"][0])), "wrong side to move"),
        (broken(lambda d: d["history"].__setitem__(0, "10 b")), "P1"),
        (broken(lambda d: d.update(draw_claimed="yes")), "J3"),
        (broken(lambda d: d.update(draw_claimed=True)), "J3"),
        (broken(lambda d: d["last_effects"][0].update(stop="laser")), "J4"),
        (broken(lambda d: d["last_effects"][0]["path"].pop()), "J4"),
        (broken(lambda d: d["last_effects"].append(removal("e5", "K"))), "J4"),
        (broken(lambda d: d.update(last_effects="beam")), "J4"),
    ]
    claimed = abstracta.load(SLUG).start()
    for move in ["c1+", "h8+", "c1-", "h8-"] * 2 + ["draw"]:
        claimed = claimed.play(move)
    with_shot = claimed.to_json()
    with_shot["last_effects"] = good["last_effects"]
    cases.append((with_shot, "J3: a draw claim fires no shot"))
    for data, mentions in cases:
        with pytest.raises(NotationError, match=mentions):
            game.from_json(data)


def test_a_letter_whose_upper_case_is_a_piece_letter_is_not_one():
    # Regression: "ſ".upper() is "S", so the reader once looked up the token "ſne" and crashed
    # with KeyError instead of NotationError.
    rejects("ls4k4/10/10/10/4\u017fne4/10/10/4K4Ln b", ("P1", "rank 4", "unknown piece letter 'ſ'"))


def test_from_json_rejects_effects_no_shot_here_could_have_produced():
    """J4 (the spec leaves the depth of this check open): the saved shot must be the one the
    board before it fires, removing the named piece or nothing, and a King is missing exactly
    when the shot removed one."""
    game = abstracta.load(SLUG)
    quiet = game.parse("ls4k4/10/10/10/10/10/4K5/5be3Ln b").play("j1-").to_json()  # E3: blocked on f1
    game.from_json(quiet)
    beam = quiet["last_effects"][0]
    hit = game.parse("ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b").play("i2-j3").to_json()  # E2: removes j3
    game.from_json(hit)
    king = game.parse("ls4k4/10/10/10/4K5/8Dsw1/10/9Ln b").play("i3-j4").to_json()  # E8: Blue's King
    game.from_json(king)

    def with_effects(data, effects):
        return {**data, "last_effects": effects}

    # Each of these redraws to itself (the old J4 compared only that), yet no shot could give it.
    cases = [
        # The beam was blocked on f1, yet a piece off its path is said to have been removed.
        with_effects(quiet, [beam, removal("e3", "Bn")]),
        # A Blue Laser "removed" from h1: put back, it is a second Blue Laser, and a Laser stops beams.
        with_effects(quiet, [{**beam, "path": ["i1", "h1"], "stop": "laser"}, removal("h1", "Ln")]),
        # The beam ends on a Deflector it would remove (its s face is bare), yet nothing was removed.
        {
            **hit,
            "position": "ls4k4/10/10/10/10/9Dnw/10/4K4Ln r",
            "history": ["ls4k4/10/10/10/10/9Dnw/10/3K5Ln b", "ls4k4/10/10/10/10/9Dnw/10/4K4Ln r"],
            "last_effects": [{"kind": "beam", "from": "j1", "path": ["j2", "j3"], "stop": "removed"}],
        },
        # Red's King "removed" as a Blue King: put back, Blue would have two Kings.
        with_effects(
            game.parse("ls4k4/10/10/10/10/10/10/4K4Ln r").play("a8-").to_json(),  # Red hits its own King
            [{"kind": "beam", "from": "a8", "path": ["b8", "c8", "d8", "e8", "f8"], "stop": "removed"},
             removal("f8", "K")],
        ),  # fmt: skip
    ]
    for data in cases:
        with pytest.raises(NotationError, match="J4"):
            game.from_json(data)
    # A finished game whose last shot removed no King: the King went missing some other way.
    edge = {"kind": "beam", "from": "j1", "path": "j2 j3 j4 i4 h4 g4 f4 e4 d4 c4 b4 a4".split(), "stop": "edge"}
    with pytest.raises(NotationError, match="J4: .* a King is missing exactly when the last shot removed one"):
        game.from_json(with_effects(king, [edge]))


def test_from_json_history_may_not_hold_more_plies_than_were_played():
    game = abstracta.load(SLUG, max_plies=20)
    state = game.parse("ls4k4/10/10/10/10/10/10/4K4Ln b 1").play("e1-e2")
    data = state.to_json()
    assert data["position"].endswith(" 2") and len(data["history"]) == 2
    assert game.from_json(data).to_json() == data
    data["position"] = data["position"][:-1] + "0"  # two entries, yet no ply played
    with pytest.raises(NotationError, match="J2: history holds 1 plies, more than the 0 played"):
        game.from_json(data)
