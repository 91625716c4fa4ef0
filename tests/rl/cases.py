"""Option sets the environment tests run every game under.

Every registered game (``abstracta.games()``) runs under its short options; a game missing
from ``SHORT_OPTIONS`` runs under its defaults. Each set is small enough that a random game
ends within a few hundred plies, so PettingZoo's and Gymnasium's checkers finish in well under
a second per set (Reflec has no natural end under random play, hence its turn limit).
"""

from __future__ import annotations

import abstracta

SHORT_OPTIONS: dict[str, dict] = {
    "laser-chess": {"max_plies": 80},
    "reflec": {"max_turns": 12},
    "quin": {"max_turns": 40},
}
"""Options that keep a random game short, by slug (defaults for a game not listed)."""

EXTRA_OPTION_SETS: list[tuple[str, dict]] = [
    ("strategic-reserve", {"reserve": 2, "max_turns": 30}),
    ("laser-chess", {"setup": "grail", "max_plies": 40}),
    ("reflec", {"players": 3, "max_turns": 12}),
    ("desfases", {"players": 2}),
    ("quin", {"setup": "manual", "max_turns": 20}),
]
"""Option sets that change a game's numbering, seats or setup, on top of its short options."""


def short_options(slug: str) -> dict:
    return dict(SHORT_OPTIONS.get(slug, {}))


OPTION_SETS: list[tuple[str, dict]] = [
    case
    for slug in abstracta.games()
    for case in [(slug, short_options(slug)), *((s, o) for s, o in EXTRA_OPTION_SETS if s == slug)]
]
"""(slug, options) pairs: every game, and each one's options that change the numbering or the seats."""


def set_id(case: tuple[str, dict]) -> str:
    slug, options = case
    return slug + "".join(f"-{k}={v}" for k, v in options.items())
