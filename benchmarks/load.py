"""Load test of the web app on loopback: many games at a human pace, bots, watchers, one saturating run.

The server runs in its own process (``abstracta.server.create_app`` on uvicorn, a fresh
SQLite file, the creation limit lifted for the test address); this process drives it:

* N human-vs-human Strategic Reserve games, each with a WebSocket watcher; each game
  posts a move every 2 s on average (exponential gaps), after a GET of the mover's view;
* 10 bot-vs-bot and 10 human-vs-bot games (bots at ``--level``, thinking in the server's
  worker processes, with the server's usual bot pause);
* ``--saturate``: instead, ``--games`` human games post moves back to back for the duration.

The driver speaks HTTP/1.1 itself (one keep-alive connection per game, :class:`LeanClient`):
a general client such as httpx costs several times the server's own CPU per request, and
on a 2-core machine the driver would then measure itself. It prints its own CPU share too.

After a 5 s warm-up (games opening, watchers connecting) it prints POST p50/p99, errors, stuck games (a bot game that did not move in the last
10 s, or a human-vs-bot move the bot never answered) and bot reply times (from the
human's POST to the push showing the human to move again, pause included).

    python benchmarks/load.py --games 10 100 200 400 --seconds 40
    python benchmarks/load.py --saturate --games 50 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

SERVE = """
import sys, uvicorn
from abstracta.server import create_app
from abstracta.server.hub import SocketLimits
# Every simulated client comes from 127.0.0.1: lift the per-address caps meant for the open internet.
app = create_app(sys.argv[1], creation_limit=(10**9, 60.0), bot_pause=float(sys.argv[2]),
                 socket_limits=SocketLimits(spectators_per_address=10**9))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[3]), log_level="warning", ws_max_size=65536)
"""


class Answer:
    """An HTTP answer: ``status_code``, ``content`` and ``json()``, like httpx's response."""

    def __init__(self, status_code: int, content: bytes, server_ms: float | None = None) -> None:
        self.status_code = status_code
        self.content = content
        self.server_ms = server_ms
        """The server's own handling time when it sent ``Server-Timing: app;dur=...`` (:data:`SERVER_TIMING`)."""

    def json(self):
        return json.loads(self.content)


class LeanClient:
    """One keep-alive HTTP/1.1 connection to the server, one request at a time (one per game task).

    Just enough HTTP for this server's JSON answers (Content-Length bodies); a dropped
    connection is opened again on the next request. Like a browser, it does not reuse a
    connection idle for longer than the server keeps it (uvicorn closes them after 5 s).
    """

    IDLE = 4.0
    """Seconds after which an idle connection is not reused: below uvicorn's keep-alive timeout."""

    def __init__(self, url: str) -> None:
        host_port = url.split("://", 1)[1]
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> Answer:
        if self.writer is not None and (time.monotonic() - self.used > self.IDLE or self.reader.at_eof()):
            self.close()
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"{method} {path} HTTP/1.1", f"host: {self.host}:{self.port}", f"content-length: {len(body)}"]
        if body:
            lines.append("content-type: application/json")
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        try:
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            head = await self.reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length, server_ms = 0, None
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"server-timing" and b"dur=" in value:
                    server_ms = float(value.split(b"dur=", 1)[1])
            content = await self.reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        self.used = time.monotonic()
        return Answer(status, content, server_ms)

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return await self.request("GET", path, headers=headers)

    async def post(self, path: str, json: dict, headers: dict[str, str] | None = None) -> Answer:  # noqa: A002
        return await self.request("POST", path, body=_dumps(json).encode(), headers=headers)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


_dumps = json.dumps
SERVER_TIMING = """
import time


class ServerTiming:
    \"\"\"ASGI wrapper: each HTTP answer says how long the app took, from the request's arrival to the answer's head.\"\"\"

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                took = f"app;dur={(time.perf_counter() - started) * 1000:.3f}".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"server-timing", took)]}
            await send(message)

        await self.app(scope, receive, timed)
"""
"""Source for the benchmarks' server processes (``exec``-ed there): the server's own time per request,
which excludes the time a request and its answer spent in the driver, the network and the kernel
(on a loaded 2-core machine, where the driver shares the cores, that time is most of a high p99)."""
HTTP_ERRORS = (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError)
"""What a dropped or garbled connection raises in :class:`LeanClient`."""


WARM_UP = 5.0
"""Seconds before the timing starts: the games are created (spread over the first half) and connected."""


@dataclass
class Figures:
    posts: list[float] = field(default_factory=list)  # seconds per POST of a human move
    errors: dict[str, int] = field(default_factory=dict)
    bot_replies: list[float] = field(default_factory=list)
    unanswered: int = 0
    pushes: int = 0
    measuring: bool = False  # POSTs are timed after the warm-up only

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def process_cpu_seconds(pid: int) -> float:
    """CPU time process ``pid`` has used so far (user + system), from /proc; NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Server:
    def __init__(self, bot_pause: float) -> None:
        self.folder = tempfile.mkdtemp(prefix="abstracta-load-")
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen([sys.executable, "-c", SERVE, f"sqlite:///{self.folder}/load.db",
                                         str(bot_pause), str(self.port)])  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)

    def cpu_seconds(self) -> float:
        """CPU time the server process has used so far (user + system), from /proc; NaN elsewhere."""
        return process_cpu_seconds(self.process.pid)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(20)


async def create(client: LeanClient, seats: list[str], figures: Figures) -> dict | None:
    response = await client.post("/api/games", json={"game": "strategic-reserve", "seats": seats})
    if response.status_code != 201:
        figures.error(f"create {response.status_code}")
        return None
    return response.json()


async def watch(url: str, game_id: str, token: str | None, figures: Figures, seen: dict, stop: asyncio.Event) -> None:
    """A watcher: counts pushes and keeps the latest ply/player in ``seen``; wakes waiters on each push."""
    address = url.replace("http", "ws") + f"/ws/games/{game_id}" + (f"?token={token}" if token else "")
    try:
        async with websockets.connect(address, max_size=2**20) as socket:
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(socket.recv(), 1.0)
                except asyncio.TimeoutError:
                    continue
                view = json.loads(message)
                if "error" in view:
                    figures.error("ws error")
                    return
                figures.pushes += 1
                seen.update(ply=view["ply"], player=view["player"], over=view["over"], at=time.monotonic())
                seen["event"].set()
    except (OSError, websockets.WebSocketException) as error:
        if not stop.is_set():
            figures.error(f"ws {type(error).__name__}")


async def wait_for_push(seen: dict, stop: asyncio.Event, done, patience: float = 30.0) -> bool | None:
    """Wait until ``done()`` holds after a push: True; False after ``patience`` s without it; None at the run's end."""
    deadline = time.monotonic() + patience
    while not done():
        if stop.is_set():
            return None
        if time.monotonic() > deadline:
            return False
        seen["event"].clear()
        try:
            await asyncio.wait_for(seen["event"].wait(), 0.5)
        except asyncio.TimeoutError:
            pass
    return True


async def human_game(url: str, seats: list[str], figures: Figures, stop: asyncio.Event,
                     rng: random.Random, pace: float | None) -> None:  # fmt: skip
    """Play the 'me' seats of one game after another until ``stop``; bots answer the others."""
    await asyncio.sleep(rng.uniform(0, WARM_UP / 2))  # games open over the warm-up, as people arrive
    client = LeanClient(url)
    while not stop.is_set():
        try:
            created = await create(client, seats, figures)
        except HTTP_ERRORS as error:
            figures.error(f"http {type(error).__name__}")
            client.close()
            created = None
        if created is None:
            await asyncio.sleep(1)
            continue
        game_id, tokens = created["id"], created["tokens"]
        seen = {"ply": 0, "player": None, "over": False, "at": time.monotonic(), "event": asyncio.Event()}
        watcher = asyncio.create_task(watch(url, game_id, None, figures, seen, stop))
        public = None
        try:
            while not stop.is_set():
                if pace:
                    await asyncio.sleep(rng.expovariate(1 / pace))
                if public is None:
                    view_answer = await client.get(f"/api/games/{game_id}")
                    if view_answer.status_code != 200:
                        figures.error(f"get {view_answer.status_code}")
                        continue
                    public = view_answer.json()
                if public["over"]:
                    break
                token = tokens.get(str(public["player"]))
                if token is None:  # a bot is to move: wait for its push
                    ply = public["ply"]
                    if await wait_for_push(seen, stop, lambda: seen["ply"] > ply or seen["over"]) is False:
                        figures.unanswered += 1
                    public = None
                    continue
                mine = (await client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})).json()
                public = None
                if not mine.get("moves"):
                    continue
                began = time.monotonic()
                response = await client.post(f"/api/games/{game_id}/moves", json={"move": rng.choice(mine["moves"]), "ply": mine["ply"]},
                                             headers={"Authorization": f"Bearer {token}"})  # fmt: skip
                if figures.measuring:
                    figures.posts.append(time.monotonic() - began)
                if response.status_code != 200:
                    figures.error(f"post {response.status_code}")
                    continue
                after = public = response.json()  # says who is to move next: no extra GET
                if not after["over"] and str(after["player"]) not in tokens and after["player"] >= 0:
                    public = None
                    # Human-vs-bot: time the bot's answer, pause included, from this POST to its push.
                    answered = await wait_for_push(
                        seen, stop, lambda: seen["over"] or seen["ply"] > after["ply"] and str(seen["player"]) in tokens)
                    if answered and figures.measuring:
                        figures.bot_replies.append(time.monotonic() - began)
                    elif answered is False:
                        figures.unanswered += 1
        except HTTP_ERRORS as error:
            figures.error(f"http {type(error).__name__}")
            client.close()
        finally:
            watcher.cancel()
    client.close()


async def bot_game(url: str, level: str, figures: Figures, stop: asyncio.Event) -> bool:
    """A bot-vs-bot game watched to the end of the run; True when it is stuck (no push in the last 10 s)."""
    client = LeanClient(url)
    try:
        created = await create(client, [f"bot:{level}", f"bot:{level}"], figures)
    except HTTP_ERRORS as error:
        figures.error(f"http {type(error).__name__}")
        return True
    finally:
        client.close()
    if created is None:
        return True
    seen = {"ply": 0, "player": None, "over": False, "at": time.monotonic(), "event": asyncio.Event()}
    await watch(url, created["id"], None, figures, seen, stop)
    return not seen["over"] and time.monotonic() - seen["at"] > 10


async def run(server: "Server", games: int, seconds: float, level: str, saturate: bool, seed: int,
              bot_games: int = 10) -> dict:  # fmt: skip
    url = server.url
    figures = Figures()
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(human_game(url, ["me", "me"], figures, stop, random.Random(rng.random()),
                                            None if saturate else 2.0)) for _ in range(games)]  # fmt: skip
    bots: list[asyncio.Task] = []
    if not saturate:
        tasks += [asyncio.create_task(human_game(url, ["me", f"bot:{level}"], figures, stop,
                                                 random.Random(rng.random()), 2.0)) for _ in range(bot_games)]  # fmt: skip
        bots = [asyncio.create_task(bot_game(url, level, figures, stop)) for _ in range(bot_games)]
    await asyncio.sleep(WARM_UP)
    figures.measuring = True
    began, cpu_began, driver_began = time.monotonic(), server.cpu_seconds(), time.process_time()
    await asyncio.sleep(seconds)
    stop.set()
    elapsed, cpu = time.monotonic() - began, server.cpu_seconds() - cpu_began
    driver_cpu = time.process_time() - driver_began
    await asyncio.gather(*tasks, return_exceptions=True)
    stuck = sum(1 for result in await asyncio.gather(*bots, return_exceptions=True) if result is not False)
    posts = figures.posts
    return {
        "games": games, "saturate": saturate, "seconds": round(elapsed, 1), "posts": len(posts),
        "posts_per_s": round(len(posts) / elapsed, 1),
        "post_p50_ms": round(1000 * percentile(posts, 0.5), 1), "post_p99_ms": round(1000 * percentile(posts, 0.99), 1),
        "errors": figures.errors, "stuck": stuck + figures.unanswered, "stuck_bot_games": stuck,
        "unanswered": figures.unanswered, "pushes": figures.pushes,
        "bot_reply_p50_s": round(percentile(figures.bot_replies, 0.5), 2),
        "bot_reply_p99_s": round(percentile(figures.bot_replies, 0.99), 2), "bot_replies": len(figures.bot_replies),
        # The server's own CPU per human move (its POST, the GET before it, the pushes after it, bot
        # moves in between): the cost of the work, whatever share of the machine the server got.
        "server_cpu_share": round(cpu / elapsed, 2), "server_cpu_ms_per_post": round(1000 * cpu / max(1, len(posts)), 2),
        "driver_cpu_share": round(driver_cpu / elapsed, 2),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10, 100], help="human games per run, one run each")
    parser.add_argument("--seconds", type=float, default=40, help="length of each run")
    parser.add_argument("--level", default="easy", help="bot level of the bot games (default: easy)")
    parser.add_argument("--bot-games", type=int, default=10,
                        help="bot-vs-bot games, and as many human-vs-bot games (default 10)")
    parser.add_argument("--bot-pause", type=float, default=0.6, help="the server's bot pause (default 0.6 s)")
    parser.add_argument("--saturate", action="store_true", help="moves back to back, no bots, no pace")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="append each run's figures to this JSON-lines file")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    print("| N | mode | POSTs | POST/s | p50 ms | p99 ms | errors | stuck | bot reply p50 / p99 s | server CPU share | CPU ms / POST | driver CPU share | load after |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    for games in args.games:
        server = Server(args.bot_pause)
        try:
            figures = asyncio.run(run(server, games, args.seconds, args.level, args.saturate, args.seed,
                                          args.bot_games))  # fmt: skip
        finally:
            server.stop()
        figures["load_after"] = round(os.getloadavg()[0], 2)
        errors = ", ".join(f"{k}: {v}" for k, v in figures["errors"].items()) or "0"
        print(f"| {games} | {'saturating' if args.saturate else 'human pace'} | {figures['posts']} | "
              f"{figures['posts_per_s']} | {figures['post_p50_ms']} | {figures['post_p99_ms']} | {errors} | "
              f"{figures['stuck']} | {figures['bot_reply_p50_s']} / {figures['bot_reply_p99_s']} "
              f"({figures['bot_replies']}) | {figures['server_cpu_share']} | {figures['server_cpu_ms_per_post']} | "
              f"{figures['driver_cpu_share']} | {figures['load_after']} |",
              flush=True)  # fmt: skip
        if args.json:
            with args.json.open("a") as out:
                out.write(json.dumps(figures) + "\n")


if __name__ == "__main__":
    main()
