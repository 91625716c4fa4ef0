"""``abstracta simulate``: bots play a game many times, one level per seat; per-seat win rates for designers.

Game ``i`` draws everything random from :func:`abstracta.bots.match.game_rng` ``(seed, i)``
(the bots' seeds, then the start seed, then the chance outcomes), exactly as
:func:`abstracta.bots.match.play_match` does, so the same seed gives the same games whatever
``--workers`` says. Worker processes, the stop flag and Ctrl-C handling are those of
:mod:`abstracta.bots.tournament`. ``cli/main.py`` registers :func:`simulate` as a command.
"""

from __future__ import annotations

import csv
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Callable, Optional

import typer

from abstracta.cli.common import (
    INTERRUPTED,
    LEVEL_NAMES,
    check_at_least,
    check_ray,
    command_boundary,
    fail,
    lazy_bots,
    load_game,
    options_text,
    progress_bar,
    say,
    stderr_console,
    stdout_console,
    terminate_as_interrupt,
)
from abstracta.cli.render import picture_for
from abstracta.core.rng import fresh_seed



@dataclass(frozen=True)
class SimulationTask:
    """Game ``index`` of a simulation: everything a worker process needs to play it again."""

    slug: str
    options: dict[str, Any]
    levels: tuple[str, ...]
    seed: int
    index: int


@dataclass(frozen=True)
class SimulatedGame:
    """One finished game: its totals (for the tables) and every ply (for records)."""

    record: Any  # abstracta.bots.match.GameRecord
    moves: tuple[str, ...]


def play_simulated(task: SimulationTask, game: Any = None) -> SimulatedGame | None:
    """Play one game of a simulation; ``None`` when the run was stopped during it (worker processes only)."""
    from abstracta.bots import level_bot, sample_chance
    from abstracta.bots.match import GameRecord, game_rng
    from abstracta.bots.parallel import load_game, stop_requested
    from abstracta.core.errors import CHANCE

    game = game or load_game(task.slug, task.options)
    rng = game_rng(task.seed, task.index)
    bots = [level_bot(level, game, seed=rng.getrandbits(32)) for level in task.levels]
    start_seed = rng.getrandbits(32)  # the order play_match draws them in, so both give the same games
    state = game.start(seed=start_seed)
    moves: list[str] = []
    while not state.over:
        if stop_requested():
            return None
        player = state.player
        move = sample_chance(state, rng) if player == CHANCE else bots[player].choose(state.view(player))
        state = state.play(move)
        moves.append(move)
    record = GameRecord(task.index, start_seed, tuple(state.returns()), len(moves), tuple(state.scores()),
                        state.termination() or "normal")  # fmt: skip
    return SimulatedGame(record, tuple(moves))


def run_simulation(
    game: Any,
    levels: list[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_game_done: Callable[[SimulatedGame], None] | None = None,
    ray_address: str | None = None,
) -> tuple[list[SimulatedGame], bool]:
    """Play ``games`` games; the finished ones in index order, and whether Ctrl-C stopped the run.

    ``ray_address`` plays them as Ray tasks on that cluster (``"local"``: a Ray instance started
    in this process) instead of worker processes; the games are the same either way.
    """
    from abstracta.bots.parallel import run_in_workers, run_on_ray

    tasks = [SimulationTask(game.slug, dict(game.options), tuple(levels), seed, i) for i in range(games)]
    finished: dict[int, SimulatedGame] = {}
    interrupted = False
    workers = min(workers, len(tasks))
    if ray_address is not None:
        interrupted = run_on_ray(tasks, ray_address, finished, on_game_done, work=play_simulated)
    elif workers <= 1:
        try:
            for task in tasks:
                done = play_simulated(task, game)
                assert done is not None  # no stop flag in this process
                finished[task.index] = done
                if on_game_done is not None:
                    on_game_done(done)
        except KeyboardInterrupt:
            interrupted = True
    else:
        interrupted = run_in_workers(tasks, workers, finished, on_game_done, work=play_simulated)
    return [finished[i] for i in sorted(finished)], interrupted


# -- the command -------------------------------------------------------------------------
def simulate(
    game: Annotated[
        str,
        typer.Argument(help="Game to use, by slug, e.g. strategic-reserve ('abstracta games' lists them).", show_default=False),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games to play (at least 1).")] = 10,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="LEVEL[,LEVEL...]",
            help=f"The bot level of each seat ({LEVEL_NAMES}), comma-separated, e.g. hard,random;"
            " a single level plays every seat.",
        ),
    ] = "random",
    seed: Annotated[
        Optional[int],
        typer.Option("--seed", help="Seed for every random draw, so a run can be repeated; printed when left out.",
                     show_default=False),
    ] = None,
    option: Annotated[
        Optional[list[str]],
        typer.Option("--option", "-o", metavar="KEY=VALUE", show_default=False,
                     help="A game option, e.g. --option reserve=7; repeat it for several ('abstracta games' lists them)."),
    ] = None,
    workers: Annotated[
        Optional[int],
        typer.Option("--workers", "-w", show_default=False,
                     help="Worker processes playing games at once (default: every core); 1 plays in this process."
                     " The results do not depend on it."),
    ] = None,
    csv_file: Annotated[
        Optional[Path],
        typer.Option("--csv", metavar="FILE", show_default=False,
                     help="Write every game as CSV (a row a game: index, start seed, plies, termination, then return and score per seat)."),
    ] = None,
    json_file: Annotated[
        Optional[Path],
        typer.Option("--json", metavar="FILE", show_default=False,
                     help="Write the settings, the per-seat table and every game as JSON."),
    ] = None,
    records_file: Annotated[
        Optional[Path],
        typer.Option("--records", metavar="FILE", show_default=False,
                     help="Write every game as a game record (all in one file; JSON when FILE ends in .json);"
                     " each game is added as it finishes."),
    ] = None,
    png_file: Annotated[
        Optional[Path],
        typer.Option("--png", metavar="FILE", show_default=False,
                     help="Draw win rates with their 95% intervals and the spread of game lengths"
                     " (needs matplotlib: pip install 'abstracta[plots]')."),
    ] = None,
    ray_address: Annotated[
        Optional[str],
        typer.Option("--ray", metavar="ADDRESS", show_default=False,
                     help="Play the games as Ray tasks on the Ray cluster at ADDRESS (e.g. auto, ray://host:10001;"
                     " 'local' starts one here) instead of --workers; same games (needs pip install 'abstracta[ray]')."),
    ] = None,
) -> None:
    """Play bots against each other; report wins, win rates with 95% intervals, mean final scores, draws and game length.

    Ctrl-C, or `kill PID` for a run in the background, stops early and still prints (and writes) the games finished so far.
    """
    with command_boundary():
        check_at_least("--games", games, 1)
        check_at_least("--workers", workers, 1)
        loaded = load_game(game, option)
        module = lazy_bots()
        names = [name.strip() for name in bots.split(",")]
        if len(names) == 1:
            names *= loaded.num_players
        if len(names) != loaded.num_players:
            fail(
                f"--bots names {len(names)} bots but {loaded.slug} has {loaded.num_players} players; "
                "give one name per seat, or one name for all"
            )
        levels = module.LEVELS + module.REFERENCE_BOTS
        for name in dict.fromkeys(names):
            if name not in levels:
                fail(f"unknown bot {name!r}; valid levels: {', '.join(levels)}")
        for path in (csv_file, json_file, records_file, png_file):  # before the games, not after
            check_writable(path)
        if png_file is not None:
            from abstracta.cli.plots import require_matplotlib

            require_matplotlib()
        if ray_address is not None:
            check_ray(workers)
        from abstracta.bots.match import MatchResult, termination_counts
        from abstracta.bots.measures import first_mover
        from abstracta.bots.parallel import default_workers

        seed = fresh_seed() if seed is None else seed
        workers = default_workers() if workers is None else workers
        console = stdout_console()
        options = options_text(loaded)
        plural = "s" if games != 1 else ""
        where = f"on Ray at {ray_address}" if ray_address else f"{workers} worker{'s' if workers != 1 else ''}"
        say(console, f"{loaded.slug} {options}: {games} game{plural}, {where}")
        say(console, f"seed {seed} (repeat with --seed {seed})")
        recorder = RecordsWriter(records_file, loaded, names) if records_file is not None else None

        began = time.perf_counter()
        with progress_bar() as progress, terminate_as_interrupt():
            task = progress.add_task("playing", total=games)

            def on_game_done(done: SimulatedGame) -> None:
                progress.advance(task)
                if recorder is not None:
                    recorder.add(done)

            try:
                played, interrupted = run_simulation(loaded, names, games, seed, workers, on_game_done, ray_address)
            except ConnectionError as error:  # no Ray cluster at that address
                fail(f"--ray {ray_address}: {error}")
        took = time.perf_counter() - began
        result = MatchResult.empty(loaded.num_players)
        for done in played:
            result.add(done.record)
        if interrupted:
            say(stderr_console(), f"interrupted: {len(played)} of {games} games finished", "yellow")
        seat_names = picture_for(loaded).player_names(loaded)
        traces = [trace_of(loaded, done) for done in played]
        turns = [trace.turns if trace is not None else None for trace in traces]
        result.first_movers = [first_mover(trace) if trace is not None else 0 for trace in traces]
        print_simulation(console, loaded, result, names, seat_names, took, termination_counts(d.record for d in played),
                         turns)  # fmt: skip
        if recorder is not None:
            recorder.finish(played)
            say(console, f"wrote {records_file}")
        if csv_file is not None:
            write_csv(csv_file, played, loaded.num_players)
            say(console, f"wrote {csv_file}")
        if json_file is not None:
            data = simulation_json(loaded, names, seed, games, result, played, interrupted, turns)
            _write(json_file, lambda handle: json.dump(data, handle, indent=1))
            say(console, f"wrote {json_file}")
        if png_file is not None:
            from abstracta.cli.plots import simulation_png

            simulation_png(png_file, loaded, result, names, seat_names, turns)
            say(console, f"wrote {png_file}")
    if interrupted:
        raise typer.Exit(INTERRUPTED)


# -- output ----------------------------------------------------------------------------
SIMULATE_COLUMNS = ("wins", "win %", "95% CI", "return", "score")
"""Short headers so that the widest table (four seats, old-hard, 100.0-100.0%) fits 80 columns."""


def print_simulation(console: Any, game: Any, result: Any, names: list[str], seat_names: list[str], took: float,
                     endings: dict[str, int] | None = None, turns: list[int] | None = None) -> None:  # fmt: skip
    """The per-seat table, then draws, lengths, how the games ended, and the balance by score over every seat."""
    from rich.table import Table

    from abstracta.bots.measures import length_summary

    table = Table()
    for column in ("seat", "bot", *SIMULATE_COLUMNS):
        table.add_column(column, justify="right" if column in SIMULATE_COLUMNS else "left")
    for p in range(result.num_players):
        rate, low, high = result.win_rate_interval(p)
        table.add_row(f"{p} {seat_names[p]}", names[p], str(result.wins[p]), f"{rate:.1%}",
                      f"{low * 100:.1f}-{high * 100:.1f}%", f"{result.mean_return(p):+.3f}",
                      f"{result.mean_score(p):.2f}")  # fmt: skip
    console.print(table)
    say(console, "return: mean of 1 win, -1 loss; score: mean of the game's own count")
    say(console, f"draws: {result.draws}   shared first places: {result.shared_firsts}"
                 f"   mean length: {result.mean_length:.1f} plies   time: {took:.1f}s")  # fmt: skip
    for unit, values in (("turns", turns), ("plies", result.lengths)):
        if values and all(v is not None for v in values):
            figures = length_summary(values)  # type: ignore[arg-type]
            say(console, f"length in {unit}: mean {figures['mean']:.1f}, median {figures['median']:.1f},"
                         f" 10-90% {figures['p10']:.1f}-{figures['p90']:.1f}")  # fmt: skip
    if endings:
        say(console, "ended by: " + ", ".join(f"{word} {count}" for word, count in endings.items()))
    if not result.games:
        return
    # Balance, the figure designers ask for first: every seat's score against its fair share.
    fairness = simulation_balance(result)
    say(console, f"balance by score (win 1, draw 1/2, shared first 1/k), fair share {fairness.fair:.1%}:")
    width = max(len(f"{p} {seat_names[p]}") for p in range(result.num_players))
    for p in range(result.num_players):
        low, high = fairness.intervals[p]
        off = "" if low <= fairness.fair <= high else (" above" if low > fairness.fair else " below") + " its fair share"
        say(console, f"  {f'{p} {seat_names[p]}':<{width}}  {fairness.scores[p]:6.1%} (95% {low:.1%}-{high:.1%}){off}")
    verdict = "the seats differ" if fairness.p_value < 0.05 else "no clear difference between the seats"
    say(console, f"  all seats equal? G-test p = {fairness.p_value:.3g}: {verdict}")
    first_low, first_high = fairness.first_mover_interval
    if any(result.first_movers):  # a position suite let another seat move first: the first mover, whoever it is
        first_score = fairness.first_mover_advantage + fairness.fair
        say(console, f"first mover (any seat): score {first_score:.1%} against a fair {fairness.fair:.1%}")
    else:
        say(console, f"first seat ({seat_names[0]}): score {fairness.scores[0]:.1%} against a fair {fairness.fair:.1%}")
    say(console, f"  its advantage: {fairness.first_mover_advantage * 100:+.1f} points of score"
                 f" (95% {first_low * 100:+.1f} to {first_high * 100:+.1f})")  # fmt: skip
    lead, half_width = first_seat_lead(game, result)
    spread = f" (95%: ±{half_width:.2f})" if math.isfinite(half_width) else ""
    better = "fewer is better" if game.lower_score_wins else "more is better"
    whose = "its" if not any(result.first_movers) else f"seat 0's ({seat_names[0]})"
    say(console, f"  {whose} score lead on the others' mean ({better}): {lead:+.2f}{spread}")


def simulation_balance(result: Any) -> Any:
    """:func:`abstracta.bots.measures.balance` of a simulation's games, the first mover of each game
    from ``result.first_movers`` (seat 0 where they are not known)."""
    from abstracta.bots.measures import balance

    movers = result.first_movers if len(result.first_movers) == len(result.results) else None
    return balance(result.results, movers)


def trace_of(game: Any, done: SimulatedGame) -> Any:
    """The game's :class:`abstracta.bots.measures.GameTrace`: its own when it was traced, else one
    replayed from its moves (cheap beside the bots' thinking) with the movers only, and the game's
    own count of turns (:func:`abstracta.bots.measures.game_turn_count`); ``None`` if it cannot be
    replayed. Its ``turns`` and first mover are what the table needs."""
    from abstracta.bots.measures import GameTrace, PlyTrace, game_turn_count

    trace = getattr(done, "trace", None)
    if trace is not None:
        return trace
    start = getattr(done, "start", None)
    try:
        state = game.parse(start) if start else game.start(seed=done.record.start_seed)
        plies = []
        for move in done.moves:
            plies.append(PlyTrace(state.player, 0))
            state = state.play(move)
    except ValueError:
        return None
    return GameTrace(game.num_players, tuple(plies), done.record.returns, done.record.termination, False,
                     game_turns=game_turn_count(state))  # fmt: skip


def turns_of(game: Any, done: SimulatedGame) -> int | None:
    """The game's length in turns (:func:`trace_of`); ``None`` if it cannot be replayed."""
    trace = trace_of(game, done)
    return trace.turns if trace is not None else None


def first_seat_lead(game: Any, result: Any) -> tuple[float, float]:
    """Seat 0's score advantage over the other seats' mean, positive when it is ahead.

    ``scores()`` counts up in most games but down in some (Strategic Reserve: checkers left
    to place), which the game says with ``lower_score_wins``.
    """
    margin, half_width = result.first_seat_margin()
    return (-margin if game.lower_score_wins else margin), half_width


def simulation_json(game: Any, names: list[str], seed: int, planned: int, result: Any, played: list[SimulatedGame],
                    interrupted: bool, turns: list[int | None] | None = None) -> dict[str, Any]:  # fmt: skip
    from abstracta.bots.match import termination_counts
    from abstracta.bots.measures import length_summary

    turns = turns if turns is not None else [None] * len(played)
    fairness = simulation_balance(result) if result.games else None
    known_turns = [t for t in turns if t is not None]

    seats = []
    for p in range(result.num_players):
        rate, low, high = result.win_rate_interval(p)
        seats.append({"seat": p, "bot": names[p], "wins": result.wins[p], "win_rate": rate, "win_low": low,
                      "win_high": high, "mean_return": result.mean_return(p), "mean_score": result.mean_score(p),
                      "score_share": fairness.scores[p] if fairness else None,
                      "score_share_ci": list(fairness.intervals[p]) if fairness else None})  # fmt: skip
    return {
        "game": game.slug, "options": dict(game.options), "bots": names, "seed": seed,
        "games_planned": planned, "games_played": result.games, "interrupted": interrupted,
        "draws": result.draws, "shared_firsts": result.shared_firsts, "mean_length": result.mean_length,
        "lower_score_wins": game.lower_score_wins, "seats": seats,
        "balance": None if fairness is None else {
            "fair_share": fairness.fair, "g_statistic": fairness.g_statistic, "p_value": fairness.p_value,
            "first_mover_advantage": fairness.first_mover_advantage,
            "first_mover_advantage_ci": list(fairness.first_mover_interval)},
        "length_plies": length_summary(result.lengths),
        "length_turns": length_summary(known_turns) if known_turns and len(known_turns) == len(turns) else None,
        "terminations": termination_counts(d.record for d in played),
        "games": [{"index": d.record.index, "start_seed": d.record.start_seed, "plies": d.record.plies, "turns": t,
                   "termination": d.record.termination, "returns": list(d.record.returns),
                   "scores": list(d.record.scores)} for d, t in zip(played, turns)],
    }  # fmt: skip


def write_csv(path: Path, played: list[SimulatedGame], seats: int) -> None:
    def fill(handle: Any) -> None:
        writer = csv.writer(handle)
        writer.writerow(["index", "start_seed", "plies", "termination",
                         *(f"{k}_{p}" for p in range(seats) for k in ("return", "score"))])  # fmt: skip
        for done in played:
            r = done.record
            cells = [value for p in range(seats) for value in (r.returns[p], r.scores[p] if p < len(r.scores) else "")]
            writer.writerow([r.index, r.start_seed, r.plies, r.termination, *cells])

    _write(path, fill)


class RecordsWriter:
    """Game records of a run, all rewritten in index order at the end; a text file also gets each game
    appended as it finishes, so what is done survives whatever happens to the run."""

    def __init__(self, path: Path, game: Any, levels: list[str]) -> None:
        from abstracta.core.records import form_of

        self.path, self.game, self.levels = path, game, levels
        self.appending = form_of(path) == "text"
        if self.appending:
            self._open("w").close()

    def record(self, done: SimulatedGame) -> Any:
        from abstracta.cli.records import today
        from abstracta.core.records import Record, result_text

        r = done.record
        return Record(self.game.slug, dict(self.game.options), list(done.moves), seed=r.start_seed,
                      players=list(self.levels), date=today(), result=result_text(r.returns), termination=r.termination,
                      extra={"Round": str(r.index + 1)})  # fmt: skip

    def add(self, done: SimulatedGame) -> None:
        if self.appending:
            with self._open("a") as handle:
                handle.write(self.record(done).to_text() + "\n")

    def _open(self, mode: str) -> Any:
        try:
            return self.path.open(mode, encoding="utf-8")
        except OSError as error:
            fail(f"cannot write {self.path}: {error.strerror or error}")

    def finish(self, played: list[SimulatedGame]) -> None:
        self._write(played)

    def _write(self, played: list[SimulatedGame]) -> None:
        from abstracta.core.records import write_file

        try:
            write_file(self.path, [self.record(done) for done in played])
        except OSError as error:
            fail(f"cannot write {self.path}: {error.strerror or error}")


def check_writable(path: Path | None) -> None:
    if path is None:
        return
    if path.is_dir():
        fail(f"cannot write {path}: it is a folder; give a file name")
    if not path.resolve().parent.is_dir():
        fail(f"cannot write {path}: the folder {path.resolve().parent} does not exist")


def _write(path: Path, fill: Callable[[Any], None]) -> None:
    try:
        with path.open("w", newline="", encoding="utf-8") as handle:
            fill(handle)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")
