"""Screenshots for the docs, made by the app itself: one PNG per board (and the analysis graph, Quin on a phone).

Run with ``ABSTRACTA_SCREENSHOTS=1`` to write them into docs/screenshots/ (docs/web.md shows them);
without it the same pictures are taken and checked, and nothing is written.
"""

from __future__ import annotations

import os
import random
import struct
import zlib
from pathlib import Path

import pytest

import abstracta
from tests.web.test_analysis import finished_game
from tests.web.test_phone import PHONE, _on_screen, box_of, tap_at
from tests.web.test_trip_points import create, open_game, play, view

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WRITE = os.environ.get("ABSTRACTA_SCREENSHOTS") == "1"
WIDTH = 800
"""Width of each picture in pixels: the board's box on a 1190 px wide page."""
PLIES = {"laser-chess": 7, "reflec": 9, "strategic-reserve": 9, "desfases": 9, "quin": 34}
"""Random moves played first, so that each picture shows a game under way (Quin: past its setup)."""


def optimised(png: bytes) -> bytes:
    """The same image with its pixel data deflated at the highest level and ancillary chunks dropped."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, data, at = [], b"", 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, body = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IDAT":
            data += body
        elif kind in (b"IHDR", b"PLTE", b"tRNS", b"IEND"):
            chunks.append((kind, body))
    pixels = zlib.compress(zlib.decompress(data), 9)
    out = [png[:8]]
    for kind, body in chunks:
        if kind == b"IEND":
            out.append(_chunk(b"IDAT", pixels))
        out.append(_chunk(kind, body))
    return b"".join(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_size(png: bytes) -> tuple[int, int]:
    return struct.unpack(">II", png[16:24])


def keep(name: str, png: bytes) -> None:
    small = optimised(png)
    assert png_size(small) == png_size(png) and len(small) <= len(png)
    if WRITE:
        DOCS.mkdir(parents=True, exist_ok=True)
        (DOCS / name).write_bytes(small)


@pytest.fixture
def wide(browser):
    context = browser.new_context(viewport={"width": 1190, "height": 900}, device_scale_factor=1)
    opened = context.new_page()
    yield opened
    context.close()


@pytest.mark.parametrize("slug", abstracta.games())
def test_a_picture_of_each_board(wide, server_url, slug):
    game = abstracta.load(slug)
    seed = 21 if game.perfect_information else None
    game_id, tokens = create(wide, server_url, slug, ["me"] * game.num_players, seed=seed)
    rng = random.Random(21)
    for _ in range(PLIES.get(slug, 8)):
        current = view(wide, server_url, game_id)
        if current["over"]:
            break
        token = tokens[str(current["player"])]
        play(wide, server_url, game_id, token, rng.choice(view(wide, server_url, game_id, token)["moves"]))
    open_game(wide, server_url, game_id, tokens["0"])
    wide.wait_for_timeout(1500)  # let the last move's animation (beam, dice, fading pieces) finish
    png = wide.locator("#board").screenshot(animations="disabled")
    width, height = png_size(png)
    assert abs(width - WIDTH) <= 2 and 200 < height < 900
    keep(f"{slug}.png", png)


def test_a_picture_of_the_analysis(wide, server_url):
    game_id, tokens, _ = finished_game(wide, server_url, seed=9)
    open_game(wide, server_url, game_id, tokens["0"])
    wide.click("[data-testid=analyse]")
    wide.wait_for_function("() => document.getElementById('analysis').dataset.status === 'done'", timeout=60_000)
    png = wide.locator("[data-testid=analysis]").screenshot(animations="disabled")
    assert abs(png_size(png)[0] - WIDTH) <= 2
    keep("analysis.png", png)


def test_a_picture_of_quin_zoomed_on_a_phone(browser, server_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    phone = context.new_page()
    try:
        game_id, tokens = create(phone, server_url, "quin", ["me", "me"], {"setup": "standard"})
        open_game(phone, server_url, game_id, tokens["0"])
        box = box_of(phone.locator("#board svg"))
        phone.locator("#board svg").tap(position={"x": box["width"] / 2, "y": box["height"] * 0.8})
        phone.wait_for_function("() => document.getElementById('board').dataset.zoom === 'in'")
        pieces = phone.locator("#board .sq.selectable").evaluate_all("ns => ns.map((n) => n.dataset.sq)")
        tap_at(phone, next(sq for sq in pieces if _on_screen(phone, sq)))
        phone.locator("#board").blur()  # the tap focused the board: no focus ring in the picture
        top = box_of(phone.locator("[data-testid=status]"))
        bar = box_of(phone.locator("[data-testid=zoom-bar]"))
        clip = {"x": 0, "y": top["y"], "width": PHONE["width"], "height": bar["y"] + bar["height"] + 8 - top["y"]}
        png = phone.screenshot(animations="disabled", clip=clip)
        assert png_size(png)[0] == PHONE["width"]
        keep("quin-phone.png", png)
    finally:
        context.close()
