"""Coordinates shared by the games on rectangular boards.

Squares are named file letter + rank number (``a1``); inside, games use small
ints. These helpers turn one into the other and read or write the run-length
rows of FEN-like position notation.
"""

from __future__ import annotations

import re

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"

_ASCII_DIGITS = frozenset("0123456789")

CANONICAL_NUMBER = re.compile(r"0|[1-9][0-9]*")
"""A decimal count as position notations write it: no sign, no leading zeros."""


def square_name(file: int, rank: int) -> str:
    """``square_name(0, 0) == 'a1'`` (0-based file and rank)."""
    return f"{FILE_LETTERS[file]}{rank + 1}"


def file_major_names(files: int, ranks: int) -> tuple[str, ...]:
    """All square names ordered ``a1 a2 ... a<ranks> b1 ...``: index = file * ranks + rank.

    For boards of at most 9 ranks this is also the order Python sorts the names in.
    """
    return tuple(square_name(f, r) for f in range(files) for r in range(ranks))


def encode_row(cells: list[str | None]) -> str:
    """Write one row: a piece letter per occupied cell, a digit per run of empty cells.

    >>> encode_row([None, "B", "R", None, None, None])
    '1BR3'
    """
    out: list[str] = []
    run = 0
    for cell in cells:
        if cell is None:
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(cell)
    if run:
        out.append(str(run))
    return "".join(out)


def decode_row(text: str, width: int, pieces: str) -> list[str | None]:
    """Read one row written by :func:`encode_row`, in canonical form only.

    Raises ``ValueError`` (the caller wraps it in ``NotationError``) when the
    row has an unknown letter, two digits in a row, a ``0``, or the wrong width.

    >>> decode_row("1BR3", 6, "RB")
    [None, 'B', 'R', None, None, None]
    """
    cells: list[str | None] = []
    previous_digit = False
    for char in text:
        if char in _ASCII_DIGITS:  # str.isdigit() would also accept '٦' or '６'
            if char == "0":
                raise ValueError(f"row {text!r}: 0 is not a run of empty squares")
            if previous_digit:
                raise ValueError(f"row {text!r}: two digits in a row (write one run as one digit)")
            cells.extend([None] * int(char))
            previous_digit = True
        elif char in pieces:
            cells.append(char)
            previous_digit = False
        else:
            raise ValueError(f"row {text!r}: unknown piece letter {char!r} (expected one of {pieces} or a digit)")
    if len(cells) != width:
        raise ValueError(f"row {text!r} covers {len(cells)} squares, expected {width}")
    return cells
