"""The web app: REST API, WebSocket pushes and the static front end, over :class:`GameService`.

Every error a client can cause answers ``4xx`` with ``{"error": "..."}``; nothing a
client sends can crash the server or change a game except a legal move by the seat
to move. A busy database answers ``503`` with ``Retry-After`` and changes nothing.
Bodies over 64 KB get ``413``, WebSocket frames over 64 KB close with 1009; game creation
is rate-limited per client address; a seat's token always gets a WebSocket, spectators are
capped (``hub.SocketLimits``); every response carries a Content-Security-Policy,
``X-Frame-Options: DENY`` and ``X-Content-Type-Options: nosniff``.

This module assembles the app: the store, the service and the hub, the middleware (:class:`Guard`),
the error handlers, and one router per area from :mod:`abstracta.server.routes`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from typing import Any

from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

import abstracta
from abstracta.bots import level_bot
from abstracta.server import analysis, board, controls, game_modules, rated
from abstracta.server.accounts import Accounts, LoginThrottle
from abstracta.server.chat import RATE_COUNT, RATE_SECONDS, Chat
from abstracta.server.hub import Hub, SocketLimits
from abstracta.server.lessons import LessonProgress
from abstracta.server.rated import RatingBook
from abstracta.server.routes import account as account_routes
from abstracta.server.routes import catalog as catalog_routes
from abstracta.server.routes import chat as chat_routes
from abstracta.server.routes import controls as control_routes
from abstracta.server.routes import games as game_routes
from abstracta.server.routes import lessons as lesson_routes
from abstracta.server.routes import pages, play, sockets
from abstracta.server.routes import puzzles as puzzle_routes
from abstracta.server.routes import users as user_routes
from abstracta.server.routes import seeks as seek_routes
from abstracta.server.routes.catalog import SetupQuery
from abstracta.server.routes.common import TOKEN_HEADER, bearer
from abstracta.server.routes.controls import ClaimSeat, DrawAction, TakebackAction
from abstracta.server.routes.games import SEAT_HELP, ClockChoice, Created, Joined, NewGame, RateLimit
from abstracta.server.routes.pages import WEB_DIR
from abstracta.server.routes.play import NewMove, RandomSetup
from abstracta.server.routes.sockets import MAX_FRAME
from abstracta.server.seeks import ABSENT_SECONDS, MAX_OPEN_PER_ADDRESS, Seeks
from abstracta.server.service import ApiError, BotFactory, GameService, unavailable
from abstracta.server.sessions import Sessions
from abstracta.server.store import Store, StoreUnavailable

# Every name this module defined before the routes moved out stays importable from here.
__all__ = ["MAX_BODY", "MAX_FRAME", "SEAT_HELP", "SECURITY_HEADERS", "TOKEN_HEADER", "WEB_DIR", "ClaimSeat", "ClockChoice",
           "Created", "DrawAction", "Guard", "Joined", "NewGame", "NewMove", "RandomSetup", "RateLimit", "SetupQuery",
           "TakebackAction", "bearer", "create_app"]  # fmt: skip

log = logging.getLogger("abstracta.server")

MAX_BODY = 64 * 1024
"""Largest request body accepted, in bytes; a move or a game's options are a few hundred."""
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]  # fmt: skip


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
    behind_https: bool = False,
    signup_limit: tuple[int, float] = (20, 3600.0),
    password_hasher: PasswordHasher | None = None,
    login_throttle: LoginThrottle | None = None,
    seek_absent_seconds: float = ABSENT_SECONDS,
    seek_limit: tuple[int, float] = (20, 60.0),
    seek_open_per_address: int = MAX_OPEN_PER_ADDRESS,
    seek_rng: random.Random | None = None,
    chat_limit: tuple[int, float] = (RATE_COUNT, RATE_SECONDS),
    day_seconds: float = 86400.0,
    board_limits: tuple[int, int] = (board.CONCURRENT, board.PER_MINUTE),
) -> FastAPI:
    """The app over a store at ``db_url`` (default: SQLite in the user's data directory).

    ``bot_factory(level, game, seed)`` makes the bots (default :func:`abstracta.bots.level_bot`);
    they think in ``bot_workers`` processes (default: one per core) or on ``bot_executor``.
    ``creation_limit`` is (games, seconds) per client address; ``socket_limits`` caps the WebSockets
    (default :class:`~abstracta.server.hub.SocketLimits`: a seat always gets one). ``docs`` serves Swagger UI at
    /docs and ReDoc at /redoc, whose pages load their scripts from a CDN: off by default.
    Accounts (:mod:`abstracta.server.accounts`): ``behind_https`` makes the session cookie ``Secure``
    (an HTTPS proxy in front); ``signup_limit`` is (accounts, seconds) per client address;
    ``password_hasher`` (Argon2id parameters) and ``login_throttle`` replace the defaults.
    Seeks (:mod:`abstracta.server.seeks`): a seek goes ``seek_absent_seconds`` after its creator's last lobby
    page closed; ``seek_limit`` is (seeks, seconds) per address and ``seek_open_per_address`` the open seeks
    (and, if higher than 32, the lobby pages) one address may have; ``seek_rng`` draws the seats; ``day_seconds``
    is a correspondence day (tests shorten it). ``chat_limit`` is (messages, seconds) per seat. ``board_limits``
is (requests at a time, requests a minute) per user of the analysis board (:mod:`abstracta.server.board`).
    """
    store = Store(db_url, busy_timeout=busy_timeout)
    service = GameService(store, bot_factory=bot_factory, bot_pause=bot_pause, bot_workers=bot_workers,
                          bot_executor=bot_executor, idle_seconds=idle_seconds, sweep_seconds=sweep_seconds)  # fmt: skip
    accounts = Accounts(store, hasher=password_hasher, throttle=login_throttle)
    sessions = Sessions(accounts, behind_https=behind_https)
    book = RatingBook(store)
    rated.watch(service, book)  # before the hub subscribes: a game's pushed end carries its rating changes
    hub = Hub(service, socket_limits)
    service.keep = lambda game_id: hub.watching(game_id) > 0
    controls.watch_clocks(service)
    seeks = Seeks(store, service, absent_seconds=seek_absent_seconds, rng=seek_rng, day_seconds=day_seconds,
                  open_per_address=seek_open_per_address,
                  rating_of=lambda user_id, slug: (book.ratings_of(user_id).get(slug) or {}).get("rating"))  # fmt: skip
    chat = Chat(service, hub, RateLimit(*chat_limit))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await service.start()  # listens at once: unfinished games are resumed in the background
        service._spawn(asyncio.to_thread(book.catch_up, service))  # rated games that ended unrated (a crash)
        sweeping = asyncio.ensure_future(seeks.run_sweeps())
        yield
        sweeping.cancel()
        await service.stop()
        store.close()

    app = FastAPI(
        title="abstracta",
        version=abstracta.__version__,
        description="Play abstract strategy games by their exact rules. The browser app uses exactly this API. "
        "A seat is played with its secret token (`Authorization: Bearer <token>`), or with an account's session "
        "cookie for the account's seats (state-changing cookie requests send `X-CSRF-Token`); a friend's seat starts as a "
        "one-time invite code. A 503 answer (busy database) changed nothing: retry after `Retry-After` seconds.",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
    )
    app.add_middleware(Guard)
    app.state.service = service
    app.state.store = store
    app.state.hub = hub
    app.state.accounts = accounts
    app.state.sessions = sessions
    app.state.ratings = book
    app.state.seeks = seeks

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

    # -- routes, one router per area (server/routes/); this order is the OpenAPI document's --
    app.include_router(catalog_routes.router())
    app.include_router(game_routes.router(service, store, RateLimit(*creation_limit), sessions, day_seconds=day_seconds))
    app.include_router(play.router(service, store, sessions))
    app.include_router(control_routes.router(service, sessions))
    analysis.install(app, service)  # POST/GET /api/games/{id}/analysis (server/analysis.py)
    board.install(app, service, board.Limits(*board_limits))  # POST /api/analysis/position (server/board.py)
    app.include_router(account_routes.router(service, accounts, sessions, RateLimit(*signup_limit), book))
    app.include_router(user_routes.router(service, accounts, book))
    app.include_router(seek_routes.router(seeks, sessions, RateLimit(*seek_limit)))
    app.include_router(chat_routes.router(chat, sessions))
    app.include_router(lesson_routes.router(LessonProgress(store), sessions))
    app.include_router(sockets.router(service, hub, sessions))
    app.include_router(puzzle_routes.router())  # the puzzle pages and their API (server/routes/puzzles.py)
    app.include_router(pages.router())
    app.include_router(game_modules.router)  # each game's board module, before the mount below
    pages.mount_static(app)
    return app
