"""OpenSpiel's CFR on Strategic Reserve's small variant: its whole tree, solved; the exploitability curve.

The variant (docs/games/strategic-reserve.md, "Small boards"): ``board="4x2"`` (the central
four files by two ranks, b3-e4, dice off it rolled again), ``reserve=2``, ``max_turns=4``.
Its full tree is walked once through the OpenSpiel game (``abstracta.rl.openspiel_game``) and
written as EFG (``abstracta.rl.efg``), which ``pyspiel.load_efg_game`` reads as a C++ game;
OpenSpiel's C++ ``CFRSolver`` then runs ``--iterations`` iterations on it, and
``pyspiel.exploitability`` (NashConv / 2) of the average policy is measured at 1, 2, 4, ...
iterations. Independent checks: the game value under the final average policy against an exact
expectimax over the engine (``abstracta.load``), and what uniformly random play gives up.

    python benchmarks/cfr_small_variant.py            # docs/rl/cfr_small_variant.png
    python benchmarks/cfr_small_variant.py --max-turns 3 --iterations 64 --no-plot
"""

from __future__ import annotations

import argparse
import time

import pyspiel

import abstracta
from abstracta.rl import openspiel_game
from abstracta.rl.efg import efg_text


def expectimax(state, red: str = "max", blue: str = "min") -> float:
    """Red's exact value with each side playing ``max``/``min`` (best for itself) or ``uniform``."""
    if state.over:
        return state.returns()[0]
    chance = state.chance()
    if chance:
        return sum(p * expectimax(state.play(move), red, blue) for move, p in chance)
    values = [expectimax(state.play(move), red, blue) for move in state.moves()]
    mode = red if state.player == 0 else blue
    return max(values) if mode == "max" else min(values) if mode == "min" else sum(values) / len(values)


def distinct_positions(game) -> int:
    """Positions (notation strings) the tree reaches: the tree repeats them along different paths."""
    seen: set[str] = set()
    stack = [game.start()]
    while stack:
        state = stack.pop()
        key = state.notation()
        if key in seen:
            continue
        seen.add(key)
        if not state.over:
            stack.extend(state.play(move) for move in state.moves())
    return len(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="4x2", help="the variant's board (default 4x2)")
    parser.add_argument("--reserve", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=512, help="CFR iterations (default 512)")
    parser.add_argument("--out", default="docs/rl/cfr_small_variant.png")
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args()
    options = {"board": args.board, "reserve": args.reserve, "max_turns": args.max_turns}
    engine = abstracta.load("strategic-reserve", **options)

    started = time.perf_counter()
    text, size = efg_text(openspiel_game("strategic-reserve", **options), title="strategic-reserve small variant")
    exported = time.perf_counter() - started
    game = pyspiel.load_efg_game(text)
    print(f"variant {options}: {size.nodes:,} nodes ({size.decisions:,} decisions, {size.chance:,} chance, "
          f"{size.terminals:,} terminal), {size.information_sets:,} information sets, "
          f"{distinct_positions(engine):,} distinct positions; EFG written in {exported:.1f} s", flush=True)  # fmt: skip

    uniform = pyspiel.UniformRandomPolicy(game)
    print(f"uniform policy: exploitability {pyspiel.exploitability(game, uniform):.6f}")
    exact = expectimax(engine.start())
    red_uniform = expectimax(engine.start(), red="uniform")
    blue_uniform = expectimax(engine.start(), blue="uniform")
    print(f"exact value for Red {exact:.6f}; Red playing uniformly {red_uniform:.6f}, "
          f"Blue playing uniformly {blue_uniform:.6f}")  # fmt: skip

    solver = pyspiel.CFRSolver(game)
    curve: list[tuple[int, float, float]] = []
    spent = 0.0  # CFR iterations only, not the exploitability measurements
    checkpoint = 1
    print("| iterations | exploitability | CFR seconds |\n|---:|---:|---:|", flush=True)
    for iteration in range(1, args.iterations + 1):
        started = time.perf_counter()
        solver.evaluate_and_update_policy()
        spent += time.perf_counter() - started
        if iteration == checkpoint or iteration == args.iterations:
            value = pyspiel.exploitability(game, solver.average_policy())
            curve.append((iteration, value, spent))
            print(f"| {iteration} | {value:.3e} | {spent:.1f} |", flush=True)
            checkpoint *= 2
    average = solver.average_policy()
    red_value = pyspiel.expected_returns(game.new_initial_state(), average, -1, True)[0]
    print(f"average policy: Red's expected return {red_value:.6f} (exact {exact:.6f})")

    if not args.no_plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 4))
        axes.loglog([c[0] for c in curve], [max(c[1], 1e-12) for c in curve], marker="o")
        axes.set_xlabel("CFR iterations")
        axes.set_ylabel("exploitability (NashConv / 2)")
        axes.set_title(f"Strategic Reserve board={args.board} reserve={args.reserve} max_turns={args.max_turns}\n"
                       f"{size.nodes:,} nodes, OpenSpiel C++ CFR on the EFG tree", fontsize=9)  # fmt: skip
        axes.grid(True, which="both", alpha=0.3)
        figure.tight_layout()
        figure.savefig(args.out, dpi=100)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
