"""The rules on the terminal: ``abstracta rules GAME``, the pointer in the game's ``help``, the
``legend`` command, and the legend under Quin's board (what P R T S V M L mean)."""

from __future__ import annotations

import pytest

import abstracta
from abstracta.core.registry import game_class
from abstracta.core.rules_text import diagram, diagram_caption, legend, markdown, rules_source

from .helpers import assert_one_line_error, run

GAMES = [slug for slug in abstracta.games() if game_class(slug).rules_text]


@pytest.mark.parametrize("slug", GAMES)
def test_rules_prints_the_summary_the_diagrams_and_the_legend(slug):
    result = run("rules", slug)
    assert result.exit_code == 0, result.output
    for title in ("How to play in one minute", "Legend"):
        assert title in result.output
    assert "```" not in result.output  # rendered, not the Markdown source
    game = game_class(slug)
    blocks = [t for t in markdown().parse(rules_source(game)) if t.type == "fence" and diagram_caption(t.info) is not None]
    for block in blocks:  # each diagram drawn, row by row
        for row in diagram(game, block.content).splitlines():
            assert row.strip() in result.output, row
    assert legend(game).rows[-1][2] in result.output


def test_rules_of_an_unknown_game_is_a_one_line_error():
    assert_one_line_error(run("rules", "nope"), "unknown game", "quin")


def test_help_in_a_game_points_to_the_rules_and_legend_lists_the_marks():
    result = run("play", "quin", "-o", "setup=standard", "--vs", "random", input="help\nlegend\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'abstracta rules quin'" in result.output and "/rules/quin" in result.output
    after_legend = result.output.split("> legend")[-1] if "> legend" in result.output else result.output
    for letter, name in (("P / p", "Peripheral"), ("V / v", "Void"), ("?", "face down")):
        assert f"  {letter}: {name}:" in after_legend


def test_quin_s_board_says_what_each_letter_means():
    result = run("play", "quin", "-o", "setup=standard", "--vs", "random", input="quit\n")
    lines = result.output.splitlines()
    legend_lines = [line for line in lines if "L Light" in line or "P Peripheral" in line]
    words = " ".join(legend_lines)
    for letter, name in zip("LSARMTPV", ("Light", "Shadow", "Artificial Light", "Reflector", "Memory", "Time",
                                         "Peripheral", "Void")):  # fmt: skip
        assert f"{letter} {name}" in words, (letter, words)
    assert all(len(line) <= 80 for line in legend_lines)
