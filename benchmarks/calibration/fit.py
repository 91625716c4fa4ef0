"""Fit each game's win-chance calibration on bot games, and measure it on held-out games.

Reads ``data/<slug>.jsonl`` (written by ``generate.py``), splits it by game (one game in three
is held out, never fitted: :func:`held_out`), and fits per player count and value source
(``search``, ``quick``) the softmax map of ``abstracta/core/calibration.py`` (temperature, a
cubic term kept non-negative, seat biases; the mover's edge held at 0, see :func:`fit_map`) by least log loss, the chance of a position being the mean over its
worlds as :func:`abstracta.bots.win_chances` takes it (a world the tactics settle keeps their
chances). Two baselines are fitted on the same games: the first-seat rate (each seat's mean
score in the option set's fit games) and the score difference alone (``scores()``, the same
softmax map on it). Then, on the held-out games: positions and games counted, Brier score, log
loss and ECE (10 bins), with the shipped win chances computed position by position by
``abstracta.bots.win_chances.chances_of`` (the run-time code, not a copy).

Writes ``src/abstracta/games/<name>/calibration.py`` (the parameters), ``results.json`` (the
held-out figures, which ``tests/bots/test_calibration.py`` recomputes), ``docs/calibration.md``
(the table) and ``docs/calibration/<slug>.png`` (reliability plots).

    python benchmarks/calibration/fit.py                 # every game with data
    python benchmarks/calibration/fit.py --games quin    # one game (results.json keeps the others)
    python benchmarks/calibration/fit.py --shrink        # temperature and cubic shrunk, strength cross-validated

Needs numpy and scipy (``pip install 'abstracta[calibration]'``), matplotlib for the plots.
"""

from __future__ import annotations

import argparse
import json
import zlib
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path

import abstracta
from abstracta.core.calibration import (
    ECE_BINS,
    Calibration,
    brier,
    expected_calibration_error,
    log_loss,
    reliability,
)

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
DATA = HERE / "data"
RESULTS = HERE / "results.json"
SOURCES = ("search", "quick")
COMMAND = "python benchmarks/calibration/fit.py"
SHRINK = False
"""Whether temperature and cubic are shrunk by a cross-validated strength (:func:`chosen_shrink`; ``--shrink``).
Off: tried on the committed data (issue 28), it helped Quin's held-out figures (Brier 0.258 -> 0.244, log loss
0.722 -> 0.692) but cost Laser Chess and 2-player Reflec more (a few dozen fit games choose a noisy strength),
so the held-out totals got worse."""


def held_out(index: int) -> bool:
    """Whether game ``index`` is held out, never used for fitting: one game in three, by a hash of the index
    (not ``index % 3``, which would hold out one option set of a schedule that cycles through three)."""
    return zlib.crc32(b"held out %d" % index) % 3 == 0


def load(slug: str) -> list[dict]:
    """The recorded games of ``slug``, in index order."""
    path = DATA / f"{slug}.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return sorted(records, key=lambda record: record["index"])


def players_of(record: dict) -> int:
    return len(record["outcome"])


# -- the fitted map, vectorised (numpy) ---------------------------------------------------------------------------


BIAS_SPREAD = 0.5
"""The prior spread (a normal's, in logits) of the mover's edge and of each seat's bias. A game's positions
share its outcome, so the evidence is counted in games, not positions: the mean log loss is weighed as
that many games' worth against the prior, and a few dozen games cannot make a bias large."""


class Positions:
    """One player count's positions as arrays: per world the values (or the tactics' chances), mover, outcome."""

    def __init__(self, records: list[dict], source: str, feature: str = "values", lower_wins: bool = False) -> None:
        import numpy as np

        rows = [(record, position) for record in records for position in record["positions"]]
        self.games = len(records)
        self.count = n = players_of(records[0])
        width = max(len(position["worlds"]) for _, position in rows)
        self.values = np.zeros((len(rows), width, n))
        self.sure = np.zeros((len(rows), width, n))
        self.settled = np.zeros((len(rows), width), dtype=bool)  # a position the tactics settle: one world
        self.valid = np.zeros((len(rows), width), dtype=bool)
        self.mover = np.zeros((len(rows), n))
        self.outcome = np.array([record["outcome"] for record, _ in rows], dtype=float)
        for r, (_, position) in enumerate(rows):
            if position["mover"] is not None:
                self.mover[r, position["mover"]] = 1.0
            if feature == "scores":  # the baseline: the score difference alone, one world
                scores = np.array(position["scores"], dtype=float) * (-1.0 if lower_wins else 1.0)
                self.values[r, 0] = scores - scores.mean()
                self.valid[r, 0] = True
                continue
            worlds = position["worlds"]
            verdicts = [world.get("t") for world in worlds]
            if verdicts[0] is not None and all(verdict == verdicts[0] for verdict in verdicts):
                self.settled[r, 0], self.valid[r, 0] = True, True  # every world agrees: the tactics' chances
                self.sure[r, 0] = verdicts[0]
                continue
            open_worlds = [world for world in worlds if "t" not in world] or [{"v": [0.0] * n}]
            for w, world in enumerate(open_worlds):  # as bots.win_chances.combined: settled worlds left out
                self.valid[r, w] = True
                self.values[r, w] = world.get("q", world["v"]) if source == "quick" else world["v"]

    def chances(self, params):
        """Each position's chances under ``params`` = (temperature, mover, seat biases of seats 1..)."""
        import numpy as np

        bias = np.concatenate([[0.0], params[3:]])  # params: temperature, mover, cubic, seat biases of seats 1..
        logits = params[0] * self.values + params[2] * self.values**3 + params[1] * self.mover[:, None, :] + bias
        logits -= logits.max(axis=2, keepdims=True)
        mapped = np.exp(logits)
        mapped /= mapped.sum(axis=2, keepdims=True)
        per_world = np.where(self.settled[:, :, None], self.sure, mapped) * self.valid[:, :, None]
        return per_world.sum(axis=1) / self.valid.sum(axis=1)[:, None]

    def log_loss(self, params) -> float:
        """Mean log loss of the chances under ``params``."""
        import numpy as np

        return float(-(self.outcome * np.log(np.clip(self.chances(params), 1e-9, 1.0))).sum(axis=1).mean())

    def loss(self, params, shrink: float = 0.0) -> float:
        """Mean log loss, plus a ridge on the mover's edge and the seat biases (see :data:`BIAS_SPREAD`) and
        ``shrink`` times the squares of temperature and cubic (see :func:`chosen_shrink`)."""
        fitted = self.log_loss(params)
        shrunk = shrink * float(params[0] ** 2 + params[2] ** 2)
        return fitted + shrunk + float((params[3:] ** 2).sum()) / (2 * BIAS_SPREAD**2 * self.games)


def fit_map(positions: Positions, shrink: float = 0.0) -> Calibration:
    """The least-log-loss softmax map for these positions (scipy's L-BFGS from temperature 1).

    The mover's edge stays 0 (not fitted). A map that gave the side to move an edge would take it
    back after every move, so each move would read as a drop of twice the edge (the sawtooth the
    analysis must not show: in a first fit Quin's edge of 0.34 marked 30 of 39 plies); and the read
    plies of a game, one in an even number, mostly share their mover, so the data cannot tell the
    edge from the games' own luck. Where having the move matters, the evaluation says so.

    ``shrink`` pulls temperature and cubic toward 0 (every chance toward the seat rates), an L2 penalty.
    """
    import numpy as np
    from scipy.optimize import minimize

    def loss(free):  # temperature, cubic, seat biases of seats 1..; the mover's edge held at 0
        return positions.loss(np.concatenate([free[:1], [0.0], free[1:]]), shrink)

    start = np.zeros(1 + positions.count)
    start[0] = 1.0
    bounds = [(0.0, None), (0.0, None)] + [(None, None)] * (positions.count - 1)  # both >= 0: the order kept
    best = minimize(loss, start, method="L-BFGS-B", bounds=bounds)
    params = [round(float(p), 4) for p in best.x]
    return Calibration(params[0], 0.0, tuple([0.0] + params[2:]), params[1])


SHRINKS = (0.0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3)
"""The L2 strengths on temperature and cubic that cross-validation chooses among (0: no shrinkage)."""
FOLDS = 5


def chosen_shrink(fit: list[dict], source: str) -> float:
    """The strength in :data:`SHRINKS` with the least log loss in ``FOLDS``-fold cross-validation by game over
    the fit games only (the held-out games are never looked at). A game's positions share its outcome, so the
    folds split games, not positions; the least strength wins a tie. Where an evaluation barely predicts the
    outcome (Quin), a free fit overfits the fit games and a strength above 0 is chosen."""
    import numpy as np

    folds = [[r for k, r in enumerate(fit) if k % FOLDS == fold] for fold in range(FOLDS)]
    folds = [fold for fold in folds if fold]
    if len(folds) < 2:
        return 0.0
    totals = np.zeros(len(SHRINKS))
    for k, validation in enumerate(folds):
        training = Positions([r for j, fold in enumerate(folds) if j != k for r in fold], source)
        checked = Positions(validation, source)
        for s, shrink in enumerate(SHRINKS):
            totals[s] += checked.log_loss(as_params(fit_map(training, shrink))) * len(checked.outcome)
    return SHRINKS[int(np.argmin(np.round(totals, 9)))]


def as_params(calibration: Calibration):
    import numpy as np

    return np.array([calibration.temperature, calibration.mover, calibration.cubic, *calibration.seat_bias[1:]])


# -- held-out figures -------------------------------------------------------------------------------------------


def shipped_chances(game, position: dict) -> list[float]:
    """The run-time code's win chances for a recorded position: its readings combined and mapped as ``game`` does."""
    from abstracta.bots.win_chances import Reading, combined

    return combined([Reading(tuple(world["t"]) if "t" in world else None, tuple(world.get("v", ())),
                             position["mover"], "search") for world in position["worlds"]], game)  # fmt: skip


def game_with(slug: str, options: dict, calibrations: dict | None):
    """The game under ``options``, its knowledge serving ``calibrations`` (``None``: the shipped ones)."""
    game = abstracta.load(slug, **options)
    if calibrations is not None:
        game.knowledge().calibrations = calibrations  # this instance only: the fit is measured by the run-time code
    return game


SIMULATIONS = 200
"""Outcomes drawn from the chances themselves behind the ECE's noise floor."""


def figures(chances, outcomes, game_of: list[int]) -> dict:
    """Brier score, log loss and ECE, and the ECE's noise floor: the median ECE of the same chances against
    outcomes drawn from them (each game's winner drawn from one of its positions' chances, shared by all its
    positions, as a real game's outcome is), seeded. A perfectly calibrated number shows about that much."""
    import random

    by_game: dict[int, list[int]] = defaultdict(list)
    for row, game in enumerate(game_of):
        by_game[game].append(row)
    rng, floors = random.Random(0), []
    for _ in range(SIMULATIONS):
        drawn = [None] * len(chances)
        for rows in by_game.values():
            said = chances[rng.choice(rows)]
            winner = rng.choices(range(len(said)), weights=said)[0]
            for row in rows:
                drawn[row] = [1.0 if i == winner else 0.0 for i in range(len(said))]
        floors.append(expected_calibration_error(chances, drawn))
    floors.sort()
    return {"games": len(by_game), "positions": len(chances), "brier": round(brier(chances, outcomes), 4),
            "log_loss": round(log_loss(chances, outcomes), 4),
            "ece": round(expected_calibration_error(chances, outcomes), 4),
            "ece_floor": round(floors[SIMULATIONS // 2], 4)}  # fmt: skip


def first_seat_rates(records: list[dict]) -> dict[str, list[float]]:
    """Each option set's mean score per seat over ``records`` and one even game (the first baseline; the even
    game keeps a seat that never won in a few games off a chance of 0)."""
    sums: dict[str, list[float]] = {}
    counts: dict[str, int] = defaultdict(int)
    for record in records:
        key = json.dumps(record["options"], sort_keys=True)
        row = sums.setdefault(key, [0.0] * players_of(record))
        for i, score in enumerate(record["outcome"]):
            row[i] += score
        counts[key] += 1
    return {key: [(s + 1 / len(row)) / (counts[key] + 1) for s in row] for key, row in sums.items()}


def measure(slug: str, records: list[dict]) -> tuple[dict, dict]:
    """Fitted maps and held-out figures of one game, per player count: (calibrations, results)."""
    lower_wins = bool(getattr(abstracta.load(slug), "lower_score_wins", False))
    by_count: dict[int, list[dict]] = defaultdict(list)
    for record in records:
        by_count[players_of(record)].append(record)
    calibrations, results = {}, {}
    for count, group in sorted(by_count.items()):
        fit = [r for r in group if not held_out(r["index"])]
        test = [r for r in group if held_out(r["index"])]
        shrinks = {}
        for source in SOURCES:
            shrinks[source] = chosen_shrink(fit, source) if SHRINK else 0.0
            calibrations[(count, source)] = fit_map(Positions(fit, source), shrinks[source])
        score_map = fit_map(Positions(fit, "search", "scores", lower_wins))
        rates = first_seat_rates(fit)
        results[str(count)] = {"fit": {"games": len(fit), "positions": sum(len(r["positions"]) for r in fit)},
                               "calibration": asdict(calibrations[(count, "search")]),
                               "score_map": asdict(score_map), "first_seat_rates": rates}  # fmt: skip
        if SHRINK:  # only then, so a default rerun writes the same results.json
            results[str(count)]["shrink"] = shrinks
        results[str(count)]["held_out"] = held_out_figures(slug, test, rates, score_map, lower_wins, calibrations)
    return calibrations, results


def held_out_figures(slug: str, test: list[dict], rates: dict, score_map: Calibration, lower_wins: bool,
                     calibrations: dict | None = None) -> dict:  # fmt: skip
    """Held-out figures of the win chances under ``calibrations`` (``None``: the shipped ones) and both baselines."""
    games = {}
    outcomes, fitted, seat, score, game_of = [], [], [], [], []
    for record in test:
        rate = rates.get(json.dumps(record["options"], sort_keys=True))
        for position in record["positions"]:
            outcomes.append(record["outcome"])
            game_of.append(record["index"])
            key = json.dumps(record["options"], sort_keys=True)
            game = games.setdefault(key, game_with(slug, record["options"], calibrations))
            fitted.append(shipped_chances(game, position))
            seat.append(rate or [1.0 / players_of(record)] * players_of(record))
            scores = [s * (-1.0 if lower_wins else 1.0) for s in position["scores"]]
            mean = sum(scores) / len(scores)
            score.append(score_map.chances([s - mean for s in scores], position["mover"]))
    return {"fitted": figures(fitted, outcomes, game_of), "first_seat": figures(seat, outcomes, game_of),
            "score": figures(score, outcomes, game_of),
            "reliability": {name: [[n, round(s, 4), round(c, 4)] for n, s, c in reliability(rows, outcomes)]
                            for name, rows in (("fitted", fitted), ("first_seat", seat), ("score", score))},
            }  # fmt: skip


# -- writing ----------------------------------------------------------------------------------------------------


def package_dir(slug: str) -> Path:
    return ROOT / "src" / "abstracta" / "games" / slug.replace("-", "_")


def write_parameters(slug: str, calibrations: dict) -> None:
    title = abstracta.load(slug).title
    lines = [f'"""Fitted win-chance calibration of {title}: what ``Knowledge.calibrations`` serves ({title}\'s',
             "evaluation.py). ``core/calibration.py`` says what the numbers mean.", "",
             f"Written by ``{COMMAND}`` from the fit games of",
             f"``benchmarks/calibration/data/{slug}.jsonl`` (the held-out figures are in docs/calibration.md).",
             "Rerun that command after a rule, evaluation or bot change (``benchmarks/calibration/README.md``);",
             "do not edit by hand.", '"""', "",
             "from abstracta.core.calibration import calibration_table", "",
             "CALIBRATIONS = calibration_table({"]  # fmt: skip
    for (count, source), cal in sorted(calibrations.items()):
        lines.append(f'    ({count}, "{source}"): {{"temperature": {cal.temperature}, "cubic": {cal.cubic}, '
                     f'"mover": {cal.mover}, "seat_bias": {tuple(cal.seat_bias)}}},')  # fmt: skip
    lines.append("})")
    (package_dir(slug) / "calibration.py").write_text("\n".join(lines) + "\n")


def plot(slug: str, results: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    counts = sorted(results)
    figure, axes = plt.subplots(1, len(counts), figsize=(4.2 * len(counts), 4.2), squeeze=False)
    for axis, count in zip(axes[0], counts):
        held = results[count]["held_out"]
        axis.plot([0, 1], [0, 1], color="#999", linewidth=1, linestyle="--")
        for name, style in (("fitted", "o-"), ("score", "s:"), ("first_seat", "^:")):
            table = [(n, s, c) for n, s, c in held["reliability"][name] if n]
            label = f"{name.replace('_', ' ')} (ECE {held[name]['ece']:.3f})"
            axis.plot([s for _, s, _ in table], [c for _, _, c in table], style, label=label, markersize=4)
        axis.set(xlim=(0, 1), ylim=(0, 1), xlabel="chance given", ylabel="score obtained",
                 title=f"{count} players: {held['fitted']['positions']} positions, {held['fitted']['games']} games")
        axis.legend(loc="upper left", fontsize=8)
    figure.suptitle(f"{abstracta.load(slug).title}: reliability on held-out games")
    figure.tight_layout()
    out = ROOT / "docs" / "calibration"
    out.mkdir(parents=True, exist_ok=True)
    figure.savefig(out / f"{slug}.png", dpi=80)
    plt.close(figure)


def table(all_results: dict) -> str:
    """The held-out figures as a Markdown table: the fitted chances, then the first-seat and score baselines."""
    rows = ["| game | players | fit games / positions | held-out games / positions | Brier: fitted / seat / score "
            "| log loss: fitted / seat / score | ECE: fitted (noise floor) / seat / score |",
            "|---|---|---|---|---|---|---|"]  # fmt: skip
    for slug, results in sorted(all_results.items()):
        for count, result in sorted(results.items()):
            held, fit = result["held_out"], result["fit"]
            names = ("fitted", "first_seat", "score")
            brier_cell, loss_cell = (" / ".join(f"{held[name][metric]:.3f}" for name in names)
                                     for metric in ("brier", "log_loss"))  # fmt: skip
            ece_cell = (f"**{held['fitted']['ece']:.3f}** ({held['fitted']['ece_floor']:.3f}) / "
                        f"{held['first_seat']['ece']:.3f} / {held['score']['ece']:.3f}")  # fmt: skip
            rows.append(f"| {slug} | {count} | {fit['games']} / {fit['positions']} | "
                        f"{held['fitted']['games']} / {held['fitted']['positions']} | {brier_cell} | {loss_cell} | "
                        f"{ece_cell} |")  # fmt: skip
    return "\n".join(rows)


def write_table(text: str) -> None:
    """Put the table into docs/calibration.md between its markers."""
    path = ROOT / "docs" / "calibration.md"
    page = path.read_text()
    start, end = page.index(TABLE_START) + len(TABLE_START), page.index(TABLE_END)
    path.write_text(page[:start] + "\n" + text + "\n" + page[end:])


TABLE_START, TABLE_END = "<!-- table: written by fit.py -->", "<!-- /table -->"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="game slugs (default: every game with data)")
    parser.add_argument("--shrink", action="store_true",
                        help="shrink temperature and cubic by a strength chosen by cross-validation on the fit games")
    parser.add_argument("--no-write", action="store_true", help="print the table; write no file")
    args = parser.parse_args()
    global SHRINK
    SHRINK = args.shrink
    slugs = args.games or sorted(path.stem for path in DATA.glob("*.jsonl"))
    all_results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for slug in slugs:
        calibrations, results = measure(slug, load(slug))
        if not args.no_write:
            write_parameters(slug, calibrations)
            plot(slug, results)
        all_results[slug] = results
    print(table({slug: all_results[slug] for slug in slugs}))
    if not args.no_write:
        RESULTS.write_text(json.dumps(all_results, indent=1, sort_keys=True) + "\n")
        write_table(table(all_results))


if __name__ == "__main__":
    main()
