"""In-game chat: ``GET`` and ``POST /api/games/{id}/chat`` (over :mod:`abstracta.server.chat`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from abstracta.server.chat import MAX_CHARACTERS, RATE_COUNT, RATE_SECONDS, Chat
from abstracta.server.sessions import Sessions


class ChatMessage(BaseModel):
    text: str = Field(max_length=4 * MAX_CHARACTERS, description=f"Plain text, at most {MAX_CHARACTERS} characters.")

    model_config = {"extra": "forbid"}


def router(chat: Chat, sessions: Sessions) -> APIRouter:
    routes = APIRouter()

    @routes.get("/api/games/{game_id}/chat", tags=["chat"], summary="The players' chat of a game, oldest first",
                description="Anyone may read it (spectators included): {messages: [{id, seat, text, at}]}, the latest 200.")  # fmt: skip
    def read(game_id: str) -> dict[str, Any]:
        return {"messages": chat.messages(game_id)}

    @routes.post("/api/games/{game_id}/chat", status_code=201, tags=["chat"], summary="Say something as one's seat",
                 description=f"A player only, as the seat its Bearer token or account opens (cookie + X-CSRF-Token); "
                 f"spectators get 403. Text only, at most {MAX_CHARACTERS} characters; {RATE_COUNT} messages per "
                 f"{RATE_SECONDS:g} s per seat (429). Answers the message, also pushed to every watcher as {{chat: ...}}.")  # fmt: skip
    def post(game_id: str, body: ChatMessage, request: Request) -> dict[str, Any]:
        return chat.post(game_id, sessions.credential(request), body.text)

    return routes
