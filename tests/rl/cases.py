"""Option sets the environment tests run every game under.

Each is small enough that a random game ends within a few hundred plies, so PettingZoo's and
Gymnasium's checkers finish in well under a second per set (Reflec has no natural end under
random play, hence its turn limit).
"""

from __future__ import annotations

OPTION_SETS: list[tuple[str, dict]] = [
    ("strategic-reserve", {}),
    ("strategic-reserve", {"reserve": 2, "max_turns": 30}),
    ("laser-chess", {"max_plies": 80}),
    ("laser-chess", {"setup": "grail", "max_plies": 40}),
    ("reflec", {"max_turns": 12}),
    ("reflec", {"players": 3, "max_turns": 12}),
    ("desfases", {}),
    ("desfases", {"players": 2}),
    ("quin", {"max_turns": 40}),
    ("quin", {"setup": "manual", "max_turns": 20}),
]
"""(slug, options) pairs: every game, and each one's options that change the numbering or the seats."""


def set_id(case: tuple[str, dict]) -> str:
    slug, options = case
    return slug + "".join(f"-{k}={v}" for k, v in options.items())
