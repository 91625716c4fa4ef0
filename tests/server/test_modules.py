"""The server's modules after the split (issue 26): every name other code imports from ``service``,
``app`` and ``store`` is still there, and the routers give the documented routes in the documented order."""

from __future__ import annotations

import importlib

import pytest

SERVICE_NAMES = ["BOT_PREFIX", "FRIEND", "HUMAN", "ME", "ApiError", "BotFactory", "GameService", "LiveGame", "bot_pool",
                 "clip", "controls_view", "cut", "history_seen", "load_game", "rebuild", "stop_pool", "think",
                 "unavailable"]  # fmt: skip
APP_NAMES = ["MAX_BODY", "MAX_FRAME", "SECURITY_HEADERS", "Guard", "RateLimit", "bearer", "create_app"]
STORE_NAMES = ["CHANCE_PLAYER", "Base", "EventRow", "GameRow", "MoveConflict", "MoveRow", "SeatRow", "Store",
               "StoreUnavailable", "StoredGame", "Summary", "default_database_url", "hash_token", "seed_text",
               "seed_value"]  # fmt: skip


@pytest.mark.parametrize(("module", "names"), [("abstracta.server.service", SERVICE_NAMES),
                                               ("abstracta.server.app", APP_NAMES),
                                               ("abstracta.server.store", STORE_NAMES)])  # fmt: skip
def test_names_stay_importable(module: str, names: list[str]) -> None:
    loaded = importlib.import_module(module)
    assert [name for name in names if not hasattr(loaded, name)] == []


def test_openapi_paths_in_router_order(client) -> None:
    paths = list(client.get("/openapi.json").json()["paths"])
    assert paths == [
        "/healthz", "/api/catalog", "/api/catalog/{slug}", "/api/catalog/{slug}/position", "/api/games", "/api/invites/{code}",
        "/api/games/{game_id}", "/api/games/{game_id}/moves", "/api/games/{game_id}/random-setup",
        "/api/games/{game_id}/replay", "/api/games/{game_id}/record", "/api/games/{game_id}/resign",
        "/api/games/{game_id}/draw", "/api/games/{game_id}/takeback", "/api/games/{game_id}/rematch",
        "/api/games/{game_id}/claim", "/api/games/{game_id}/analysis", "/api/analysis/position",
        "/api/account/signup", "/api/account/login", "/api/account/logout", "/api/account",
        "/api/account/password", "/api/account/claim", "/api/account/games",
        "/api/users/{username}", "/api/leaderboard/{slug}",
        "/api/seeks", "/api/seeks/{seek_id}/accept", "/api/seeks/{seek_id}", "/api/games/{game_id}/chat",
        "/api/lessons/{slug}", "/api/lessons/{slug}/{lesson_id}/{step}/check", "/api/lessons/{slug}/progress",
        "/api/puzzles", "/api/puzzles/{slug}", "/api/puzzles/{slug}/{number}",
    ]  # fmt: skip
