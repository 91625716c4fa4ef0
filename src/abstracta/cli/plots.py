"""Pictures of runs (``simulate --png``, ``tournament --png``, ``analyse --png``) with matplotlib.

matplotlib is an optional extra (``pip install 'abstracta[plots]'``); commands check for it
before they play, so a long run never ends in a missing-package error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from abstracta.cli.common import fail


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--png needs matplotlib: pip install 'abstracta[plots]'")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def simulation_png(path: Path, game: Any, result: Any, names: list[str], seat_names: list[str],
                   turns: list[int | None] | None = None) -> None:  # fmt: skip
    """Each seat's score (a win 1, a draw 1/2, a first place shared by k 1/k) with its 95% interval against
    the fair share, beside a histogram of game lengths (in turns when every game's is known, else plies)."""
    from abstracta.cli.simulate import simulation_balance

    plt = _pyplot()
    figure, (rates, lengths) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [f"{p} {seat_names[p]}\n{names[p]}" for p in range(result.num_players)]
    fairness = simulation_balance(result)
    values = list(fairness.scores)
    below = [score - low for score, (low, _) in zip(values, fairness.intervals)]
    above = [high - score for score, (_, high) in zip(values, fairness.intervals)]
    rates.bar(labels, values, yerr=[below, above], capsize=6, color="#4c72b0")
    rates.axhline(fairness.fair, color="grey", linestyle="--", label=f"fair share {fairness.fair:.1%}")
    rates.set_ylim(0, 1)
    rates.set_ylabel("score: win 1, draw 1/2, shared first 1/k (95%)")
    rates.set_title(f"{game.title}: {result.games} games, all equal? p = {fairness.p_value:.2g}")
    rates.legend()
    in_turns = bool(turns) and all(t is not None for t in turns)  # type: ignore[union-attr]
    spread = list(turns) if in_turns else result.lengths  # type: ignore[arg-type]
    unit = "turns" if in_turns else "plies, chance outcomes included"
    lengths.hist(spread, bins=min(30, max(5, len(set(spread)))), color="#55a868")
    lengths.set_xlabel(f"game length ({unit})")
    lengths.set_ylabel("games")
    lengths.set_title(f"mean {sum(spread) / len(spread):.1f} {unit.split(',')[0]}" if spread else "no games")
    _save(figure, path, plt)


def tournament_png(path: Path, result: Any) -> None:
    """Elo per bot with its 95% interval, beside a histogram of game lengths."""
    plt = _pyplot()
    figure, (elo, lengths) = plt.subplots(1, 2, figsize=(10, 4))
    ratings = sorted(result.ratings, key=lambda r: r.elo)
    elo.errorbar([r.bot for r in ratings], [r.elo for r in ratings],
                 yerr=[[r.elo - r.low for r in ratings], [r.high - r.elo for r in ratings]],
                 fmt="o", capsize=6)  # fmt: skip
    elo.set_ylabel("Elo (95% interval)")
    elo.set_title(f"{result.game}: {len(result.games)} games")
    lengths.hist([g.plies for g in result.games] or [0], bins=20, color="#55a868")
    lengths.set_xlabel("game length (plies)")
    lengths.set_ylabel("games")
    _save(figure, path, plt)


def analysis_png(path: Path, title: str, plies: list[int], chances: list[float], seats: list[str]) -> None:
    """Each seat's win probability after every ply."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(10, 4))
    for seat, name in enumerate(seats):
        axes.plot(plies, [c[seat] for c in chances], label=name)  # type: ignore[index]
    axes.set_ylim(0, 1)
    axes.set_xlabel("ply")
    axes.set_ylabel("win probability")
    axes.set_title(title)
    axes.legend()
    _save(figure, path, plt)


def _save(figure: Any, path: Path, plt: Any) -> None:
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")
    finally:
        plt.close(figure)
