"""The options ``simulate``, ``tournament`` and ``report`` share for designers: bot specs with budgets,
``--position``/``--positions`` suites and ``--adjudicate``; each read and checked before any game is played.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from abstracta.cli.common import clip, clip_echo, fail

PositionOption = Annotated[
    Optional[list[str]],
    typer.Option("--position", metavar="TEXT", show_default=False,
                 help="Play from this position (the game's notation, as 'abstracta play --position' takes it)"
                 " instead of the start; repeat it for a suite. Each position is played with the seats swapped."),
]
PositionsOption = Annotated[
    Optional[Path],
    typer.Option("--positions", metavar="FILE", show_default=False,
                 help="Play from the positions in FILE, one a line in the game's notation (blank lines and"
                 " lines starting with # are skipped); each position is played with the seats swapped."),
]
AdjudicateOption = Annotated[
    Optional[str],
    typer.Option("--adjudicate", metavar="win=CHANCE:TURNS", show_default=False,
                 help="End a game once one player's win chance stays above CHANCE for TURNS of its turns in a"
                 " row, e.g. win=0.97:4; that player wins and the game is recorded as 'adjudicated'."),
]

BUDGET_HELP = (" A level may carry a budget: hard:nodes=2000, mcts:iterations=400, hard:seconds=0.5"
               " (several keys: hard:nodes=2000:seconds=1; docs/tournaments.md lists each search's keys).")


def read_positions(game: Any, position: list[str] | None, positions_file: Path | None) -> list[str] | None:
    """The positions of ``--position`` and ``--positions`` (in that order), each checked; ``None`` for neither."""
    if not position and positions_file is None:
        return None
    found: list[str] = []
    for text in position or []:
        found.append(_checked(game, text.strip(), "--position"))
    if positions_file is not None:
        try:
            lines = positions_file.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            fail(f"--positions: cannot read {positions_file}: {error.strerror or error}")
        except UnicodeDecodeError:
            fail(f"--positions: {positions_file} is not a text file")
        before = len(found)
        for number, line in enumerate(lines, 1):
            text = line.strip()
            if text and not text.startswith("#"):
                found.append(_checked(game, text, f"--positions {positions_file} line {number}"))
        if len(found) == before:
            fail(f"--positions: {positions_file} holds no position (one a line, in the game's notation)")
    return found


def _checked(game: Any, text: str, where: str) -> str:
    try:
        state = game.parse(text)
    except ValueError as error:
        fail(f"{where}: {clip_echo(str(error), text)}")
    if state.over:
        fail(f"{where}: the game is already over in {clip(text)}")
    return text


def read_adjudication(text: str | None) -> Any:
    """``--adjudicate win=0.97:4`` as an :class:`abstracta.bots.match.Adjudication`, ``None`` when not given."""
    if text is None:
        return None
    from abstracta.bots.match import Adjudication

    try:
        return Adjudication.parse(text)
    except ValueError as error:
        fail(f"--adjudicate: {error}")


def check_bot_specs(specs: list[str], game: Any, unknown: str) -> None:
    """Every spec names a level the game can play with a budget its search takes; ``unknown`` is the
    message for a name that is no level at all (with ``{name}`` in it)."""
    from abstracta.bots.levels import SEARCH_BOTS, is_level_spec, level_bot

    for spec in dict.fromkeys(specs):
        if not is_level_spec(spec):
            hint = f"; {spec} alone needs a budget, e.g. {spec}:iterations=400" if spec in SEARCH_BOTS else ""
            fail(unknown.format(name=repr(spec)) + hint)
        try:
            level_bot(spec, game, 0)
        except ValueError as error:
            fail(f"--bots: {error}")
