"""Schema migrations: bring any database of this server up to the current schema, in place.

The revisions are Alembic scripts shipped in the package (:mod:`abstracta.server.migrations`);
``0001`` is the schema of the release before migrations. :func:`upgrade` runs on every start of the
store (``abstracta serve``) and from ``abstracta db upgrade``:

- a new, empty database gets every revision;
- a database at an older revision gets the ones it lacks;
- a database written before migrations (tables, no ``alembic_version``) is recognised by its
  tables: the columns older files lacked are added first (as that release did at start), then
  ``0001`` keeps its tables and the later revisions run. Nothing is ever recreated or dropped.

Each upgrade is one transaction where the backend allows (PostgreSQL; SQLite commits DDL as it goes).
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration for the packaged scripts, over ``connection`` (or ``url``)."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("abstracta.server") / "migrations"))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    """The database's revision; ``"legacy"`` for tables written before migrations, ``None`` for none at all."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None and inspect(connection).has_table("games"):
        return "legacy"
    return revision


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the database up to the newest revision; (the revision it had, the one it has now)."""
    head = head_revision()
    with engine.begin() as connection:
        before = current_revision(connection)
        if before == head:
            return before, head
        if before == "legacy":
            _add_pre_release_columns(connection)
        command.upgrade(alembic_config(connection), "head")
    return before, head


def _add_pre_release_columns(connection: Connection) -> None:
    """What the release before migrations added at start to files older than itself (then read as 0001)."""
    inspector = inspect(connection)
    seat_columns = {column["name"] for column in inspector.get_columns("seats")}
    if "invite_hash" not in seat_columns:
        connection.execute(text("ALTER TABLE seats ADD COLUMN invite_hash VARCHAR(64)"))
        connection.execute(text("CREATE INDEX ix_seats_invite_hash ON seats (invite_hash)"))
    seed = next(column for column in inspector.get_columns("games") if column["name"] == "seed")
    if connection.dialect.name != "sqlite" and "INT" in str(seed["type"]).upper():  # SQLite keeps 'x...' in any column
        connection.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE VARCHAR(80) USING seed::text"))
