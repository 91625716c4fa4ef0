"""The ``abstracta`` command: play, serve, perft, simulate, tournament, bench, games.

Each command is a thin layer: check its options, load the game through ``abstracta.load()``,
run, print with rich. Every error a user can cause ends as one ``error: ...`` line on stderr
with exit code 2 (see :func:`abstracta.cli.common.command_boundary`), never a traceback.
"""

from __future__ import annotations

import inspect
import random
import time
from typing import Annotated, Any, Callable, Optional, get_type_hints

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
    LEVEL_NAMES,
    allowed_text,
    check_positive,
    command_boundary,
    fail,
    initial_state,
    lazy_bots,
    load_game,
    player_counts,
    say,
    stderr_console,
    stdout_console,
)
from abstracta.cli.render import picture_for
from abstracta.cli.analyse import analyse
from abstracta.cli.puzzles import puzzles
from abstracta.cli.server_admin import db_app, serve, user_app
from abstracta.cli.simulate import simulate
from abstracta.cli.tournament import tournament
from abstracta.core.rng import fresh_seed
from abstracta.core.rules_text import rules_source, with_diagrams_drawn

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
    ctx: typer.Context,
    vs: Annotated[
        str,
        typer.Option(
            "--vs",
            metavar=f"human|{LEVEL_NAMES}",
            help="Opponent: 'human' for hotseat (everyone types at this terminal) or a bot level, weakest first;"
            " the level sets how long the bot thinks (old-hard: the MCTS bot the levels are measured against).",
        ),
    ] = "human",
    seat: Annotated[
        int,
        typer.Option("--seat", help="Your player number against a bot: 0 moves first (strategic-reserve: 0 = Red)."),
    ] = 0,
    seed: SeedOpt = None,
    option: OptionsOpt = None,
    position: PositionOpt = None,
    hints: Annotated[
        bool, typer.Option("--hints/--no-hints", help="Mark the legal target squares on the board.")
    ] = True,
    save: Annotated[
        Optional[str],
        typer.Option("--save", metavar="FILE", help="Write the game record to FILE after every move"
                     " (JSON when FILE ends in .json, else text).", show_default=False),
    ] = None,
    load: Annotated[
        Optional[str],
        typer.Option("--load", metavar="FILE", help="Continue the game saved in FILE (every move is checked);"
                     " it keeps saving there unless --save names another file.", show_default=False),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --save replace a file that holds another game.")
    ] = False,
) -> None:
    """Play a game in the terminal: hotseat, or against a bot.

    Dice are rolled for you, a fair draw seeded by --seed.

    At the prompt type a move, or: moves, board, position, undo (hotseat), help, quit.
    """
    from abstracta.cli.play import TerminalGame, _stdin_is_terminal, dice, enable_line_editing
    from abstracta.cli.records import (
        RecordSaver,
        check_overwrite,
        flag_seats,
        load_for_play,
        new_record,
        seats_from_record,
    )

    with command_boundary():
        saved_states: list[Any] = []
        if load is not None:
            if option or position:
                fail("--load continues a saved game: its options and start come from the file, not --option/--position")
            record, saved_states = load_for_play(load)
            if record.game != game:
                fail(f"{load} holds a game of {record.game}, not {game}")
            loaded = saved_states[0].game
        else:
            loaded = load_game(game, option)
        renderer = picture_for(loaded)
        names = renderer.player_names(loaded)

        def levels() -> list[str]:
            module = lazy_bots()
            return [*module.LEVELS, *module.REFERENCE_BOTS]

        # typer ships its own click, so the source is told by name, not by click's enum
        given = {name for name in ("vs", "seat") if getattr(ctx.get_parameter_source(name), "name", "") == "COMMANDLINE"}
        if load is not None:  # the record says who plays whom; the flags, when given, must agree
            vs_given, seat_given = (vs if "vs" in given else None), (seat if "seat" in given else None)
            levels_by_seat, seat = seats_from_record(record, load, names, levels, vs_given, seat_given)
        else:
            levels_by_seat, seat = flag_seats(loaded.num_players, names, levels, vs, seat)
        if save is not None and not force:
            check_overwrite(save, load, input if _stdin_is_terminal() else None)
        seed = fresh_seed() if seed is None else seed
        bots: dict[int, tuple[str, Callable[[Any], str]]] = {}
        for player, level in levels_by_seat.items():
            bots[player] = (level, lazy_bots().level_bot(level, loaded, seed=seed + 1 + player).choose)
        state = saved_states[-1] if saved_states else initial_state(loaded, position, seed)
        players = [bots[p][0] if p in bots else "human" for p in range(loaded.num_players)]
        if load is None:
            record = new_record(loaded, state, seed, position is not None, players)
        else:
            record.players = players
        save_to = save or load
        hidden_from_you = bool(bots) and not loaded.perfect_information
        saver = RecordSaver(save_to, record, seat if hidden_from_you else None) if save_to else None

        console = stdout_console()
        say(console, f"{loaded.title}  {_options_text(loaded.options)}", "bold")
        if bots:
            roles = ", ".join(f"{name}: {bots[p][0] if p in bots else 'you'}" for p, name in enumerate(names))
        else:
            roles = "hotseat: " + ", ".join(names)
        say(console, f"{roles}.  Seed {seed} (repeat with --seed {seed}).  Type 'help' for commands.")
        if load is not None:
            say(console, f"Continuing {load} after {len(record.moves)} plies (every move checked).")
        terminal = TerminalGame(
            state, renderer, console, dice(random.Random(seed)), bots, hints=hints, line_editing=enable_line_editing(),
            history=saved_states or None, moves=record.moves, on_change=saver,
        )  # fmt: skip
        terminal.saved_to = save_to
        if saver is not None:
            saver(terminal)  # the file exists from the first prompt on
        code = terminal.run()
    raise typer.Exit(code)


# -- replay --------------------------------------------------------------------
@app.command()
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A game record (text or JSON), e.g. from play --save.", show_default=False)],
    game_number: Annotated[
        int, typer.Option("--game", "-g", help="Which game of a file holding several (1 = the first).")
    ] = 1,
) -> None:
    """Step through a saved game on the board: n or Enter next, p previous, a number jumps to that ply, q quits.

    Every move is checked against the rules first; the first illegal one is named.
    """
    from abstracta.cli.records import load_for_replay, step_through

    with command_boundary():
        record, states = load_for_replay(file, game_number)
        console = stdout_console()
        renderer = picture_for(states[0].game)
        who = f"  players: {', '.join(record.players)}" if record.players else ""
        view = f"  (the record of what {record.seen_by} saw)" if record.view is not None else ""
        say(console, f"{states[0].game.title}  {len(record.moves)} plies  result {record.result}"
                     f" ({record.termination}){who}{view}")  # fmt: skip
        step_through(record, states, renderer, console, input)


# -- export ------------------------------------------------------------------
@app.command()
def export(
    file: Annotated[str, typer.Argument(metavar="FILE", help="Game records (text or JSON) of Reflec or Desfases.", show_default=False)],
    ppn: Annotated[
        str,
        typer.Option("--ppn", metavar="OUT", help="Write every game of FILE to OUT in Portable Piecepack Notation"
                     " (YAML header, then movetext in piecepack piece codes; see docs/ppn.md)."),
    ],
) -> None:
    """Export game records for other tools: Portable Piecepack Notation for the piecepack games (Reflec, Desfases)."""
    from abstracta.cli.ppn import to_ppn
    from abstracta.core.records import read_file

    with command_boundary():
        records = read_file(file)
        texts = []
        for number, record in enumerate(records, 1):
            try:
                texts.append(to_ppn(record))
            except ValueError as error:
                fail(f"{file}, game {number}: {error}")
        try:
            with open(ppn, "w", encoding="utf-8") as handle:
                handle.write("".join(texts))
        except OSError as error:
            fail(f"cannot write {ppn}: {error.strerror or error}")
        say(stdout_console(), f"wrote {len(texts)} game{'s' if len(texts) != 1 else ''} to {ppn}")


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
    seed: Annotated[
        Optional[int],
        typer.Option("--seed", help="Seed of the start position, for games with a random setup.", show_default=False),
    ] = None,
) -> None:
    """Count move paths (perft) from the start or a position: one row per depth, with timings.

    Each chance outcome counts as one branch, as in the perft tables of the rules files. A game
    with a compiled core counts on it (the output says which engine counted; docs/compiled.md).
    """
    from abstracta.core.perft import divide as divide_counts
    from abstracta.core.perft import fast_perft

    with command_boundary():
        if not 0 <= depth <= MAX_PERFT_DEPTH:
            fail(f"--depth must be from 0 to {MAX_PERFT_DEPTH}, got {depth}")
        loaded = load_game(game, option)
        if seed is None and position is None:
            seed = fresh_seed()  # printed below, so a count from a random setup can be repeated
        state = initial_state(loaded, position, seed)
        console = stdout_console()
        seed_text = f"  seed {seed}" if position is None else ""
        say(console, f"{loaded.slug}  {_options_text(loaded.options)}{seed_text}")
        say(console, f"position: {state.notation()}")
        table = _table(*PERFT_COLUMNS, numbers=PERFT_COLUMNS)
        engine = "Python engine"
        with stderr_console().status("counting...") as status:
            for d in range(1 if depth else 0, depth + 1):
                status.update(f"counting depth {d}...")
                began = time.perf_counter()
                nodes, engine = fast_perft(state, d)
                took = time.perf_counter() - began
                rate = f"{nodes / took:,.0f}" if took > 0 else "-"
                table.add_row(str(d), str(nodes), f"{took:.3f}s", rate)
            split = divide_counts(state, depth, fast=True) if divide else []
        console.print(table)
        say(console, f"counted by the {engine}")
        if split:
            say(console, f"divide at depth {depth}:")
            for move, nodes in split:
                say(console, f"  {move}: {nodes}")


# -- simulate (its own module) -------------------------------------------------
app.command()(simulate)

# -- analyse (its own module) --------------------------------------------------
app.command()(analyse)


# -- puzzles (its own module) --------------------------------------------------
app.command()(puzzles)


# -- tournament (its own module) -----------------------------------------------
app.command()(tournament)
app.command()(serve)
app.add_typer(db_app, name="db")
app.add_typer(user_app, name="user")


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
            lines = []
            for spec in sorted(loaded.option_specs, key=lambda spec: spec.name):  # variant options too
                default = loaded.options.get(spec.name, spec.default)
                allowed = allowed_text(spec)
                lines.append(f"{spec.name}={default}" + (f": {allowed}" if allowed else ""))
            table.add_row(slug, loaded.title, player_counts(loaded), "\n".join(lines) or "-")
        stdout_console().print(table)


# -- rules ---------------------------------------------------------------------
@app.command("rules")
def rules(game: GameArg) -> None:
    """Print a game's full rules: how to play in one minute, the rules, diagrams, the legend.

    The same text as the page /rules/GAME of 'abstracta serve'."""
    from rich.markdown import Markdown  # here, not at the top: every other command starts without it

    with command_boundary():
        loaded = abstracta.load(game)
        source = rules_source(type(loaded))
        if source is None:
            fail(f"{game} ships no rules text; its page /rules/{game} shows its description")
        stdout_console().print(Markdown(with_diagrams_drawn(type(loaded), source), code_theme="ansi_light"))


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


def _hide_flag_types() -> None:
    """Help shows no ``<bool>`` type for on/off flags (they take no value); other options keep their types."""
    from typer.core import TyperOption

    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "hides_flags", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> Any:
        return None if self.is_flag else shown(self, ctx)

    display_type_rich.hides_flags = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


def _keep_brackets_in_help(typer_app: typer.Typer) -> None:
    """Help text shows square brackets as written (``pip install 'abstracta[plots]'``, ``[default: ...]``).

    Typer renders help with rich markup, where ``[plots]`` is a style tag and vanishes. Help here is
    plain text, so every command's docstring and every option's help is escaped once, in one place,
    rather than asking each help string to remember the markup.
    """
    from rich.markup import escape
    from typer.models import ParameterInfo

    for command in typer_app.registered_commands:
        callback = command.callback
        if callback is None:
            continue
        if command.help is None and callback.__doc__:
            command.help = escape(inspect.cleandoc(callback.__doc__))
        # Annotations are strings (postponed evaluation) and each evaluation makes new Option objects,
        # so the evaluated ones are escaped and handed back to the callback, where Typer reads them.
        hints = get_type_hints(callback, include_extras=True)
        defaults = [parameter.default for parameter in inspect.signature(callback).parameters.values()]
        for info in [meta for hint in hints.values() for meta in getattr(hint, "__metadata__", ())] + defaults:
            if isinstance(info, ParameterInfo) and info.help:
                info.help = escape(info.help)
        callback.__annotations__ = hints


_hide_flag_types()
_keep_brackets_in_help(app)


def main() -> None:
    """Entry point of the ``abstracta`` console script."""
    app()


if __name__ == "__main__":
    main()
