"""What a piecepack game tells the PPN export about itself: its :class:`PPNMapping`.

Portable Piecepack Notation (docs/ppn.md) writes a game as piece tokens: ``<suit><rank><kind>``
pieces, ``<piece>@<cell>`` to place, ``<from>-<to>`` to move the top piece, ``<cell>@><degrees>``
to turn it clockwise, ``<a>#<b>`` to swap, ``*<cell>`` to remove, ``<suit>d~<rank>`` to set a die,
``{...}`` comments. The command line (``cli/ppn.py``) writes the file: its header, movetext
``0.`` from :meth:`PPNMapping.setup_tokens` and a line a ply from :meth:`PPNMapping.ply_tokens`,
each ending with ``{abstracta: <move>}``. A game offers a mapping through ``Game.ppn_mapping()``
(``None``, the default: no PPN export); its mapping reads the structured position
(``core/structure.py``), never the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from abstracta.core.api import State

FACING_DEGREES = {"n": 0, "e": 90, "s": 180, "w": 270}
"""A facing as degrees clockwise from north, the direction a piece's top points."""

DIE_RANKS = {0: "n", 1: "a", 2: "2", 3: "3", 4: "4", 5: "5"}
"""A piecepack die's value -> PPN rank."""


def turn_token(cell: str, old: str, new: str) -> str:
    """The rotation token taking a piece at ``cell`` from facing ``old`` to ``new``."""
    return f"{cell}@>{(FACING_DEGREES[new] - FACING_DEGREES[old]) % 360}"


class PPNMapping:
    """How one piecepack game's positions and plies read as PPN tokens."""

    def setup_tokens(self, state: State) -> list[str]:
        """Tokens that set up ``state`` from an empty table (every piece placed, then turned)."""
        raise NotImplementedError(f"{type(self).__name__} must define setup_tokens()")

    def ply_tokens(self, before: State, move: str, after: State) -> list[str]:
        """Tokens for ``move`` played in ``before`` giving ``after`` (the ``{abstracta: move}`` comment is added for you)."""
        raise NotImplementedError(f"{type(self).__name__} must define ply_tokens()")


__all__ = ["DIE_RANKS", "FACING_DEGREES", "PPNMapping", "turn_token"]
