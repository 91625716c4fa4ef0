"""Game records for download (``GET /api/games/{id}/record``), built from a live game.

The record is :mod:`abstracta.core.records`' text or JSON form. What it holds depends on who
asks, exactly as the views do:

- a game with perfect information: the full record (seed and every move) for anyone;
- a game with hidden information (Quin), with a seat's token: that seat's player record
  (``player_record``): its own moves in full, the rival's in public form, its view after each
  ply, no seed (the seed would deal the hidden pieces again);
- the same game without a token: the spectator's record, ``View -1``: every move in public
  form and the spectator's view after each ply. Quin reveals nothing at the end of a game, so
  a finished game's spectator record hides what its views hide.

Every form has each ply in plain words as a comment (``state.describe`` from that reader: the
seat, or a spectator), the phrases the game page's move list shows (``live.words``).

Every form carries the players' chat (:func:`chat_lines`), each message after the ply it was said
at: spectators read that chat on the game page too (there is no chat of theirs to keep out), and a
message reveals nothing of a hidden game.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from abstracta.core.records import ChatLine, Record, dumps, in_words, player_record
from abstracta.server.service import BOT_PREFIX, LiveGame
from abstracta.server.store import Store
from abstracta.server.tables import ChatRow

SPECTATOR_VIEW = -1
"""The ``View`` tag of a spectator's record: no seat, only what anyone watching the game saw."""


def _players(seats: list[str]) -> list[str]:
    return [kind[len(BOT_PREFIX):] if kind.startswith(BOT_PREFIX) else "human" for kind in seats]


def chat_lines(store: Store, game_id: str) -> list[ChatLine]:
    """The game's chat, oldest first, each message placed after the plies stored before it was said."""

    def work(session: Session) -> list[Any]:
        return list(session.execute(select(ChatRow.player, ChatRow.text, ChatRow.created)
                                    .where(ChatRow.game_id == game_id).order_by(ChatRow.id)))  # fmt: skip

    said = store._read(work)
    if not said:
        return []
    played = store.move_times(game_id)
    lines = []
    for player, text, created in said:
        moment = created if created.tzinfo else created.replace(tzinfo=timezone.utc)  # SQLite gives naive UTC back
        lines.append(ChatLine(ply=bisect_right(played, moment.timestamp()), seat=player, text=text,
                              at=moment.isoformat(timespec="seconds")))  # fmt: skip
    return lines


def game_record(live: LiveGame, holder: int | None, created: datetime | None = None,
                chat: list[ChatLine] | None = None) -> Record:
    """The record ``holder`` (``None``: a spectator) may read of ``live``, as it stands now, with ``chat``
    (:func:`chat_lines`)."""
    with live.lock:
        states = list(live.states)
        moves = list(live.moves)
        public = list(live.public)
    game = live.game
    full = Record(game.slug, dict(game.options), moves=moves, seed=live.seed, players=_players(live.seats),
                  date=created.date().isoformat() if created else "", extra={"Site": f"abstracta game {live.id}"})  # fmt: skip
    full.finish(states[-1])
    if live.ended:  # resigned or a draw agreed: the result the server decided, not the position's
        full.result = "/".join(f"{value:g}" for value in live.ended["returns"])
        full.termination = live.ended["termination"]
    full.extra.update(rating_tags(live))
    full.chat = list(chat or [])
    if game.perfect_information:
        return in_words(full, states, words=live.words)
    if holder is not None:
        record = in_words(player_record(full, holder, states), states, moves, live.words)
        record.extra = dict(full.extra)
        record.chat = list(full.chat)
        return record
    record = Record(game.slug, dict(game.options), position=states[0].view(None).notation(), players=full.players,
                    date=full.date, result=full.result, termination=full.termination, view=SPECTATOR_VIEW,
                    extra=dict(full.extra), chat=list(full.chat))  # fmt: skip
    record.moves = public
    record.views = [state.view(None).notation() for state in states[1:]]
    return in_words(record, states, moves, live.words)


def rating_tags(live: LiveGame) -> dict[str, str]:
    """A rated game's tags, each seat's value '/'-separated in player order like ``Result``: ``Rated``,
    and once it has been rated ``RatingPool``, ``Accounts``, ``RatingsBefore``/``RatingsAfter`` (as shown:
    ``1500?``) and ``RatingChanges`` (``+162/-162``)."""
    if not live.rated:
        return {}
    tags = {"Rated": "yes"}
    changes = live.ratings or {}
    seats = [changes.get(str(player)) for player in range(live.game.num_players)]
    if all(seats):
        tags.update(RatingPool=seats[0]["pool"], Accounts="/".join(seat["username"] for seat in seats),
                    RatingsBefore="/".join(seat["shown_before"] for seat in seats),
                    RatingsAfter="/".join(seat["shown_after"] for seat in seats),
                    RatingChanges="/".join(seat["change"] for seat in seats))  # fmt: skip
    return tags


def record_text(record: Record, form: str) -> str:
    """The download's body: the text form, or ``form == "json"`` for the JSON form of one record."""
    return dumps([record], "json" if form == "json" else "text")


def record_filename(live: LiveGame, holder: int | None, form: str) -> str:
    whose = "" if live.game.perfect_information else "-spectator" if holder is None else f"-seat{holder}"
    return f"abstracta-{live.game.slug}-{live.id}{whose}.{'json' if form == 'json' else 'txt'}"


def record_headers(filename: str) -> dict[str, Any]:
    return {"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"}
