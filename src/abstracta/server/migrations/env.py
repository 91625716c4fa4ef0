"""Alembic's environment: run the revisions on the connection :mod:`abstracta.server.migrate` hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` for the ``alembic`` command itself."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from abstracta.server.tables import Base

config = context.config


def run(connection) -> None:
    # render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode does.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


given = config.attributes.get("connection")
if given is not None:
    run(given)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as connection:
        run(connection)
    engine.dispose()
