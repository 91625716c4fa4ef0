"""Time of ``abstracta.bots.win_chances`` per position and of a whole game's analysis, per game.

The games are played by two ``easy`` bots (seeded, node or iteration budgets without their time cap), so the positions are
those of real play rather than of random moves (which end Laser Chess in a few plies). For each
game: the mean time of ``win_chances`` over the positions of the game (Quin: from the mover's
seat's view, as the analysis sees it), then the time of ``analyse_game`` on the whole record
(positions, tactics, and the alternatives of the moves a drop would mark).

    python benchmarks/win_chances.py --plies 100            # the full measurement
    python benchmarks/win_chances.py --plies 16 --games quin # a quick look at one game
"""

from __future__ import annotations

import argparse
import time

import abstracta
from abstracta.bots import level_bot, sample_chance
from abstracta.bots.analysis import analyse_game
from abstracta.bots.win_chances import win_chances
from abstracta.core.errors import CHANCE


def record(slug: str, plies: int, seed: int):
    """The states and moves of a game of at most ``plies`` plies between two seeded ``easy`` bots."""
    import random

    game = abstracta.load(slug)
    bots = [level_bot("easy", game, seed=seed + seat) for seat in range(game.num_players)]
    for bot in bots:
        bot.seconds = None  # the level's node budget alone: the same record whatever the load
    rng = random.Random(seed)
    states, moves = [game.start(seed=seed)], []
    while not states[-1].over and len(moves) < plies:
        state = states[-1]
        move = sample_chance(state, rng) if state.player == CHANCE else bots[state.player].choose(state.view(state.player))
        moves.append(move)
        states.append(state.play(move))
    return states, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=100, help="plies per game (the game may end sooner)")
    parser.add_argument("--games", nargs="*", default=None, help="game slugs (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"| game | plies | ms per position | whole game analysed (s) | marked |")
    print("|---|---|---|---|---|")
    for slug in args.games or abstracta.games():
        states, moves = record(slug, args.plies, args.seed)
        seen = states if states[0].game.perfect_information else [s.view(0) for s in states]
        seen_moves = moves if seen is states else [s.public_move(m) if s.player != 0 else m
                                                   for s, m in zip(states, moves)]  # fmt: skip
        started = time.perf_counter()
        for state in seen:
            win_chances(state)
        per_position = (time.perf_counter() - started) / len(seen)
        states, moves = record(slug, args.plies, args.seed)  # a fresh game: no cache kept from above
        seen = states if states[0].game.perfect_information else [s.view(0) for s in states]
        started = time.perf_counter()
        plies = analyse_game(seen, seen_moves)
        whole = time.perf_counter() - started
        marked = sum(1 for ply in plies if ply.mark)
        print(f"| {slug} | {len(moves)} | {per_position * 1000:.0f} | {whole:.1f} | {marked} |", flush=True)


if __name__ == "__main__":
    main()
