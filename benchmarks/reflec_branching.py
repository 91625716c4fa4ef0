"""Mean branching factor of Reflec under uniformly random play, by number of players.

Every ply is a decision (Reflec has no chance nodes). The drop round (18 or 24 plies of 4 x
empty squares drops each) is reported apart from regular play, where a turn is several plies.

    .venv/bin/python benchmarks/reflec_branching.py --games 200 --seed 1

The figures from that command are in docs/games/reflec.md (Engine notes).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import abstracta


def measure(players: int, games: int, seed: int, max_plies: int) -> dict[str, float]:
    rng = random.Random(seed)
    game = abstracta.load("reflec", players=players)
    drop_widths: list[int] = []
    play_widths: list[int] = []
    lengths: list[int] = []
    turns: list[int] = []
    finished = 0
    for _ in range(games):
        state = game.start()
        plies = 0
        while not state.over and plies < max_plies:
            moves = state.moves()
            (drop_widths if state.notation().split(" ")[3] == "drop" else play_widths).append(len(moves))
            state = state.play(moves[int(rng.random() * len(moves))])
            plies += 1
        finished += state.over
        lengths.append(plies)
        turns.append(int(state.notation().split(" ")[5]))
    return {
        "players": players,
        "games": games,
        "finished": finished,
        "mean plies per game": float(statistics.mean(lengths)),
        "mean regular turns per game": float(statistics.mean(turns)),
        "branching, drop round": float(statistics.mean(drop_widths)),
        "branching, regular play": float(statistics.mean(play_widths)),
        "branching, all plies": float(statistics.mean(drop_widths + play_widths)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="random games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=50_000, help="cut a game that runs longer than this")
    args = parser.parse_args()
    for players in (2, 3, 4):
        begin = time.perf_counter()
        result = measure(players, args.games, args.seed, args.max_plies)
        result["seconds"] = time.perf_counter() - begin
        print("  ".join(f"{k}: {v:,.1f}" if isinstance(v, float) else f"{k}: {v}" for k, v in result.items()))


if __name__ == "__main__":
    main()
