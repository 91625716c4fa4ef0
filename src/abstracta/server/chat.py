"""In-game chat between a game's players, stored with the game (the ``chat_messages`` table).

- Only a seat's holder posts, always as that seat: a Bearer seat token, or the session cookie of the
  account that holds the seat (with ``X-CSRF-Token``); the seat comes from the credential, never from the body.
- Text only: at most :data:`MAX_CHARACTERS` characters after trimming; control characters other than
  line breaks and tabs are dropped. The server stores and sends the text as it is; every page shows it
  as text (``textContent``), never as HTML.
- At most :data:`RATE_COUNT` messages per :data:`RATE_SECONDS` seconds per seat (429 with Retry-After).
- Spectators read the players' chat and cannot post: players never see anything but each other's words.
- Delivered live to every watcher of the game over its WebSocket (``{"chat": message}``) and by
  ``GET /api/games/{id}/chat``. A chat message is player text and reveals nothing of a hidden game.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from abstracta.server.hub import Hub
from abstracta.server.live import ApiError, Credential, unavailable
from abstracta.server.routes.games import RateLimit
from abstracta.server.service import GameService
from abstracta.server.store import StoreUnavailable
from abstracta.server.tables import ChatRow, utc_now

MAX_CHARACTERS = 500
RATE_COUNT, RATE_SECONDS = 5, 10.0
HISTORY = 200
"""Messages ``GET /api/games/{id}/chat`` answers: the latest ones."""


def clean(text: Any) -> str:
    """The message as stored: trimmed, without control characters (line breaks and tabs stay)."""
    if not isinstance(text, str):
        raise ApiError(400, "text: a string")
    kept = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    kept = kept.strip()
    if not kept:
        raise ApiError(400, "text: empty message")
    if len(kept) > MAX_CHARACTERS:
        raise ApiError(400, f"text: at most {MAX_CHARACTERS} characters, got {len(kept)}")
    return kept


def message_json(row_id: int, player: int, text: str, created: Any) -> dict[str, Any]:
    return {"id": row_id, "seat": player, "text": text, "at": created.isoformat()}


class Chat:
    def __init__(self, service: GameService, hub: Hub, rate: RateLimit | None = None) -> None:
        self.service = service
        self.hub = hub
        self.rate = rate or RateLimit(RATE_COUNT, RATE_SECONDS)

    def post(self, game_id: str, credential: Credential | None, text: Any) -> dict[str, Any]:
        live = self.service.get(game_id)
        if credential is None or credential == "":
            raise ApiError(401, "only the game's players chat: send the seat's token or log in")
        player = live.holder(credential)
        if player is None:
            raise ApiError(403, "only the game's players chat; spectators read")
        kept = clean(text)
        try:
            self.rate.check(f"{game_id}/{player}", "chat messages")
        except ApiError as error:  # the rate limit speaks of an address; here it is the seat
            raise ApiError(429, error.message.replace("from this address", "from this seat"), error.headers) from None

        def work(session: Session) -> dict[str, Any]:
            row = ChatRow(game_id=live.id, player=player, text=kept, created=utc_now())
            session.add(row)
            session.flush()
            return message_json(row.id, player, kept, row.created)

        try:
            message = self.service.store._write(work)
        except StoreUnavailable as error:
            raise unavailable(error, "the message") from None
        self.hub.send_all(live.id, json.dumps({"chat": message}, ensure_ascii=False))
        return message

    def messages(self, game_id: str) -> list[dict[str, Any]]:
        live = self.service.get(game_id)  # 404 for an unknown game

        def work(session: Session) -> list[dict[str, Any]]:
            rows = session.scalars(select(ChatRow).where(ChatRow.game_id == live.id)
                                   .order_by(ChatRow.id.desc()).limit(HISTORY)).all()  # fmt: skip
            return [message_json(row.id, row.player, row.text, row.created) for row in reversed(rows)]

        return self.service.store._read(work)
