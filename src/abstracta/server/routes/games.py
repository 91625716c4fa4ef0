"""Start, join and list games: ``POST /api/games`` (rate-limited per address), ``POST /api/invites/{code}``,
``GET /api/games``."""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any, Optional, Union

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

import abstracta
from abstracta.bots import LEVELS
from abstracta.server import controls
from abstracta.server.live import ApiError, load_game
from abstracta.server.service import GameService
from abstracta.server.sessions import Sessions
from abstracta.server.store import Store, Summary

SEAT_HELP = ("'me' (you play it: its token comes back), 'friend' (an invite code comes back instead), "
             f"or a bot: {', '.join('bot:' + level for level in LEVELS)}; 'human' means 'me'")  # fmt: skip


class RateLimit:
    """At most ``count`` events per ``seconds`` for each key (a client address)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, key: str, what: str = "new games") -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._events) > 10_000:  # forget quiet addresses
                self._events = {k: v for k, v in self._events.items() if v and now - v[-1] < self.seconds}
            events = self._events.setdefault(key, deque())
            while events and now - events[0] >= self.seconds:
                events.popleft()
            if len(events) >= self.count:
                wait = max(1, int(self.seconds - (now - events[0])) + 1)
                raise ApiError(429, f"too many {what} from this address: at most {self.count} "
                                    f"every {self.seconds:g} s; try again in {wait} s", {"Retry-After": str(wait)})  # fmt: skip
            events.append(now)


class ClockChoice(BaseModel):
    minutes: float = Field(description="Each seat's time at the start, in minutes.")
    increment: float = Field(default=0, description="Seconds added after each of a seat's moves.")

    model_config = {"extra": "forbid"}


class DaysChoice(BaseModel):
    days: Any = Field(description=f"A correspondence clock: whole days for each move, 1 to {controls.MAX_DAYS} "
                      "(time left over is not kept); the seat to move loses when its time runs out.")  # fmt: skip

    model_config = {"extra": "forbid"}


class NewGame(BaseModel):
    game: str = Field(description="Game slug, e.g. 'strategic-reserve' (GET /api/catalog lists them).")
    clock: Optional[Union[ClockChoice, DaysChoice]] = Field(
        default=None, description="A clock for two-player games: {'minutes', 'increment'}, or {'days'} per move "
        "(correspondence); none by default. A bad clock answers 400 saying what is wrong.")  # fmt: skip
    options: dict[str, Any] = Field(default_factory=dict, description="Game options; defaults fill the rest.")
    seats: Optional[list[str]] = Field(default=None, description=f"One entry per player: {SEAT_HELP}. Default: every seat 'me'.")
    seed: Optional[int] = Field(
        default=None, ge=0, le=2**256 - 1,
        description="Seed of the setup randomness (any non-negative int below 2**256); only for games with "
        "perfect information: for the others the server draws a 128-bit seed and refuses one sent (422). "
        "Fresh when left out.")  # fmt: skip
    rated: bool = Field(
        default=False,
        description="A rated game: needs a session cookie; your seat is the one 'me', every other seat a 'friend' "
        "whose invite only another logged-in account can use; no bots, no seed. Its end changes the ratings.")  # fmt: skip

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


def summary_rows(summaries: list[Summary]) -> list[dict[str, Any]]:
    """The lobby's rows for these games (``GET /api/games``)."""
    titles: dict[str, str] = {}
    rows = []
    for summary in summaries:
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


def router(service: GameService, store: Store, creations: RateLimit, sessions: Sessions, *,
           day_seconds: float = 86400.0) -> APIRouter:
    routes = APIRouter()

    @routes.post("/api/games", status_code=201, response_model=Created, tags=["play"], summary="Start a game",
                 description="Seats: " + SEAT_HELP + ". The answer holds a token for each 'me' seat and a one-time "
                 "invite code for each 'friend' seat; the server keeps only their hashes. Rate-limited per address "
                 "(429 with Retry-After). With a session cookie (and X-CSRF-Token) the 'me' seats are the account's.")  # fmt: skip
    def new_game(body: NewGame, request: Request) -> dict[str, Any]:
        user = sessions.user(request)  # logged in: the 'me' seats are the account's
        creations.check(request.client.host if request.client else "unknown")
        clock = None
        if body.clock is not None:
            clock = controls.check_clock(body.clock.model_dump(), load_game(body.game, body.options).num_players)
        game_id, tokens, invites = service.create(body.game, body.options, body.seats, body.seed,
                                                  owner=user.id if user else None, rated=body.rated)  # fmt: skip
        controls.start_chosen_clock(service, game_id, clock, day_seconds=day_seconds)
        return {"id": game_id, "tokens": tokens, "invites": invites}

    @routes.post("/api/invites/{code}", response_model=Joined, tags=["play"], summary="Take a friend's seat with an invite",
                 description="Trades a one-time invite code for the seat's token. Works once: a used code answers 410, "
                 "an unknown one 404.")  # fmt: skip
    def join(code: str, request: Request) -> dict[str, Any]:
        user = sessions.user(request)  # logged in: the seat is the account's
        return service.redeem(code, owner=user.id if user else None)

    @routes.get("/api/games", tags=["play"], summary="Games in progress and finished, most recent first")
    def list_games(
        over: Optional[bool] = Query(default=None, description="Only finished (true) or unfinished (false) games."),
        limit: int = Query(default=50, ge=1, le=500),
    ) -> list[dict[str, Any]]:
        return summary_rows(store.summaries(limit=limit, over=over))

    return routes
