"""``abstracta report``: a designer's balance report: bots play, :mod:`abstracta.bots.measures` measures.

This module plays the games and renders: it schedules them (seats rotated and mirrored, one group
of games per option setting and per pair of levels), plays them with the traces the measures read
(:func:`abstracta.cli.simulation_games.run_tasks`: this process, worker processes or Ray), then prints the
figures of :func:`abstracta.bots.measures.report_figures`, the headlines a designer needs first
(:func:`headlines`), and writes them as JSON or as one HTML file (:mod:`abstracta.cli.report_html`).
``cli/main.py`` registers :func:`report` as a command.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from abstracta.cli.common import (
    INTERRUPTED,
    LEVEL_NAMES,
    check_at_least,
    check_ray,
    command_boundary,
    fail,
    progress_bar,
    say,
    stderr_console,
    stdout_console,
    terminate_as_interrupt,
)
from abstracta.cli.suites import (
    BUDGET_HELP,
    AdjudicateOption,
    PositionOption,
    PositionsOption,
    check_bot_specs,
    read_adjudication,
    read_positions,
)

DEFAULT_LEVELS = "hard"
SHORT_GAME_TURNS = 6
"""A game decided (a player's chance above 90% for good) within this many turns on average is
"decided early": the headline says so, as designers most need to hear."""


@dataclass(frozen=True)
class Setting:
    """One option setting of a sweep: its label (``reserve=4``; ``""`` without a sweep) and the loaded game."""

    label: str
    game: Any


@dataclass(frozen=True)
class Group:
    """The games of one setting between one pairing of bots (a level alone, or a stronger and a weaker one)."""

    setting: str
    levels: tuple[str, ...]  # (level,) for self-play, (weaker, stronger) for a skill pair


# -- scheduling ------------------------------------------------------------------------------
def option_settings(slug: str, pairs: list[str] | None) -> list[Setting]:
    """Every combination of the ``--option`` values (``k=v1,v2`` gives two), each loaded and checked."""
    import abstracta
    from abstracta.core.options import coerce_option_text

    choices: list[tuple[str, list[str]]] = []
    for pair in pairs or []:
        name, equals, values = pair.partition("=")
        if not equals or not name.strip():
            fail(f"--option {pair!r} must be written key=value or key=v1,v2,..., e.g. reserve=4,8")
        texts = [value.strip() for value in values.split(",")]
        if not all(texts):
            fail(f"--option {pair!r}: an empty value; write key=v1,v2 without spaces or empty parts")
        choices.append((name.strip(), texts))
    settings = []
    swept = [name for name, texts in choices if len(texts) > 1]
    for combination in itertools.product(*(texts for _, texts in choices)):
        options = {name: coerce_option_text(text) for (name, _), text in zip(choices, combination)}
        label = " ".join(f"{name}={text}" for (name, _), text in zip(choices, combination) if name in swept)
        settings.append(Setting(label, abstracta.load(slug, **options)))
    return settings


def pairings(levels: list[str]) -> list[tuple[str, ...]]:
    """One level plays itself; several, listed weakest first, each play the next weaker one (the skill trace).

    >>> pairings(["hard"]), pairings(["easy", "medium", "hard"])
    ([('hard',)], [('easy', 'medium'), ('medium', 'hard')])
    """
    if len(levels) == 1:
        return [(levels[0],)]
    return [(weaker, stronger) for weaker, stronger in zip(levels, levels[1:])]


def seatings(levels: tuple[str, ...], players: int) -> list[tuple[str, ...]]:
    """The seatings a group cycles through so that each seat meets each bot equally: every seat
    alone against copies of the rival and back (rotated and mirrored), or one seating for self-play."""
    from abstracta.bots.tournament import seat_arrangements

    if len(levels) == 1:
        return [(levels[0],) * players]
    return seat_arrangements(levels[0], levels[1], players)


def schedule(settings: list[Setting], levels: list[str], games: int, seed: int, positions: list[str] | None,
             adjudication: Any) -> tuple[list[Any], list[Group]]:  # fmt: skip
    """The tasks of a report and the group of each: ``games`` games per setting and pairing. Game ``i``
    of a group takes seating ``i % s`` and, with a position suite, position ``i // s`` (cycling)."""
    from abstracta.cli.simulation_games import SimulationTask

    tasks, groups = [], []
    for setting in settings:
        game = setting.game
        for levels_of_group in pairings(levels):
            cycle = seatings(levels_of_group, game.num_players)
            for i in range(games):
                start = positions[(i // len(cycle)) % len(positions)] if positions else None
                tasks.append(SimulationTask(game.slug, dict(game.options), cycle[i % len(cycle)], seed, len(tasks),
                                            start, adjudication, trace=True))  # fmt: skip
                groups.append(Group(setting.label, levels_of_group))
    return tasks, groups


# -- the figures -------------------------------------------------------------------------------
def figures_of(slug: str, played: list[Any], groups: list[Group], seed: int) -> dict[str, Any]:
    """:func:`abstracta.bots.measures.report_figures` of the played games, grouped for the skill trace
    and the sweep. With settings of different player counts the top-level figures are the first setting's."""
    from abstracta.bots.measures import report_figures

    traces = [done.trace for done in played]
    group_of = [groups[done.record.index] for done in played]
    by_setting: dict[str, list[Any]] = {}
    skill: dict[tuple[str, str], list[Any]] = {}
    for trace, group in zip(traces, group_of):
        by_setting.setdefault(group.setting, []).append(trace)
        if len(group.levels) == 2:
            weaker, stronger = group.levels
            skill.setdefault((stronger, weaker), []).append(trace)
    overall = traces
    if len({trace.players for trace in traces}) > 1:
        overall = next(iter(by_setting.values()))
    return report_figures(overall, game=slug, skill=skill or None,
                          settings=by_setting if len(by_setting) > 1 else None, seed=seed)  # fmt: skip


def headlines(figures: dict[str, Any], seat_names: list[str]) -> list[str]:
    """What a designer needs to hear first, in sentences: how soon games are decided, balance,
    the first mover, draws, caps, skill and the significant differences of a sweep."""
    metrics = figures["metrics"]
    lines = []
    turns = metrics["length_turns"]
    decided_turn, decisive = metrics.get("decisive_turn"), metrics["decisiveness"]
    if decided_turn is not None and decisive >= 0.5 and decided_turn <= SHORT_GAME_TURNS:
        lines.append(f"Decided in about {decided_turn:.0f} turns under bot play: in {decisive:.0%} of the games one"
                     f" player's win chance stays above 90% from turn {decided_turn:.1f} on average, while games"
                     f" last {_turns(turns['median'])} (median); what follows rarely matters.")  # fmt: skip
    elif decided_turn is not None:
        lines.append(f"Games last {_turns(turns['median'])} (median; {turns['p10']:g} to {turns['p90']:g} for 80%"
                     f" of them); {decisive:.0%} are decided (one player's win chance above 90% for good),"
                     f" at turn {decided_turn:.1f} on average.")  # fmt: skip
    else:
        lines.append(f"Games last {_turns(turns['median'])} (median; {turns['p10']:g} to {turns['p90']:g} for 80%"
                     " of them); none was decided early (no win chance stayed above 90%).")  # fmt: skip
    seats = figures["seats"]
    off = [row for row in seats if not row["ci"][0] <= row["fair"] <= row["ci"][1]]
    p = metrics["balance_p"]
    if off or p < 0.05:
        worst = max(off or seats, key=lambda row: abs(row["score"] - row["fair"]))
        lines.append(f"Unbalanced (all seats equal: p = {p:.3g}): {_seat(worst['seat'], seat_names)} scores"
                     f" {worst['score']:.1%} ({worst['ci'][0]:.1%}-{worst['ci'][1]:.1%}) against a fair"
                     f" {worst['fair']:.1%}.")  # fmt: skip
    else:
        lines.append(f"No seat imbalance shows in {figures['games']} games (all seats equal: p = {p:.3g});"
                     f" every seat's 95% interval holds its fair share.")  # fmt: skip
    advantage, interval = metrics["first_mover_advantage"], metrics["ci"]["first_mover_advantage"]
    lines.append(f"First mover: {advantage:+.1%} on its fair share ({interval[0]:+.1%} to {interval[1]:+.1%}).")
    if metrics["drawishness"] >= 0.25:
        lines.append(f"Drawish: {metrics['drawishness']:.0%} of the games are draws.")
    if metrics["completion"] < 0.9:
        capped = {k: v for k, v in metrics["terminations"].items() if k in ("turn limit", "adjudicated")}
        how = ", ".join(f"{k} {v}" for k, v in capped.items())
        lines.append(f"Only {metrics['completion']:.0%} of the games ended by the rules ({how}).")
    for row in figures.get("skill_trace") or []:
        low, high = row["ci"]
        verdict = ("skill matters" if low > 0.5 else "the weaker level is ahead" if high < 0.5
                   else "no clear difference at this count")  # fmt: skip
        lines.append(f"Skill: {row['stronger']} scores {row['score']:.0%} ({low:.0%}-{high:.0%}) against"
                     f" {row['weaker']} in {row['games']} games: {verdict}.")  # fmt: skip
    sweep = figures.get("sweep")
    if sweep:
        found = [c for c in sweep["comparisons"] if c["significant"]]
        for c in found[:6]:
            lines.append(f"Sweep: {c['measure']} differs between {c['a']} and {c['b']} by {c['difference']:+.3g}"
                         f" ({c['ci'][0]:+.3g} to {c['ci'][1]:+.3g}, Holm-adjusted p = {c['p_holm']:.3g}).")  # fmt: skip
        if not found:
            lines.append(f"Sweep: no measure differs significantly between the {len(sweep['settings'])} settings"
                         f" ({len(sweep['comparisons'])} comparisons, Holm-corrected).")  # fmt: skip
    return lines


def _turns(count: float) -> str:
    return f"{count:g} turn{'' if count == 1 else 's'}"


def _seat(seat: int, seat_names: list[str]) -> str:
    return f"seat {seat} ({seat_names[seat]})" if seat < len(seat_names) else f"seat {seat}"


# -- the command -------------------------------------------------------------------------------
def report(
    game: Annotated[str, typer.Argument(help="Game to report on, by slug ('abstracta games' lists them).",
                                        show_default=False)],
    bots: Annotated[
        str,
        typer.Option("--bots", metavar="LEVEL[,LEVEL...]",
                     help=f"The bots ({LEVEL_NAMES}). One level plays every seat; several, weakest first,"
                     " each play the next weaker one with seats rotated (the skill trace), and every game"
                     " counts for the measures." + BUDGET_HELP),
    ] = DEFAULT_LEVELS,
    games: Annotated[int, typer.Option("--games", "-n", help="Games per option setting and pair of levels"
                                       " (at least 1).")] = 20,
    option: Annotated[
        Optional[list[str]],
        typer.Option("--option", "-o", metavar="KEY=VALUE[,VALUE...]", show_default=False,
                     help="A game option; several values (reserve=4,8) sweep it: one group of games per setting,"
                     " compared measure by measure. Repeat for several options."),
    ] = None,
    position: PositionOption = None,
    positions_file: PositionsOption = None,
    adjudicate: AdjudicateOption = None,
    workers: Annotated[
        Optional[int],
        typer.Option("--workers", "-w", show_default=False,
                     help="Worker processes playing games at once (default: every core); 1 plays in this process."),
    ] = None,
    ray_address: Annotated[
        Optional[str],
        typer.Option("--ray", metavar="ADDRESS", show_default=False,
                     help="Play the games as Ray tasks on the cluster at ADDRESS (auto, ray://host:10001, 'local')"
                     " instead of --workers; the report scales with the cluster's cores."),
    ] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", show_default=False,
                                                help="Seed for every random draw; printed when left out.")] = None,
    html_file: Annotated[
        Optional[Path],
        typer.Option("--html", metavar="FILE", show_default=False,
                     help="Write the report as one self-contained HTML file, plots inline"
                     " (needs matplotlib: pip install 'abstracta[plots]')."),
    ] = None,
    json_file: Annotated[Optional[Path], typer.Option("--json", metavar="FILE", show_default=False,
                                                      help="Write the report's figures as JSON.")] = None,
) -> None:
    """A designer's report: balance by score with 95% intervals, how games end, lengths, branching, drama, lead changes, uncertainty, the skill trace and option sweeps.

    Ctrl-C, or `kill PID`, stops early and still reports (and writes) the games finished so far.
    """
    with command_boundary():
        from abstracta.bots.levels import split_bot_specs
        from abstracta.cli.simulate import check_writable

        check_at_least("--games", games, 1)
        check_at_least("--workers", workers, 1)
        settings = option_settings(game, option)
        levels = split_bot_specs(bots)
        if not levels:
            fail("--bots names no bot; give a level, e.g. --bots hard")
        repeated = sorted({level for level in levels if levels.count(level) > 1})
        if repeated:
            fail(f"--bots names {', '.join(repeated)} more than once; name each level once")
        from abstracta.bots import LEVELS, REFERENCE_BOTS

        for setting in settings:
            check_bot_specs(levels, setting.game, "unknown bot {name}; valid levels: "
                            + ", ".join(LEVELS + REFERENCE_BOTS))  # fmt: skip
        positions = None
        for setting in settings:
            positions = read_positions(setting.game, position, positions_file)
        adjudication = read_adjudication(adjudicate)
        for path in (html_file, json_file):
            check_writable(path)
        if html_file is not None:
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                fail("--html needs matplotlib: pip install 'abstracta[plots]'")
        if ray_address is not None:
            check_ray(workers)
        from abstracta.bots.parallel import default_workers
        from abstracta.cli.render import picture_for
        from abstracta.cli.simulation_games import run_tasks
        from abstracta.core.rng import fresh_seed

        seed = fresh_seed() if seed is None else seed
        workers = default_workers() if workers is None else workers
        tasks, groups = schedule(settings, levels, games, seed, positions, adjudication)
        first = settings[0].game
        console = stdout_console()
        where = f"on Ray at {ray_address}" if ray_address else f"{workers} worker{'s' if workers != 1 else ''}"
        swept = f", {len(settings)} settings" if len(settings) > 1 else ""
        say(console, f"{first.slug}: report on {len(tasks)} games ({', '.join(levels)}{swept}), {where}")
        say(console, f"seed {seed} (repeat with --seed {seed})")
        cycle = max(len(seatings(pair, s.game.num_players)) for s in settings for pair in pairings(levels))
        if games % cycle:
            say(console, f"note: seats rotate every {cycle} games; with --games {games} some seats get one game more")
        began = time.perf_counter()
        with progress_bar() as progress, terminate_as_interrupt():
            bar = progress.add_task("playing", total=len(tasks))
            try:
                played, interrupted = run_tasks(tasks, first, workers, lambda _: progress.advance(bar), ray_address)
            except ConnectionError as error:
                fail(f"--ray {ray_address}: {error}")
        took = time.perf_counter() - began
        if interrupted:
            say(stderr_console(), f"interrupted: {len(played)} of {len(tasks)} games finished", "yellow")
        if not played:
            say(console, "no game finished: nothing to report")
            raise typer.Exit(INTERRUPTED if interrupted else 0)
        figures = figures_of(first.slug, played, groups, seed)
        seat_names = picture_for(first).player_names(first)
        said = headlines(figures, seat_names)
        print_report(console, figures, said, seat_names, took)
        if json_file is not None:
            data = {**figures, "headlines": said, "bots": levels, "seed": seed, "games_planned": len(tasks),
                    "interrupted": interrupted, "adjudication": str(adjudication) if adjudication else None}  # fmt: skip
            _write(json_file, json.dumps(finite(data), indent=1, default=str))
            say(console, f"wrote {json_file}")
        if html_file is not None:
            from abstracta.cli.report_html import report_html

            title = f"{first.title}: designer's report"
            _write(html_file, report_html(title, figures, said, seat_names, [d.trace for d in played],
                                          settings_note(first, levels, seed, adjudication, positions)))  # fmt: skip
            say(console, f"wrote {html_file}")
    if interrupted:
        raise typer.Exit(INTERRUPTED)


def finite(value: Any) -> Any:
    """``value`` with every infinite or NaN float as ``None``: strict JSON has no Infinity (an Elo of a
    level that won every game)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    return value


def settings_note(game: Any, levels: list[str], seed: int, adjudication: Any, positions: list[str] | None) -> str:
    """One line saying how the games were played, for the HTML report."""
    from abstracta.cli.common import options_text

    parts = [f"bots {', '.join(levels)}", f"options {options_text(game) or 'default'}", f"seed {seed}"]
    if adjudication is not None:
        parts.append(f"adjudication {adjudication}")
    if positions:
        parts.append(f"{len(positions)} start position{'s' if len(positions) != 1 else ''}")
    return "; ".join(parts)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")


# -- the printed summary -------------------------------------------------------------------------
METRIC_ROWS = (
    ("completion", "completion", "{:.1%}"),
    ("drawishness", "drawishness", "{:.1%}"),
    ("decisiveness", "decisiveness", "{:.1%}"),
    ("first_mover_advantage", "first mover's advantage", "{:+.1%}"),
    ("branching_factor", "branching factor", "{:.1f}"),
    ("decision_moves", "decision moves", "{:.1%}"),
    ("drama", "drama", "{:.3f}"),
    ("lead_changes", "lead changes per turn", "{:.3f}"),
    ("uncertainty", "uncertainty", "{:.3f}"),
)


def metric_rows(metrics: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(name, value, 95% interval)`` texts of the headline metrics, lengths included."""
    rows = []
    for key, name, form in METRIC_ROWS:
        value = metrics.get(key)
        if isinstance(value, dict):
            value = value.get("mean")
        interval = (metrics.get("ci") or {}).get(key)
        rows.append((name, "-" if value is None else form.format(value),
                     "" if not interval else f"{form.format(interval[0])} to {form.format(interval[1])}"))  # fmt: skip
    for key, unit in (("length_turns", "turns"), ("length_plies", "plies")):
        summary = metrics[key]
        rows.append((f"{unit}: mean (median, 10-90%)",
                     f"{summary['mean']:.1f} ({summary['median']:g}, {summary['p10']:g}-{summary['p90']:g})",
                     _interval_text(metrics.get("ci", {}).get(key), "{:.1f}")))  # fmt: skip
    rows.append(("most legal moves", str(metrics["branching_factor"]["max"]), ""))
    return rows


def _interval_text(interval: Any, form: str) -> str:
    return "" if not interval else f"{form.format(interval[0])} to {form.format(interval[1])}"


def print_report(console: Any, figures: dict[str, Any], said: list[str], seat_names: list[str], took: float) -> None:
    from rich.table import Table

    for line in said:
        say(console, "* " + line)
    seats = Table(title="balance by score")
    for column in ("seat", "score", "95% CI", "fair"):
        seats.add_column(column, justify="left" if column == "seat" else "right")
    for row in figures["seats"]:
        seats.add_row(_seat(row["seat"], seat_names), f"{row['score']:.1%}",
                      f"{row['ci'][0]:.1%}-{row['ci'][1]:.1%}", f"{row['fair']:.1%}")  # fmt: skip
    console.print(seats)
    metrics = figures["metrics"]
    table = Table(title=f"{figures['games']} games")
    for column in ("measure", "value", "95% CI"):
        table.add_column(column, justify="left" if column == "measure" else "right")
    for row in metric_rows(metrics):
        table.add_row(*row)
    console.print(table)
    say(console, "score: win 1, draw 1/2, first place shared by k 1/k; docs/designers.md defines each measure")
    say(console, f"all seats equal: G = {metrics['balance_g']:.2f}, p = {metrics['balance_p']:.3g}")
    say(console, "ended by: " + ", ".join(f"{k} {v}" for k, v in metrics["terminations"].items()))
    if figures.get("skill_trace"):
        skill = Table(title="skill trace: each level against the next weaker one")
        for column in ("stronger", "weaker", "games", "score", "95% CI", "Elo"):
            skill.add_column(column, justify="right" if column in ("games", "score", "95% CI", "Elo") else "left")
        for row in figures["skill_trace"]:
            skill.add_row(row["stronger"], row["weaker"], str(row["games"]), f"{row['score']:.1%}",
                          f"{row['ci'][0]:.1%}-{row['ci'][1]:.1%}", f"{row['elo'] + 0.0:+.0f}")  # fmt: skip
        console.print(skill)
    sweep = figures.get("sweep")
    if sweep:
        print_sweep(console, sweep)
    say(console, f"time: {took:.1f}s")


def print_sweep(console: Any, sweep: dict[str, Any]) -> None:
    """One column per setting for the main measures, then the significant differences."""
    from rich.table import Table

    table = Table(title="sweep")
    table.add_column("measure")
    for setting in sweep["settings"]:
        table.add_column(setting["setting"], justify="right")
    table.add_row("games", *(str(s["games"]) for s in sweep["settings"]))
    players = max(len(s["seats"]) for s in sweep["settings"])
    for seat in range(players):
        table.add_row(f"seat {seat} score", *(f"{s['seats'][seat]['score']:.1%}" if seat < len(s["seats"]) else "-"
                                              for s in sweep["settings"]))  # fmt: skip
    for key, name, form in METRIC_ROWS[:4]:
        table.add_row(name, *(form.format(s["metrics"][key]) for s in sweep["settings"]))
    table.add_row("median length (turns)", *(f"{s['metrics']['length_turns']['median']:g}" for s in sweep["settings"]))
    console.print(table)
    significant = [c for c in sweep["comparisons"] if c["significant"]]
    say(console, f"{len(significant)} of {len(sweep['comparisons'])} differences significant"
                 f" ({sweep['correction']}-corrected, alpha {sweep['alpha']:g})")  # fmt: skip
