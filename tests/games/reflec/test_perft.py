"""The perft table of rules §12, read from ``reflec/perft.txt`` (D25)."""

from __future__ import annotations

import abstracta

STARTS = {
    2: "M*6C*/8/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -",
    3: "M*6C*/8/8/8/8/8/8/S*7 S2:6,M2:6,C2:6 S drop 0 0 -/-/- - -",
    4: "M*6C*/8/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/-/-/- - -",
}


def test_perft_file_holds_every_row_of_the_rules_table(read_perft_cases):
    cases = read_perft_cases("reflec")
    assert len(cases) == 6
    assert all(len(case.counts) == 3 for case in cases)
    assert {case.position: case.counts[0] for case in cases if case.position in STARTS.values()} == {
        STARTS[2]: 240,
        STARTS[3]: 244,
        STARTS[4]: 240,
    }


def test_start_positions_are_those_of_section_4():
    for players, text in STARTS.items():
        game = abstracta.load("reflec", players=players)
        assert game.start().notation() == text
        assert game.start(seed=12345).notation() == text  # no setup randomness (D24)
