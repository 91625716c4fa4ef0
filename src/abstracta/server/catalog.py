"""What the lobby shows about each registered game: title, two lines, options, players, start picture."""

from __future__ import annotations

import inspect
from typing import Any

import abstracta
from abstracta.core.api import Game
from abstracta.core.options import Option

DESCRIPTIONS = {
    "desfases": "Pawns race over a grid of rotating piecepack tiles; dice count down each suit's moves.\n"
                "When a timer runs out, score the tile your pawn faces. Highest total wins.",
    "laser-chess": "Step, swap and turn mirrors, then your laser fires across the board on its own.\n"
                   "Hit the enemy King with a beam to win; unshielded pieces in the way are lost.",
    "quin": "Hidden pieces on a circular board: rivals see only the backs until a flash reveals them.\n"
            "Bring your Light to the centre or capture the rival's Light, using every power.",
    "reflec": "Coins point a laser's beam around an 8x8 board for two to four players.\n"
              "Spend action points to move, turn and fire; destroy every rival laser.",
    "strategic-reserve": "Roll two dice to strike a square and send whole groups back to reserve.\n"
                         "Then place a checker; the first to empty their reserve wins.",
}  # fmt: skip


def describe(slug: str) -> str:
    """Two lines about the game: ours when written, else the first lines of the game class's docstring."""
    if slug in DESCRIPTIONS:
        return DESCRIPTIONS[slug]
    doc = inspect.getdoc(abstracta.core.registry.game_class(slug)) or ""
    return "\n".join(doc.strip().splitlines()[:2])


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
    start = game.start(seed=0)
    return {
        "game": game.slug,
        "title": game.title,
        "options": game.options,
        "num_players": game.num_players,
        "position": start.view(None).notation(),
    }


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
            description=describe(slug),
            perfect_information=bool(game.perfect_information),
            has_chance=bool(game.has_chance),
            options_spec=[_option_spec(spec, game.options.get(spec.name)) for spec in game.option_specs],
        )
        entries.append(entry)
    return entries
