"""Games as plugins: the ``abstracta.games`` entry points (core/registry.py) and ``register``.

A fake ``importlib.metadata.entry_points`` adds entry points next to the installed ones, as a
separately installed distribution would; the built-in games must keep working whatever it adds.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import subprocess
import sys
from typing import Any

import pytest

import abstracta
from abstracta.core import registry
from abstracta.core.api import Game, State

BUILT_IN = ["desfases", "laser-chess", "quin", "reflec", "strategic-reserve"]
LISTED = sorted(BUILT_IN + ["tic-tac-toe"])
"""The games of this test session: the built-in ones and the test-only game ``tests/conftest.py`` registers."""


class Countdown(Game):
    """Countdown: take one or two from a pile of five; who takes the last wins.

    A test-only plugin game.
    """

    slug = "countdown"
    title = "Countdown"

    def start(self, seed: int | None = None) -> "CountdownState":
        return CountdownState(self, 5, 0)


class CountdownState(State):
    __slots__ = ("game", "pile", "player", "seat", "over", "mover")

    def __init__(self, game: Countdown, pile: int, mover: int) -> None:
        self.game, self.pile, self.mover = game, pile, mover
        self.over = pile == 0
        self.player = None if self.over else mover
        self.seat = None if self.over else ("first", "second")[mover]

    def moves(self) -> list[str]:
        return [str(n) for n in (1, 2) if n <= self.pile]

    def play(self, move: str) -> "CountdownState":
        return CountdownState(self.game, self.pile - int(move), 1 - self.mover)

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        return [-1.0, 1.0] if self.mover == 0 else [1.0, -1.0]

    def notation(self) -> str:
        return f"{self.pile} {self.mover}"


NotAGame = object()  # an entry point may name something that is not a Game subclass


def _with_entry_points(monkeypatch: pytest.MonkeyPatch, **extra: str) -> None:
    """The installed entry points plus ``extra`` (slug -> ``module:attr``), as another distribution adds them."""
    installed = importlib.metadata.entry_points

    def entry_points(**selection: Any):
        found = list(installed(**selection))
        if selection.get("group") == registry.ENTRY_POINT_GROUP:
            found += [importlib.metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)
                      for name, value in extra.items()]  # fmt: skip
        return found

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    registry.refresh()


@pytest.fixture(autouse=True)
def _fresh_registry():
    registry.refresh()
    yield
    registry.refresh()


def test_the_built_in_games_are_entry_points_of_this_distribution():
    points = {point.name: point for point in importlib.metadata.entry_points(group="abstracta.games")}
    for slug in BUILT_IN:
        point = points[slug]
        assert point.dist is not None and point.dist.name == "abstracta"
        assert point.load() is type(abstracta.load(slug))
        assert point.load().slug == slug
        # the class an uninstalled source tree falls back to (the package's GAME) is the same one
        assert importlib.import_module(f"abstracta.games.{slug.replace('-', '_')}").GAME is point.load()
    assert abstracta.games() == LISTED


def test_a_game_registered_through_an_entry_point_loads_and_is_listed(monkeypatch):
    _with_entry_points(monkeypatch, countdown=f"{__name__}:Countdown")
    assert abstracta.games() == sorted(LISTED + ["countdown"])
    game = abstracta.load("countdown")
    assert isinstance(game, Countdown) and game.options == {}
    state = game.start()
    while not state.over:
        state = state.play(state.moves()[-1])
    assert state.returns() == [1.0, -1.0]  # 5: 2, 2, 1: the first player takes the last
    assert isinstance(abstracta.load("strategic-reserve").start(), State)


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("no_such_module_for_abstracta:Game", "does not load: ModuleNotFoundError"),
        (f"{__name__}:Missing", "does not load: AttributeError"),
        (f"{__name__}:NotAGame", "is not a Game subclass"),
        (f"{__name__}:Countdown", "registered as 'count-down' but its slug is 'countdown'"),
    ],
)
def test_a_broken_entry_point_is_named_and_the_built_in_games_still_load(monkeypatch, value, problem):
    _with_entry_points(monkeypatch, **{"count-down": value})
    assert "count-down" in abstracta.games()  # listing imports nothing, so it cannot know yet
    with pytest.raises(registry.GameLoadError) as info:
        abstracta.load("count-down")
    assert "'count-down'" in str(info.value) and repr(value) in str(info.value) and problem in str(info.value)
    for slug in BUILT_IN:
        assert abstracta.load(slug).slug == slug


def test_an_entry_point_with_a_bad_name_is_skipped_with_a_warning(monkeypatch):
    _with_entry_points(monkeypatch, Count_Down=f"{__name__}:Countdown")
    with pytest.warns(UserWarning, match="'Count_Down'"):
        assert abstracta.games() == LISTED


def test_a_plugin_cannot_replace_a_built_in_game(monkeypatch):
    _with_entry_points(monkeypatch, quin=f"{__name__}:Countdown")
    with pytest.warns(UserWarning, match="two games claim the slug 'quin'"):
        assert abstracta.games() == LISTED
    assert abstracta.load("quin").title == "Quin"


def test_register_adds_a_game_to_the_running_process():
    registry.register(Countdown)
    try:
        assert "countdown" in abstracta.games()
        assert isinstance(abstracta.load("countdown"), Countdown)
    finally:
        registry.unregister("countdown")
    assert abstracta.games() == LISTED
    with pytest.raises(TypeError, match="Game subclass"):
        registry.register(CountdownState)  # type: ignore[arg-type]


def test_without_installed_entry_points_the_built_in_packages_are_the_games():
    """A source tree run without installing (PYTHONPATH=src) still finds the five games."""
    code = (
        "import importlib.metadata as m; m.entry_points = lambda **s: []; "
        "import abstracta; print(abstracta.games(), abstracta.load('reflec').slug)"
    )
    env = {name: value for name, value in os.environ.items() if name != registry.GAMES_VARIABLE}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
                            env=env)  # fmt: skip
    assert result.stdout.strip() == f"{BUILT_IN} reflec"


def test_the_environment_variable_adds_games_like_entry_points(monkeypatch):
    monkeypatch.setenv(registry.GAMES_VARIABLE, f"countdown={__name__}:Countdown, junk, quin={__name__}:Countdown")
    registry.refresh()
    with pytest.warns(UserWarning) as warned:
        assert abstracta.games() == sorted(LISTED + ["countdown"])
    messages = " ".join(str(warning.message) for warning in warned)
    assert "'junk'" in messages and "two games claim the slug 'quin'" in messages  # a built-in game stays
    assert isinstance(abstracta.load("countdown"), Countdown) and abstracta.load("quin").title == "Quin"


def test_a_child_process_finds_the_games_the_environment_variable_names():
    # the child imports this module from the repository root (tests/conftest.py puts it on PYTHONPATH)
    env = {**os.environ, registry.GAMES_VARIABLE: "countdown=tests.core.test_plugins:Countdown"}
    code = "import abstracta; print(abstracta.games(), abstracta.load('countdown').title)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True,
                            env=env)  # fmt: skip
    assert result.stdout.strip() == f"{sorted(BUILT_IN + ['countdown'])} Countdown"
