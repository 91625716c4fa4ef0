"""Schema migrations: a database written by the release before them comes through with every game identical.

The fixture (:mod:`tests.server.fixtures.legacy`) was made by that release's code. On SQLite the
test upgrades a copy of the file itself; on PostgreSQL (``ABSTRACTA_TEST_POSTGRES``) it builds that
release's tables (revision 0001, which is them), copies the file's rows in without any Alembic stamp,
and upgrades that.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, MetaData, Table, create_engine, insert, inspect, select, text

from abstracta.server import controls, migrate
from abstracta.server.service import GameService
from abstracta.server.store import Store
from abstracta.server.tables import Base
from tests.server.conftest import POSTGRES_URL, _fresh_postgres_database, auth, make_client
from tests.server.fixtures.legacy import LEGACY_DB, LEGACY_SNAPSHOT, snapshot

EXPECTED = json.loads(LEGACY_SNAPSHOT.read_text())
RELEASE_TABLES = ("games", "seats", "moves", "game_events")
LATER_COLUMNS = ("user_id", "rated")
"""Columns of the release's tables that later revisions add (seats.user_id, games.rated)."""


def _legacy_on_postgres(server_url: str) -> str:
    """A PostgreSQL database holding the fixture's rows in the release's tables, with no Alembic stamp."""
    from alembic import command

    url = _fresh_postgres_database(server_url)
    target = create_engine(url)
    with target.begin() as connection:
        command.upgrade(migrate.alembic_config(connection), "0001")
        connection.execute(text("DROP TABLE alembic_version"))
    source = create_engine(f"sqlite:///{LEGACY_DB}")
    with source.connect() as reading, target.begin() as writing:
        for name in RELEASE_TABLES:
            table = Base.metadata.tables[name]
            columns = [column for column in table.c if column.name not in LATER_COLUMNS]
            rows = [dict(row) for row in reading.execute(select(*columns)).mappings()]
            release_table = Table(name, MetaData(), *(Column(column.name, column.type) for column in columns))
            if rows:  # into the release's columns only: the later ones' defaults are the revisions' to fill
                writing.execute(insert(release_table), rows)
            if name != "games":  # explicit ids leave the serial behind
                writing.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))"))
    source.dispose()
    target.dispose()
    return url


@pytest.fixture(params=["sqlite"] + (["postgresql"] if POSTGRES_URL else []))
def legacy_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "postgresql":
        return _legacy_on_postgres(POSTGRES_URL)
    copy = tmp_path / "legacy.sqlite"
    shutil.copyfile(LEGACY_DB, copy)
    return f"sqlite:///{copy}"


def test_a_database_of_the_release_before_migrations_upgrades_with_every_game_identical(legacy_url):
    engine = create_engine(legacy_url)
    with engine.connect() as connection:
        assert migrate.current_revision(connection) == "legacy"
    engine.dispose()
    store = Store(legacy_url)  # upgrades in place, as `abstracta serve` does at start
    try:
        with store.engine.connect() as connection:
            assert migrate.current_revision(connection) == migrate.head_revision()
        assert store.count() == len(EXPECTED)
        service = GameService(store)
        for label, entry in EXPECTED.items():
            seen = snapshot(service, entry["id"])
            for key, expected in entry["snapshot"].items():
                assert seen[key] == expected, f"{label}: {key} differs after the upgrade"
    finally:
        store.close()


def test_every_unfinished_game_of_the_upgraded_database_plays_on(legacy_url, monkeypatch):
    # The clocks are read a minute after the fixture's last clocked move, not now: a clock game
    # made with a 90-minute clock would otherwise run out as the fixture ages.
    last = max(time for entry in EXPECTED.values() if entry["snapshot"]["clock"]
               for time in entry["snapshot"]["clock"]["times"])  # fmt: skip
    monkeypatch.setattr(controls, "time", SimpleNamespace(time=lambda: last + 60.0))
    rng = random.Random(3)
    with make_client(legacy_url) as client:
        for label, entry in EXPECTED.items():
            view = entry["snapshot"]["views"]["None"]
            token = entry["tokens"].get(str(view["player"]))
            if view["over"] or token is None:
                continue
            mine = client.get(f"/api/games/{entry['id']}", headers=auth(token)).json()
            move = rng.choice(mine["moves"])
            played = client.post(f"/api/games/{entry['id']}/moves", json={"move": move, "ply": mine["ply"]},
                                 headers=auth(token))  # fmt: skip
            assert played.status_code == 200, f"{label}: {played.text}"
            assert played.json()["ply"] > mine["ply"]


def test_a_new_database_gets_exactly_the_tables_the_code_declares(db_url):
    store = Store(db_url)
    try:
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
            assert migrate.current_revision(connection) == migrate.head_revision()
    finally:
        store.close()


def test_an_upgraded_database_is_left_alone_on_the_next_start(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    Store(url).close()
    engine = create_engine(url)
    assert migrate.upgrade(engine) == (migrate.head_revision(), migrate.head_revision())
    assert set(RELEASE_TABLES) <= set(inspect(engine).get_table_names())
    engine.dispose()


@pytest.mark.parametrize("branch", ["0003", "0004"])
def test_a_database_on_either_branch_from_0002_upgrades_to_the_declared_tables(tmp_path, branch):
    from alembic import command

    url = f"sqlite:///{tmp_path / 'games.db'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrate.alembic_config(connection), branch)
    engine.dispose()
    store = Store(url)
    try:
        with store.engine.connect() as connection:
            assert migrate.current_revision(connection) == migrate.head_revision()
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        store.close()
