"""A game's rules for players: the Markdown file its package ships (``Game.rules_text``).

One file a game, read three ways: the server renders it as the page ``/rules/<slug>``, the game
page's side panel shows its legend, and ``abstracta rules GAME`` prints it on the terminal. The
file follows a few conventions (``docs/web.md``, "Rules pages"):

- a section ``## How to play in one minute`` near the top;
- a section ``## Legend`` holding one table: what each piece or mark looks like, its name, what it does;
- fenced blocks whose info string starts with ``diagram``: their body is a position (the game's
  notation, or ``start`` and ``key=value`` options such as ``seed=1 setup=standard``), drawn by
  the game's own terminal picture; the rest of the info string is the caption.

Raw HTML in the file is never passed through (``html`` is off), so the page needs no sanitiser.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game
from abstracta.core.options import parse_option_pairs
from abstracta.core.terminal import Terminal

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

log = logging.getLogger(__name__)

ONE_MINUTE = "How to play in one minute"
LEGEND = "Legend"
DIAGRAM = "diagram"
DIAGRAM_SCREEN = Terminal(width=76, unicode=True)
"""The screen a diagram is drawn for: an 80-column terminal less the margins of a code block (``abstracta
rules``), with Unicode glyphs, without colour."""


class RulesTextError(ValueError):
    """A rules file that breaks its conventions (a diagram that is not a position): the game's bug."""


def markdown() -> "MarkdownIt":
    """The Markdown reader every view of the rules uses: CommonMark with tables, raw HTML off."""
    from markdown_it import MarkdownIt  # here: a terminal game imports this module, and reads rules only on 'help'

    return MarkdownIt("commonmark", {"html": False}).enable("table")


@functools.lru_cache(maxsize=64)
def rules_source(game: type[Game]) -> str | None:
    """The Markdown text of ``game``'s rules; ``None`` when it declares none or the file is missing."""
    if not game.rules_text:
        return None
    try:
        path = game.package_file(game.rules_text)
    except ValueError as error:  # a declaration that leaves the game's folder is the game's bug
        log.warning("%s", error)
        return None
    if not path.is_file():
        log.warning("%s declares its rules text as %r, which is not a file (%s)", game.slug, game.rules_text, path)
        return None
    return path.read_text(encoding="utf-8")


def diagram_caption(info: str) -> str | None:
    """The caption of a fenced block whose info string is ``info``; ``None`` when it is not a diagram."""
    word, _, caption = info.strip().partition(" ")
    return caption.strip() if word == DIAGRAM else None


def diagram(game: type[Game], body: str) -> str:
    """The position a diagram block names, drawn as plain text by the game's own terminal picture."""
    words = body.split()
    try:
        if words[:1] == ["start"]:
            options = parse_option_pairs(words[1:])
            seed = options.pop("seed", 0)
            instance = game(**options)
            state = instance.start(seed=seed)
        else:
            instance = game()
            state = instance.parse(body.strip())
    except Exception as error:  # any failure here is a broken rules file, named as such
        raise RulesTextError(f"{game.slug}: the diagram {body.strip()!r} is not a position: {error}") from error
    drawing = instance.terminal_picture().board(state, [], DIAGRAM_SCREEN, hints=False)
    return "\n".join(line.rstrip() for line in drawing.plain().splitlines()).strip("\n")


@dataclass(frozen=True)
class Legend:
    """The legend table of a rules file: its column heads and rows, as plain text."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"head": list(self.head), "rows": [list(row) for row in self.rows]}


def _plain(token: "Token") -> str:
    """The text of an inline token, with code spans kept and every other mark dropped."""
    return "".join(child.content for child in token.children or [] if child.type in ("text", "code_inline"))


def _section_tokens(tokens: "list[Token]", title: str) -> "list[Token]":
    """The tokens of the level-2 section headed ``title``, up to the next heading of level 1 or 2."""
    inside, found = False, []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in ("h1", "h2"):
            inside = token.tag == "h2" and tokens[index + 1].content.strip() == title
            continue
        if inside:
            found.append(token)
    return found


@functools.lru_cache(maxsize=64)
def legend(game: type[Game]) -> Legend | None:
    """The first table of ``game``'s ``## Legend`` section; ``None`` when its rules have none."""
    source = rules_source(game)
    if source is None:
        return None
    head: list[str] = []
    rows: list[list[str]] = []
    in_head = False
    for token in _section_tokens(markdown().parse(source), LEGEND):
        if token.type == "thead_open":
            in_head = True
        elif token.type == "thead_close":
            in_head = False
        elif token.type == "tr_open" and not in_head:
            rows.append([])
        elif token.type == "inline" and (head or rows or in_head):
            (head if in_head else rows[-1]).append(_plain(token))
        elif token.type == "table_close":
            break
    return Legend(tuple(head), tuple(tuple(row) for row in rows)) if head else None


def with_diagrams_drawn(game: type[Game], source: str) -> str:
    """``source`` with each diagram block replaced by its drawing (a plain code block) and its caption
    (an italic line under it): the Markdown a reader without the server sees (``abstracta rules``)."""
    lines = source.splitlines()
    replaced: list[tuple[int, int, list[str]]] = []
    for token in markdown().parse(source):
        caption = diagram_caption(token.info) if token.type == "fence" else None
        if caption is None or token.map is None:
            continue
        drawn = ["```text", *diagram(game, token.content).splitlines(), "```"]
        replaced.append((token.map[0], token.map[1], drawn + ([f"*{caption}*"] if caption else [])))
    for start, end, new in reversed(replaced):
        lines[start:end] = new
    return "\n".join(lines) + "\n"


def legend_lines(game: type[Game]) -> list[str]:
    """The legend as the terminal reads it: what a mark looks like there (the table's second column),
    then the piece and what it does; ``[]`` when the rules have no legend."""
    table = legend(game)
    if table is None or len(table.head) < 3:
        return []
    return [f"  {row[1]}: " + ": ".join(cell for cell in row[2:] if cell) for row in table.rows if len(row) >= 3]


def rules_pointer(game: type[Game]) -> str:
    """Where the full rules of ``game`` are, for a terminal's help."""
    return f"Full rules: 'abstracta rules {game.slug}', or /rules/{game.slug} in the browser ('abstracta serve')."
