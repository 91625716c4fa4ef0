"""Accounts under load (not a test): sign-ups, log-ins, rated seeks turned into games, moves by cookie.

The server runs in its own process (``create_app`` on uvicorn over a fresh SQLite file, the default
Argon2id parameters, the per-address limits lifted: every simulated player comes from 127.0.0.1);
this process drives it over loopback:

1. ``--accounts`` sign-ups (``POST /api/account/signup``), 4 at a time;
2. every account logs in once, 4 at a time: log-in p50/p99 (one Argon2id verification each);
3. ``--games`` rated seeks, each created by one account whose lobby page (``/ws/lobby``) is open,
   accepted by another: seek-to-game latency, from the accept's POST to the creator's page being told
   ``{"started"}``; then ``--seeks`` more rated seeks stay open, their creators' pages open;
4. the games are played for ``--seconds``: each posts a move every 2 s on average (exponential gaps),
   a GET of the view with the mover's session cookie, then the POST with its CSRF token: POST and GET
   p50/p99 and errors, timed after a 5 s warm-up, with the CPU the server and this driver used
   meanwhile and the load average (what else ran on the machine: a busy machine delays the server's
   answers whatever its own cost, which ``benchmarks/move_post_cost.py`` measures alone). Each POST
   is timed twice: as this driver saw it (sent to answer read), and as the server handled it (its
   ``Server-Timing`` header, from the request's arrival in the app to the answer's head), which
   leaves out the time spent in this driver's loop, the kernel and the queue before the app.

    PYTHONPATH=src .venv/bin/python benchmarks/accounts_load.py                      # full size
    PYTHONPATH=src .venv/bin/python benchmarks/accounts_load.py --accounts 60 --games 20 --seeks 5 --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from load import HTTP_ERRORS, SERVER_TIMING, WARM_UP, LeanClient, percentile, process_cpu_seconds  # noqa: E402

SERVE = SERVER_TIMING + """
import sys, uvicorn
from abstracta.server import create_app
app = create_app(sys.argv[1], creation_limit=(10**9, 60.0), signup_limit=(10**9, 60.0), seek_limit=(10**9, 60.0),
                 seek_open_per_address=10**9)
uvicorn.run(ServerTiming(app), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=65536)
"""
PASSWORD = "benchmark password"


def start_server() -> tuple[subprocess.Popen, str]:
    folder = tempfile.mkdtemp(prefix="abstracta-accounts-")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-c", SERVE, f"sqlite:///{folder}/load.db", str(port)])
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit("the server did not start")
        time.sleep(0.2)


class Player:
    def __init__(self, url: str, name: str) -> None:
        self.name = name
        self.http = httpx.AsyncClient(base_url=url, timeout=60)
        self.csrf = ""

    def cookie(self) -> dict[str, str]:
        return {"cookie": "; ".join(f"{k}={v}" for k, v in self.http.cookies.items()), "x-csrf-token": self.csrf}


async def limited(count: int, jobs):
    gate = asyncio.Semaphore(count)

    async def one(job):
        async with gate:
            return await job

    return await asyncio.gather(*(one(job) for job in jobs))


async def account_phase(url: str, accounts: int) -> tuple[list[Player], list[float], list[float]]:
    players = [Player(url, f"load{i:05d}") for i in range(accounts)]

    async def sign_up(player: Player) -> float:
        started = time.perf_counter()
        answer = await player.http.post("/api/account/signup", json={"username": player.name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        return time.perf_counter() - started

    async def log_in(player: Player) -> float:
        started = time.perf_counter()
        answer = await player.http.post("/api/account/login", json={"username": player.name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        player.csrf = answer.json()["csrf"]
        return time.perf_counter() - started

    signups = await limited(4, [sign_up(p) for p in players])
    logins = await limited(4, [log_in(p) for p in players])
    return players, signups, logins


async def open_lobby(url: str, player: Player):
    socket_url = url.replace("http", "ws", 1) + "/ws/lobby"
    lobby = await websockets.connect(socket_url, additional_headers={"cookie": player.cookie()["cookie"]})
    await lobby.recv()  # the list
    return lobby


async def until_started(lobby) -> dict:
    while True:
        data = json.loads(await lobby.recv())
        if "started" in data:
            return data["started"]


async def seek_phase(url: str, players: list[Player], games: int, open_seeks: int):
    latencies: list[float] = []
    lobbies = []

    async def one(creator: Player, accepter: Player) -> tuple[str, Player, Player]:
        lobby = await open_lobby(url, creator)
        lobbies.append(lobby)
        made = await creator.http.post("/api/seeks", json={"game": "strategic-reserve", "options": {}, "rated": True},
                                       headers={"x-csrf-token": creator.csrf})  # fmt: skip
        assert made.status_code == 201, made.text
        waiting = asyncio.ensure_future(until_started(lobby))
        started = time.perf_counter()
        accepted = await accepter.http.post(f"/api/seeks/{made.json()['id']}/accept", headers={"x-csrf-token": accepter.csrf})
        assert accepted.status_code == 201, accepted.text
        await asyncio.wait_for(waiting, 30)
        latencies.append(time.perf_counter() - started)
        return accepted.json()["game"], creator, accepter

    pairs = [(players[2 * i], players[2 * i + 1]) for i in range(games)]
    made = await limited(8, [one(a, b) for a, b in pairs])
    for creator in players[2 * games: 2 * games + open_seeks]:
        lobbies.append(await open_lobby(url, creator))
        answer = await creator.http.post("/api/seeks", json={"game": "strategic-reserve", "options": {}, "rated": True},
                                         headers={"x-csrf-token": creator.csrf})  # fmt: skip
        assert answer.status_code == 201, answer.text
    return made, latencies, lobbies


async def play(url: str, game_id: str, seats: list[Player], seconds: float, posts: list[float], errors: dict,
               rng: random.Random, measuring: dict, gets: list[float], handled: list[float]) -> None:  # fmt: skip
    clients = [LeanClient(url) for _ in seats]
    stop = time.monotonic() + seconds
    try:
        while time.monotonic() < stop:
            await asyncio.sleep(rng.expovariate(0.5))
            for client, player in zip(clients, seats):
                asked = time.perf_counter()
                try:
                    view = (await client.get(f"/api/games/{game_id}", headers=player.cookie())).json()
                except HTTP_ERRORS:
                    errors["get"] = errors.get("get", 0) + 1
                    continue
                if measuring["on"]:
                    gets.append(time.perf_counter() - asked)
                if view.get("over"):
                    return
                if not view.get("moves"):
                    continue
                started = time.perf_counter()
                try:
                    answer = await client.post(f"/api/games/{game_id}/moves", {"move": rng.choice(view["moves"]),
                                               "ply": view["ply"]}, headers=player.cookie())  # fmt: skip
                except HTTP_ERRORS:
                    errors["post"] = errors.get("post", 0) + 1
                    continue
                if measuring["on"]:
                    posts.append(time.perf_counter() - started)
                    if answer.server_ms is not None:
                        handled.append(answer.server_ms / 1000)
                    if answer.status_code != 200:
                        key = f"{answer.status_code}"
                        errors[key] = errors.get(key, 0) + 1
                break
    finally:
        for client in clients:
            client.close()


async def run(accounts: int, games: int, open_seeks: int, seconds: float) -> None:
    assert accounts >= 2 * games + open_seeks, "each game needs two accounts, each open seek one more"
    process, url = start_server()
    try:
        began = time.perf_counter()
        players, signups, logins = await account_phase(url, accounts)
        print(f"{accounts} sign-ups in {sum(signups):.1f} s of requests (p50 {percentile(signups, .5) * 1000:.0f} ms); "
              f"log-in p50 {percentile(logins, .5) * 1000:.0f} ms, p99 {percentile(logins, .99) * 1000:.0f} ms")  # fmt: skip
        made, latencies, lobbies = await seek_phase(url, players, games, open_seeks)
        seeks = (await players[0].http.get("/api/seeks")).json()
        print(f"{games} rated seeks accepted: seek-to-game p50 {percentile(latencies, .5) * 1000:.0f} ms, "
              f"p99 {percentile(latencies, .99) * 1000:.0f} ms; {len(seeks)} seeks open")  # fmt: skip
        posts: list[float] = []
        gets: list[float] = []
        handled: list[float] = []
        errors: dict[str, int] = {}
        measuring = {"on": False}
        rng = random.Random(1)
        tasks = [asyncio.ensure_future(play(url, game_id, [a, b], seconds + WARM_UP, posts, errors,
                                            random.Random(rng.random()), measuring, gets, handled)) for game_id, a, b in made]  # fmt: skip
        await asyncio.sleep(WARM_UP)
        measuring["on"] = True
        began_play, server_cpu, driver_cpu = time.monotonic(), process_cpu_seconds(process.pid), time.process_time()
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - began_play
        server_cpu, driver_cpu = process_cpu_seconds(process.pid) - server_cpu, time.process_time() - driver_cpu
        print(f"{games} games for {seconds:g} s: {len(posts)} POSTs, p50 {percentile(posts, .5) * 1000:.1f} ms, "
              f"p99 {percentile(posts, .99) * 1000:.1f} ms, errors {errors or 'none'}; GETs p50 "
              f"{percentile(gets, .5) * 1000:.1f} ms, p99 {percentile(gets, .99) * 1000:.1f} ms")  # fmt: skip
        print(f"the same POSTs as the server handled them (Server-Timing): p50 {percentile(handled, .5) * 1000:.1f} ms, "
              f"p99 {percentile(handled, .99) * 1000:.1f} ms")  # fmt: skip
        print(f"while playing: server CPU {server_cpu / elapsed:.2f} of a core ({1000 * server_cpu / max(1, len(posts)):.1f} ms "
              f"per POST, the GET before it included), driver CPU {driver_cpu / elapsed:.2f}, "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
        print(f"total {time.perf_counter() - began:.0f} s")
        for lobby in lobbies:
            await lobby.close()
        for player in players:
            await player.http.aclose()
    finally:
        process.terminate()
        process.wait(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--accounts", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seeks", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    asyncio.run(run(args.accounts, args.games, args.seeks, args.seconds))


if __name__ == "__main__":
    main()
