"""Desfases's evaluation and ``hard`` search: a fixed set of positions, their values and moves, and timings.

    python benchmarks/desfases_evaluation_speed.py                 # time _evaluate and hard's choose
    python benchmarks/desfases_evaluation_speed.py --dump out.json # also write every value and move
    python benchmarks/desfases_evaluation_speed.py --check out.json # compare with a dump (bit for bit)

The positions are those of seeded random games (2 and 4 players); ``_evaluate`` is timed on all
of them with the knowledge's cache bypassed, and ``hard`` (seeded, 3,000 iterations) chooses on a few of them. A
speed-up of the evaluation or the rules must leave every value (``repr`` of the floats) and
every move identical: dump before the change, check after it (with the same ``--positions`` and
``--choices``: the dump records them and the check refuses others).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import abstracta
from abstracta.bots import level_bot


def positions(players: int, count: int, seed: int) -> list:
    """States met in seeded random games of ``players`` players, about one ply in two."""
    rng = random.Random(seed)
    game = abstracta.load("desfases", players=players)
    found = []
    while len(found) < count:
        state = game.start(seed=rng.getrandbits(32))
        while not state.over and len(found) < count:
            if rng.random() < 0.5:
                found.append(state)
            moves = state.moves()
            state = state.play(moves[int(rng.random() * len(moves))])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000, help="positions per player count (default 2000)")
    parser.add_argument("--choices", type=int, default=10, help="hard choices per player count (default 10)")
    parser.add_argument("--dump", help="write values and moves to this JSON file")
    parser.add_argument("--check", help="compare values and moves with this JSON file")
    args = parser.parse_args(argv)
    record: dict[str, dict] = {"settings": {"positions": args.positions, "choices": args.choices}}
    for players in (4, 2):
        states = positions(players, args.positions, seed=players)
        knowledge = abstracta.load("desfases", players=players).knowledge()
        began = time.process_time()
        values = [knowledge._evaluate(state) for state in states]
        spent = time.process_time() - began
        print(f"{players} players: _evaluate {spent / len(states) * 1e6:.1f} us a position ({len(states)} positions)")
        step = max(1, len(states) // args.choices)
        chosen = states[::step][: args.choices]
        began = time.process_time()
        # A generous time cap: the level's own 2 s (wall clock) can cut a search short on a loaded machine.
        moves = [
            level_bot("hard:seconds=60", state.game, seed=index).choose(state) for index, state in enumerate(chosen)
        ]
        spent = time.process_time() - began
        print(f"{players} players: hard choose {spent / len(chosen):.3f} s a position ({len(chosen)} positions)")
        record[str(players)] = {
            "positions": [state.notation() for state in states],
            "values": [[repr(v) for v in value] for value in values],
            "choices": [state.notation() for state in chosen],
            "moves": moves,
        }
    if args.dump:
        with open(args.dump, "w") as handle:
            json.dump(record, handle)
    if args.check:
        with open(args.check) as handle:
            expected = json.load(handle)
        if expected.get("settings") != record["settings"]:
            print(f"the dump was made with {expected.get('settings')}, not {record['settings']}")
            return 2
        differences = 0
        for players, found in record.items():
            if players == "settings":
                continue
            for key in ("positions", "values", "choices", "moves"):
                for index, (a, b) in enumerate(zip(found[key], expected[players][key])):
                    if a != b:
                        differences += 1
                        print(f"{players} players, {key}[{index}]: {a!r} != {b!r}")
        print("identical" if not differences else f"{differences} differences")
        return 1 if differences else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
