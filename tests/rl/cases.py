"""Option sets the environment tests run every game under, read from the games themselves.

Every registered game (``abstracta.games()``) runs under its ``short_options`` (options that
keep a random game short, ``{}`` for a game whose random games already are), and under each of
its ``example_options`` on top of them (other setups, seats, numberings). Each set is small
enough that a random game ends within a few hundred plies, so PettingZoo's and Gymnasium's
checkers finish in well under a second per set.
"""

from __future__ import annotations

import abstracta
from abstracta.core.registry import game_class


def short_options(slug: str) -> dict:
    """The options under which random play of ``slug`` ends quickly (``Game.short_options``)."""
    return dict(game_class(slug).short_options)


OPTION_SETS: list[tuple[str, dict]] = [
    case
    for slug in abstracta.games()
    for case in [(slug, short_options(slug)),
                 *((slug, {**short_options(slug), **example}) for example in game_class(slug).example_options)]
]
"""(slug, options) pairs: every game under its short options, and under each of its example option sets."""


def set_id(case: tuple[str, dict]) -> str:
    slug, options = case
    return slug + "".join(f"-{k}={v}" for k, v in options.items())
