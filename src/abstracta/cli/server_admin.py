"""The server owner's commands: ``abstracta serve``, and, run on the server's machine against its
database, ``abstracta db upgrade`` and ``abstracta user create|reset-password|disable NAME``.

Passwords are prompted for (never echoed, asked twice), or read from the first line of standard
input when it is not a terminal, so that a script can pipe one in.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

import abstracta
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


# -- serve ---------------------------------------------------------------------
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        Optional[str],
        typer.Option(
            "--db",
            metavar="URL",
            help="SQLAlchemy database URL, e.g. sqlite:///games.db or postgresql://user@host/abstracta "
            "(default: a SQLite file in the user's data directory).",
            show_default=False,
        ),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option("--bot-pause", metavar="SECONDS", help="Least time a bot takes per move, so moves can be followed.")
    ] = 0.6,
    bot_workers: Annotated[
        Optional[int],
        typer.Option("--bot-workers", metavar="N", help="Processes the bots think in [default: one per core].",
                     show_default=False),
    ] = None,
    behind_https: Annotated[
        bool,
        typer.Option("--behind-https", help="An HTTPS proxy on this machine serves the app: session cookies are "
                     "Secure, and X-Forwarded-Proto/-For from 127.0.0.1 are trusted (never without this flag)."),
    ] = False,
) -> None:
    """Start the web app: lobby, games in the browser, REST API (/openapi.json) and live updates (an existing database is upgraded to this version's schema first)."""
    with command_boundary():
        if not 0 <= port <= 65535:
            fail(f"--port must be from 0 to 65535, got {port}")
        if bot_pause < 0:
            fail(f"--bot-pause must be 0 or more, got {bot_pause:g}")
        if bot_workers is not None and not 1 <= bot_workers <= 64:
            fail(f"--bot-workers must be from 1 to 64, got {bot_workers}")
        import faulthandler
        import socket

        import uvicorn

        from abstracta.server import create_app, default_database_url
        from abstracta.server.app import MAX_FRAME

        url = db or default_database_url()
        try:
            application = create_app(url, bot_pause=bot_pause, bot_workers=bot_workers, behind_https=behind_https)
        except Exception as error:  # a bad URL or an unreachable database
            fail(f"cannot open the database {url}: {error}")
        try:
            listener = socket.create_server((host, port))
        except OSError as error:
            fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        address = f"http://{shown}:{listener.getsockname()[1]}/"
        console = stdout_console()
        say(console, f"abstracta {abstracta.__version__} serving at {address}", "bold")
        say(console, f"API description at {address}openapi.json   database: {url}   Ctrl-C stops.")
        before, after = application.state.store.schema_revisions
        if before is not None and before != after:
            say(console, f"database: {upgrade_text(before, after)}")
        faulthandler.enable()  # a fatal signal (SIGBUS from a mapped file, say) leaves its traceback on stderr
        server = uvicorn.Server(uvicorn.Config(application, log_level="warning", ws_max_size=MAX_FRAME,
                                               proxy_headers=behind_https))  # fmt: skip
        server.run(sockets=[listener])
