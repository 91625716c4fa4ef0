"""Game controls beyond moves (the rules live in :mod:`abstracta.server.controls`): resign, draw, takeback,
rematch and claiming a rematch's seat."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from abstracta.server import controls
from abstracta.server.service import GameService
from abstracta.server.sessions import Sessions


class DrawAction(BaseModel):
    action: str = Field(description="'offer', 'accept' or 'decline'.", pattern="^(offer|accept|decline)$")

    model_config = {"extra": "forbid"}


class TakebackAction(BaseModel):
    action: str = Field(description="'request', 'accept' or 'decline'.", pattern="^(request|accept|decline)$")

    model_config = {"extra": "forbid"}


class ClaimSeat(BaseModel):
    previous: str = Field(description="The id of the game this one is the rematch of; its token goes in the header.",
                          max_length=64)  # fmt: skip

    model_config = {"extra": "forbid"}


def router(service: GameService, sessions: Sessions) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/games/{game_id}/resign", tags=["controls"], summary="Resign the token's seat (two-player games)")
    def post_resign(game_id: str, request: Request) -> JSONResponse:
        token = sessions.credential(request)
        live = controls.resign(service, game_id, token)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @routes.post("/api/games/{game_id}/draw", tags=["controls"], summary="Offer, accept or decline a draw (two players)",
                 description="A standing offer lapses when the other seat moves; a bot declines at once.")  # fmt: skip
    def post_draw(game_id: str, body: DrawAction, request: Request) -> JSONResponse:
        token = sessions.credential(request)
        live = controls.draw(service, game_id, token, body.action)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @routes.post("/api/games/{game_id}/takeback", tags=["controls"],
                 summary="Ask to take back your last move, or answer the other seat's request",
                 description="Two-player games with nothing hidden; never past a chance outcome. The easy bot accepts "
                 "at once, stronger bots refuse (409).")  # fmt: skip
    def post_takeback(game_id: str, body: TakebackAction, request: Request) -> JSONResponse:
        token = sessions.credential(request)
        live = controls.takeback(service, game_id, token, body.action)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @routes.post("/api/games/{game_id}/rematch", status_code=201, tags=["controls"],
                 summary="After the game: the same game again with the seats moved on (two players: swapped)",
                 description="Answers like POST /api/games: the asker's new token; every other human seat is a friend's "
                 "seat, claimed with POST /api/games/{new}/claim and the old game's token; invite codes come back only for "
                 "friends who never joined.")  # fmt: skip
    def post_rematch(game_id: str, request: Request) -> dict[str, Any]:
        return controls.rematch(service, game_id, sessions.credential(request))

    @routes.post("/api/games/{game_id}/claim", tags=["controls"], summary="Take your seat in a rematch with the old game's token")
    def post_claim(game_id: str, body: ClaimSeat, request: Request) -> dict[str, Any]:
        return controls.claim(service, game_id, body.previous, sessions.credential(request))

    return routes
