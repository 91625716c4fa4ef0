"""One game: its view (``GET /api/games/{id}``), moves, random setup, replay and record.

The view and move routes are the hot path: they read the token from the request themselves
(:data:`~abstracta.server.routes.common.TOKEN_HEADER` describes it) and answer plain JSON.
"""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from abstracta.server import controls
from abstracta.server.live import ApiError, Credential, LiveGame, unavailable
from abstracta.server.records import chat_lines, game_record, record_filename, record_headers, record_text
from abstracta.server.routes.common import TOKEN_HEADER
from abstracta.server.service import GameService
from abstracta.server.sessions import Sessions
from abstracta.server.store import Store, StoreUnavailable


class NewMove(BaseModel):
    move: str = Field(description="A move in the game's notation, one of the view's 'moves'.")
    ply: Optional[int] = Field(default=None, description="The view's 'ply' the move was chosen at; a stale move is refused.")
    warn: bool = Field(default=False, description="True: refuse with 428 and the game's caution when it warns about this "
                       "move (one that loses at once); send it again without 'warn' to play it.")

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [{"move": "c4"}]}}


class RandomSetup(BaseModel):
    ply: Optional[int] = Field(default=None, description="The view's 'ply' it was asked at; a stale request is refused.")

    model_config = {"extra": "forbid"}


def router(service: GameService, store: Store, sessions: Sessions) -> APIRouter:
    routes = APIRouter()

    async def view_answer(game_id: str, token: Credential | None, live: LiveGame | None) -> dict[str, Any]:
        """The view of ``token``'s seat, as plain JSON values (a JSONResponse skips FastAPI's slow encoder).

        The hot path: a game in memory whose lock is free is read right here on the loop, with no
        thread hop (while the loop itself stores a move of that game, this is the last stored
        position). A game to load, or one whose lock a thread holds (a bot's move being stored),
        is read in a thread, where waiting does not stall the loop.
        """
        if live is not None and live.lock.acquire(blocking=False):
            try:
                return service.view_json(live, live.holder(token))
            finally:
                live.lock.release()

        def in_thread() -> dict[str, Any]:
            found = live if live is not None else service.get(game_id)
            return service.view_json(found, found.holder(token))

        return await run_in_threadpool(in_thread)

    @routes.get("/api/games/{game_id}", tags=["play"], summary="The game as the token's seat sees it (no token: spectator)",
                openapi_extra=TOKEN_HEADER)  # fmt: skip
    async def get_game(game_id: str, request: Request) -> JSONResponse:
        token = await sessions.credential_async(request, required=False)
        return JSONResponse(await view_answer(game_id, token, service.loaded_game(game_id)))

    @routes.post("/api/games/{game_id}/moves", tags=["play"], summary="Play a move for the token's seat",
                 description="The move and every chance outcome it triggers are stored together before the answer. "
                 "503 (with Retry-After): the database was busy and nothing was played; send the move again.",
                 openapi_extra=TOKEN_HEADER)  # fmt: skip
    async def post_move(game_id: str, body: NewMove, request: Request) -> JSONResponse:
        token = await sessions.credential_async(request)
        loaded = service.loaded_game(game_id)
        if loaded is None or loaded.clock is not None:  # a move after the flag fell is too late
            await run_in_threadpool(lambda: controls.check_flag(service, service.get(game_id)))
        if body.warn:  # the page asks before a move the game cautions about
            warning = await run_in_threadpool(service.move_warning, game_id, token, body.move)
            if warning is not None:
                raise ApiError(428, warning)
        live = await service.play_async(game_id, token, body.move, body.ply)
        return JSONResponse(await view_answer(game_id, token, live))

    @routes.post("/api/games/{game_id}/random-setup", tags=["play"], summary="Complete the token's seat's setup at random",
                 description="For a seat placing its pieces in a setup phase: the server places every piece left "
                 "in one uniformly random legal placement, in a uniformly random order, with its own randomness, and "
                 "answers the new view; the seat still plays 'ready'. 409 when that seat has no setup to complete now.")  # fmt: skip
    def post_random_setup(game_id: str, request: Request, body: Optional[RandomSetup] = None) -> JSONResponse:
        token = sessions.credential(request)
        controls.check_flag(service, service.get(game_id))  # placements after the flag fell are too late
        live = service.play_random_setup(game_id, token, body.ply if body else None)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @routes.get("/api/games/{game_id}/replay", tags=["play"], summary="Every position so far, as the token's seat saw it")
    def get_replay(game_id: str, request: Request) -> dict[str, Any]:
        live = service.get(game_id)
        return service.replay_json(live, live.holder(sessions.credential(request, required=False)))

    # -- game records: GET /api/games/{id}/record (server/records.py) ------------------
    @routes.get("/api/games/{game_id}/record", tags=["play"], summary="The game record, as the token's seat may read it",
                description="The text record (PGN-like tags, one ply a line), or the JSON form with format=json. A game "
                "with perfect information gives the full record to anyone. A game with hidden information gives a seat "
                "its player record (its own moves in full, the others' in public form, its view after each ply, no "
                "seed) and a spectator the public record (View -1).")  # fmt: skip
    def get_record(
        game_id: str,
        request: Request,
        format: str = Query(default="text", pattern="^(text|json)$", description="'text' (default) or 'json'."),
    ) -> Response:
        live = service.get(game_id)
        holder = live.holder(sessions.credential(request, required=False))
        try:
            created = store.created_at(game_id)
        except StoreUnavailable:  # the date is a nicety: the record stands without it
            created = None
        try:
            chat = chat_lines(store, live.id)
        except StoreUnavailable as error:  # a record without its chat would look complete: say so instead
            raise unavailable(error) from None
        record = game_record(live, holder, created, chat)
        media = "application/json" if format == "json" else "text/plain; charset=utf-8"
        return Response(record_text(record, format), media_type=media,
                        headers=record_headers(record_filename(live, holder, format)))  # fmt: skip

    return routes
