"""When a player may take a move back: one rule for the web app and the terminal.

Takebacks are for two-player games with nothing hidden. A seat takes back its last move and
whatever the other seat played since, but never past a chance outcome (once a roll has been
seen, the moves before it stand). Against a bot only the ``easy`` level grants one (at once);
stronger bots refuse. A human rival is asked (the web app), or is at the same terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from abstracta.core.api import Game

TAKEBACK_BOT_LEVEL = "easy"
"""The only bot level that grants takebacks (at once); stronger bots and hidden or seen dice never do."""


def takeback_start(game: Game, movers: Sequence[int], player: int, rival_level: str | None) -> int | None:
    """The ply a takeback by ``player`` goes back to (before its last move), or ``None`` when none is allowed.

    ``movers`` says who played each ply so far (``CHANCE``, negative, for chance outcomes);
    ``rival_level`` is the other seat's bot level, ``None`` for a human. The caller checks that
    the game is still being played.
    """
    if game.num_players != 2 or not game.perfect_information:
        return None
    start = next((i for i in range(len(movers) - 1, -1, -1) if movers[i] == player), None)
    if start is None:
        return None
    if any(mover < 0 for mover in movers[start:]):  # a roll came up since: it has been seen
        return None
    if rival_level is not None and rival_level != TAKEBACK_BOT_LEVEL:
        return None
    return start


def no_takeback_reason(game: Game, movers: Sequence[int], player: int, rival_level: str | None) -> str:
    """Why :func:`takeback_start` allows no takeback, in the words shown to the player."""
    if game.num_players != 2:
        return "takebacks are for two-player games"
    if not game.perfect_information:
        return "no takebacks in a game with hidden information"
    if not any(mover == player for mover in movers):
        return "you have no move to take back"
    if rival_level is not None and rival_level != TAKEBACK_BOT_LEVEL:
        return f"only the {TAKEBACK_BOT_LEVEL} bot allows takebacks; this one is {rival_level}"
    return "a roll has been seen since your last move: it stands"
