"""The web app: ``abstracta serve`` (FastAPI on uvicorn), games stored with SQLAlchemy.

>>> from abstracta.server import create_app  # doctest: +SKIP
"""

from abstracta.server.app import create_app
from abstracta.server.service import ApiError, GameService, bot_pool
from abstracta.server.store import Store, StoreUnavailable, default_database_url

__all__ = ["ApiError", "GameService", "Store", "StoreUnavailable", "bot_pool", "create_app", "default_database_url"]
