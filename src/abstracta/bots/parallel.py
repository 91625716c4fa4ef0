"""Playing many independent games at once: in worker processes, or as Ray tasks on a cluster.

Tournaments (:mod:`abstracta.bots.tournament`) and ``abstracta simulate`` hand over a list of
tasks and a module-level ``work`` function that plays one task (so it pickles); results are
filled in by task number, so the caller's order never depends on which worker finished first.
Ctrl-C stops a run: worker processes see the parent's stop flag (:func:`stop_requested`) and
end the game in progress, and what finished is kept.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
from typing import Any, Callable, Iterator, Sequence

import abstracta
from abstracta.core.api import Game

_loaded: dict[tuple[str, str], Game] = {}
_stop_event: Any = None  # set in worker processes: the parent's "stop now" flag


def load_game(slug: str, options: dict[str, Any]) -> Game:
    """The game ``slug`` with ``options``, loaded once per process (a worker plays many games of it)."""
    key = (slug, repr(sorted(options.items())))
    if key not in _loaded:
        _loaded[key] = abstracta.load(slug, **options)
    return _loaded[key]


def _worker_init(stop_event: Any) -> None:
    # Ctrl-C reaches the whole process group; only the parent decides what it means.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _stop_event
    _stop_event = stop_event


def stop_requested() -> bool:
    """True in a worker process once the parent asked every game in progress to stop (Ctrl-C)."""
    return _stop_event is not None and _stop_event.is_set()


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _pool_context() -> Any:
    # forkserver: workers fork from a clean, single-threaded server (the progress bar runs a thread
    # in this process, and forking a threaded process can deadlock); spawn where it does not exist.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_in_workers(
    tasks: Sequence[Any],
    workers: int,
    finished: dict[int, Any],
    on_game_done: Callable[[Any], None] | None,
    work: Callable[[Any], Any],
) -> bool:
    """Play ``tasks`` in a pool, filling ``finished`` by task number; True when Ctrl-C stopped it.

    ``work`` plays one task in a worker (a module-level function, so it pickles) and returns
    ``None`` when the stop flag (:func:`stop_requested`) ended it early. Only a few games per
    worker are queued at a time, so a long run starts at once and Ctrl-C has little to cancel.
    """
    with _stops_at_safe_points() as stop_asked:
        return _run_pool(tasks, workers, finished, on_game_done, work, stop_asked)


@contextlib.contextmanager
def _stops_at_safe_points() -> Iterator[threading.Event]:
    """Ctrl-C and ``kill`` only raise a flag while the pool runs; the loop raises KeyboardInterrupt itself.

    A KeyboardInterrupt raised by the signal handler at an arbitrary point could land inside the
    executor's own code while it holds its internal lock (``submit``), and ``shutdown`` would then
    wait on that lock forever: a stopped run that never ended (seen once in a CI run of the kill test).
    """
    asked = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield asked  # a command run by a test's thread: signals stay as they are
        return

    def flag(signum: int, frame: Any) -> None:
        asked.set()

    # only handlers Python code installed (Ctrl-C's KeyboardInterrupt, a command's kill-as-Ctrl-C):
    # an ignored or default signal keeps meaning what it meant
    previous = {number: signal.signal(number, flag) for number in (signal.SIGINT, signal.SIGTERM)
                if callable(signal.getsignal(number))}  # fmt: skip
    try:
        yield asked
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _run_pool(tasks: Sequence[Any], workers: int, finished: dict[int, Any], on_game_done: Callable[[Any], None] | None,
              work: Callable[[Any], Any], stop_asked: threading.Event) -> bool:  # fmt: skip
    context = _pool_context()
    stop = context.Event()
    pool = concurrent.futures.ProcessPoolExecutor(workers, context, initializer=_worker_init, initargs=(stop,))
    queue = iter(enumerate(tasks))
    pending: dict[concurrent.futures.Future, int] = {}

    def keep(future: concurrent.futures.Future, number: int) -> None:
        record = future.result()
        if record is not None:  # None: stopped before its end
            finished[number] = record
            if on_game_done is not None:
                on_game_done(record)

    interrupted = False
    try:
        while True:
            for number, task in queue:
                pending[pool.submit(work, task)] = number
                if len(pending) >= 2 * workers:
                    break
            if not pending:
                break
            done, _ = concurrent.futures.wait(pending, timeout=0.2, return_when=concurrent.futures.FIRST_COMPLETED)
            if stop_asked.is_set():
                raise KeyboardInterrupt  # here, outside the executor's code
            for future in sorted(done, key=pending.__getitem__):
                keep(future, pending.pop(future))
    except KeyboardInterrupt:
        interrupted = True
        stop.set()  # games in progress end at their next move
        for future in concurrent.futures.wait(pending).done:
            if not future.cancelled() and future.exception() is None:
                keep(future, pending[future])
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
    return interrupted


RAY_IN_FLIGHT = 256
"""Ray tasks submitted at a time: a long run starts at once and Ctrl-C has little to cancel."""


def run_on_ray(
    tasks: Sequence[Any],
    address: str,
    finished: dict[int, Any],
    on_game_done: Callable[[Any], None] | None,
    work: Callable[[Any], Any],
) -> bool:
    """Play ``tasks`` as Ray tasks running ``work(task)``, filling ``finished`` by task number.

    Returns True when Ctrl-C stopped the run (what is finished is kept). ``address`` is a Ray
    cluster address (``auto``, ``ray://host:10001``) or ``"local"`` for a Ray instance started here.
    """
    import ray

    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    play = ray.remote(work)
    queue = iter(enumerate(tasks))
    pending: dict[Any, int] = {}
    interrupted = False
    try:
        while True:
            for number, task in queue:
                pending[play.remote(task)] = number
                if len(pending) >= RAY_IN_FLIGHT:
                    break
            if not pending:
                break
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                number = pending.pop(ref)
                finished[number] = ray.get(ref)
                if on_game_done is not None:
                    on_game_done(finished[number])
    except KeyboardInterrupt:
        interrupted = True
        for ref in pending:
            ray.cancel(ref, force=True)
    return interrupted
