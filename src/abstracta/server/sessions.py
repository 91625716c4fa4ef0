"""Sessions over HTTP: the cookie, the CSRF check and what a request is authenticated as.

The session cookie (:data:`SESSION_COOKIE`) is ``HttpOnly`` and ``SameSite=Lax``, and ``Secure`` when
the request came over HTTPS or the server runs ``--behind-https`` (an HTTPS proxy in front; then, and
only then, ``abstracta serve`` also lets uvicorn read ``X-Forwarded-Proto``/``-For`` from that proxy).

A request **authenticated by the cookie** that changes anything (any method but GET, HEAD and
OPTIONS) must carry the session's CSRF token in ``X-CSRF-Token``, or it is refused (403). A request
with ``Authorization: Bearer <seat token>`` is authenticated by the token alone: the cookie is not
read. Requests without a cookie cost nothing here (no database read).
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request, Response
from fastapi.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from abstracta.server.accounts import SESSION_DAYS, Accounts, SessionInfo, User
from abstracta.server.live import AccountSeat, ApiError, Credential
from abstracta.server.routes.common import bearer

SESSION_COOKIE = "abstracta_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_UNSET: Any = object()
_SCOPE_KEY = "abstracta.account_session"  # the session found for a request, kept in its ASGI scope


class Sessions:
    """What a request is authenticated as; ``behind_https``: every cookie is ``Secure``."""

    def __init__(self, accounts: Accounts, *, behind_https: bool = False) -> None:
        self.accounts = accounts
        self.behind_https = behind_https

    def current(self, connection: HTTPConnection) -> SessionInfo | None:
        """The request's live session, if its cookie names one (read once per request)."""
        found = connection.scope.get(_SCOPE_KEY, _UNSET)
        if found is _UNSET:
            cookie = connection.cookies.get(SESSION_COOKIE)
            found = self.accounts.session(cookie) if cookie else None
            connection.scope[_SCOPE_KEY] = found
        return found

    def user(self, request: Request, *, changing: bool | None = None) -> User | None:
        """The logged-in user, if any; a state-changing request without the right CSRF token is refused."""
        info = self.current(request)
        if info is None:
            return None
        if changing is None:
            changing = request.method not in SAFE_METHODS
        if changing:
            given = request.headers.get(CSRF_HEADER) or ""
            if not secrets.compare_digest(given.encode(), info.csrf.encode()):
                raise ApiError(403, f"a request made with the session cookie must send its CSRF token in the "
                                    f"'X-CSRF-Token' header (GET /api/account gives it)")  # fmt: skip
        return info.user

    def required(self, request: Request) -> SessionInfo:
        if self.user(request) is None:
            raise ApiError(401, "log in first")
        info = self.current(request)
        assert info is not None
        return info

    def credential(self, request: Request, *, required: bool = True) -> Credential | None:
        """A seat's Bearer token if sent; else the session's account (:class:`AccountSeat`); else ``None``.
        ``required=False``: a game where the account has no seat is seen as by a spectator."""
        token = bearer(request.headers.get("authorization"))
        if token is not None:
            return token
        user = self.user(request)
        return AccountSeat(user.id, required) if user is not None else None

    async def credential_async(self, request: Request, *, required: bool = True) -> Credential | None:
        """:meth:`credential` for the event loop: only a request whose session cookie was not read in
        the last seconds (:class:`~abstracta.server.accounts.SessionCache`) hops to a thread to read it."""
        if SESSION_COOKIE not in request.cookies or request.headers.get("authorization"):
            return self.credential(request, required=required)
        if _SCOPE_KEY not in request.scope:
            remembered = self.accounts.remembered_session(request.cookies[SESSION_COOKIE])
            if remembered is not None:
                request.scope[_SCOPE_KEY] = remembered
                return self.credential(request, required=required)
        return await run_in_threadpool(self.credential, request, required=required)

    def socket_credential(self, connection: HTTPConnection, token: str | None) -> Credential | None:
        """A WebSocket's: its ``token`` if given, else the session's account, for a page of this site only."""
        if token:
            return token
        info = self.current(connection) if same_origin(connection) else None
        return AccountSeat(info.user.id, required=False) if info is not None else None

    # -- the cookie ----------------------------------------------------------------
    def secure(self, request: Request) -> bool:
        return self.behind_https or request.url.scheme == "https"

    def set_cookie(self, response: Response, request: Request, session_id: str) -> None:
        response.set_cookie(SESSION_COOKIE, session_id, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                            samesite="lax", secure=self.secure(request))  # fmt: skip

    def clear_cookie(self, response: Response, request: Request) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=self.secure(request))


def same_origin(connection: HTTPConnection) -> bool:
    """No ``Origin`` header (not a browser's cross-site request), or one naming this very host."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == (connection.headers.get("host") or "").lower()
