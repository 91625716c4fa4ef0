"""What every command shares: one-line errors, consoles, loading a game from the command line.

Commands reach games only through ``abstracta.load()`` and ``State`` (the contract), so a new
game works here the moment it is registered.
"""

from __future__ import annotations

import contextlib
import signal
from typing import Any, Iterator, NoReturn

import importlib

import typer
from rich.console import Console
from typer.core import TyperGroup

import abstracta
from abstracta.core.api import Game, State
from abstracta.core.options import Option, parse_option_pairs

USAGE_ERROR = 2
"""Exit code for bad input on the command line (the same code typer uses for usage errors)."""

INTERRUPTED = 130

LEVEL_NAMES = "random|easy|medium|hard|old-hard"
"""What ``--vs`` and ``--bots`` accept: ``abstracta.bots.LEVELS`` then ``REFERENCE_BOTS`` (kept in step by a test)."""


class CliError(Exception):
    """A problem to report as one ``error: ...`` line on stderr, then exit ``code``."""

    def __init__(self, message: str, code: int = USAGE_ERROR) -> None:
        super().__init__(message)
        self.code = code


ECHO_LIMIT = 80
"""Longest piece of user input (a position, a move) an error message repeats; longer is cut."""

MESSAGE_LIMIT = 400
"""Longest error line printed; the rest is cut (a message is read, not scrolled)."""


def stdout_console() -> Console:
    """A console on stdout; rich drops colour by itself when stdout is not a terminal.

    Game notation is printed exactly as written: no markup (``[...]`` stays literal) and no
    emoji codes (Desfases writes ``:a:``, which rich would otherwise turn into a picture).
    """
    return Console(highlight=False, markup=False, emoji=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False, markup=False, emoji=False)


def say(console: Console, text: str, style: str = "") -> None:
    """Print ``text`` as given: no markup, no highlighting, never hard-wrapped (so it greps well)."""
    console.print(text, style=style, markup=False, emoji=False, highlight=False, soft_wrap=True)


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, marked with how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text)} characters)"


def clip_echo(message: str, echoed: str, limit: int = ECHO_LIMIT) -> str:
    """``message`` with the user's input ``echoed`` in it cut to ``limit`` characters."""
    if len(echoed) <= limit or echoed not in message:
        return message
    return message.replace(echoed, clip(echoed, limit))


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    raise CliError(message, code)


@contextlib.contextmanager
def command_boundary() -> Iterator[None]:
    """Turn the errors users can cause into one line on stderr and an exit code, never a traceback.

    ``IllegalMove`` and ``NotationError`` are ``ValueError`` subclasses, and option and game
    lookup errors are ``ValueError`` too, with messages that already list the valid values.
    """
    try:
        yield
    except CliError as error:
        _print_error(str(error))
        raise typer.Exit(error.code) from None
    except ValueError as error:
        _print_error(str(error))
        raise typer.Exit(USAGE_ERROR) from None
    except KeyboardInterrupt:
        _print_error("interrupted")
        raise typer.Exit(INTERRUPTED) from None


CLICK_EXCEPTIONS = importlib.import_module(TyperGroup.__mro__[1].__module__.rsplit(".", 1)[0] + ".exceptions")
"""The click exceptions typer raises: recent typer ships its own copy of click, older ones use click itself,
so the module is found through the click class typer's group is built on."""


class OneLineUsageErrors(TyperGroup):
    """The command group whose usage errors (a mistyped flag, a missing argument, a bad value) end as
    one ``error: ...`` line naming the ``--help`` to read, like every other error of the command,
    instead of typer's usage block and boxed message."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        with _usage_errors_in_one_line():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: Any) -> Any:
        with _usage_errors_in_one_line():  # the subcommands parse their options in here
            return super().invoke(ctx)


@contextlib.contextmanager
def _usage_errors_in_one_line() -> Iterator[None]:
    try:
        yield
    except CLICK_EXCEPTIONS.UsageError as error:
        if type(error).__name__ == "NoArgsIsHelpError":  # no arguments at all: that prints the help
            raise
        context = error.ctx
        message = error.format_message().rstrip(".")
        if context is not None:
            message += f"{' S' if message.endswith('?') else '; s'}ee '{context.command_path} --help'"
        _print_error(message)
        raise typer.Exit(error.exit_code) from None


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While a long run plays, a plain ``kill`` (SIGTERM) stops it the way Ctrl-C does.

    The games finished so far are then still printed and written. A run started in the background
    from a script cannot be stopped with ``kill -INT``: the shell makes such a process ignore
    SIGINT, so SIGTERM is the signal that reaches it.
    """

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread (a command run by a test's thread): leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _print_error(message: str) -> None:
    # One line: collapse any newline a message might carry. markup=False keeps '[...]' literal.
    line = clip(" ".join(message.split()), MESSAGE_LIMIT)
    stderr_console().print(f"error: {line}", style="red", markup=False, emoji=False, soft_wrap=True)


def load_game(slug: str, option_pairs: list[str] | None) -> Game:
    """``abstracta.load(slug, **options)`` from repeated ``--option key=value`` texts."""
    options = parse_option_pairs(option_pairs or [])
    return abstracta.load(slug, **options)


def options_text(game: Game) -> str:
    """The game's options as ``key=value`` words, leaving out those left unset (None: the game decides)."""
    return " ".join(f"{key}={value}" for key, value in game.options.items() if value is not None)


def initial_state(game: Game, position: str | None, seed: int | None = None) -> State:
    """The start position, or ``position`` parsed in the game's notation."""
    if position is not None:
        try:
            return game.parse(position)
        except ValueError as error:
            fail(f"--position: {clip_echo(str(error), position)}")
    return game.start(seed=seed)


def allowed_text(spec: Option | None) -> str:
    """An option's allowed values as typed after ``--option name=`` (``""`` without a spec): a choice
    the game also takes as text (Desfases ``players``: 4 or "4") is listed once."""
    if spec is None:
        return ""
    if spec.choices:
        return "one of " + ", ".join(dict.fromkeys("none" if c is None else str(c) for c in spec.choices))
    return spec.allowed


def player_counts(game: Game) -> str:
    """How many may play: the counts a ``players`` option allows (``2 to 4``, ``2 or 4``), else the game's one count."""
    if "players" not in game.options:
        return str(game.num_players)
    counts = set()
    for players in range(1, 9):
        try:
            counts.add(abstracta.load(game.slug, players=players).num_players)
        except ValueError:
            continue
    counts_in_order = sorted(counts) or [game.num_players]
    low, high = counts_in_order[0], counts_in_order[-1]
    if len(counts_in_order) > 2 and counts_in_order == list(range(low, high + 1)):
        return f"{low} to {high}"
    return " or ".join(str(count) for count in counts_in_order)


def check_positive(name: str, value: float | None) -> None:
    if value is not None and not value > 0:
        fail(f"{name} must be greater than 0, got {value:g}")


def check_at_least(name: str, value: int | None, low: int) -> None:
    if value is not None and value < low:
        fail(f"{name} must be at least {low}, got {value}")


def check_ray(workers: int | None) -> None:
    """Refuse ``--ray`` without Ray installed, or together with ``--workers``."""
    try:
        import ray  # noqa: F401
    except ImportError:
        fail("--ray needs Ray: pip install 'abstracta[ray]'")
    if workers is not None:
        fail("--ray and --workers exclude each other: the Ray cluster decides how many games run at once")


def lazy_bots() -> Any:
    """The bots package, imported only by the commands that need it."""
    import abstracta.bots as bots

    return bots


PROGRESS_LINE_SECONDS = 60.0
"""Longest quiet spell of a log-file progress report while games keep finishing."""


class LineProgress:
    """Progress of a long run written to a log file: plain lines instead of a bar.

    A bar redrawn in place means nothing in a file (rich draws none there), so a tournament
    sent to a log would say nothing for an hour. This prints ``label: done/total (share),
    elapsed`` whenever another tenth of the work is done, and at least once a minute while
    work keeps finishing. It offers the part of ``rich.progress.Progress`` the commands use.
    """

    def __init__(self, console: Console, unit: str, clock: Any = None) -> None:
        import time

        self._console, self._unit = console, unit
        self._clock = clock or time.monotonic
        self._began = self._last_line = self._clock()
        self._description, self._total, self._done, self._printed_tenths = "", 0.0, 0.0, 0

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: float) -> int:
        self._description, self._total = description, float(total)
        return 0

    def advance(self, task: int, advance: float = 1) -> None:
        self._done += advance
        tenths = int(10 * self._done / self._total) if self._total else 10
        now = self._clock()
        if tenths > self._printed_tenths or now - self._last_line >= PROGRESS_LINE_SECONDS:
            self._printed_tenths, self._last_line = tenths, now
            say(self._console, self.line(now - self._began))

    def line(self, elapsed: float) -> str:
        share = f" ({self._done / self._total:.0%})" if self._total else ""
        minutes, seconds = divmod(round(elapsed), 60)
        return f"{self._description}: {self._done:g}/{self._total:g} {self._unit}{share}, {minutes}:{seconds:02d} elapsed"


def progress_bar(unit: str = "games") -> Any:
    """A progress bar on stderr that disappears when done; in a log file, :class:`LineProgress` lines."""
    console = stderr_console()
    if not console.is_terminal:
        return LineProgress(console, unit)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console, transient=True)  # fmt: skip
