"""Laser Chess search, reference (Python) against the compiled core: speed, depth in 2 s, equality.

    python benchmarks/lc_search.py                        # setups and 50 middlegame positions, 2 s each
    python benchmarks/lc_search.py --positions 10 --seconds 1
    python benchmarks/lc_search.py --equal 300 --depth 3  # value and move equal at a fixed depth

The speed part searches each of the five setups and ``--positions`` middlegame positions
(seeded games of ``medium`` bots with a fifth of random moves, stopped at a seeded ply from 16
to 40) with no node budget and a time cap of ``--seconds``, once on the reference search
(``AlphaBetaBot(compiled=False)``) and once on the core, and prints nodes/s and the depth of
the last completed iteration. It then runs the ``hard`` level itself (its node budget and
2 s cap) from each setup: on the core it must complete depth 5 from every one.

``--equal N`` instead searches N positions (seeded random and ``easy``-bot games over the five
setups) at ``--depth`` plies with no budget and no time cap, on both searches, and counts the
positions where the value, the move or the node count differ (the core search is node for node
the reference's, so the moves are equal too, not merely of equal value). Timings depend on
the machine's load: say how loaded it was when you quote them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import abstracta
from abstracta.bots import level_bot
from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.games.laser_chess import compiled
from abstracta.games.laser_chess.rules import SETUP_NAMES


def middlegame_positions(count: int, seed: int) -> list:
    """``count`` positions from seeded ``medium`` games (a fifth of the moves random), 16 to 40 plies in."""
    positions = []
    index = 0
    while len(positions) < count:
        game = abstracta.load("laser-chess", setup=SETUP_NAMES[index % len(SETUP_NAMES)])
        rng = random.Random(seed * 10_000 + index)
        bots = [level_bot("medium", game, seed=rng.getrandbits(32)) for _ in range(2)]
        stop = rng.randint(16, 40)
        state = game.start()
        while not state.over and state.plies < stop:
            state = state.play(rng.choice(state.moves()) if rng.random() < 0.2 else bots[state.player].choose(state))
        if not state.over:
            positions.append(state)
        index += 1
    return positions


def mixed_positions(count: int, seed: int) -> list:
    """``count`` positions, every third ply of seeded games over the five setups (random and ``easy`` moves)."""
    positions = []
    index = 0
    while len(positions) < count:
        game = abstracta.load("laser-chess", setup=SETUP_NAMES[index % len(SETUP_NAMES)])
        rng = random.Random(seed * 10_000 + index)
        bot = level_bot("easy", game, seed=index)
        state = game.start()
        while not state.over and state.plies < 60 and len(positions) < count:
            if state.plies % 3 == 2:
                positions.append(state)
            state = state.play(bot.choose(state) if rng.random() < 0.3 else rng.choice(state.moves()))
        index += 1
    return positions


def timed_search(state, compiled_search: bool, seconds: float):
    return AlphaBetaBot(max_nodes=None, seconds=seconds, seed=1, compiled=compiled_search).search(state)


def speed(positions: list, names: list[str], seconds: float) -> None:
    rows = {False: [], True: []}
    print(f"{'position':12} | reference: depth, nodes/s | core: depth, nodes/s | speed-up")
    for name, state in zip(names, positions):
        reference = timed_search(state, False, seconds)
        core = timed_search(state, True, seconds)
        rows[False].append(reference)
        rows[True].append(core)
        if len(positions) <= 10 or name in SETUP_NAMES:
            print(f"{name:12} | {reference.depth} ({reference.stopped}), {reference.nodes_per_second:10,.0f} | "
                  f"{core.depth} ({core.stopped}), {core.nodes_per_second:12,.0f} | "
                  f"{core.nodes_per_second / max(reference.nodes_per_second, 1):5.0f}x", flush=True)  # fmt: skip
    for flag, label in ((False, "reference"), (True, "core")):
        reports = rows[flag]
        timed = [r for r in reports if r.stopped == "time"]  # a proved win or loss ends a search early
        depths = [r.depth for r in timed] or [0]
        print(f"  {label:9}: {len(reports) - len(timed)} decided early; the others: depth min {min(depths)}, "
              f"median {statistics.median(depths)}, max {max(depths)}; nodes/s median "
              f"{statistics.median(r.nodes_per_second for r in timed or reports):,.0f}")  # fmt: skip


def hard_from_setups() -> bool:
    """The ``hard`` level from each setup, on the core; True when it completed depth 5 from every one."""
    ok = True
    for setup in SETUP_NAMES:
        game = abstracta.load("laser-chess", setup=setup)
        bot = level_bot("hard", game, seed=1)
        report = bot.search(game.start())
        ok &= report.depth >= 5
        print(f"  hard from {setup:10}: depth {report.depth} ({report.stopped}), {report.nodes:,} nodes in "
              f"{report.seconds:.2f} s, move {report.move}")  # fmt: skip
    return ok


def equal(count: int, depth: int, seed: int) -> int:
    differences = 0
    started = time.perf_counter()
    positions = mixed_positions(count, seed)
    reference_seconds = core_seconds = 0.0
    for number, state in enumerate(positions, 1):
        reports = []
        for flag in (False, True):
            bot = AlphaBetaBot(max_nodes=None, max_depth=depth, seed=number, compiled=flag)
            reports.append(bot.search(state))
        reference, core = reports
        reference_seconds += reference.seconds
        core_seconds += core.seconds
        same = (reference.move, reference.score, reference.depth, reference.nodes) == \
            (core.move, core.score, core.depth, core.nodes)  # fmt: skip
        if not same:
            differences += 1
            print(f"  DIFFERENT at {state.notation()!r}: reference {reference}, core {core}", flush=True)
        if number % 50 == 0:
            print(f"  {number} positions, {differences} different, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"{len(positions)} positions at depth {depth}: {differences} with a different value, move or node count; "
          f"reference {reference_seconds:.1f} s, core {core_seconds:.2f} s of search")  # fmt: skip
    return differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time cap per search in the speed part")
    parser.add_argument("--positions", type=int, default=50, help="middlegame positions in the speed part")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--equal", type=int, default=0, metavar="N", help="compare values on N positions instead")
    parser.add_argument("--depth", type=int, default=3, help="the fixed depth of --equal")
    args = parser.parse_args()
    if not compiled.available():
        parser.error("the Laser Chess compiled core is not available (build it with `make cores`; "
                     "ABSTRACTA_PURE_PYTHON must be unset)")  # fmt: skip
    if args.seconds <= 0 or args.positions < 0 or args.equal < 0 or args.depth < 1:
        parser.error("--seconds must be positive, --positions and --equal at least 0, --depth at least 1")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs", flush=True)
    if args.equal:
        sys.exit(1 if equal(args.equal, args.depth, args.seed) else 0)
    setups = [abstracta.load("laser-chess", setup=setup).start() for setup in SETUP_NAMES]
    print(f"From the five setups, {args.seconds:g} s each, no node budget:")
    speed(setups, list(SETUP_NAMES), args.seconds)
    if args.positions:
        print(f"From {args.positions} middlegame positions, {args.seconds:g} s each, no node budget:")
        speed(middlegame_positions(args.positions, args.seed), [f"middle {i + 1}" for i in range(args.positions)],
              args.seconds)  # fmt: skip
    print("The hard level (its node budget, 2 s cap), on the core:")
    if not hard_from_setups():
        print("  hard did NOT complete depth 5 from every setup")
        sys.exit(1)
    print(f"load average {os.getloadavg()[0]:.1f} after the run")


if __name__ == "__main__":
    main()
