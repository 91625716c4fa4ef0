"""Desfases on the terminal: its picture (``terminal.py``), and scripted ``abstracta play desfases`` games."""

from __future__ import annotations

import io

from rich.console import Console

import abstracta
from abstracta.cli.render import board_view, picture_for
from abstracta.games.desfases.terminal import PICTURE, faced_square
from tests.cli.helpers import run

GAME = "desfases"
SEED_42 = (
    "Mae,A3w*A,A2w,C2s,S3n/S5n,Mne,C4s,Cns,M5e/A4w,S2n,#,C5s,M3e*M/M4e,A5w,C3s,Aaw,Cas*C/S4n*S,San,Snn,M2e,Anw "
    "S:4:4:na235:0:live;M:3:3:na245:0:live;C:a:a:n2345:0:live;A:3:3:na245:0:live S"
)
W2 = (
    "Maw,A3n,A2e,C2n,S3s+Cn/S5n*C,Mnw,C4n,Cnw,M5n/A4s*M,S2w+M3,#Ca,C5s+A3,M3s+Aa/M4e+S4,A5e*S,C3w+Sn,Aaw,Cas*A/"
    "S4n,Sas,Sne,M2w,Ann S:2:2:a35:11:live;M:n:2:na45:5:live;C:a:4:235:3:live;A:2:2:n45:12:live S"
)
W10_BEFORE = (
    "S5w,Sae,C4e,Sns+A4,Mnn*S/Can+S5,S4w,A2n*A,A4s,Maw+A3/A3s,S3w,#SaS3S4M2M3M4CnCaC2C3C5AaA2A5,Aaw,M5n+Sn/"
    "C2s+C4,S2s+S2,M3n,Anw+Mn,Cnn/M4e+Ma,M2s,C5n+M5*C,C3e,A5n*M S:n:-:-:15:done;M:n:-:-:15:done;C:n:-:-:6:done;"
    "A:n:n:-:8:live A"
)
W11_BEFORE = (
    "S3s+S2,M2e+C3,S4w+A3*C,A3e+A4,A5e/Mnw*S,Cas+C4,Sne,S5s+Aa,M4s/C5n+S3,S2w,#SnS5MnMaM3M4CnCaC2AnA2A5,C3s,Saw/"
    "A2w,Cnw+Sa,C2e*A,M3e,Mae/C4e+M2,Aae+M5,Ann+S4*M,A4e,M5e S:n:-:-:18:done;M:n:-:-:12:done;C:n:5:-:10:live;"
    "A:n:-:-:20:done C"
)


def draw(state, effects=(), colour=False, hints=True) -> str:
    console = Console(file=io.StringIO(), width=100, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(board_view(PICTURE, state, list(effects), hints=hints))
    return console.file.getvalue()


def test_registry_picks_the_desfases_picture():
    assert picture_for(abstracta.load(GAME)) is PICTURE


def test_faced_square_follows_the_facing_table():
    assert [faced_square("b2", f) for f in "nesw"] == ["b3", "c2", "b1", "a2"]
    assert faced_square("a1", "w") is None and faced_square("e5", "n") is None


def test_plain_grid_of_w2_shows_tiles_facings_pawns_coins_and_targets():
    lines = draw(abstracta.load(GAME).parse(W2)).splitlines()
    assert lines[0].split() == list("abcde")
    # Rank 3: the Moons pawn on a3; S2 on b3 faces w at the Moons pawn (doubled arrow) and carries the M3
    # coin; the hole holds one coin; C5 faces s; M3 on e3 faces s, at the Arms pawn on e2.
    assert lines[10:13] == [
        "   |*M       |      +M3|  hole   |      +A3|      +Aa|",
        " 3 |   A4    |<< S2    |  #####  |   C5    |   M3    | 3",
        "   |    v    |+       +| 1 coin  |    v    |   vv    |",
    ]
    # Rank 2: the Suns pawn on b2 (to act); its queen targets a2, c2, d2 carry '+' corners.
    assert lines[14:17] == [
        "   |      +S4|*S       |      +Sn|         |*A       |",
        " 2 |   M4  >>|   A5   >|<< C3    |<  Aa    |   Ca    | 2",
        "   |+       +|         |+       +|+       +|    v    |",
    ]


def test_the_side_table_shows_dice_timers_reservoirs_points_and_the_score():
    text = draw(abstracta.load(GAME).parse(W2))
    assert "Suns       2      2  a 3 5           11  to act" in text
    assert "Moons      n      2  n a 4 5          5  live" in text
    assert "Hole: Ca" in text
    assert "Score: Suns 11, Moons 5, Crowns 3, Arms 12" in text
    assert "Suns moves its pawn (its tiles turn first)" in text


def test_two_players_show_owners_and_the_totals():
    text = draw(abstracta.load(GAME, players=2).parse(W2))
    assert "Score: Suns+Moons 16, Arms+Crowns 15" in text
    assert "Suns (Suns+Moons) moves its pawn" in text
    assert "Crowns     a      4  2 3 5            3  live  (Arms+Crowns)" in text


def test_no_hints_draws_no_targets():
    with_hints = draw(abstracta.load(GAME).parse(W2))
    without = draw(abstracta.load(GAME).parse(W2), hints=False)
    assert "|+ " in with_hints and " +|" in with_hints  # the '+' corners of a target square
    assert "|+ " not in without and " +|" not in without


def test_colour_uses_arrow_glyphs_and_styles():
    state = abstracta.load(GAME).parse(W2)
    after = state.play("b2-b1")
    text = draw(after, after.last_effects(), colour=True)
    assert "▲" in text and "◀" in text and "●" in text
    assert "\x1b[" in text


def test_describe_says_what_each_play_did():
    game = abstracta.load(GAME)
    w1 = game.parse(SEED_42)
    assert PICTURE.describe(w1, "a1-a4", w1.play("a1-a4")) == "Suns moves a1-a4, die 3  (turned: b1 c1 b3 a4 e5)"
    w3 = game.parse(W2).play("b2-b1")
    holed = w3.play("hole")
    assert PICTURE.describe(w3, "hole", holed) == (
        "Moons finds no tile facing its pawn: the M2 coin drops into the hole  (turned: d1 b4 e4 a5)"
    )
    assert PICTURE.describe(holed, "feed n", holed.play("feed n")) == "Moons feeds the Mn coin: die n"
    w10 = game.parse(W10_BEFORE)
    assert PICTURE.describe(w10, "score d4", w10.play("score d4")) == (
        "Arms scores A4 on d4 with the An coin: 4 + 0 = 4 points, Arms has no coins left and is finished"
        "  (turned: a3 d3 d4)"
    )


def test_results_name_shared_first_places_and_draws():
    four = abstracta.load(GAME).parse(W10_BEFORE).play("score d4")
    assert PICTURE.result(four) == "Suns and Moons share first place (points: Suns 15, Moons 15, Crowns 6, Arms 12)"
    two = abstracta.load(GAME, players=2).parse(W11_BEFORE).play("hole")
    assert PICTURE.result(two) == "Draw (points: Suns+Moons 30, Arms+Crowns 30)"
    assert "Game over: Draw" in draw(two)


# -- abstracta play desfases ---------------------------------------------------------------------------
def first_moves(state):
    """The moves of a game where every suit plays its first listed move, to feed a hotseat session."""
    moves = []
    while not state.over:
        moves.append(state.moves()[0])
        state = state.play(moves[-1])
    return moves


def test_hotseat_game_from_the_seed_42_layout_to_the_end():
    # The game of test_rules.test_full_game_..., typed in: Suns 13, Moons 7, Crowns 11, Arms 10.
    moves = first_moves(abstracta.load(GAME).parse(SEED_42))
    script = "zz9\nhole\nmoves\n" + "\n".join(moves) + "\n"
    result = run("play", GAME, "-o", f"layout={SEED_42}", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "illegal move 'zz9'" in out
    assert "illegal move 'hole'" in out and "die shows 4, so its pawn moves" in out
    assert "Legal moves (9): a1-a2 a1-a3" in out
    assert "Suns moves a1-a2, die 3" in out
    assert "Crowns scores S2 on b3 with the Ca coin: 2 + 1 = 3 points" in out
    assert "Game over: Suns wins (points: Suns 13, Moons 7, Crowns 11, Arms 10)" in out
    assert "Suns> " in out and "Arms> " in out


def test_two_player_hotseat_names_the_suit_and_its_player():
    script = "\n".join(first_moves(abstracta.load(GAME, players=2).start(2))[:3]) + "\nquit\n"
    result = run("play", GAME, "-o", "players=2", "--seed", "2", input=script)
    assert result.exit_code == 0, result.output
    assert "Suns (Suns+Moons)> " in result.output
    assert "Arms (Arms+Crowns)> " in result.output
    assert "Game left at " in result.output


def test_against_the_random_bot():
    result = run("play", GAME, "--vs", "random", "--seed", "4", "-o", f"layout={SEED_42}", input="a1-a4\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("[random]") == 3  # Moons, Crowns and Arms, then Suns again
    assert "Suns moves a1-a4, die 3" in result.output
    assert "Game left at " in result.output


def test_a_bad_layout_is_a_one_line_error():
    result = run("play", GAME, "-o", "layout=nonsense", input="")
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert "error: " in result.stderr and "fields" in result.stderr


W6_BEFORE = (
    "C4w,M2s,Sae,Cas,Cnw*C/S5n,Ann,M3e,A5w,C3w/S2e,A2s,#Mn,S3n,Aaw/M5s,A4s*M,A3s,M4e+M2,S4w/C2w*A,Snn,C5w*S,"
    "Maw+A2,Mnn S:n:5:na234:0:live;M:4:5:a34:6:live;C:n:5:na234:0:live;A:3:5:na34:3:live S"
)


def test_a_scoring_turn_marks_the_tiles_that_will_face_the_pawn_after_the_turning():
    # W6: Sn on b1 is drawn facing n (before the turning) but will face the Suns pawn on c1, so its
    # box gets the '+' corners, like A3 on c2 (facing c1 now); the status line says what '+' means.
    lines = draw(abstracta.load(GAME).parse(W6_BEFORE)).splitlines()
    assert lines[14:21] == [
        "   |         |*M       |         |      +M2|         |",
        " 2 |   M5    |   A4    |   A3    |   M4   >|<  S4    | 2",
        "   |   vv    |    v    |+  vv   +|         |         |",
        "   +---------+---------+---------+---------+---------+",
        "   |*A       |   ^^    |*S       |      +A2|    ^    |",
        " 1 |<  C2    |   Sn    |<  C5    |<< Ma    |   Mn    | 1",
        "   |         |+       +|         |         |         |",
    ]  # Sn (b1) still points at the Moons pawn on b2 (^^): it turns to face c1 when Suns plays
    text = "\n".join(lines)
    assert "Suns scores a tile facing its pawn after its tiles turn ('+' marks them)" in text
    w3 = abstracta.load(GAME).parse(W2).play("b2-b1")  # W3: Moons must drop its coin into the hole
    assert "Moons scores nothing: after its tiles turn no tile faces its pawn (hole)" in draw(w3)
    assert "Moons scores a tile facing its pawn (its tiles turn first)" in draw(w3, hints=False)


def test_a_short_terminal_gets_the_compact_board_that_fits_80x24():
    import io
    import re

    from rich.console import Console

    import abstracta
    from abstracta.cli.render import picture_for

    state = abstracta.load("desfases").start(seed=1)
    for _ in range(9):
        state = state.play(state.moves()[0])
    for colour in (None, "standard"):
        small = Console(file=io.StringIO(), width=80, height=24, force_terminal=True, color_system=colour)
        small.print(board_view(picture_for(abstracta.load("desfases")), state, state.last_effects()))
        lines = re.sub(r"\x1b\[[0-9;]*m", "", small.file.getvalue()).splitlines()
        assert len(lines) <= 21 and max(map(len, lines)) <= 80  # room left for the move line and the prompt
        rank_5 = next(line for line in lines if line.startswith(" 5 "))
        assert rank_5.count("|") == 6  # five squares on one line
        for square, cell in (("a5", "S3"), ("e1", "A3")):
            assert cell in next(line for line in lines if line.startswith(f" {square[1]} "))
    tall = Console(file=io.StringIO(), width=80, height=50, force_terminal=True)
    tall.print(board_view(picture_for(abstracta.load("desfases")), state, state.last_effects()))
    assert len(tall.file.getvalue().splitlines()) > 30  # the full board where it fits
