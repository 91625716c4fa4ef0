"""The Python examples in docs/games/reflec.md must stay true."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_game_doc_examples_run():
    doc = Path(__file__).resolve().parents[3] / "docs" / "games" / "reflec.md"
    result = doctest.testfile(str(doc), module_relative=False, verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {doc.name} failed"
