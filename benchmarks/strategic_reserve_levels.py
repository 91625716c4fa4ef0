"""Strategic Reserve level matches: each pair's games, wins, draws, Wilson 95% interval and Elo difference.

Pairs are ``A:B`` with A and B from the levels (``random easy medium hard``),
``old-hard`` (the MCTS hard kept for comparison) and ``greedy`` (the 1-ply
bot of ``strategic_reserve_greedy.py``). A plays Red in even games and Blue in
odd ones, so the first-move advantage cancels. Game i of a pair is seeded from
``(--seed, i)`` as in ``play_match``. For the expectimax levels the script also
reports nodes per second and the depths the search finished.

    python benchmarks/strategic_reserve_levels.py --games 40 --pairs easy:random,medium:easy
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import abstracta  # noqa: E402
from abstracta.bots import ExpectimaxBot, level_bot, play_game, wilson_interval  # noqa: E402
from abstracta.bots.match import game_rng, unique_winner  # noqa: E402
from abstracta.games.strategic_reserve.evaluation import StrategicReserveKnowledge  # noqa: E402
from strategic_reserve_greedy import GreedyBot  # noqa: E402

RESERVES_ONLY_WEIGHTS = (-0.2781, -0.2884, 2.1845, 1.7922, 0.0, 0.0, 0.0, 0.0, 0.2876)
"""``strategic_reserve_fit.py --games 3000 --only bias,lead,lead_scaled,scale,me_on_two``: the board left out."""

GAME = "strategic-reserve"
DEFAULT_PAIRS = "easy:random,medium:easy,hard:medium,hard:greedy,hard:old-hard"


class SearchLog:
    """Wraps a bot and counts, for an expectimax bot, its nodes, seconds and finished depths per move."""

    def __init__(self, bot) -> None:  # noqa: ANN001
        self.bot = bot
        self.name = bot.name
        self.nodes = 0
        self.seconds = 0.0
        self.moves = 0
        self.depths: Counter[int] = Counter()
        self.slowest = 0.0

    def choose(self, state) -> str:  # noqa: ANN001
        began = time.perf_counter()
        move = self.bot.choose(state)
        spent = time.perf_counter() - began
        self.slowest = max(self.slowest, spent)
        if isinstance(self.bot, ExpectimaxBot) and self.bot.last_nodes:  # a search ran (not a random move)
            self.nodes += self.bot.last_nodes
            self.seconds += self.bot.last_seconds
            self.moves += 1
            self.depths[self.bot.last_depth] += 1
        return move


def make(name: str, game, seed: int):  # noqa: ANN001
    if name == "greedy":
        return GreedyBot(seed)
    if name.startswith("expectimax-"):  # expectimax-DEPTH-NODES[-reserves]: another budget, or reserves-only weights
        _, depth, nodes, *variant = name.split("-")
        knowledge = StrategicReserveKnowledge(RESERVES_ONLY_WEIGHTS) if variant == ["reserves"] else None
        return ExpectimaxBot(
            max_depth=int(depth), nodes=int(nodes), seconds=2.0, seed=seed, knowledge=knowledge, name=name
        )
    return level_bot(name, game, seed)


def elo_difference(score: float) -> float:
    """Elo difference that an expected score of ``score`` (0..1) means; infinite at 0 or 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def run_pair(game, first: str, second: str, games: int, seed: int) -> dict:  # noqa: ANN001
    wins = draws = losses = 0
    logs: dict[str, list[SearchLog]] = {first: [], second: []}
    began = time.perf_counter()
    for index in range(games):
        rng = game_rng(seed, index)
        bot_a = SearchLog(make(first, game, rng.getrandbits(32)))
        bot_b = SearchLog(make(second, game, rng.getrandbits(32)))
        logs[first].append(bot_a)
        logs[second].append(bot_b)
        seat_a = index % 2
        bots = [bot_a, bot_b] if seat_a == 0 else [bot_b, bot_a]
        record = play_game(game, bots, rng, index)
        winner = unique_winner(record.returns)
        if winner == seat_a:
            wins += 1
        elif winner is None:
            draws += 1
        else:
            losses += 1
        played = index + 1
        low, high = wilson_interval(wins, played)
        print(
            f"{first} vs {second}: game {played}/{games} {first} as {'red ' if seat_a == 0 else 'blue'} "
            f"{'won ' if winner == seat_a else 'drew' if winner is None else 'lost'} | "
            f"{wins}-{draws}-{losses}, wins {wins / played:.3f} [{low:.3f}, {high:.3f}] | "
            f"{time.perf_counter() - began:6.0f} s",
            flush=True,
        )
    low, high = wilson_interval(wins, games)
    score = (wins + draws / 2) / games if games else 0.5
    result = {
        "pair": f"{first}:{second}",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": wins / games if games else 0.0,
        "wilson_low": low,
        "wilson_high": high,
        "elo_difference": elo_difference(score),
        "seconds": time.perf_counter() - began,
    }
    for name in dict.fromkeys((first, second)):
        searched = [log for log in logs[name] if log.moves]
        if searched:
            nodes = sum(log.nodes for log in searched)
            seconds = sum(log.seconds for log in searched)
            depths: Counter[int] = Counter()
            for log in searched:
                depths.update(log.depths)
            result[f"{name}_search"] = {
                "moves": sum(log.moves for log in searched),
                "nodes_per_move": nodes / sum(log.moves for log in searched),
                "nodes_per_second": nodes / seconds if seconds else 0.0,
                "depths": dict(sorted(depths.items())),
                "slowest_move_seconds": max(log.slowest for log in searched),
            }
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair (default 40)")
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help=f"comma-separated A:B pairs (default {DEFAULT_PAIRS})")
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument("--json", type=Path, help="append each pair's result to this file as one JSON line")
    args = parser.parse_args(argv)
    game = abstracta.load(GAME)
    for pair in args.pairs.split(","):
        first, _, second = pair.partition(":")
        result = run_pair(game, first.strip(), second.strip(), args.games, args.seed)
        print(json.dumps(result), flush=True)
        if args.json:
            with args.json.open("a") as out:
                out.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
