"""Rules of Reflec beyond the worked examples: options, drop round, points, actions, beams,
elimination, neutral coins and locks, swap records, the end (rules §3-§8)."""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta import IllegalMove

from .helpers import fields, parse, position, suit_entry


def game(**options):
    return abstracta.load("reflec", **options)


# -- options (§3) ------------------------------------------------------------------------------


def test_options_and_players():
    assert game().options == {"max_turns": None, "players": 2}
    for players in (2, 3, 4):
        g = game(players=players)
        assert g.num_players == players and g.options["players"] == players
    assert game(max_turns=12).options == {"max_turns": 12, "players": 2}


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 5}, {"players": "3"}, {"max_turns": 0}, {"colour": 1}])
def test_bad_options_are_value_errors(options):
    with pytest.raises(ValueError) as info:
        game(**options)
    if "colour" in options:
        assert "max_turns" in str(info.value) and "players" in str(info.value)


# -- drop round (§5.1) -------------------------------------------------------------------------


@pytest.mark.parametrize("players, drops", [(2, 24), (3, 18), (4, 24)])
def test_drop_round_is_a_strict_rotation_then_s_starts(players, drops):
    rng = random.Random(players)
    state = game(players=players).start()
    letters = "SMC" if players == 3 else "SMCA"
    for ply in range(drops):
        assert fields(state)["phase"] == "drop" and state.seat == letters[ply % len(letters)]
        moves = state.moves()
        assert all(m.startswith(state.seat + "@") for m in moves)
        empty = 64 - len(letters) - ply
        assert len(moves) == 4 * empty
        state = state.play(rng.choice(moves))
        assert state.last_effects() == []
    f = fields(state)
    assert (f["phase"], f["acting"], f["tiles"], f["turns"]) == ("play", "S", "3", "0")
    assert suit_entry(state, "S") == "S3:0"  # die 2 -> 3 at the first turn start
    assert all(entry[1] == "2" for entry in f["suits"].split(",")[1:])


def test_drop_round_refuses_other_suits_and_occupied_squares():
    state = game().start().play("S@c3n")
    assert state.seat == "M"
    for move in ("S@d4n", "C@d4n", "M@c3n", "M@a1n", "c3=e", "*n", "end"):
        with pytest.raises(IllegalMove) as info:
            state.play(move)
        assert repr(move) in str(info.value)


# -- action points (§5.2) ----------------------------------------------------------------------
POINTS_PIECES = {"d4": "Sn", "e4": "Mn"}
# Every action with its cost: move coin, move laser, spin, drop, swap, and a shot straight off the board.
COSTS = {"d4-d5n": 1, "a1-b1": 1, "d4=e": 1, "S@e5n": 2, "d4xe4": 2, "*s": 3}


@pytest.mark.parametrize("tiles", range(5))
@pytest.mark.parametrize("die", range(6))
@pytest.mark.parametrize("move", list(COSTS))
def test_points_are_paid_from_the_tiles_first_then_from_the_die(tiles, die, move):
    state = parse(position(POINTS_PIECES, dice=f"{die}222", tiles=tiles))
    cost = COSTS[move]
    if cost > tiles + die:
        assert move not in state.moves()
        with pytest.raises(IllegalMove, match=f"costs {cost}"):
            state.play(move)
        return
    assert move in state.moves()
    after = state.play(move)
    from_tiles = min(cost, tiles)
    assert fields(after)["tiles"] == str(tiles - from_tiles)
    assert suit_entry(after, "S") == f"S{die - (cost - from_tiles)}:{5 - (move == 'S@e5n')}"
    assert fields(after)["suits"].split(",")[1:] == fields(state)["suits"].split(",")[1:]  # other dice untouched
    assert after.seat == "S"  # a turn never ends by itself


@pytest.mark.parametrize("tiles, die, end_listed", [(0, 0, True), (0, 3, True), (1, 2, False), (3, 0, False)])
def test_end_needs_the_tile_points_spent(tiles, die, end_listed):
    state = parse(position(POINTS_PIECES, dice=f"{die}222", tiles=tiles))
    moves = state.moves()
    assert ("end" in moves) is end_listed
    if tiles == 0 and die == 0:
        assert moves == ["end"]
    if not end_listed:
        with pytest.raises(IllegalMove, match="must still be spent"):
            state.play("end")


def test_die_points_are_optional_once_the_tile_points_are_spent():
    state = parse(position(POINTS_PIECES, dice="4222", tiles=1)).play("d4=e")
    assert (fields(state)["tiles"], suit_entry(state, "S")) == ("0", "S4:5")
    assert "end" in state.moves() and "*n" in state.moves()  # stop now, or spend the die
    m_turn = state.play("end")
    assert m_turn.seat == "M" and suit_entry(m_turn, "S") == "S4:5"  # the die keeps its points


def test_turn_start_raises_the_die_or_gives_a_fourth_tile_point():
    state = parse(position(POINTS_PIECES, dice="0252", tiles=0))
    m_turn = state.play("end")  # M: die 2 -> 3, T = 3
    assert (m_turn.seat, suit_entry(m_turn, "M"), fields(m_turn)["tiles"]) == ("M", "M3:5", "3")
    state = parse(position(POINTS_PIECES, dice="0522", tiles=0))
    m_turn = state.play("end")  # M: die stays 5, T = 4
    assert (suit_entry(m_turn, "M"), fields(m_turn)["tiles"]) == ("M5:5", "4")


# -- actions (§6.2) ----------------------------------------------------------------------------


def test_coin_moves_take_any_facing_and_spins_must_change_it():
    state = parse(position({"d4": "Sn", "d5": "Mn"}))
    moves = state.moves()
    assert [m for m in moves if m.startswith("d4-")] == [
        f"d4-{to}{f}" for to in ("c4", "d3", "e4") for f in "ensw"
    ]  # d5 is occupied; the current facing n is allowed
    assert [m for m in moves if m.startswith("d4=")] == ["d4=e", "d4=s", "d4=w"]
    assert not [m for m in moves if m.startswith("d5")]  # M's coin is player 1's


def test_only_the_acting_suits_laser_moves_and_only_onto_empty_squares():
    state = parse(position({"a2": "Cn"}))
    laser_moves = [m for m in state.moves() if len(m) == 5 and m[2] == "-"]
    assert laser_moves == ["a1-b1"]  # a2 holds a coin; C's and the others' lasers stay
    after = state.play("a1-b1")
    assert fields(after)["board"].endswith("/1S*5A*")


def test_two_player_drops_cover_both_suits_of_the_player():
    state = parse(position({"d4": "Sn", "e4": "Cn"}))
    drops = {m[0] for m in state.moves() if "@" in m}
    assert drops == {"C", "S"}


def test_swap_trades_suits_and_keeps_each_squares_facing():
    state = parse(position({"c4": "Se", "c5": "Mw"}))
    after = state.play("c4xc5")
    assert after.notation().split()[0] == position({"c4": "Me", "c5": "Sw"}).split()[0]
    assert fields(after)["swaps"] == "c4xc5/c4xc5"


# The swap condition (§6.2), 4 players, S acting, M and C neutral.
SWAP_CASES = [
    ({"c3": "Sn", "c4": "An"}, True),  # yours with another player's
    ({"c3": "Sn", "c4": "Mn"}, True),  # neutral with yours
    ({"c3": "Mn", "c4": "An"}, True),  # neutral with another player's
    ({"c3": "Mn", "c4": "Cn"}, True),  # two neutral coins of different suits
    ({"c3": "Mn", "c4": "Ms"}, False),  # two neutral coins of one suit
    ({"c3": "Sn", "c4": "Se"}, False),  # two of yours
    ({"c3": "An", "c4": "As"}, False),  # two of another player's
]


@pytest.mark.parametrize("pieces, allowed", SWAP_CASES)
def test_swap_condition_four_players(pieces, allowed):
    text = position(pieces, players=4, destroyed="MC", dice="3222")
    state = parse(text, players=4)
    assert ("c3xc4" in state.moves()) is allowed


def test_swap_condition_two_coins_of_two_other_players():
    state = parse(position({"c3": "Cn", "c4": "An"}, players=4), players=4)
    assert "c3xc4" not in state.moves()
    state = parse(position({"c3": "Sn", "c4": "Cn", "d3": "Ce"}, players=2))
    assert [m for m in state.moves() if "x" in m] == []  # S and C are both player 0's


def test_swap_record_is_per_player_and_emptied_at_the_end_of_its_turn():
    state = parse(position({"c4": "Se", "c5": "Mw", "d4": "Ce"}, tiles=2))
    state = state.play("c4xc5")
    assert "c4xc5" not in state.moves()  # barred for the rest of S's turn
    m_turn = state.play("end")
    assert fields(m_turn)["swaps"] == "-/c4xc5"  # S's record emptied, M's kept
    assert "c4xc5" not in m_turn.moves()  # M (player 1) may not undo it
    assert "c4xd4" in m_turn.moves()  # M's coin, now on c4, with C's
    # M ends (after spending its points), C's turn: player 0's record is empty, so c4xc5 is back.
    m_turn = m_turn.play("c4=n").play("c4=w").play("c4=s")
    c_turn = m_turn.play("end")
    assert c_turn.seat == "C" and fields(c_turn)["swaps"] == "-/-"
    assert "c4xc5" in c_turn.moves()


def test_swap_record_skips_eliminated_players():
    text = position({"c4": "Se", "c5": "Cw"}, players=4, destroyed="M", dice="3222")
    after = parse(text, players=4).play("c4xc5")
    assert fields(after)["swaps"] == "c4xc5/-/c4xc5/c4xc5"


# -- the beam (§7.1-§7.3) -------------------------------------------------------------------------


def test_a_coin_pointing_back_at_the_firer_destroys_its_own_laser_four_players():
    text = position({"a3": "Ss", "d4": "Mn"}, players=4, dice="3222", turns=4)
    after = parse(text, players=4).play("*n")
    assert after.last_effects() == [
        {"kind": "beam", "suit": "S", "from": "a1", "dir": "n", "path": ["a2", "a3", "a2", "a1"], "hits": ["a3"], "stop": "laser"},
        {"kind": "remove", "cell": "a1", "piece": {"kind": "laser", "owner": 0, "suit": "S"}, "cause": "beam"},
        {"kind": "eliminate", "player": 0, "suits": ["S"]},
    ]
    f = fields(after)
    assert suit_entry(after, "S") == "S3:5n"
    assert (f["acting"], f["tiles"], f["turns"]) == ("M", "3", "5")  # S's turn ended at once
    assert after.player == 1 and after.scores() == [0, 1, 1, 1]
    assert "a3=e" in after.moves()  # S's coin is neutral now, M may spin it


def test_a_beam_leaving_the_board_wastes_the_shot():
    state = parse(position({"a3": "Sw", "d4": "Mn"}, dice="4222"))
    after = state.play("*n")
    assert after.last_effects() == [
        {"kind": "beam", "suit": "S", "from": "a1", "dir": "n", "path": ["a2", "a3"], "hits": ["a3"], "stop": "edge"}
    ]
    assert fields(after)["board"] == fields(state)["board"]
    assert (fields(after)["tiles"], suit_entry(after, "S")) == ("0", "S4:5")


def test_a_loop_removes_exactly_the_coins_from_the_first_repeated_coin_on():
    # a2 turns the beam east into the loop c2 -> c4 -> e4 -> e2 -> c2; a2 itself is not in it.
    pieces = {"a2": "Se", "c2": "Mn", "c4": "Ce", "e4": "As", "e2": "Sw", "g6": "Mn"}
    state = parse(position(pieces))
    after = state.play("*n")
    effects = after.last_effects()
    assert effects[0]["path"] == ["a2", "b2", "c2", "c3", "c4", "d4", "e4", "e3", "e2", "d2", "c2"]
    assert effects[0]["hits"] == ["a2", "c2", "c4", "e4", "e2"]
    assert effects[0]["stop"] == "loop"
    assert effects[1:] == [
        {"kind": "remove", "cell": "c2", "piece": {"kind": "coin", "owner": 1, "suit": "M", "facing": "n"}, "cause": "loop"},
        {"kind": "remove", "cell": "c4", "piece": {"kind": "coin", "owner": 0, "suit": "C", "facing": "e"}, "cause": "loop"},
        {"kind": "remove", "cell": "e4", "piece": {"kind": "coin", "owner": 1, "suit": "A", "facing": "s"}, "cause": "loop"},
        {"kind": "remove", "cell": "e2", "piece": {"kind": "coin", "owner": 0, "suit": "S", "facing": "w"}, "cause": "loop"},
    ]
    assert after.notation() == position({"a2": "Se", "g6": "Mn"}, dice="3222", tiles=0)
    assert after.seat == "S"  # the turn goes on


def test_a_loop_takes_its_squares_out_of_the_lock_sets():
    # 3 players, M neutral: the loop d2 -> d4 -> f4 -> f2 -> d2 holds a locked and a touched coin.
    pieces = {"b2": "Me", "d2": "Mn", "d4": "Me", "f4": "Ms", "f2": "Mw", "h5": "Cn", "a5": "Sn"}
    text = position(pieces, players=3, destroyed="M", dice="322", locked="b2,d4", touched="f2", lasers={"S": "b1", "C": "h8"})
    after = parse(text, players=3).play("*n")
    assert [e["cell"] for e in after.last_effects()[1:]] == ["d2", "d4", "f4", "f2"]
    assert all(e["piece"]["owner"] is None for e in after.last_effects()[1:])  # neutral M coins belong to no one
    assert (fields(after)["locked"], fields(after)["touched"]) == ("b2", "-")  # b2 hit before the loop stays


def test_the_beam_hits_any_laser_in_its_path():
    state = parse(position({"d4": "Mn"}, dice="3222"))
    after = state.play("*e")  # along rank 1 into A's laser on h1
    assert after.last_effects()[-1] == {
        "kind": "remove", "cell": "h1", "piece": {"kind": "laser", "owner": 1, "suit": "A"}, "cause": "beam"
    }


# -- elimination and neutral coins (§2, §7.3) -------------------------------------------------------


def test_two_players_the_first_destroyed_laser_eliminates_no_one():
    state = parse(position({"d4": "Mn", "c3": "An"}, dice="4222"))
    after = state.play("*n")  # straight up the a-file into M's laser on a8
    assert [e["kind"] for e in after.last_effects()] == ["beam", "remove"]
    assert suit_entry(after, "M") == "M2:5x" and after.scores() == [2, 1] and not after.over
    # M's coin stays player 1's: S may not handle it, nor swap it with A's (both player 1's).
    assert not [m for m in after.moves() if m.startswith("d4") or "c3xd3" in m]
    # M takes no more turns: after S comes C (player 0 again), then A.
    c_turn = after.play("end")
    assert (c_turn.seat, c_turn.player) == ("C", 0)
    a_turn = c_turn.play("h8-h7").play("h7-h6").play("h6-h5").play("end")
    assert (a_turn.seat, a_turn.player) == ("A", 1)
    assert "d4=e" in a_turn.moves()  # player 1 still handles M's coins


def test_two_players_a_destroyed_suits_coins_can_still_be_dropped_by_its_player():
    # D20: S destroyed, player 0's C turn drops S coins from the supply.
    text = position({"d4": "Cn"}, destroyed="S", acting="C", dice="2232")
    drops = {m[0] for m in parse(text).moves() if "@" in m}
    assert drops == {"C", "S"}


def three_player_elimination():
    """S destroys M's laser; M's coin on d4 becomes neutral."""
    text = position({"d4": "Mn", "e6": "Sn"}, players=3, dice="522", tiles=3, turns=10)
    return parse(text, players=3).play("*n")


def test_three_players_elimination_makes_coins_neutral():
    after = three_player_elimination()
    assert [e["kind"] for e in after.last_effects()] == ["beam", "remove", "eliminate"]
    assert after.last_effects()[1]["piece"] == {"kind": "laser", "owner": 1, "suit": "M"}  # M's until destroyed
    assert after.last_effects()[2] == {"kind": "eliminate", "player": 1, "suits": ["M"]}
    assert suit_entry(after, "M") == "M2:5n" and after.scores() == [1, 0, 1]
    moves = after.moves()
    assert "d4-d5n" in moves and "d4=e" in moves  # the neutral coin can be handled now
    assert "M@b2n" in moves  # and the neutral supply dropped from


def test_neutral_lock_applies_the_next_turn_only():
    after = three_player_elimination().play("d4-d5n")
    assert fields(after)["touched"] == "d5"
    c_turn = after.play("end")  # M is out: C acts next
    assert c_turn.seat == "C" and fields(c_turn)["locked"] == "d5" and fields(c_turn)["touched"] == "-"
    assert not [m for m in c_turn.moves() if "d5" in m.split("@")[0]]
    with pytest.raises(IllegalMove, match="locked"):
        c_turn.play("d5=e")
    s_turn = c_turn.play("C@b2n").play("b2=e").play("end")  # C touches no neutral coin
    assert s_turn.seat == "S" and fields(s_turn)["locked"] == "-"
    assert "d5=e" in s_turn.moves()


def test_the_neutral_supply_is_never_locked():
    # D17: C may still drop neutral M coins while the M coin S dropped last turn is locked.
    after = three_player_elimination().play("M@b2n")
    assert fields(after)["touched"] == "b2"
    c_turn = after.play("end")
    assert fields(c_turn)["locked"] == "b2"
    assert "M@c2n" in c_turn.moves() and "b2=e" not in c_turn.moves()


def test_a_swap_moves_the_touched_mark_with_the_neutral_coin():
    # §5.3 table, 4 players, M and C neutral: c4 (touched, neutral M) swaps with S's own coin on c5.
    pieces = {"c4": "Mn", "c5": "Se", "e4": "Mn", "e5": "Cw"}
    text = position(pieces, players=4, destroyed="MC", dice="3222", touched="c4")
    after = parse(text, players=4).play("c4xc5")
    swapped = position(dict(pieces, c4="Sn", c5="Me"), players=4, destroyed="MC", dice="3222")
    assert fields(after)["board"] == swapped.split(" ")[0]
    assert fields(after)["touched"] == "c5"  # c4 now holds S's coin; the neutral coin is on c5
    after = after.play("e4xe5")  # two neutral coins of different suits: both squares touched
    assert fields(after)["touched"] == "c5,e4,e5"


def test_a_spin_of_a_neutral_coin_is_touched_and_an_own_coin_is_not():
    text = position({"c4": "Mn", "c6": "Se"}, players=4, destroyed="M", dice="3222")
    after = parse(text, players=4).play("c6=n")
    assert fields(after)["touched"] == "-"
    assert fields(after.play("c4=e"))["touched"] == "c4"


def test_neutral_lock_follows_the_coin_within_the_turn():
    after = three_player_elimination().play("d4-d5n").play("d5=e")
    assert fields(after)["touched"] == "d5"
    after = after.play("d5-d6n")
    assert fields(after)["touched"] == "d6"
    after = after.play("M@c7s")  # a neutral drop is touched too
    assert fields(after)["touched"] == "c7,d6"


def test_only_coins_neutral_at_the_time_are_touched():
    # S swaps its coin with M's (M still alive), then destroys M: nothing is recorded as touched.
    text = position({"d4": "Sn", "d5": "Mn", "h3": "Cw"}, players=3, dice="522", tiles=3, turns=10)
    state = parse(text, players=3).play("d4xd5").play("*n")
    assert suit_entry(state, "M") == "M2:5n"
    assert fields(state)["touched"] == "-"
    state = state.play("d4=e")  # the M coin on d4 is neutral now
    assert fields(state)["touched"] == "d4"


def test_a_suit_destroying_its_own_laser_can_leave_the_other_player_winner():
    # D15: 3 players, C already out; S shoots itself and M wins. Nothing else changes.
    text = position({"a3": "Ss"}, players=3, destroyed="C", dice="322", turns=9)
    after = parse(text, players=3).play("*n")
    assert [e["kind"] for e in after.last_effects()] == ["beam", "remove", "eliminate", "end"]
    assert after.last_effects()[-1] == {"kind": "end", "reason": "last player left", "winners": [1]}
    assert after.over and after.returns() == [-1.0, 1.0, -1.0]
    f = fields(after)
    assert (f["acting"], f["tiles"], f["turns"]) == ("S", "0", "9")


def test_two_players_destroying_the_last_own_laser_makes_the_opponent_winner():
    # C is already destroyed; S's beam turns back at a3 into its own laser: player 0 is out.
    text = position({"a3": "Ss"}, destroyed="C", dice="3222", turns=9)
    after = parse(text).play("*n")
    assert after.last_effects()[1:] == [
        {"kind": "remove", "cell": "a1", "piece": {"kind": "laser", "owner": 0, "suit": "S"}, "cause": "beam"},
        {"kind": "eliminate", "player": 0, "suits": ["S", "C"]},
        {"kind": "end", "reason": "last player left", "winners": [1]},
    ]
    assert after.over and after.returns() == [-1.0, 1.0] and after.scores() == [0, 2]
    f = fields(after)
    assert (f["acting"], f["tiles"], f["turns"], f["suits"]) == ("S", "0", "9", "S3:5x,M2:6,C2:6x,A2:6")
    assert parse(after.notation()).over  # and the frozen position reads back as won


# -- the end (§8) ------------------------------------------------------------------------------------


def test_max_turns_reached_by_destroying_the_own_laser():
    text = position({"a4": "Ss"}, dice="3222", tiles=0, turns=3)
    after = parse(text, max_turns=4).play("*n")
    assert [e["kind"] for e in after.last_effects()] == ["beam", "remove", "end"]
    assert after.last_effects()[-1] == {"kind": "end", "reason": "turn limit", "winners": [], "turns": 4}
    assert after.over and after.returns() == [0.0, 0.0] and after.player is None
    assert fields(after)["acting"] == "M"  # the next turn was set up before the cap ended the game


def test_positions_at_or_past_the_cap_are_over():
    text = position({"d4": "Sn"}, turns=7)
    assert parse(text, max_turns=7).over and parse(text, max_turns=5).over
    assert not parse(text, max_turns=8).over


# -- game facts (§1) -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_perfect_information_and_no_chance(players):
    g = game(players=players)
    assert (g.slug, g.title, g.num_players) == ("reflec", "Reflec", players)
    state = g.start()
    for _ in range(3):
        assert state.player != abstracta.CHANCE and state.chance() == []
        assert all(state.view(p) is state for p in range(players))
        state = state.play(state.moves()[0])
