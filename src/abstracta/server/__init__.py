"""The web app: ``abstracta serve`` (FastAPI on uvicorn), games stored with SQLAlchemy.

>>> from abstracta.server import create_app  # doctest: +SKIP
"""

from abstracta.server.app import create_app
from abstracta.server.service import ApiError, BotLevel, GameService, default_bot_levels, fast_bot_levels
from abstracta.server.store import Store, default_database_url

__all__ = ["ApiError", "BotLevel", "GameService", "Store", "create_app", "default_bot_levels",
           "default_database_url", "fast_bot_levels"]  # fmt: skip
