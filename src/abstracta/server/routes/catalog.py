"""Health check and the games' catalog: ``/healthz``, ``GET /api/catalog``, ``POST /api/catalog/{slug}``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from abstracta.server.catalog import catalog, position_info, setup_info
from abstracta.core.errors import NotationError
from abstracta.server.live import ApiError, cut, load_game


class SetupQuery(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)

    model_config = {"extra": "forbid"}


class PositionQuery(BaseModel):
    position: str = Field(max_length=4096, description="A position in the game's notation.")
    options: dict[str, Any] = Field(default_factory=dict)

    model_config = {"extra": "forbid"}


def router() -> APIRouter:
    routes = APIRouter()

    @routes.get("/healthz", tags=["server"])
    def healthz() -> dict[str, bool]:
        return {"ok": True}

    @routes.get("/api/catalog", tags=["games"], summary="The registered games: description, options, start position")
    def get_catalog() -> list[dict[str, Any]]:
        return catalog()

    @routes.post("/api/catalog/{slug}", tags=["games"], summary="Check options; players and start position they give")
    def check_setup(slug: str, body: SetupQuery) -> dict[str, Any]:
        game = load_game(slug, body.options)
        return setup_info(game)

    @routes.post("/api/catalog/{slug}/position", tags=["games"],
                 summary="A position in the game's notation as a spectator sees it: notation and structure")
    def read_position(slug: str, body: PositionQuery) -> dict[str, Any]:
        game = load_game(slug, body.options)
        try:
            return position_info(game, body.position)
        except NotationError as error:
            raise ApiError(400, cut(str(error), 300)) from None

    return routes
