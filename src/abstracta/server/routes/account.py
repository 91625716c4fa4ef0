"""Accounts: sign up, log in and out, change the password, claim this browser's seats, list one's games.

The contract (docs/api.md, "Accounts"): ``POST /api/account/signup`` and ``/login`` answer
``{"username", "csrf"}`` and set the session cookie (a new session id each time: the one sent
before stops working); ``GET /api/account`` answers ``{"username", "csrf", "ratings"}`` or 401.
Every state-changing request authenticated by the cookie carries ``X-CSRF-Token``
(:mod:`abstracta.server.sessions`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from abstracta.server.accounts import MAX_PASSWORD, Accounts, User
from abstracta.server.live import ApiError
from abstracta.server.rated import RatingBook
from abstracta.server.routes.games import RateLimit, summary_rows
from abstracta.server.service import GameService
from abstracta.server.sessions import SESSION_COOKIE, Sessions, same_origin

MAX_CLAIMS = 200
"""Seats one claim may list: a browser holds a token per game it played."""


class Credentials(BaseModel):
    username: str = Field(max_length=64, description="3 to 20 letters, digits, '_' or '-'; unique in any case.")
    password: str = Field(max_length=MAX_PASSWORD, description="8 to 256 characters.")

    model_config = {"extra": "forbid"}


class PasswordChange(BaseModel):
    old: str = Field(max_length=MAX_PASSWORD, description="The current password.")
    new: str = Field(max_length=MAX_PASSWORD, description="The new password, 8 to 256 characters.")

    model_config = {"extra": "forbid"}


class HeldSeat(BaseModel):
    game: str = Field(max_length=64)
    token: str = Field(max_length=200)

    model_config = {"extra": "forbid"}


class Claim(BaseModel):
    seats: list[HeldSeat] = Field(max_length=MAX_CLAIMS, description="The seats this browser holds: game id and token.")

    model_config = {"extra": "forbid"}


def router(service: GameService, accounts: Accounts, sessions: Sessions, signups: RateLimit, book: RatingBook) -> APIRouter:
    routes = APIRouter()

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    def check_origin(request: Request) -> None:
        if not same_origin(request):  # a log-in forced on a visitor by another site
            raise ApiError(403, "log in from this site's own pages")

    def logged_in(request: Request, user: User, status: int) -> JSONResponse:
        """A new session for ``user`` (the one the request came with ends: no session fixation)."""
        accounts.close_session(request.cookies.get(SESSION_COOKIE))
        session_id, csrf = accounts.open_session(user)
        response = JSONResponse({"username": user.username, "csrf": csrf}, status_code=status)
        sessions.set_cookie(response, request, session_id)
        return response

    @routes.post("/api/account/signup", status_code=201, tags=["account"], summary="Create an account and log in",
                 description="201 {username, csrf} and the session cookie. 400: the name or password is not allowed "
                 "(reserved names included); 409: the name is taken in any case. Rate-limited per address (429).")  # fmt: skip
    def signup(body: Credentials, request: Request) -> JSONResponse:
        check_origin(request)
        signups.check(address(request), "new accounts")
        return logged_in(request, accounts.create(body.username, body.password), 201)

    @routes.post("/api/account/login", tags=["account"], summary="Log in: a new session",
                 description="200 {username, csrf} and the session cookie; the session id sent before stops working. "
                 "401 says only 'wrong username or password', whichever it was; failures are throttled per account "
                 "and per address (429 with Retry-After).")  # fmt: skip
    def login(body: Credentials, request: Request) -> JSONResponse:
        check_origin(request)
        return logged_in(request, accounts.log_in(body.username, body.password, address(request)), 200)

    @routes.post("/api/account/logout", tags=["account"], summary="Log out: the session ends")
    def logout(request: Request) -> JSONResponse:
        sessions.user(request)  # the CSRF check, when the cookie names a live session
        accounts.close_session(request.cookies.get(SESSION_COOKIE))
        response = JSONResponse({"ok": True})
        sessions.clear_cookie(response, request)
        return response

    @routes.get("/api/account", tags=["account"], summary="Who is logged in: username, CSRF token, ratings (401: nobody)",
                description="'ratings': pool ('<slug>' or '<slug>/<players>') -> {rating, deviation, games, provisional, "
                "shown, wins, draws, losses}; the deviation is widened by the days since the pool's last rated game.")  # fmt: skip
    def whoami(request: Request) -> dict[str, Any]:
        info = sessions.required(request)
        return {"username": info.user.username, "csrf": info.csrf, "ratings": book.ratings_of(info.user.id)}

    @routes.post("/api/account/password", tags=["account"], summary="Change the password (needs the current one)",
                 description="Every other session of the account ends; this one goes on.")  # fmt: skip
    def change_password(body: PasswordChange, request: Request) -> dict[str, bool]:
        info = sessions.required(request)
        accounts.change_password(info.user, body.old, body.new, keep=info.id_hash)
        return {"ok": True}

    @routes.post("/api/account/claim", tags=["account"], summary="Make this browser's anonymous seats the account's",
                 description="Each seat is named by its game and token; seats of another account, and tokens that open "
                 "no seat, are left out. Answers the seats claimed.")  # fmt: skip
    def claim(body: Claim, request: Request) -> dict[str, Any]:
        info = sessions.required(request)
        claimed = service.claim_seats(info.user.id, [(seat.game, seat.token) for seat in body.seats])
        return {"claimed": [{"game": game_id, "seat": player} for game_id, player in claimed]}

    @routes.get("/api/account/games", tags=["account"], summary="The account's games: in progress (your turn first), then finished",
                description="Each row is a GET /api/games row with 'you' (the account's players) and 'your_turn'.")  # fmt: skip
    def my_games(request: Request) -> list[dict[str, Any]]:
        info = sessions.required(request)
        owned = service.store.account_games(info.user.id)
        rows = summary_rows([summary for summary, _ in owned])
        for row, (summary, players) in zip(rows, owned):
            row["you"] = players
            row["your_turn"] = not summary.over and summary.to_move in players
        rows.sort(key=lambda row: (row["over"], not row["your_turn"]))  # stable: most recent first within each
        return rows

    return routes
