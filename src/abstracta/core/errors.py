"""The errors every game raises, and the marker for chance nodes.

Both errors are ``ValueError`` subclasses, so callers that only know the
standard library can still catch them.
"""

from __future__ import annotations

CHANCE = -1
"""``state.player`` at a chance node: the next step is a random event."""


class IllegalMove(ValueError):
    """``state.play(move)`` was given a move that is not in ``state.moves()``.

    The message quotes the move and says why it was refused; the state that
    raised is unchanged (states are values).
    """


class NotationError(ValueError):
    """``game.parse`` or ``game.from_json`` got malformed or impossible input.

    The message names the field or check that failed.
    """
