"""The front end: the lobby, a game's page, the analysis board (``/analysis``), profiles (``/@/<username>``),
leaderboards (``/leaderboard/<game>``), the lessons (``/learn/<game>``), the rules pages and the static files (``web/``), outside the schema."""

from __future__ import annotations

from html import escape
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from abstracta.server import rules_pages
from abstracta.server.store import StoreUnavailable

WEB_DIR = Path(str(resources.files("abstracta") / "web"))


def router() -> APIRouter:
    routes = APIRouter()

    @routes.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    @routes.get("/g/{game_id}", include_in_schema=False)
    def game_page(game_id: str, request: Request) -> Response:
        if not _game_exists(request, game_id):
            return HTMLResponse(_NOT_FOUND.format(game_id=escape(game_id[:64])), status_code=404)
        return FileResponse(WEB_DIR / "game.html")

    @routes.get("/analysis", include_in_schema=False)
    def analysis_board_page() -> FileResponse:
        return FileResponse(WEB_DIR / "analysis.html")

    @routes.get("/@/{username}", include_in_schema=False)
    def profile_page(username: str) -> FileResponse:
        return FileResponse(WEB_DIR / "profile.html")

    @routes.get("/leaderboard/{slug}", include_in_schema=False)
    def leaderboard_page(slug: str) -> FileResponse:
        return FileResponse(WEB_DIR / "leaderboard.html")

    @routes.get("/learn/{slug}", include_in_schema=False)
    def lesson_page(slug: str) -> FileResponse:
        return FileResponse(WEB_DIR / "learn.html")

    # -- rules pages (server/rules_pages.py: each game's rules text, rendered here) -----
    @routes.get("/rules", include_in_schema=False)
    def rules_index() -> HTMLResponse:
        return HTMLResponse(rules_pages.index_page())

    @routes.get("/rules/{slug:path}", include_in_schema=False)  # any path below: a plain 404 page, not JSON
    def rules_page(slug: str) -> HTMLResponse:
        slug = slug.rstrip("/")  # /rules/ is the index, /rules/quin/ the game's page
        page = rules_pages.game_page(slug) if slug else rules_pages.index_page()
        if page is None:
            return HTMLResponse(rules_pages.not_found_page(slug), status_code=404)
        return HTMLResponse(page)

    return routes


_NOT_FOUND = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such game · abstracta</title><link rel="stylesheet" href="/static/style.css"></head>
<body class="not-found" data-testid="not-found">
<header class="top"><a class="brand" href="/">abstracta</a></header>
<main><h1>No such game</h1>
<p>There is no game <code>{game_id}</code> here: the link may be mistyped, or the game was never made.</p>
<p><a href="/">Back to the lobby</a>, where you can start a game or watch one.</p></main>
</body>
</html>
"""
"""The plain page an unknown game id gets (HTTP 404) instead of an empty game page with all its controls."""


def _game_exists(request: Request, game_id: str) -> bool:
    """Whether the store holds the game (every game is stored when it is made); ``True`` when the store
    cannot say (the database is away: the page then reports what the API answers)."""
    if len(game_id) > 64:  # no id is this long (the API's own 404 rule)
        return False
    try:
        return request.app.state.service.store.created_at(game_id) is not None
    except StoreUnavailable:
        return True


def mount_static(app: FastAPI) -> None:
    """``/static``: the files of ``web/`` (a mount, which a router cannot carry); last, after every route."""
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
