"""What the lobby shows about each registered game: title, two lines, options, players, start
picture, where its board module and rules page are (``game_modules.py``), and its legend.

Everything here comes from what the game declares (``docs/api.md``); nothing names a game."""

from __future__ import annotations

import inspect
from typing import Any

import abstracta
from abstracta.core.api import Game
from abstracta.core.options import Option
from abstracta.core.rules_text import legend
from abstracta.server.game_modules import board_url, rules_url


def describe(game: type[Game]) -> str:
    """Two lines about the game: its ``description``, else the first lines of its class docstring."""
    if game.description:
        return game.description
    doc = inspect.getdoc(game) or ""
    return "\n".join(doc.strip().splitlines()[:2])


def _legend(game: type[Game]) -> dict[str, Any] | None:
    """The legend table of the game's rules text (``{"head", "rows"}``), which the game page shows
    beside the board; ``None`` when it has none."""
    table = legend(game)
    return table.to_json() if table else None


def _option_spec(spec: Option, current: Any) -> dict[str, Any]:
    """An option as the lobby form needs it: kind of input, default, allowed text, choices."""
    choices = list(spec.choices)
    if choices:
        kind = "choice"
    elif isinstance(spec.default, bool):
        kind = "bool"
    elif isinstance(spec.default, int) or "int" in spec.allowed:
        kind = "int"
    else:
        kind = "text"
    return {
        "name": spec.name,
        "default": current,
        "allowed": spec.allowed,
        "help": spec.help,
        "kind": kind,
        "choices": choices,
        "nullable": spec.check(None),
    }


def setup_info(game: Game) -> dict[str, Any]:
    """The facts that follow from one option set: players, options in force, the public start position."""
    start = game.start(seed=0).view(None)
    return {
        "game": game.slug,
        "title": game.title,
        "options": game.options,
        "num_players": game.num_players,
        "position": start.notation(),
        "structure": start.structure(),
    }


def position_info(game: Game, position: str) -> dict[str, Any]:
    """A position given in the game's notation: its notation and structure, showing no more than the
    text does (the caller wrote it, so nothing is secret; a seat's view stays that seat's), for a client
    that draws a position it holds; ``NotationError`` when the text is not a position."""
    state = game.parse(position)
    return {"game": game.slug, "options": game.options, "position": state.notation(), "structure": state.structure()}


def catalog() -> list[dict[str, Any]]:
    """One entry per registered game; a game that fails to load is listed with its error, never hidden."""
    entries = []
    for slug in abstracta.games():
        try:
            game = abstracta.load(slug)
            entry = setup_info(game)
        except Exception as error:  # a game still being written must not break the lobby
            entries.append({"game": slug, "title": slug, "error": str(error), "options_spec": []})
            continue
        entry.update(
            description=describe(type(game)),
            board=board_url(type(game)),
            rules=rules_url(type(game)),
            legend=_legend(type(game)),
            perfect_information=bool(game.perfect_information),
            has_chance=bool(game.has_chance),
            options_spec=[_option_spec(spec, game.options.get(spec.name, spec.default)) for spec in game.option_specs],
        )
        entries.append(entry)
    return entries
