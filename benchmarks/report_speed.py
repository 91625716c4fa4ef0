"""What a game of ``abstracta report`` costs: CPU seconds per traced game, with and without adjudication.

    python benchmarks/report_speed.py --games 10 --runs desfases:hard+seconds=60 laser-chess:hard+seconds=60

Each run is ``GAME:BOTS`` (one spec for every seat; budget keys joined with ``+`` instead of ``:``).
The games are those of ``abstracta report GAME --bots BOTS --seed 1`` (the same tasks, win chances
after every turn), played one after the other in this process. The figure is CPU time
(``time.process_time``), so a loaded machine slows the run but not the figure; raising the time
cap (``+seconds=60``) keeps a loaded machine from cutting the searches short, so the games are
those an idle machine plays under the level's own cap (when that cap does not bind there).

Every ply's CPU time is kept, so the same games also tell what ``--adjudicate`` would save: for
each rule of ``--adjudicate`` the script finds the ply where it would have ended each game (the
games are the same up to there) and sums the time until then. With ``--workers 2`` on an idle
2-core machine a report of N games takes about N x seconds / 2. ``--json FILE`` keeps every game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

import abstracta
from abstracta.bots import level_bot
from abstracta.bots.match import Adjudication, _adjudicated, game_rng, play_from
from abstracta.cli.report import Setting, schedule


class TimedBot:
    """A bot whose ``choose`` adds its CPU time to the current ply's."""

    def __init__(self, bot, clock: list[float]) -> None:
        self.bot, self.clock = bot, clock

    def choose(self, view):
        began = time.process_time()
        try:
            return self.bot.choose(view)
        finally:
            self.clock[-1] += time.process_time() - began


def play_timed(task, game) -> dict:
    """One report game; per ply: CPU seconds (the mover's choice, then the win chances after it)."""
    module = importlib.import_module("abstracta.bots.win_chances")
    original = module.win_chances
    clock = [0.0]
    chance_time = [0.0]

    def timed_chances(*args, **kwargs):
        began = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            spent = time.process_time() - began
            clock[-1] += spent
            chance_time[0] += spent

    def next_ply() -> bool:
        clock.append(0.0)
        return False

    module.win_chances = timed_chances
    try:
        rng = game_rng(task.seed, task.index)
        bots = [TimedBot(level_bot(level, game, seed=rng.getrandbits(32)), clock) for level in task.levels]
        state = game.start(seed=rng.getrandbits(32))
        played = play_from(state, bots, rng, trace=True, should_stop=next_ply)
    finally:
        module.win_chances = original
    # should_stop runs before every ply: clock[0] is before the first ply, clock[i + 1] is ply i
    per_ply = clock[1:]
    return {"ply_seconds": per_ply, "chance_seconds": chance_time[0], "termination": played.termination,
            "chances": [ply.chances for ply in played.trace], "movers": [ply.mover for ply in played.trace]}  # fmt: skip


def adjudicated_at(game: dict, rule: Adjudication, players: int) -> int | None:
    """The number of plies after which ``rule`` would have ended the game, else ``None``."""
    runs = [0] * players
    for index, (mover, chances) in enumerate(zip(game["movers"], game["chances"])):
        if chances is None or index == len(game["movers"]) - 1:
            continue
        if _adjudicated(runs, mover, chances, rule) is not None:
            return index + 1
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", nargs="+", required=True, metavar="GAME:BOTS")
    parser.add_argument("--adjudicate", nargs="*", default=["win=0.97:4"], metavar="RULE")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    results = []
    rules = [Adjudication.parse(text) for text in args.adjudicate]
    for run in args.runs:
        slug, bots = run.split(":", 1)
        game = abstracta.load(slug)
        tasks, _ = schedule([Setting("", game)], [bots.replace("+", ":")], args.games, 1, None, None)
        games = []
        for task in tasks:  # a line per game as it ends: a long run can be read before it finishes
            games.append(play_timed(task, game))
            cuts = {str(rule): adjudicated_at(games[-1], rule, game.num_players) for rule in rules}
            print(f"  {slug} game {task.index}: {sum(games[-1]['ply_seconds']):.1f} s CPU,"
                  f" {len(games[-1]['ply_seconds'])} plies, {games[-1]['termination']}, adjudicated after: {cuts},"
                  f" CPU until then: { {k: round(sum(games[-1]['ply_seconds'][:v]), 1) for k, v in cuts.items() if v} }",
                  flush=True)  # fmt: skip
        seconds = [sum(g["ply_seconds"]) for g in games]
        plies = [len(g["ply_seconds"]) for g in games]
        line = (f"{slug} {bots}: {statistics.mean(seconds):.1f} s CPU a game (max {max(seconds):.1f}; win chances"
                f" {sum(g['chance_seconds'] for g in games) / sum(seconds):.0%}), {statistics.mean(plies):.0f} plies;"
                f" 200 games on 2 workers: {200 * statistics.mean(seconds) / 2 / 60:.0f} min")  # fmt: skip
        result = {"game": slug, "bots": bots, "games": games, "mean_seconds": statistics.mean(seconds)}
        for rule in rules:
            cut = [adjudicated_at(g, rule, game.num_players) for g in games]
            kept = [sum(g["ply_seconds"][: at or len(g["ply_seconds"])]) for g, at in zip(games, cut)]
            result[str(rule)] = {"mean_seconds": statistics.mean(kept), "adjudicated": sum(at is not None for at in cut)}
            line += (f"; {rule}: {statistics.mean(kept):.1f} s ({sum(at is not None for at in cut)} of {len(games)}"
                     f" adjudicated), 200 games: {200 * statistics.mean(kept) / 2 / 60:.0f} min")  # fmt: skip
        print(line, flush=True)
        results.append(result)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(results, handle)


if __name__ == "__main__":
    main()
