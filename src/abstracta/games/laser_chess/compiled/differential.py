"""The core and the reference engine side by side on the same moves (docs/compiled.md "Proven equal").

``differential_play`` plays seeded random games from every setup and several ``max_plies``
on both engines at once and compares, at every step, the legal moves (in order), the position
(notation), the last shot's effects, whether the game is over, its returns and its termination.
The moves are random but often undo the mover's previous move, so positions repeat and draws
are claimed: the history rules are exercised too. Every few plies the core position is also
rebuilt from the reference state (``Position.from_state``, history included) and compared.
The tests run it for a few thousand steps; ``benchmarks/compiled_stepping.py --steps`` for a million.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import abstracta
from abstracta.games.laser_chess.compiled import Position
from abstracta.games.laser_chess.rules import SETUP_NAMES

PLY_LIMITS = (None, 8, 40, 120)
LONGEST_UNCAPPED = 160
"""Plies after which an uncapped game is left (random play rarely ends one; new games vary more)."""


@dataclass
class DifferentialReport:
    steps: int = 0
    games: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    differences: list[str] = field(default_factory=list)


def _undo(move: str) -> str:
    """The move that takes ``move`` back (a rotation the other way; a step or swap reversed)."""
    if len(move) == 3:
        return move[:2] + ("-" if move[2] == "+" else "+")
    return move[3:] + "-" + move[:2]


def _compare(state, position: Position, where: str, report: DifferentialReport) -> None:
    checks = (
        ("moves", state.moves(), position.moves()),
        ("notation", state.notation(), position.notation()),
        ("effects", state.last_effects(), position.last_effects()),
        ("over", state.over, position.over),
        ("returns", state.returns(), position.returns()),
        ("termination", state.termination(), position.termination()),
    )
    for name, expected, found in checks:
        if expected != found:
            report.differences.append(f"{where}: {name} {found!r}, reference {expected!r}")


def differential_play(steps: int, seed: int = 0, rebuild_every: int = 7) -> DifferentialReport:
    """Play ``steps`` plies on both engines (as many games as that takes); the report lists every difference."""
    rng = random.Random(seed)
    report = DifferentialReport()
    while report.steps < steps:
        setup = SETUP_NAMES[report.games % len(SETUP_NAMES)]
        limit = PLY_LIMITS[(report.games // len(SETUP_NAMES)) % len(PLY_LIMITS)]
        game = abstracta.load("laser-chess", setup=setup, max_plies=limit)
        report.games += 1
        state = game.start()
        position = Position.from_state(state)
        last = [None, None]  # each side's previous move
        while report.steps < steps:
            where = f"game {report.games} ({setup}, max_plies={limit}) ply {state.plies}: {state.notation()}"
            _compare(state, position, where, report)
            if report.steps % rebuild_every == 0:
                _compare(state, Position.from_state(state), where + " (rebuilt)", report)
            if len(report.differences) > 20 or state.over or (limit is None and state.plies >= LONGEST_UNCAPPED):
                break
            moves = state.moves()
            back = last[state.turn] and _undo(last[state.turn])
            if "draw" in moves and rng.random() < 0.3:
                move = "draw"
            elif back in moves and rng.random() < 0.4:
                move = back
            else:
                move = rng.choice(moves)
            last[state.turn] = move
            state = state.play(move)
            position = position.play(move)
            report.steps += 1
        if state.over:
            report.endings[state.termination()] = report.endings.get(state.termination(), 0) + 1
        if len(report.differences) > 20:
            break
    return report
