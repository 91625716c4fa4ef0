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
from contextlib import contextmanager
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
    db = tmp_path_factory.mktemp("web") / "games.db"
    with _serving(f"sqlite:///{db}") as url:
        yield url


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """The server over a fresh PostgreSQL database (``ABSTRACTA_TEST_POSTGRES``, which ``.ci/run`` sets),
    for the browser tests that run on both databases (``params=SERVERS``)."""
    from tests.server.conftest import POSTGRES_URL, _fresh_postgres_database

    if not POSTGRES_URL:
        pytest.skip("ABSTRACTA_TEST_POSTGRES is not set")
    with _serving(_fresh_postgres_database(POSTGRES_URL)) as url:
        yield url


SERVERS = ["server_url"] + (["postgres_server_url"] if os.environ.get("ABSTRACTA_TEST_POSTGRES") else [])
"""The server fixtures a test runs against when it asks for ``any_server_url``: SQLite, and
PostgreSQL where CI provides one."""


@pytest.fixture(params=SERVERS)
def any_server_url(request: pytest.FixtureRequest) -> str:
    return request.getfixturevalue(request.param)


@contextmanager
def _serving(db_url: str) -> Iterator[str]:
    """The app over ``db_url`` on uvicorn, in a thread, on a free local port: its URL while in use."""
    import uvicorn

    from tests.server.conftest import make_app

    app = make_app(db_url, bot_pause=0.05)
    listener = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
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
