"""``abstracta analyse FILE``: each move of a saved game with the mover's win probability and marks.

The values come from :mod:`abstracta.bots.analysis`: the level bot's ``evaluate`` when it has
one, otherwise seeded random playouts. ``cli/main.py`` registers :func:`analyse` as a command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from abstracta.cli.common import LEVEL_NAMES, check_at_least, command_boundary, fail, lazy_bots, say, stderr_console, stdout_console
from abstracta.cli.render import picture_for


def analyse(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A game record (text or JSON), e.g. from play --save.", show_default=False)],
    level: Annotated[
        str, typer.Option("--level", metavar=LEVEL_NAMES, help="The bot level whose evaluation values the positions.")
    ] = "hard",
    game_number: Annotated[int, typer.Option("--game", "-g", help="Which game of a file holding several (1 = the first).")] = 1,
    playouts: Annotated[
        int, typer.Option("--playouts", help="Random playouts per position when the bot has no evaluation of its own.")
    ] = 32,
    png_file: Annotated[
        Optional[Path],
        typer.Option("--png", metavar="FILE", show_default=False,
                     help="Draw each player's win probability over the game (needs matplotlib: pip install 'abstracta[plots]')."),
    ] = None,
) -> None:
    """Analyse a saved game: each move's win probability for its mover, marking inaccuracies, mistakes and blunders.

    A seat's record of a game with hidden information (Quin) is valued from that seat's views alone.

    A move that drops the mover's win probability by 10, 20 or 30 points is an inaccuracy, a mistake or a blunder.
    """
    from abstracta.bots.analysis import analyse_game, bot_evaluator, playout_evaluator
    from abstracta.cli.records import load_for_replay

    with command_boundary():
        check_at_least("--playouts", playouts, 1)
        module = lazy_bots()
        if level not in module.LEVELS + module.REFERENCE_BOTS:
            fail(f"unknown level {level!r}; valid levels: {', '.join(module.LEVELS + module.REFERENCE_BOTS)}")
        if png_file is not None:
            from abstracta.cli.plots import require_matplotlib

            require_matplotlib()
        record, states = load_for_replay(file, game_number)
        if record.view is not None and record.view < 0:
            fail(f"{file} is a player's record (what {record.seen_by} saw), too little to value; analysis needs"
                 " a seat's record or the full record")  # fmt: skip
        game = states[0].game
        bot = module.level_bot(level, game, seed=0)
        fallback = playout_evaluator(playouts)
        evaluate = bot_evaluator(bot, fallback)
        how = f"the {level} bot's evaluation" if bot.evaluates else f"{playouts} random playouts a position"
        console = stdout_console()
        renderer = picture_for(game)
        names = renderer.player_names(game)
        seen = f", from what {record.seen_by} saw" if record.view is not None else ""
        say(console, f"{game.title}: {len(record.moves)} plies, valued by {how}{seen}")

        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        with Progress(TextColumn("valuing positions"), BarColumn(), MofNCompleteColumn(), console=stderr_console(),
                      transient=True) as progress:  # fmt: skip
            task = progress.add_task("", total=len(states))
            plies = analyse_game(states, record.moves, evaluate, on_position=lambda _: progress.advance(task))

        from rich.table import Table

        table = Table()
        for column in ("ply", "player", "move", "win % before", "after", "loss", "mark"):
            table.add_column(column, justify="right" if column in ("ply", "win % before", "after", "loss") else "left")
        counts = {p: {"inaccuracy": 0, "mistake": 0, "blunder": 0} for p in range(game.num_players)}
        for ply in plies:
            if ply.player < 0:
                continue  # chance outcomes are nobody's choice
            if ply.mark:
                counts[ply.player][ply.mark] += 1
            table.add_row(str(ply.ply), names[ply.player], ply.move, f"{ply.mover_before:.0%}", f"{ply.mover_after:.0%}",
                          f"{ply.loss * 100:.0f}" if ply.loss else "", ply.mark)  # fmt: skip
        console.print(table)
        for player, marks in counts.items():
            plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
            say(console, f"{names[player]}: " + ", ".join(f"{n} {kind if n == 1 else plural[kind]}" for kind, n in marks.items()))
        if png_file is not None:
            from abstracta.cli.plots import analysis_png

            chances = [plies[0].before] + [p.after for p in plies] if plies else []
            analysis_png(png_file, f"{game.title}: win probability", list(range(len(chances))), chances, names)
            say(console, f"wrote {png_file}")
