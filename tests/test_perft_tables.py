"""Every game's perft table (``games/<module>/perft.txt``, the rules file's numbers as data).

``conftest.py`` runs each test taking ``perft_case`` once per line of every game's file, so a
game's counts are checked here as soon as its file exists; per-game ``test_perft.py`` files
check what else their rules file says of the table.
"""

from __future__ import annotations

from abstracta.core.perft import divide, perft


def test_perft(perft_case):
    state = perft_case.state()
    got = tuple(perft(state, depth) for depth in range(1, len(perft_case.counts) + 1))
    assert got == perft_case.counts, f"{perft_case.where}: {perft_case.position}"


def test_perft_divide_sums_to_perft(perft_case):
    state = perft_case.state()
    depth = min(len(perft_case.counts), 2)
    split = divide(state, depth)
    assert [move for move, _ in split] == state.moves()
    assert sum(count for _, count in split) == perft_case.counts[depth - 1]
