"""Quin on the terminal (games/quin/terminal.py): the board is drawn from a view, with '?' for kinds the player has not seen,
and the play loop never shows a player anything but views and public moves."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import abstracta
from abstracta.cli.play import TerminalGame
from abstracta.cli.render import board_view, picture_for
from abstracta.games.quin.terminal import PICTURE
from abstracta.games.quin.view import QuinView

from .helpers import run

STANDARD = abstracta.load("quin", setup="standard")


def draw(state, effects=None, width=140, colour=False) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=colour, color_system="truecolor" if colour else None)
    console.print(board_view(PICTURE, state, state.last_effects() if effects is None else effects))
    return console.file.getvalue()


def board_rows(text: str) -> list[str]:
    return [line[:66].rstrip() for line in text.splitlines()[:7]]


def test_registry_picks_the_quin_renderer():
    assert picture_for(abstracta.load("quin")) is PICTURE


def test_the_standard_start_seen_by_north_hides_every_south_kind():
    text = draw(STANDARD.start().view(1))
    assert board_rows(text) == [
        "       5   4   3   2   1          1   2   3   4   5",
        "  j    p   v   .   .   .    │    .   .   .   ?   ?    d",
        "  k    _   r   s   v   .    │    .   ?   ?   ?   _    e",
        "  l    l   m   t   .   .   (. )  .   .   ?   ?   ?    f",
        "  a    _   r   s   v   .    │    .   ?   ?   ?   _    g",
        "  b    p   v   .   .   .    │    .   .   .   ?   ?    h",
        "  c    .   .   .   .   .    │    .   .   .   .   .    i  Horizon",
    ]
    assert "South  reserve: ? x4, face down" in text and "North  reserve: aaaa" in text
    assert "Seen by North" in text
    assert "Free actions used this turn: none" in text  # South moves; North cannot know South's options


# rules §4 (D17b): the seed-7 random start, both Lights in reserve
SEED_7_START = (
    "a3s,a4s,b3t,b4v,d3M,d4T,d5S,e4V,e5S,f3R,f4V,f5P,g3P,g4R,g5V,h4V,j3r,j4v,j5v,k4p,k5p,l3r,l4m,l5v "
    "S play LAAAA/laaaa -/- 0/0 0/0 - - 0 0"
)


def reserve_lines(text: str) -> dict[str, str]:
    """``{"South": shown, "North": shown}`` from the panel's reserve lines."""
    found = re.findall(r"(South|North)\s+reserve: (.*?)\s*$", text, flags=re.M)
    return dict(found)


def test_a_light_in_reserve_shows_to_its_owner_and_the_rival_sees_only_a_count():
    start = abstracta.load("quin").parse(SEED_7_START)
    south = draw(start.view(0))
    assert reserve_lines(south) == {"South": "LAAAA", "North": "? x5, face down"}
    assert "Light in reserve: 'reinforce L@g' brings it in face down" in south
    north = draw(start.view(1))
    assert reserve_lines(north) == {"South": "? x5, face down", "North": "laaaa"}
    assert "Light in reserve" not in north  # South is to move: North is told nothing of South's options
    spectator = draw(start.view(None))
    assert reserve_lines(spectator) == {"South": "? x5, face down", "North": "? x5, face down"}
    # brought in: the Light stands face down on h5 for North, one fewer in South's reserve
    brought_in = start.play("reinforce L@h5")
    north = draw(brought_in.view(1))
    assert reserve_lines(north) == {"South": "? x4, face down", "North": "laaaa"}
    assert board_rows(north)[5] == "  b    _   v   t   .   .    │    .   .   .   ?   ?    h"
    south = draw(brought_in.view(0))
    assert reserve_lines(south)["South"] == "AAAA"
    assert board_rows(south)[5] == "  b    _   ?   ?   .   .    │    .   .   .   V   L    h"


def test_the_movers_own_view_lists_the_actions_left():
    text = draw(STANDARD.start().view(0))
    assert "Free actions left: Time, Memory swap (2 of 2 left this game)" in text
    assert "Then one of: move, Reflection, Gravity, Reinforcement" in text
    assert board_rows(text)[3] == "  l    ?   ?   ?   .   .   (. )  .   .   T   M   L    f"  # North's are hidden


def test_revealed_pieces_zero_g_and_the_last_flash():
    state = abstracta.load("quin").parse(
        "b3r,c3P+,d3V,f5L,l5l S play AAAA/aaaa SSRRMTPVVV/ssrmtppvvvv 0/0 1/1 - - 10 5"
    ).play("d3-b3 over c3")
    text = draw(state.view(1))
    assert "[V+]" in text  # the flash square, marked
    assert "North  Zero G:  SSRRMTPVVV" in text and "South  Zero G:  ssrrmtppvvvv" in text
    assert "flash on b3: V captures r" in text


def test_a_pushed_hidden_piece_stays_a_question_mark_for_the_pusher():
    state = abstracta.load("quin").parse(
        "e4p,f3T,f5L,k3r,l5l S play AAAA/aaaa SSRRMPPVVVV/ssrmtpvvvv 0/0 1/1 - - 40 2"
    ).play("time e4 e2")
    south = draw(state.view(0))
    assert "Time pushes ? e4->e2" in south and "[? ]" in south
    north = draw(state.view(1))
    assert "Time pushes p e4->e2" in north


def test_game_over_and_a_narrow_terminal_stacks_the_panel():
    state = abstracta.load("quin").parse("f2L,l5l S play AAAA/aaaa SSRRMTPPVVVV/ssrrmtppvvvv 0/0 1/1 - - 100 3").play("f2-o")
    text = draw(state.view(1), width=80)
    assert "(L )" in text  # the Light on First Sight is public once it has won
    assert "Game over: South wins by First Sight" in text
    lines = text.splitlines()
    assert lines.index(next(l for l in lines if l.startswith("Quin"))) > 7  # below the board
    coloured = draw(state.view(1), colour=True)
    assert "\x1b[" in coloured


def _scripted_game(bots, options, seed, max_lines=400):
    """A TerminalGame whose human types the first legal move each time."""
    console = Console(file=io.StringIO(), width=140, color_system=None)
    game_box = {}
    fed = iter(range(max_lines))

    def read_line() -> str:
        next(fed)
        return game_box["game"].state.moves()[0]

    state = abstracta.load("quin", **options).start(seed)
    tg = TerminalGame(state, PICTURE, console, lambda s: s.moves()[0], bots, read_line=read_line)
    game_box["game"] = tg
    tg.run()
    return tg, console.file.getvalue()


def test_against_a_bot_the_human_sees_only_views_and_public_moves():
    seen_by_bot = []
    rng = random.Random(1)

    def bot(view):
        seen_by_bot.append(view)
        return rng.choice(view.moves())

    tg, out = _scripted_game({0: ("random", bot)}, {"setup": "manual", "max_turns": 25}, 3)
    assert all(isinstance(v, QuinView) and v.viewer == 0 for v in seen_by_bot)
    assert "Game over: " in out
    history = tg.history
    for before, after in zip(history, history[1:]):
        if before.player == 0:  # the bot's moves reach the human in their public form
            move = next(m for m in before.moves() if before.play(m).notation() == after.notation())
            public = before.public_move(move)
            assert f"South plays {public}" in out
            if public != move:
                assert f"South plays {move}" not in out
    rows = [line[:58] for line in out.splitlines() if re.match(r"  [a-l]    ", line)]
    assert len(rows) >= 6
    for row in rows:  # a South kind is drawn only once revealed (letter then '+')
        assert all(flag == "+" for _, flag in re.findall(r"([LSARMTPV])(.)", row)), row


def test_hotseat_shows_each_mover_its_own_view():
    tg, out = _scripted_game({}, {"setup": "standard", "max_turns": 3}, 0)
    assert "Seen by South" in out and "Seen by North" in out


def test_the_position_command_prints_the_view_in_a_bot_game():
    result = run("play", "quin", "--vs", "random", "--seat", "1", "--seed", "3", "-o", "setup=standard", input="position\nquit\n")
    assert result.exit_code == 0, result.output
    view_line = next(line for line in result.output.splitlines() if line.endswith(" N") and " play " in line)
    assert "f5?" in view_line and "f5L" not in result.output
    assert "your view; the bot's hidden pieces stay hidden" in result.output
