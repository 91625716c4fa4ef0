"""Tic-tac-toe on a square board of 3 to 5 cells a side: three in a row, in any line, wins.

X (player 0) and O (player 1) take turns placing a mark on an empty cell; a move is the cell's
name (``b2``). The game ends when a player has three marks in a row (horizontally, vertically or
diagonally; that player wins) or the board is full (a draw).

Position notation: the ranks from the top one down, separated by ``/``, each written as a piece
letter per mark (``X``, ``O``) and a digit per run of empty cells, then the side whose turn it is
(``x`` or ``o``): ``X2/1O1/3 x``. The end of the game is read from the board.
"""

from __future__ import annotations

from typing import Any, ClassVar

from abstracta.core.api import Game, State
from abstracta.core.board import decode_row, encode_row, file_major_names
from abstracta.core.errors import IllegalMove, NotationError
from abstracta.core.options import int_option
from abstracta.core.structure import piece, turn_of

MARKS = "XO"
SIDES = "xo"
LINE = 3  # marks in a row that win, on every board size


def winning_lines(size: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``LINE`` cells in a row (cells numbered ``file * size + rank``)."""
    lines = []
    for file in range(size):
        for rank in range(size):
            for step_file, step_rank in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_file, end_rank = file + step_file * (LINE - 1), rank + step_rank * (LINE - 1)
                if 0 <= end_file < size and 0 <= end_rank < size:
                    lines.append(tuple((file + step_file * i) * size + rank + step_rank * i for i in range(LINE)))
    return tuple(lines)


class TicTacToe(Game):
    """Tic-tac-toe: X and O take turns marking a cell; three in a row wins.
    A test-only game, so that every interface proves it takes a game it was never told about.
    """

    slug = "tic-tac-toe"
    title = "Tic-tac-toe"
    option_specs = (int_option("size", 3, 3, 5, help="cells on each side of the square board"),)
    example_options: ClassVar[tuple[dict[str, Any], ...]] = ({"size": 4}, {"size": 5})

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.cell_names = file_major_names(self.size, self.size)
        self.index = {name: i for i, name in enumerate(self.cell_names)}
        self.lines = winning_lines(self.size)

    def start(self, seed: int | None = None) -> TicTacToeState:
        return TicTacToeState(self, (None,) * (self.size * self.size), 0, None)

    def parse(self, text: str) -> TicTacToeState:
        if not isinstance(text, str):
            raise NotationError(f"a position is a string, got {type(text).__name__}")
        fields = text.split(" ")
        if len(fields) != 2 or fields[1] not in SIDES:
            raise NotationError(f"expected '<rows> <x|o>', got {text!r}")
        rows = fields[0].split("/")
        if len(rows) != self.size:
            raise NotationError(f"expected {self.size} rows, got {len(rows)} in {text!r}")
        cells: list[int | None] = [None] * (self.size * self.size)
        for top_down, row in enumerate(rows):
            rank = self.size - 1 - top_down
            try:
                letters = decode_row(row, self.size, MARKS)
            except ValueError as error:
                raise NotationError(str(error)) from None
            for file, letter in enumerate(letters):
                if letter is not None:
                    cells[file * self.size + rank] = MARKS.index(letter)
        turn = SIDES.index(fields[1])
        if cells.count(0) - cells.count(1) != turn:
            raise NotationError(f"{text!r}: X has {cells.count(0)} marks and O {cells.count(1)}, "
                                f"which cannot be with {fields[1]} to move")
        return TicTacToeState(self, tuple(cells), turn, None)

    def from_json(self, data: Any) -> TicTacToeState:
        game, position = self.read_saved(data)
        state = game.parse(position)
        last = data.get("last")
        if last is not None:
            if last not in game.index or state.cells[game.index[last]] is None:
                raise NotationError(f"last move {last!r} is not a marked cell of {position!r}")
            state = TicTacToeState(game, state.cells, state.turn, last)
        return state

    def rl_adapter(self):
        from tests.plugin_game.rl import TicTacToeRL

        return TicTacToeRL(self)


class TicTacToeState(State):
    """A position: the marks (cell -> player or ``None``), the side to move and the last move."""

    __slots__ = ("game", "cells", "turn", "last", "player", "seat", "over", "winner")

    def __init__(self, game: TicTacToe, cells: tuple[int | None, ...], turn: int, last: str | None) -> None:
        self.game = game
        self.cells = cells
        self.turn = turn
        self.last = last
        self.winner = next((cells[line[0]] for line in game.lines
                            if cells[line[0]] is not None and all(cells[i] == cells[line[0]] for i in line)), None)
        self.over = self.winner is not None or None not in cells
        self.player = None if self.over else turn
        self.seat = None if self.over else MARKS[turn]

    def moves(self) -> list[str]:
        if self.over:
            return []
        return [name for name, mark in zip(self.game.cell_names, self.cells) if mark is None]

    def play(self, move: str) -> TicTacToeState:
        index = self.game.index.get(move) if isinstance(move, str) else None
        if self.over:
            raise IllegalMove(f"illegal move {move!r} in {self.notation()}: the game is over")
        if index is None:
            raise IllegalMove(f"illegal move {move!r} in {self.notation()}: not a cell of the board")
        if self.cells[index] is not None:
            raise IllegalMove(f"illegal move {move!r} in {self.notation()}: the cell is taken")
        cells = list(self.cells)
        cells[index] = self.turn
        return TicTacToeState(self.game, tuple(cells), 1 - self.turn, move)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def scores(self) -> list[int]:
        """Marks on the board, per player."""
        return [self.cells.count(0), self.cells.count(1)]

    def last_effects(self) -> list[dict[str, Any]]:
        if self.last is None:
            return []
        mover = self.cells[self.game.index[self.last]]
        effects: list[dict[str, Any]] = [{"kind": "place", "cell": self.last, "piece": piece("mark", mover, label=MARKS[mover])}]
        if self.over:
            reason = "three in a row" if self.winner is not None else "full board"
            effects.append({"kind": "end", "reason": reason, "winners": [] if self.winner is None else [self.winner]})
        return effects

    def notation(self) -> str:
        size = self.game.size
        rows = [encode_row([None if self.cells[f * size + r] is None else MARKS[self.cells[f * size + r]]
                            for f in range(size)]) for r in reversed(range(size))]
        return f"{'/'.join(rows)} {SIDES[self.turn]}"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game.slug, "options": dict(self.game.options), "position": self.notation(), "last": self.last}

    def structure(self) -> dict[str, Any]:
        size = self.game.size
        return {
            "board": {"shape": "grid", "files": size, "ranks": size, "cells": list(self.game.cell_names)},
            "cells": {name: [piece("mark", mark, label=MARKS[mark])] for name, mark in zip(self.game.cell_names, self.cells) if mark is not None},
            "areas": [],
            "dice": [],
            "scores": self.scores(),
            "turn": turn_of(self),
            "extra": {},
        }


__all__ = ["TicTacToe", "TicTacToeState"]
