"""Open seeks and the lobby's live channel: ``/api/seeks`` and ``/ws/lobby`` (over :mod:`abstracta.server.seeks`)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Optional

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field

from abstracta.server.routes.common import bearer
from abstracta.server.routes.games import RateLimit
from abstracta.server.routes.sockets import MAX_FRAME
from abstracta.server.seeks import LobbyConnection, Seeks
from abstracta.server.sessions import Sessions, same_origin

SEEK_HELP = ("A seek's creator is its account (session cookie, with X-CSRF-Token) or, anonymous, whoever holds the "
             "seek token the creation answered (Authorization: Bearer <seek token>).")  # fmt: skip


class NewSeek(BaseModel):
    game: str = Field(description="Game slug (GET /api/catalog lists them).")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options; defaults fill the rest.")
    clock: Optional[dict[str, Any]] = Field(default=None, description="{'minutes', 'increment'} (two-player games), "
                                            "{'days'}: 1 to 14 days per move (correspondence), or null: no clock.")  # fmt: skip
    rated: bool = Field(default=False, description="Rated: two accounts, two-player games only.")
    rating_range: Optional[list[int]] = Field(default=None, description="[low, high]: the accepter's rating must be "
                                              "within it (rated seeks only).")  # fmt: skip

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"game": "strategic-reserve", "options": {}, "clock": {"minutes": 5, "increment": 3}, "rated": True}]}}  # fmt: skip


def router(seeks: Seeks, sessions: Sessions, creations: RateLimit) -> APIRouter:
    routes = APIRouter()

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    @routes.post("/api/seeks", status_code=201, tags=["seeks"], summary="Create an open seek",
                 description="201 {id, token}: the token is the seek's secret (cancel it, be told of the start "
                 "when anonymous). The seek stays while its creator has a lobby page open (GET /ws/lobby), and a "
                 "minute after. 400: a rated seek without an account or for a game of more than two players, a bad "
                 "clock or range; 429: too many open seeks (3 per creator, 6 per address) or created too fast.")  # fmt: skip
    def create(body: NewSeek, request: Request) -> dict[str, str]:
        user = sessions.user(request)
        creations.check(address(request), "new seeks")
        seek_id, token = seeks.create(body.game, body.options, body.clock, body.rated, body.rating_range, user,
                                      address(request))  # fmt: skip
        return {"id": seek_id, "token": token}

    @routes.get("/api/seeks", tags=["seeks"], summary="The open seeks, oldest first",
                description="Each: id, game, title, players, options, clock, rated, creator (username or "
                "'anonymous'), range, created.")  # fmt: skip
    def list_seeks() -> list[dict[str, Any]]:
        return seeks.list()

    @routes.post("/api/seeks/{seek_id}/accept", status_code=201, tags=["seeks"], summary="Accept a seek: the game starts",
                 description="201 {game, seat, token}: the accepter's seat (the seat token, for API clients and "
                 "anonymous players; an account's seat also opens with its cookie). Seats are drawn at random. The "
                 "creator is told on the lobby channel. 403: your own seek, or outside its rating range; 400: a rated "
                 "seek needs an account; 404: accepted, cancelled or gone.")  # fmt: skip
    def accept(seek_id: str, request: Request) -> dict[str, Any]:
        token = bearer(request.headers.get("authorization"))
        return seeks.accept(seek_id, sessions.user(request), token)

    @routes.get("/api/seeks/{seek_id}", tags=["seeks"], summary="The creator's own seek: open, or the game it started",
                description=SEEK_HELP + " Once accepted (for 10 minutes): {seek, game, seat, invites, token (anonymous "
                "creator)}; while open: {seek, open: true}.")  # fmt: skip
    def started(seek_id: str, request: Request) -> dict[str, Any]:
        return seeks.started(seek_id, sessions.user(request), bearer(request.headers.get("authorization")))

    @routes.delete("/api/seeks/{seek_id}", tags=["seeks"], summary="Cancel one's seek", description=SEEK_HELP)
    def cancel(seek_id: str, request: Request) -> dict[str, bool]:
        seeks.cancel(seek_id, sessions.user(request), bearer(request.headers.get("authorization")))
        return {"ok": True}

    @routes.websocket("/ws/lobby")
    async def lobby(websocket: WebSocket) -> None:
        """First {"seeks": [...]}, then {"seek": row}, {"gone": id, "why"} and, to the creator's pages only,
        {"started": {seek, game, seat, invites, token?}}. The page sends {"own": [seek tokens]} for its anonymous seeks."""
        await websocket.accept()
        info = await asyncio.to_thread(sessions.current, websocket) if same_origin(websocket) else None
        connection = LobbyConnection(asyncio.get_running_loop(), websocket.client.host if websocket.client else "",
                                     info.user.id if info is not None else None)  # fmt: skip
        refused = await asyncio.to_thread(seeks.connect, connection)
        if refused is not None:
            await websocket.send_json({"error": refused})
            await websocket.close(code=1013)
            return

        async def push() -> None:
            while True:
                await websocket.send_text(await connection.queue.get())

        pushing = asyncio.ensure_future(push())
        pushing.add_done_callback(lambda task: task.cancelled() or task.exception())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text") or ""
                if message.get("bytes") is not None or len(text) > MAX_FRAME:
                    await websocket.close(code=1003)
                    break
                try:
                    data = json.loads(text)
                except ValueError:
                    continue  # a ping
                if isinstance(data, dict) and "own" in data:
                    await asyncio.to_thread(seeks.announce, connection, data["own"])
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            seeks.disconnect(connection)
            pushing.cancel()

    return routes
