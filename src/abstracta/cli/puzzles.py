"""``abstracta puzzles GAME``: make puzzle sets from bot games, list, show, verify or solve puzzles.

The work is :mod:`abstracta.bots.puzzles` (the proof, the difficulty, the generator); this module
checks the options, shows a progress bar and prints. ``cli/main.py`` registers :func:`puzzles`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Optional

import typer

from abstracta.cli.common import (
    LEVEL_NAMES,
    check_positive,
    command_boundary,
    fail,
    load_game,
    say,
    stderr_console,
    stdout_console,
)
from abstracta.core.rng import fresh_seed

DEFAULT_SECONDS = 600.0


def _levels(text: str) -> tuple[str, ...]:
    levels = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [level for level in levels if level not in LEVEL_NAMES]
    if not levels or unknown:
        fail(f"--levels: unknown level {', '.join(unknown) or repr(text)}; choose from {', '.join(LEVEL_NAMES)}")
    return levels


def puzzles(
    game: Annotated[str, typer.Argument(help="Game whose puzzles to use, e.g. laser-chess ('abstracta games' lists "
                                        "the games).", show_default=False)],  # fmt: skip
    file: Annotated[Optional[Path], typer.Argument(metavar="FILE", show_default=False,
                    help="A puzzle set (JSON): written with --make, else read (default: the set the game ships).")] = None,  # fmt: skip
    make: Annotated[Optional[int], typer.Option("--make", metavar="N", show_default=False,
                    help="Make N puzzles from bot games into FILE.")] = None,  # fmt: skip
    seed: Annotated[Optional[int], typer.Option("--seed", show_default=False,
                    help="With --make: seed of the bot games, so a set can be made again; printed when left out.")] = None,  # fmt: skip
    seconds: Annotated[float, typer.Option("--seconds", "-s",
                       help="With --make: stop after this many seconds, with the puzzles found so far.")] = DEFAULT_SECONDS,  # fmt: skip
    levels: Annotated[str, typer.Option("--levels", metavar="LEVELS",
                      help="With --make: the bot levels that rate each puzzle (comma-separated); the difficulty "
                           "is the share of them (two seeds each) that miss the solution.")] = "easy,medium,hard",  # fmt: skip
    show: Annotated[Optional[int], typer.Option("--show", metavar="K", show_default=False,
                    help="Draw puzzle K (1 = the first) with its sentence, not its solution.")] = None,  # fmt: skip
    solve: Annotated[Optional[int], typer.Option("--solve", metavar="K", show_default=False,
                     help="Draw puzzle K and ask for your first move; says right or wrong.")] = None,  # fmt: skip
    verify: Annotated[bool, typer.Option("--verify",
                      help="Prove again that each puzzle's solution is its only winning first move.")] = False,  # fmt: skip
) -> None:
    """Puzzles made from bot games by the project's search: one first move forces the goal, and only one.

    Each game with puzzles says what they ask (its goal: e.g. hit the King in 2, whatever the rival does).

    With --make N FILE, plays bot games and proves each candidate position by an exhaustive search. Without it, lists the puzzles of FILE (or the game's shipped set), or draws, solves or verifies them.
    """
    from abstracta.bots import puzzles as made

    with command_boundary():
        loaded, goal = made.puzzle_game(load_game(game, None))
        console = stdout_console()
        if make is not None:
            if file is None:
                fail("--make N needs a FILE to write the puzzles to")
            if make < 1:
                fail(f"--make must be at least 1, got {make}")
            if show is not None or solve is not None or verify:
                fail("--make cannot go with --show, --solve or --verify")
            check_positive("--seconds", seconds)
            rating = _levels(levels)
            if file.parent != Path("") and not file.parent.is_dir():
                fail(f"cannot write {file}: no folder {file.parent}")
            seed = fresh_seed() if seed is None else seed
            say(console, f"{loaded.slug}: making {make} puzzles ({goal.task}), seed {seed}, at most {seconds:g}s")
            began = time.monotonic()
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("puzzles"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[searched]}"),
                          TimeElapsedColumn(), console=stderr_console(), transient=True) as bar:  # fmt: skip
                task = bar.add_task("", total=make, searched="")

                def progress(found: int, searched: int) -> None:
                    bar.update(task, completed=found, searched=f"{searched} positions searched")

                found = made.generate(loaded, make, seed=seed, seconds=seconds, levels=rating, progress=progress)
            made.save_puzzles(found, file)
            took = time.monotonic() - began
            short = "" if len(found) == make else f" (the {seconds:g}s budget ran out)"
            say(console, f"wrote {len(found)} puzzles to {file} in {took:.0f}s{short}")
            return
        if file is not None and not file.is_file():
            fail(f"no puzzle file {file}")
        items = made.load_puzzles(file) if file is not None else made.shipped_puzzles(loaded)
        where = str(file) if file is not None else f"the {loaded.slug} set"
        if not items:
            fail(f"{where} holds no puzzles")
        wrong_game = [p.game for p in items if p.game != loaded.slug]
        if wrong_game:
            fail(f"{where} holds puzzles of {wrong_game[0]}, not {loaded.slug}")
        chosen = show if show is not None else solve
        if chosen is not None and not verify:
            if show is not None and solve is not None:
                fail("choose --show or --solve, not both")
            if not 1 <= chosen <= len(items):
                fail(f"{where} has puzzles 1 to {len(items)}, not {chosen}")
            _draw(console, loaded, items[chosen - 1], chosen)
            if solve is not None:
                _solve(console, loaded, items[chosen - 1])
            return
        if verify:
            if chosen is not None:
                fail("--verify checks the whole set; leave out --show and --solve")
            _verify(console, loaded, items, where)
            return
        from rich.table import Table

        table = Table(title=f"{loaded.title}: {len(items)} puzzles ({goal.task})")
        for column in ("#", "to play", "difficulty", "sentence"):
            table.add_column(column, justify="right" if column in ("#", "difficulty") else "left")
        for number, puzzle in enumerate(items, 1):
            table.add_row(str(number), puzzle.seat, f"{puzzle.difficulty:.0%}", puzzle.sentence)
        console.print(table)


def _draw(console, game, puzzle, number: int) -> None:  # type: ignore[no-untyped-def]
    from abstracta.cli.render import board_view, picture_for

    state = puzzle.state(game)
    console.print(board_view(picture_for(game), state, [], hints=False))
    say(console, f"puzzle {number}: {puzzle.sentence}")
    say(console, f"difficulty {puzzle.difficulty:.0%} (the share of bot answers that miss it)")


def _solve(console, game, puzzle) -> None:  # type: ignore[no-untyped-def]
    legal = puzzle.state(game).moves()
    while True:
        answer = typer.prompt("your first move (or 'moves', 'give up')").strip()
        if answer == "moves":
            say(console, " ".join(legal))
            continue
        if answer in ("give up", "quit", "q"):
            say(console, f"the solution: {puzzle.solution}")
            return
        if answer not in legal:
            say(console, f"{answer!r} is not a legal move here; type 'moves' to list them")
            continue
        if answer == puzzle.solution:
            say(console, f"right: {answer} forces it.")
            return
        say(console, f"wrong: after {answer} the rival holds out. Try again.")


def _verify(console, game, items, where: str) -> None:  # type: ignore[no-untyped-def]
    from abstracta.bots import puzzles as made

    bad = 0
    for number, puzzle in enumerate(items, 1):
        for problem in made.verify(puzzle, game):
            bad += 1
            say(console, f"puzzle {number}: {problem}")
    if bad:
        fail(f"{bad} of the {len(items)} puzzles in {where} failed the proof", code=1)
    say(console, f"all {len(items)} puzzles in {where} proved: each has exactly one winning first move")
