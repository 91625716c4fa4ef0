"""The browser module a game ships in its own package: its board.

A game declares it (``Game.board_module``: a path inside its package); it is served as
``/static/boards/<slug>.js``, and the catalog gives each game's address (or ``None``), which is
how the front end knows what to import. The client names only a slug: it must be a registered
game's, and the file is the one the game declared, so no path from a request ever reaches the file
system. Include :data:`router` before the ``/static`` mount, so that this route answers first.
(A game's rules are Markdown, rendered on the server: ``rules_pages.py``.)
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

import abstracta
from abstracta.core.api import Game
from abstracta.core.registry import SLUG, GameLoadError, game_class

log = logging.getLogger(__name__)

router = APIRouter(include_in_schema=False)


def board_url(game: type[Game]) -> Optional[str]:
    """Where the browser imports ``game``'s board module; ``None`` when it has none (the generic board)."""
    return f"/static/boards/{game.slug}.js" if game.board_module else None


def rules_url(game: type[Game]) -> Optional[str]:
    """The address of ``game``'s rules page when it ships its rules text; ``None`` when it has none
    (``/rules/<slug>`` then shows its description)."""
    return f"/rules/{game.slug}" if game.rules_text else None


def _declared_file(slug: str, what: str, declared: Callable[[type[Game]], Optional[str]]) -> FileResponse:
    """The file ``declared`` names for the game ``slug`` (its ``what``), or 404."""
    if not SLUG.fullmatch(slug) or slug not in abstracta.games():
        raise HTTPException(404, "no such game")
    try:
        game = game_class(slug)
    except GameLoadError:  # the catalog lists it with its error; it has nothing to serve
        raise HTTPException(404, f"{slug} does not load") from None
    relative = declared(game)
    if not relative:
        raise HTTPException(404, f"{slug} has no {what}")
    try:
        path = game.package_file(relative)
    except ValueError as error:  # a declaration that leaves the game's folder is the game's bug
        log.warning("%s", error)
        raise HTTPException(404, f"{slug} has no {what}") from None
    if not path.is_file():
        log.warning("%s declares its %s as %r, which is not a file (%s)", slug, what, relative, path)
        raise HTTPException(404, f"{slug} has no {what}")
    return FileResponse(path, media_type="text/javascript")


@router.get("/static/boards/{slug}.js")
def board_module(slug: str) -> FileResponse:
    return _declared_file(slug, "board module", lambda game: game.board_module)
