"""Shared test helpers: the test-only game, and the perft data files of every game.

The test session registers a game abstracta's interfaces have never heard of, tic-tac-toe
(``tests/plugin_game/``), so every suite parametrized over ``abstracta.games()`` runs on it:
in this process through ``abstracta.core.registry.register``, and in every process the tests
start (bot workers, ``serve`` and ``simulate`` subprocesses) through the ``ABSTRACTA_GAMES``
environment variable (``docs/api.md``, "Registering a game").

Each game may ship ``perft.txt`` in its package, next to the module defining its ``Game``
class (format documented at the top of ``games/strategic_reserve/perft.txt``)::

    <options as a JSON object> ; <position notation, or start> ; <d1> <d2> ...

A test that takes a ``perft_case`` argument is run once per line of those files,
for the games its module lists in ``PERFT_GAMES`` (default: every game), so a
new game's counts are checked as soon as its file exists. The reader itself is
the ``read_perft_text`` fixture; it lives here rather than in ``src/`` because
only tests need it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import abstracta
from abstracta.core.registry import GAMES_VARIABLE, game_class, register
from tests.plugin_game import TicTacToe

ROOT = Path(__file__).resolve().parents[1]
os.environ[GAMES_VARIABLE] = ",".join(filter(None, [os.environ.get(GAMES_VARIABLE), "tic-tac-toe=tests.plugin_game:TicTacToe"]))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))  # imports tests.*
register(TicTacToe)


@dataclass(frozen=True)
class PerftCase:
    """One line of a perft file: ``counts[d - 1]`` is ``perft(position, d)``."""

    slug: str
    options: dict[str, Any]
    position: str  # "start" or a position notation
    counts: tuple[int, ...]
    where: str  # "<file>:<line>", for failure messages and test ids

    def state(self):
        game = abstracta.load(self.slug, **self.options)
        return game.start(seed=0) if self.position == "start" else game.parse(self.position)


def parse_perft_text(slug: str, text: str, source: str = "perft.txt") -> list[PerftCase]:
    """Read a perft file; a malformed line raises ``ValueError`` naming ``source:line``.

    The options come first and are read as JSON (so they may contain anything), the
    counts come last, and everything between the first and the last ``;`` is the
    position, which may itself contain ``;``.
    """
    cases = []
    decoder = json.JSONDecoder()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"{source}:{number}"
        try:
            options, end = decoder.raw_decode(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{where}: options are not JSON: {error}") from None
        if not isinstance(options, dict):
            raise ValueError(f"{where}: options must be a JSON object, got {options!r}")
        rest = line[end:].strip()
        if not rest.startswith(";") or rest.count(";") < 2:
            raise ValueError(f"{where}: expected '<options> ; <position> ; <counts>'")
        position, _, counts_text = rest[1:].rpartition(";")
        position = position.strip()
        words = counts_text.split()
        if not position or not words or not all(w.isascii() and w.isdigit() for w in words):
            raise ValueError(f"{where}: expected a position and at least one count, got {rest!r}")
        cases.append(PerftCase(slug, options, position, tuple(int(w) for w in words), where))
    return cases


def perft_cases(slug: str) -> list[PerftCase]:
    """The cases of ``slug``'s ``perft.txt``, or ``[]`` when the game ships none."""
    path = game_class(slug).package_file("perft.txt")
    if not path.is_file():
        return []
    return parse_perft_text(slug, path.read_text(encoding="utf-8"), f"{slug}/perft.txt")


@pytest.fixture
def read_perft_cases():
    """``read_perft_cases(slug)``: the cases of that game's ``perft.txt``."""
    return perft_cases


@pytest.fixture
def read_perft_text():
    """The perft file reader, for tests of the format itself."""
    return parse_perft_text


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "perft_case" in metafunc.fixturenames:
        slugs = getattr(metafunc.module, "PERFT_GAMES", None) or abstracta.games()
        cases = [case for slug in slugs for case in perft_cases(slug)]
        metafunc.parametrize("perft_case", cases, ids=[case.where for case in cases])
