"""The Laser Chess guide and the package's docstring examples run as doctests."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = ["board", "rules", "notation"]


def test_the_guide_examples_run():
    guide = Path(__file__).resolve().parents[3] / "docs" / "games" / "laser-chess.md"
    result = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 2
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(f"abstracta.games.laser_chess.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
