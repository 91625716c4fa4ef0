"""A random manual setup for one side (rules §4), as the server plays it for a seat that asks.

Placements are public as "place ? sq" (§6.13), so their order and squares are all the rival
sees: the order must say nothing about kinds. The pieces go to one uniformly random complete
legal placement (the Light on a uniformly chosen open Gateway, the rest uniformly on the free
setup squares) and are played in a uniformly random order, so every square is as likely to come
first whatever stands on it. Placing the Light first told the rival where it stood; picking
uniformly among legal moves gives each kind left the same chance a ply, so the single Memory and
Time would come early as often as the four Voids.
"""

from __future__ import annotations

import random

from abstracta.games.quin.board import GATEWAYS, SETUP_SQUARES, SQUARE_NAMES
from abstracta.games.quin.pieces import AL, KIND_LETTERS, LIGHT
from abstracta.games.quin.rules import SETUP


def random_setup(state, rng: random.Random) -> list[str]:
    """The ``place`` moves that complete the setup of the side to place, in random order.

    Every piece left in its reserve except the Artificial Lights (which never enter by placement)
    is placed; ``[]`` outside the setup phase or when nothing is left to place. ``ready`` is not
    included: the player still ends the setup. A Light whose Gateways are all taken stays in reserve.
    """
    if state.over or state.phase != SETUP:
        return []
    side = state.side
    board = state.board
    free = [sq for sq in SETUP_SQUARES[side] if not board[sq]]
    pieces = [kind for kind, count in enumerate(state.reserve[side]) if kind != AL for _ in range(count)]
    placements = []
    if LIGHT in pieces:
        pieces.remove(LIGHT)
        gateways = [sq for sq in free if sq in GATEWAYS[side]]
        if gateways:
            light = rng.choice(gateways)
            free.remove(light)
            placements.append((LIGHT, light))
    rng.shuffle(pieces)  # which pieces stay out, should the squares run short (never from an empty setup)
    pieces = pieces[: len(free)]
    placements += zip(pieces, rng.sample(free, len(pieces)))
    rng.shuffle(placements)
    return [f"place {KIND_LETTERS[kind]} {SQUARE_NAMES[sq]}" for kind, sq in placements]
