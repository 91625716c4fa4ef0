"""The WebSocket ``/ws/games/{id}``: the watcher's view at once, then every change, pushed by the hub."""

from __future__ import annotations

import asyncio
from typing import Optional

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from abstracta.server.hub import DROPPED, Hub, Watcher, view_text
from abstracta.server.live import ApiError
from abstracta.server.service import GameService
from abstracta.server.sessions import Sessions

MAX_FRAME = 64 * 1024
"""Largest WebSocket frame accepted, in bytes: clients send only short pings. ``abstracta serve`` gives it
to uvicorn (``ws_max_size``, whose default is 16 MiB), which closes the socket with 1009 past it; the
app checks it again for servers that do not."""


def router(service: GameService, hub: Hub, sessions: Sessions) -> APIRouter:
    routes = APIRouter()

    @routes.websocket("/ws/games/{game_id}")
    async def watch(websocket: WebSocket, game_id: str, token: Optional[str] = None) -> None:
        await websocket.accept()
        try:
            live = await asyncio.to_thread(service.get, game_id)
            # No token: the seat of the session's account, if the page is this site's (a seat's view is private).
            credential = await asyncio.to_thread(sessions.socket_credential, websocket, token)
            holder = live.holder(credential)
        except ApiError as error:
            await websocket.send_json({"error": error.message})
            await websocket.close(code=4000 + error.status)
            return
        watcher = Watcher(holder, asyncio.get_running_loop(), websocket.client.host if websocket.client else "")
        refused = hub.join(game_id, watcher)  # a seat always gets in; spectators are capped (hub.SocketLimits)
        if refused is not None:
            await websocket.send_json({"error": refused})
            await websocket.close(code=1013)  # try again later
            return

        async def push() -> None:
            while True:
                text = await watcher.queue.get()  # JSON text, serialised once by the hub
                if text is DROPPED:  # 4409: the page does not reconnect, so two tabs cannot take turns
                    await websocket.send_json({"error": "this seat is open in too many windows; this one "
                                                        "stopped updating: reload it to take it back"})  # fmt: skip
                    await websocket.close(code=4409)
                    return
                await websocket.send_text(text)

        pushing = None
        try:
            await websocket.send_text(view_text(await asyncio.to_thread(service.view_json, live, holder)))
            # One task pushes, this one listens: cheaper per push than waiting on both each time.
            pushing = asyncio.ensure_future(push())
            pushing.add_done_callback(lambda task: task.cancelled() or task.exception())  # a client gone mid-send
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("bytes") is not None:  # only text pings are expected
                    await websocket.close(code=1003, reason="binary frames are not accepted")
                    break
                if len(message.get("text") or "") > MAX_FRAME:
                    await websocket.close(code=1009, reason=f"frames are at most {MAX_FRAME // 1024} KB")
                    break
                # clients may ping; ignored
        except (WebSocketDisconnect, RuntimeError):  # the client left mid-send
            pass
        finally:
            hub.leave(game_id, watcher)
            if pushing is not None:
                pushing.cancel()

    return routes
