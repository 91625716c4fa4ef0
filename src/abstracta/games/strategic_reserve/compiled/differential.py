"""The core and the reference engine side by side on the same moves and dice (docs/compiled.md "Proven equal").

``differential_play(steps)`` plays seeded random games under every option set of ``OPTION_SETS``
on both engines at once and compares, at every step, the legal moves (in order), the position
(notation), the last play's effects, the turn, the ending, the returns and the scores; now and
then a candidate move (usually illegal) is offered to both, which must refuse it with the same
words; every few steps the core position is rebuilt from the reference state and compared again.
It then steps ``abstracta.rl.CompiledVectorEnv`` beside ``abstracta.rl.VectorEnv`` for as many row
steps, on the same actions and the same dice (each reference row rolls the core's ``DiceStream``),
comparing observations, masks, players, rewards, flags and positions. The tests run a few
thousand steps; ``benchmarks/compiled_stepping.py --steps 1000000`` a million.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import abstracta
from abstracta.core.errors import IllegalMove
from abstracta.games.strategic_reserve.board import ROLL_OUTCOMES, SQUARE_NAMES
from abstracta.games.strategic_reserve.compiled import DiceStream, Engine

SLUG = "strategic-reserve"
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {}, {"reserve": 1}, {"reserve": 2, "max_turns": 7}, {"reserve": 12, "max_turns": 40}, {"reserve": 7},
    {"max_turns": 1}, {"board": "4x4", "reserve": 2}, {"board": "4x2", "reserve": 2}, {"board": "2x2", "reserve": 2},
)  # fmt: skip
CANDIDATES = (*ROLL_OUTCOMES, *SQUARE_NAMES, "g7", "0,0", "", 5)  # legal or not, each offered to both engines
BATCH_OPTION_SETS: tuple[dict[str, Any], ...] = ({}, {"reserve": 2, "max_turns": 7}, {"board": "4x2", "reserve": 2})
MAX_DIFFERENCES = 20


@dataclass
class DifferentialReport:
    steps: int = 0  # engine plays (rolls and placements)
    games: int = 0
    batch_steps: int = 0  # vector env row steps
    endings: dict[str, int] = field(default_factory=dict)
    differences: list[str] = field(default_factory=list)


def differences(engine: Engine, position: Any, state: Any) -> list[str]:
    """What the core says of ``position`` that the reference does not say of ``state`` (nothing: [])."""
    mirror = engine.state(position)
    checks = (
        ("notation", engine.notation(position), state.notation()),
        ("moves", engine.moves(position), state.moves()),
        ("effects", mirror.last_effects(), state.last_effects()),
        ("turn", (mirror.over, mirror.player, mirror.seat), (state.over, state.player, state.seat)),
        ("returns", engine.returns(position), state.returns()),
        ("termination", mirror.termination(), state.termination()),
        ("scores", mirror.scores(), state.scores()),
    )
    return [f"{name} {found!r}, reference {expected!r}" for name, found, expected in checks if found != expected]


def play_both(engine: Engine, position: Any, state: Any, move: Any) -> tuple[Any, Any, str | None]:
    """``move`` on both engines: ``(position, state, difference)``, both moved or both refusing alike."""
    try:
        expected = state.play(move)
    except IllegalMove as error:
        try:
            engine.play(position, move)
        except IllegalMove as refused:
            same = str(refused) == str(error)
            return position, state, None if same else f"refusal of {move!r}: {refused}, reference {error}"
        return position, state, f"the core accepts {move!r}, the reference refuses it"
    try:
        return engine.play(position, move), expected, None
    except IllegalMove as refused:
        return position, state, f"the core refuses {move!r} ({refused}), the reference accepts it"


def differential_play(steps: int, seed: int = 0, rebuild_every: int = 7, batch: bool = True) -> DifferentialReport:
    """``steps`` engine plays (as many games as that takes), then ``steps`` vector row steps when
    ``batch`` (and gymnasium imports); the report lists every difference found (at most about 20)."""
    rng = random.Random(seed)
    report = DifferentialReport()
    engines = [Engine(abstracta.load(SLUG, **options)) for options in OPTION_SETS]
    while report.steps < steps and len(report.differences) < MAX_DIFFERENCES:
        engine = engines[report.games % len(engines)]
        report.games += 1
        state, position = engine.game.start(), engine.start()
        while len(report.differences) < MAX_DIFFERENCES:
            where = f"game {report.games} ({engine.game.options}) {state.notation()}"
            report.differences.extend(f"{where}: {d}" for d in differences(engine, position, state))
            if report.steps % rebuild_every == 0:
                rebuilt = engine.position(state)
                report.differences.extend(f"{where} (rebuilt): {d}" for d in differences(engine, rebuilt, state))
            if state.over or report.steps >= steps:
                break
            candidate = rng.random() < 0.1
            move = rng.choice(CANDIDATES) if candidate else rng.choice(state.moves())
            position, state, problem = play_both(engine, position, state, move)
            if problem:
                report.differences.append(f"{where}: {problem}")
            report.steps += 1
        if state.over:
            report.endings[state.termination()] = report.endings.get(state.termination(), 0) + 1
    if batch and not report.differences:
        try:
            _batch_differences(steps, seed, report)
        except ImportError:  # the rl extra (numpy, gymnasium) is not installed
            pass
    return report


def _batch_differences(steps: int, seed: int, report: DifferentialReport, rows: int = 16) -> None:
    """CompiledVectorEnv beside VectorEnv on the same actions and dice, for ``steps`` row steps."""
    import numpy as np

    from abstracta.rl import CompiledVectorEnv, VectorEnv

    rng = np.random.default_rng(seed)
    per_set = max(1, -(-steps // (rows * len(BATCH_OPTION_SETS) * 2)))  # both autoreset modes; at least steps in all
    for options in BATCH_OPTION_SETS:
        for mode in ("NextStep", "SameStep"):
            oriented = bool(rng.integers(4))  # mostly the default frame, now and then the board as it lies
            ours = CompiledVectorEnv(SLUG, rows, seed=seed, autoreset_mode=mode, oriented=oriented, **options)
            reference = VectorEnv(SLUG, rows, autoreset_mode=mode, oriented=oriented, **options)
            reference._rngs = [DiceStream(seed + i) for i in range(rows)]  # the core's dice, row for row
            outputs, expected = ours.reset(), reference.reset()
            for step in range(per_set):
                where = f"vector {options} {mode} oriented={oriented} step {step}"
                _compare_outputs(where, outputs, expected, report)
                for i in range(rows):
                    if ours._core.engine.notation(ours._core.position(i)) != reference.states[i].notation():
                        report.differences.append(f"{where} row {i}: position differs")
                if len(report.differences) >= MAX_DIFFERENCES:
                    return
                masks = outputs[-1]["action_mask"].astype(bool)
                draws = rng.random(rows)
                actions = np.array([np.flatnonzero(m)[int(d * m.sum())] if m.any() else 0 for m, d in zip(masks, draws)])
                if rng.random() < 0.02:
                    actions[int(rng.integers(rows))] = int(rng.integers(-2, 40))  # often illegal
                outputs, expected = ours.step(actions), reference.step(actions)
                report.batch_steps += rows
            seed += rows


def _compare_outputs(where: str, outputs: tuple, expected: tuple, report: DifferentialReport) -> None:
    from gymnasium.utils.env_checker import data_equivalence

    *arrays, info = outputs
    *reference_arrays, reference_info = expected
    for k, (found, wanted) in enumerate(zip(arrays, reference_arrays)):
        if not data_equivalence(found, wanted, exact=True):
            report.differences.append(f"{where}: output {k} differs")
    for key in sorted(set(info) | set(reference_info)):
        if key not in info or key not in reference_info or not data_equivalence(info[key], reference_info[key], exact=True):
            report.differences.append(f"{where}: info[{key!r}] differs")
