"""Accounts: sign-up, log-in with Argon2id, server-side sessions, login throttling and the owner's commands.

- **Passwords** are hashed with Argon2id (``argon2-cffi``) with :data:`ARGON2_PARAMETERS`; a hash made
  with other parameters is replaced at the next successful log-in (``check_needs_rehash``).
- **Sessions** live in the ``account_sessions`` table; the browser holds only a random id (the
  cookie), stored as its SHA-256 digest. Each session has its CSRF token, which every state-changing
  request authenticated by the cookie must carry (``X-CSRF-Token``; :mod:`abstracta.server.routes.account`).
  A session ends at log-out, after :data:`SESSION_DAYS` days unused, and when its user is disabled.
  A session found in the database is remembered for :data:`SESSION_RECHECK_SECONDS` (:class:`SessionCache`),
  so that a player's requests do not each read it again; whatever ends sessions in this process (log-out,
  a new password, ``abstracta user reset-password|disable`` run here) forgets them at once, and a server
  told by another process (``abstracta user ...`` on the same database) sees it within those seconds.
- **Log-in errors never tell whether a username exists**: an unknown or disabled user is checked
  against a dummy hash made with the same parameters, so the answer and its time are the same.
- **Throttling** (:class:`LoginThrottle`): failed log-ins are counted per account and per client
  address; past a few free failures each further one doubles the wait (429 with ``Retry-After``).
  The counts live in this process's memory.

Usernames are 3 to 20 letters, digits, ``_`` and ``-``, unique without regard to case; the
:data:`RESERVED` names (and ``bot-...``/``bot_...``) are refused.
"""

from __future__ import annotations

import math
import re
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from abstracta.bots import LEVELS
from abstracta.server.database import Database, MoveConflict
from abstracta.server.live import ApiError
from abstracta.server.tables import SessionRow, UserRow, hash_token, utc_now

ARGON2_PARAMETERS = {"time_cost": 2, "memory_cost": 19 * 1024, "parallelism": 1, "hash_len": 32, "salt_len": 16}
"""Argon2id: 2 passes over 19 MiB, one lane (OWASP's first recommended setting); see docs/api.md."""
MIN_PASSWORD = 8
MAX_PASSWORD = 256
"""Password lengths, in characters; the upper bound keeps a hash's work bounded."""
USERNAME = re.compile(r"[A-Za-z0-9_-]{3,20}")
RESERVED = frozenset({
    "abstracta", "admin", "administrator", "anonymous", "anon", "api", "bot", "bots", "friend", "guest", "human",
    "me", "mod", "moderator", "null", "none", "nobody", "operator", "owner", "root", "server", "spectator",
    "staff", "support", "sysop", "system", "undefined", "you", *LEVELS,
})  # fmt: skip
"""Names nobody may take (compared in lower case): the server's own words, the seats' and the bot levels'."""
SESSION_DAYS = 30
"""A session unused this long ends; the cookie lives as long."""
SEEN_EVERY = timedelta(hours=1)
"""How stale a session's last-use time may get before a request writes it again."""
LOGIN_FAILED = "wrong username or password"
SESSION_RECHECK_SECONDS = 5.0
"""How long a session found in the database is trusted before a request reads it again."""


@dataclass(frozen=True)
class User:
    id: int
    username: str


@dataclass(frozen=True)
class SessionInfo:
    """A live session: whose it is and its CSRF token."""

    user: User
    csrf: str
    id_hash: str


class SessionCache:
    """Sessions read lately, by database and digest, shared by every :class:`Accounts` of this process
    (so the owner's commands run in it end sessions at once); entries older than ``seconds`` are not used."""

    LIMIT = 50_000
    """Entries kept at most: past it, stale ones are dropped (then, if need be, all)."""

    def __init__(self, seconds: float = SESSION_RECHECK_SECONDS) -> None:
        self.seconds = seconds
        self._entries: dict[tuple[str, str], tuple[float, SessionInfo]] = {}
        self._lock = threading.Lock()

    def get(self, url: str, digest: str) -> SessionInfo | None:
        found = self._entries.get((url, digest))
        if found is None or time.monotonic() - found[0] >= self.seconds:
            return None
        return found[1]

    def put(self, url: str, info: SessionInfo) -> None:
        now = time.monotonic()
        with self._lock:
            if len(self._entries) >= self.LIMIT:
                self._entries = {key: entry for key, entry in self._entries.items() if now - entry[0] < self.seconds}
                if len(self._entries) >= self.LIMIT:
                    self._entries = {}
            self._entries[(url, info.id_hash)] = (now, info)

    def forget(self, url: str, digest: str | None = None, user_id: int | None = None, keep: str | None = None) -> None:
        """Forget the session ``digest``, or every session of ``user_id`` but ``keep``."""
        with self._lock:
            if digest is not None:
                self._entries.pop((url, digest), None)
            if user_id is not None:
                for key in [key for key, (_, info) in self._entries.items()
                            if key[0] == url and info.user.id == user_id and key[1] != keep]:  # fmt: skip
                    del self._entries[key]


SESSIONS_READ = SessionCache()
"""This process's :class:`SessionCache`."""


def check_username(username: object) -> str:
    if not isinstance(username, str) or not USERNAME.fullmatch(username):
        raise ApiError(400, "a username is 3 to 20 characters: letters, digits, '_' and '-'")
    key = username.lower()
    if key in RESERVED or re.match(r"bot[_-]", key):
        raise ApiError(400, "this username is reserved; choose another")
    return username


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(400, f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def on_user_disabled(user_id: int, database: Database) -> None:
    """What goes with a disabled user beyond their sessions (which :meth:`Accounts.disable` ends in its own
    transaction): called by it right after, from ``abstracta user disable`` (the server's machine, a process of
    its own: hence the database rather than a running server's memory). Their games and ratings stay (their
    profile stays visible; leaderboards leave them out). Their open seeks go: the seeks' module removes them
    here (its rows, through ``database``)."""
    from abstracta.server.seeks import remove_seeks_of  # here: the seeks' module imports this one

    remove_seeks_of(user_id, database)


class LoginThrottle:
    """Failed log-ins per key ("user:<name>", "addr:<address>"): ``free`` failures, then a wait that
    doubles with each further failure (``base`` seconds first, at most ``cap``)."""

    def __init__(self, *, account_free: int = 5, address_free: int = 20, base: float = 1.0, cap: float = 900.0,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.free = {"user": account_free, "addr": address_free}
        self.base = base
        self.cap = cap
        self.clock = clock
        self._failures: dict[str, tuple[int, float]] = {}  # key -> (count, time of the last failure)
        self._lock = threading.Lock()

    def _wait(self, key: str, now: float) -> float:
        count, last = self._failures.get(key, (0, now))
        over = count - self.free[key.split(":", 1)[0]]
        if over <= 0:
            return 0.0
        return max(0.0, last + min(self.cap, self.base * 2 ** (over - 1)) - now)

    def check(self, *keys: str) -> None:
        """429 with ``Retry-After`` while any key must wait."""
        now = self.clock()
        with self._lock:
            wait = max(self._wait(key, now) for key in keys)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise ApiError(429, f"too many failed log-ins: try again in {seconds} s", {"Retry-After": str(seconds)})

    def failed(self, *keys: str) -> None:
        now = self.clock()
        with self._lock:
            if len(self._failures) > 100_000:  # forget keys quiet for longer than the longest wait
                self._failures = {k: v for k, v in self._failures.items() if now - v[1] < self.cap}
            for key in keys:
                count, last = self._failures.get(key, (0, now))
                if now - last > self.cap:  # quiet for long: start again
                    count = 0
                self._failures[key] = (count + 1, now)

    def succeeded(self, key: str) -> None:
        with self._lock:
            self._failures.pop(key, None)


class Accounts:
    """Users and sessions over the server's database (the tables of revision 0002)."""

    def __init__(self, database: Database, *, hasher: PasswordHasher | None = None,
                 throttle: LoginThrottle | None = None) -> None:  # fmt: skip
        self.database = database
        self.hasher = hasher or PasswordHasher(**ARGON2_PARAMETERS)
        self.throttle = throttle or LoginThrottle()
        # Unknown users are checked against this, so that they take as long as known ones.
        self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))

    # -- users -------------------------------------------------------------------
    def create(self, username: object, password: object) -> User:
        """A new account; 409 when the name is taken (in any case)."""
        name, secret = check_username(username), check_password(password)
        digest = self.hasher.hash(secret)

        def work(session: Session) -> User:
            row = UserRow(username=name, username_key=name.lower(), password_hash=digest, disabled=False)
            session.add(row)
            session.flush()
            return User(row.id, row.username)

        try:
            return self.database._write(work)
        except MoveConflict:  # the unique key: someone has that name
            raise ApiError(409, "this username is taken; choose another") from None

    def _find(self, username: str) -> UserRow | None:
        key = username.lower()
        return self.database._read(lambda session: session.scalars(select(UserRow).where(UserRow.username_key == key)).first())

    def find(self, username: str) -> User | None:
        row = self._find(username) if isinstance(username, str) else None
        return User(row.id, row.username) if row is not None else None

    def standing(self, username: str) -> tuple[User, bool] | None:
        """The user of this name (any case) and whether they are disabled; ``None`` when there is none."""
        row = self._find(username) if isinstance(username, str) and USERNAME.fullmatch(username) else None
        return (User(row.id, row.username), bool(row.disabled)) if row is not None else None

    def log_in(self, username: object, password: object, address: str) -> User:
        """The user, if the password is theirs and they are not disabled; 401 otherwise, the same for every cause."""
        name = username if isinstance(username, str) and len(username) <= 64 else ""
        keys = (f"user:{name.lower()}", f"addr:{address}")
        self.throttle.check(*keys)
        secret = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else None
        row = self._find(name) if USERNAME.fullmatch(name) else None
        usable = row is not None and not row.disabled and secret is not None
        try:
            self.hasher.verify(row.password_hash if usable else self._dummy_hash, secret or "")
            matched = usable
        except (VerificationError, VerifyMismatchError, InvalidHashError):
            matched = False
        if not matched:
            self.throttle.failed(*keys)
            raise ApiError(401, LOGIN_FAILED)
        self.throttle.succeeded(keys[0])
        if self.hasher.check_needs_rehash(row.password_hash):  # the parameters changed since it was made
            self._set_password(row.id, self.hasher.hash(secret))
        return User(row.id, row.username)

    def _set_password(self, user_id: int, digest: str) -> None:
        self.database._write(lambda session: session.execute(
            update(UserRow).where(UserRow.id == user_id).values(password_hash=digest)))  # fmt: skip

    def change_password(self, user: User, old: object, new: object, keep: str | None) -> None:
        """Needs the old password; every other session of the user ends (``keep``: the asking one's digest)."""
        secret = check_password(new)
        row = self._find(user.username)
        try:
            matched = row is not None and isinstance(old, str) and self.hasher.verify(row.password_hash, old)
        except (VerificationError, InvalidHashError):
            matched = False
        if not matched:
            raise ApiError(403, "the current password is wrong")
        digest = self.hasher.hash(secret)

        def work(session: Session) -> None:
            session.execute(update(UserRow).where(UserRow.id == user.id).values(password_hash=digest))
            session.execute(delete(SessionRow).where(SessionRow.user_id == user.id, SessionRow.id_hash != (keep or "")))

        self.database._write(work)
        SESSIONS_READ.forget(self.database.url, user_id=user.id, keep=keep)

    # -- the server owner's commands (abstracta user ...) ----------------------------
    def reset_password(self, username: str, password: object) -> User:
        """A new password for a user (who forgot theirs); their sessions end."""
        row = self._find(username)
        if row is None:
            raise ApiError(404, f"no user named {username}")
        digest = self.hasher.hash(check_password(password))

        def work(session: Session) -> None:
            session.execute(update(UserRow).where(UserRow.id == row.id).values(password_hash=digest))
            session.execute(delete(SessionRow).where(SessionRow.user_id == row.id))

        self.database._write(work)
        SESSIONS_READ.forget(self.database.url, user_id=row.id)
        return User(row.id, row.username)

    def disable(self, username: str) -> User:
        """The user can no longer log in and their sessions end; their games stay."""
        row = self._find(username)
        if row is None:
            raise ApiError(404, f"no user named {username}")

        def work(session: Session) -> None:
            session.execute(update(UserRow).where(UserRow.id == row.id).values(disabled=True))
            session.execute(delete(SessionRow).where(SessionRow.user_id == row.id))

        self.database._write(work)
        SESSIONS_READ.forget(self.database.url, user_id=row.id)
        on_user_disabled(row.id, self.database)
        return User(row.id, row.username)

    def count(self) -> int:
        return self.database._read(lambda session: session.scalar(select(func.count()).select_from(UserRow)) or 0)

    # -- sessions ----------------------------------------------------------------
    def open_session(self, user: User) -> tuple[str, str]:
        """A new session for ``user``: (its id, for the cookie; its CSRF token)."""
        session_id, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        row = SessionRow(id_hash=hash_token(session_id), user_id=user.id, csrf=csrf)
        self.database._write(lambda session: session.add(row))
        return session_id, csrf

    def session(self, session_id: str | None) -> SessionInfo | None:
        """The live session with this id (its user not disabled); ``None`` otherwise."""
        if not session_id or len(session_id) > 100:
            return None
        digest = hash_token(session_id)
        remembered = SESSIONS_READ.get(self.database.url, digest)
        if remembered is not None:
            return remembered

        def work(session: Session) -> tuple[SessionRow, UserRow] | None:
            found = session.execute(select(SessionRow, UserRow).join(UserRow, UserRow.id == SessionRow.user_id)
                                    .where(SessionRow.id_hash == digest)).first()  # fmt: skip
            return None if found is None else (found[0], found[1])

        found = self.database._read(work)
        if found is None or found[1].disabled:
            return None
        row, user = found
        now = utc_now()
        seen = row.seen if row.seen.tzinfo else row.seen.replace(tzinfo=now.tzinfo)
        if now - seen > timedelta(days=SESSION_DAYS):
            self.close_session(session_id)
            return None
        if now - seen > SEEN_EVERY:
            self.database._write(lambda session: session.execute(
                update(SessionRow).where(SessionRow.id_hash == digest).values(seen=now)))  # fmt: skip
        info = SessionInfo(User(user.id, user.username), row.csrf, digest)
        SESSIONS_READ.put(self.database.url, info)
        return info

    def remembered_session(self, session_id: str) -> SessionInfo | None:
        """The session if it was read lately (no database read, safe on the event loop); else ``None``:
        ask :meth:`session`."""
        if not session_id or len(session_id) > 100:
            return None
        return SESSIONS_READ.get(self.database.url, hash_token(session_id))

    def close_session(self, session_id: str | None) -> None:
        if session_id and len(session_id) <= 100:
            digest = hash_token(session_id)
            SESSIONS_READ.forget(self.database.url, digest)
            self.database._write(lambda session: session.execute(delete(SessionRow).where(SessionRow.id_hash == digest)))
            SESSIONS_READ.forget(self.database.url, digest)  # again: a request may have read it meanwhile
