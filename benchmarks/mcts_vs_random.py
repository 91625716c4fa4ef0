"""MCTS against the random bot at Strategic Reserve: MCTS's win rate with a Wilson 95% interval.

MCTS thinks ``--seconds`` per move and changes seat every game (even games
as Red, player 0, who moves first), so the first-move advantage cancels out.
Game i is seeded from ``(--seed, i)`` as in ``play_match``; with a time
budget the moves still depend on the machine's speed.

    python benchmarks/mcts_vs_random.py --games 40 --seconds 0.05
"""

from __future__ import annotations

import argparse
import time

import abstracta
from abstracta.bots import MCTSBot, RandomBot, play_game, wilson_interval
from abstracta.bots.match import game_rng, unique_winner

GAME = "strategic-reserve"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seconds", type=float, default=0.2, help="MCTS thinking time per move (default 0.2)")
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    args = parser.parse_args(argv)

    game = abstracta.load(GAME)
    mcts_wins = 0
    seat_wins = [0, 0]  # MCTS wins as Red, as Blue
    seat_games = [0, 0]
    began = time.perf_counter()
    for index in range(args.games):
        mcts_seat = index % 2
        rng = game_rng(args.seed, index)
        mcts = MCTSBot(seconds=args.seconds, seed=rng.getrandbits(32))
        random_bot = RandomBot(seed=rng.getrandbits(32))
        bots = [mcts, random_bot] if mcts_seat == 0 else [random_bot, mcts]
        record = play_game(game, bots, rng, index)
        won = unique_winner(record.returns) == mcts_seat
        mcts_wins += won
        seat_wins[mcts_seat] += won
        seat_games[mcts_seat] += 1
        played = index + 1
        rate = mcts_wins / played
        low, high = wilson_interval(mcts_wins, played)
        print(
            f"game {played:>4}/{args.games}: MCTS as {'red ' if mcts_seat == 0 else 'blue'} "
            f"{'won ' if won else 'lost'} in {record.plies:>3} plies | "
            f"MCTS {mcts_wins}/{played} = {rate:.3f} [{low:.3f}, {high:.3f}] | {time.perf_counter() - began:6.0f} s",
            flush=True,
        )

    rate = mcts_wins / args.games if args.games else 0.0
    low, high = wilson_interval(mcts_wins, args.games)
    print(f"\n{GAME}: MCTS ({args.seconds} s/move) vs random, {args.games} games, seed {args.seed}")
    for seat, name in enumerate(("red (moves first)", "blue")):
        if seat_games[seat]:
            print(f"  as {name}: {seat_wins[seat]}/{seat_games[seat]}")
    print(f"MCTS win rate {rate:.3f}, Wilson 95% interval [{low:.3f}, {high:.3f}]")


if __name__ == "__main__":
    main()
