"""The perft table of rules §12, read from ``strategic_reserve/perft.txt``.

``tests/test_perft_tables.py`` checks every line's counts; this module checks the file holds the table.
"""

from __future__ import annotations

from collections import Counter

import pytest

import abstracta
from abstracta.core.perft import divide

from .effects import summary

START = "6/1BRBR1/1R2B1/1B2R1/1RBRB1/6 r 6 6 - 0"
POSITION_A = "2BB2/RRB3/R1BRR1/1B1R1B/1RRBBB/5B r 4 2 - 16"


def test_perft_file_holds_every_row_of_the_rules_table(read_perft_cases):
    cases = read_perft_cases("strategic-reserve")
    rows = {(tuple(sorted(c.options.items())), c.position): c.counts for c in cases}
    # (options, position) -> number of depths: the rows of the §12 table.
    expected = {
        ((), "start"): 4,
        ((("reserve", 7),), "start"): 4,
        ((("reserve", 2),), "start"): 4,
        ((("reserve", 1),), "start"): 4,
        ((("max_turns", 1),), "start"): 4,
        ((), POSITION_A): 3,
        ((), "RR1B2/R2BB1/1R1RB1/RRR3/2B1RR/B1B2R r 1 5 - 30"): 3,
        ((("max_turns", 20),), "BBB3/B1RR2/B1R1BB/4B1/BR1RB1/4B1 b 7 1 - 19"): 3,
        ((), "5B/1BRBR1/1R2B1/RBR1R1/1RBRB1/6 b 4 5 1,1 3"): 3,
    }
    assert {key: len(counts) for key, counts in rows.items()} == expected
    assert rows[((), "start")] == (36, 750, 27000, 551686)


def test_start_perft_2_breakdown():
    """§12: 750 = 24 empty targets x 24 squares + 6 Blue targets x 25 + 6 Red targets x 4 neighbours."""
    start = abstracta.load("strategic-reserve").start()
    by_hit = Counter()
    for roll, count in divide(start, 2):
        hit = summary(start.play(roll).last_effects())["hit"]
        by_hit[hit, count] += 1
    assert by_hit == Counter({("empty", 24): 24, ("enemy", 25): 6, ("friendly", 4): 6})


def test_reader_accepts_comments_blank_lines_and_semicolons_in_positions(read_perft_text):
    text = '# a comment\n\n  {"a": [1, ";"]} ; x;y ; 3 9 \n{} ; start ; 1\n'
    cases = read_perft_text("demo", text, "demo.txt")
    assert [(c.options, c.position, c.counts, c.where) for c in cases] == [
        ({"a": [1, ";"]}, "x;y", (3, 9), "demo.txt:3"),
        ({}, "start", (1,), "demo.txt:4"),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "start ; 36",  # no options
        "[] ; start ; 36",  # options not an object
        "{} ; start",  # no counts
        "{} ; start ; ",  # empty counts
        "{} ; ; 36",  # empty position
        "{} ; start ; 36 x",  # a count that is not a number
        "{} ; start ; -1",
        "{} start ; 36",  # no separator after the options
    ],
)
def test_reader_rejects_malformed_lines_naming_the_line(read_perft_text, line):
    with pytest.raises(ValueError, match=r"bad\.txt:2"):
        read_perft_text("demo", "# header\n" + line, "bad.txt")
