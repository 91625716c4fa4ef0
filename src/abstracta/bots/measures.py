"""Designers' measures over played games: balance by score, how games end, lengths, branching,
drama, lead changes, uncertainty, skill traces and option sweeps (issue 30; see docs/designers.md).

A game is described by a :class:`GameTrace` (one :class:`PlyTrace` per ply); the playing side
(``abstracta report``, ``simulate``) builds the traces and every measure here reads only them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from abstracta.core.errors import CHANCE


@dataclass(frozen=True)
class PlyTrace:
    """One ply of a played game.

    ``mover`` is the seat that chose this ply, or ``CHANCE`` (-1) for a chance outcome; ``legal`` the
    number of legal moves (or chance outcomes) there were; ``chances`` each seat's calibrated
    expected score AFTER this ply (:mod:`abstracta.bots.win_chances`), ``None`` where not measured.
    """

    mover: int
    legal: int
    chances: tuple[float, ...] | None = None


@dataclass(frozen=True)
class GameTrace:
    """One played game: its plies, final returns, how it ended and what was played.

    ``termination`` is ``state.termination()`` (the game's own names) or ``"adjudicated"``;
    ``capped`` is True when a cap (the game's turn limit, a ply cap, adjudication) ended it rather
    than the rules; ``seats`` the bot spec in each seat; ``options`` the game options (a sweep
    setting); ``start`` the start position's notation when a position suite gave it;
    ``game_turns`` the game's own count of turns where it keeps one (see :func:`game_turn_count`),
    else ``None`` and :attr:`turns` counts runs of plies by one mover.
    """

    players: int
    plies: tuple[PlyTrace, ...]
    returns: tuple[float, ...]
    termination: str
    capped: bool
    seats: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    start: str | None = None
    game_turns: int | None = None

    @property
    def ply_count(self) -> int:
        """Plies played, chance outcomes included."""
        return len(self.plies)

    @property
    def turns(self) -> int:
        """Turns played: runs of consecutive non-chance plies by one mover (chance plies neither
        count nor break a run, so a dice roll followed by that player's moves is one turn), or
        the game's own count where the trace carries one (``game_turns``)."""
        if self.game_turns is not None:
            return self.game_turns
        return len(turn_starts(self.plies))


def turn_starts(plies: tuple[PlyTrace, ...] | list[PlyTrace]) -> list[int]:
    """Indices of the plies that begin a turn (a non-chance ply whose mover differs from the
    previous non-chance ply's)."""
    starts: list[int] = []
    previous: int | None = None
    for index, ply in enumerate(plies):
        if ply.mover == CHANCE:
            continue
        if ply.mover != previous:
            starts.append(index)
            previous = ply.mover
    return starts
