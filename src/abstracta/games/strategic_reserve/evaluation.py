"""What the generic search bots know about Strategic Reserve: the exposure of groups to the next roll.

Everything here works on the engine's bitboards (``board.py``: one 36-bit int
per colour). The key fact: each of the 36 rolls hits a different square, so a
roll is a uniformly random square. When side Y rolls:

- a square of one of X's groups ``g`` sends the whole of ``g`` back;
- a square of one of Y's groups ``G`` sends back every X group touching ``G``;
- an empty square sends back nothing.

So the checkers of X that Y's next roll sends back are, in expectation,

    (sum over X groups g of |g|^2  +  sum over touching pairs (g, G) of |g|*|G|) / 36

The first term punishes X's own big groups; the second (the *contact* term) is
the same for both sides, so contact raises the stakes for both and favours the
side that rolls first. :func:`expected_removals` computes it exactly, and the
evaluation weighs it against the reserves.

Two facts are exact and used as such: a side about to roll with one checker in
reserve has won (the roll never touches its reserve and a placement always
exists, rules §7.4), and a side about to place with one checker in reserve wins
with any placement.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.strategic_reserve.board import FULL, SQUARE_BIT, border, groups_containing, spread

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserveState

RED, BLUE = 0, 1
NO_ROLL = -1  # pending roll of a state whose next step is the roll (as in rules.py)

TEMPO = 0.5
"""Checkers the side about to roll is worth ahead: in a pure race it finishes first on equal reserves."""

LATER_ROLL_WEIGHT = 0.85
"""Weight of the damage from the roll after next: the board will have changed by then, the next roll's board is exact."""

SCALE_PER_CHECKER = 0.8
"""The lead that makes the value tanh(1) grows like the square root of the checkers still to place."""


def groups_of(colour: int) -> list[int]:
    """The groups of a colour's bitboard, each as a bitboard, lowest square first."""
    groups = []
    while colour:
        group = groups_containing(colour & -colour, colour)
        groups.append(group)
        colour ^= group
    return groups


def exposure(mine: int, theirs: int) -> tuple[int, int, int]:
    """``(own, rival, contact)``: sum of squared group sizes of ``mine``, of ``theirs``, and the contact term.

    The contact term sums ``|g| * |G|`` over every group ``g`` of ``mine`` and
    ``G`` of ``theirs`` that touch orthogonally.
    """
    my_groups = [(group, group.bit_count()) for group in groups_of(mine)]
    own = sum(size * size for _, size in my_groups)
    rival = 0
    contact = 0
    for group in groups_of(theirs):
        size = group.bit_count()
        rival += size * size
        touching = spread(group) & mine
        if touching:
            contact += size * sum(my_size for my_group, my_size in my_groups if my_group & touching)
    return own, rival, contact


def expected_removals(mine: int, theirs: int) -> float:
    """Expected checkers of ``mine`` that one roll of the owner of ``theirs`` sends back (exact, over 36 rolls)."""
    own, _, contact = exposure(mine, theirs)
    return (own + contact) / 36


def _colours(state: "StrategicReserveState", player: int) -> tuple[int, int, int, int]:
    """``(mine, theirs, my reserve, their reserve)`` from ``player``'s side."""
    if player == RED:
        return state.red, state.blue, state.red_reserve, state.blue_reserve
    return state.blue, state.red, state.blue_reserve, state.red_reserve


def removal_chance(mine: int, theirs: int) -> float:
    """Probability that one roll by the owner of ``mine`` sends back at least one checker of ``theirs``."""
    hits_enemy = theirs.bit_count()
    touching_own = groups_containing(spread(theirs) & mine, mine).bit_count() if theirs else 0
    return (hits_enemy + touching_own) / 36


def roller_value(mine: int, theirs: int, my_reserve: int, their_reserve: int) -> float:
    """Value in [-1, 1] for the side about to roll (``mine``), the rival having placed last."""
    if my_reserve <= 1:
        return 1.0  # the roll cannot touch my reserve, and my placement then empties it
    own, rival, contact = exposure(mine, theirs)
    dealt = (rival + contact) / 36  # my roll, on exactly this board
    suffered = LATER_ROLL_WEIGHT * (own + contact) / 36  # the rival's next roll, after my placement
    lead = their_reserve - my_reserve + TEMPO + dealt - suffered
    value = math.tanh(lead / (SCALE_PER_CHECKER * math.sqrt(my_reserve + their_reserve + 2)))
    if their_reserve == 1:
        # Unless my roll sends something back, the rival rolls next with one in reserve: a sure loss.
        chance = removal_chance(mine, theirs)
        return chance * value - (1.0 - chance)
    return value


def expected_loss_after(state: "StrategicReserveState", move: str) -> float:
    """Expected checkers the mover loses to the rival's next roll after placing on ``move`` (a legal square)."""
    mine, theirs, _, _ = _colours(state, state.side)
    return expected_removals(mine | SQUARE_BIT[move], theirs)


class StrategicReserveKnowledge(Knowledge):
    """Exposure-based evaluation, bitboard keys and safest-first ordering for Strategic Reserve."""

    def evaluate(self, state: "StrategicReserveState") -> Sequence[float]:
        if state.over:
            return list(state.returns())
        side = state.side
        mine, theirs, my_reserve, their_reserve = _colours(state, side)
        if state.pending == NO_ROLL:
            value = roller_value(mine, theirs, my_reserve, their_reserve)
        elif my_reserve <= 1:
            value = 1.0
        else:
            # About to place: count the placement as made (reserve - 1) and look from the rival's roll.
            value = -roller_value(theirs, mine, their_reserve, my_reserve - 1)
        return [value, -value] if side == RED else [-value, value]

    def key(self, state: "StrategicReserveState") -> Hashable:
        # After a roll only the legal squares matter, not which roll it was: the rolls that hit an empty
        # square, or the same enemy group, lead to one position, and the search counts it once.
        legal = -1 if state.over or state.pending == NO_ROLL else state._legal_squares()
        count = state.count if state.game.max_turns is not None else 0
        return (state.red, state.blue, state.red_reserve, state.blue_reserve, state.side, legal, count)

    def playout(self, state: "StrategicReserveState", rng: random.Random) -> list[float]:
        """``returns()`` at the end of one seeded playout from ``state`` under :func:`rollout_placement`.

        The game is played on bare bitboards (no state objects), several times
        faster than through ``play()``; the dice follow the rules exactly.
        """
        if state.over:
            return list(state.returns())
        legal = -1 if state.pending == NO_ROLL else state._legal_squares()
        winner = playout_winner(
            state.red, state.blue, state.red_reserve, state.blue_reserve, state.side, legal, state.count,
            state.game.max_turns, rng,
        )  # fmt: skip
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == RED else [-1.0, 1.0]

    def order(self, state: "StrategicReserveState", moves: list[str]) -> list[str]:
        """Safest placements first: the least growth of the mover's own exposure to the next roll."""
        if state.over or state.pending == NO_ROLL:
            return moves
        mine, theirs, _, _ = _colours(state, state.side)
        return sorted(moves, key=lambda move: _placement_risk(mine, theirs, SQUARE_BIT[move]))


def _placement_risk(mine: int, theirs: int, bit: int) -> int:
    """How much placing on ``bit`` grows the mover's exposure (x36), cheaply: merged group and new contacts."""
    joined = groups_containing(spread(bit) & mine, mine)
    merged_size = joined.bit_count() + 1
    before = sum(size * size for size in (g.bit_count() for g in groups_of(joined)))
    enemy_next = border(bit) & theirs
    return merged_size * merged_size - before + (groups_containing(enemy_next, theirs).bit_count() * merged_size)


ROLLOUT_CANDIDATES = 3
"""Legal squares the rollout policy draws and compares per placement: more plays safer, fewer runs faster."""

ROLLOUT_RANDOMNESS = 0.1
"""Share of rollout placements made uniformly at random, so playouts also visit what a careless side does."""


def rollout_placement(mine: int, theirs: int, legal: int, rng: random.Random) -> int:
    """The rollout policy's square (a bit of ``legal``): the least risky of a few random legal squares.

    It draws :data:`ROLLOUT_CANDIDATES` legal squares (with replacement) and
    keeps the one whose placement grows the mover's exposure to the next roll
    least (:func:`_placement_risk`); a :data:`ROLLOUT_RANDOMNESS` share of
    placements keeps the first square drawn.
    """
    uniform = rng.random
    if legal.bit_count() >= 8:
        # Many legal squares: draw board squares until one is legal (at most 36/8 draws on average).
        def draw() -> int:
            while True:
                bit = 1 << int(uniform() * 36)
                if bit & legal:
                    return bit
    else:
        bits = []
        rest = legal
        while rest:
            low = rest & -rest
            bits.append(low)
            rest ^= low

        def draw() -> int:
            return bits[int(uniform() * len(bits))]

    best = draw()
    if uniform() < ROLLOUT_RANDOMNESS:
        return best
    best_risk = _placement_risk(mine, theirs, best)
    for _ in range(ROLLOUT_CANDIDATES - 1):
        bit = draw()
        if bit != best:
            risk = _placement_risk(mine, theirs, bit)
            if risk < best_risk:
                best, best_risk = bit, risk
    return best


def playout_winner(
    red: int,
    blue: int,
    red_reserve: int,
    blue_reserve: int,
    side: int,
    legal: int,
    count: int,
    max_turns: int | None,
    rng: random.Random,
) -> int | None:
    """Play a game to its end on bitboards; the winner (``RED``/``BLUE``) or ``None`` for a ``max_turns`` draw.

    ``side`` is the player whose turn it is; ``legal`` is ``-1`` when that
    player rolls next, otherwise the bitboard of its legal placements after
    the pending roll. Rolls follow rules §7.2 (a uniformly random square of the
    36, read from the roller's side, which is a bijection, so the square is
    simply uniform); placements follow :func:`rollout_placement`.
    """
    uniform = rng.random
    mine, theirs, my_reserve, their_reserve = (
        (red, blue, red_reserve, blue_reserve) if side == RED else (blue, red, blue_reserve, red_reserve)
    )
    while True:
        if legal < 0:
            target = 1 << int(uniform() * 36)
            if target & theirs:
                removed = groups_containing(target, theirs)
                theirs ^= removed
                their_reserve += removed.bit_count()
                legal = FULL & ~(mine | theirs)
            elif target & mine:
                legal = border(groups_containing(target, mine))
                removed = groups_containing(legal & theirs, theirs)
                if removed:
                    theirs ^= removed
                    their_reserve += removed.bit_count()
            else:
                legal = FULL & ~(mine | theirs)
        mine |= rollout_placement(mine, theirs, legal, rng)
        my_reserve -= 1
        count += 1
        if my_reserve == 0:
            return side
        if count == max_turns:
            return None
        mine, theirs, my_reserve, their_reserve = theirs, mine, their_reserve, my_reserve
        side = 1 - side
        legal = -1
