"""Rules beyond the worked examples: options, turning edge cases, turn order, finished suits,
returns, a full game checked by hand, and the reasons given for illegal moves."""

from __future__ import annotations

import pytest

import abstracta
from abstracta import IllegalMove, NotationError

from .positions import SEED_42, W2_BEFORE, W5_BEFORE, W6_BEFORE, W9_BEFORE, W11_BEFORE
from .reference import Position


def load(**options):
    return abstracta.load("desfases", **options)


def cell(state, square):
    """The notation cell of ``square``, e.g. 'M4e+S2*C'."""
    rows = state.notation().split(" ")[0].split("/")
    return rows[5 - int(square[1])].split(",")["abcde".index(square[0])]


def facing(state, square):
    return cell(state, square)[2]


# -- options (§3) ------------------------------------------------------------------------------
def test_default_options_and_players():
    game = load()
    assert game.options == {"players": 4, "layout": None}
    assert game.num_players == 4 and game.title == "Desfases" and not game.has_chance


@pytest.mark.parametrize("given, players", [(4, 4), (2, 2), ("4", 4), ("2", 2)])
def test_players_accepts_ints_and_their_strings(given, players):
    game = load(players=given)
    assert game.num_players == players and game.options["players"] == players


@pytest.mark.parametrize("bad", [3, 1, 0, "3", "two", None, 4.0, True])
def test_bad_players_value_is_refused(bad):
    with pytest.raises(ValueError, match="players"):
        load(players=bad)


def test_unknown_option_lists_players_and_layout():
    with pytest.raises(ValueError, match="valid options: layout, players"):
        load(size=5)


def test_layout_fixes_the_start_and_ignores_the_seed():
    game = load(layout=SEED_42)
    assert game.start(seed=1).notation() == game.start(seed=99).notation() == game.start().notation() == SEED_42
    assert game.start(seed=1) == game.parse(SEED_42)


def test_invalid_layout_makes_load_raise_notation_error():
    with pytest.raises(NotationError, match="V2: tile S4 appears twice"):
        load(layout=SEED_42.replace("S5n", "S4n"))
    with pytest.raises(NotationError, match="option layout: a position is a string, got int"):
        load(layout=42)  # not a string: still an invalid layout, so NotationError (a ValueError)


def test_a_layout_may_be_any_valid_position():
    # Spec-silent choice: a layout is any position §9 accepts, not only a fresh setup. W2's mid-game
    # position has pawns on other suits' tiles (the Suns pawn on A5, b2), and W3's result is a feed step.
    assert cell(load().parse(W2_BEFORE), "b2") == "A5e*S"
    assert load(layout=W2_BEFORE).start(seed=3).moves()[0] == "b2-a1"
    feeding = load().parse(W2_BEFORE).play("b2-b1").play("hole").notation()
    assert load(players=2, layout=feeding).start().moves() == ["feed 4", "feed 5", "feed a", "feed n"]


def test_setup_does_not_depend_on_players():
    assert load(players=2).start(seed=77).notation() == load(players=4).start(seed=77).notation()


@pytest.mark.parametrize("seed", range(20))
def test_start_puts_each_pawn_on_its_own_tile_of_the_die_value(seed):
    state = load().start(seed)
    for suit, record in zip("SMCA", state.notation().split(" ")[1].split(";")):
        _, die, timer, reservoir, points, status = record.split(":")
        assert die == timer and die not in reservoir and len(reservoir) == 5 and points == "0" and status == "live"
        pawn_cells = [c for c in state.notation().split(" ")[0].replace("/", ",").split(",") if c.endswith("*" + suit)]
        assert pawn_cells == [f"{suit}{die}{'nesw'['SMCA'.index(suit)]}*{suit}"]


# -- turning (§5, §7; D7, D8) --------------------------------------------------------------------
def test_a_tile_under_its_own_pawn_does_not_turn():
    # Seed-42 layout, Suns acts: S4 on a1 carries the Suns pawn and keeps facing n; S5 on a4 is free.
    after = load().parse(SEED_42).play("a1-a4")
    assert (facing(after, "a1"), facing(after, "a4")) == ("n", "e")


def test_a_tile_under_another_suits_pawn_does_not_turn():
    # W2's position: S5 on a4 carries the Crowns pawn, so it stays n when Suns turns its tiles.
    state = load().parse(W2_BEFORE)
    assert cell(state, "a4") == "S5n*C"
    after = state.play("b2-b1")
    assert cell(after, "a4") == "S5n*C"
    assert "a4" not in {e["cell"] for e in after.last_effects() if e["kind"] == "rotate"}


@pytest.mark.parametrize("square, written", [("b3", "S2w+M3"), ("e5", "S3s+Cn")])
def test_a_tile_under_a_scoring_coin_does_not_turn(square, written):
    # W2's position: S2 (b3) and S3 (e5) carry the Moons 3 and Crowns null coins.
    state = load().parse(W2_BEFORE)
    after = state.play("b2-b1")
    assert cell(state, square) == cell(after, square) == written


def test_a_tile_scored_with_its_own_suits_coin_does_not_turn():
    # W5's position, Moons to act: M4 on d2 carries Moons' own 2 coin and keeps facing e;
    # M5 on a2 carries the Crowns pawn and stays s; the free Mn (e1), M3 (c4), M2 (b5) turn.
    state = load().parse(W5_BEFORE)
    after = state.play("score e3")
    assert (cell(after, "d2"), cell(after, "a2"), cell(after, "d1")) == ("M4e+M2", "M5s*C", "Maw+A2")
    assert [(e["cell"], e["facing"]) for e in after.last_effects() if e["kind"] == "rotate"] == [
        ("e1", "e"),
        ("c4", "e"),
        ("b5", "w"),
    ]


def test_only_the_acting_suits_tiles_turn_even_for_the_same_player():
    # Two players: Suns and Moons both belong to player 0; when Suns acts, no Moons tile turns (D8).
    state = load(players=2).start(seed=2)
    after = state.play("d5-a2")
    before_cells = {sq: cell(state, sq) for sq in (f"{f}{r}" for f in "abcde" for r in "12345") if sq != "c3"}
    for square, text in before_cells.items():
        if text[0] != "S":
            assert facing(after, square) == text[2], square


def test_a_tile_the_pawn_left_turns_on_the_suits_next_turn():
    # W12: S2 on d5 was pinned while the Suns pawn left it; on Suns' next turn it is free and turns n -> e.
    state = load(players=2).start(seed=2).play("d5-a2")
    assert facing(state, "d5") == "n"
    for _ in range(3):  # Arms, Moons, Crowns
        state = state.play(state.moves()[0])
    assert state.seat == "S"
    after = state.play(state.moves()[0])
    assert facing(after, "d5") == "e"


def test_four_turns_bring_a_free_tile_back_round():
    # Sn on c1 (seed-42 layout) never carries a pawn in this line: n -> e -> s -> w -> n over Suns' turns.
    state = load().parse(SEED_42)
    seen = []
    while len(seen) < 4:
        acting = state.seat
        state = state.play([m for m in state.moves() if not m.endswith("c1")][0])
        if acting == "S" and any(e["kind"] == "rotate" for e in state.last_effects()):
            seen.append(facing(state, "c1"))
    assert seen == ["e", "s", "w", "n"]


def test_feeding_turns_nothing():
    # W3 -> W4: the feed step's only effect is the feed itself.
    state = load().parse(W2_BEFORE).play("b2-b1").play("hole")
    fed = state.play("feed n")
    assert [(e["kind"], e["cause"]) for e in fed.last_effects()] == [("roll", "feed")]
    assert fed.notation().split(" ")[0] == state.notation().split(" ")[0]


def test_moves_of_a_scoring_turn_already_see_the_turning():
    # W6: Sn on b1 faces n as written, but it is a free Suns tile, so it turns to e and faces the pawn on c1.
    state = load().parse(W6_BEFORE)
    assert "score b1" in state.moves()
    assert facing(state, "b1") == "n"  # the position itself is unchanged until play


# -- moves and turn order ----------------------------------------------------------------------------
def test_pawns_block_and_the_hole_blocks_but_scored_tiles_do_not():
    # W2: the Suns pawn on b2 reaches b4 and b5 over the scored b3; c3 (hole), a3 (Moons) and e2's line stop it.
    moves = load().parse(W2_BEFORE).moves()
    assert {"b2-b4", "b2-b5"} <= set(moves)
    assert not {"b2-c3", "b2-d4", "b2-e5", "b2-a3", "b2-e2"} & set(moves)


def test_four_player_order_is_s_m_c_a_and_two_player_order_is_s_a_m_c():
    for players, order, owners in ((4, "SMCASMCA", [0, 1, 2, 3] * 2), (2, "SAMCSAMC", [0, 1, 0, 1] * 2)):
        state = load(players=players).start(seed=2)
        seats, who = [], []
        while len(seats) < 8:
            if not state.moves()[0].startswith("feed"):
                seats.append(state.seat)
                who.append(state.player)
            state = state.play(state.moves()[0])
        assert "".join(seats) == order and who == owners


def test_a_finished_suit_is_skipped_and_the_game_ends_when_all_are_done():
    state = load().parse(W11_BEFORE)
    assert state.moves() == ["hole"]
    final = state.play("hole")
    assert final.over and final.player is None and final.seat is None and final.moves() == []
    assert final.notation().endswith(" -")
    with pytest.raises(IllegalMove, match="the game is over"):
        final.play("hole")


def test_a_done_suits_tiles_never_turn_and_its_pawn_stays_an_obstacle():
    # W9's position: Suns is done, its pawn on d2. Play the game out (first listed moves): no Suns
    # tile ever turns, the Suns pawn never moves, and no pawn ever lands on or passes d2.
    state = load().parse(W9_BEFORE)
    suns_tiles = {sq: cell(state, sq) for sq in cells_of(state) if cell(state, sq)[0] == "S"}
    assert cell(state, "d2") == "M4e+M2*S"
    while not state.over:
        assert state.seat != "S"
        assert not any(m.endswith("-d2") for m in state.moves())
        state = state.play(state.moves()[0])
        assert {sq: cell(state, sq)[:3] for sq in suns_tiles} == {sq: c[:3] for sq, c in suns_tiles.items()}
        assert cell(state, "d2").endswith("*S")


def cells_of(state):
    return [f"{f}{r}" for r in "12345" for f in "abcde" if f"{f}{r}" != "c3"]


def test_a_lone_live_suit_acts_again():
    position = W11_BEFORE.replace("C:n:5:-:10:live", "C:a:5:-:10:live")
    state = load().parse(position)
    after = state.play(state.moves()[0])
    assert after.seat == "C" and after.player == 2 and not after.over


# -- returns (§8) ----------------------------------------------------------------------------------
ALL_IN_THE_HOLE = (
    "Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#{hole},C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/S4n*S,San{coin},Snn,"
    "M2e,Anw S:n:-:-:{s}:done;M:n:-:-:0:done;C:n:-:-:0:done;A:n:-:-:0:done -"
)
EVERY_COIN = "".join(s + v for s in "SMCA" for v in "na2345")


def test_a_four_way_tie_returns_a_quarter_each():
    state = load().parse(ALL_IN_THE_HOLE.format(hole=EVERY_COIN, coin="", s=0))
    assert state.over and state.scores() == [0, 0, 0, 0]
    assert state.returns() == [0.25, 0.25, 0.25, 0.25]
    assert load(players=2).parse(state.notation()).returns() == [0.0, 0.0]


def test_a_single_winner():
    # Suns' 5 coin on Sa (b1): 1 + 5 = 6 points, the only points of the game.
    text = ALL_IN_THE_HOLE.format(hole=EVERY_COIN.replace("S5", ""), coin="+S5", s=6)
    assert load().parse(text).returns() == [1.0, -1.0, -1.0, -1.0]
    assert load(players=2).parse(text).returns() == [1.0, -1.0]
    assert load(players=2).parse(text).scores() == [6, 0]
    # Arms' 5 coin on Sa instead: Arms alone leads; with two players, player 1 (Arms + Crowns) wins.
    text = ALL_IN_THE_HOLE.format(hole=EVERY_COIN.replace("A5", ""), coin="+A5", s=0).replace("A:n:-:-:0", "A:n:-:-:6")
    assert load().parse(text).returns() == [-1.0, -1.0, -1.0, 1.0]
    assert load(players=2).parse(text).returns() == [-1.0, 1.0]
    assert load(players=2).parse(text).scores() == [0, 6]


# -- a full game, checked by hand ------------------------------------------------------------------
FULL_GAMES = {
    # Four players (turn order S M C A). The scorings, each tile value + coin value (null 0, ace 1):
    #
    #     ply   7  Crowns  b3  S2 + Ca   = 2 + 1 = 3   (pawn b2: only S2 above it faces s, down to b2)
    #     ply  18  Arms    a1  S4 + A3   = 4 + 3 = 7
    #     ply  20  Suns    a3  A4 + S4   = 4 + 4 = 8
    #     ply  23  Crowns  a5  Ma + C2   = 1 + 2 = 3
    #     ply  31  Moons   b2  A5 + M2   = 5 + 2 = 7
    #     ply  93  Suns    a2  M4 + Sa   = 4 + 1 = 5
    #     ply 103  Crowns  a4  S5 + Cn   = 5 + 0 = 5
    #     ply 104  Arms    b5  A3 + An   = 3 + 0 = 3
    #
    # Totals: Suns 8 + 5 = 13, Moons 7, Crowns 3 + 3 + 5 = 11, Arms 7 + 3 = 10. The other
    # 16 coins went into the hole (24 coins - 8 scorings). Suns alone leads: [1, -1, -1, -1].
    4: (
        [
            (7, "C", "b3", "S2", "Ca", 3),
            (18, "A", "a1", "S4", "A3", 7),
            (20, "S", "a3", "A4", "S4", 8),
            (23, "C", "a5", "Ma", "C2", 3),
            (31, "M", "b2", "A5", "M2", 7),
            (93, "S", "a2", "M4", "Sa", 5),
            (103, "C", "a4", "S5", "Cn", 5),
            (104, "A", "b5", "A3", "An", 3),
        ],
        (13, 7, 11, 10),
        [13, 7, 11, 10],
        [1.0, -1.0, -1.0, -1.0],
    ),
    # Two players (turn order S A M C, so a different game from the same layout):
    #
    #     ply   8  Crowns  a2  M4 + Ca   = 4 + 1 = 5
    #     ply  17  Moons   a3  A4 + M3   = 4 + 3 = 7
    #     ply  24  Crowns  b1  Sa + C2   = 1 + 2 = 3
    #     ply  31  Arms    a4  S5 + A2   = 5 + 2 = 7
    #     ply  33  Moons   a5  Ma + M2   = 1 + 2 = 3
    #     ply  54  Suns    c1  Sn + S3   = 0 + 3 = 3
    #     ply  82  Suns    c4  C4 + S5   = 4 + 5 = 9
    #
    # Suns 3 + 9 = 12, Moons 7 + 3 = 10, Crowns 5 + 3 = 8, Arms 7; 17 coins in the hole.
    # Player 0 (Suns + Moons) 22 against player 1 (Arms + Crowns) 15: [1, -1].
    2: (
        [
            (8, "C", "a2", "M4", "Ca", 5),
            (17, "M", "a3", "A4", "M3", 7),
            (24, "C", "b1", "Sa", "C2", 3),
            (31, "A", "a4", "S5", "A2", 7),
            (33, "M", "a5", "Ma", "M2", 3),
            (54, "S", "c1", "Sn", "S3", 3),
            (82, "S", "c4", "C4", "S5", 9),
        ],
        (12, 10, 8, 7),
        [22, 15],
        [1.0, -1.0],
    ),
}


@pytest.mark.parametrize("players", [4, 2])
def test_full_game_from_the_seed_42_layout_playing_the_first_listed_move(players):
    """Every suit plays its first listed move (moves() is sorted) from the recorded game's setup.

    The expected scorings and totals are worked out by hand in the comments of FULL_GAMES.
    """
    scorings_by_hand, suit_points, scores, returns = FULL_GAMES[players]
    state = load(players=players, layout=SEED_42).start()
    reference = Position.read(SEED_42, players)
    scorings, plies = [], 0
    while not state.over:
        move = state.moves()[0]
        assert reference.moves()[0] == move
        reference.play(move)
        state = state.play(move)
        plies += 1
        effects = state.last_effects()
        coins = [e["piece"]["label"] for e in effects if e["kind"] == "place" and e["cause"] == "score"]
        scorings += [
            (plies, e["suit"], e["cell"], e["tile"]["label"], coin, e["points"])
            for e, coin in zip([e for e in effects if e["kind"] == "score"], coins, strict=True)
        ]
    assert state.notation() == reference.write()
    assert plies == 104
    assert scorings == scorings_by_hand
    for _, _, _, tile, coin, points in scorings:  # each by hand: tile value + coin value
        assert points == "na2345".index(tile[1]) + "na2345".index(coin[1])
    records = state.notation().split(" ")[1].split(";")
    assert tuple(int(record.split(":")[4]) for record in records) == suit_points  # S M C A
    assert state.scores() == scores and state.returns() == returns
    hole = state.notation().split(" ")[0].split("#")[1].split(",")[0]
    assert len(hole) == (24 - len(scorings)) * 2  # every coin that scored nothing is in the hole


# -- illegal moves say why ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "position, move, reason",
    [
        (SEED_42, "a1-c3", "c3 is the hole"),
        (SEED_42, "a1-b3", "b3 is not a queen move from a1"),
        (SEED_42, "b1-b2", "pawn stands on a1, not b1"),
        (SEED_42, "stay", "can move, so it may not stay"),
        (SEED_42, "hole", "die shows 4, so its pawn moves"),
        (SEED_42, "feed 3", "die shows 4, so its pawn moves"),
        (SEED_42, "A1-A2", "not a move of Desfases"),
        (SEED_42, "a1-a1", "a pawn move must leave its square"),
        (W11_BEFORE, "score c4", "not an unscored orthogonal neighbour of c5"),
        (W2_BEFORE, "score b1", "die shows 2, so its pawn moves"),
    ],
)
def test_illegal_moves_name_the_move_and_the_reason(position, move, reason):
    state = load().parse(position)
    with pytest.raises(IllegalMove) as info:
        state.play(move)
    assert repr(move) in str(info.value) and reason in str(info.value)
    assert state.notation() == position


def test_feed_of_a_coin_not_in_the_reservoir_and_hole_when_a_tile_qualifies():
    fed = load().parse(W2_BEFORE).play("b2-b1").play("hole")  # Moons feeds from n a 4 5
    with pytest.raises(IllegalMove, match="no M2 coin in its reservoir"):
        fed.play("feed 2")
    with pytest.raises(IllegalMove, match="must feed its timer"):
        fed.play("b2-b1")
    with pytest.raises(IllegalMove, match="a tile can be scored"):
        load().parse(W6_BEFORE).play("hole")


@pytest.mark.parametrize("junk", [None, 3, ("a1", "a2"), ["stay"], b"stay"])
def test_non_string_moves_are_refused(junk):
    state = load().parse(SEED_42)
    with pytest.raises(IllegalMove):
        state.play(junk)
