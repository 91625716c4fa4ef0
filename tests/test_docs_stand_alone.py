"""The repository stands alone: its code and docs cite only files it holds.

The API contract is ``docs/api.md``, each game is explained in ``docs/games/<slug>.md`` and
specified in ``docs/rules/<slug>.md`` (whose sections the code cites as §n). Nothing may point
at the folder of outside material the project was started from, and every ``docs/...md`` named
in the code, the tests or the docs, and every relative link of a Markdown page, must exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = [ROOT / "src", ROOT / "tests", ROOT / "docs", ROOT / "benchmarks", ROOT / "examples", ROOT / "README.md"]
TEXT_SUFFIXES = {".py", ".md", ".txt", ".js", ".html", ".css", ".toml", ".json", ".cfg", ".ini", ".yml", ".yaml"}

OUTSIDE = re.compile("shared" + r"/(API\.md|STYLE\.md|rules/|seeds/|hooks/)|\.\./" + "shared")
"""The outside material (built from pieces, so that this file does not cite it either)."""
NAMED_DOC = re.compile(r"(?<![\w/.-])docs/(?:[\w-]+/)*[\w-]+\.md\b")
"""A page of the docs named by its path from the repository root (templates like ``docs/games/<slug>.md`` aside)."""
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+)(#[^)\s]*)?\)")


def _files() -> list[Path]:
    found = []
    for place in CHECKED:
        if place.is_file():
            found.append(place)
        elif place.is_dir():
            found += [path for path in sorted(place.rglob("*")) if path.is_file() and path.suffix in TEXT_SUFFIXES
                      and "__pycache__" not in path.parts]  # fmt: skip
    return found


FILES = _files()


def _lines(path: Path):
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        yield f"{path.relative_to(ROOT)}:{number}", line


def test_nothing_cites_the_outside_material():
    found = [f"{where}: {line.strip()}" for path in FILES for where, line in _lines(path) if OUTSIDE.search(line)]
    assert found == []


def test_every_docs_page_named_exists():
    missing = [f"{where}: {name}" for path in FILES for where, line in _lines(path)
               for name in NAMED_DOC.findall(line) if not (ROOT / name).is_file()]  # fmt: skip
    assert missing == []


PAGES = [path for path in FILES if path.suffix == ".md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_of_a_page_resolves(page):
    broken = [f"{where}: {target}" for where, line in _lines(page) for target, _ in MARKDOWN_LINK.findall(line)
              if "://" not in target and not target.startswith("mailto:")
              and not (page.parent / target).exists()]  # fmt: skip
    assert broken == []


def test_the_checks_recognise_what_they_look_for():
    assert OUTSIDE.search("see " + "shared" + "/API.md") and OUTSIDE.search("../" + "shared" + "/x")
    assert not OUTSIDE.search("a shared first place; js/shared/board.js")
    assert NAMED_DOC.findall("``docs/rules/quin.md`` §4, docs/games/<slug>.md") == ["docs/rules/quin.md"]
    assert MARKDOWN_LINK.findall("[rules](../rules/quin.md#4-setup) [web](https://x.org)") == [
        ("../rules/quin.md", "#4-setup"), ("https://x.org", "")]  # fmt: skip
