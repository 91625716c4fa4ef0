"""The old rich drawing base of the games whose terminal picture has not yet moved into their package (cli/render/__init__.py, LEGACY)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE

MAX_MOVES_SHOWN = 60


def square_grid(
    files: Sequence[str],
    ranks: Sequence[int | str],
    cell: Callable[[str], Text],
    file_label: str = " {} ",
    right_gap: str = "  ",
) -> Text:
    """A board of ``cell(square)`` texts, ranks down the sides and files above and below.

    ``ranks`` come in drawing order (top row first); ``file_label`` centres a file letter over
    one cell, so it must be as wide as the cells are.
    """
    files_row = Text("    " + "".join(file_label.format(f) for f in files), style="bold")
    text = Text()
    text.append_text(files_row)
    text.append("\n")
    for rank in ranks:
        text.append(f" {rank}  ", style="bold")
        for file in files:
            text.append_text(cell(f"{file}{rank}"))
        text.append(f"{right_gap}{rank}\n", style="bold")
    text.append_text(files_row)
    return text


class Renderer:
    """How the terminal shows one game. Subclass it per game and override what you draw better.

    Every method reads the contract only: ``notation()``, ``to_json()``, ``last_effects()``,
    ``scores()``, ``returns()``, ``player``, ``seat`` and ``moves()``.
    """

    def player_names(self, game: Game) -> list[str]:
        """Display names of the players, by player index."""
        return [f"Player {p}" for p in range(game.num_players)]

    def player_name(self, game: Game, player: int) -> str:
        return self.player_names(game)[player]

    def actor(self, state: State) -> str:
        """Who acts in ``state``: the player, or at a chance node the seat the event belongs to."""
        if state.player is not None and state.player >= 0:
            return self.player_name(state.game, state.player)
        if state.seat is not None:
            return str(state.seat).capitalize()
        return "Chance"

    def board(self, state: State, effects: list[dict[str, Any]], hints: bool = True) -> RenderableType:
        """The position, with ``effects`` (those of the plays since the board was last shown)."""
        lines: list[RenderableType] = [Text(state.notation(), style="bold")]
        lines.append(Text(self.status(state)))
        names = self.player_names(state.game)
        scores = state.scores()
        lines.append(Text("Scores: " + ", ".join(f"{names[p]} {scores[p]}" for p in range(len(scores)))))
        for effect in effects:
            lines.append(Text("Effect: " + json.dumps(effect, sort_keys=True), style="yellow"))
        if hints and not state.over and state.player is not None and state.player >= 0:
            moves = state.moves()
            shown = " ".join(moves[:MAX_MOVES_SHOWN]) + (" ..." if len(moves) > MAX_MOVES_SHOWN else "")
            lines.append(Text(f"Legal moves ({len(moves)}): {shown}", style="green"))
        return Panel(Group(*lines), title=state.game.title, expand=False)

    def status(self, state: State) -> str:
        if state.over:
            return "Game over: " + self.result(state)
        if state.player == CHANCE:
            return f"{self.actor(state)}: a random event is next"
        return f"{self.actor(state)} to move"

    def describe(self, before: State, move: str, after: State) -> str:
        """One line saying what ``move`` did, for the game log."""
        effects = after.last_effects()
        tail = ("; " + "; ".join(json.dumps(e, sort_keys=True) for e in effects)) if effects else ""
        if before.player == CHANCE:
            return f"{self.actor(before)}: chance gives {move}{tail}"
        return f"{self.actor(before)} plays {move}{tail}"

    def move_hint(self, state: State) -> str:
        """How to type a move, for ``help``."""
        return "Type a move exactly as listed by 'moves'."

    def result(self, state: State) -> str:
        """The outcome of a finished game, with the scores."""
        names = self.player_names(state.game)
        returns = state.returns()
        best = max(returns)
        winners = [names[p] for p, value in enumerate(returns) if value == best]
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(state.scores()))
        if len(winners) == len(returns):
            outcome = "draw"
        elif len(winners) == 1:
            outcome = f"{winners[0]} wins"
        else:
            outcome = " and ".join(winners) + " share first place"
        return f"{outcome} (scores: {scores})"


GENERIC = Renderer()
