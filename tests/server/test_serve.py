"""The ``abstracta serve`` command: it starts, prints its address, answers, and refuses bad input in one line."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.cli.helpers import assert_one_line_error, run


def test_serve_has_help():
    result = run("serve", "--help")
    assert result.exit_code == 0 and "--db" in result.output and "SQLAlchemy" in result.output


def test_serve_refuses_a_bad_port_a_busy_port_and_a_bad_database(tmp_path):
    assert_one_line_error(run("serve", "--port", "70000"), "--port")
    assert_one_line_error(run("serve", "--bot-pause", "-1"), "--bot-pause")
    assert_one_line_error(run("serve", "--bot-workers", "0"), "--bot-workers")
    assert_one_line_error(run("serve", "--db", "sqlite:///file:x.db?mode=ro&uri=true"), "plain path")
    assert_one_line_error(run("serve", "--db", "nosuchdriver://x"), "cannot open the database")
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = str(busy.getsockname()[1])
        assert_one_line_error(run("serve", "--port", port, "--db", f"sqlite:///{tmp_path / 'a.db'}"), "cannot listen")


def test_serve_starts_prints_its_address_and_answers(tmp_path: Path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    process = subprocess.Popen(
        [sys.executable, "-c", "from abstracta.cli.main import main; main()", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        address = re.search(r"serving at (http://\S+/)", line)
        assert address, line
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(address.group(1) + "healthz", timeout=2) as response:
                    assert json.load(response) == {"ok": True}
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
        assert "database: sqlite:///" in process.stdout.readline()
        assert (tmp_path / "data" / "abstracta" / "abstracta.db").exists()  # the default: the user's data dir
    finally:
        process.terminate()
        process.wait(10)
