"""Which games exist, and how to load one.

Games are plugins. A distribution adds one by declaring a Python entry point in the group
``abstracta.games`` whose name is the game's slug and whose value is its
:class:`~abstracta.core.api.Game` subclass; abstracta declares its own five the same way
(``pyproject.toml``)::

    [project.entry-points."abstracta.games"]
    connect-four = "connect_four:ConnectFour"

Tests and scripts may add a game to the running process with :func:`register` (and take
it away with :func:`unregister`), and to it and every process it starts (server bot workers,
``simulate`` workers, a ``serve`` subprocess) with the environment variable
:data:`GAMES_VARIABLE`, entry points written out: ``tic-tac-toe=tests.plugin_game:TicTacToe``. Listing games reads metadata only and imports no engine;
a game's module is imported when it is first loaded. A broken third-party entry point never
hides the others: a bad name is skipped with a warning, and loading a game whose entry point
does not import raises :class:`GameLoadError` naming the entry point.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import pkgutil
import re
import warnings
from functools import lru_cache
from typing import Any

from abstracta.core.api import Game

ENTRY_POINT_GROUP = "abstracta.games"
"""The entry-point group games register in (name: the slug; value: ``module:GameSubclass``)."""

BUILT_IN_PACKAGE = "abstracta.games"
"""Where this distribution's own games live (one package per game, exposing ``GAME``)."""

GAMES_VARIABLE = "ABSTRACTA_GAMES"
"""An environment variable of extra games without installing them: ``slug=module:GameSubclass``
entries separated by commas, read like entry points (a built-in slug is never replaced)."""

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
"""A slug: lower-case words joined by ``-`` (``strategic-reserve``)."""

_registered: dict[str, type[Game]] = {}  # register(): games added by the running process


class GameLoadError(RuntimeError):
    """A registered game could not be loaded (its entry point does not import or is not a ``Game``)."""


def register(game: type[Game]) -> None:
    """Add ``game`` (a ``Game`` subclass) to this process's games under ``game.slug``.

    The hook for tests and scripts (a test-only game in a test session); an installed
    distribution registers through the ``abstracta.games`` entry point instead. A slug
    registered here takes precedence over an entry point of the same name.
    """
    if not (isinstance(game, type) and issubclass(game, Game)):
        raise TypeError(f"register() takes a Game subclass, got {game!r}")
    slug = getattr(game, "slug", None)  # the class may not declare one: say so rather than fail later
    if not isinstance(slug, str) or not SLUG.match(slug):
        raise ValueError(f"{game.__qualname__}.slug must be lower-case words joined by '-', got {slug!r}")
    _registered[slug] = game
    game_slugs.cache_clear()


def unregister(slug: str) -> None:
    """Take back a game added by :func:`register` (entry points stay)."""
    _registered.pop(slug, None)
    game_slugs.cache_clear()


def refresh() -> None:
    """Read the entry points again (after a distribution was installed into the running process)."""
    _entry_points.cache_clear()
    _load_entry_point.cache_clear()
    game_slugs.cache_clear()


@lru_cache(maxsize=1)
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The group's entry points by slug; invalid names are skipped and clashes resolved, with a warning."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in [*importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), *_variable_points()]:
        if not SLUG.match(point.name):
            warnings.warn(f"abstracta: ignoring the game entry point {point.name!r} = {point.value!r} "
                          f"({_origin(point)}): a slug is lower-case words joined by '-'", stacklevel=2)  # fmt: skip
            continue
        kept = found.get(point.name)
        if kept is not None and kept.value != point.value:
            if _is_built_in(point):  # a plugin never replaces a built-in game
                kept, point = point, kept
            warnings.warn(f"abstracta: two games claim the slug {point.name!r}; keeping {kept.value!r} "
                          f"({_origin(kept)}), ignoring {point.value!r} ({_origin(point)})", stacklevel=2)  # fmt: skip
            point = kept
        found[point.name] = point
    if not any(_is_built_in(point) for point in found.values()):
        # A source tree run without installing (or an install older than the entry points):
        # the built-in games are still the packages under abstracta/games/.
        for slug, value in _built_in_packages().items():
            found.setdefault(slug, importlib.metadata.EntryPoint(slug, value, ENTRY_POINT_GROUP))
    return found


def _variable_points() -> list[importlib.metadata.EntryPoint]:
    """The games named by :data:`GAMES_VARIABLE`, as entry points (an entry without ``=`` is skipped with a warning)."""
    points = []
    for entry in filter(None, (part.strip() for part in os.environ.get(GAMES_VARIABLE, "").split(","))):
        name, equals, value = entry.partition("=")
        if not equals or ":" not in value:
            warnings.warn(f"abstracta: ignoring {entry!r} in {GAMES_VARIABLE}: write slug=module:GameSubclass", stacklevel=3)
            continue
        points.append(importlib.metadata.EntryPoint(name.strip(), value.strip(), ENTRY_POINT_GROUP))
    return points


def _built_in_packages() -> dict[str, str]:
    package = importlib.import_module(BUILT_IN_PACKAGE)
    return {
        info.name.replace("_", "-"): f"{BUILT_IN_PACKAGE}.{info.name}:GAME"
        for info in pkgutil.iter_modules(package.__path__)
        if info.ispkg
    }


def _is_built_in(point: importlib.metadata.EntryPoint) -> bool:
    return point.value.startswith(BUILT_IN_PACKAGE + ".")


def _origin(point: importlib.metadata.EntryPoint) -> str:
    dist = getattr(point, "dist", None)  # entry points made by hand carry no distribution
    return f"distribution {dist.name!r}" if dist is not None else "no distribution"


@lru_cache(maxsize=1)
def game_slugs() -> tuple[str, ...]:
    """Slugs of every registered game, sorted."""
    return tuple(sorted(set(_entry_points()) | set(_registered)))


def game_class(slug: str) -> type[Game]:
    """The ``Game`` subclass registered under ``slug``; ``ValueError`` naming the valid slugs otherwise."""
    if not isinstance(slug, str) or slug not in game_slugs():
        raise ValueError(f"unknown game {slug!r}; valid games: {', '.join(game_slugs())}")
    if slug in _registered:
        return _registered[slug]
    return _load_entry_point(_entry_points()[slug])


@lru_cache(maxsize=None)
def _load_entry_point(point: importlib.metadata.EntryPoint) -> type[Game]:
    where = f"the game entry point {point.name!r} = {point.value!r} ({_origin(point)})"
    try:
        loaded = point.load()
    except Exception as error:  # whatever a plugin's import raises, name the plugin
        raise GameLoadError(f"{where} does not load: {type(error).__name__}: {error}") from error
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise GameLoadError(f"{where} is not a Game subclass: {loaded!r}")
    if getattr(loaded, "slug", None) != point.name:  # a class may forget its slug: report, not AttributeError
        raise GameLoadError(f"{where} is registered as {point.name!r} but its slug is {getattr(loaded, 'slug', None)!r}")
    return loaded


def load(slug: str, **options: Any) -> Game:
    """``load("strategic-reserve", reserve=7)``: a game under those options."""
    return game_class(slug)(**options)
