"""The terminal defects of issue 16, each pinned: notation printed as written, readable move lists,
undo keeping the roll, Ctrl-C while a bot thinks, perft --seed, the score-margin sign, short error
echoes, help texts, the Reflec legend and Quin's "pass the screen"."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from rich.text import Text

import abstracta
from abstracta.cli.play import TerminalGame, dice, moves_line
from abstracta.cli.render import board_view, picture_for

from .helpers import assert_one_line_error, run

EMOJI_CODE = re.compile(r":([a-z0-9_+\-]+):")


def random_positions(slug: str, count: int, seed: int = 0) -> list[str]:
    """Notations of ``count`` positions from random play (every few plies of a few games)."""
    game = abstracta.load(slug)
    rng = random.Random(seed)
    found: list[str] = []
    for index in range(count):
        state = game.start(seed=index)
        for _ in range(rng.randrange(1, 40)):
            if state.over:
                break
            state = state.play(rng.choice(state.moves()))
        found.append(state.notation())
    return found


def has_emoji_code(text: str) -> bool:
    """True when rich (with emoji on) would turn part of ``text`` into a picture."""
    return Text.from_markup(text, emoji=True).plain != text if "[" not in text else False


# -- 1. every string of notation prints exactly as written -----------------------------------
@pytest.mark.parametrize("slug", abstracta.games())
def test_positions_print_exactly_as_written(slug):
    for notation in random_positions(slug, 6):
        result = run("perft", slug, "--depth", "0", "--position", notation)
        assert result.exit_code == 0, result.output
        assert f"position: {notation}\n" in result.output


def test_desfases_positions_with_emoji_codes_print_and_read_back():
    tricky = [n for n in random_positions("desfases", 60, seed=1) if has_emoji_code(n)]
    assert tricky, "random Desfases play should reach a position holding an emoji code such as :a:"
    for notation in tricky[:5]:
        perft = run("perft", "desfases", "--depth", "0", "--position", notation)
        assert f"position: {notation}\n" in perft.output
        played = run("play", "desfases", "--position", notation, input="position\nquit\n")
        assert played.output.count(notation) >= 2  # 'position', then the 'continue with' line
        bad = run("perft", "desfases", "--depth", "0", "--position", notation + " extra")
        assert "error: " in bad.stderr and not any(ord(c) > 0x2500 and c not in "…" for c in bad.stderr)


# -- 2. moves with spaces stay readable -------------------------------------------------------
def test_moves_with_spaces_are_parted_by_a_bar():
    assert moves_line(["feed 2", "feed a"]) == "Legal moves (2): feed 2 | feed a"
    assert moves_line(["a1", "a2"]) == "Legal moves (2): a1 a2"


def test_quin_moves_list_splits_back_into_the_legal_moves():
    state = abstracta.load("quin").start(seed=3)
    while state.player is not None and not any(" " in m for m in state.moves()):
        state = state.play(state.moves()[0])
    result = run("play", "quin", "--position", state.notation(), input="moves\nquit\n")
    line = next(line for line in result.output.splitlines() if "Legal moves (" in line)
    listed = line.split("): ", 1)[1].split(" | ")
    assert listed == state.moves()


# -- 3. undo replays the same roll ------------------------------------------------------------
def test_hotseat_undo_keeps_the_roll():
    script = "c4\nundo\nc4\nundo\nc4\nquit\n"
    result = run("play", "strategic-reserve", "--seed", "3", input=script)
    rolls = [line for line in result.output.splitlines() if line.startswith("• Blue rolls")]
    assert len(rolls) == 3
    assert len(set(rolls)) == 1, rolls


# -- Ctrl-C while the bot thinks --------------------------------------------------------------
def test_ctrl_c_while_the_bot_thinks_prints_the_resume_line():
    game = abstracta.load("strategic-reserve")
    state = game.start(seed=2)
    while state.player != 1:
        state = state.play(state.moves()[0])

    def thinking(_state):
        raise KeyboardInterrupt

    console = Console(file=io.StringIO(), width=100)
    terminal = TerminalGame(state, picture_for(game), console, dice(random.Random(1)), {1: ("hard", thinking)},
                            read_line=lambda: "quit")  # fmt: skip
    assert terminal.run() == 130
    out = console.file.getvalue()
    assert f"Continue it with: abstracta play {game.slug} --vs hard --seat 0 --position {state.notation()!r}" in out


# -- perft --seed -----------------------------------------------------------------------------
def test_perft_seed_repeats_a_random_setup():
    first = run("perft", "quin", "--depth", "1", "--seed", "5")
    second = run("perft", "quin", "--depth", "1", "--seed", "5")
    other = run("perft", "quin", "--depth", "1", "--seed", "6")
    position = lambda r: next(line for line in r.output.splitlines() if line.startswith("position: "))  # noqa: E731
    assert position(first) == position(second) != position(other)
    assert "seed 5" in first.output


# -- the first-seat margin follows the game's direction ----------------------------------------
def test_strategic_reserve_first_seat_lead_counts_fewer_checkers_as_better():
    from abstracta.bots.match import GameRecord, MatchResult
    from abstracta.cli.simulate import first_seat_lead

    result = MatchResult.empty(2)
    result.add(GameRecord(0, 1, (1.0, -1.0), 10, (0, 4)))  # Red placed everything, Blue kept 4
    result.add(GameRecord(1, 2, (1.0, -1.0), 12, (0, 2)))
    assert abstracta.load("strategic-reserve").lower_score_wins
    assert first_seat_lead(abstracta.load("strategic-reserve"), result)[0] == pytest.approx(3.0)
    assert first_seat_lead(abstracta.load("desfases"), result)[0] == pytest.approx(-3.0)


def test_simulate_names_the_score_direction():
    result = run("simulate", "strategic-reserve", "-n", "2", "--seed", "1", "-o", "reserve=2")
    assert "fewer is better" in result.output


# -- errors echo at most a short piece of the input --------------------------------------------
def test_errors_cut_a_long_position():
    result = run("perft", "desfases", "--position", "x" * 5000)
    line = assert_one_line_error(result, "--position")
    assert len(line) < 500


def test_a_long_illegal_move_is_cut_in_the_reply():
    result = run("play", "strategic-reserve", "--seed", "1", input="z" * 5000 + "\nquit\n")
    reply = next(line for line in result.output.splitlines() if "illegal move" in line)
    assert len(reply) < 300


# -- help texts --------------------------------------------------------------------------------
COMMANDS = ["play", "perft", "simulate", "tournament", "bench", "games", "serve", "replay", "analyse", "export"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_no_bool_type(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.output


def test_serve_help_keeps_its_default_database():
    result = run("serve", "--help")
    assert "SQLite file in the user's data directory" in " ".join(result.output.split()).replace("│ ", "")


# -- the Reflec legend names the symbols the board uses ----------------------------------------
@pytest.mark.parametrize("colour", [True, False])
def test_reflec_legend_matches_the_board(colour):
    game = abstracta.load("reflec")
    state = game.start(seed=1)
    rng = random.Random(2)
    for _ in range(30):
        state = state.play(rng.choice(state.moves()))
    console = Console(file=io.StringIO(), width=120, force_terminal=colour, color_system="standard" if colour else None)
    console.print(board_view(picture_for(abstracta.load("reflec")), state, state.last_effects()))
    lines = console.file.getvalue().splitlines()
    legend = next(line for line in lines if "facing" in line)
    arrows = re.search(r"(\S{4}) facing", legend)[1]
    board = "\n".join(line[:30] for line in lines[:10])
    facings_on_board = {c for c in board if c in "^>v<↑→↓←"}
    assert facings_on_board and facings_on_board <= set(arrows)


# -- Quin hotseat hides the board between turns ------------------------------------------------
def test_quin_hotseat_asks_to_pass_the_screen():
    state = abstracta.load("quin").start(seed=4)
    while state.notation().split(" ")[2] != "play":
        state = state.play(state.moves()[0])
    first = state.moves()[0]
    result = run("play", "quin", "--position", state.notation(), input=f"{first}\n\nquit\n")
    out = result.output
    assert "Pass the screen to" in out
    south, north = out.index("South> "), out.index("North> ")
    assert south < out.index("Pass the screen to") < north


# -- line editing --------------------------------------------------------------------------------
def test_line_editing_only_at_a_terminal(monkeypatch):
    from abstracta.cli import play as play_module

    monkeypatch.setattr(play_module, "_stdin_is_terminal", lambda: False)
    assert play_module.enable_line_editing() is False
    monkeypatch.setattr(play_module, "_stdin_is_terminal", lambda: True)
    assert play_module.enable_line_editing() is True  # GNU readline ships with CPython on Linux


def test_with_line_editing_the_prompt_goes_to_input(monkeypatch):
    prompts = []
    monkeypatch.setattr("builtins.input", lambda text="": prompts.append(text) or "quit")
    state = abstracta.load("strategic-reserve").start(seed=1)
    console = Console(file=io.StringIO(), width=100)
    TerminalGame(state, picture_for(abstracta.load("strategic-reserve")), console, dice(random.Random(1)), line_editing=True).run()
    assert prompts == ["Red> "]  # readline draws the prompt itself, so Ctrl-L and history keep it
