"""What clients see of a live game: every answer is built from ``state.view(holder)`` only.

Nothing here ever hands out a full state: :func:`view_json` builds every answer from
``state.view(holder)`` (spectators: ``view(None)``) and the public form of the moves
(``state.public_move``).
"""

from __future__ import annotations

import json
from typing import Any

from abstracta.core.api import State
from abstracta.server.live import LiveGame


def board_view(view: State) -> dict[str, Any]:
    """A view as the board modules draw it outside a live game (the analysis board, lessons,
    puzzles): the game, its options and the view's position, structure, mover, ending and last
    effects. Each caller adds its own ``you``, ``history`` and ``moves``."""
    game = view.game
    return {
        "game": game.slug,
        "title": game.title,
        "options": json.loads(json.dumps(game.options)),
        "num_players": game.num_players,
        "perfect_information": bool(game.perfect_information),
        "position": view.notation(),
        "structure": view.structure(),
        "player": view.player,
        "seat": view.seat,
        "over": bool(view.over),
        "returns": list(view.returns()),
        "scores": list(view.scores()),
        "last_effects": list(view.last_effects()),
    }


def view_json(live: LiveGame, holder: int | None) -> dict[str, Any]:
    """The answer for ``holder`` (``None``: a spectator), built from ``state.view(holder)`` only."""
    with live.lock:
        state = live.state
        view = state.view(holder)
        return {
            "id": live.id,
            "game": live.game.slug,
            "title": live.game.title,
            "options": live.game.options,
            "position": view.notation(),
            "structure": view.structure(),
            "player": view.player,
            "seat": view.seat,
            "moves": list(state.moves()) if holder is not None and state.player == holder else [],
            "over": bool(view.over),
            "returns": list(view.returns()),
            "scores": list(view.scores()),
            "last_effects": list(view.last_effects()),
            "history": history_seen(live, holder),
            "history_players": list(live.movers),
            "history_words": history_words(live, holder),
            "ply": len(live.moves),
            "you": holder,
            "seats": list(live.seats),
            "num_players": live.game.num_players,
            "perfect_information": bool(live.game.perfect_information),
            "waiting_for": live.waiting_for(),
            **controls_view(live, holder),
            **rated_view(live),
        }


def rated_view(live: LiveGame) -> dict[str, Any]:
    """A rated game's keys (an unrated game's view has neither): ``rated``, and ``ratings``, each seat's
    rating change by player number once the game has been rated (:mod:`abstracta.server.rated`), null before."""
    if not live.rated:
        return {}
    return {"rated": True, "ratings": dict(live.ratings) if live.ratings else None}


def replay_json(live: LiveGame, holder: int | None) -> dict[str, Any]:
    """Every position of the game so far as ``holder`` saw it (views only), for the replay slider."""
    with live.lock:
        states = list(live.states)
        history = history_seen(live, holder)
        words = history_words(live, holder)
    views = [state.view(holder) for state in states]
    return {
        "id": live.id,
        "positions": [view.notation() for view in views],
        "structures": [view.structure() for view in views],
        "effects": [list(view.last_effects()) for view in views],
        "history": history,
        "history_words": words,
    }


def controls_view(live: LiveGame, holder: int | None) -> dict[str, Any]:
    """The view's game-control keys; a game ended by a control (resign, agreed draw) reads as over."""
    from abstracta.server.controls import controls_json  # here: controls imports the service, which imports this

    extra: dict[str, Any] = {"controls": controls_json(live, holder)}
    if live.ended:
        extra.update(over=True, returns=list(live.ended["returns"]), moves=[], player=None, seat=None)
    return extra


def history_seen(live: LiveGame, holder: int | None) -> list[str]:
    """Every move as ``holder`` may read it: its own moves in full (it made them: Quin's
    "place T e3"), everyone else's in public form ("place ? e3"); a spectator reads only public forms."""
    if holder is None:
        return list(live.public)
    return [move if mover == holder else public for move, public, mover in zip(live.moves, live.public, live.movers)]


def history_words(live: LiveGame, holder: int | None) -> list[str]:
    """Every move in plain words as ``holder`` may read it (``state.describe(move, holder)``: built from
    that seat's view, so a rival's hidden kinds stay unnamed), each worked out once (``live.words``)."""
    with live.lock:
        return live.words(live.states, live.moves, holder)
