"""The rules pages, rendered on the server from each game's rules text (``games/<name>/rules.md``).

Every game's page reads without JavaScript: the one-minute summary first, the full rules with
their headings, at least one diagram drawn by the game's own terminal picture, and the legend the
catalog also gives the game page. Every link on a page resolves; an unknown game gets a plain 404
page; raw HTML in a rules file never reaches the page.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

import abstracta
from abstracta.core import registry
from abstracta.core.rules_text import DIAGRAM_SCREEN, ONE_MINUTE, diagram_caption, legend, markdown, rules_source
from tests.server.conftest import make_client
from tests.server.hidden_game import PlainCard

GAMES = [slug for slug in abstracta.games() if registry.game_class(slug).rules_text]
"""The games that ship rules: every built-in one (below); the test-only games show their description."""


def test_every_built_in_game_ships_its_rules_text():
    built_in = [slug for slug in abstracta.games() if registry.game_class(slug).__module__.startswith("abstracta.games.")]
    assert len(built_in) >= 5 and set(built_in) <= set(GAMES)
    for slug in built_in:
        assert rules_source(registry.game_class(slug)) is not None, slug


class Page(HTMLParser):
    """What the tests read of a page: links, ids, section titles, diagrams, the legend table's rows."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.h2: list[str] = []
        self.diagrams: list[str] = []
        self.legend_rows = 0
        self._tags: list[str] = []
        self._section = ""
        self._text: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self._tags.append(tag)
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append(attrs[name])
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "section":
            self._section = attrs.get("data-section", "")
        if tag in ("h2", "pre"):
            self._text = []
        if tag == "tr" and self._section == "legend" and "tbody" in self._tags:
            self.legend_rows += 1

    def handle_endtag(self, tag):
        while self._tags and self._tags.pop() != tag:
            pass
        if tag == "h2" and self._text is not None:
            self.h2.append("".join(self._text).strip())
        if tag == "pre" and self._text is not None:
            self.diagrams.append("".join(self._text))
        if tag in ("h2", "pre"):
            self._text = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """One app for the module: the rules pages read no database, so one SQLite file serves them all."""
    with make_client(f"sqlite:///{tmp_path_factory.mktemp('rules') / 'games.db'}") as test_client:
        yield test_client


@pytest.fixture(scope="module")
def pages(client):
    return {slug: client.get(f"/rules/{slug}") for slug in GAMES}


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_s_rules_page_has_the_summary_the_rules_diagrams_and_the_legend(pages, slug):
    answer = pages[slug]
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert "<script" not in answer.text  # it reads without JavaScript
    page = Page(answer.text)
    assert page.h2[0] == ONE_MINUTE and "Legend" in page.h2 and len(page.h2) >= 5, page.h2
    game = registry.game_class(slug)
    # each diagram is the game's own terminal picture of the position the rules file names
    blocks = [t for t in markdown().parse(rules_source(game)) if t.type == "fence" and diagram_caption(t.info) is not None]
    assert blocks and len(page.diagrams) == len(blocks)
    for block, drawn in zip(blocks, page.diagrams):
        words = block.content.split()
        state = game(**dict(w.split("=") for w in words[1:])).start(seed=0) if words[0] == "start" \
            else game().parse(block.content.strip())  # fmt: skip
        picture = game().terminal_picture().board(state, [], DIAGRAM_SCREEN, hints=False).plain()
        assert [line.rstrip() for line in drawn.strip("\n").splitlines()] == [line.rstrip() for line in picture.strip("\n").splitlines()]
    assert page.legend_rows == len(legend(game).rows) >= 3


@pytest.mark.parametrize("slug", GAMES)
def test_every_link_on_a_rules_page_resolves(client, pages, slug):
    page = Page(pages[slug].text)
    assert f"/rules/{slug}" in page.links and "/" in page.links
    for link in set(page.links):
        parts = urlsplit(link)
        if link.startswith("#"):
            assert link[1:] in page.ids, link
        elif parts.scheme == "data":
            continue
        else:
            assert not parts.scheme and link.startswith("/"), link  # nothing leaves the site
            assert client.get(link).status_code == 200, link


def test_the_catalog_gives_the_game_page_the_rules_legend(client):
    for entry in client.get("/api/catalog").json():
        if entry["game"] not in GAMES:
            continue
        game = registry.game_class(entry["game"])
        assert entry["rules"] == f"/rules/{entry['game']}"
        assert entry["legend"]["head"][:2] == ["On the board", "In the terminal"]
        assert entry["legend"]["rows"] == [list(row) for row in legend(game).rows]


def test_quin_says_plainly_which_parts_are_reconstructed(pages):
    text = pages["quin"].text
    page = Page(text)
    assert page.h2[1] == "This game is a reconstruction"
    section = text.split('data-section="this-game-is-a-reconstruction"')[1].split("</section>")[0]
    for part in ("ours, not the publisher", "the board", "setups", "the order in which a flash is settled",
                 "draw rules", "notation"):  # fmt: skip
        assert part in section, part
    assert text.count("<em>reconstructed</em>") >= 4  # and each rule that is ours says so where it stands


def test_the_index_lists_every_game(client):
    answer = client.get("/rules")
    assert answer.status_code == 200
    page = Page(answer.text)
    assert all(f"/rules/{slug}" in page.links for slug in GAMES)


@pytest.mark.parametrize("slug", ["nope", "Quin", "..%2F..%2Fserver", "%3Cscript%3E"])
def test_an_unknown_game_gets_a_plain_not_found_page(client, slug):
    answer = client.get(f"/rules/{slug}")
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/html")
    assert "Not found" in answer.text and "Traceback" not in answer.text and "<script>" not in answer.text
    assert 'href="/rules"' in answer.text


class HostileRules(PlainCard):
    """A card game whose rules file holds raw HTML.
    Nothing of it may reach the page as markup."""

    slug = "hostile-rules"
    title = "Hostile Rules"
    rules_text = "fixtures/hostile_rules.md"


@pytest.fixture
def hostile():
    registry.register(HostileRules)
    yield
    registry.unregister(HostileRules.slug)


def test_raw_html_in_a_rules_file_is_text_not_markup(client, hostile):
    answer = client.get("/rules/hostile-rules")
    assert answer.status_code == 200
    for markup in ("<script>alert", "<b>bold", "<i>card", "<img src=x", 'href="javascript:'):
        assert markup not in answer.text, markup
    assert "&lt;script&gt;" in answer.text and "&lt;img src=x" in answer.text
    assert Page(answer.text).diagrams  # the generic picture draws the test game's start
    legend_rows = client.get("/api/catalog").json()
    assert next(e for e in legend_rows if e["game"] == "hostile-rules")["legend"]["rows"] == [
        ["<i>card</i>", "C", "Card", "is played"]]  # plain text: the page escapes it where it shows
