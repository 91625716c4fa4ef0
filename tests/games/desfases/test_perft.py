"""The perft table of rules §12, read from ``desfases/perft.txt``.

``tests/test_perft_tables.py`` checks every line's counts; this module checks the file holds the table.
"""

from __future__ import annotations

import pytest

import abstracta

from .positions import SEED_42


def test_perft_file_holds_every_row_of_the_rules_table(read_perft_cases):
    game = abstracta.load("desfases")
    starts = {game.start(seed).notation(): f"seed {seed}" for seed in (1, 2, 13)}
    starts[SEED_42] = "seed-42 layout"
    rows = {(starts[c.position], c.options["players"]): c.counts for c in read_perft_cases("desfases")}
    assert rows == {
        ("seed 1", 4): (5, 5, 25, 45),
        ("seed 1", 2): (5, 5, 25, 25),
        ("seed 2", 4): (8, 56, 436, 3879),
        ("seed 2", 2): (8, 75, 661, 4306),
        ("seed 13", 4): (1, 5, 30, 260),
        ("seed 13", 2): (1, 5, 30, 180),
        ("seed-42 layout", 4): (9, 62, 569, 5605),
        ("seed-42 layout", 2): (9, 94, 620, 5826),
    }


@pytest.mark.parametrize("players", [4, 2])
def test_no_line_ends_early_at_the_table_depths(players):
    """§12: "No line ends early at these depths" - every state up to depth 4 is still in play."""
    frontier = [abstracta.load("desfases", players=players).start(seed=2)]
    for _ in range(4):
        assert not any(state.over for state in frontier)
        frontier = [state.play(move) for state in frontier for move in state.moves()][:2000]
