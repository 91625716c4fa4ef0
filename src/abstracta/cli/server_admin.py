"""The server owner's commands, run on the server's machine against its database:
``abstracta db upgrade`` and ``abstracta user create|reset-password|disable NAME``.

Passwords are prompted for (never echoed, asked twice), or read from the first line of standard
input when it is not a terminal, so that a script can pipe one in.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from abstracta.cli.common import command_boundary, fail, say, stdout_console

DB_OPTION = typer.Option(
    "--db", metavar="URL", show_default=False,
    help="SQLAlchemy database URL of the server, e.g. sqlite:///games.db or postgresql+psycopg://user@host/abstracta "
    "(default: the SQLite file 'abstracta serve' uses).",
)  # fmt: skip

db_app = typer.Typer(help="The server's database: schema migrations.", no_args_is_help=True)
user_app = typer.Typer(help="The server's accounts, on the server's machine: create, reset a password, disable.",
                       no_args_is_help=True)  # fmt: skip


def _database(db: str | None):
    """The server's store at ``db``, upgraded to the current schema (as ``abstracta serve`` does)."""
    from abstracta.server.store import Store, default_database_url

    url = db or default_database_url()
    try:
        return Store(url)
    except Exception as error:  # a bad URL or an unreachable database
        fail(f"cannot open the database {url}: {str(error).splitlines()[0] if str(error) else error}")


def upgrade_text(before: str | None, after: str) -> str:
    """What an upgrade did, in words (``before``: ``None`` for a new database, ``"legacy"`` for one
    written before migrations)."""
    if before == after:
        return f"schema revision {after}, the newest: nothing to do"
    if before is None:
        return f"new database, created at schema revision {after}"
    was = "the release before migrations" if before == "legacy" else f"revision {before}"
    return f"schema upgraded in place from {was} to revision {after}"


def _password() -> str:
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    return typer.prompt("Password", hide_input=True, confirmation_prompt=True)


def _accounts(db: str | None):
    from abstracta.server.accounts import Accounts

    store = _database(db)
    return store, Accounts(store)


def _run(action) -> None:
    """Run ``action``; the server's refusals (an invalid name, a taken one, no such user) become errors."""
    from abstracta.server.live import ApiError

    try:
        action()
    except ApiError as error:
        fail(error.message)


@db_app.command("upgrade")
def db_upgrade(db: Annotated[Optional[str], DB_OPTION] = None) -> None:
    """Upgrade the database's schema in place to this version's (abstracta serve also does it at start)."""
    with command_boundary():
        from abstracta.server.database import default_database_url

        url = db or default_database_url()
        store = _database(url)  # checks the URL and the file, and upgrades
        store.close()
        say(stdout_console(), f"database {url}: {upgrade_text(*store.schema_revisions)}")


@user_app.command("create")
def user_create(name: Annotated[str, typer.Argument(help="The username: 3 to 20 letters, digits, '_' or '-'.")],
                db: Annotated[Optional[str], DB_OPTION] = None) -> None:  # fmt: skip
    """Create an account; the password is prompted for."""
    with command_boundary():
        store, accounts = _accounts(db)
        try:
            _run(lambda: accounts.create(name, _password()))
        finally:
            store.close()
        say(stdout_console(), f"created user {name}")


@user_app.command("reset-password")
def user_reset_password(name: Annotated[str, typer.Argument(help="The username (any case).")],
                        db: Annotated[Optional[str], DB_OPTION] = None) -> None:  # fmt: skip
    """Give a user a new password (prompted for); their sessions end."""
    with command_boundary():
        store, accounts = _accounts(db)
        try:
            _run(lambda: accounts.reset_password(name, _password()))
        finally:
            store.close()
        say(stdout_console(), f"new password set for {name}; their sessions ended")


@user_app.command("disable")
def user_disable(name: Annotated[str, typer.Argument(help="The username (any case).")],
                 db: Annotated[Optional[str], DB_OPTION] = None) -> None:  # fmt: skip
    """Disable an account: it can no longer log in and its sessions end; its games stay."""
    with command_boundary():
        store, accounts = _accounts(db)
        try:
            _run(lambda: accounts.disable(name))
        finally:
            store.close()
        say(stdout_console(), f"disabled {name}; their sessions ended")
