"""Run the ``>>>`` examples of abstracta's core and top-level modules (documentation runs)."""

from __future__ import annotations

import doctest
from pathlib import Path
import importlib
import pkgutil

import pytest

import abstracta
import abstracta.core


def module_names():
    names = ["abstracta", "abstracta.games", "abstracta.games.strategic_reserve"]
    names += [info.name for info in pkgutil.walk_packages(abstracta.core.__path__, "abstracta.core.")]
    names += [
        f"abstracta.games.strategic_reserve.{info.name}"
        for info in pkgutil.iter_modules(importlib.import_module("abstracta.games.strategic_reserve").__path__)
    ]
    return sorted(set(names))


@pytest.mark.parametrize("name", module_names())
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"


def test_the_core_has_doctests_to_run():
    attempted = sum(
        doctest.testmod(importlib.import_module(name), verbose=False).attempted
        for name in module_names()
        if name.startswith("abstracta.core") or name == "abstracta"
    )
    assert attempted >= 10


def test_readme_quick_start_runs():
    # The README's Python session is documentation that must stay true.
    readme = Path(__file__).resolve().parents[2] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"
