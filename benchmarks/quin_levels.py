"""Quin bot strength: matches between the levels, the old MCTS ``hard`` and a greedy bot.

    python benchmarks/quin_levels.py --pairs easy:random,medium:easy --games 40

Each pair ``A:B`` plays ``--games`` games from random setups (the rules' default); A plays
South in even games and North in odd ones. For A it prints wins, losses, draws, the win
rate with its Wilson 95% interval, the score ((wins + draws / 2) / games) and the Elo
difference it implies, and for each information-set level its mean iterations and seconds a
move. Seeds make every game repeatable: the levels' budgets are iterations, so only their
time caps (0.3, 1 and 2 s) depend on the machine. ``--max-turns`` shortens games (a draw after
that many turns); the rules' default is 300.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import abstracta  # noqa: E402
from abstracta.bots import level_bot, wilson_interval  # noqa: E402
from abstracta.bots.match import game_rng, play_game  # noqa: E402
from quin_greedy import GreedyQuinBot  # noqa: E402


class Recorder:
    """Passes ``choose`` through and keeps the search reports of an information-set bot."""

    def __init__(self, bot, reports: list) -> None:
        self.bot, self.reports, self.name = bot, reports, bot.name

    def choose(self, state) -> str:
        move = self.bot.choose(state)
        report = getattr(self.bot, "last_report", None)
        if report is not None and report.stopped not in ("single", "random"):  # searches only
            self.reports.append(report)
        return move


def make_bot(name: str, game, seed: int, reports: list):
    if name == "greedy":
        return GreedyQuinBot(seed)
    return Recorder(level_bot(name, game, seed), reports)


def search_summary(name: str, reports: list) -> str:
    if not reports or not hasattr(reports[0], "iterations"):
        return ""
    moves = len(reports)
    iterations = sum(r.iterations for r in reports) / moves
    seconds = sum(r.seconds for r in reports) / moves
    capped = sum(r.stopped == "time" for r in reports)
    return (
        f"{name}: {moves} searches, {iterations:.0f} iterations and {seconds:.2f} s a move on average, "
        f"time cap hit {capped}x, longest {max(r.seconds for r in reports):.2f} s"
    )


def elo_difference(score: float) -> float:
    """The Elo difference that predicts ``score`` (clamped to +-800 at 0% or 100%)."""
    if score <= 0:
        return -800.0
    if score >= 1:
        return 800.0
    return max(-800.0, min(800.0, -400 * math.log10(1 / score - 1)))


def run_pair(first: str, second: str, games: int, seed: int, max_turns: int, first_game: int = 0) -> dict:
    game = abstracta.load("quin", max_turns=max_turns)
    wins = losses = draws = plies = 0
    reports: dict[str, list] = {first: [], second: []}
    started = time.perf_counter()
    for index in range(first_game, first_game + games):
        rng = game_rng(seed, index)
        first_seat = index % 2
        seeds = (rng.getrandbits(32), rng.getrandbits(32))
        bots = [None, None]
        bots[first_seat] = make_bot(first, game, seeds[0], reports[first])
        bots[1 - first_seat] = make_bot(second, game, seeds[1], reports.setdefault(second + " (B)", []) if first == second else reports[second])
        record = play_game(game, bots, rng, index)
        result = record.returns[first_seat]
        wins += result > 0
        losses += result < 0
        draws += result == 0
        plies += record.plies
        outcome = "win" if result > 0 else "loss" if result < 0 else "draw"
        print(
            f"  game {index + 1}/{first_game + games} {first} as {('South', 'North')[first_seat]}: {outcome} "
            f"in {record.plies} plies  [{wins}-{losses}-{draws}, {time.perf_counter() - started:.0f} s]",
            file=sys.stderr,
            flush=True,
        )
    score = (wins + draws / 2) / games
    win_low, win_high = wilson_interval(wins, games)
    return {
        "pair": f"{first} vs {second}",
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": wins / games,
        "win_wilson": (win_low, win_high),
        "score": score,
        "elo": elo_difference(score),
        "mean_plies": plies / games,
        "seconds": time.perf_counter() - started,
        "searches": [search_summary(name, found) for name, found in reports.items() if found],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pairs",
        default="easy:random,medium:easy,hard:medium,hard:old-hard,hard:greedy",
        help="comma-separated A:B pairs of levels, old-hard or greedy",
    )
    parser.add_argument("--games", type=int, default=40, help="games per pair (seats alternate)")
    parser.add_argument("--seed", type=int, default=1, help="match seed")
    parser.add_argument(
        "--first-game", type=int, default=0, help="index of the first game (to add games to an earlier run with the same seed)"
    )
    parser.add_argument("--max-turns", type=int, default=300, help="a game still running after this many turns is a draw")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.first_game < 0:
        parser.error("--first-game must be at least 0")
    if args.max_turns < 1:
        parser.error("--max-turns must be at least 1")
    pairs = []
    for item in args.pairs.split(","):
        first, sep, second = item.partition(":")
        if not sep:
            parser.error(f"pair {item!r} is not of the form A:B")
        pairs.append((first.strip(), second.strip()))
    for first, second in pairs:
        print(f"{first} vs {second}: {args.games} games from game {args.first_game + 1}", file=sys.stderr, flush=True)
        row = run_pair(first, second, args.games, args.seed, args.max_turns, args.first_game)
        low, high = row["win_wilson"]
        print(
            f"{row['pair']}: {row['games']} games, {row['wins']} wins, {row['losses']} losses, {row['draws']} draws; "
            f"win rate {row['win_rate']:.1%} (Wilson 95% {low:.1%} to {high:.1%}); "
            f"score {row['score']:.1%}, Elo difference {row['elo']:+.0f}; "
            f"{row['mean_plies']:.0f} plies a game, {row['seconds']:.0f} s",
            flush=True,
        )
        for line in row["searches"]:
            print(f"  {line}", flush=True)


if __name__ == "__main__":
    main()
