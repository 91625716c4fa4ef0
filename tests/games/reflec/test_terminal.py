"""Reflec's terminal picture (games/reflec/terminal.py), directly and through scripted ``abstracta play``."""

from __future__ import annotations

import io

from rich.console import Console

import abstracta
from abstracta.cli.render import board_view, picture_for
from abstracta.games.reflec.terminal import PICTURE, ReflecPicture, move_kind
from tests.cli.helpers import run

GAME = "reflec"
E2 = "7C*/3M*4/8/8/8/Ce2Mn4/8/S*6A* S3:6,M2:5,C2:5,A2:6 S play 3 0 -/- - -"  # S fires *n into d7
E3 = "M*6C*/8/8/1Ss1Aw4/8/1Ce1Mn4/8/S*Sn5A* S4:4,M3:5,C3:5,A3:5 S play 2 5 -/-/-/- - -"  # a loop
E6 = "8/8/8/8/4MsMe2/4Sn3/8/S*3C*2A* S3:5,M2:4n,C5:6,A4:6 S play 3 20 -/-/-/- e4 -"
E13 = "7C*/8/8/8/8/8/8/S*6A* S3:6,M2:6x,C2:6,A2:6 S play 3 8 -/- - -"  # S's *e wins


def draw(state, effects, colour=False) -> str:
    console = Console(file=io.StringIO(), width=120, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(board_view(PICTURE, state, effects))
    return console.file.getvalue()


def board_lines(text):
    return [line[:33].rstrip() for line in text.splitlines()[:10]]


def test_the_game_brings_its_own_picture():
    game = abstracta.load(GAME)
    assert game.terminal_picture() is PICTURE and picture_for(game) is PICTURE
    assert isinstance(PICTURE, ReflecPicture)


def test_move_kinds_follow_section_6_3():
    assert [move_kind(m) for m in ("M@e5s", "*n", "end", "c3-c4e", "a1-a2", "c3=w", "c3xc4")] == [
        "drop", "fire", "end", "move", "move", "spin", "swap",
    ]  # fmt: skip


def test_plain_board_shows_coins_facings_lasers_and_the_beam():
    before = abstracta.load(GAME).parse(E2)
    after = before.play("*n")
    text = draw(after, after.last_effects())
    assert board_lines(text) == [
        "     a  b  c  d  e  f  g  h",
        " 8   .  .  .  .  .  .  . C*  8",
        " 7   .  .  .  X  .  .  .  .  7",
        " 6   .  .  .  +  .  .  .  .  6",
        " 5   .  .  .  +  .  .  .  .  5",
        " 4   .  .  .  +  .  .  .  .  4",
        " 3  C>+ +  + M^+ .  .  .  .  3",  # the coins the beam turned at are marked too
        " 2   +  .  .  .  .  .  .  .  2",
        " 1  S*  .  .  .  .  .  . A*  1",
        "     a  b  c  d  e  f  g  h",
    ]
    assert "M Moons   p1  die 2  off 5  no laser" in text
    assert "S Suns    p0  die 3  off 6  laser a1" in text
    assert "p0 Suns & Crowns, p1 Moons & Arms" in text
    assert "Suns (Suns & Crowns) to act" in text
    assert "tile points 0, die 3: 3 in all" in text
    assert "Last shot: beam north from a1: a2 a3 b3 c3 d3 d4 d5 d6 d7, hits a laser" in text
    assert "Moons' laser on d7 destroyed" in text


def test_tile_points_left_and_locks_are_shown():
    state = abstracta.load(GAME, players=4).parse(E6)
    text = draw(state, [])
    assert "tile points 3 (must spend), die 3: 6 in all" in text
    assert "Locked: e4   Touched: -" in text
    rank_4 = next(line for line in text.splitlines() if line.startswith(" 4 "))
    assert "Mv#" in rank_4  # the locked neutral coin on e4 faces south
    assert "M Moons   p1  die 2  off 4  neutral" in text


def test_a_loop_marks_the_removed_coins():
    state = abstracta.load(GAME, players=4).parse(E3).play("*e")
    text = draw(state, state.last_effects())
    rank_3 = next(line for line in text.splitlines() if line.startswith(" 3 "))
    assert rank_3.split()[1:5] == [".", "x", "+", "x"]  # a3 empty, b3 removed, c3 on the path, d3 removed
    assert "runs into a loop" in text and "Ce on b3 removed" in text


def test_colour_board_uses_arrows():
    state = abstracta.load(GAME).parse(E2)
    text = draw(state, [], colour=True)
    assert "→" in text and "↑" in text and "\x1b[" in text


def test_describe_names_the_move_its_cost_and_its_effects():
    before = abstracta.load(GAME).parse(E13)
    after = before.play("*e")
    line = PICTURE.describe(before, "*e", after)
    assert line.startswith("Suns (Suns & Crowns): *e (fire, 3 points); beam east from a1")
    assert line.endswith("Moons & Arms eliminated; Suns & Crowns wins")
    start = abstracta.load(GAME, players=3).start()
    assert PICTURE.describe(start, "S@c3n", start.play("S@c3n")) == "Suns: S@c3n (drop, 0 points)"


# -- scripted terminal games ----------------------------------------------------------------------


def test_play_a_winning_shot_from_a_position():
    result = run("play", GAME, "--position", E13, input="zz9\nmoves\nc3=n\n*e\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "illegal move 'zz9'" in result.output and "not a Reflec move" in result.output
    assert "illegal move 'c3=n'" in result.output and "holds no coin" in result.output
    assert "Legal moves (494):" in result.output
    assert "Suns (Suns & Crowns): *e (fire, 3 points)" in result.output
    assert "Game over: Suns & Crowns wins (lasers left: Suns & Crowns 2, Moons & Arms 0)" in result.output
    assert " 1  S*  +  +  +  +  +  +  X  1" in result.output


def test_hotseat_drop_round_and_a_turn_with_three_players():
    drops = [f"{'SMC'[i % 3]}@{'abcdefgh'[i // 6 + 1]}{i % 6 + 2}n" for i in range(18)]
    script = "\n".join(drops + ["end", "b2=e", "b2=s", "b2=w", "help", "end", "position", "quit"]) + "\n"
    result = run("play", GAME, "-o", "players=3", input=script)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "drop round" in result.output
    assert "Suns: S@b2n (drop, 0 points)" in result.output
    assert "illegal move 'end'" in result.output and "3 tile point(s) must still be spent" in result.output
    assert "Suns ends the turn" in result.output
    assert "Moons to act" in result.output
    assert "tile points 3 (must spend), die 3: 6 in all" in result.output
    assert "Moves: c3-c4e" in result.output  # the help text
    assert "Game left at " in result.output


def test_a_game_against_the_random_bot_runs_to_its_end():
    result = run("play", GAME, "-o", "players=4", "-o", "max_turns=2", "--vs", "random", "--seat", "3", "--seed", "5",
                 input="quit\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Arms to act" in result.output or "Game over" in result.output


# -- the picture itself: rich-free, laid out for the terminal it is given -----------------------------


def test_a_narrow_terminal_puts_the_panel_under_the_board():
    from abstracta.core.terminal import Terminal

    state = abstracta.load(GAME).parse(E2).play("*n")
    wide = PICTURE.board(state, state.last_effects(), Terminal(width=120)).plain().splitlines()
    assert wide[1].startswith(" 8   .") and "Reflec" in wide[0]  # the panel beside the board
    narrow = PICTURE.board(state, state.last_effects(), Terminal(width=50)).plain().splitlines()
    assert [line.rstrip() for line in narrow[:10]] == [line[:33].rstrip() for line in wide[:10]]  # the board alone on top
    assert all(len(line) <= 50 for line in narrow)
    assert "Reflec   turn 1" in narrow[11]
    middle = PICTURE.board(state, state.last_effects(), Terminal(width=80)).plain().splitlines()
    assert all(len(line) <= 80 for line in middle) and "Reflec" in middle[0]  # beside, long lines wrapped
    assert "Moons' laser on d7 destroyed" in " ".join(" ".join(middle).split())


def test_unicode_without_colour_draws_arrows_and_still_marks_the_turning_coins():
    from abstracta.core.terminal import Terminal

    state = abstracta.load(GAME).parse(E2).play("*n")
    text = PICTURE.board(state, state.last_effects(), Terminal(width=120, unicode=True)).plain()
    rank_3 = next(line for line in text.splitlines() if line.startswith(" 3 "))
    assert rank_3[:16] == " 3  C→+ •  • M↑+"  # no reverse style without colour: the + marks the hits
    assert "• beam path (+ after a coin: the beam turned there)" in text


def test_the_picture_reads_the_structure_not_the_notation(monkeypatch):
    state = abstracta.load(GAME, players=4).parse(E6)
    expected = draw(state, [])
    monkeypatch.setattr(type(state), "notation", lambda self: (_ for _ in ()).throw(AssertionError("notation read")))
    assert draw(state, []) == expected
