"""Fit each game's win-chance calibration on bot games, and measure it on held-out games.

Reads ``data/<slug>.jsonl`` (written by ``generate.py``) and splits it by game: one game in three
is held out, never fitted nor looked at before the final measure (:func:`held_out`). Per player
count and value source (``search``, ``quick``) the map is the softmax of
``abstracta/core/calibration.py`` (temperature, a cubic term kept non-negative, seat biases; the
mover's edge held at 0, see :func:`fit_maps`), the chance of a position being the mean over its
worlds as :func:`abstracta.bots.win_chances` takes it (a world the tactics settle keeps their
chances). Which map is chosen by cross-validation by game within the fit games alone
(:func:`cross_validated`): one set of seat biases per player count or one per option set, and the
strength of an L2 shrinkage of temperature and cubic (from none to the value dropped altogether);
the chosen map is then fitted by least (penalised) log loss on every fit game. Two baselines are
fitted on the same games: the first-seat rate (each seat's mean score in the option set's fit
games) and the score difference alone (``scores()``, the same softmax map on it). Then, on the
held-out games: positions and games counted, Brier score, log loss and ECE (10 bins), with the
shipped win chances computed position by position by
``abstracta.bots.win_chances.chances_of`` (the run-time code, not a copy).

Writes ``src/abstracta/games/<name>/calibration.py`` (the parameters), ``results.json`` (the
held-out figures, which ``tests/bots/test_calibration.py`` recomputes), ``docs/calibration.md``
(the table) and ``docs/calibration/<slug>.png`` (reliability plots).

    python benchmarks/calibration/fit.py                 # every game with data
    python benchmarks/calibration/fit.py --games quin    # one game (results.json keeps the others)

Needs numpy and scipy (``pip install 'abstracta[calibration]'``), matplotlib for the plots.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import zlib
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path
from typing import NamedTuple

import abstracta
from abstracta.core.calibration import (
    Calibration,
    brier,
    expected_calibration_error,
    log_loss,
    option_set_key,
    reliability,
)

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
DATA = HERE / "data"
RESULTS = HERE / "results.json"
SOURCES = ("search", "quick")
COMMAND = "python benchmarks/calibration/fit.py"

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
"""The prior spread (a normal's, in logits) of each seat's bias. A game's positions share its outcome, so the
evidence is counted in games, not positions: the mean log loss is weighed as that many games' worth against
the prior, and a few dozen games cannot make a bias large."""


class Positions:
    """One player count's positions as arrays: per world the values (or the tactics' chances), the outcome,
    and each position's game and option set (an index into ``option_sets``, whose seat biases it gets)."""

    def __init__(self, records: list[dict], source: str, feature: str = "values", lower_wins: bool = False,
                 option_sets: list | None = None) -> None:  # fmt: skip
        import numpy as np

        rows = [(record, position) for record in records for position in record["positions"]]
        self.count = n = players_of(records[0])
        self.option_sets = option_sets or [None]  # None: one set of seat biases for every position
        self.option_set = np.array([self.option_sets.index(record["key"]) if option_sets else 0
                                    for record, _ in rows], dtype=int)  # fmt: skip
        self.game = np.array([record["index"] for record, _ in rows])
        self.games = len(records)
        width = max(len(position["worlds"]) for _, position in rows)
        self.values = np.zeros((len(rows), width, n))
        self.sure = np.zeros((len(rows), width, n))
        self.settled = np.zeros((len(rows), width), dtype=bool)  # a position the tactics settle: one world
        self.valid = np.zeros((len(rows), width), dtype=bool)
        self.outcome = np.array([record["outcome"] for record, _ in rows], dtype=float)
        for r, (_, position) in enumerate(rows):
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

    def subset(self, rows, pooled: bool = False) -> "Positions":
        """These positions at ``rows`` (a boolean mask); ``pooled``: with one set of seat biases for all."""
        import numpy as np

        part = copy.copy(self)
        for name in ("option_set", "game", "values", "sure", "settled", "valid", "outcome"):
            setattr(part, name, getattr(self, name)[rows])
        part.games = len(np.unique(part.game))
        if pooled:
            part.option_sets, part.option_set = [None], np.zeros_like(part.option_set)
        return part

    def chances(self, free):
        """Each position's chances at ``free`` = (temperature, cubic, then per option set the seat biases of seats
        1..; the mover's edge is 0), and each world's mapped chances."""
        import numpy as np

        sets = len(self.option_sets)
        bias = np.concatenate([np.zeros((sets, 1)), np.reshape(free[2:], (sets, self.count - 1))], axis=1)
        logits = free[0] * self.values + free[1] * self.values**3 + bias[self.option_set][:, None, :]
        mapped = np.exp(logits - logits.max(axis=2, keepdims=True))
        mapped /= mapped.sum(axis=2, keepdims=True)
        per_world = np.where(self.settled[:, :, None], self.sure, mapped) * self.valid[:, :, None]
        return np.clip(per_world.sum(axis=1) / self.valid.sum(axis=1)[:, None], 1e-9, 1.0), mapped

    def log_losses(self, free):
        """Each position's log loss at ``free`` (:meth:`chances`)."""
        import numpy as np

        return -(self.outcome * np.log(self.chances(free)[0])).sum(axis=1)

    def loss(self, free, shrink: float = 0.0):
        """The fit's objective and its gradient at ``free`` (:meth:`chances`): the mean log loss, plus a ridge on
        the seat biases (see :data:`BIAS_SPREAD`; with a bias per option set, each set's against the same prior)
        and ``shrink`` times the squares of temperature and cubic."""
        import numpy as np

        temperature, cubic, sets, n = free[0], free[1], len(self.option_sets), self.count
        chances, mapped = self.chances(free)
        weight = (1.0 / self.valid.sum(axis=1))[:, None, None]  # each world's share of its position
        ridge = 2 * BIAS_SPREAD**2 * self.games
        loss = -(self.outcome * np.log(chances)).sum(axis=1).mean()
        loss += shrink * (temperature**2 + cubic**2) + float((free[2:] ** 2).sum()) / ridge
        # d(loss)/d(logit of player i in world w) = -weight * mapped_i * (g_i - sum_j g_j mapped_j), g = y / p
        pull = self.outcome / chances
        per_logit = mapped * (pull[:, None, :] - (pull[:, None, :] * mapped).sum(axis=2, keepdims=True))
        per_logit *= (self.valid & ~self.settled)[:, :, None] * (-weight / len(chances))
        per_seat = per_logit.sum(axis=1)
        biases = [np.bincount(self.option_set, per_seat[:, seat], sets) for seat in range(1, n)]
        gradient = np.concatenate([[(per_logit * self.values).sum() + 2 * shrink * temperature,
                                    (per_logit * self.values**3).sum() + 2 * shrink * cubic],
                                   np.stack(biases, axis=1).ravel() + 2 * np.asarray(free[2:]) / ridge])  # fmt: skip
        return float(loss), gradient


def fit_maps(positions: Positions, shrink: float = 0.0) -> list[Calibration]:
    """The least-loss softmax maps for these positions, one per option set (temperature and cubic shared, the
    seat biases of each option set its own), by scipy's L-BFGS from temperature 1.

    ``shrink`` is the L2 strength on temperature and cubic (:data:`SHRINKS`; infinite: both held at 0, the
    value dropped and the seat biases alone left). The mover's edge stays 0 (not fitted). A map that gave the
    side to move an edge would take it back after every move, so each move would read as a drop of twice the
    edge (the sawtooth the analysis must not show: in a first fit Quin's edge of 0.34 marked 30 of 39 plies);
    and the read plies of a game, one in an even number, mostly share their mover, so the data cannot tell the
    edge from the games' own luck. Where having the move matters, the evaluation says so.
    """
    import numpy as np
    from scipy.optimize import minimize

    dropped = math.isinf(shrink)

    width = positions.count - 1
    biases = len(positions.option_sets) * width
    start = np.zeros(2 + biases)
    start[0] = 0.0 if dropped else 1.0
    order = (0.0, 0.0) if dropped else (0.0, None)  # both >= 0: a better value is never a worse chance
    best = minimize(positions.loss, start, (0.0 if dropped else shrink,), "L-BFGS-B", jac=True,
                    bounds=[order, order] + [(None, None)] * biases)  # fmt: skip
    params = [round(float(p), 4) for p in best.x]
    return [Calibration(params[0], 0.0, tuple([0.0] + params[2 + k * width:2 + (k + 1) * width]), params[1])
            for k in range(len(positions.option_sets))]  # fmt: skip


def fit_map(positions: Positions, shrink: float = 0.0) -> Calibration:
    """:func:`fit_maps`'s one map, for positions that share their seat biases."""
    return fit_maps(positions, shrink)[0]


def as_params(maps: list[Calibration]):
    """:meth:`Positions.chances`'s parameters from :func:`fit_maps`'s maps."""
    import numpy as np

    return np.array([maps[0].temperature, maps[0].cubic, *(b for cal in maps for b in cal.seat_bias[1:])])


# -- the choice of map: cross-validation within the fit games ------------------------------------------------------


SHRINKS = (math.inf, 1.0, 0.3, 0.1, 0.03, 0.01, 0.003, 0.001, 0.0)
"""The L2 strengths on temperature and cubic that cross-validation chooses among: from the value dropped
(infinite: the seat biases alone) to none (the least-log-loss fit)."""
FOLDS = 5


def fold_of(index: int) -> int:
    """The cross-validation fold of fit game ``index`` (a hash of the index, independent of :func:`held_out`'s)."""
    return zlib.crc32(b"fold %d" % index) % FOLDS


class Model(NamedTuple):
    """One candidate map: seat biases per option set or one set per player count, and the shrink strength."""

    per_option_set: bool
    shrink: float

    def name(self) -> str:
        biases = "seat biases per option set" if self.per_option_set else "one seat bias per player count"
        strength = "value dropped" if math.isinf(self.shrink) else f"shrink {self.shrink:g}"
        return f"{biases}, {strength}"


def candidates(option_sets: list) -> list[Model]:
    """The models cross-validation compares, the simpler first (a tie goes to the first): one seat bias per
    player count before biases per option set (only where the fit games have several), stronger shrinkage first."""
    structures = (False, True) if len(option_sets) > 1 else (False,)
    return [Model(per_set, shrink) for per_set in structures for shrink in SHRINKS]


def cross_validated(positions: Positions, models: list[Model]) -> dict[Model, float]:
    """Each model's mean log loss per position on the fit games, each fold's games valued by the map fitted on
    the other folds' (:data:`FOLDS`, split by game: a game's positions share its one outcome)."""
    import numpy as np

    folds = np.array([fold_of(int(index)) for index in positions.game])
    totals = dict.fromkeys(models, 0.0)
    for fold in sorted(set(folds.tolist())):
        for per_set in sorted({model.per_option_set for model in models}):
            training = positions.subset(folds != fold, pooled=not per_set)
            checked = positions.subset(folds == fold, pooled=not per_set)
            for model in (m for m in models if m.per_option_set == per_set):
                totals[model] += float(checked.log_losses(as_params(fit_maps(training, model.shrink))).sum())
    return {model: total / len(positions.outcome) for model, total in totals.items()}


def chosen(scores: dict[Model, float]) -> Model:
    """The model of least cross-validated log loss (the first of :func:`candidates` on a tie)."""
    return min(scores, key=lambda model: round(scores[model], 9))


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
    """Chosen and fitted maps and held-out figures of one game, per player count: (calibrations, results).

    Per player count and source, :func:`cross_validated` compares the :func:`candidates` on the fit games alone
    and the chosen one is fitted on all of them; the player count's map (one set of seat biases, the chosen
    strength) is always written too, for a game whose options match no option set of the data.
    """
    import numpy as np

    lower_wins = bool(getattr(abstracta.load(slug), "lower_score_wins", False))
    by_count: dict[int, list[dict]] = defaultdict(list)
    for record in records:
        record["key"] = option_set_key(record["options"])  # the option set as the calibration table keys it
        by_count[players_of(record)].append(record)
    calibrations, results = {}, {}
    for count, group in sorted(by_count.items()):
        fit = [r for r in group if not held_out(r["index"])]
        test = [r for r in group if held_out(r["index"])]
        option_sets = sorted({record["key"] for record in fit})
        models, choices, scores, done = candidates(option_sets), {}, {}, {}
        for source in SOURCES:
            positions = Positions(fit, source, option_sets=option_sets)
            same = next((other for other, seen in done.items() if np.array_equal(seen.values, positions.values)), None)
            if same is not None:  # the game's knowledge is its search's value: the same choice and maps
                choices[source], scores[source] = choices[same], scores[same]
                for key, cal in list(calibrations.items()):
                    if key[:2] == (count, same):
                        calibrations[(count, source, *key[2:])] = cal
                continue
            done[source] = positions
            scores[source] = cross_validated(positions, models)
            model = choices[source] = chosen(scores[source])
            everything = np.ones(len(positions.outcome), dtype=bool)
            calibrations[(count, source)] = fit_map(positions.subset(everything, pooled=True), model.shrink)
            if model.per_option_set:
                for key, fitted in zip(option_sets, fit_maps(positions, model.shrink)):
                    calibrations[(count, source, key)] = fitted
        score_map = fit_map(Positions(fit, "search", "scores", lower_wins))
        rates = first_seat_rates(fit)
        results[str(count)] = {
            "fit": {"games": len(fit), "positions": sum(len(r["positions"]) for r in fit)},
            "model": {source: {"per_option_set": model.per_option_set,
                               "shrink": None if math.isinf(model.shrink) else model.shrink, "name": model.name()}
                      for source, model in choices.items()},
            "cross_validated_log_loss": {model.name(): round(loss, 5) for model, loss in scores["search"].items()},
            "calibration": asdict(calibrations[(count, "search")]),
            "option_calibrations": {json.dumps(dict(key[2])): asdict(cal) for key, cal in calibrations.items()
                                    if key[:2] == (count, "search") and len(key) == 3},
            "score_map": asdict(score_map), "first_seat_rates": rates}  # fmt: skip
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


def literal(value) -> str:
    """``value`` as Python source, strings in double quotes."""
    return json.dumps(value) if isinstance(value, str) else repr(value)


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
    for key, cal in sorted(calibrations.items(), key=repr):
        count, source, *option_set = key  # an option set's own map: keyed by its option_set_key too
        pairs = "".join(f"({literal(name)}, {literal(value)}), " for name, value in option_set[0]) if option_set else ""
        name = f'({count}, "{source}", ({pairs.rstrip()}))' if option_set else f'({count}, "{source}")'
        lines.append(f'    {name}: {{"temperature": {cal.temperature}, "cubic": {cal.cubic}, '
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
    rows = ["| game | players | fit games / positions | map chosen (seat biases, shrinkage) "
            "| held-out games / positions | Brier: fitted / seat / score "
            "| log loss: fitted / seat / score | ECE: fitted (noise floor) / seat / score |",
            "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for slug, results in sorted(all_results.items()):
        for count, result in sorted(results.items()):
            held, fit = result["held_out"], result["fit"]
            names = ("fitted", "first_seat", "score")
            brier_cell, loss_cell = (" / ".join(f"{held[name][metric]:.3f}" for name in names)
                                     for metric in ("brier", "log_loss"))  # fmt: skip
            ece_cell = (f"**{held['fitted']['ece']:.3f}** ({held['fitted']['ece_floor']:.3f}) / "
                        f"{held['first_seat']['ece']:.3f} / {held['score']['ece']:.3f}")  # fmt: skip
            model = result["model"]["search"]
            shrink = "value dropped" if model["shrink"] is None else f"{model['shrink']:g}"
            biases = "per option set" if model["per_option_set"] else "per player count"
            rows.append(f"| {slug} | {count} | {fit['games']} / {fit['positions']} | {biases}, {shrink} | "
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
    parser.add_argument("--no-write", action="store_true", help="print the table; write no file")
    args = parser.parse_args()
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
