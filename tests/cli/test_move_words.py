"""The terminal says every bot move in plain words, from what the person at the terminal may know."""

from __future__ import annotations

import abstracta

from .helpers import run


def bot_moves_and_phrases(output: str) -> list[tuple[str, str]]:
    """(the bot's move line, the line after it) for every bot move of a transcript."""
    lines = output.splitlines()
    return [(line, lines[i + 1]) for i, line in enumerate(lines) if line.startswith("• ") and line.endswith("[random]")]


def test_each_laser_chess_bot_move_is_followed_by_its_phrase():
    result = run("play", "laser-chess", "--vs", "random", "--seat", "1", "--seed", "5", input="a8-\nquit\n")
    assert result.exit_code == 0, result.output
    pairs = bot_moves_and_phrases(result.output)
    assert len(pairs) == 2
    start = abstracta.load("laser-chess").start(seed=5)
    move = pairs[0][0].split()[3].rstrip(";")
    assert pairs[0][1] == "  " + start.describe(move)  # the first bot move, from the start position
    assert pairs[1][1].startswith("  Blue ") and "the beam" in pairs[1][1]


def test_a_quin_bot_move_reads_only_what_the_human_may_know():
    result = run("play", "quin", "-o", "setup=standard", "--vs", "random", "--seat", "1", "--seed", "2",
                 input="quit\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    [(line, phrase)] = bot_moves_and_phrases(result.output)
    start = abstracta.load("quin", setup="standard").start(seed=2)
    shown = next(m for m in sorted(start.moves(), key=len, reverse=True) if f" {start.public_move(m)}" in line)
    assert phrase == "  " + start.describe(shown, 1)
    if shown.startswith("reinforce"):
        assert "face-down" in phrase and "Light" not in phrase
