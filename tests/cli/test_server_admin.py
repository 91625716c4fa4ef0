"""The server owner's commands: ``abstracta db upgrade`` and ``abstracta user create|reset-password|disable``."""

from __future__ import annotations

import shutil

from sqlalchemy import create_engine

from abstracta.server import migrate
from tests.cli.helpers import assert_one_line_error, run
from tests.server.conftest import make_client
from tests.server.fixtures.legacy import LEGACY_DB

PASSWORD = "a fine password"


def test_db_upgrade_brings_a_database_of_the_release_before_migrations_up_to_date(tmp_path):
    copy = tmp_path / "old.sqlite"
    shutil.copyfile(LEGACY_DB, copy)
    url = f"sqlite:///{copy}"
    result = run("db", "upgrade", "--db", url)
    assert result.exit_code == 0, result.output
    assert f"upgraded in place from the release before migrations to revision {migrate.head_revision()}" in result.output
    engine = create_engine(url)
    with engine.connect() as connection:
        assert migrate.current_revision(connection) == migrate.head_revision()
    engine.dispose()
    again = run("db", "upgrade", "--db", url)
    assert again.exit_code == 0 and "nothing to do" in again.output


def test_db_upgrade_explains_itself_and_refuses_a_bad_url():
    assert "Upgrade the database's schema" in run("db", "upgrade", "--help").output
    assert_one_line_error(run("db", "upgrade", "--db", "nosuchdriver://x"), "cannot open the database")


def login(client, name: str, password: str) -> int:
    return client.post("/api/account/login", json={"username": name, "password": password}).status_code


def test_user_create_reset_password_and_disable(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    created = run("user", "create", "Owner-1", "--db", url, input=PASSWORD + "\n")
    assert created.exit_code == 0, created.output
    assert PASSWORD not in created.output  # never echoed
    assert_one_line_error(run("user", "create", "owner-1", "--db", url, input=PASSWORD + "\n"), "taken")
    assert_one_line_error(run("user", "create", "admin", "--db", url, input=PASSWORD + "\n"), "reserved")
    assert_one_line_error(run("user", "create", "shorty", "--db", url, input="short\n"), "8 to 256")
    with make_client(url) as client:
        assert login(client, "owner-1", PASSWORD) == 200
        assert run("user", "reset-password", "OWNER-1", "--db", url, input="another password\n").exit_code == 0
        assert client.get("/api/account").status_code == 401  # their sessions ended
        assert login(client, "owner-1", PASSWORD) == 401
        assert login(client, "owner-1", "another password") == 200
        assert run("user", "disable", "owner-1", "--db", url).exit_code == 0
        assert client.get("/api/account").status_code == 401
        assert login(client, "owner-1", "another password") == 401
    assert_one_line_error(run("user", "disable", "nobody", "--db", url), "no user named nobody")
