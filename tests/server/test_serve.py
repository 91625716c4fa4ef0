"""The ``abstracta serve`` command: it starts, prints its address, answers, and refuses bad input in one line."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

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


SERVE = [sys.executable, "-c", "from abstracta.cli.main import main; main()", "serve"]


@contextmanager
def serving(tmp_path: Path, *args: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """``abstracta serve --port 0`` in its own process, with its data in ``tmp_path``; its address once it answers."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    process = subprocess.Popen([*SERVE, "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)  # fmt: skip
    try:
        line = process.stdout.readline()
        address = re.search(r"serving at (http://\S+/)", line)
        assert address, line + process.stderr.read()
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(address.group(1) + "healthz", timeout=2) as response:
                    assert json.load(response) == {"ok": True}
                    break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
        yield address.group(1), process
    finally:
        process.terminate()
        process.wait(10)


def post_json(url: str, body: dict, headers: dict[str, str] | None = None) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **(headers or {})})  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_serve_starts_prints_its_address_and_answers(tmp_path: Path):
    with serving(tmp_path) as (_, process):
        assert "database: sqlite:///" in process.stdout.readline()
        assert (tmp_path / "data" / "abstracta" / "abstracta.db").exists()  # the default: the user's data dir


def test_serve_closes_a_socket_that_sends_a_1_mb_frame_and_keeps_the_others(tmp_path: Path):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with serving(tmp_path) as (address, _):
        created = post_json(address + "api/games", {"game": "strategic-reserve", "seats": ["me", "me"]})
        socket_url = address.replace("http", "ws", 1) + f"ws/games/{created['id']}"
        with connect(socket_url, max_size=None) as flooder, connect(socket_url, max_size=None) as player:
            first = json.loads(flooder.recv(timeout=10))
            json.loads(player.recv(timeout=10))
            with pytest.raises(ConnectionClosed) as closed:
                flooder.send("x" * 1_000_000)
                flooder.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
            assert "frames are at most" not in closed.value.rcvd.reason  # uvicorn refused it, not the app
            player.send("ping")  # a short frame is welcome, and the socket still gets the moves
            seat = {"Authorization": f"Bearer {created['tokens']['0']}"}
            with urllib.request.urlopen(urllib.request.Request(address + f"api/games/{created['id']}", headers=seat),
                                        timeout=10) as response:  # fmt: skip
                move = json.load(response)["moves"][0]
            post_json(address + f"api/games/{created['id']}/moves", {"move": move}, seat)
            assert json.loads(player.recv(timeout=10))["ply"] == first["ply"] + 2  # the move and the roll


def without_root_powers() -> list[str]:
    """A command prefix under which file permissions hold for this process (root ignores them); skips if none."""
    if os.geteuid() != 0:
        return []
    capsh = shutil.which("capsh")
    if capsh is None:
        pytest.skip("running as root without capsh: a read-only file stays writable")
    return [capsh, "--drop=cap_dac_override,cap_dac_read_search", "--"]


def test_serve_refuses_a_database_with_a_read_only_shm_file_in_one_line(tmp_path: Path):
    """SQLite maps the -shm file; a read-only one used to leave a server that could not write (or died of
    SIGBUS). Now it is refused at start, naming the file."""
    from abstracta.server.store import Store

    database = tmp_path / "games.db"
    store = Store(f"sqlite:///{database}")
    shm = database.with_name("games.db-shm")
    kept = shm.read_bytes()  # SQLite removes it on the last close: put it back as a crash would leave it
    store.close()
    shm.write_bytes(kept)
    shm.chmod(0o444)
    prefix = without_root_powers()
    command = [*SERVE, "--port", "0", "--db", f"sqlite:///{database}"]
    if prefix:  # capsh runs a shell command line
        command = [*prefix, "-c", " ".join(shlex.quote(part) for part in command)]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("the server started on a database it cannot write")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the database"), result.stderr
    assert "games.db-shm" in lines[0] and "Permission denied" in lines[0]


def test_serve_upgrades_a_database_of_the_release_before_migrations_in_place_and_serves_its_games(tmp_path: Path):
    from tests.server.fixtures.legacy import LEGACY_DB, LEGACY_SNAPSHOT

    copy = tmp_path / "old.sqlite"
    shutil.copyfile(LEGACY_DB, copy)
    games = json.loads(LEGACY_SNAPSHOT.read_text())
    with serving(tmp_path, "--db", f"sqlite:///{copy}", "--behind-https") as (address, process):
        process.stdout.readline()
        assert "upgraded in place from the release before migrations" in process.stdout.readline()
        for entry in games.values():
            with urllib.request.urlopen(f"{address}api/games/{entry['id']}", timeout=10) as response:
                assert json.load(response)["ply"] == entry["snapshot"]["views"]["None"]["ply"]
        request = urllib.request.Request(f"{address}api/account/signup", method="POST",
                                         data=json.dumps({"username": "served", "password": "long enough"}).encode(),
                                         headers={"Content-Type": "application/json"})  # fmt: skip
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201 and "secure" in response.headers["set-cookie"].lower()
