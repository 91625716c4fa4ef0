"""Profiles and leaderboards: ``GET /api/users/{username}`` and ``GET /api/leaderboard/{slug}`` (docs/api.md, "Ratings").

A disabled user's profile stays visible, games and ratings included (their games stay, as the issue asks);
leaderboards leave disabled users out.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from abstracta.server.accounts import Accounts
from abstracta.server.live import ApiError
from abstracta.server.rated import PROFILE_GAMES, RatingBook, game_title, outcome
from abstracta.server.routes.games import summary_rows
from abstracta.server.service import GameService


def profile_games(service: GameService, book: RatingBook, user_id: int) -> list[dict[str, Any]]:
    """The user's recent games: the lobby's rows with the user's players, result, rating change and links."""
    owned = service.store.account_games(user_id, limit=PROFILE_GAMES)
    rows = summary_rows([summary for summary, _ in owned])
    rated, changes = book.game_changes_of(user_id, [row["id"] for row in rows])
    for row, (summary, players) in zip(rows, owned):
        row["you"] = players
        row["result"] = outcome(summary.returns, players[0]) if summary.over and summary.returns else None
        row["rated"] = row["id"] in rated
        row["rating_change"] = changes[row["id"]]["change"] if row["id"] in changes else None
        row["links"] = {"page": f"/g/{row['id']}", "record": f"/api/games/{row['id']}/record"}
    return rows


def router(service: GameService, accounts: Accounts, book: RatingBook) -> APIRouter:
    routes = APIRouter()

    @routes.get("/api/users/{username}", tags=["ratings"], summary="A user's profile: ratings, rating history, recent games",
                description="{username, disabled, ratings: {'<slug>' or '<slug>/<players>': {rating, deviation, games, "
                "provisional, shown, wins, draws, losses}}, history: {pool: [{game, rating, date}]} (the first point is "
                "the rating before the first rated game), games: [lobby rows with you, result, rated, rating_change, "
                "links]}. 404 for no such user; a disabled user's profile stays visible.")  # fmt: skip
    def profile(username: str) -> dict[str, Any]:
        found = accounts.standing(username)
        if found is None:
            raise ApiError(404, "no such user")
        user, disabled = found
        return {"username": user.username, "disabled": disabled, "ratings": book.ratings_of(user.id),
                "history": book.history_of(user.id), "games": profile_games(service, book, user.id)}  # fmt: skip

    @routes.get("/api/leaderboard/{slug}", tags=["ratings"], summary="A game's top settled ratings, per pool",
                description="{game, title, pools: {'<slug>' (two players) and '<slug>/<players>': [{rank, username, "
                "rating, deviation, shown, games}]}}: at most 100 a pool, best first; provisional ratings (deviation "
                "over 110, widened by idle days) and disabled users are left out. 404 for an unknown game.")  # fmt: skip
    def leaderboard(slug: str) -> dict[str, Any]:
        title = game_title(slug)
        return {"game": slug, "title": title, "pools": book.leaderboard(slug)}

    return routes
