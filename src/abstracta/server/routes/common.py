"""What several route modules share: the bearer token, read from the request or described for OpenAPI."""

from __future__ import annotations

from abstracta.server.live import ApiError


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; ``None`` when there is none."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must read 'Bearer <token>'")
    return token.strip()


TOKEN_HEADER = {"parameters": [{
    "name": "authorization", "in": "header", "required": False, "schema": {"type": "string"},
    "description": "'Bearer <token>' of a seat; without it you see what a spectator sees."}]}  # fmt: skip
"""The Authorization header in the OpenAPI description of the hot routes, which read it from the request
themselves: FastAPI's ``Header()`` parameter costs about 0.2 ms of CPU per request."""
