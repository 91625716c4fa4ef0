"""One pair table and one Elo fit from several ``abstracta tournament --json`` runs of the same game.

A tournament's game i between bots A and B depends only on the seed, A, B and i, so running the
pairs of a round robin in separate commands with one seed (say the fast pairs in one run and each
slow pair, such as those with ``old-hard``, in runs of its own) gives exactly the games of the
single run; this script puts them back together and fits the ratings over all of them:

    python benchmarks/merge_tournaments.py levels.json hard-old-hard.json easy-old-hard.json

The runs must share the game, its options and the seed; a game that two runs both played is
counted once. Pairs that no run played show as "not played" with 0 games, and only their virtual
draws link them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from rich.console import Console

import abstracta
from abstracta.bots.tournament import TournamentGame, summarise
from abstracta.cli.tournament import print_tables


def merged(paths: list[Path]) -> tuple[dict, list[str], list[TournamentGame]]:
    """The shared settings of the runs, every bot in order of first appearance, and their games told in that order."""
    settings: dict | None = None
    bots: list[str] = []
    games: dict[tuple[str, str, int], TournamentGame] = {}
    for path in paths:
        run = json.loads(path.read_text())
        these = {key: run[key] for key in ("game", "options", "seed")}
        if settings is None:
            settings = these
        elif these != settings:
            raise SystemExit(f"{path}: {these} differs from the first run's {settings}; only runs of one game, options and seed merge")
        bots += [bot for bot in run["bots"] if bot not in bots]
        for row in run["games"]:
            game = TournamentGame(**{key: tuple(value) if isinstance(value, list) else value for key, value in row.items()})
            games.setdefault((game.a, game.b, game.index), game)
    assert settings is not None
    # a pair may have run either way round; the pair table wants it in the merged bot order
    order = {bot: i for i, bot in enumerate(bots)}
    in_order = [replace(g, a=g.b, b=g.a, score=1 - g.score) if order[g.a] > order[g.b] else g for g in games.values()]
    return settings, bots, in_order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="+", type=Path, help="JSON files written by abstracta tournament --json")
    parser.add_argument("--json", type=Path, help="write the merged result as tournament JSON")
    args = parser.parse_args(argv)
    settings, bots, games = merged(args.runs)
    game = abstracta.load(settings["game"], **settings["options"])
    per_pair = max(Counter((g.a, g.b) for g in games).values(), default=0)
    result = summarise(game, bots, per_pair, settings["seed"], games)
    console = Console()
    plies = sum(g.plies for g in games) / len(games) if games else 0.0
    console.print(f"{settings['game']} {settings['options']}, seed {settings['seed']}: {len(games)} games from {len(args.runs)} runs, mean length {plies:.1f} plies", soft_wrap=True)
    print_tables(console, result)
    if args.json:
        args.json.write_text(json.dumps(result.to_json(), indent=1))
        console.print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
