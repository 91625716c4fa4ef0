"""Reflec's RL planes read from the structure are exactly those the notation gave.

``notation_observe`` is the encoder ``rl.py`` had before it read ``view.structure()``, kept
here verbatim as the reference: along random games (shots biased in, every player count, a
turn limit) both give the same array for every player.
"""

from __future__ import annotations

import numpy as np
import pytest

import abstracta
from abstracta.games.reflec.rl import _OWNERS, FACINGS, SUITS, _row_col

from .helpers import biased_line


class NotationEncoder:
    def __init__(self, game) -> None:
        self.game = game

    def observe(self, view, player: int) -> np.ndarray:
        notation = view.notation()
        board, suits, acting, phase, tiles, turns, swaps, locked, touched = notation.split(" ")
        owners = _OWNERS[self.game.num_players]
        out = np.zeros((38, 8, 8), dtype=np.float32)
        neutral: set[str] = set()
        for entry in suits.split(","):
            suit = entry[0]
            index = SUITS.index(suit)
            die, rest = entry[1:].split(":")
            out[14 + index] = int(die) / 5
            off = rest.rstrip("xn")
            out[18 + index] = int(off) / 6
            if rest.endswith(("x", "n")):
                out[22 + index] = 1.0
                if rest.endswith("n"):
                    neutral.add(suit)
        for row, rank in enumerate(board.split("/")):
            col, i = 0, 0
            while i < len(rank):
                ch = rank[i]
                if ch.isdigit():
                    col += int(ch)
                    i += 1
                    continue
                index = SUITS.index(ch)
                mark = rank[i + 1]
                if mark == "*":
                    out[4 + index, row, col] = 1.0
                else:
                    out[index, row, col] = 1.0
                    out[8 + FACINGS.index(mark), row, col] = 1.0
                    if ch in neutral:
                        out[13, row, col] = 1.0
                    elif owners[ch] == player:
                        out[12, row, col] = 1.0
                col += 1
                i += 2
        out[26 + SUITS.index(acting)] = 1.0
        out[30] = int(tiles) / 4
        out[31] = 1.0 if phase == "drop" else 0.0
        for plane, field in ((32, locked), (33, touched)):
            if field != "-":
                for sq in field.split(","):
                    out[(plane, *_row_col(sq))] = 1.0
        record = swaps.split("/")[player]
        if record != "-":
            for pair in record.split(","):
                a, b = pair.split("x")
                out[(34 if a[0] == b[0] else 35, *_row_col(a))] = 1.0
        out[36] = 1.0 if owners.get(acting) == player and acting not in neutral else 0.0
        limit = self.game.options.get("max_turns")
        if limit:
            out[37] = min(int(turns) / limit, 1.0)
        return out


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3}, {"players": 4, "max_turns": 30}, {"players": 2, "max_turns": 7}])
@pytest.mark.parametrize("seed, fire_share", [(5, 0.3), (6, 0.05)])
def test_the_planes_match_the_notation_encoder(options, seed, fire_share):
    game = abstracta.load("reflec", **options)
    adapter, reference = game.rl_adapter(), NotationEncoder(game)
    states, _ = biased_line(seed=seed, max_plies=900, fire_share=fire_share, **options)
    for state in states[::3] + states[-3:]:
        for player in range(game.num_players):
            assert np.array_equal(adapter.observe(state, player), reference.observe(state, player)), state.notation()
