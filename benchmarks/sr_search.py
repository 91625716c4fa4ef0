"""Strategic Reserve search on the compiled core: equal to the Python search, how much faster, and the levels' order.

Four parts, each printed as it finishes (``--parts`` picks some; docs/compiled.md has the figures):

- ``equal``: ExpectimaxBot with the compiled search and with its Python search, no time cap, on
  ``--positions`` decision positions from seeded random games, cycling through
  ``COMPARED_SETTINGS`` (full depth 2, a budget cut inside depth 2, sampled depth 3, Star1 only):
  how many give the same move, value, depth and node count (the claim is: all).
- ``speed``: nodes per second of the reference (Python) and the core on the full depth-2
  searches of ``equal``, and the core alone at depth 3.
- ``levels``: each level's time per move (mean and slowest) on the same positions, core and reference.
- ``match``: ``hard`` against ``medium`` on the core, ``--games`` games, seats alternating (Wilson 95%);
  with ``--deeper``, a deeper ``hard`` (``expectimax-DEPTH-NODES`` of strategic_reserve_levels.py)
  against ``hard``, with its time per move.

    python benchmarks/sr_search.py --positions 300 --games 400 --deeper expectimax-3-400000
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import abstracta  # noqa: E402
from abstracta.bots import level_bot  # noqa: E402
from abstracta.games.strategic_reserve.compiled.search_differential import (  # noqa: E402
    COMPARED_SETTINGS,
    search_both,
    search_once,
    seeded_positions,
)
from strategic_reserve_levels import run_pair  # noqa: E402

GAME = "strategic-reserve"


def part_equal(positions: list) -> list:  # noqa: ANN001
    """Compare every position; returns the full depth-2 pairs for the speed part."""
    equal = [0] * len(COMPARED_SETTINGS)
    tried = [0] * len(COMPARED_SETTINGS)
    depths: list[dict[int, int]] = [{} for _ in COMPARED_SETTINGS]
    full_pairs = []
    differences = []
    for index, state in enumerate(positions):
        which = index % len(COMPARED_SETTINGS)
        compiled, python = search_both(state, **COMPARED_SETTINGS[which])
        tried[which] += 1
        depths[which][compiled.depth] = depths[which].get(compiled.depth, 0) + 1
        if compiled.same_search(python):
            equal[which] += 1
        else:
            differences.append((state.notation(), COMPARED_SETTINGS[which], compiled, python))
        if which == 0:
            full_pairs.append((compiled, python))
    print(f"equal: {sum(equal)} of {sum(tried)} positions give the same move, value, depth and nodes")
    for which, settings in enumerate(COMPARED_SETTINGS):
        finished = dict(sorted(depths[which].items()))
        print(f"  {settings}: {equal[which]}/{tried[which]} equal, depths finished {finished}")
    for difference in differences[:10]:
        print("  DIFFERENT:", difference)
    return full_pairs


def part_speed(full_pairs: list, positions: list, deep_positions: int) -> None:  # noqa: ANN001
    for label, side in (("reference (Python)", 1), ("core (C)", 0)):
        nodes = sum(pair[side].nodes for pair in full_pairs)
        seconds = sum(pair[side].seconds for pair in full_pairs)
        print(f"speed, depth 2 in full: {label}: {nodes} nodes in {seconds:.2f} s, {nodes / seconds:,.0f} nodes/s")
    deep = [search_once(state, True, max_depth=3) for state in positions[:deep_positions]]
    nodes = sum(found.nodes for found in deep)
    seconds = sum(found.seconds for found in deep)
    slowest = max(found.seconds for found in deep)
    print(
        f"speed, depth 3 in full: core (C): {nodes} nodes in {seconds:.2f} s over {len(deep)} positions, "
        f"{nodes / seconds:,.0f} nodes/s, {seconds / len(deep) * 1000:.0f} ms a move (slowest {slowest * 1000:.0f} ms)"
    )


def part_levels(game, positions: list, reference_positions: int) -> None:  # noqa: ANN001
    for level in ("easy", "medium", "hard"):
        reference = positions[:reference_positions]
        for label, compiled, states in (("core", True, positions), ("reference", False, reference)):
            times = []
            for index, state in enumerate(states):
                bot = level_bot(level, game, seed=index)
                bot.compiled = compiled
                began = time.perf_counter()
                bot.choose(state)
                times.append(time.perf_counter() - began)
            print(
                f"levels: {level:6} {label:9}: {statistics.mean(times) * 1000:7.2f} ms a move on average, "
                f"slowest {max(times) * 1000:7.1f} ms ({len(times)} positions)"
            )


def part_match(game, games: int, seed: int, deeper: str | None) -> None:  # noqa: ANN001
    pairs = [("hard", "medium")] + ([(deeper, "hard")] if deeper else [])
    for first, second in pairs:
        result = run_pair(game, first, second, games, seed)
        search = result.get(f"{first}_search", {})
        print(
            f"match {first}:{second}: {result['wins']}-{result['draws']}-{result['losses']} in {games} games, "
            f"win rate {result['win_rate']:.3f}, Wilson 95% [{result['wilson_low']:.3f}, {result['wilson_high']:.3f}], "
            f"Elo {result['elo_difference']:+.0f}, {result['seconds']:.0f} s; {first}: "
            f"{search.get('nodes_per_move', 0):,.0f} nodes a move at {search.get('nodes_per_second', 0):,.0f} nodes/s, "
            f"depths {search.get('depths')}, slowest move {search.get('slowest_move_seconds', 0):.3f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=300, help="positions compared (and timed)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions and of the match")
    parser.add_argument("--games", type=int, default=40, help="games of each match")
    parser.add_argument("--deeper", default=None, help="a deeper hard to match against hard, e.g. expectimax-3-400000")
    parser.add_argument("--parts", default="equal,speed,levels,match", help="comma-separated: equal,speed,levels,match")
    parser.add_argument("--reference-positions", type=int, default=40, help="positions the Python levels are timed on")
    parser.add_argument("--deep-positions", type=int, default=60, help="positions the core searches at depth 3")
    args = parser.parse_args()
    game = abstracta.load(GAME)
    if game.knowledge().compiled_expectimax() is None:
        parser.error("the compiled core is not built or is disabled: run `make cores`, unset ABSTRACTA_PURE_PYTHON")
    parts = set(args.parts.split(","))
    unknown = parts - {"equal", "speed", "levels", "match"}
    if unknown:
        parser.error(f"unknown parts {sorted(unknown)}; choose from equal, speed, levels, match")
    positions = seeded_positions(game, args.positions, args.seed)
    full_pairs = part_equal(positions) if parts & {"equal", "speed"} else []
    if "speed" in parts:
        part_speed(full_pairs, positions, args.deep_positions)
    if "levels" in parts:
        part_levels(game, positions, args.reference_positions)
    if "match" in parts:
        part_match(game, args.games, args.seed, args.deeper)


if __name__ == "__main__":
    main()
