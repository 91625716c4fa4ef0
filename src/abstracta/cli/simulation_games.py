"""Playing the games of ``simulate`` and ``report``: the tasks, one game in any process, the backends.

Game ``i`` draws everything random from :func:`abstracta.bots.match.game_rng` ``(seed, i)``
(the bots' seeds, then the start seed, then the chance outcomes), exactly as
:func:`abstracta.bots.match.play_match` does, so the same seed gives the same games in this
process, in worker processes (:func:`abstracta.bots.parallel.run_in_workers`) or as Ray tasks
(:func:`abstracta.bots.parallel.run_on_ray`). ``abstracta.cli.simulate`` re-exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class SimulationTask:
    """Game ``index`` of a simulation: everything a worker process needs to play it again.

    ``start`` is a position in the game's notation to play from (a position suite), else the
    game's start; ``trace`` records a :class:`abstracta.bots.measures.GameTrace` (win chances after
    every turn, valued without the analysis search when ``quick``); ``adjudication`` may end it early.
    """

    slug: str
    options: dict[str, Any]
    levels: tuple[str, ...]
    seed: int
    index: int
    start: str | None = None
    adjudication: Any = None  # abstracta.bots.match.Adjudication
    trace: bool = False
    quick: bool = False


@dataclass(frozen=True)
class SimulatedGame:
    """One finished game: its totals (for the tables), every ply (for records) and, when asked, its trace."""

    record: Any  # abstracta.bots.match.GameRecord
    moves: tuple[str, ...]
    trace: Any = None  # abstracta.bots.measures.GameTrace
    start: str | None = None
    seats: tuple[str, ...] = ()  # the bot of each seat (rotated by a position suite)


def play_simulated(task: SimulationTask, game: Any = None) -> SimulatedGame | None:
    """Play one game of a simulation; ``None`` when the run was stopped during it (worker processes only)."""
    from abstracta.bots import level_bot
    from abstracta.bots.match import GameRecord, game_rng, play_from
    from abstracta.bots.parallel import load_game, stop_requested

    game = game or load_game(task.slug, task.options)
    rng = game_rng(task.seed, task.index)
    bots = [level_bot(level, game, seed=rng.getrandbits(32)) for level in task.levels]
    start_seed = rng.getrandbits(32)  # the order play_match draws them in, so both give the same games
    state = game.start(seed=start_seed) if task.start is None else game.parse(task.start)
    played = play_from(state, bots, rng, trace=task.trace, adjudication=task.adjudication, quick=task.quick,
                       should_stop=stop_requested)  # fmt: skip
    if played is None:
        return None
    record = GameRecord(task.index, start_seed, played.returns, len(played.moves), tuple(played.state.scores()),
                        played.termination)  # fmt: skip
    trace = None
    if task.trace:
        from abstracta.bots.measures import GameTrace, game_turn_count

        trace = GameTrace(game.num_players, played.trace, played.returns, played.termination, played.capped,
                          task.levels, dict(game.options), task.start, game_turn_count(played.state))  # fmt: skip
    return SimulatedGame(record, played.moves, trace, task.start, task.levels)


def simulation_tasks(game: Any, levels: list[str], games: int, seed: int, positions: list[str] | None = None,
                     adjudication: Any = None, trace: bool = False) -> list[SimulationTask]:  # fmt: skip
    """The games of a simulation. With ``positions``, game ``i`` plays position ``i // r`` (cycling) with
    the seats' bots rotated by ``i % r`` places, ``r`` being the number of distinct rotations of
    ``levels`` (1 when every seat has the same bot): each position is played with seats swapped."""
    rotations = seat_rotations(levels) if positions else [tuple(levels)]
    tasks = []
    for i in range(games):
        start = positions[(i // len(rotations)) % len(positions)] if positions else None
        tasks.append(SimulationTask(game.slug, dict(game.options), rotations[i % len(rotations)], seed, i, start,
                                    adjudication, trace))  # fmt: skip
    return tasks


def seat_rotations(levels: list[str] | tuple[str, ...]) -> list[tuple[str, ...]]:
    """Each distinct rotation of the seats' bots, the given order first.

    >>> seat_rotations(["hard", "easy"]), seat_rotations(["hard", "hard", "hard"])
    ([('hard', 'easy'), ('easy', 'hard')], [('hard', 'hard', 'hard')])
    """
    rotations: list[tuple[str, ...]] = []
    for shift in range(len(levels)):
        rotated = tuple(levels[-shift:] + levels[:-shift]) if shift else tuple(levels)
        if rotated not in rotations:
            rotations.append(rotated)
    return rotations


def run_simulation(
    game: Any,
    levels: list[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_game_done: Callable[[SimulatedGame], None] | None = None,
    ray_address: str | None = None,
    positions: list[str] | None = None,
    adjudication: Any = None,
) -> tuple[list[SimulatedGame], bool]:
    """Play ``games`` games; the finished ones in index order, and whether Ctrl-C stopped the run.

    ``ray_address`` plays them as Ray tasks on that cluster (``"local"``: a Ray instance started
    in this process) instead of worker processes; the games are the same either way.
    ``positions`` and ``adjudication``: see :func:`simulation_tasks` and :class:`SimulationTask`.
    """
    tasks = simulation_tasks(game, levels, games, seed, positions, adjudication)
    return run_tasks(tasks, game, workers, on_game_done, ray_address)


def run_tasks(tasks: list[SimulationTask], game: Any, workers: int = 1,
              on_game_done: Callable[[SimulatedGame], None] | None = None,
              ray_address: str | None = None) -> tuple[list[SimulatedGame], bool]:  # fmt: skip
    """Play ``tasks`` in this process, in ``workers`` processes or on Ray; the finished ones by index."""
    from abstracta.bots.parallel import run_in_workers, run_on_ray

    finished: dict[int, SimulatedGame] = {}
    interrupted = False
    workers = min(workers, len(tasks))
    if ray_address is not None:
        interrupted = run_on_ray(tasks, ray_address, finished, on_game_done, work=play_simulated)
    elif workers <= 1:
        try:
            for number, task in enumerate(tasks):
                # the loaded game itself where the options match (a plugin game may not load by slug)
                done = play_simulated(task, game if task.options == dict(game.options) else None)
                assert done is not None  # no stop flag in this process
                finished[number] = done
                if on_game_done is not None:
                    on_game_done(done)
        except KeyboardInterrupt:
            interrupted = True
    else:
        interrupted = run_in_workers(tasks, workers, finished, on_game_done, work=play_simulated)
    return [finished[i] for i in sorted(finished)], interrupted
