"""Positions with their outcome, from games between bots: the data the win-chance calibration is fitted on.

Each game of the schedule (``MATCHUPS``) is played to its end by seeded bots whose budgets are
their level's nodes or iterations alone (no time cap: the same command gives the same games on
any machine, however loaded). One position in ``--every`` plies is read (an offset drawn per
game; neighbouring plies say nearly the same thing) as :func:`abstracta.bots.win_chances`
reads it: per world (one for a perfect-information game, the sampled worlds of the mover's
view for Quin) the tactics' verdict or the raw values of the analysis search (``"v"``) and,
where they differ, of the game's knowledge alone (``"q"``), plus ``scores()`` (the baseline's
feature). Each game is one JSON line of ``data/<slug>.jsonl``, written as soon as it ends, so
a run may stop at ``--minutes`` and a later run go on from the next game index.

Game ``i`` plays option set ``i % len(options)`` and bot pairing ``(i // len(options)) %
len(pairings)``; the game's seed is ``i``, seat ``s``'s bot seed ``100 * i + s``.

    nice -n 15 python benchmarks/calibration/generate.py desfases --games 120 --minutes 8
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

import abstracta
from abstracta.bots import level_bot, sample_chance
from abstracta.bots.win_chances import expected_scores, read, worlds
from abstracta.core.errors import CHANCE

DATA = Path(__file__).parent / "data"

MIXED = [("medium", "medium"), ("hard", "medium"), ("medium", "medium"), ("medium", "hard")]
"""Half the games between two ``medium`` bots, half with one ``hard`` bot (each seat in turn)."""
QUARTER_HARD = [("medium", "medium"), ("hard", "medium"), ("medium", "medium"), ("medium", "medium"),
                ("medium", "medium"), ("medium", "hard"), ("medium", "medium"), ("medium", "medium")]
"""One game in four with a ``hard`` bot (each seat in turn): for the slower games, more games in the budget."""

MATCHUPS: dict[str, dict] = {
    "strategic-reserve": {"options": [{"reserve": 6}, {"reserve": 7}], "pairings": MIXED, "every": 6},
    "reflec": {"options": [{"players": 2}, {"players": 3}, {"players": 4}], "pairings": QUARTER_HARD, "every": 6},
    "quin": {"options": [{"setup": "random"}, {"setup": "standard"}], "pairings": QUARTER_HARD, "every": 4},
    "laser-chess": {"options": [{"setup": name} for name in ("ace", "curiosity", "grail", "mercury", "sophie")],
                    "pairings": QUARTER_HARD, "every": 8},
    "desfases": {"options": [{"players": 2}, {"players": 4}], "pairings": QUARTER_HARD, "every": 8},
}
"""What is played per game: option sets, bot pairings (levels by seat, the first level in seat 0;
with more players the pairing repeats round the table), and one position read in ``every`` plies."""


def _bots(game, levels: tuple[str, ...], index: int):
    bots = []
    for seat in range(game.num_players):
        bot = level_bot(levels[seat % len(levels)], game, seed=100 * index + seat)
        bot.seconds = None  # the level's node or iteration budget alone: the same games on any machine
        bots.append(bot)
    return bots


def _reading_json(state) -> dict:
    """The per-world readings of ``state`` as win_chances takes them (search, plus quick where it differs)."""
    readings = []
    for world in worlds(state):
        searched = read(world)
        if searched.tactics is not None:
            readings.append({"t": [round(p, 4) for p in searched.tactics]})
            continue
        entry = {"v": [round(v, 5) for v in searched.values]}
        quick = read(world, quick=True).values
        if quick != searched.values:
            entry["q"] = [round(v, 5) for v in quick]
        readings.append(entry)
    return {"worlds": readings}


def play(slug: str, index: int) -> dict:
    """Game ``index`` of ``slug``'s schedule, played out, with its read positions and outcome."""
    spec = MATCHUPS[slug]
    options = spec["options"][index % len(spec["options"])]
    levels = spec["pairings"][(index // len(spec["options"])) % len(spec["pairings"])]
    game = abstracta.load(slug, **options)
    bots = _bots(game, levels, index)
    rng = random.Random(index)
    every = spec["every"]
    offset = rng.randrange(every)
    state, ply, positions = game.start(seed=index), 0, []
    while not state.over:
        mover = state.player
        if ply % every == offset:
            position = {"ply": ply, "mover": None if mover == CHANCE else mover, "scores": list(state.scores())}
            position.update(_reading_json(state))
            positions.append(position)
        move = sample_chance(state, rng) if mover == CHANCE else bots[mover].choose(state.view(mover))
        state = state.play(move)
        ply += 1
    return {"index": index, "options": options, "bots": list(levels), "plies": ply,
            "outcome": expected_scores(state.returns()), "positions": positions}  # fmt: skip


def _report(slug: str, record: dict, seconds: float) -> None:
    print(f"{slug} game {record['index']}: {record['plies']} plies, {len(record['positions'])} positions, "
          f"{seconds:.1f} s", file=sys.stderr, flush=True)  # fmt: skip


def _timed_play(slug: str, index: int) -> tuple[dict, float]:
    begun = time.monotonic()
    record = play(slug, index)
    return record, time.monotonic() - begun


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(MATCHUPS), help="the game's slug")
    parser.add_argument("--games", type=int, default=60,
                        help="play game indices 0 .. GAMES-1 (those not yet in the data)")
    parser.add_argument("--minutes", type=float, default=10.0, help="start no new game after this many minutes")
    parser.add_argument("--workers", type=int, default=1,
                        help="games played at once in worker processes (a game's record does not depend on it)")
    parser.add_argument("--only", action="append", default=[], metavar="KEY=VALUE",
                        help="play only the schedule's games with this option (e.g. players=2); repeatable")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the data files (default: data/)")
    args = parser.parse_args()
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    wanted = {}
    for item in args.only:
        key, sep, value = item.partition("=")
        if not sep:
            parser.error(f"--only takes KEY=VALUE, got {item!r}")
        wanted[key] = value
    args.data.mkdir(exist_ok=True)
    path = args.data / f"{args.game}.jsonl"
    done = set()
    if path.exists():
        done = {json.loads(line)["index"] for line in path.read_text().splitlines() if line.strip()}
    option_sets = MATCHUPS[args.game]["options"]
    pending = [index for index in range(args.games) if index not in done
               and all(str(option_sets[index % len(option_sets)].get(k)) == v for k, v in wanted.items())]
    started = time.monotonic()

    def in_budget() -> bool:
        if time.monotonic() - started > args.minutes * 60:
            print(f"time budget spent; {len(pending)} games not started", file=sys.stderr)
            return False
        return True

    with path.open("a") as out:
        def write(record: dict, seconds: float) -> None:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")
            out.flush()
            _report(args.game, record, seconds)

        if args.workers == 1:
            while pending and in_budget():
                write(*_timed_play(args.game, pending.pop(0)))
            return
        # Records are appended as games finish (the file is keyed by index, not ordered).
        with ProcessPoolExecutor(args.workers) as pool:
            running = set()
            while pending or running:
                while pending and len(running) < args.workers and in_budget():
                    running.add(pool.submit(_timed_play, args.game, pending.pop(0)))
                if not running:
                    break
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    write(*future.result())
                if not in_budget():
                    pending.clear()


if __name__ == "__main__":
    main()
