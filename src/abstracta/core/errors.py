"""The errors every game raises, and the marker for chance nodes.

Both errors are ``ValueError`` subclasses, so callers that only know the
standard library can still catch them.
"""

from __future__ import annotations

import re

CHANCE = -1
"""``state.player`` at a chance node: the next step is a random event."""


class IllegalMove(ValueError):
    """``state.play(move)`` was given a move that is not in ``state.moves()``.

    The message quotes the move and says why it was refused; the state that
    raised is unchanged (states are values).
    """


def without_position(message: str, notation: str) -> str:
    """An ``IllegalMove`` message without the position ``notation`` it quotes (the games name the
    position a move was refused in): for readers who must not see it, such as a player of a game
    with hidden pieces.

    >>> without_position("illegal move 'x9' in 6/6 b 5: no such square", "6/6 b 5")
    "illegal move 'x9': no such square"
    >>> without_position("illegal move 'x9' in the view 6/6 b 5: not yours", "6/6 b 5")
    "illegal move 'x9': not yours"
    """
    if not notation:
        return message
    message = re.sub(r" in (?:the \w+ )?" + re.escape(notation), "", message)
    return message.replace(notation, "the position")


def illegal_reason(message: str) -> str:
    """The reason part of an ``IllegalMove`` message, for a reply that names the move itself.

    >>> illegal_reason("illegal move 'a1-a2': a1 is empty")
    'a1 is empty'
    """
    return re.sub(r"^illegal move '.*?'[:,]?\s*", "", message) or message


class NotationError(ValueError):
    """``game.parse`` or ``game.from_json`` got malformed or impossible input.

    The message names the field or check that failed.
    """
