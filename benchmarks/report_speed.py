"""What a game of ``abstracta report`` costs: CPU seconds per traced game, by game, bots and adjudication.

    python benchmarks/report_speed.py --games 10 --runs desfases:hard laser-chess:hard:win=0.97:4

Each run is ``GAME:BOTS[:ADJUDICATION]`` (``BOTS`` one spec for every seat, budget keys joined with
``+`` instead of ``:``, e.g. ``laser-chess:hard+nodes=200000``). Games are those of ``abstracta report
GAME --bots BOTS --seed 1`` (the same tasks, win chances after every turn), played one after the
other in this process; the figure is CPU time (``time.process_time``), so that a loaded machine
slows the run but not the figure, and the share of it spent on the win chances of the trace.
With ``--workers 2`` on an idle 2-core machine a report of N games takes about N * seconds / 2.
Prints one line per run and, with ``--json FILE``, writes every game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

import abstracta
from abstracta.bots.match import Adjudication
from abstracta.cli.report import schedule, Setting
from abstracta.cli.simulate import play_simulated


def measure(slug: str, bots: str, adjudication: Adjudication | None, games: int) -> dict:
    module = importlib.import_module("abstracta.bots.win_chances")
    original = module.win_chances
    spent = [0.0]

    def timed(*args, **kwargs):
        began = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.process_time() - began

    module.win_chances = timed
    game = abstracta.load(slug)
    tasks, _ = schedule([Setting("", game)], [bots], games, 1, None, adjudication)
    rows = []
    try:
        for task in tasks:
            spent[0] = 0.0
            began = time.process_time()
            done = play_simulated(task, game)
            rows.append({"seconds": time.process_time() - began, "chances": spent[0], "plies": done.trace.ply_count,
                         "turns": done.trace.turns, "termination": done.record.termination})  # fmt: skip
    finally:
        module.win_chances = original
    seconds = [row["seconds"] for row in rows]
    return {"game": slug, "bots": bots, "adjudication": str(adjudication) if adjudication else None,
            "games": len(rows), "mean_seconds": statistics.mean(seconds), "max_seconds": max(seconds),
            "chance_share": sum(r["chances"] for r in rows) / sum(seconds),
            "mean_plies": statistics.mean(r["plies"] for r in rows),
            "mean_turns": statistics.mean(r["turns"] for r in rows),
            "adjudicated": sum(r["termination"] == "adjudicated" for r in rows), "rows": rows}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", nargs="+", required=True, metavar="GAME:BOTS[:ADJUDICATION]")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    results = []
    for run in args.runs:
        slug, bots, *rest = run.split(":", 2)
        adjudication = Adjudication.parse(rest[0]) if rest else None
        result = measure(slug, bots.replace("+", ":"), adjudication, args.games)
        results.append(result)
        print(f"{slug} {bots} {result['adjudication'] or '-'}: {result['mean_seconds']:.1f} s CPU a game"
              f" (max {result['max_seconds']:.1f}; chances {result['chance_share']:.0%}), {result['mean_plies']:.0f}"
              f" plies, {result['mean_turns']:.0f} turns, {result['adjudicated']} adjudicated;"
              f" 200 games on 2 workers: {200 * result['mean_seconds'] / 2 / 60:.0f} min", flush=True)  # fmt: skip
        if args.json:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
