"""The ``abstracta`` command: play, serve, perft, simulate, bench, games.

Each command is a thin layer: check its options, load the game through ``abstracta.load()``,
run, print with rich. Every error a user can cause ends as one ``error: ...`` line on stderr
with exit code 2 (see :func:`abstracta.cli.common.command_boundary`), never a traceback.
"""

from __future__ import annotations

import math
import random
import time
from typing import Annotated, Any, Callable, Optional

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

import abstracta
from abstracta.cli.common import (
    check_at_least,
    check_positive,
    command_boundary,
    fail,
    initial_state,
    lazy_bots,
    load_game,
    say,
    stderr_console,
    stdout_console,
)
from abstracta.cli.render import renderer_for
from abstracta.core.rng import fresh_seed

MAX_PERFT_DEPTH = 10
PERFT_COLUMNS = ("depth", "count", "time", "nodes/s")
BENCH_COLUMNS = ("playouts", "plies", "seconds", "playouts/s", "plies/s")
ABOUT = "Abstract strategy games by their exact rules: play them, count their moves, pit bots against each other."

app = typer.Typer(
    name="abstracta",
    help=ABOUT,
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_show_locals=False,
)

# -- options several commands share --------------------------------------------
GameArg = Annotated[
    str,
    typer.Argument(
        help="Game to use, by slug, e.g. strategic-reserve ('abstracta games' lists them).", show_default=False
    ),
]
OptionsOpt = Annotated[
    Optional[list[str]],
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option, e.g. --option reserve=7; repeat it for several ('abstracta games' lists them).",
        show_default=False,
    ),
]
PositionOpt = Annotated[
    Optional[str],
    typer.Option(
        "--position", "-p", help="Start from this position, in the game's notation (quote it).", show_default=False
    ),
]
SeedOpt = Annotated[
    Optional[int],
    typer.Option(
        "--seed",
        help="Seed for every random draw, so a run can be repeated; printed when left out.",
        show_default=False,
    ),
]
IterationsOpt = Annotated[
    Optional[int],
    typer.Option(
        "--iterations", metavar="N", help="Search iterations per move for the mcts bot (with or instead of --think)."
    ),
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"abstracta {abstracta.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", "-V", callback=_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Abstract strategy games by their exact rules: play them, count their moves, pit bots against each other."""


# -- play ----------------------------------------------------------------------
@app.command()
def play(
    game: GameArg,
    vs: Annotated[
        str,
        typer.Option(
            "--vs",
            metavar="human|random|mcts",
            help="Opponent: 'human' for hotseat (everyone types at this terminal) or a bot name.",
        ),
    ] = "human",
    seat: Annotated[
        int,
        typer.Option("--seat", help="Your player number against a bot: 0 moves first (strategic-reserve: 0 = Red)."),
    ] = 0,
    seed: SeedOpt = None,
    option: OptionsOpt = None,
    position: PositionOpt = None,
    think: Annotated[
        float, typer.Option("--think", metavar="SECONDS", help="Thinking time per move for the mcts bot.")
    ] = 1.0,
    iterations: IterationsOpt = None,
    hints: Annotated[
        bool, typer.Option("--hints/--no-hints", help="Mark the legal target squares on the board.")
    ] = True,
) -> None:
    """Play a game in the terminal: hotseat, or against a bot.

    Dice are rolled for you, a fair draw seeded by --seed.

    At the prompt type a move, or: moves, board, position, undo (hotseat), help, quit.
    """
    from abstracta.cli.play import TerminalGame, dice

    with command_boundary():
        loaded = load_game(game, option)
        renderer = renderer_for(loaded.slug)
        names = renderer.player_names(loaded)
        if not 0 <= seat < loaded.num_players:
            seats = ", ".join(f"{p} = {name}" for p, name in enumerate(names))
            fail(f"--seat {seat} is out of range for {loaded.slug}: choose one of {seats}")
        check_positive("--think", think)
        check_at_least("--iterations", iterations, 1)
        seed = fresh_seed() if seed is None else seed
        bots: dict[int, tuple[str, Callable[[Any], str]]] = {}
        if vs != "human":
            module = lazy_bots()
            if vs not in module.BOT_NAMES:
                fail(f"unknown opponent {vs!r}; valid opponents: human, {', '.join(module.BOT_NAMES)}")
            for player in range(loaded.num_players):
                if player != seat:
                    bot = module.make_bot(vs, seed=seed + 1 + player, iterations=iterations, seconds=think)
                    bots[player] = (vs, bot.choose)
        state = initial_state(loaded, position, seed)

        console = stdout_console()
        say(console, f"{loaded.title}  {_options_text(loaded.options)}", "bold")
        if bots:
            roles = ", ".join(f"{name}: {bots[p][0] if p in bots else 'you'}" for p, name in enumerate(names))
        else:
            roles = "hotseat: " + ", ".join(names)
        say(console, f"{roles}.  Seed {seed} (repeat with --seed {seed}).  Type 'help' for commands.")
        code = TerminalGame(state, renderer, console, dice(random.Random(seed)), bots, hints=hints).run()
    raise typer.Exit(code)


# -- perft ---------------------------------------------------------------------
@app.command()
def perft(
    game: GameArg,
    depth: Annotated[
        int, typer.Option("--depth", "-d", help=f"Count move paths up to this many plies (0 to {MAX_PERFT_DEPTH}).")
    ] = 3,
    position: PositionOpt = None,
    option: OptionsOpt = None,
    divide: Annotated[bool, typer.Option("--divide", help="Also split the deepest count by first move.")] = False,
) -> None:
    """Count move paths (perft) from the start or a position: one row per depth, with timings.

    Each chance outcome counts as one branch, as in the perft tables of the rules files.
    """
    from abstracta.core.perft import divide as divide_counts
    from abstracta.core.perft import perft as count

    with command_boundary():
        if not 0 <= depth <= MAX_PERFT_DEPTH:
            fail(f"--depth must be from 0 to {MAX_PERFT_DEPTH}, got {depth}")
        loaded = load_game(game, option)
        state = initial_state(loaded, position)
        console = stdout_console()
        say(console, f"{loaded.slug}  {_options_text(loaded.options)}")
        say(console, f"position: {state.notation()}")
        table = _table(*PERFT_COLUMNS, numbers=PERFT_COLUMNS)
        with stderr_console().status("counting...") as status:
            for d in range(1 if depth else 0, depth + 1):
                status.update(f"counting depth {d}...")
                began = time.perf_counter()
                nodes = count(state, d)
                took = time.perf_counter() - began
                rate = f"{nodes / took:,.0f}" if took > 0 else "-"
                table.add_row(str(d), str(nodes), f"{took:.3f}s", rate)
            split = divide_counts(state, depth) if divide else []
        console.print(table)
        if split:
            say(console, f"divide at depth {depth}:")
            for move, nodes in split:
                say(console, f"  {move}: {nodes}")


# -- simulate ------------------------------------------------------------------
@app.command()
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games to play (at least 1).")] = 10,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="NAME[,NAME...]",
            help="The bot of each seat, comma-separated, e.g. mcts,random; a single name plays every seat.",
        ),
    ] = "random",
    seed: SeedOpt = None,
    option: OptionsOpt = None,
    think: Annotated[
        Optional[float],
        typer.Option("--think", metavar="SECONDS", help="Thinking time per move for mcts bots.", show_default=False),
    ] = None,
    iterations: IterationsOpt = None,
) -> None:
    """Play bots against each other; report wins, win rates with 95% intervals, mean final scores, draws and game length."""
    with command_boundary():
        check_at_least("--games", games, 1)
        check_positive("--think", think)
        check_at_least("--iterations", iterations, 1)
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
        for name in dict.fromkeys(names):
            if name not in module.BOT_NAMES:
                fail(f"unknown bot {name!r}; valid bots: {', '.join(module.BOT_NAMES)}")
        factories = [_bot_factory(module.make_bot, name, iterations, think) for name in names]
        seed = fresh_seed() if seed is None else seed

        console = stdout_console()
        plural = "s" if games != 1 else ""
        say(console, f"{loaded.slug} {_options_text(loaded.options)}: {games} game{plural}, seed {seed}"
                     f" (repeat with --seed {seed})")  # fmt: skip
        began = time.perf_counter()
        with _progress() as progress:
            task = progress.add_task("playing", total=games)
            result = module.play_match(loaded, factories, games, seed, on_game_done=lambda _: progress.advance(task))
        took = time.perf_counter() - began
        seat_names = renderer_for(loaded.slug).player_names(loaded)
        columns = ("wins", "win rate", "95% CI", "mean return", "mean score")  # fits 80 columns
        table = _table("seat", "bot", *columns, numbers=columns)
        for p in range(result.num_players):
            rate, low, high = result.win_rate_interval(p)
            interval = f"{low:.1%}-{high:.1%}"
            table.add_row(f"{p} {seat_names[p]}", names[p], str(result.wins[p]), f"{rate:.1%}", interval,
                          f"{result.mean_return(p):+.3f}", f"{result.mean_score(p):.2f}")  # fmt: skip
        console.print(table)
        say(console, f"draws: {result.draws}   shared first places: {result.shared_firsts}"
                     f"   mean length: {result.mean_length:.1f} plies   time: {took:.1f}s")  # fmt: skip
        # First-seat advantage, the balance figure designers ask for first: seat 0 against a fair share.
        fair = 1 / result.num_players
        margin, half_width = result.first_seat_margin()
        spread = f" (95%: ±{half_width:.2f})" if math.isfinite(half_width) else ""
        say(console, f"first seat ({seat_names[0]}): win rate {result.win_rate_interval(0)[0]:.1%} against a fair"
                     f" {fair:.1%}; its score minus the other seats' mean: {margin:+.2f}{spread}")  # fmt: skip


def _bot_factory(make_bot: Callable[..., Any], name: str, iterations: int | None, seconds: float | None):
    """What ``play_match`` wants per seat: a function from a seed to a fresh bot."""
    return lambda seed: make_bot(name, seed=seed, iterations=iterations, seconds=seconds)


# -- bench ---------------------------------------------------------------------
@app.command()
def bench(
    game: GameArg,
    seconds: Annotated[
        float, typer.Option("--seconds", "-s", help="How long to play random playouts, in seconds.")
    ] = 5.0,
    seed: SeedOpt = None,
    option: OptionsOpt = None,
) -> None:
    """Measure engine speed: random playouts from the start for a while, then playouts/s and plies/s."""
    with command_boundary():
        check_positive("--seconds", seconds)
        loaded = load_game(game, option)
        module = lazy_bots()
        seed = fresh_seed() if seed is None else seed
        console = stdout_console()
        say(console, f"{loaded.slug} {_options_text(loaded.options)}: random playouts for {seconds:g}s, seed {seed}")
        with _progress(fraction=True) as progress:
            task = progress.add_task("playing out", total=1.0)

            def on_progress(fraction: float) -> None:  # the share of the time budget used so far
                progress.update(task, completed=min(fraction, 1.0))

            result = module.bench(loaded, seconds, seed=seed, on_progress=on_progress)
        table = _table(*BENCH_COLUMNS, numbers=BENCH_COLUMNS)
        table.add_row(
            f"{result.playouts:,}",
            f"{result.plies:,}",
            f"{result.seconds:.2f}",
            f"{result.playouts_per_second:,.1f}",
            f"{result.plies_per_second:,.0f}",
        )
        console.print(table)


# -- games ---------------------------------------------------------------------
@app.command("games")
def list_games() -> None:
    """List the games with their players and options (defaults and allowed values)."""
    with command_boundary():
        table = _table("game", "title", "players", "options (default: allowed)", numbers=("players",))
        for slug in abstracta.games():
            try:
                loaded = abstracta.load(slug)
            except Exception as error:  # a game still being written must not hide the others
                table.add_row(slug, "", "", f"(cannot load: {error})")
                continue
            specs = {spec.name: spec for spec in getattr(loaded, "option_specs", ())}
            lines = []
            for name, default in loaded.options.items():
                allowed = getattr(specs.get(name), "allowed", "")
                lines.append(f"{name}={default}" + (f": {allowed}" if allowed else ""))
            table.add_row(slug, loaded.title, str(loaded.num_players), "\n".join(lines) or "-")
        stdout_console().print(table)


# -- serve ---------------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        Optional[str],
        typer.Option(
            "--db",
            metavar="URL",
            help="SQLAlchemy database URL, e.g. sqlite:///games.db or postgresql://user@host/abstracta "
            "[default: a SQLite file in the user's data directory].",
            show_default=False,
        ),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option("--bot-pause", metavar="SECONDS", help="Least time a bot takes per move, so moves can be followed.")
    ] = 0.6,
    bot_workers: Annotated[
        Optional[int],
        typer.Option("--bot-workers", metavar="N", help="Processes the bots think in [default: one per core].",
                     show_default=False),
    ] = None,
) -> None:
    """Start the web app: lobby, games in the browser, REST API (/openapi.json) and live updates."""
    with command_boundary():
        if not 0 <= port <= 65535:
            fail(f"--port must be from 0 to 65535, got {port}")
        if bot_pause < 0:
            fail(f"--bot-pause must be 0 or more, got {bot_pause:g}")
        if bot_workers is not None and not 1 <= bot_workers <= 64:
            fail(f"--bot-workers must be from 1 to 64, got {bot_workers}")
        import socket

        import uvicorn

        from abstracta.server import create_app, default_database_url

        url = db or default_database_url()
        try:
            application = create_app(url, bot_pause=bot_pause, bot_workers=bot_workers)
        except Exception as error:  # a bad URL or an unreachable database
            fail(f"cannot open the database {url}: {error}")
        try:
            listener = socket.create_server((host, port))
        except OSError as error:
            fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
        address = f"http://{shown}:{listener.getsockname()[1]}/"
        console = stdout_console()
        say(console, f"abstracta {abstracta.__version__} serving at {address}", "bold")
        say(console, f"API description at {address}openapi.json   database: {url}   Ctrl-C stops.")
        server = uvicorn.Server(uvicorn.Config(application, log_level="warning"))
        server.run(sockets=[listener])


# -- helpers -------------------------------------------------------------------
def _options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


def _table(*columns: str, numbers: tuple[str, ...] = ()) -> Table:
    """A table with these column headers; the ``numbers`` columns are right-aligned."""
    table = Table()
    for column in columns:
        table.add_column(column, justify="right" if column in numbers else "left")
    return table


def _progress(fraction: bool = False) -> Progress:
    """A progress bar on stderr that disappears when done (and prints nothing when not a terminal)."""
    return Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn() if fraction else MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=stderr_console(),
        transient=True,
    )


def main() -> None:
    """Entry point of the ``abstracta`` console script."""
    app()


if __name__ == "__main__":
    main()
