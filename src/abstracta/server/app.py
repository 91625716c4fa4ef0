"""The web app: REST API, WebSocket pushes and the static front end, over :class:`GameService`.

Every error a client can cause answers ``4xx`` with ``{"error": "..."}``; nothing a
client sends can crash the server or change a game except a legal move by the seat
to move.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Optional

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import abstracta
from abstracta.server.catalog import catalog, setup_info
from abstracta.server.hub import Hub, Watcher
from abstracta.server.service import ApiError, BotLevel, GameService, load_game
from abstracta.server.store import Store

log = logging.getLogger("abstracta.server")

WEB_DIR = Path(str(resources.files("abstracta") / "web"))


class NewGame(BaseModel):
    game: str = Field(description="Game slug, e.g. 'strategic-reserve' (GET /api/catalog lists them).")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options; defaults fill the rest.")
    seats: Optional[list[str]] = Field(
        default=None,
        description="One entry per player: 'human', 'bot:random', 'bot:easy', 'bot:medium' or 'bot:hard'. "
        "Default: every seat human.",
    )
    # Bounded to a signed 32-bit column, so every database backend (PostgreSQL too) can store it.
    seed: Optional[int] = Field(default=None, ge=0, le=2**31 - 1,
                                description="Seed of the setup randomness, 0 to 2**31 - 1; fresh when left out.")

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"game": "strategic-reserve", "options": {"reserve": 6}, "seats": ["human", "bot:easy"]}]}}  # fmt: skip


class Created(BaseModel):
    id: str
    tokens: dict[str, str] = Field(description="A secret token for each human seat, by player number.")


class NewMove(BaseModel):
    move: str = Field(description="A move in the game's notation, one of the view's 'moves'.")
    ply: Optional[int] = Field(default=None, description="The view's 'ply' the move was chosen at; a stale move is refused.")

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [{"move": "c4"}]}}


class SetupQuery(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict)

    model_config = {"extra": "forbid"}


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; ``None`` when there is none."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must read 'Bearer <token>'")
    return token.strip()


def _validation_message(error: RequestValidationError) -> tuple[int, str]:
    problems = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            return 400, f"malformed JSON: {item.get('ctx', {}).get('error', 'cannot parse the body')}"
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body") or "body"
        problems.append(f"{where}: {item.get('msg', 'invalid')}")
    return 422, "; ".join(problems) or "invalid request"


def create_app(
    db_url: str | None = None,
    *,
    bot_levels: dict[str, BotLevel] | None = None,
    bot_pause: float = 0.6,
) -> FastAPI:
    """The app over a store at ``db_url`` (default: SQLite in the user's data directory)."""
    store = Store(db_url)
    service = GameService(store, bot_levels=bot_levels, bot_pause=bot_pause)
    hub = Hub(service)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await asyncio.to_thread(service.resume)
        yield
        await asyncio.to_thread(service.close)
        store.close()

    app = FastAPI(
        title="abstracta",
        version=abstracta.__version__,
        description="Play abstract strategy games by their exact rules. The browser app uses exactly this API.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.store = store
    app.state.hub = hub

    # -- errors: always {"error": "..."} -------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        status, message = _validation_message(error)
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(error.detail)}, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse({"error": "internal error; the game is unchanged"}, status_code=500)

    # -- API ------------------------------------------------------------------------
    @app.get("/healthz", tags=["server"])
    def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/catalog", tags=["games"], summary="The registered games: description, options, start position")
    def get_catalog() -> list[dict[str, Any]]:
        return catalog()

    @app.post("/api/catalog/{slug}", tags=["games"], summary="Check options; players and start position they give")
    def check_setup(slug: str, body: SetupQuery) -> dict[str, Any]:
        game = load_game(slug, body.options)
        return setup_info(game)

    @app.post("/api/games", status_code=201, response_model=Created, tags=["play"], summary="Start a game")
    def new_game(body: NewGame) -> dict[str, Any]:
        game_id, tokens = service.create(body.game, body.options, body.seats, body.seed)
        return {"id": game_id, "tokens": tokens}

    @app.get("/api/games", tags=["play"], summary="Games in progress and finished, most recent first")
    def list_games(
        over: Optional[bool] = Query(default=None, description="Only finished (true) or unfinished (false) games."),
        limit: int = Query(default=50, ge=1, le=500),
    ) -> list[dict[str, Any]]:
        titles = {}
        rows = []
        for summary in store.summaries(limit=limit, over=over):
            if summary.slug not in titles:
                try:
                    titles[summary.slug] = abstracta.load(summary.slug).title
                except Exception:
                    titles[summary.slug] = summary.slug
            rows.append({
                "id": summary.id, "game": summary.slug, "title": titles[summary.slug], "players": summary.seats,
                "turn": summary.to_move, "seat": summary.seat_to_move, "over": summary.over,
                "returns": summary.returns, "plies": summary.plies,
                "created": summary.created.isoformat(), "updated": summary.updated.isoformat(),
            })  # fmt: skip
        return rows

    @app.get("/api/games/{game_id}", tags=["play"], summary="The game as the token's seat sees it (no token: spectator)")
    def get_game(game_id: str, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        live = service.get(game_id)
        return service.view_json(live, live.holder(bearer(authorization)))

    @app.post("/api/games/{game_id}/moves", tags=["play"], summary="Play a move for the token's seat")
    def post_move(game_id: str, body: NewMove, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        token = bearer(authorization)
        live = service.play(game_id, token, body.move, body.ply)
        return service.view_json(live, live.holder(token))

    @app.get("/api/games/{game_id}/replay", tags=["play"], summary="Every position so far, as the token's seat saw it")
    def get_replay(game_id: str, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        live = service.get(game_id)
        return service.replay_json(live, live.holder(bearer(authorization)))

    @app.websocket("/ws/games/{game_id}")
    async def watch(websocket: WebSocket, game_id: str, token: Optional[str] = None) -> None:
        await websocket.accept()
        try:
            live = await asyncio.to_thread(service.get, game_id)
            holder = live.holder(token)
        except ApiError as error:
            await websocket.send_json({"error": error.message})
            await websocket.close(code=4000 + error.status)
            return
        watcher = Watcher(holder, asyncio.get_running_loop())
        hub.join(game_id, watcher)
        receiving = pushing = None
        try:
            await websocket.send_json(await asyncio.to_thread(service.view_json, live, holder))
            receiving = asyncio.ensure_future(websocket.receive_text())
            while True:
                pushing = asyncio.ensure_future(watcher.queue.get())
                done, _ = await asyncio.wait({receiving, pushing}, return_when=asyncio.FIRST_COMPLETED)
                if pushing in done:
                    await websocket.send_json(pushing.result())
                else:
                    pushing.cancel()
                if receiving in done:
                    receiving.result()  # raises WebSocketDisconnect when the client leaves
                    receiving = asyncio.ensure_future(websocket.receive_text())  # clients may ping; ignored
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(game_id, watcher)
            for task in (receiving, pushing):
                if task is not None and not task.done():
                    task.cancel()

    # -- front end ------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "game.html")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app
