"""``abstracta analyse FILE``: each move of a saved game with the mover's win chances, marks and accuracy.

The values come from :func:`abstracta.bots.win_chances` and the judgements from
:mod:`abstracta.bots.analysis`, the same as the web app's. ``cli/main.py`` registers :func:`analyse` as a command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from abstracta.cli.common import command_boundary, fail, say, stderr_console, stdout_console
from abstracta.cli.render import picture_for


def analyse(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A game record (text or JSON), e.g. from play --save.", show_default=False)],
    game_number: Annotated[int, typer.Option("--game", "-g", help="Which game of a file holding several (1 = the first).")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Write the figures as JSON (positions, plies, players) instead of a table.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled worlds (hidden information); the same seed, the same analysis.")] = 0,
    png_file: Annotated[
        Optional[Path],
        typer.Option("--png", metavar="FILE", show_default=False,
                     help="Draw each player's win probability over the game (needs matplotlib: pip install 'abstracta[plots]')."),
    ] = None,
) -> None:
    """Analyse a saved game: each move's win chances for its mover, marks and each player's accuracy.

    A seat's record of a game with hidden information (Quin) is valued from that seat's views alone.

    A move that drops the mover's expected score by 10, 20 or 30 points is an inaccuracy, a mistake or a blunder,
    unless it was the only move or no alternative is better; missing or allowing a win at once is a blunder.
    """
    from abstracta.bots.analysis import analyse_game, analysis_json, position_chances, summarise
    from abstracta.cli.records import load_for_replay

    with command_boundary():
        if png_file is not None:
            from abstracta.cli.plots import require_matplotlib

            require_matplotlib()
        record, states = load_for_replay(file, game_number)
        if record.view is not None and record.view < 0:
            fail(f"{file} is a player's record (what {record.seen_by} saw), too little to value; analysis needs"
                 " a seat's record or the full record")  # fmt: skip
        game = states[0].game
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(TextColumn("valuing positions"), BarColumn(), MofNCompleteColumn(), console=stderr_console(),
                      transient=True) as progress:  # fmt: skip
            task = progress.add_task("", total=len(states))
            chances = position_chances(states, seed=seed, on_position=lambda _: progress.advance(task))
        plies = analyse_game(states, record.moves, seed=seed, chances=chances)
        chances = chances[: len(plies) + 1]
        if as_json:
            typer.echo(json.dumps({"game": game.slug, "options": game.options, "seen_by": record.seen_by,
                                   **analysis_json(plies, chances, game.num_players)}, indent=1))  # fmt: skip
            return
        console = stdout_console()
        renderer = picture_for(game)
        names = renderer.player_names(game)
        seen = f", from what {record.seen_by} saw" if record.view is not None else ""
        say(console, f"{game.title}: {len(record.moves)} plies, valued by the win chances{seen}")

        from rich.table import Table

        table = Table()
        for column in ("ply", "player", "move", "win % before", "after", "loss", "mark", "best instead"):
            table.add_column(column, justify="right" if column in ("ply", "win % before", "after", "loss") else "left")
        for ply in plies:
            if ply.player < 0:
                continue  # chance outcomes are nobody's choice
            mark = f"{ply.mark} ({ply.reason})" if ply.mark and ply.reason else ply.mark
            best = f"{ply.best} {ply.best_after:.0%}" if ply.best is not None and ply.best_after is not None else ""
            table.add_row(str(ply.ply), names[ply.player], ply.move, f"{ply.mover_before:.0%}", f"{ply.mover_after:.0%}",
                          f"{ply.loss * 100:.0f}" if ply.loss else "", mark, best)  # fmt: skip
        console.print(table)
        plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        for summary in summarise(plies, game.num_players):
            marks = ", ".join(f"{n} {kind if n == 1 else plural[kind]}" for kind, n in summary.counts.items())
            say(console, f"{names[summary.player]}: accuracy {summary.accuracy:.0f}%, {marks}")
        if png_file is not None:
            from abstracta.cli.plots import analysis_png

            analysis_png(png_file, f"{game.title}: win chances", list(range(len(chances))), chances, names)
            say(console, f"wrote {png_file}")
