"""Interfaces hold no per-game code: no module of an interface package names a game.

What an interface needs to know about one game is declared by the game (its adapters, e.g.
``Game.rl_adapter()``), so a new game works in every interface without touching one. This
reads each interface module's code (docstrings and help text aside: examples may name a game) and
fails on any identifier, import or string that names a registered game or its package.

``INTERFACES`` lists the packages that already keep to this; the others join as their
per-game code moves into the games. The browser front end's shared JavaScript (``WEB_CODE``) is
checked the same way, comments aside: each game's board module and rules text live in its package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import abstracta

SRC = Path(abstracta.__file__).parent
INTERFACES = ["bots", "cli", "core", "rl", "server"]
"""Packages under ``src/abstracta`` checked here: the interfaces, the bots they stand on and core (data flows
interfaces -> bots -> games -> core, so none of them may name a game)."""

WEB_CODE = ["web/js"]
"""Folders of the browser front end whose JavaScript is checked here (comments aside): a game's
board module and rules text live in its package (``games/<name>/``), never here."""


def _modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py"))


HELP_KEYWORDS = {"help", "description", "example", "examples"}
"""Keyword arguments and dict keys whose strings are help text (typer options, FastAPI parameters,
a pydantic model's ``json_schema_extra`` examples): examples allowed."""


def _is_string(statement: ast.stmt) -> bool:
    """Is ``statement`` a bare string (a docstring where it stands first or after an assignment)?"""
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def _help_text(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (module, classes, functions, attributes) or help text."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in HELP_KEYWORDS:
            found |= {id(inner) for inner in ast.walk(node.value) if isinstance(inner, ast.Constant)}
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value in HELP_KEYWORDS:
                    found |= {id(inner) for inner in ast.walk(value) if isinstance(inner, ast.Constant)}
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if _is_string(first):
                found.add(id(first.value))
        if isinstance(node, (ast.Module, ast.ClassDef)):  # attribute docstrings: a string right after an assignment
            for before, after in zip(node.body, node.body[1:]):
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and _is_string(after):
                    found.add(id(after.value))
    return found


def _words(identifier: str) -> list[str]:
    """``LaserChessActions`` / ``laser_chess_table`` -> ``['laser', 'chess', ...]``."""
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", identifier)]


def _names_game(words: list[str], game_words: list[str]) -> bool:
    n = len(game_words)
    return any(words[i:i + n] == game_words for i in range(len(words) - n + 1))


def game_mentions(source: str, slugs: list[str]) -> list[str]:
    """Where ``source`` names one of ``slugs`` in code: ``['line 12: identifier LaserChessActions', ...]``."""
    tree = ast.parse(source)
    skip = _help_text(tree)
    patterns = {slug: re.compile(rf"(?<![a-z0-9]){'[-_ ]?'.join(map(re.escape, slug.split('-')))}(?![a-z0-9])", re.I)
                for slug in slugs}
    found = []
    for node in ast.walk(tree):
        identifiers: list[str] = []
        if isinstance(node, ast.Name):
            identifiers = [node.id]
        elif isinstance(node, ast.Attribute):
            identifiers = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            identifiers = [node.name]
        elif isinstance(node, ast.arg):
            identifiers = [node.arg]
        elif isinstance(node, ast.alias):
            identifiers = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom) and node.module:
            identifiers = [node.module]
            if node.module.startswith("abstracta.games."):
                found.append(f"line {node.lineno}: imports {node.module}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: imports {a.name}"
                      for a in node.names if a.name.startswith("abstracta.games.")]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            found += [f"line {node.lineno}: string {node.value!r}"
                      for pattern in patterns.values() if pattern.search(node.value)]
        for identifier in identifiers:
            for part in identifier.split("."):
                words = _words(part)
                found += [f"line {getattr(node, 'lineno', '?')}: identifier {identifier}"
                          for slug in slugs if _names_game(words, slug.split("-"))]
    return found


JS_TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|(?P<string>'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)"""
                      r"|(?P<identifier>[A-Za-z_$][\w$]*)", re.S)
"""Comments (skipped), string and template literals, identifiers: enough of JavaScript's tokens
for this check (the front end writes no regular expression literal with a quote or ``//`` in it)."""


def js_game_mentions(source: str, slugs: list[str]) -> list[str]:
    """Where JavaScript ``source`` names one of ``slugs`` in code: ``['line 3: string "quin"', ...]``."""
    patterns = [re.compile(rf"(?<![a-z0-9]){'[-_ ]?'.join(map(re.escape, slug.split('-')))}(?![a-z0-9])", re.I)
                for slug in slugs]
    found = []
    for token in JS_TOKEN.finditer(source):
        line = source.count("\n", 0, token.start()) + 1
        if token["string"] and any(pattern.search(token["string"]) for pattern in patterns):
            found.append(f"line {line}: string {token['string']}")
        elif token["identifier"] and any(_names_game(_words(token["identifier"]), slug.split("-")) for slug in slugs):
            found.append(f"line {line}: identifier {token['identifier']}")
    return found


@pytest.mark.parametrize("module", [p for folder in WEB_CODE for p in sorted((SRC / folder).rglob("*.js"))],
                         ids=lambda p: str(p.relative_to(SRC)))
def test_front_end_module_names_no_game(module):
    mentions = js_game_mentions(module.read_text(encoding="utf-8"), abstracta.games())
    where = module.relative_to(SRC)
    assert not mentions, f"{where} names a game (put it in the game's package: its board module, terminal picture or rules text): {mentions}"


def test_the_front_end_holds_no_game_s_module():
    """Each game's board module and rules text are in its package: web/ keeps only what every game shares."""
    assert not (SRC / "web" / "boards").exists() and not (SRC / "web" / "rules").exists()


def test_the_js_check_sees_strings_and_identifiers_but_not_comments():
    source = '''// Quin's board is drawn by its own module; "laser-chess" in a comment is fine.
/* reflec, in a block comment */
const BOARDS = new Set(["strategic-reserve", `quin`]);
function drawLaserChess(view) { return view; }
const reflect = 1, url = "https://example.org//quin";
'''
    mentions = js_game_mentions(source, ["laser-chess", "reflec", "quin", "strategic-reserve"])
    assert mentions == ['line 3: string "strategic-reserve"', "line 3: string `quin`",
                        "line 4: identifier drawLaserChess", 'line 5: string "https://example.org//quin"']


@pytest.mark.parametrize("module", [p for package in INTERFACES for p in _modules(package)],
                         ids=lambda p: str(p.relative_to(SRC)))
def test_interface_module_names_no_game(module):
    mentions = game_mentions(module.read_text(encoding="utf-8"), abstracta.games())
    where = module.relative_to(SRC)
    assert not mentions, f"{where} names a game (declare it in the game's package instead): {mentions}"


def test_the_check_sees_identifiers_strings_and_imports_but_not_docstrings_or_help():
    slugs = ["laser-chess", "reflec", "quin"]
    source = '''
"""Examples name games freely: abstracta.load("quin")."""
from abstracta.games.reflec.rl import ReflecRL
TABLE = {"laser-chess": 1}
class QuinDeal: pass
laser_chess_limit = 3
def reflect(state): return state  # "reflect" is not "reflec"
option = typer.Option(..., help="Game to use, e.g. laser-chess.")
'''
    mentions = game_mentions(source, slugs)
    assert any("imports abstracta.games.reflec.rl" in m for m in mentions)
    assert any("'laser-chess'" in m for m in mentions)
    assert any("QuinDeal" in m for m in mentions)
    assert any("laser_chess_limit" in m for m in mentions)
    assert not any("reflect" in m and "ReflecRL" not in m and "reflec.rl" not in m for m in mentions)
    assert not any("load" in m or "Game to use" in m for m in mentions)
