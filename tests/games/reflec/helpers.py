"""Positions for Reflec tests, written from a few pieces instead of a whole notation line."""

from __future__ import annotations

import random

import abstracta

SUITS = "SMCA"
LASER_CORNERS = {"S": "a1", "M": "a8", "C": "h8", "A": "h1"}


def position(
    pieces: dict[str, str],
    *,
    players: int = 2,
    dice: str = "3222",
    destroyed: str = "",
    acting: str = "S",
    phase: str = "play",
    tiles: int = 3,
    turns: int = 5,
    swaps: str | None = None,
    locked: str = "-",
    touched: str = "-",
    lasers: dict[str, str] | None = None,
) -> str:
    """The notation of a position holding ``pieces`` (square -> token such as 'Sn').

    Lasers stand in their corners (§4) unless ``lasers`` says otherwise; suits in ``destroyed``
    have none and carry the flag; every suit's off-board count makes up its six coins.
    """
    suits = SUITS[: 3 if players == 3 else 4]
    if lasers is None:
        lasers = {s: LASER_CORNERS[s] for s in suits if s not in destroyed}
    cells = dict(pieces)
    for suit, square in lasers.items():
        cells[square] = suit + "*"
    rows = []
    for rank in range(8, 0, -1):
        row, run = "", 0
        for file in "abcdefgh":
            token = cells.get(f"{file}{rank}")
            if token is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += token
        rows.append(row + (str(run) if run else ""))
    flag = "x" if players == 2 else "n"
    entries = []
    for index, suit in enumerate(suits):
        on_board = sum(1 for token in pieces.values() if token[0] == suit)
        entries.append(f"{suit}{dice[index]}:{6 - on_board}{flag if suit in destroyed else ''}")
    if swaps is None:
        swaps = "/".join(["-"] * players)
    return f"{'/'.join(rows)} {','.join(entries)} {acting} {phase} {tiles} {turns} {swaps} {locked} {touched}"


def parse(text: str, **options):
    return abstracta.load("reflec", **options).parse(text)


def fields(state) -> dict[str, str]:
    """The notation fields of ``state`` by name (§9)."""
    names = "board suits acting phase tiles turns swaps locked touched".split()
    return dict(zip(names, state.notation().split(" ")))


def suit_entry(state, suit: str) -> str:
    return next(entry for entry in fields(state)["suits"].split(",") if entry[0] == suit)


def biased_line(players, seed, max_plies=3000, fire_share=0.3, **options):
    """``(states, moves)`` of one random game that fires often, so lasers fall and coins turn neutral."""
    rng = random.Random(seed)
    state = abstracta.load("reflec", players=players, **options).start()
    states, played = [state], []
    while not state.over and len(states) < max_plies:
        moves = state.moves()
        fires = [m for m in moves if m[0] == "*"]
        move = rng.choice(fires) if fires and rng.random() < fire_share else rng.choice(moves)
        state = state.play(move)
        states.append(state)
        played.append(move)
    return states, played
