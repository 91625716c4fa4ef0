"""Group commit in the store: moves queued meanwhile share one transaction, each caller learns its own
outcome (stored, conflict, or busy database: nothing stored), and moves raced on the event loop land once."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest

from abstracta.server.store import MoveConflict, Store, StoreUnavailable
from tests.server.conftest import make_app
from tests.server.test_faults import write_lock

SUMMARY = {"plies": 0, "to_move": 0, "seat_to_move": "red", "over": False, "returns": None}


def new_store(db_url: str, games: int, **settings) -> Store:
    store = Store(db_url, **settings)
    for index in range(games):
        store.create_game(f"g{index}", "strategic-reserve", {}, index, ["human", "human"], [None, None], [None, None],
                          [], SUMMARY)  # fmt: skip
    return store


def summary(plies: int) -> dict:
    return {**SUMMARY, "plies": plies, "to_move": plies % 2}


def queued_while_writer_busy(store: Store, calls: list) -> dict[int, object]:
    """Run ``calls`` (one thread each) while the writer is held, release it once all are queued; outcomes."""
    outcomes: dict[int, object] = {}

    def run(index: int, call) -> None:
        try:
            call()
            outcomes[index] = "stored"
        except Exception as error:  # noqa: BLE001 - the outcome is what the test checks
            outcomes[index] = error

    with store._writer:  # the previous commit, still running
        threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(store._queued) < len(calls):
            assert time.monotonic() < deadline, "the calls did not queue"
            time.sleep(0.005)
    for thread in threads:
        thread.join(10)
    return outcomes


def test_moves_queued_during_a_commit_share_the_next_transaction(db_url):
    store = new_store(db_url, 6)
    try:
        before = store.commits
        calls = [lambda index=index: store.add_moves(f"g{index}", 0, [(0, f"m{index}"), (-1, "3")], summary(2))
                 for index in range(6)]  # fmt: skip
        outcomes = queued_while_writer_busy(store, calls)
        assert outcomes == {index: "stored" for index in range(6)}
        assert store.commits == before + 1  # six callers, one transaction
        for index in range(6):
            assert store.load(f"g{index}").moves == [f"m{index}", "3"]
        assert {row.id: row.plies for row in store.summaries()} == {f"g{index}": 2 for index in range(6)}
    finally:
        store.close()


def test_a_conflict_in_a_group_refuses_only_its_own_caller(db_url):
    store = new_store(db_url, 3)
    try:
        store.add_moves("g1", 0, [(0, "first")], summary(1))
        calls = [lambda: store.add_moves("g0", 0, [(0, "a")], summary(1)),
                 lambda: store.add_moves("g1", 0, [(0, "again")], summary(1)),  # ply 0 of g1 is stored already
                 lambda: store.add_moves("g2", 0, [(0, "c")], summary(1))]  # fmt: skip
        outcomes = queued_while_writer_busy(store, calls)
        assert outcomes[0] == "stored" and outcomes[2] == "stored"
        assert isinstance(outcomes[1], MoveConflict)
        assert [store.load(game).moves for game in ("g0", "g1", "g2")] == [["a"], ["first"], ["c"]]
    finally:
        store.close()


def test_a_busy_database_fails_the_whole_group_and_stores_nothing(db_url):
    store = new_store(db_url, 3, busy_timeout=0.2)
    try:
        with write_lock(db_url):
            calls = [lambda index=index: store.add_moves(f"g{index}", 0, [(0, "x")], summary(1)) for index in range(3)]
            outcomes = queued_while_writer_busy(store, calls)
        assert all(isinstance(outcome, StoreUnavailable) for outcome in outcomes.values())
        assert all(store.load(f"g{index}").moves == [] for index in range(3))
        store.add_moves("g0", 0, [(0, "x")], summary(1))  # the lock has cleared: writes go through again
        assert store.load("g0").moves == ["x"]
    finally:
        store.close()


def test_a_caller_queued_behind_a_failing_commit_hears_within_one_busy_timeout(db_url):
    """The thread path (bots, games loaded on demand): waiting for the writer counts against the busy timeout."""
    busy = 2.0
    store = new_store(db_url, 2, busy_timeout=busy)
    try:
        outcomes: dict[int, tuple[object, float]] = {}

        def call(index: int) -> None:
            sent = time.monotonic()
            try:
                store.add_moves(f"g{index}", 0, [(0, "x")], summary(1))
                outcome: object = "stored"
            except Exception as error:  # noqa: BLE001 - the outcome is what the test checks
                outcome = error
            outcomes[index] = (outcome, time.monotonic() - sent)

        with write_lock(db_url):
            threads = [threading.Thread(target=call, args=(index,)) for index in range(2)]
            threads[0].start()
            time.sleep(busy / 4)  # the first caller's commit is waiting for the lock now
            threads[1].start()
            for thread in threads:
                thread.join(4 * busy)
        assert all(isinstance(outcome, StoreUnavailable) for outcome, _ in outcomes.values())
        assert outcomes[1][1] < 1.5 * busy, f"the queued caller waited {outcomes[1][1]:.1f} s"
        assert [store.load(f"g{index}").moves for index in range(2)] == [[], []]
    finally:
        store.close()


def test_submitted_moves_are_reported_once_from_the_writer_thread(db_url):
    store = new_store(db_url, 1, busy_timeout=0.2)
    try:
        reports: list[object] = []
        done = threading.Event()

        def finished(error):
            reports.append(error)
            done.set()

        store.submit_moves("g0", 0, [(0, "a"), (-1, "4")], summary(2), finished)
        assert done.wait(10) and reports == [None] and store.load("g0").moves == ["a", "4"]
        done.clear()
        store.submit_moves("g0", 1, [(1, "b")], summary(2), finished)  # ply 1 is taken
        assert done.wait(10) and isinstance(reports[-1], MoveConflict)
        with write_lock(db_url):
            done.clear()
            store.submit_moves("g0", 2, [(1, "b")], summary(3), finished)
            assert done.wait(10) and isinstance(reports[-1], StoreUnavailable)
        assert len(reports) == 3 and store.load("g0").moves == ["a", "4"]
    finally:
        store.close()
    with pytest.raises(StoreUnavailable):  # a closed store takes no more moves
        store.submit_moves("g0", 2, [(1, "b")], summary(3), lambda error: None)


def test_two_moves_raced_on_the_event_loop_land_once(db_url):
    app = make_app(db_url)

    async def race() -> tuple[list[httpx.Response], dict]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            created = (await client.post("/api/games", json={"game": "strategic-reserve", "seats": ["me", "me"]})).json()
            game_id, token = created["id"], created["tokens"]["0"]
            headers = {"Authorization": f"Bearer {token}"}
            view = (await client.get(f"/api/games/{game_id}", headers=headers)).json()
            game_copy = app.state.service.loaded_game(game_id)
            if view["player"] != 0:
                pytest.skip("the opening roll gave the first move to the other seat")
            answers = await asyncio.gather(*[
                client.post(f"/api/games/{game_id}/moves", json={"move": move, "ply": view["ply"]}, headers=headers)
                for move in view["moves"][:2] * 2])  # fmt: skip
            return answers, {"id": game_id, "ply": view["ply"], "copy": game_copy}

    try:
        answers, game = asyncio.run(race())
        service = app.state.service
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [200, 409, 409, 409], [answer.text for answer in answers]
        live = service.loaded_game(game["id"])
        assert live is game["copy"]  # the losers were refused before reaching the database: no copy was dropped
        assert len(live.moves) == game["ply"] + 2  # one move and its roll, once
        assert app.state.store.load(game["id"]).moves == live.moves
    finally:
        app.state.store.close()


def test_a_move_whose_request_is_cancelled_while_it_is_stored_is_still_applied(db_url):
    app = make_app(db_url)
    service, store = app.state.service, app.state.store
    game_id, tokens, _ = service.create("strategic-reserve", {}, ["me", "me"], seed=5)
    live = service.loaded_game(game_id)
    player = live.state.player
    move, ply = live.state.moves()[0], len(live.moves)

    async def cancel_mid_commit() -> None:
        with store._writer:  # the writer is busy: the move waits in the queue
            request = asyncio.ensure_future(service.play_async(game_id, tokens[str(player)], move, ply))
            while not store._queued:
                await asyncio.sleep(0.005)
            request.cancel()
            with pytest.raises(asyncio.CancelledError):
                await request
            assert len(live.moves) == ply and live.on_loop  # not stored yet, the game still held
        for _ in range(1000):  # the writer commits; the shielded rest applies it and frees the game
            if not live.on_loop:
                break
            await asyncio.sleep(0.01)

    try:
        asyncio.run(cancel_mid_commit())
        assert live.moves[ply] == move and not live.on_loop
        assert store.load(game_id).moves == live.moves
        freed = []
        thread = threading.Thread(target=lambda: freed.append(live.lock.acquire(timeout=5) and live.lock.release() is None))
        thread.start()
        thread.join(10)
        assert freed == [True]  # another thread can take the game's lock again
    finally:
        store.close()
