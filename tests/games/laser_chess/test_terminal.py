"""Laser Chess on the terminal (``games/laser_chess/terminal.py``): the board, facings, restricted
squares, the beam, and `play`."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

import abstracta
from abstracta.cli.render import board_view, picture_for
from abstracta.core.terminal import Terminal
from abstracta.games.laser_chess.terminal import PICTURE, LaserChessPicture, describe_shot, piece_glyph
from tests.cli.helpers import run
from tests.games.laser_chess.effects import piece_of

GAME = "laser-chess"
GRAIL = "ls3dswbsdse3/5k4/dne3dswbssne3/dse1snw1Dnw1Dse3/3dnw1dse1Snw1Dnw/3SneBnDne3Dsw/4K5/3DnwBnDne3Ln b"
E10 = "ls4k4/10/10/10/2Dse3Dsw3/10/4K5/2Dne6Ln b"  # the beam crosses g1 twice


def draw(state, effects, colour: bool, width: int = 130) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(board_view(PICTURE, state, effects))
    return console.file.getvalue()


def board_lines(text: str) -> list[str]:
    return [line[:58].rstrip() for line in text.splitlines()[:10]]


def test_the_game_brings_its_own_picture():
    game = abstracta.load(GAME)
    assert picture_for(game) is PICTURE and game.terminal_picture() is PICTURE
    assert isinstance(PICTURE, LaserChessPicture)


def test_glyphs_show_every_facing():
    assert [piece_glyph(piece_of(t)) for t in ("Ln", "Lw", "ls", "le", "Bn", "be", "Bs", "bw", "K", "k")] == [
        "L↑", "L←", "l↓", "l→", "B↑", "b→", "B↓", "b←", "K", "k",
    ]  # fmt: skip
    assert [piece_glyph(piece_of(t)) for t in ("Dne", "Dse", "dsw", "dnw", "Sne", "snw")] == ["D◥", "D◢", "d◣", "d◤", "S╱", "s╲"]


def test_a_board_with_runs_of_ten_draws_its_four_pieces_where_they_stand():
    state = abstracta.load(GAME).parse("ls4k4/10/10/10/10/10/10/4K4Ln b")
    lines = board_lines(draw(state, [], colour=False))
    assert lines[1] == " 8   ls    b    .    .    .    k    .    .    r    b    8"
    assert lines[8] == " 1    r    b    .    .    K    .    .    .    r   Ln    1"
    assert sum(line.count(".") for line in lines[1:9]) == 80 - 4 - 18  # every other square empty or marked


def test_plain_board_of_the_grail_start_tints_restricted_squares_as_letters():
    state = abstracta.load(GAME, setup="grail").start()
    lines = board_lines(draw(state, [], colour=False))
    assert lines == [
        "      a    b    c    d    e    f    g    h    i    j",
        " 8   ls    b    .    .   dsw  bs   dse   .    r    b    8",
        " 7    r    .    .    .    .    k    .    .    .    b    7",
        " 6   dne   .    .    .   dsw  bs   sne   .    .    b    6",
        " 5   dse   .   snw   .   Dnw   .   Dse   .    .    b    5",
        " 4    r    .    .   dnw   .   dse   .   Snw   .   Dnw   4",
        " 3    r    .    .   Sne  Bn   Dne   .    .    .   Dsw   3",
        " 2    r    .    .    .    K    .    .    .    .    b    2",
        " 1    r    b    .   Dnw  Bn   Dne   .    .    r   Ln    1",
        "      a    b    c    d    e    f    g    h    i    j",
    ]


def test_plain_board_marks_the_beam_the_mirrors_and_the_crossing():
    state = abstracta.load(GAME).parse(E10).play("j1-")
    text = draw(state, state.last_effects(), colour=False)
    lines = board_lines(text)
    assert lines[5] == " 4    r    .  [Dse]  -    -    -  [Dsw]  .    .    b    4"
    assert lines[7] == " 2    r    .    |    .    K    .    |    .    .    b    2"
    assert lines[8] == " 1    r    b  [Dne]  -    -    -    +    -    -   Lw    1"  # g1 crossed both ways
    assert "Blue's beam from j1 (17 squares): left the board after g1" in text
    assert "Red to move" in text


def test_removed_piece_and_hit_king_are_reported():
    state = abstracta.load(GAME).parse("ls4k4/10/10/10/7Snw2/7dnw1Dsw/10/4K4Ln b").play("h4-h3")  # E6
    text = draw(state, state.last_effects(), colour=False)
    rank_4 = next(line for line in text.splitlines() if line.startswith(" 4 "))
    assert rank_4.split()[8] == "X"  # h4: the removed Red Deflector
    assert "removed the Red Deflector facing" in text and "north-west on h4" in text  # wrapped in the panel
    over = abstracta.load(GAME, setup="grail").start().play("j3-j2")
    text = draw(over, over.last_effects(), colour=False)
    assert "Game over: Red wins (Blue's King was hit)" in text
    assert "hit the Blue King on e2" in text


def test_blocked_and_laser_stops_are_described():
    blocked = abstracta.load(GAME).parse("ls4k4/10/10/10/10/10/4K5/5be3Ln b").play("j1-")  # E3
    assert describe_shot(blocked.last_effects()) == "beam from j1 (4 squares): blocked by the Defender's shield on f1"
    laser = abstracta.load(GAME).parse("ls4k4/10/10/10/10/10/4K5/sne8Ln r").play("a1+")  # E7
    assert describe_shot(laser.last_effects()).endswith("stopped by the Laser on j1")


def test_colour_board_uses_arrows_mirrors_and_tints():
    state = abstracta.load(GAME).start().play("c1+")
    text = draw(state, state.last_effects(), colour=True)
    for glyph in ("L↑", "l↓", "D◥", "d◢", "S╱", "s╲", "B↑", "b↓", "│", "─"):
        assert glyph in text, glyph
    assert "\x1b[" in text and "48;2;58;20;20" in text  # styled, with the Red-only tint


def test_narrow_terminals_put_the_panel_under_the_board():
    state = abstracta.load(GAME).start()
    lines = draw(state, [], colour=False, width=80).splitlines()
    assert lines[1].startswith(" 8   ls ") and lines[1].rstrip().endswith("8")
    assert any(line.startswith("Blue to move") for line in lines[10:])


def test_play_grail_to_the_end_through_the_command_line():
    script = "zz9\nc1+\nmoves\ne1+\nf7-g7\nj3-j2\ny\n"  # j3-j2 hits your own King: confirmed
    result = run("play", GAME, "--option", "setup=grail", "--seed", "1", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "illegal move 'zz9'" in out and "illegal move 'c1+'" in out and "c1 is empty" in out
    assert "70 legal moves" in out and "j3-j2" in out
    assert " 8   ls    b    .    .   dsw  bs   dse   .    r    b    8" in out  # the grail start
    assert "• Blue plays e1+; beam from j1 (" in out
    assert "• Red plays f7-g7; beam from a8 (" in out
    assert "• Blue plays j3-j2; beam from j1 (6 squares): hit the Blue King on e2" in out
    final = out[out.rindex("Blue plays j3-j2") :]
    assert " 2    r    .    .    .    X    -    -    -    -  [Dsw]  2" in final  # the beam, drawn
    assert "Game over: Red wins (Blue's King was hit)" in final


def test_play_a_drawn_ply_limit_game():
    result = run("play", GAME, "-o", "max_plies=2", "--seed", "1", input="c1+\nh8+\n")
    assert result.exit_code == 0, result.output
    assert "ply 0 of 2" in result.output
    assert "Game over: Draw (ply limit reached)" in result.output


def test_play_offers_and_accepts_the_draw_claim():
    script = "c1+\nh8+\nc1-\nh8-\nc1+\nh8+\nc1-\nh8-\ndraw\n"
    result = run("play", GAME, "--seed", "1", input=script)
    assert result.exit_code == 0, result.output
    assert "occurred three times" in result.output
    assert "Blue claims a draw by repetition" in result.output
    assert "Game over: Draw (threefold repetition claimed)" in result.output


def test_removals_of_both_plies_since_the_board_was_last_shown_are_crossed_out():
    blue = abstracta.load(GAME).parse("ls4k4/10/10/10/10/10/8Dnw1/4K4Ln b").play("i2-j3")  # E2: removes j3
    red = blue.play("a8-")  # Red's beam runs east along rank 8 into Red's own King on f8
    text = draw(red, blue.last_effects() + red.last_effects(), colour=False)
    lines = board_lines(text)
    assert lines[1] == " 8   le    -    -    -    -    X    .    .    r    b    8"
    assert lines[6].split()[10] == "X"  # j3, removed by Blue's shot
    assert "Blue's beam from j1 (2 squares): removed the Blue Deflector" in text and "north-west on j3" in text
    assert "Game over: Blue wins (Red's King was hit)" in text


def test_a_16_colour_terminal_marks_the_restricted_squares_as_well():
    # Rich's nearest 16-colour match for the Red-only tint is black: the letters keep it visible.
    state = abstracta.load(GAME, setup="grail").start()
    console = Console(file=io.StringIO(), width=130, force_terminal=True, color_system="standard")
    console.print(board_view(PICTURE, state, []))
    text = console.file.getvalue()
    plain = Text.from_ansi(text).plain
    rank_2 = next(line for line in plain.splitlines() if line.startswith(" 2 "))
    assert rank_2.split()[1] == "r" and rank_2.split()[10] == "b"  # a2 Red only, j2 Blue only
    assert "K" in rank_2 and "·" in rank_2 and "\x1b[" in text
    assert "r Red only  b Blue only" in plain
    truecolour = draw(state, [], colour=True)
    assert "r Red only" not in Text.from_ansi(truecolour).plain  # the tint alone is enough there


def test_no_color_on_a_utf8_terminal_keeps_the_glyphs():
    state = abstracta.load(GAME).start().play("c1+")
    console = Console(file=io.StringIO(), width=130, force_terminal=True, no_color=True)
    console.print(board_view(PICTURE, state, state.last_effects()))
    text = Text.from_ansi(console.file.getvalue()).plain
    rank_1 = next(line for line in text.splitlines() if line.startswith(" 1 "))
    assert rank_1.split()[1:4] == ["r", "b", "D◥"]  # markers for the tint, glyphs for the facings
    assert "L↑" in rank_1 and "│" in text


def test_the_plain_board_and_panel_are_ascii():
    state = abstracta.load(GAME).parse(E10).play("j1-")
    text = draw(state, state.last_effects(), colour=False)
    assert text.isascii(), [c for c in text if not c.isascii()]


def test_the_last_move_is_marked_on_the_board_and_named_beside_it():
    import io

    from rich.console import Console

    import abstracta
    from abstracta.cli.render import picture_for

    state = abstracta.load("laser-chess").start()
    move = next(m for m in state.moves() if m.startswith("c1-") and len(m) == 5)  # a step, not a turn
    after = state.play(move)
    console = Console(file=io.StringIO(), width=80, height=24)
    console.print(board_view(picture_for(abstracta.load("laser-chess")), after, after.last_effects(), last_move=move))
    lines = console.file.getvalue().splitlines()
    assert f"Last move: {move}" in console.file.getvalue()
    assert len(lines) <= 22  # with the move line and the prompt, one 80x24 screen
    target_rank = next(line for line in lines if line.startswith(f" {move[-1]} "))
    assert "(" in target_rank and ")" in target_rank
    origin_rank = next(line for line in lines if line.startswith(" 1 "))
    assert " o " in origin_rank


def test_the_picture_is_plain_styled_text_the_console_prints_as_it_is():
    state = abstracta.load(GAME).parse(E10).play("j1-")
    styled = PICTURE.board(state, state.last_effects(), Terminal(width=130))
    assert [line.rstrip() for line in styled.plain().splitlines()] == [
        line.rstrip() for line in draw(state, state.last_effects(), colour=False).splitlines()
    ]
    assert ("[", "bold yellow") in styled.lines[5] and styled.width() <= 130


def test_long_panel_lines_break_between_words_beside_the_board():
    blocked = abstracta.load(GAME).parse("ls4k4/10/10/10/10/10/4K5/5be3Ln b").play("j1-")  # E3
    lines = draw(blocked, blocked.last_effects(), colour=False, width=120).splitlines()
    assert lines[5].rstrip().endswith("blocked by the Defender's")
    assert lines[6].rstrip().endswith("   shield on f1") and all(len(line.rstrip()) <= 120 for line in lines)
