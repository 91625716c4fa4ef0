"""The web app: REST API, WebSocket pushes and the static front end, over :class:`GameService`.

Every error a client can cause answers ``4xx`` with ``{"error": "..."}``; nothing a
client sends can crash the server or change a game except a legal move by the seat
to move. A busy database answers ``503`` with ``Retry-After`` and changes nothing.
Bodies over 64 KB get ``413``, WebSocket frames over 64 KB close with 1009; game creation
is rate-limited per client address; a seat's token always gets a WebSocket, spectators are
capped (``hub.SocketLimits``); every response carries a Content-Security-Policy,
``X-Frame-Options: DENY`` and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Optional

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import abstracta
from abstracta.bots import LEVELS, level_bot
from abstracta.server.catalog import catalog, setup_info
from abstracta.server import analysis, controls, game_modules
from abstracta.server.hub import DROPPED, Hub, SocketLimits, Watcher, view_text
from abstracta.server.records import game_record, record_filename, record_headers, record_text
from abstracta.server.service import ApiError, BotFactory, GameService, LiveGame, load_game, unavailable
from abstracta.server.store import Store, StoreUnavailable

log = logging.getLogger("abstracta.server")

WEB_DIR = Path(str(resources.files("abstracta") / "web"))
MAX_BODY = 64 * 1024
"""Largest request body accepted, in bytes; a move or a game's options are a few hundred."""
MAX_FRAME = 64 * 1024
"""Largest WebSocket frame accepted, in bytes: clients send only short pings. ``abstracta serve`` gives it
to uvicorn (``ws_max_size``, whose default is 16 MiB), which closes the socket with 1009 past it; the
app checks it again for servers that do not."""
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]  # fmt: skip
SEAT_HELP = ("'me' (you play it: its token comes back), 'friend' (an invite code comes back instead), "
             f"or a bot: {', '.join('bot:' + level for level in LEVELS)}; 'human' means 'me'")  # fmt: skip


class Guard:
    """ASGI middleware: refuse bodies over ``limit`` bytes (413) and add the security headers to every answer.

    A body without a Content-Length is counted as it arrives: past the limit the 413 is sent at
    once, the app is told the client left, and whatever it answers is dropped.
    """

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = refused = False

        async def send_guarded(message: dict) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
                names = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *[(name, value) for name, value in SECURITY_HEADERS if name not in names]]  # fmt: skip
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._too_large(send_guarded)
            return
        seen = 0

        async def receive_counted() -> dict:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit and not refused:
                    if not started:
                        await self._too_large(send_guarded)
                    refused = True
                    return {"type": "http.disconnect"}
            return message

        await self.app(scope, receive_counted, send_guarded)

    async def _too_large(self, send: Any) -> None:
        response = JSONResponse({"error": f"request body too large: at most {self.limit // 1024} KB"}, status_code=413)
        await response({"type": "http"}, None, send)


class RateLimit:
    """At most ``count`` events per ``seconds`` for each key (a client address)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, key: str) -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._events) > 10_000:  # forget quiet addresses
                self._events = {k: v for k, v in self._events.items() if v and now - v[-1] < self.seconds}
            events = self._events.setdefault(key, deque())
            while events and now - events[0] >= self.seconds:
                events.popleft()
            if len(events) >= self.count:
                wait = max(1, int(self.seconds - (now - events[0])) + 1)
                raise ApiError(429, f"too many new games from this address: at most {self.count} "
                                    f"every {self.seconds:g} s; try again in {wait} s", {"Retry-After": str(wait)})  # fmt: skip
            events.append(now)


class ClockChoice(BaseModel):
    minutes: float = Field(description="Each seat's time at the start, in minutes.")
    increment: float = Field(default=0, description="Seconds added after each of a seat's moves.")

    model_config = {"extra": "forbid"}


class NewGame(BaseModel):
    game: str = Field(description="Game slug, e.g. 'strategic-reserve' (GET /api/catalog lists them).")
    clock: Optional[ClockChoice] = Field(default=None, description="A clock for two-player games; none by default.")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options; defaults fill the rest.")
    seats: Optional[list[str]] = Field(default=None, description=f"One entry per player: {SEAT_HELP}. Default: every seat 'me'.")
    seed: Optional[int] = Field(
        default=None, ge=0, le=2**256 - 1,
        description="Seed of the setup randomness (any non-negative int below 2**256); only for games with "
        "perfect information: for the others the server draws a 128-bit seed and refuses one sent (422). "
        "Fresh when left out.")  # fmt: skip

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [
        {"game": "strategic-reserve", "options": {"reserve": 6}, "seats": ["me", "friend"]}]}}  # fmt: skip


class Created(BaseModel):
    id: str
    tokens: dict[str, str] = Field(description="The secret token of each 'me' seat, by player number: "
                                   "send it as 'Authorization: Bearer <token>'.")  # fmt: skip
    invites: dict[str, str] = Field(description="A one-time invite code for each 'friend' seat, by player number: "
                                    "the friend trades it for the seat's token with POST /api/invites/{code}.")  # fmt: skip


class Joined(BaseModel):
    game: str = Field(description="The game's id.")
    seat: int = Field(description="The player number of the seat the invite opened.")
    token: str = Field(description="The seat's secret token; it is shown this once and never again.")


class NewMove(BaseModel):
    move: str = Field(description="A move in the game's notation, one of the view's 'moves'.")
    ply: Optional[int] = Field(default=None, description="The view's 'ply' the move was chosen at; a stale move is refused.")

    model_config = {"extra": "forbid", "json_schema_extra": {"examples": [{"move": "c4"}]}}


class RandomSetup(BaseModel):
    ply: Optional[int] = Field(default=None, description="The view's 'ply' it was asked at; a stale request is refused.")

    model_config = {"extra": "forbid"}


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


TOKEN_HEADER = {"parameters": [{
    "name": "authorization", "in": "header", "required": False, "schema": {"type": "string"},
    "description": "'Bearer <token>' of a seat; without it you see what a spectator sees."}]}  # fmt: skip
"""The Authorization header in the OpenAPI description of the hot routes, which read it from the request
themselves: FastAPI's ``Header()`` parameter costs about 0.2 ms of CPU per request."""


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
    bot_factory: BotFactory = level_bot,
    bot_pause: float = 0.6,
    bot_workers: int | None = None,
    bot_executor: Executor | None = None,
    busy_timeout: float = 5.0,
    creation_limit: tuple[int, float] = (30, 60.0),
    idle_seconds: float = 600.0,
    sweep_seconds: float = 5.0,
    socket_limits: SocketLimits | None = None,
    docs: bool = False,
) -> FastAPI:
    """The app over a store at ``db_url`` (default: SQLite in the user's data directory).

    ``bot_factory(level, game, seed)`` makes the bots (default :func:`abstracta.bots.level_bot`);
    they think in ``bot_workers`` processes (default: one per core) or on ``bot_executor``.
    ``creation_limit`` is (games, seconds) per client address; ``socket_limits`` caps the WebSockets
    (default :class:`~abstracta.server.hub.SocketLimits`: a seat always gets one). ``docs`` serves Swagger UI at
    /docs and ReDoc at /redoc, whose pages load their scripts from a CDN: off by default.
    """
    store = Store(db_url, busy_timeout=busy_timeout)
    service = GameService(store, bot_factory=bot_factory, bot_pause=bot_pause, bot_workers=bot_workers,
                          bot_executor=bot_executor, idle_seconds=idle_seconds, sweep_seconds=sweep_seconds)  # fmt: skip
    hub = Hub(service, socket_limits)
    service.keep = lambda game_id: hub.watching(game_id) > 0
    controls.watch_clocks(service)
    creations = RateLimit(*creation_limit)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await service.start()  # listens at once: unfinished games are resumed in the background
        yield
        await service.stop()
        store.close()

    app = FastAPI(
        title="abstracta",
        version=abstracta.__version__,
        description="Play abstract strategy games by their exact rules. The browser app uses exactly this API. "
        "A seat is played with its secret token (`Authorization: Bearer <token>`); a friend's seat starts as a "
        "one-time invite code. A 503 answer (busy database) changed nothing: retry after `Retry-After` seconds.",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
    )
    app.add_middleware(Guard)
    app.state.service = service
    app.state.store = store
    app.state.hub = hub

    # -- errors: always {"error": "..."} -------------------------------------------
    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status, headers=error.headers)

    @app.exception_handler(StoreUnavailable)
    async def store_unavailable(request: Request, error: StoreUnavailable) -> JSONResponse:
        refused = unavailable(error)  # a read that failed (the lobby's list): no driver detail to the client
        return JSONResponse({"error": refused.message}, status_code=503, headers=refused.headers)

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

    async def view_answer(game_id: str, token: str | None, live: LiveGame | None) -> dict[str, Any]:
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

    @app.post("/api/games", status_code=201, response_model=Created, tags=["play"], summary="Start a game",
              description="Seats: " + SEAT_HELP + ". The answer holds a token for each 'me' seat and a one-time "
              "invite code for each 'friend' seat; the server keeps only their hashes. Rate-limited per address "
              "(429 with Retry-After).")  # fmt: skip
    def new_game(body: NewGame, request: Request) -> dict[str, Any]:
        creations.check(request.client.host if request.client else "unknown")
        clock = controls.check_seats_clock(body.clock.minutes, body.clock.increment) if body.clock else None
        if clock and load_game(body.game, body.options).num_players != 2:
            raise ApiError(400, "clock: clocks are for two-player games")
        game_id, tokens, invites = service.create(body.game, body.options, body.seats, body.seed)
        if clock:
            controls.start_clock(service, game_id, *clock)
        return {"id": game_id, "tokens": tokens, "invites": invites}

    @app.post("/api/invites/{code}", response_model=Joined, tags=["play"], summary="Take a friend's seat with an invite",
              description="Trades a one-time invite code for the seat's token. Works once: a used code answers 410, "
              "an unknown one 404.")  # fmt: skip
    def join(code: str) -> dict[str, Any]:
        return service.redeem(code)

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

    @app.get("/api/games/{game_id}", tags=["play"], summary="The game as the token's seat sees it (no token: spectator)",
             openapi_extra=TOKEN_HEADER)  # fmt: skip
    async def get_game(game_id: str, request: Request) -> JSONResponse:
        token = bearer(request.headers.get("authorization"))
        return JSONResponse(await view_answer(game_id, token, service.loaded_game(game_id)))

    @app.post("/api/games/{game_id}/moves", tags=["play"], summary="Play a move for the token's seat",
              description="The move and every chance outcome it triggers are stored together before the answer. "
              "503 (with Retry-After): the database was busy and nothing was played; send the move again.",
              openapi_extra=TOKEN_HEADER)  # fmt: skip
    async def post_move(game_id: str, body: NewMove, request: Request) -> JSONResponse:
        token = bearer(request.headers.get("authorization"))
        loaded = service.loaded_game(game_id)
        if loaded is None or loaded.clock is not None:  # a move after the flag fell is too late
            await run_in_threadpool(lambda: controls.check_flag(service, service.get(game_id)))
        live = await service.play_async(game_id, token, body.move, body.ply)
        return JSONResponse(await view_answer(game_id, token, live))

    @app.post("/api/games/{game_id}/random-setup", tags=["play"], summary="Complete the token's seat's setup at random",
              description="For a seat placing its pieces in a setup phase: the server places every piece left "
              "in one uniformly random legal placement, in a uniformly random order, with its own randomness, and "
              "answers the new view; the seat still plays 'ready'. 409 when that seat has no setup to complete now.")  # fmt: skip
    def post_random_setup(game_id: str, body: Optional[RandomSetup] = None,
                          authorization: Optional[str] = Header(default=None)) -> JSONResponse:  # fmt: skip
        token = bearer(authorization)
        controls.check_flag(service, service.get(game_id))  # placements after the flag fell are too late
        live = service.play_random_setup(game_id, token, body.ply if body else None)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @app.get("/api/games/{game_id}/replay", tags=["play"], summary="Every position so far, as the token's seat saw it")
    def get_replay(game_id: str, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        live = service.get(game_id)
        return service.replay_json(live, live.holder(bearer(authorization)))

    # -- game records: GET /api/games/{id}/record (server/records.py) ------------------
    @app.get("/api/games/{game_id}/record", tags=["play"], summary="The game record, as the token's seat may read it",
             description="The text record (PGN-like tags, one ply a line), or the JSON form with format=json. A game "
             "with perfect information gives the full record to anyone. A game with hidden information gives a seat "
             "its player record (its own moves in full, the others' in public form, its view after each ply, no "
             "seed) and a spectator the public record (View -1).")  # fmt: skip
    def get_record(
        game_id: str,
        format: str = Query(default="text", pattern="^(text|json)$", description="'text' (default) or 'json'."),
        authorization: Optional[str] = Header(default=None),
    ) -> Response:
        live = service.get(game_id)
        holder = live.holder(bearer(authorization))
        try:
            created = store.created_at(game_id)
        except StoreUnavailable:  # the date is a nicety: the record stands without it
            created = None
        record = game_record(live, holder, created)
        media = "application/json" if format == "json" else "text/plain; charset=utf-8"
        return Response(record_text(record, format), media_type=media,
                        headers=record_headers(record_filename(live, holder, format)))  # fmt: skip

    # -- game controls: resign, draw, rematch (server/controls.py) ---------------------
    @app.post("/api/games/{game_id}/resign", tags=["controls"], summary="Resign the token's seat (two-player games)")
    def post_resign(game_id: str, authorization: Optional[str] = Header(default=None)) -> JSONResponse:
        token = bearer(authorization)
        live = controls.resign(service, game_id, token)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @app.post("/api/games/{game_id}/draw", tags=["controls"], summary="Offer, accept or decline a draw (two players)",
              description="A standing offer lapses when the other seat moves; a bot declines at once.")  # fmt: skip
    def post_draw(game_id: str, body: DrawAction, authorization: Optional[str] = Header(default=None)) -> JSONResponse:
        token = bearer(authorization)
        live = controls.draw(service, game_id, token, body.action)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @app.post("/api/games/{game_id}/takeback", tags=["controls"],
              summary="Ask to take back your last move, or answer the other seat's request",
              description="Two-player games with nothing hidden; never past a chance outcome. The easy bot accepts "
              "at once, stronger bots refuse (409).")  # fmt: skip
    def post_takeback(game_id: str, body: TakebackAction, authorization: Optional[str] = Header(default=None)) -> JSONResponse:
        token = bearer(authorization)
        live = controls.takeback(service, game_id, token, body.action)
        return JSONResponse(service.view_json(live, live.holder(token)))

    @app.post("/api/games/{game_id}/rematch", status_code=201, tags=["controls"],
              summary="After the game: the same game again with the seats moved on (two players: swapped)",
              description="Answers like POST /api/games: the asker's new token; every other human seat is a friend's "
              "seat, claimed with POST /api/games/{new}/claim and the old game's token; invite codes come back only for "
              "friends who never joined.")  # fmt: skip
    def post_rematch(game_id: str, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        return controls.rematch(service, game_id, bearer(authorization))

    @app.post("/api/games/{game_id}/claim", tags=["controls"], summary="Take your seat in a rematch with the old game's token")
    def post_claim(game_id: str, body: ClaimSeat, authorization: Optional[str] = Header(default=None)) -> dict[str, Any]:
        return controls.claim(service, game_id, body.previous, bearer(authorization))

    analysis.install(app, service)  # POST/GET /api/games/{id}/analysis (server/analysis.py)

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

    # -- front end ------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "game.html")

    # -- rules pages (web/rules.html; the words are each game's rules module) -----------
    @app.get("/rules", include_in_schema=False)
    @app.get("/rules/{slug}", include_in_schema=False)
    def rules_page(slug: str = "") -> FileResponse:
        return FileResponse(WEB_DIR / "rules.html")

    app.include_router(game_modules.router)  # each game's board and rules modules, before the mount below
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app
