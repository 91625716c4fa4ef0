"""Quin's and Reflec's rules are split by seam (``rules.py``, ``movegen.py``, ``apply.py``,
``explain.py``): each part stays a readable size, ``rules.py`` says where each part lives, and
the names other modules import from ``rules.py`` are still there."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PARTS = ("rules", "movegen", "apply", "explain")
MAX_LINES = 500

# What modules outside the rules import from each ``rules.py`` (src, tests, docs).
IMPORTED_FROM_RULES = {
    "quin": (
        "Quin", "QuinState", "new_state", "judge", "end_word", "public_move", "why_illegal", "RANDOM_CELLS",
        "RANDOM_ORDER", "PLAY", "SETUP", "STANDARD_SOUTH", "FREE_TIME", "FREE_MEMORY", "FREE_RAISE",
    ),
    "reflec": ("Reflec", "ReflecState"),
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(IMPORTED_FROM_RULES))
def test_each_part_is_a_sensible_size_and_named_in_the_rules_docstring(game: str) -> None:
    rules = importlib.import_module(f"abstracta.games.{game}.rules")
    folder = Path(rules.__file__).parent
    for part in PARTS:
        path = folder / f"{part}.py"
        assert path.exists(), path
        assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES, path
        if part != "rules":
            assert f"``{part}.py``" in rules.__doc__, f"rules.py's docstring does not say what {part}.py holds"


@pytest.mark.parametrize("game", sorted(IMPORTED_FROM_RULES))
def test_names_imported_from_rules_are_still_there(game: str) -> None:
    rules = importlib.import_module(f"abstracta.games.{game}.rules")
    missing = [name for name in IMPORTED_FROM_RULES[game] if not hasattr(rules, name)]
    assert not missing


@pytest.mark.parametrize("game", sorted(IMPORTED_FROM_RULES))
def test_each_part_imports_on_its_own(game: str) -> None:
    """The parts import ``rules.py`` and it imports them back at its foot; the package's
    ``__init__`` loads ``rules.py`` first, so importing any part alone works."""
    for part in PARTS:
        code = f"import abstracta.games.{game}.{part}"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr
