"""The rules pages, rendered on the server: ``/rules`` lists the games, ``/rules/<slug>`` is one game's
full rules, read from the Markdown its package ships (``core/rules_text.py``) and written as plain
HTML that needs no JavaScript. Diagrams are drawn by the game's own terminal picture; raw HTML in
the Markdown is not passed through and every other text is escaped, so the page needs no sanitiser.
"""

from __future__ import annotations

import logging
import re
from html import escape
from typing import Any, Sequence

from markdown_it.token import Token

import abstracta
from abstracta.core.api import Game
from abstracta.core.registry import SLUG, GameLoadError, game_class
from abstracta.core.rules_text import diagram, diagram_caption, markdown, rules_source
from abstracta.server.catalog import describe

log = logging.getLogger(__name__)

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · abstracta</title>
  <link rel="stylesheet" href="/static/style.css">
  <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23d9423b'/%3E%3C/svg%3E">
</head>
<body class="rules">
  <header class="top">
    <a class="brand" href="/">abstracta</a>
    <span class="tagline">rules</span>
  </header>
  <main>
    <nav class="rules-nav" data-testid="rules-nav">{nav}</nav>
    <article id="rules" class="rules-text" data-testid="rules">
{body}
    </article>
  </main>
</body>
</html>
"""


def _games() -> list[tuple[str, str]]:
    """Every registered game's slug and title (the slug where a game does not load)."""
    found = []
    for slug in abstracta.games():
        try:
            found.append((slug, game_class(slug).title))
        except GameLoadError:
            found.append((slug, slug))
    return found


def _nav(current: str) -> str:
    marked = ' class="current"'
    return "".join(f'<a href="/rules/{slug}"{marked if slug == current else ""}>{escape(title)}</a>'
                   for slug, title in _games())


def _page(title: str, body: str, current: str = "") -> str:
    return PAGE.format(title=escape(title), nav=_nav(current), body=body)


def index_page() -> str:
    """``/rules``: each game with the first line of its description."""
    items = []
    for slug, title in _games():
        try:
            line = describe(game_class(slug)).splitlines()[0]
        except GameLoadError:
            line = "This game does not load."
        items.append(f'<li><a href="/rules/{slug}">{escape(title)}</a>: {escape(line)}</li>')
    return _page("Rules", f"<h1>Rules</h1>\n<ul class=\"rules-index\" data-testid=\"rules-index-list\">{''.join(items)}</ul>")


def not_found_page(slug: str) -> str:
    """A plain page for a game that is not registered (or does not load): the list to pick from."""
    return _page("Not found", f"<h1>Not found</h1>\n<p data-testid=\"not-found\">There is no game called "
                              f"<code>{escape(slug)}</code> here. <a href=\"/rules\">All the games' rules</a>.</p>")


def game_page(slug: str) -> str | None:
    """``/rules/<slug>``: the game's full rules, or its description when it ships none; ``None``: no such game."""
    if not SLUG.fullmatch(slug) or slug not in abstracta.games():
        return None
    try:
        game = game_class(slug)
    except GameLoadError:
        return None
    source = rules_source(game)
    if source is None:
        body = (f"<h1>{escape(game.title)}</h1>\n"
                + "".join(f"<p>{escape(line)}</p>" for line in describe(game).splitlines()))  # fmt: skip
    else:
        body = render(game, source)
    body += '\n<p class="rules-play"><a href="/">Back to the lobby to play</a></p>'
    return _page(f"{game.title} rules", body, current=slug)


def anchor(title: str) -> str:
    """The id of a section headed ``title``: lower case words joined by hyphens (as GitHub makes them)."""
    return re.sub(r"[^\w]+", "-", title.lower()).strip("-")


def render(game: type[Game], source: str) -> str:
    """The Markdown ``source`` of ``game``'s rules as HTML: each level-2 section in a ``<section>`` with an
    id, a list of the sections after the title, and each diagram drawn by the game's terminal picture."""
    md = markdown()

    def fence(renderer: Any, tokens: Sequence[Token], index: int, options: Any, env: Any) -> str:
        token = tokens[index]
        caption = diagram_caption(token.info)
        if caption is None:
            return default_fence(tokens, index, options, env)
        drawing = escape(diagram(game, token.content))
        figcaption = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
        return f'<figure class="rules-diagram"><pre class="board-diagram">{drawing}</pre>{figcaption}</figure>\n'

    default_fence = md.renderer.rules["fence"]
    md.add_render_rule("fence", fence)
    tokens = md.parse(source)
    starts = [i for i, token in enumerate(tokens) if token.type == "heading_open" and token.tag == "h2"]
    titles = [tokens[i + 1].content.strip() for i in starts]
    for i, title in zip(starts, titles):
        tokens[i].attrSet("id", anchor(title))
    parts = [md.renderer.render(tokens[: starts[0] if starts else len(tokens)], md.options, {})]
    if titles:
        links = "".join(f'<li><a href="#{anchor(title)}">{escape(title)}</a></li>' for title in titles)
        parts.append(f'<nav class="rules-contents" aria-label="sections"><ol>{links}</ol></nav>\n')
    for start, end, title in zip(starts, starts[1:] + [len(tokens)], titles):
        inner = md.renderer.render(tokens[start:end], md.options, {})
        parts.append(f'<section class="rules-section" data-section="{anchor(title)}">\n{inner}</section>\n')
    return "".join(parts)
