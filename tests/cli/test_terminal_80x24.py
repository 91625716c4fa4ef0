"""The terminal play defects of issue 29, each pinned at an 80x24 terminal: words wrapped on spaces,
illegal moves answered without the position, ``moves SQUARE``, the bot's last plies on screen with
the board, takeback against the easy bot, Desfases' ace, Laser Chess pieces in words, one-line usage
errors, and the confirmation before a Laser Chess move that hits one's own King."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import abstracta
from abstracta.cli.play import TerminalGame, dice
from abstracta.cli.render import board_view, picture_for
from abstracta.core.errors import IllegalMove

from .helpers import assert_one_line_error, run

ROWS, COLUMNS = 24, 80
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def terminal_console() -> Console:
    """What ``abstracta play`` prints to at an 80x24 terminal (without colour, for plain reading)."""
    return Console(file=io.StringIO(), width=COLUMNS, height=ROWS, force_terminal=True, color_system=None,
                   highlight=False, markup=False, emoji=False)  # fmt: skip


def screen_lines(output: str) -> list[str]:
    """The lines a terminal holds after ``output``: the bot's "thinking..." line is erased again
    (cursor up, erase line), and control codes take no room."""
    lines: list[str] = []
    for line in output.split("\n"):
        if "\x1b[1A\x1b[2K" in line and lines:
            lines.pop()
            line = line.split("\x1b[1A\x1b[2K", 1)[1]
        lines.append(CONTROL.sub("", line).replace("\r", ""))
    return lines


# -- 1. words are wrapped on spaces ---------------------------------------------------------------
def test_help_and_move_lists_fit_80_columns_and_keep_every_word_whole():
    game = abstracta.load("reflec")
    state = game.start(seed=1)
    console = terminal_console()
    lines = iter(["help", "moves", "quit"])
    TerminalGame(state, picture_for(game), console, dice(random.Random(1)), read_line=lambda: next(lines)).run()
    shown = screen_lines(console.file.getvalue())
    assert max(len(line) for line in shown) <= COLUMNS
    words = {word for line in shown for word in line.split()}
    hint = picture_for(game).move_hint(state)
    assert set(hint.split()) <= words  # no word of the help broken over two lines
    listed = [line for line in shown if line.startswith("Legal moves (") or line.startswith("  ")]
    listed_moves = {word for line in listed for word in line.split()}
    assert listed_moves & set(state.moves())
    assert all(move in state.moves() for move in listed_moves if "@" in move)  # whole moves only


# -- 2. an illegal move names the move and the reason, not the position -------------------------------
def some_states(slug: str, seed: int = 2) -> list:
    game = abstracta.load(slug)
    rng = random.Random(seed)
    state, states = game.start(seed=seed), []
    for _ in range(30):
        if state.over:
            break
        if state.player is not None and state.player >= 0:
            states.append(state)
        state = state.play(rng.choice(state.moves()))
    return states[::6]


@pytest.mark.parametrize("slug", ["desfases", "laser-chess", "quin", "reflec", "strategic-reserve"])
def test_illegal_move_messages_leave_the_position_out(slug):
    for state in some_states(slug):
        legal = state.moves()[0]
        for move in ("zz9", "a1-a2", legal + "x", "pass"):
            if move in state.moves():
                continue
            with pytest.raises(IllegalMove) as refused:
                state.play(move)
            message = str(refused.value)
            assert message.startswith(f"illegal move {move!r}: ")
            assert state.notation() not in message and len(message) < 400, message


# -- 3. moves SQUARE ----------------------------------------------------------------------------
def test_moves_square_lists_the_moves_from_or_to_it_and_a_long_list_says_how_to_narrow_it():
    game = abstracta.load("reflec")
    state = game.start(seed=1)  # the drop round: 240 moves
    result = run("play", "reflec", "--seed", "1", "--position", state.notation(), input="moves\nmoves d5\nquit\n")
    out = result.output
    assert f"Legal moves ({len(state.moves())}): " in out and "'moves " in out  # the count, and how to narrow it
    expected = [m for m in state.moves() if re.search(r"(?<![A-Za-z0-9])d5(?![0-9])", m)]
    assert 0 < len(expected) < len(state.moves())
    assert f"Legal moves ({len(expected)}): {' '.join(expected)}" in out
    assert "illegal move 'moves d5'" not in out


# -- 4. the board, this round's plies and the prompt on one 80x24 screen --------------------------------
BOARD_TOP = {"quin": "5   4   3   2   1", "reflec": "a  b  c  d  e  f  g  h", "laser-chess": "a    b    c    d"}


def rounds_on_screen(slug: str, state, own_actions: int, rival_plies: int, wanted: int = 3) -> list[bool]:
    """Play a human (random moves) against a random bot at 80x24; at each prompt where the human has
    made ``own_actions`` actions of this turn and the rival ``rival_plies`` plies since the human's
    previous turn, whether the screen's last 24 rows show the whole board and every one of those
    plies (as the human may read them)."""
    game = state.game
    console = terminal_console()
    rng, bot_rng = random.Random(3), random.Random(4)
    checked: list[bool] = []
    terminal: TerminalGame

    def read_line() -> str:
        movers = [earlier.player for earlier in terminal.history[:-1]]
        start = len(movers)
        while start and movers[start - 1] == 0:  # your actions of this turn
            start -= 1
        own = len(movers) - start
        while start and movers[start - 1] != 0:  # the rival's turn (and chance) before them
            start -= 1
        if own >= own_actions and len(movers) - start - own >= rival_plies:
            text = "\n".join(screen_lines(console.file.getvalue())[-ROWS:])
            shown = [move if terminal.history[ply].player == 0 else terminal.history[ply].public_move(move)
                     for ply, move in enumerate(terminal.moves[start:], start)]  # fmt: skip
            checked.append(BOARD_TOP[slug] in text and all(move in text for move in shown if any(c.isdigit() for c in move)))
        if len(checked) >= wanted or len(terminal.moves) > 300:
            return "quit"
        return rng.choice(terminal.state.moves())

    bots = {1: ("easy", lambda view: bot_rng.choice(view.moves()))}
    terminal = TerminalGame(state, picture_for(game), console, dice(random.Random(3)), bots, read_line=read_line)
    terminal.run()
    return checked


def test_quin_shows_the_bots_turn_beside_the_whole_board():
    state = abstracta.load("quin").start(seed=4)
    while state.notation().split(" ")[2] != "play":  # past the setup, so the bot plays real turns
        state = state.play(state.moves()[0])
    checked = rounds_on_screen("quin", state, 0, 1)
    assert checked and all(checked)


def test_laser_chess_shows_the_bots_move_beside_the_whole_board():
    checked = rounds_on_screen("laser-chess", abstracta.load("laser-chess").start(), 0, 1)
    assert checked and all(checked)


@pytest.mark.parametrize("slug", ["laser-chess", "reflec", "strategic-reserve"])
def test_the_bots_last_move_in_words_stays_beside_the_board(slug):
    """At every prompt after a bot's turn, the screen's last 24 rows end with that move's phrase
    (state.describe from the human's seat) under the round's plies."""
    game = abstracta.load(slug)
    console = terminal_console()
    rng, bot_rng = random.Random(5), random.Random(6)
    seen: list[bool] = []
    terminal: TerminalGame

    def read_line() -> str:
        bot_plies = [ply for ply, earlier in enumerate(terminal.history[:-1]) if earlier.player == 1]
        if bot_plies:
            ply = bot_plies[-1]
            words = terminal.history[ply].describe(terminal.moves[ply], 0)
            screen = " ".join(" ".join(screen_lines(console.file.getvalue())[-ROWS:]).split())
            seen.append(" ".join(words.split()) in screen)
        if len(seen) >= 3 or len(terminal.moves) > 200:
            return "quit"
        return rng.choice(terminal.state.moves())

    bots = {1: ("easy", lambda view: bot_rng.choice(view.moves()))}
    terminal = TerminalGame(game.start(seed=2), picture_for(game), console, dice(random.Random(3)), bots,
                            read_line=read_line)  # fmt: skip
    terminal.run()
    assert seen and all(seen)


def test_every_action_of_this_reflec_round_stays_on_screen():
    """Mid-turn, the screen still shows your own earlier actions of the turn and the rival's whole turn."""
    checked = rounds_on_screen("reflec", abstracta.load("reflec").start(seed=3), 2, 3)
    assert checked and all(checked)


# -- 5. takeback, by the web app's rule ----------------------------------------------------------
def takeback_game(slug: str, level: str, lines: list[str], **options) -> str:
    game = abstracta.load(slug, **options)
    console = Console(file=io.StringIO(), width=COLUMNS)
    feed = iter(lines)
    bots = {1: (level, lambda view: view.moves()[0])}
    TerminalGame(game.start(seed=1), picture_for(game), console, dice(random.Random(1)), bots,
                 read_line=lambda: next(feed)).run()  # fmt: skip
    return console.file.getvalue()


def test_takeback_against_the_easy_bot_goes_back_before_your_move():
    start = abstracta.load("laser-chess").start()
    out = takeback_game("laser-chess", "easy", ["c1-d2", "takeback", "position", "quit"])
    assert "Taken back: c1-d2" in out
    assert out.split("Blue> position\n", 1)[1].startswith(start.notation() + "\n")


def test_no_takeback_against_a_stronger_bot_nor_past_a_roll():
    out = takeback_game("laser-chess", "hard", ["c1-d2", "takeback", "quit"])
    assert "No takeback: only the easy bot allows takebacks; this one is hard." in out
    roll = takeback_game("strategic-reserve", "easy", ["c4", "takeback", "quit"], reserve=3)
    assert "No takeback: a roll has been seen since your last move" in roll


# -- 6. Desfases: one name for the ace ----------------------------------------------------------
def test_desfases_shows_a_die_at_ace_as_its_coin_reads():
    game = abstracta.load("desfases")
    rng = random.Random(5)
    state = game.start(seed=5)
    while not any(die["value"] == 1 for die in state.structure()["dice"]):
        state = state.play(rng.choice(state.moves()))
    console = Console(file=io.StringIO(), width=100)
    console.print(board_view(picture_for(game), state, []))
    table = console.file.getvalue()
    for die in state.structure()["dice"]:
        row = next(line for line in table.splitlines() if line.startswith(die["name"] + " "))
        assert row.split()[1] == "na2345"[die["value"]], row


# -- 7. Laser Chess: pieces in words --------------------------------------------------------------
def test_laser_chess_names_removed_pieces_in_words():
    game = abstracta.load("laser-chess")
    picture = picture_for(game)
    rng = random.Random(1)
    lines = []
    for seed in range(3):
        state = game.start(seed=seed)
        for _ in range(60):
            if state.over:
                break
            move = rng.choice(state.moves())
            after = state.play(move)
            lines.append(picture.describe(state, move, after))
            state = after
    removals = [line for line in lines if "removed the" in line]
    assert removals
    raw = re.compile(r"\b(Laser|Defender|Deflector|Switch) (n|e|s|w|ne|nw|se|sw)\b")
    assert not any(raw.search(line) for line in removals), removals[:3]
    assert all(re.search(r"(Red|Blue) \w+ facing (north|south)?-?(east|west)?", line) for line in removals)


# -- 8. usage errors in one line --------------------------------------------------------------------
@pytest.mark.parametrize("args, fragment", [
    (["play", "quin", "--sed", "3"], "--sed"),
    (["perft", "quin", "--depth", "x"], "--depth"),
    (["simulate"], "game"),
    (["plya"], "plya"),
])
def test_usage_errors_are_one_line_with_a_help_hint(args, fragment):
    result = run(*args)
    assert_one_line_error(result, fragment, "--help'")
    assert result.exit_code == 2 and "╭" not in result.output


# -- 9. a move that hits your own King is confirmed first --------------------------------------------
def test_a_move_into_your_own_king_is_confirmed_at_the_terminal():
    game = abstracta.load("laser-chess", setup="grail")
    start = game.start()
    assert game.move_warning(start, "j3-j2") and game.move_warning(start, start.moves()[0]) is None
    result = run("play", "laser-chess", "-o", "setup=grail", input="j3-j2\nn\nj3-j2\ny\n")
    out = result.output
    assert out.count("Play j3-j2 anyway? [y/N]") == 2 and "Not played." in out
    assert "your King" in out and "Game over" in out
