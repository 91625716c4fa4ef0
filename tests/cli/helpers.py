"""Running the ``abstracta`` command in-process, and checks shared by the CLI tests."""

from __future__ import annotations

import signal
import subprocess

from typer.testing import CliRunner

from abstracta.cli.main import app

SQUARES = [f"{f}{r}" for f in "abcdef" for r in range(1, 7)]
"""Every Strategic Reserve square: fed in a cycle, each prompt ends at its first legal square."""


def run(*args: str, input: str | None = None):
    """Invoke the command line as a user would; never lets an exception escape silently."""
    result = CliRunner().invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def assert_one_line_error(result, *fragments: str) -> str:
    """Non-zero exit, exactly one ``error: ...`` line on stderr, no traceback anywhere."""
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert line.startswith("error: "), line
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


def square_feed(turns: int) -> str:
    """Input lines that make each of ``turns`` placements at the first legal square reached."""
    return "\n".join(SQUARES * turns) + "\n"


def start_detached(command: list[str], sigint) -> subprocess.Popen:
    """``command`` in a session of its own with the given SIGINT disposition: SIG_DFL as under a
    terminal (a test run in the background inherits an ignored SIGINT), SIG_IGN as for a run
    started in the background from a script."""
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))
