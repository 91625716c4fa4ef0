"""The HTML of ``abstracta report --html`` opens in Chromium on its own: every plot inline, nothing fetched."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import run
from tests.web.conftest import SCREENSHOTS


def test_the_report_opens_offline_with_its_plots_drawn(browser, tmp_path: Path):
    html_path = tmp_path / "report.html"
    result = run("report", "strategic-reserve", "--bots", "random", "--games", "2", "-o", "reserve=1", "--seed", "1",
                 "--workers", "1", "--html", str(html_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    fetched: list[str] = []

    def refuse_the_network(route) -> None:  # the file itself may load; anything else would be an outside link
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            fetched.append(route.request.url)
            route.abort()

    context.route("**/*", refuse_the_network)
    page = context.new_page()
    page.goto(html_path.as_uri())
    widths = page.locator("img").evaluate_all("images => images.map(image => image.naturalWidth)")
    assert len(widths) >= 3 and all(width > 100 for width in widths), widths
    assert "designer's report" in page.locator("h1").inner_text()
    assert page.locator("text=Balance").count() >= 1
    SCREENSHOTS.mkdir(exist_ok=True)
    png = page.screenshot(full_page=True)
    (SCREENSHOTS / "report.png").write_bytes(png)
    assert len(png) > 10_000
    assert not fetched, fetched
    context.close()
