"""Building Quin positions for tests: name the pieces on the board, the rest go to reserve."""

from __future__ import annotations

import abstracta

ALL = "LSSAAAARRMTPPVVVV"


def _minus(letters: str, taken: str) -> str:
    for char in taken:
        assert char in letters, f"too many {char}"
        letters = letters.replace(char, "", 1)
    return letters


def position(board: dict[str, str], side="S", removed=None, reserve=None, memory="0/0", raised="0/0",
             free="-", locked="-", turns=10, quiet=0, phase="play") -> str:  # fmt: skip
    """A position notation: ``board`` maps squares to pieces (``'V'``, ``'v+'``); by default every
    other piece of each owner is in its reserve, except those listed as ``removed``; given a
    ``reserve`` instead, the pieces neither on the board nor in it are the removed ones."""
    halves, gone = [], []
    for owner, upper in ((0, str.isupper), (1, str.islower)):
        case = str.upper if owner == 0 else str.lower
        on_board = "".join(p[0].upper() for p in board.values() if upper(p[0]))
        rest = _minus(ALL, on_board)
        if reserve is not None:
            halves.append(reserve[owner])
            gone.append(removed[owner] if removed else case(_minus(rest, reserve[owner].upper())))
            continue
        taken = removed[owner] if removed else ""
        halves.append(case(_minus(rest, taken.upper())))
        gone.append(taken)
    removed = gone
    entries = ",".join(sq + board[sq] for sq in sorted(board))
    removed_text = "/".join(r or "-" for r in removed)
    reserve_text = "/".join(h or "-" for h in halves)
    return f"{entries} {side} {phase} {reserve_text} {removed_text} {memory} {raised} {free} {locked} {turns} {quiet}"


def state(board, options=None, **fields):
    return abstracta.load("quin", **(options or {})).parse(position(board, **fields))
