"""The database connection behind the store: engine set-up, one writer at a time, short transactions.

Writes go through one writer at a time (a lock in this process), and SQLite runs in WAL mode
with ``synchronous=NORMAL`` and a busy timeout, so concurrent games queue for the database
instead of failing with ``database is locked``. A write that still fails raises
:class:`StoreUnavailable` and changes nothing. The busy timeout counts from the call: time
spent queued behind another write (one that is itself waiting out a lock) is taken off the
time the call's own transaction may wait, so a caller hears of a busy database within one
busy timeout, never two.

Any SQLAlchemy URL works (``sqlite:///path``, ``postgresql+psycopg://...``); the default is a
SQLite file in the user's data directory (:func:`default_database_url`).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import sessionmaker

from abstracta.server import migrate


class StoreUnavailable(Exception):
    """The database refused or timed out a write (locked, unreachable); nothing was stored."""


class MoveConflict(Exception):
    """Another writer stored that ply first (two copies of one game in memory); nothing was stored."""


def default_database_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/abstracta/abstracta.db`` (``~/.local/share`` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'abstracta' / 'abstracta.db'}"


def refusal(error: DBAPIError) -> str:
    """The first line of what the database driver said (SQLAlchemy wraps it as ``error.orig``)."""
    return str(error.orig or error).splitlines()[0]


def _check_url(url: str) -> None:
    """Refuse what SQLAlchemy would misread: SQLite URI file names would become a junk ``file:`` directory."""
    if url.startswith("sqlite") and ("uri=true" in url.lower() or url.split("///", 1)[-1].startswith("file:")):
        raise ValueError("SQLite URI file names (file:...?uri=true) are not supported; "
                         "give a plain path such as sqlite:///path/to/games.db")  # fmt: skip


def _check_writable(path: Path) -> None:
    """Refuse a SQLite database this process cannot write, before SQLite opens it.

    In WAL mode SQLite maps the ``-shm`` file into memory. A read-only one (or a read-only
    database, ``-wal`` or folder) would leave every write failing while reads go on, and a
    read-only mapping of a file that changes under it ends the process with SIGBUS, without a
    word. So each file there is opened for writing here (nothing is written), and the folder
    must be writable when SQLite has one of them to make there.
    """
    files = [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    for file in files:
        if not file.exists():
            continue
        try:
            with open(file, "r+b"):
                pass
        except OSError as error:
            raise ValueError(f"cannot write {file} ({error.strerror or error}): the server writes the database, "
                             "its -wal and -shm files and their folder; fix their permissions or use "
                             "another database") from None  # fmt: skip
    folder = path.parent
    check = {"effective_ids": True} if os.access in os.supports_effective_ids else {}
    missing = not all(file.exists() for file in files)  # SQLite will create it there
    if missing and folder.exists() and not os.access(folder, os.W_OK | os.X_OK, **check):
        raise ValueError(f"cannot write in the folder {folder}: SQLite keeps the database's -wal and -shm "
                         "files beside it; fix its permissions or use another database")  # fmt: skip


class Database:
    """The engine behind :class:`abstracta.server.store.Store`: one short transaction per call.

    ``busy_timeout`` (seconds) is how long a write waits for a locked database before
    :class:`StoreUnavailable` is raised (SQLite's busy timeout; PostgreSQL's lock timeout).
    The schema is brought up to date on construction (:func:`abstracta.server.migrate.upgrade`).
    """

    def __init__(self, url: str | None = None, *, busy_timeout: float = 5.0) -> None:
        self.url = url or default_database_url()
        _check_url(self.url)
        self.busy_timeout = busy_timeout
        self.sqlite = self.url.startswith("sqlite")
        if self.sqlite and self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            path = Path(self.url.removeprefix("sqlite:///").split("?", 1)[0]).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
            _check_writable(path)
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            # Requests, bots and the lobby touch the database from several threads.
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_timeout}
            if ":memory:" in self.url or self.url == "sqlite://":
                from sqlalchemy.pool import StaticPool

                kwargs["poolclass"] = StaticPool
        elif self.url.startswith("postgresql"):
            kwargs["connect_args"] = {"options": f"-c lock_timeout={int(busy_timeout * 1000)}"}
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", self._sqlite_pragmas)
            event.listen(self.engine, "checkin", self._restore_wait)
        self._writer = threading.Lock()  # one writer at a time: queue here, not in "database is locked"
        # A new database is created, an older one upgraded in place: (the revision it had, the one it has).
        self.schema_revisions = migrate.upgrade(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def _sqlite_pragmas(self, connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        if ":memory:" not in self.url and self.url != "sqlite://":
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
        cursor.close()

    def _limit_wait(self, connection: Connection, deadline: float) -> None:
        """Let this transaction wait for a locked database only until ``deadline`` (its caller's busy
        timeout, counted from the call), when that is sooner than a full busy timeout from now."""
        seconds = deadline - time.monotonic()
        if seconds >= self.busy_timeout - 0.01:
            return
        milliseconds = max(0, int(seconds * 1000))
        if self.sqlite:  # outside SQLite's transaction (pysqlite begins it at the first write)
            connection.connection.dbapi_connection.execute(f"PRAGMA busy_timeout={milliseconds}")
            connection.connection.info["wait_limited"] = True  # _restore_wait puts it back
        elif self.url.startswith("postgresql"):
            connection.exec_driver_sql(f"SET LOCAL lock_timeout = {max(1, milliseconds)}")  # 0 would mean never

    def _restore_wait(self, dbapi_connection: Any, record: Any) -> None:
        """Back in the pool: a connection whose wait was limited gets the full busy timeout again."""
        if record.info.pop("wait_limited", False):
            try:
                dbapi_connection.execute(f"PRAGMA busy_timeout={int(self.busy_timeout * 1000)}")
            except Exception:  # a broken connection: the pool replaces it
                pass

    def _take_writer(self, deadline: float) -> bool:
        """The single writer, waited for until ``deadline`` at most; ``False`` if it stayed busy."""
        return self._writer.acquire(timeout=max(0.0, deadline - time.monotonic()))

    def _busy_too_long(self) -> StoreUnavailable:
        return StoreUnavailable(f"the database stayed busy for the busy timeout ({self.busy_timeout:g} s)")

    def close(self) -> None:
        self.engine.dispose()

    def _write(self, work: Any) -> Any:
        """Run ``work(session)`` in one transaction through the single writer, within one busy timeout."""
        deadline = time.monotonic() + self.busy_timeout
        if not self._take_writer(deadline):
            raise self._busy_too_long()
        try:
            with self._session.begin() as session:
                self._limit_wait(session.connection(), deadline)
                return work(session)
        except IntegrityError as error:
            raise MoveConflict(str(error.orig)) from None
        except (OperationalError, DBAPIError) as error:
            raise StoreUnavailable(refusal(error)) from None
        finally:
            self._writer.release()

    def _read(self, work: Any) -> Any:
        try:
            with self._session() as session:
                return work(session)
        except (OperationalError, DBAPIError) as error:
            raise StoreUnavailable(refusal(error)) from None
