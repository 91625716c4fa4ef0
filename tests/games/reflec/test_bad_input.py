"""Malformed and impossible input (rules §6, §9, §10): the documented error, naming the problem."""

from __future__ import annotations

import pytest

import abstracta
from abstracta import IllegalMove, NotationError

from .helpers import position

START2 = "M*6C*/8/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -"
START3 = "M*6C*/8/8/8/8/8/8/S*7 S2:6,M2:6,C2:6 S drop 0 0 -/-/- - -"
PLAY = "M*6C*/8/8/8/3Sn4/8/8/S*6A* S3:5,M2:6,C2:6,A2:6 S play 3 5 -/- - -"
BOARD = "M*6C*/8/8/8/8/8/8/S*6A*"


def rejects(text, mentions, **options):
    with pytest.raises(NotationError) as info:
        abstracta.load("reflec", **options).parse(text)
    message = str(info.value)
    for word in mentions if isinstance(mentions, tuple) else (mentions,):
        assert word in message, f"{message!r} does not mention {word!r}"
    return message


def test_the_valid_bases_parse():
    for text, players in ((START2, 2), (START3, 3)):
        assert abstracta.load("reflec", players=players).parse(text).notation() == text


@pytest.mark.parametrize(
    "text, mentions",
    [
        # fields
        (START2.rsplit(" ", 1)[0], ("8 fields", "expected 9")),
        (START2 + " -", "10 fields"),
        (START2.replace(" S ", "  S "), "single spaces"),
        (" " + START2, "single spaces"),
        (START2 + " ", "single spaces"),
        ("", "fields"),
        # board
        ("M*6C*/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "7 ranks"),
        ("M*6C*/8/8/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "9 ranks"),
        ("M*6C*/8/8/8/8/8/8/S*42A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "two digits in a row"),
        ("M*6C*/8/8/8/8/8/8/S*5A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", ("rank 1", "covers 7 squares")),
        ("M*6C*/8/8/8/8/8/8/S*7A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "covers 9 squares"),
        ("M*6C*/8/8/8/8/8/8/S*0A*6 S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "bad token '0A'"),
        ("M*6C*/8/8/8/8/8/8/S*6Ax S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "bad token 'Ax'"),
        ("M*6C*/8/8/8/8/8/8/S*6Bn S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "bad token"),
        ("M*6C*/8/8/8/8/8/8/S*6A S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "bad token 'A'"),
        ("M*6C*/8/8/8/8/8/8/S*6sn S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "bad token"),
        # suits
        (f"{BOARD} S2:6,M2:6,C2:6 S drop 0 0 -/- - -", ("3 entries", "expected 4")),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6,S2:6 S drop 0 0 -/- - -", "5 entries"),
        (f"{BOARD} M2:6,S2:6,C2:6,A2:6 S drop 0 0 -/- - -", "out of place"),
        (f"{BOARD} S6:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "suit entry 'S6:6'"),
        (f"{BOARD} S2:7,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "suit entry 'S2:7'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6y S drop 0 0 -/- - -", "suit entry 'A2:6y'"),
        (f"{BOARD} S2-6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -", "suit entry"),
        # acting, phase, tiles, turns
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 X drop 0 0 -/- - -", "acting suit 'X'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drops 0 0 -/- - -", "phase 'drops'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 5 0 -/- - -", "tiles '5'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 00 0 -/- - -", "tiles '00'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 01 -/- - -", "turns '01'"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 -1 -/- - -", "turns '-1'"),
        # swap lists, locked, touched
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 - - -", ("1 lists", "(2)")),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/-/- - -", "3 lists"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 c4xd5/- - -", "adjacent"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 c5xc4/- - -", "smaller first"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 c4-c5/- - -", "not a pair"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 c4xc5,b4xc4/- - -", "ascending order"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 c4xc5,c4xc5/- - -", "distinct"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- e4,c5 -", ("locked", "ascending")),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- c5,c5 -", "distinct"),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - i9", ("touched", "'i9' is not a square")),
        (f"{BOARD} S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - ", "single spaces"),
    ],
)
def test_malformed_positions_name_the_problem(text, mentions):
    rejects(text, mentions)


def test_suits_not_in_a_three_player_game():
    rejects(START2, ("suit 'A' is not in this game",), players=3)
    rejects("M*6C*/8/8/8/8/8/8/S*7 S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/-/- - -", ("4 entries", "expected 3"), players=3)
    rejects(START3.replace(" S drop", " A drop"), "acting suit 'A'", players=3)
    rejects(START3.replace("-/-/-", "-/-"), "2 lists", players=3)


@pytest.mark.parametrize(
    "text, options, mentions",
    [
        # V1: x with 3 or 4 players, n with 2
        (
            position({"d4": "Sn"}, players=3, destroyed="M", dice="322").replace("M2:6n", "M2:6x"),
            {"players": 3},
            ("V1 wrong flag", "flagged 'x'"),
        ),
        (position({"d4": "Sn"}, destroyed="M").replace("M2:6x", "M2:6n"), {}, ("V1 wrong flag", "flagged 'n'")),
        # V2: lasers
        (PLAY.replace("M*6C*", "7C*"), {}, ("V2 lasers", "suit M has 0")),
        (PLAY.replace("/8/8/8/3Sn4", "/M*7/8/8/3Sn4"), {}, ("V2 lasers", "suit M has 2")),
        (PLAY.replace("M2:6", "M2:6x"), {}, ("V2 lasers", "suit M is flagged destroyed")),
        # V3: coin counts
        (PLAY.replace("S3:5", "S3:6"), {}, ("V3 coin counts", "suit S has 1 coins on the board and 6")),
        (PLAY.replace("C2:6", "C2:2"), {}, ("V3 coin counts", "suit C")),
    ],
)
def test_impossible_positions_name_the_check(text, options, mentions):
    rejects(text, mentions, **options)


def test_v4_no_player_left():
    text = position({"d4": "Sn"}, players=3, destroyed="SMC", dice="322")
    rejects(text, "V4 no player left", players=3)


def test_v5_eliminated_player_with_a_swap_list():
    text = position({"c4": "Sn", "c5": "Cn"}, players=3, destroyed="M", dice="322", swaps="c4xc5/c4xc5/c4xc5")
    rejects(text, ("V5 eliminated player", "player 1"), players=3)


@pytest.mark.parametrize("locked, touched", [("c4", "-"), ("-", "c5"), ("-", "e5")])
def test_v6_lock_sets_hold_only_neutral_coins(locked, touched):
    # c4 holds S's own coin, c5 a neutral M coin, e5 nothing.
    text = position({"c4": "Sn", "c5": "Mn"}, players=4, destroyed="M", dice="3222", locked=locked, touched=touched)
    if touched == "c5":
        abstracta.load("reflec", players=4).parse(text)  # fine
        return
    rejects(text, "V6 lock sets", players=4)


@pytest.mark.parametrize(
    "text, mentions",
    [
        (START2.replace("S2:6", "S3:6"), "every die shows 2"),
        (START2.replace(" 0 0 ", " 1 0 "), "tiles and turns are 0"),
        (START2.replace(" 0 0 ", " 0 3 "), "tiles and turns are 0"),
        (START2.replace("-/-", "c4xc5/-"), "swap lists"),
        (START2.replace(" S drop", " M drop"), "after 0 drops suit S acts"),
        ("M*6C*/8/8/8/3Sn4/8/8/S*6A* S2:5,M2:6,C2:6,A2:6 C drop 0 0 -/- - -", "after 1 drops suit M acts"),
        ("M*6C*/8/8/8/3MnMn3/8/8/S*6A* S2:6,M2:4,C2:6,A2:6 S drop 0 0 -/- - -", "strict rotation"),
        (
            "M*CnCnCnCnCnCnC*/AnAnAnAnAnAnMnMn/MnMnMnMn4/SnSnSnSnSnSn2/8/8/8/S*6A* S2:0,M2:0,C2:0,A2:0 S drop 0 0 -/- - -",
            "drop round is over",
        ),
        (position({"c4": "Sn"}, destroyed="M", phase="drop", dice="2222", tiles=0, turns=0), "flagged destroyed"),
    ],
)
def test_v7_drop_round(text, mentions):
    rejects(text, ("V7 drop round", mentions))


def test_v8_acting_suit_without_laser_in_an_unfinished_game():
    text = position({"d4": "Cn"}, destroyed="S", acting="S", dice="2232")
    rejects(text, "V8 play phase")
    # Once the game is won, the acting suit may be the one that just lost its laser (D15).
    won = position({"a3": "Ss"}, players=3, destroyed="SC", dice="322", tiles=0)
    state = abstracta.load("reflec", players=3).parse(won)
    assert state.over and state.returns() == [-1.0, 1.0, -1.0]


def test_unreachable_but_consistent_positions_are_accepted():
    # T = 1 with die 0 (E8), and a die of 5 with T = 3.
    for text in (position({"d4": "Sn"}, dice="0222", tiles=1), position({"d4": "Sn"}, dice="5222", tiles=3)):
        assert abstracta.load("reflec").parse(text).notation() == text


def test_non_strings_are_refused():
    with pytest.raises(NotationError, match="string"):
        abstracta.load("reflec").parse(None)


# -- from_json ---------------------------------------------------------------------------------


LASER = {"kind": "laser", "owner": 0, "suit": "S"}
REMOVE = {"kind": "remove", "cell": "a1", "piece": LASER, "cause": "beam"}
END = {"kind": "end", "reason": "last player left", "winners": [0]}


def test_from_json_reads_effects_saved_in_the_old_kinds():
    """Entries saved before Reflec used the shared effect kinds read as today's."""
    game = abstracta.load("reflec")
    state = game.parse(PLAY).play("*e")  # along rank 1 into A's laser
    old = [state.last_effects()[0], {"kind": "destroyed", "square": "h1", "suit": "A"}]
    assert game.from_json({**state.to_json(), "last_effects": old}).last_effects() == state.last_effects()
    four = abstracta.load("reflec", players=4)
    saved = {"game": "reflec", "options": {"players": 4}, "position": "7C*/8/8/8/8/8/8/S*6A* S3:6,M2:6n,C2:6,A2:6 S play 3 8 -/-/-/- - -"}
    read = four.from_json({**saved, "last_effects": [
        {"kind": "removed", "square": "b3", "piece": "Ce"}, {"kind": "removed", "square": "b4", "piece": "Mn"},
        {"kind": "eliminated", "player": 1, "suits": ["M"]}, {"kind": "winner", "player": 0}, {"kind": "draw", "turns": 3},
    ]})
    assert read.last_effects() == [
        {"kind": "remove", "cell": "b3", "piece": {"kind": "coin", "owner": 2, "suit": "C", "facing": "e"}, "cause": "loop"},
        {"kind": "remove", "cell": "b4", "piece": {"kind": "coin", "owner": None, "suit": "M", "facing": "n"}, "cause": "loop"},
        {"kind": "eliminate", "player": 1, "suits": ["M"]},
        {"kind": "end", "reason": "last player left", "winners": [0]},
        {"kind": "end", "reason": "turn limit", "winners": [], "turns": 3},
    ]


def test_from_json_round_trips_effects_and_refuses_bad_data():
    game = abstracta.load("reflec")
    state = game.parse(PLAY).play("*e")  # along rank 1 into A's laser
    data = state.to_json()
    assert game.from_json(data).last_effects() == state.last_effects()
    bare = game.from_json({"game": "reflec", "position": PLAY})  # no last_effects: read as []
    assert bare.notation() == PLAY and bare.last_effects() == []
    three = game.from_json({"game": "reflec", "options": {"players": 3}, "position": START3})
    assert three.game.num_players == 3  # the saved options decide the game
    for bad, mention in (
        ([], "object"),
        ({"game": "quin", "position": PLAY}, "quin"),
        ({"game": "reflec"}, "position"),
        ({"game": "reflec", "position": PLAY, "options": {"players": 7}}, "options"),
        ({"game": "reflec", "position": PLAY, "last_effects": {}}, "list"),
        ({"game": "reflec", "position": PLAY, "last_effects": [{"kind": "boom"}]}, "known kind"),
        ({"game": "reflec", "position": PLAY, "last_effects": [{"kind": "end"}]}, "exactly the keys"),
        ({"game": "reflec", "position": PLAY, "last_effects": [{"kind": "eliminate", "player": 2, "suits": []}]},
         "bad player"),
        ({"game": "reflec", "position": PLAY, "last_effects": [END | {"winners": [2]}]}, "bad winners"),
        ({"game": "reflec", "position": PLAY, "last_effects": [END | {"winners": []}]}, "bad winners"),
        ({"game": "reflec", "position": PLAY, "last_effects": [REMOVE | {"piece": LASER | {"suit": "SM"}}]}, "bad piece"),
        ({"game": "reflec", "position": PLAY, "last_effects": [REMOVE | {"cause": "loop"}]}, "a loop removes coins"),
        ({"game": "reflec", "position": PLAY, "last_effects": [{"kind": "winner"}]}, "known kind"),  # an old kind, malformed
    ):
        with pytest.raises(NotationError, match=mention):
            game.from_json(bad)


# -- illegal moves -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, why",
    [
        ("c3-c4q", "not a Reflec move"),
        ("S@d4n", "not empty"),
        ("A@d5n", "neither yours nor neutral"),
        ("M@e5n", "neither yours nor neutral"),
        ("d4=n", "already faces n"),
        ("e5=n", "holds no coin"),
        ("a8-a7", "does not hold S's laser"),
        ("e4-e5e", "neither yours nor neutral"),
        ("d4-e4e", "e4 is not empty"),
        ("d4xd5", "holds no coin"),
        ("end", "must still be spent"),
        (7, "a move is a string"),
    ],
)
def test_illegal_moves_say_why(move, why):
    text = position({"d4": "Sn", "e4": "Mn"}, dice="3222")
    state = abstracta.load("reflec").parse(text)
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert repr(move) in str(info.value) and why in str(info.value)
    assert state.notation() == text
