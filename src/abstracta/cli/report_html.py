"""``abstracta report --html``: the report as ONE self-contained HTML file.

Every plot is drawn with matplotlib and embedded as a base64 PNG (``data:`` URL); the style is
inline; there is no script and no external link, so the file opens anywhere (mailed, offline,
in a browser without JavaScript). Every text that comes from the run is escaped.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any, Sequence

SAMPLE_CURVES = 4
"""Games whose win-chance curves the report draws."""

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5rem 0; } td, th { padding: 0.2rem 0.7rem; border-bottom: 1px solid #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } th { text-align: left; background: #f4f4f4; }
img { max-width: 100%; height: auto; } .headline { background: #fff8e1; padding: 0.6rem 1rem; border-left: 4px solid #f0a000; }
.note { color: #666; font-size: 0.9rem; } .yes { color: #b00; font-weight: bold; }
"""


def report_html(title: str, figures: dict[str, Any], said: list[str], seat_names: list[str],
                traces: Sequence[Any], note: str) -> str:  # fmt: skip
    """The whole page as text."""
    from abstracta.cli.report import metric_rows

    e = html.escape
    metrics = figures["metrics"]
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>",
             f"<style>{STYLE}</style></head><body>", f"<h1>{e(title)}</h1>",
             f"<p class='note'>{e(note)}; {figures['games']} games</p>",
             "<div class='headline'><ul>", *(f"<li>{e(line)}</li>" for line in said), "</ul></div>",
             "<h2>Balance</h2>", _image(_balance_plot(figures, seat_names), "each seat's score with its 95% interval"),
             _table(("seat", "score", "95% CI", "fair share"),
                    [(_seat_name(row["seat"], seat_names), f"{row['score']:.1%}",
                      f"{row['ci'][0]:.1%} to {row['ci'][1]:.1%}", f"{row['fair']:.1%}") for row in figures["seats"]]),
             f"<p>All seats equal (G-test): G = {metrics['balance_g']:.2f}, p = {metrics['balance_p']:.3g}.</p>",
             "<h2>Measures</h2>", _table(("measure", "value", "95% CI"), metric_rows(metrics)),
             "<h2>How games end</h2>",
             _table(("termination", "games"), [(k, str(v)) for k, v in metrics["terminations"].items()]),
             "<h2>Length</h2>", _image(_length_plot(traces), "distribution of game lengths in turns and plies")]  # fmt: skip
    curves = _curves_plot(traces, seat_names)
    if curves is not None:
        parts += ["<h2>Win chances of sample games</h2>",
                  "<p class='note'>Each seat's calibrated expected score after every turn.</p>",
                  _image(curves, "win-chance curves of sample games")]  # fmt: skip
    if figures.get("skill_trace"):
        rows = [(r["stronger"], r["weaker"], str(r["games"]), f"{r['score']:.1%}",
                 f"{r['ci'][0]:.1%} to {r['ci'][1]:.1%}", f"{r['elo']:+.0f}") for r in figures["skill_trace"]]  # fmt: skip
        parts += ["<h2>Skill trace</h2>", _image(_skill_plot(figures["skill_trace"]), "skill trace"),
                  _table(("stronger", "weaker", "games", "score", "95% CI", "Elo"), rows)]  # fmt: skip
    if figures.get("sweep"):
        parts += _sweep_section(figures["sweep"])
    parts.append("<p class='note'>Measures are defined in docs/designers.md.</p></body></html>")
    return "\n".join(parts)


def _sweep_section(sweep: dict[str, Any]) -> list[str]:
    settings = sweep["settings"]
    header = ("measure", *(s["setting"] for s in settings))
    players = max(len(s["seats"]) for s in settings)
    rows = [("games", *(str(s["games"]) for s in settings))]
    rows += [(f"seat {p} score", *(f"{s['seats'][p]['score']:.1%}" if p < len(s["seats"]) else "-" for s in settings))
             for p in range(players)]  # fmt: skip
    rows += [("median length (turns)", *(f"{s['metrics']['length_turns']['median']:g}" for s in settings)),
             ("drawishness", *(f"{s['metrics']['drawishness']:.1%}" for s in settings))]  # fmt: skip
    comparisons = [(c["measure"], f"{c['a']} / {c['b']}", f"{c['difference']:+.3g}",
                    f"{c['ci'][0]:+.3g} to {c['ci'][1]:+.3g}", f"{c['p_holm']:.3g}",
                    "yes" if c["significant"] else "no") for c in sweep["comparisons"]]  # fmt: skip
    return ["<h2>Sweep</h2>", _image(_sweep_plot(sweep), "seat scores and lengths per setting"), _table(header, rows),
            f"<p>Differences (later setting minus earlier), p-values {html.escape(sweep['correction'])}-corrected"
            f" for {len(comparisons)} comparisons; significant at {sweep['alpha']:g}:</p>",
            _table(("measure", "settings", "difference", "95% CI", "adjusted p", "significant"), comparisons)]  # fmt: skip


# -- pieces ----------------------------------------------------------------------------------------
def _seat_name(seat: int, seat_names: list[str]) -> str:
    return f"{seat} {seat_names[seat]}" if seat < len(seat_names) else str(seat)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(cell))}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td{' class=n' if i else ''}>{e(str(cell))}</td>" for i, cell in enumerate(row))
                   + "</tr>" for row in rows)  # fmt: skip
    return f"<table><tr>{head}</tr>{body}</table>"


def _image(figure: Any, alt: str) -> str:
    """The figure as an inline PNG (and closed, so a long report does not pile figures up)."""
    plt = _pyplot()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<p><img alt='{html.escape(alt)}' src='data:image/png;base64,{data}'></p>"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def _balance_plot(figures: dict[str, Any], seat_names: list[str]) -> Any:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3.2))
    seats = figures["seats"]
    labels = [_seat_name(row["seat"], seat_names) for row in seats]
    scores = [row["score"] for row in seats]
    below = [row["score"] - row["ci"][0] for row in seats]
    above = [row["ci"][1] - row["score"] for row in seats]
    axes.bar(labels, scores, yerr=[below, above], capsize=6, color="#4c72b0")
    axes.axhline(seats[0]["fair"], color="grey", linestyle="--", label="fair share")
    axes.set_ylim(0, 1)
    axes.set_ylabel("score (95% interval)")
    axes.legend()
    return figure


def _length_plot(traces: Sequence[Any]) -> Any:
    plt = _pyplot()
    figure, (turns, plies) = plt.subplots(1, 2, figsize=(9, 3.2))
    for axes, values, unit, colour in ((turns, [t.turns for t in traces], "turns", "#55a868"),
                                       (plies, [t.ply_count for t in traces], "plies", "#8172b2")):  # fmt: skip
        axes.hist(values, bins=min(30, max(5, len(set(values)))), color=colour)
        axes.set_xlabel(f"game length ({unit})")
        axes.set_ylabel("games")
    return figure


def _curves_plot(traces: Sequence[Any], seat_names: list[str]) -> Any:
    sample = [t for t in traces if any(p.chances is not None for p in t.plies)][:SAMPLE_CURVES]
    if not sample:
        return None
    plt = _pyplot()
    figure, axes_list = plt.subplots(1, len(sample), figsize=(3.2 * len(sample), 3), squeeze=False)
    for number, (axes, trace) in enumerate(zip(axes_list[0], sample), 1):
        points = [(i + 1, p.chances) for i, p in enumerate(trace.plies) if p.chances is not None]
        for seat in range(trace.players):
            axes.plot([x for x, _ in points], [c[seat] for _, c in points], marker=".", label=_seat_name(seat, seat_names))
        axes.set_ylim(0, 1)
        axes.set_xlabel("ply")
        axes.set_title(f"game {number}: {trace.termination}", fontsize=9)
    axes_list[0][0].set_ylabel("win chance")
    axes_list[0][0].legend(fontsize=7)
    return figure


def _skill_plot(rows: Sequence[dict[str, Any]]) -> Any:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 3))
    labels = [f"{r['stronger']}\nvs {r['weaker']}" for r in rows]
    scores = [r["score"] for r in rows]
    axes.bar(labels, scores, yerr=[[s - r["ci"][0] for s, r in zip(scores, rows)],
                                   [r["ci"][1] - s for s, r in zip(scores, rows)]], capsize=6, color="#c44e52")  # fmt: skip
    axes.axhline(0.5, color="grey", linestyle="--")
    axes.set_ylim(0, 1)
    axes.set_ylabel("stronger level's score")
    return figure


def _sweep_plot(sweep: dict[str, Any]) -> Any:
    plt = _pyplot()
    settings = sweep["settings"]
    figure, (scores, lengths) = plt.subplots(1, 2, figsize=(10, 3.4))
    players = max(len(s["seats"]) for s in settings)
    width = 0.8 / players
    for seat in range(players):
        xs, ys, below, above = [], [], [], []
        for i, s in enumerate(settings):
            if seat < len(s["seats"]):
                row = s["seats"][seat]
                xs.append(i + seat * width)
                ys.append(row["score"])
                below.append(row["score"] - row["ci"][0])
                above.append(row["ci"][1] - row["score"])
        scores.bar(xs, ys, width, yerr=[below, above], capsize=3, label=f"seat {seat}")
    scores.set_xticks([i + 0.4 - width / 2 for i in range(len(settings))], [s["setting"] for s in settings])
    scores.set_ylim(0, 1)
    scores.set_ylabel("score (95% interval)")
    scores.legend(fontsize=7)
    summaries = [s["metrics"]["length_turns"] for s in settings]
    medians = [summary["median"] for summary in summaries]
    lengths.errorbar(range(len(settings)), medians, fmt="o", capsize=6,
                     yerr=[[m - x["p10"] for m, x in zip(medians, summaries)],
                           [x["p90"] - m for m, x in zip(medians, summaries)]])  # fmt: skip
    lengths.set_xticks(range(len(settings)), [s["setting"] for s in settings])
    lengths.set_ylabel("length in turns (median, 10-90%)")
    return figure
