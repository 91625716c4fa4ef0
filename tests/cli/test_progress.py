"""Progress of long runs in a log file: a plain line each tenth of the work, and at least once a minute."""

from __future__ import annotations

import io

from rich.console import Console

from abstracta.cli.common import LineProgress, progress_bar


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def progress_lines(total: int, seconds_per_item: float) -> list[str]:
    out, clock = io.StringIO(), Clock()
    with LineProgress(Console(file=out, width=200), "games", clock=clock) as progress:
        task = progress.add_task("playing", total=total)
        for _ in range(total):
            clock.now += seconds_per_item
            progress.advance(task)
    return out.getvalue().splitlines()


def test_a_line_at_each_tenth_of_the_work():
    lines = progress_lines(100, seconds_per_item=0.1)
    assert len(lines) == 10
    assert lines[0] == "playing: 10/100 games (10%), 0:01 elapsed"
    assert lines[-1] == "playing: 100/100 games (100%), 0:10 elapsed"


def test_slow_work_still_reports_once_a_minute():
    # 1,000 items at 1 s each: a tenth every 100 s, and between two tenths the line a minute brings.
    lines = progress_lines(1000, seconds_per_item=1.0)
    stamps = [line.rsplit(", ", 1)[1] for line in lines]
    assert stamps[:4] == ["1:00 elapsed", "1:40 elapsed", "2:40 elapsed", "3:20 elapsed"]
    assert len(lines) == 20 and lines[-1] == "playing: 1000/1000 games (100%), 16:40 elapsed"


def test_quick_work_on_many_items_prints_no_more_than_ten_lines():
    assert len(progress_lines(10_000, seconds_per_item=0.001)) == 10


def test_a_terminal_gets_the_bar_and_a_file_the_lines(monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    assert not isinstance(progress_bar(), LineProgress)
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert isinstance(progress_bar(), LineProgress)
