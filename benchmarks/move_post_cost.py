"""The server's own cost of one move POST made with a session cookie, in process (not a test).

The app (``create_app`` over a fresh SQLite file) is driven by plain ASGI calls on one event loop, with
no HTTP client, socket or second process: what is timed is the app's handling of
``POST /api/games/{id}/moves`` (cookie + ``X-CSRF-Token``) from the request's first byte to its last
answer byte, the database's group commit included. ``--games`` rated games between pairs of accounts
are played in turns, each turn a GET of the mover's view then the POST; a game that ends is replaced.
It prints the POST's mean, p50 and p99 (and the GET's), or with ``--profile`` cProfile's heaviest
functions over the POSTs.

Because one process runs alone on the loop, a busy machine slows it far less than a load test; to
compare two versions of the code on the same machine at the same moment, ``--compare OTHER_SRC`` runs
this script under ``OTHER_SRC`` (another checkout's ``src``) and under this checkout's, alternately
``--rounds`` times, and prints each round and the medians.

    PYTHONPATH=src python benchmarks/move_post_cost.py --games 20 --moves 2000
    PYTHONPATH=src python benchmarks/move_post_cost.py --profile
    PYTHONPATH=src python benchmarks/move_post_cost.py --compare /tmp/before/src --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

PASSWORD = "benchmark password"
OPTIONS = {"reserve": 6}


class Asgi:
    """Requests straight into an ASGI app: ``(status, headers, body)`` and the seconds the app took."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None):
        raw = json.dumps(body).encode() if body is not None else b""
        sent = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
        sent += [(b"host", b"bench"), (b"content-length", str(len(raw)).encode())]
        if raw:
            sent.append((b"content-type", b"application/json"))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
                 "path": path, "raw_path": path.encode(), "query_string": b"", "headers": sent,
                 "client": ("127.0.0.1", 5000), "server": ("bench", 80), "root_path": ""}  # fmt: skip
        answer: dict[str, Any] = {"body": b""}
        given = False

        async def receive() -> dict[str, Any]:
            nonlocal given
            if given:
                await asyncio.Event().wait()  # the request is whole: wait until the app is done
            given = True
            return {"type": "http.request", "body": raw, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"], answer["headers"] = message["status"], message.get("headers", [])
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")

        started = time.perf_counter()
        await self.app(scope, receive, send)
        took = time.perf_counter() - started
        return answer["status"], answer["headers"], answer["body"], took


class Account:
    def __init__(self, name: str) -> None:
        self.name = name
        self.cookie = ""
        self.csrf = ""

    def headers(self, changing: bool = False) -> dict[str, str]:
        sent = {"cookie": self.cookie}
        if changing:
            sent["x-csrf-token"] = self.csrf
        return sent


async def sign_up(client: Asgi, account: Account) -> None:
    status, headers, body, _ = await client.request("POST", "/api/account/signup", {"username": account.name, "password": PASSWORD})
    assert status == 201, body
    for name, value in headers:
        if name == b"set-cookie":
            account.cookie = "; ".join(f"{k}={m.value}" for k, m in SimpleCookie(value.decode()).items())
    account.csrf = json.loads(body)["csrf"]


async def new_game(client: Asgi, first: Account, second: Account) -> str:
    status, _, body, _ = await client.request("POST", "/api/games", {"game": "strategic-reserve", "options": OPTIONS,
                                              "seats": ["me", "friend"], "rated": True}, first.headers(True))  # fmt: skip
    assert status == 201, body
    made = json.loads(body)
    status, _, body, _ = await client.request("POST", f"/api/invites/{made['invites']['1']}", None, second.headers(True))
    assert status == 200, body
    return made["id"]


async def measure(games: int, moves: int, profile: bool, seed: int) -> dict[str, Any]:
    from abstracta.server import create_app

    folder = tempfile.mkdtemp(prefix="abstracta-post-cost-")
    app = create_app(f"sqlite:///{folder}/cost.db", creation_limit=(10**9, 60.0), signup_limit=(10**9, 60.0))
    client = Asgi(app)
    lifespan_in: asyncio.Queue = asyncio.Queue()
    lifespan_out: asyncio.Queue = asyncio.Queue()
    running = asyncio.ensure_future(app({"type": "lifespan", "asgi": {"version": "3.0"}}, lifespan_in.get, lifespan_out.put))
    await lifespan_in.put({"type": "lifespan.startup"})
    assert (await lifespan_out.get())["type"] == "lifespan.startup.complete"
    rng = random.Random(seed)
    pairs = []
    for number in range(games):
        first, second = Account(f"bench{number}a"), Account(f"bench{number}b")
        await sign_up(client, first)
        await sign_up(client, second)
        pairs.append([first, second, await new_game(client, first, second)])
    posts: list[float] = []
    gets: list[float] = []
    profiler = cProfile.Profile() if profile else None
    warm_up = min(200, moves // 10)
    turn = 0
    while len(posts) < moves + warm_up:
        pair = pairs[turn % games]
        turn += 1
        seats = pair[:2]
        _, _, body, _ = await client.request("GET", f"/api/games/{pair[2]}", None, seats[0].headers())
        view = json.loads(body)
        if view["over"]:
            pair[2] = await new_game(client, seats[0], seats[1])
            continue
        mover = seats[view["player"]] if view["player"] is not None and view["player"] >= 0 else None
        if mover is None:
            continue
        _, _, body, took_get = await client.request("GET", f"/api/games/{pair[2]}", None, mover.headers())
        mine = json.loads(body)
        move = {"move": rng.choice(mine["moves"]), "ply": mine["ply"]}
        if profiler:
            profiler.enable()
        status, _, body, took = await client.request("POST", f"/api/games/{pair[2]}/moves", move, mover.headers(True))
        if profiler:
            profiler.disable()
        assert status == 200, body
        posts.append(took)
        gets.append(took_get)
    await lifespan_in.put({"type": "lifespan.shutdown"})
    await lifespan_out.get()
    await running
    posts, gets = posts[warm_up:], gets[warm_up:]
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)
    return {"posts": len(posts), "post_mean_ms": statistics.mean(posts) * 1000,
            "post_p50_ms": statistics.median(posts) * 1000, "post_p99_ms": sorted(posts)[int(0.99 * len(posts))] * 1000,
            "get_mean_ms": statistics.mean(gets) * 1000}  # fmt: skip


def compare(other_src: str, rounds: int, games: int, moves: int) -> None:
    here = str(Path(__file__).resolve().parent.parent / "src")
    results: dict[str, list[dict[str, Any]]] = {"other": [], "this": []}
    for number in range(rounds):
        for label, src in (("other", other_src), ("this", here)) if number % 2 == 0 else (("this", here), ("other", other_src)):
            env = {**os.environ, "PYTHONPATH": src}
            out = subprocess.run([sys.executable, __file__, "--games", str(games), "--moves", str(moves), "--json"],
                                 env=env, capture_output=True, text=True, check=True).stdout  # fmt: skip
            got = json.loads(out.strip().splitlines()[-1])
            results[label].append(got)
            print(f"round {number + 1} {label:5s} POST mean {got['post_mean_ms']:.2f} ms, p50 {got['post_p50_ms']:.2f}, "
                  f"p99 {got['post_p99_ms']:.2f}; GET mean {got['get_mean_ms']:.2f} ms", flush=True)  # fmt: skip
    for label in ("other", "this"):
        rows = results[label]
        print(f"median of {rounds} rounds, {label:5s} ({other_src if label == 'other' else here}): POST mean "
              f"{statistics.median(r['post_mean_ms'] for r in rows):.2f} ms, p50 {statistics.median(r['post_p50_ms'] for r in rows):.2f}, "
              f"p99 {statistics.median(r['post_p99_ms'] for r in rows):.2f}; GET mean "
              f"{statistics.median(r['get_mean_ms'] for r in rows):.2f} ms")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="rated games played in turns (default 20)")
    parser.add_argument("--moves", type=int, default=1500, help="POSTs timed, after a warm-up (default 1500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print cProfile's heaviest functions over the POSTs")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    parser.add_argument("--compare", metavar="OTHER_SRC", help="alternate runs under OTHER_SRC and this checkout's src")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of --compare (default 5)")
    args = parser.parse_args()
    if args.games < 1 or args.moves < 10 or args.rounds < 1:
        parser.error("--games 1 or more, --moves 10 or more, --rounds 1 or more")
    if args.compare:
        compare(args.compare, args.rounds, args.games, args.moves)
        return
    import logging

    logging.disable(logging.WARNING)
    got = asyncio.run(measure(args.games, args.moves, args.profile, args.seed))
    if args.json:
        print(json.dumps(got))
    else:
        print(f"{got['posts']} POSTs: mean {got['post_mean_ms']:.2f} ms, p50 {got['post_p50_ms']:.2f} ms, "
              f"p99 {got['post_p99_ms']:.2f} ms; GET mean {got['get_mean_ms']:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
