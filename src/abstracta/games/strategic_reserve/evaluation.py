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
side that rolls first. :func:`expected_removals` computes it exactly.

The evaluation is learned: :func:`roller_win_chance` is a logistic model of
the chance that the side about to roll wins, from the reserves, the exposure
terms above and the chances that a roll sends anything back at all, fitted on
greedy self-play by ``benchmarks/strategic_reserve_fit.py``. Two facts are
exact and used as such: a side about to roll with one checker in reserve has
won (the roll never touches its reserve and a placement always exists, rules
§7.4), and a side about to roll against a rival with one left wins only if
its roll sends something back.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import CompiledExpectimax, Knowledge
from abstracta.games.strategic_reserve.calibration import CALIBRATIONS
from abstracta.games.strategic_reserve.board import SQUARE_BIT, border, groups_containing, spread

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserveState

RED, BLUE = 0, 1
NO_ROLL = -1  # pending roll of a state whose next step is the roll (as in rules.py)

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


def expected_loss_after(state: "StrategicReserveState", move: str) -> float:
    """Expected checkers the mover loses to the rival's next roll after placing on ``move`` (a legal square)."""
    mine, theirs, _, _ = _colours(state, state.side)
    return expected_removals(mine | SQUARE_BIT[move], theirs)


# -- the learned evaluation ----------------------------------------------------
# A logistic model of the chance that the side about to roll wins, fitted on positions from
# epsilon-greedy self-play by benchmarks/strategic_reserve_fit.py (which prints LEARNED_WEIGHTS;
# paste them here to refit; these came from its defaults). Features are from the roller's side.

LEARNED_FEATURES: tuple[str, ...] = (
    "bias", "lead", "lead_scaled", "scale", "dealt_scaled", "suffered_scaled", "deal_chance", "suffer_chance",
    "me_on_two",
)  # fmt: skip
"""Names of :func:`roller_features`, in order (``_scaled``: divided by the square root of both reserves)."""

LEARNED_WEIGHTS: tuple[float, ...] = (
    -0.2827, -0.3930, 2.7184, 1.5969, 2.7072, -2.5653, 0.0280, 0.1651, 0.2527,
)  # fmt: skip
"""Logistic-regression weights of :data:`LEARNED_FEATURES` (see benchmarks/strategic_reserve_fit.py)."""


def roller_features(mine: int, theirs: int, my_reserve: int, their_reserve: float) -> tuple[float, ...]:
    """The :data:`LEARNED_FEATURES` of a position where ``mine`` is about to roll (both reserves at least 2).

    The checkers on the board and the empty squares follow from the reserves
    (checkers are conserved), so the reserves stand for them.
    """
    own, rival, contact = exposure(mine, theirs)
    dealt = (rival + contact) / 36  # what my roll, on this very board, sends back on average
    suffered = (own + contact) / 36  # what the rival's roll would, if the board stayed as it is
    scale = 1.0 / math.sqrt(my_reserve + their_reserve)
    lead = their_reserve - my_reserve
    me_on_two = 1.0 if my_reserve == 2 else 0.0  # my placement leaves one: untouched, I win on my next roll
    return (
        1.0, lead, lead * scale, scale, dealt * scale, suffered * scale, removal_chance(mine, theirs),
        removal_chance(theirs, mine), me_on_two,
    )  # fmt: skip


def learned_logit(
    mine: int, theirs: int, my_reserve: int, their_reserve: float, weights: Sequence[float] = LEARNED_WEIGHTS
) -> float:
    """The fitted model's log-odds that the roller wins (reserves of at least 2; no special cases)."""
    features = roller_features(mine, theirs, my_reserve, their_reserve)
    return sum(weight * value for weight, value in zip(weights, features))


def roller_win_chance(
    mine: int, theirs: int, my_reserve: int, their_reserve: int, weights: Sequence[float] = LEARNED_WEIGHTS
) -> float:
    """The chance in [0, 1] that the side about to roll (``mine``) wins: exact at the ends, else learned.

    With one in reserve the roller has won. When the rival has one left, the
    roller wins only if its roll sends something back: that chance is exact,
    and what follows is valued as if the rival's reserve grew by the average
    removal of such a roll.
    """
    if my_reserve <= 1:
        return 1.0
    if their_reserve <= 1:
        deal_chance = removal_chance(mine, theirs)
        if deal_chance == 0.0:
            return 0.0
        dealt = expected_removals(theirs, mine)
        return deal_chance * _logistic(learned_logit(mine, theirs, my_reserve, 1 + dealt / deal_chance, weights))
    return _logistic(learned_logit(mine, theirs, my_reserve, their_reserve, weights))


def _logistic(logit: float) -> float:
    if logit < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-logit))


def placer_win_chance(
    mine: int, theirs: int, my_reserve: int, their_reserve: int, legal: int, weights: Sequence[float] = LEARNED_WEIGHTS
) -> float:
    """The learned chance that the side about to place on one of ``legal`` wins: its best placement's.

    Each placement hands the roll to the rival, so it is worth one minus the
    rival's :func:`roller_win_chance`; placing the last checker wins outright.
    """
    if my_reserve <= 1:
        return 1.0
    worst_for_rival = 1.0
    while legal:
        bit = legal & -legal
        legal ^= bit
        rival = roller_win_chance(theirs, mine | bit, their_reserve, my_reserve - 1, weights)
        if rival < worst_for_rival:
            worst_for_rival = rival
    return 1.0 - worst_for_rival


class StrategicReserveKnowledge(Knowledge):
    """Learned evaluation, bitboard keys and safest-first ordering for Strategic Reserve.

    ``evaluate`` at a roll is :func:`roller_win_chance`; at a placement it is
    :func:`placer_win_chance`, which looks at every legal square, so a search
    of depth 1 already sees my placement, the rival's 36 rolls and the
    rival's best reply.
    """

    calibrations = CALIBRATIONS
    """Win chances fitted on bot games (``calibration.py``, written by benchmarks/calibration/fit.py)."""

    def __init__(self, weights: Sequence[float] = LEARNED_WEIGHTS) -> None:
        if len(weights) != len(LEARNED_FEATURES):
            raise ValueError(f"need {len(LEARNED_FEATURES)} weights, one per feature, got {len(weights)}")
        self.weights = tuple(weights)

    def compiled_expectimax(self) -> CompiledExpectimax | None:
        """The expectimax of ``compiled/search.c`` when the core is built: it reproduces this class's
        evaluation, keys and ordering (with these weights), not a subclass's overrides."""
        if type(self) is not StrategicReserveKnowledge:
            return None
        from abstracta.games.strategic_reserve.compiled.searcher import compiled_expectimax

        return compiled_expectimax(self.weights)

    def evaluate(self, state: "StrategicReserveState") -> Sequence[float]:
        if state.over:
            return list(state.returns())
        side = state.side
        mine, theirs, my_reserve, their_reserve = _colours(state, side)
        if state.pending == NO_ROLL:
            chance = roller_win_chance(mine, theirs, my_reserve, their_reserve, self.weights)
        else:
            # About to place: the best placement, each judged from the rival's roll that follows it.
            chance = placer_win_chance(mine, theirs, my_reserve, their_reserve, state._legal_squares(), self.weights)
        value = 2.0 * chance - 1.0
        return [value, -value] if side == RED else [-value, value]

    def key(self, state: "StrategicReserveState") -> Hashable:
        # After a roll only the legal squares matter, not which roll it was: the rolls that hit an empty
        # square, or the same enemy group, lead to one position, and the search counts it once.
        legal = -1 if state.over or state.pending == NO_ROLL else state._legal_squares()
        count = state.count if state.game.max_turns is not None else 0
        return (state.red, state.blue, state.red_reserve, state.blue_reserve, state.side, legal, count)

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
