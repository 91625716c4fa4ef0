"""Search speed of a Laser Chess level from the start of each setup: depth reached, nodes, nodes/s.

    python benchmarks/laser_chess_speed.py --level hard
    python benchmarks/laser_chess_speed.py --seconds 2 --no-node-budget   # the depth 2 s of thinking reach

By default the level's own budget (nodes, with its time cap); with
``--no-node-budget`` only the clock stops the search (``--seconds``, default the
level's cap), which is what "the depth it reaches in 2 s" measures. Timings
depend on the machine's load: say how loaded it was when you quote them.
"""

from __future__ import annotations

import argparse

import abstracta
from abstracta.bots import TIME_LIMITS, level_bot
from abstracta.bots.alphabeta import AlphaBetaBot

SETUPS = ("ace", "curiosity", "grail", "mercury", "sophie")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--seconds", type=float, default=None, help="time cap (default: the level's)")
    parser.add_argument("--no-node-budget", action="store_true", help="search until the time cap only")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for setup in SETUPS:
        game = abstracta.load("laser-chess", setup=setup)
        bot = level_bot(args.level, game, seed=args.seed)
        assert isinstance(bot, AlphaBetaBot)
        if args.seconds is not None:
            bot.seconds = args.seconds
        if args.no_node_budget:
            bot.max_nodes = None
            bot.seconds = bot.seconds or TIME_LIMITS[args.level]
        report = bot.search(game.start())
        print(
            f"{setup:10} move {report.move:7} depth {report.depth} ({report.stopped}), {report.nodes} nodes "
            f"in {report.seconds:.2f} s = {report.nodes_per_second:,.0f} nodes/s, score {report.score:+.3f}"
        )


if __name__ == "__main__":
    main()
