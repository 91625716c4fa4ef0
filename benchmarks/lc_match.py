"""Laser Chess ``hard`` on the compiled core against today's ``hard`` (the Python search, 12,000 nodes).

    python benchmarks/lc_match.py --games 40 --workers 16            # the full match: under 8 min on 16 cores
    python benchmarks/lc_match.py --games 4 --workers 2 --seconds 0.5 --max-plies 40   # a quick check

Game i starts from setup number i // 2 of the five (ace, curiosity, grail, mercury, sophie, round
and round) and the core's ``hard`` is Blue in even games, Red in odd ones, so both bots play every
setup from both seats (40 games: each setup 8 times, 4 from each seat). Both bots keep their own
budgets: the core's ``hard`` its level budget (800,000 nodes), the reference its 12,000 nodes,
each under a time cap of ``--seconds`` a move (default 2, the level's cap).

A game still running after ``--max-plies`` plies is adjudicated by evaluation: a neutral judge
(the alpha-beta search at a fixed ``--judge-depth`` plies, no budget, on the core where it is
built) values the final position, and the side it puts at least ``--margin`` ahead (on the
evaluation's scale, (-1, 1); 0.25 is about one mirror of material) wins; otherwise a draw. The
move cap bounds the run: at most ceil(games / workers) rounds of max-plies moves of at most
``--seconds`` each, 3 x 70 x 2 s = 7 min for 40 games on 16 workers with the defaults, and
much less in practice since few moves take the whole cap. The report gives the core's wins,
losses and draws, how games ended, its score with the Wilson 95% interval, the Elo difference
of the score and of the interval's ends, and both bots' mean search depth and nodes a move.
Every game is repeatable from ``--seed`` except where a time cap cut a search.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import abstracta  # noqa: E402
from abstracta.bots import level_bot, wilson_interval  # noqa: E402
from abstracta.bots.alphabeta import AlphaBetaBot  # noqa: E402
from abstracta.bots.levels import ALPHA_BETA_LEVELS  # noqa: E402
from abstracta.bots.match import game_rng  # noqa: E402
from abstracta.games.laser_chess import compiled  # noqa: E402
from abstracta.games.laser_chess.rules import SETUP_NAMES  # noqa: E402
from laser_chess_levels import elo_difference  # noqa: E402


@dataclass(frozen=True)
class Options:
    seconds: float
    max_plies: int
    judge_depth: int
    margin: float
    seed: int


@dataclass(frozen=True)
class Played:
    index: int
    setup: str
    core_seat: int
    core_result: float  # 1 win, 0 draw, -1 loss, for the core's hard
    plies: int
    ending: str  # "King hit", "draw claimed", "adjudicated"
    depths: tuple[list[int], list[int]]  # completed depth of each search: core, reference
    nodes: tuple[list[int], list[int]]
    seconds: float


def _reference_hard(game, seed: int, seconds: float) -> AlphaBetaBot:
    """Today's ``hard``: the level's Python search and budget, whatever the core offers."""
    return AlphaBetaBot(game.knowledge(), seconds=seconds, seed=seed, name="hard-reference", compiled=False,
                        **ALPHA_BETA_LEVELS["hard"])  # fmt: skip


def play_one(index: int, options: Options) -> Played:
    started = time.perf_counter()
    setup = SETUP_NAMES[(index // 2) % len(SETUP_NAMES)]
    game = abstracta.load("laser-chess", setup=setup)
    rng = game_rng(options.seed, index)
    core_seat = index % 2
    core = level_bot("hard", game, seed=rng.getrandbits(32))
    core.seconds = options.seconds
    bots = [None, None]
    bots[core_seat] = core
    bots[1 - core_seat] = _reference_hard(game, rng.getrandbits(32), options.seconds)
    depths: tuple[list[int], list[int]] = ([], [])
    nodes: tuple[list[int], list[int]] = ([], [])
    state = game.start()
    while not state.over and state.plies < options.max_plies:
        bot = bots[state.player]
        state = state.play(bot.choose(state))
        report = bot.last_report
        if report is not None and report.stopped != "single":
            side = 0 if bot is core else 1
            depths[side].append(report.depth)
            nodes[side].append(report.nodes)
    if state.over:
        result = state.returns()[core_seat]
        ending = "King hit" if result else "draw claimed"
    else:
        judge = AlphaBetaBot(max_nodes=None, max_depth=options.judge_depth, seed=0).search(state)
        value = judge.score if state.player == core_seat else -judge.score  # for the core's side
        result = 1.0 if value >= options.margin else -1.0 if value <= -options.margin else 0.0
        ending = "adjudicated"
    return Played(index, setup, core_seat, result, state.plies, ending, depths, nodes, time.perf_counter() - started)


def _elo(score: float) -> str:
    return f"{elo_difference(score):+.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games (seats and setups alternate)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games played at once")
    parser.add_argument("--seconds", type=float, default=2.0, help="time cap per move for both bots")
    parser.add_argument("--max-plies", type=int, default=70, help="adjudicate a game still running after this")
    parser.add_argument("--judge-depth", type=int, default=4, help="plies the adjudicating search looks ahead")
    parser.add_argument("--margin", type=float, default=0.25, help="judged value that wins an adjudicated game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not compiled.available():
        parser.error("the Laser Chess compiled core is not available (build it with `make cores`; "
                     "ABSTRACTA_PURE_PYTHON must be unset)")  # fmt: skip
    if args.games < 1 or args.workers < 1 or args.seconds <= 0 or args.max_plies < 1 or args.judge_depth < 1:
        parser.error("--games, --workers, --max-plies and --judge-depth must be at least 1, --seconds positive")
    if not 0 < args.margin < 1:
        parser.error("--margin must lie between 0 and 1")
    options = Options(args.seconds, args.max_plies, args.judge_depth, args.margin, args.seed)
    rounds = math.ceil(args.games / args.workers)
    print(f"{args.games} games on {args.workers} workers, {args.seconds:g} s a move, adjudicated after "
          f"{args.max_plies} plies; at most {rounds} x {args.max_plies} x {args.seconds:g} s = "
          f"{rounds * args.max_plies * args.seconds / 60:.1f} min of play", flush=True)  # fmt: skip
    started = time.perf_counter()
    games: list[Played] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play_one, index, options) for index in range(args.games)]
        for future in futures:
            played = future.result()
            games.append(played)
            outcome = {1.0: "win", 0.0: "draw", -1.0: "loss"}[played.core_result]
            print(f"  game {played.index + 1} {played.setup} core as {('blue', 'red')[played.core_seat]}: "
                  f"{outcome} ({played.ending}) in {played.plies} plies, {played.seconds:.0f} s", flush=True)  # fmt: skip
    wins = sum(g.core_result > 0 for g in games)
    losses = sum(g.core_result < 0 for g in games)
    draws = len(games) - wins - losses
    score = (wins + draws / 2) / len(games)
    low, high = wilson_interval(round(2 * score * len(games)), 2 * len(games))
    endings = {ending: sum(g.ending == ending for g in games) for ending in ("King hit", "draw claimed", "adjudicated")}
    print(f"core hard vs reference hard: {len(games)} games, {wins} wins, {losses} losses, {draws} draws "
          f"({', '.join(f'{k} {v}' for k, v in endings.items())}); score {score:.1%} "
          f"(Wilson 95% {low:.1%} to {high:.1%}); Elo difference {_elo(score)} ({_elo(low)} to {_elo(high)}); "
          f"{sum(g.plies for g in games) / len(games):.0f} plies a game; {time.perf_counter() - started:.0f} s",
          flush=True)  # fmt: skip
    for side, name in ((0, "core hard"), (1, "reference hard")):
        depths = [d for g in games for d in g.depths[side]]
        nodes = [n for g in games for n in g.nodes[side]]
        if depths:
            print(f"  {name}: {len(depths)} searches, mean depth {sum(depths) / len(depths):.1f} "
                  f"(min {min(depths)}), mean {sum(nodes) / len(nodes):,.0f} nodes")  # fmt: skip


if __name__ == "__main__":
    main()
