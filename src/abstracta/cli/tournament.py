"""``abstracta tournament``: a round robin between bot levels, with a pair table and Elo ratings.

The work is :func:`abstracta.bots.tournament.run_tournament`; this module checks the options,
shows progress, prints the tables and writes the ``--json``/``--csv`` files. ``cli/main.py``
registers :func:`tournament` as a command.
"""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.table import Table

from abstracta.cli.common import (
    INTERRUPTED,
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
from abstracta.core.rng import fresh_seed

if TYPE_CHECKING:
    from abstracta.bots.tournament import TournamentResult

DEFAULT_BOTS = "random,easy,medium,hard"


def tournament(
    game: Annotated[
        str,
        typer.Argument(
            help="Game to use, by slug, e.g. strategic-reserve ('abstracta games' lists them).", show_default=False
        ),
    ],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="BOT,BOT[,...]",
            help="The bots to rate, comma-separated, at least two: levels (random, easy, medium, hard, old-hard),"
            " 'baseline' (the game's shipped trained agent), 'policy:FILE.onnx' (a policy exported to ONNX) or"
            " 'policy:module:attr' (a callable (observation, mask) -> action or an SB3 model, imported from the"
            " working folder or the Python path; needs pip install 'abstracta[policy]' for ONNX).",
        ),
    ] = DEFAULT_BOTS,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help="Games per pair of bots (at least 1); seats rotate, so a multiple of the rotation keeps them even.",
        ),
    ] = 10,
    workers: Annotated[
        Optional[int],
        typer.Option(
            "--workers",
            "-w",
            help="Worker processes playing games at once (default: every core); 1 plays in this process."
            " The results do not depend on it.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        Optional[int],
        typer.Option(
            "--seed", help="Seed for every random draw, so a run can be repeated; printed when left out.",
            show_default=False,
        ),
    ] = None,
    option: Annotated[
        Optional[list[str]],
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=VALUE",
            help="A game option, e.g. --option reserve=7; repeat it for several ('abstracta games' lists them).",
            show_default=False,
        ),
    ] = None,
    json_file: Annotated[
        Optional[Path],
        typer.Option(
            "--json", metavar="FILE", help="Write the settings, every game, the pair table and the ratings as JSON.",
            show_default=False,
        ),
    ] = None,
    csv_file: Annotated[
        Optional[Path],
        typer.Option(
            "--csv", metavar="FILE",
            help="Write every game as CSV to FILE (a row a game: pair, seeds, then bot, seed, return and score per"
            " seat), the pair table to FILE-pairs.csv and the ratings to FILE-ratings.csv.",
            show_default=False,
        ),
    ] = None,
    records_file: Annotated[
        Optional[Path],
        typer.Option(
            "--records", metavar="FILE", show_default=False,
            help="Write every game as a game record (all in one file; JSON when FILE ends in .json).",
        ),
    ] = None,
    png_file: Annotated[
        Optional[Path],
        typer.Option(
            "--png", metavar="FILE", show_default=False,
            help="Draw the Elo ratings with their 95% intervals and the spread of game lengths"
            " (needs matplotlib: pip install 'abstracta[plots]').",
        ),
    ] = None,
    ray_address: Annotated[
        Optional[str],
        typer.Option("--ray", metavar="ADDRESS", show_default=False,
                     help="Play the games as Ray tasks on the Ray cluster at ADDRESS (e.g. auto, ray://host:10001;"
                     " 'local' starts one here) instead of --workers; same games (needs pip install 'abstracta[ray]')."),
    ] = None,
    sprt: Annotated[
        Optional[str],
        typer.Option("--sprt", metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]", show_default=False,
                     help="Stop each pair as soon as a sequential probability ratio test (the GSPRT of fishtest"
                     " and cutechess) decides whether its first bot is E1 Elo stronger (H1) or at most E0 (H0);"
                     " --games is then the most a pair plays. alpha and beta default to 0.05."),
    ] = None,
) -> None:
    """Rate bot levels and trained policies: a round robin with seats rotated, then wins/draws/losses per pair and Elo with 95% intervals.

    A trained agent joins with --bots random,easy,baseline (the game's shipped baseline) or policy:FILE.onnx or policy:module:attr, rated on the same scale as the levels.

    Every pair plays --games games. In games of 3 or 4 players one seat holds one bot and the other seats copies of its rival, both rotated; the bot whose seats alone hold first place wins, a shared first place is a draw.

    Ctrl-C, or `kill PID` for a run in the background, stops early and still prints (and writes) the games finished so far.
    """
    with command_boundary():
        check_at_least("--games", games, 1)
        check_at_least("--workers", workers, 1)
        loaded = load_game(game, option)
        module = lazy_bots()
        names = [name.strip() for name in bots.split(",") if name.strip()]
        levels = module.LEVELS + module.REFERENCE_BOTS
        for name in names:
            if module.is_policy_spec(name):
                try:  # load it now: a bad spec fails here, with its reason, not in a worker
                    module.policy_bot(name, loaded)
                except ValueError as error:
                    fail(f"--bots: {error}")
            elif name not in levels:
                fail(f"unknown bot {name!r}; valid: {', '.join(levels)}, baseline, policy:FILE.onnx, policy:module:attr")
        if len(names) < 2:
            fail(f"--bots needs at least two bots to compare, got {', '.join(names) or 'none'}")
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            fail(f"--bots names {', '.join(repeated)} more than once; name each bot once")
        if png_file is not None:
            from abstracta.cli.plots import require_matplotlib

            require_matplotlib()
        for path in (json_file, csv_file, records_file, png_file):  # before hours of games, not after
            if path is not None and path.is_dir():
                fail(f"cannot write {path}: it is a folder; give a file name")
            if path is not None and not path.resolve().parent.is_dir():
                fail(f"cannot write {path}: the folder {path.resolve().parent} does not exist")
        if ray_address is not None:
            check_ray(workers)
        sprt_spec = None
        if sprt is not None:
            from abstracta.bots.sprt import parse_sprt

            try:
                sprt_spec = parse_sprt(sprt)
            except ValueError as error:
                fail(f"--sprt: {error}")
        from abstracta.bots.match import termination_counts
        from abstracta.bots.tournament import default_workers, seat_arrangements, run_tournament

        seed = fresh_seed() if seed is None else seed
        workers = default_workers() if workers is None else workers
        pairs = len(names) * (len(names) - 1) // 2
        rotation = len(seat_arrangements(names[0], names[1], loaded.num_players))
        console = stdout_console()
        options = options_text(loaded)
        where = f"on Ray at {ray_address}" if ray_address else f"{workers} worker{'s' if workers != 1 else ''}"
        say(console, f"{loaded.slug} {options}: {', '.join(names)}; {games} games a pair ({pairs * games} in all),"
                     f" {where}, seed {seed} (repeat with --seed {seed})")  # fmt: skip
        if sprt_spec is not None:
            say(console, f"SPRT {sprt_spec.describe()}:")
            say(console, f"  a pair stops when the LLR leaves [{sprt_spec.lower:.2f}, {sprt_spec.upper:.2f}]")
        if games % rotation:
            say(console, f"note: seats rotate every {rotation} games; with --games {games} some seats get one game more")

        began = time.perf_counter()
        with progress_bar() as progress, terminate_as_interrupt():
            task = progress.add_task("playing", total=pairs * games)
            try:
                result = run_tournament(loaded, names, games, seed, workers=workers, ray_address=ray_address,
                                        make_bot=module.bot_or_policy if any(map(module.is_policy_spec, names))
                                        else module.level_bot,
                                        on_game_done=lambda _: progress.advance(task), sprt=sprt_spec)  # fmt: skip
            except ConnectionError as error:  # no Ray cluster at that address
                fail(f"--ray {ray_address}: {error}")
        took = time.perf_counter() - began
        if result.interrupted:
            say(stderr_console(), f"interrupted: {len(result.games)} of {result.planned} games finished", "yellow")
        print_tables(console, result)
        say(console, f"games: {len(result.games)}   mean length: {_mean_length(result):.1f} plies   time: {took:.1f}s")
        endings = termination_counts(result.games)
        if endings:
            say(console, "ended by: " + ", ".join(f"{word} {count}" for word, count in endings.items()))
        if json_file is not None:
            _write(json_file, lambda handle: json.dump(result.to_json(), handle, indent=1))
            say(console, f"wrote {json_file}")
        if csv_file is not None:
            write_csv(csv_file, result)
            say(console, f"wrote {csv_file}, {_sibling(csv_file, 'pairs')} and {_sibling(csv_file, 'ratings')}")
        if records_file is not None:
            write_records(records_file, loaded, result)
            say(console, f"wrote {records_file}")
        if png_file is not None:
            from abstracta.cli.plots import tournament_png

            tournament_png(png_file, result)
            say(console, f"wrote {png_file}")
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)


def print_tables(console, result: TournamentResult) -> None:
    """The pair table (from the first bot's side) and the Elo table, strongest first."""
    columns = ("games", "wins", "draws", "losses", "score", "95% CI")
    pairs = _table("bot", "vs", *columns, numbers=columns)
    for pair in result.pairs:
        low, high = pair.score_interval()
        # a pair with no games (stopped early, or left out of a merge) has no score, not an even one
        score, interval = (f"{pair.score:.1%}", f"{low:.1%}-{high:.1%}") if pair.games else ("-", "not played")
        pairs.add_row(pair.a, pair.b, str(pair.games), str(pair.wins), str(pair.draws), str(pair.losses), score, interval)
    console.print(pairs)
    columns = ("Elo", "95% CI", "games", "score")
    ratings = _table("rank", "bot", *columns, numbers=("rank", *columns))
    for rank, rating in enumerate(sorted(result.ratings, key=lambda r: -r.elo), 1):
        interval = "anchor" if rating.bot == result.anchor else f"{rating.low:+.0f} to {rating.high:+.0f}"
        share = f"{rating.points / rating.games:.1%}" if rating.games else "-"
        ratings.add_row(str(rank), rating.bot, f"{rating.elo:+.0f}", interval, str(rating.games), share)
    console.print(ratings)
    zero = f"{result.anchor} = 0" if result.anchor else "mean = 0"
    say(console, f"Elo: maximum likelihood over all games, a draw half a win, {result.prior_draws:g} virtual draw"
                 f" per pair; {zero}.")  # fmt: skip
    first = result.first_move
    if first is not None and first.games:
        say(console, f"first seat: {first.elo:+.0f} Elo (95% {first.low:+.0f} to {first.high:+.0f}),"
                     " a shared edge fitted with the ratings")  # fmt: skip
    if result.sprt is not None:
        print_sprt(console, result)


def print_sprt(console, result: TournamentResult) -> None:
    """Each pair's sequential test: verdict, LLR against its bounds, units and games used."""
    spec = result.sprt
    assert spec is not None
    for test in result.sprt_results:
        if test.verdict == "H1":
            verdict = f"H1, {test.a} is at least {spec.elo1:g} Elo stronger"
        elif test.verdict == "H0":
            verdict = f"H0, {test.a} is at most {spec.elo0:g} Elo stronger"
        else:
            verdict = "no verdict within --games"
        say(console, f"SPRT {test.a} vs {test.b}: {verdict}")
        games = f" ({test.games} games)" if test.unit != "game" else ""
        say(console, f"  LLR {test.llr:+.2f} in [{spec.lower:.2f}, {spec.upper:.2f}] after {test.units}"
                     f" {test.unit}{'s' if test.units != 1 else ''}{games}")  # fmt: skip


def write_csv(path: Path, result: TournamentResult) -> None:
    """Every game to ``path``; the pair table and the ratings to the ``-pairs`` and ``-ratings`` siblings."""
    seats = len(result.games[0].seats) if result.games else 0
    header = ["pair", "a", "b", "index", "start_seed", "plies", "score_a", "winner", "termination"]
    for p in range(seats):
        header += [f"bot_{p}", f"seed_{p}", f"return_{p}", f"score_{p}"]

    def games(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow(header)
        for g in result.games:
            row = [g.pair, g.a, g.b, g.index, g.start_seed, g.plies, g.score, g.winner or "draw", g.termination]
            for p in range(seats):
                row += [g.seats[p], g.bot_seeds[p], g.returns[p], g.scores[p] if p < len(g.scores) else ""]
            writer.writerow(row)

    def pairs(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow(["a", "b", "games", "wins", "draws", "losses", "score", "score_low", "score_high"])
        for pair in result.pairs:
            writer.writerow([pair.a, pair.b, pair.games, pair.wins, pair.draws, pair.losses, pair.score,
                             *pair.score_interval()])  # fmt: skip

    def ratings(handle) -> None:
        writer = csv.writer(handle)
        writer.writerow(["bot", "elo", "elo_low", "elo_high", "games", "points"])
        for rating in result.ratings:
            writer.writerow([rating.bot, rating.elo, rating.low, rating.high, rating.games, rating.points])

    _write(path, games)
    _write(_sibling(path, "pairs"), pairs)
    _write(_sibling(path, "ratings"), ratings)


def write_records(path: Path, game, result: TournamentResult) -> None:
    """Every game as a record: the seats' bots as players, the pair and game index as extra tags."""
    from abstracta.cli.records import today
    from abstracta.core.records import Record, result_text, write_file

    records = []
    for g in result.games:
        record = Record(game.slug, dict(game.options), list(g.moves), seed=g.start_seed, players=list(g.seats),
                        date=today(), extra={"Pair": f"{g.a} vs {g.b}", "Round": str(g.index + 1)})  # fmt: skip
        record.result = result_text(g.returns)
        record.termination = g.termination
        records.append(record)
    try:
        write_file(path, records)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


def _sibling(path: Path, part: str) -> Path:
    """``games.csv`` -> ``games-pairs.csv``."""
    return path.with_name(f"{path.stem}-{part}{path.suffix or '.csv'}")


def _write(path: Path, fill) -> None:
    try:
        with path.open("w", newline="", encoding="utf-8") as handle:
            fill(handle)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


def _mean_length(result: TournamentResult) -> float:
    return sum(g.plies for g in result.games) / len(result.games) if result.games else 0.0


def _table(*columns: str, numbers: tuple[str, ...] = ()) -> Table:
    table = Table()
    for column in columns:
        table.add_column(column, justify="right" if column in numbers else "left")
    return table
