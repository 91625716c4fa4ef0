"""Reflec bot strength: one bot against another (or against three copies of it), seats rotated.

    python benchmarks/reflec_levels.py --pairs hard:greedy --games 40 --max-turns 60
    python benchmarks/reflec_levels.py --players 4 --pairs hard:greedy --games 20

A pair ``A:B`` plays ``--games`` games; in game i bot A holds seat i mod players and B every
other seat (with 2 players B is the other player; with 3 or 4, copies of B). A wins when it
is the last player left; a game still running after ``--max-turns`` turns is a draw. It
prints A's wins, draws and losses, the win rate's Wilson 95% interval against the even
share (1 / players), and per bot the mean and longest time of a decision. Names are the
levels of ``abstracta.bots.level_bot``, ``old-hard``, or ``greedy`` (``reflec_greedy.py``).
Seeds make every game repeatable (budgets are iterations; only the time caps depend on load).
``desfases_levels.py`` runs the same for Desfases.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import abstracta  # noqa: E402
from abstracta.bots import level_bot, wilson_interval  # noqa: E402
from abstracta.bots.match import game_rng, play_game  # noqa: E402


class Timed:
    """Passes ``choose`` through and keeps the time of each decision."""

    def __init__(self, bot, times: list) -> None:
        self.bot, self.times, self.name = bot, times, getattr(bot, "name", "bot")

    def choose(self, state) -> str:
        begin = time.perf_counter()
        move = self.bot.choose(state)
        self.times.append(time.perf_counter() - begin)
        return move


def run_pair(slug: str, options: dict, first: str, second: str, games: int, seed: int, greedy) -> dict:
    game = abstracta.load(slug, **options)
    players = game.num_players
    wins = losses = draws = plies = 0
    times: dict[str, list] = {first: [], second: []}
    started = time.perf_counter()

    def make(name: str, bot_seed: int, found: list):
        return Timed(greedy(bot_seed) if name == "greedy" else level_bot(name, game, bot_seed), found)

    for index in range(games):
        rng = game_rng(seed, index)
        seat = index % players
        bots = [make(second, rng.getrandbits(32), times[second]) for _ in range(players)]
        bots[seat] = make(first, rng.getrandbits(32), times[first])
        record = play_game(game, bots, rng, index)
        result = record.returns[seat]
        # A win is sole first place (returns 1); a shared first place or a capped game is a draw.
        won = result >= 1.0
        drawn = not won and result >= max(record.returns) and result > -1.0
        wins += won
        draws += drawn
        losses += not won and not drawn
        plies += record.plies
        print(
            f"  game {index + 1}/{games} {first} in seat {seat}: {'win' if won else 'draw' if drawn else 'loss'} "
            f"in {record.plies} plies  [{wins}-{draws}-{losses}, {time.perf_counter() - started:.0f} s]",
            file=sys.stderr,
            flush=True,
        )
    low, high = wilson_interval(wins, games)
    return {
        "pair": f"{first}:{second}",
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "wilson": (low, high),
        "even": 1 / players,
        "mean_plies": plies / games,
        "times": {name: (sum(t) / len(t), max(t), len(t)) for name, t in times.items() if t},
    }


def main(slug: str, greedy, default_pairs: str, doc: str) -> None:
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--pairs", default=default_pairs, help="comma-separated A:B pairs (levels, old-hard, greedy)")
    parser.add_argument("--games", type=int, default=40, help="games per pair (seats rotate)")
    parser.add_argument("--players", type=int, default=None, help="number of players (the game's default if left out)")
    parser.add_argument("--seed", type=int, default=1, help="match seed")
    if slug == "reflec":
        parser.add_argument("--max-turns", type=int, default=60, help="a game still running after this many turns is a draw")
    args = parser.parse_args()
    options: dict = {}
    if args.players is not None:
        options["players"] = args.players
    if slug == "reflec":
        options["max_turns"] = args.max_turns
    for item in args.pairs.split(","):
        first, sep, second = item.partition(":")
        if not sep:
            parser.error(f"pair {item!r} is not of the form A:B")
        row = run_pair(slug, options, first.strip(), second.strip(), args.games, args.seed, greedy)
        low, high = row["wilson"]
        print(
            f"{slug} {options}: {row['pair']}: {row['games']} games, {row['wins']} wins, {row['draws']} draws, "
            f"{row['losses']} losses; win rate {row['wins'] / row['games']:.1%} (Wilson 95% {low:.1%} to {high:.1%}; "
            f"even share {row['even']:.0%}); mean length {row['mean_plies']:.0f} plies",
            flush=True,
        )
        for name, (mean, longest, count) in row["times"].items():
            print(f"    {name}: {count} decisions, mean {mean:.3f} s, longest {longest:.3f} s", flush=True)


if __name__ == "__main__":
    from reflec_greedy import GreedyReflecBot

    main("reflec", GreedyReflecBot, "hard:greedy", __doc__)
