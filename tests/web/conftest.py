"""Browser tests: the real server on a free local port, driven by Debian's Chromium through Playwright.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (``.ci/run``
installs the ``chromium`` package when it is missing). Without it the browser tests are
skipped on a developer machine, and fail under CI (where ``CI`` is set).
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("ABSTRACTA_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from tests.server.conftest import make_app

    db = tmp_path_factory.mktemp("web") / "games.db"
    app = make_app(f"sqlite:///{db}", bot_pause=0.05)
    listener = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium package")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    # The server's Content-Security-Policy must not block anything the app itself does.
    opened.on("console", lambda message: errors.append(message.text)
              if "Content Security Policy" in message.text else None)  # fmt: skip
    opened.errors = errors
    yield opened
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
