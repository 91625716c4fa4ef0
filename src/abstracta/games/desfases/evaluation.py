"""What Desfases tells the generic search about itself (``core/knowledge.py``).

The game is a race for points, so the evaluation is a *projected score* per suit, and a
player's value is its projected total against its strongest rival's, squashed by ``tanh``
(the score margin, not only who is ahead). A suit's projection is:

- the points it has;
- its **next scoring**: the tile value plus timer coin it can collect when its die reaches
  null. The timers and the turning decide it: a suit whose die shows d has d moving turns
  left, so by its scoring turn its own free tiles will have turned d + 1 times and every
  other live suit's d or d + 1 times (by the turn order from now). Each unscored, unpinned
  tile's facing is wound forward by that many quarter turns; a tile then faces one square.
  With the die at null the pawn stays where it is; at 1 it has one queen move left; above 1
  it can reach nearly any free square, so the best tile facing a free square counts (a
  little discounted, since rivals may take it first). No candidate means the coin falls into
  the hole: nothing.
- its later scorings: the coins in its reservoir, each expected to collect a middling tile
  (0.7 of the mean value of the unscored tiles).

``order`` plays each move and sorts by the mover's evaluation afterwards (there are at most
a couple of dozen moves), so the pawn steps next to the tile that will face it first, the
highest tile is scored first and the coin fed is the one that reaches the best tile in time.
Scoring moves are noisy.

``_evaluate`` computes the same figures in one pass (``_fused_projection``): what the four suits
share (the turn order, the free tiles, the value masks, the unscored mean) once per position, the
winding of each suit's forecast as two masks (the suits that turn ``d + 1`` times and those that
turn ``d`` times), and "the tiles facing a set of squares" as four shifts. The methods
``turnings``, ``future_planes``, ``next_scoring`` and ``projected`` stay the readable reference;
tests/games/desfases/test_evaluation_speed.py checks the two bit for bit.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.desfases.calibration import CALIBRATIONS
from abstracta.games.desfases.board import (
    ALL_TILES,
    BIT,
    FACED,
    FACERS,
    HOLE,
    SIZE,
    TILE_SQUARES,
    facers_of,
    facing_masks,
    queen_targets,
)

if TYPE_CHECKING:
    from abstracta.games.desfases.rules import DesfasesState

SCALE = 6.0
"""Points of projected margin that make ``tanh`` reach about 0.76."""
CERTAINTY = (1.0, 0.95, 0.8)
"""Weight of the next scoring by die: null (the pawn is in place), 1 (one move left), 2 or more."""
_CERTAINTY_BY_DIE = tuple(CERTAINTY[min(die, 2)] for die in range(6))
LATER_TILE_SHARE = 0.7
"""A later scoring is expected to collect this share of the unscored tiles' mean value."""
FACES_A_SQUARE = tuple(
    sum(BIT[sq] for sq in TILE_SQUARES if FACED[sq][d] >= 0 and FACED[sq][d] != HOLE) for d in range(4)
)
"""``FACES_A_SQUARE[d]``: the tile squares that, facing ``d``, face a square a pawn may stand on."""

VALUE_CACHE_SIZE = 200_000
"""Positions whose values one knowledge (one loaded game) remembers; the cache empties when full."""

_POSITIONS: dict[tuple[int, int, bool, int], tuple[int, ...] | None] = {}
_TURN_SEQUENCES: dict[tuple[int, int, bool, int], tuple[int, ...] | None] = {}
_QUEEN_TARGETS: dict[int, int] = {}
"""``occupied << 5 | p`` -> the pawn's queen targets, or its own square when boxed in (at most 42,504 keys)."""

NOT_FILE_A = sum(BIT[sq] for sq in range(SIZE * SIZE) if sq % SIZE)
NOT_FILE_E = sum(BIT[sq] for sq in range(SIZE * SIZE) if sq % SIZE != SIZE - 1)
RESERVOIR_SUMS = tuple(sum(v for v in range(6) if reservoir >> v & 1) for reservoir in range(64))
RESERVOIR_SHARES = tuple(bin(reservoir).count("1") * LATER_TILE_SHARE for reservoir in range(64))
"""Per reservoir mask: its coins' total, and its count times ``LATER_TILE_SHARE`` (``projected``'s float)."""
_LAYOUTS: dict[tuple[int, ...], "_Layout"] = {}


def _turn_positions(players: int, acting: int, feeding: bool, live: int) -> tuple[int, ...] | None:
    """Each suit's place in the turn order from the next turn to be played (``None`` once over); cached."""
    key = (players, acting, feeding, live)
    found = _POSITIONS.get(key, ())
    if found != ():
        return found  # type: ignore[return-value]
    from abstracta.games.desfases.rules import NEXT_SUIT, TURN_ORDER

    start = NEXT_SUIT[players][acting][live] if feeding else acting
    if start < 0:
        _POSITIONS[key] = None
        return None
    order = TURN_ORDER[players]
    begin = order.index(start)
    positions = [0, 0, 0, 0]
    for k in range(4):
        positions[order[(begin + k) % 4]] = k
    result = _POSITIONS[key] = tuple(positions)
    return result


class _Layout:
    """What the evaluation reads of one tile layout (the tiles never move): value masks, unscored means."""

    __slots__ = ("value_masks", "means")

    def __init__(self, tiles: tuple[int, ...]) -> None:
        masks = [0] * 6
        for sq in TILE_SQUARES:
            masks[tiles[sq] % 6] |= BIT[sq]
        self.value_masks = tuple((value, masks[value]) for value in range(5, -1, -1))
        self.means: dict[int, float] = {}  # scored mask -> the mean value of the unscored tiles

    def mean_unscored(self, scored: int) -> float:
        unscored = ALL_TILES & ~scored
        count = unscored.bit_count()
        mean = sum(value * (mask & unscored).bit_count() for value, mask in self.value_masks) / count if count else 0.0
        self.means[scored] = mean
        return mean


_LAST_LAYOUT: list = [((), None)]
"""The last ``(tiles, _Layout)`` asked for, as one item (read at once, so threads see a matching pair):
a search stays on one layout, found by identity."""


def _layout(tiles: tuple[int, ...]) -> _Layout:
    """The layout's facts; cached (4,096 layouts at most: layouts differ per game)."""
    last_tiles, last = _LAST_LAYOUT[0]
    if last_tiles is tiles:
        return last
    found = _LAYOUTS.get(tiles)
    if found is None:
        if len(_LAYOUTS) >= 4096:
            _LAYOUTS.clear()
        found = _LAYOUTS[tiles] = _Layout(tiles)
    _LAST_LAYOUT[0] = (tiles, found)
    return found


def _value_masks(tiles: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(value, squares holding a tile of that value)``, highest value first; cached per layout."""
    return _layout(tiles).value_masks


def _turn_sequence(players: int, acting: int, feeding: bool, live: int) -> tuple[int, ...] | None:
    """The suits in turn order from the next turn to be played (``None`` once over); cached."""
    key = (players, acting, feeding, live)
    found = _TURN_SEQUENCES.get(key, ())
    if found != ():
        return found  # type: ignore[return-value]
    positions = _turn_positions(players, acting, feeding, live)
    result = _TURN_SEQUENCES[key] = None if positions is None else tuple(sorted(range(4), key=positions.__getitem__))
    return result


def _facers(targets: int, north: int, east: int, south: int, west: int) -> int:
    """The tile squares facing a square of ``targets``, given the squares facing n, e, s, w (``facers_of`` of a set)."""
    return (
        (north & targets >> SIZE)
        | (east & targets >> 1 & NOT_FILE_E)
        | (south & targets << SIZE)
        | (west & targets << 1 & NOT_FILE_A)
    )


def _fused_projection(state: "DesfasesState") -> list[float]:
    """``projected(state)``, the same floats, in one pass (the module docstring says how)."""
    tiles, scored, live, points = state.tiles, state.scored, state.live, state.points
    layout = _layout(tiles)
    value_masks = layout.value_masks
    mean_tile = layout.means.get(scored)
    if mean_tile is None:
        mean_tile = layout.mean_unscored(scored)
    # The free tiles of each live suit, and for each suit the union of those that turn as often as it
    # does before its check (itself and the suits playing before it), the others turning once less.
    sequence = _turn_sequence(state.game.num_players, state.suit, state.feeding, live)
    free = ~(scored | state.occupied)
    suit_masks = state.suit_masks
    wound_more = [0, 0, 0, 0]
    every = 0
    if sequence is not None:
        for suit in sequence:
            if live >> suit & 1:
                every |= suit_masks[suit] & free
            wound_more[suit] = every
    timers, dice, pawns, reservoirs = state.timers, state.dice, state.pawns, state.reservoirs
    occupied = state.occupied
    out = []
    for suit in range(4):
        total = float(points[suit])
        if live >> suit & 1:
            timer = timers[suit]
            gained = 0.0
            if timer >= 0:
                die = dice[suit]
                lo, hi = state.lo, state.hi
                if sequence is not None:  # the masks are disjoint, so the two windings commute
                    more = wound_more[suit]
                    quarter = die & 3
                    if quarter:
                        mask = every ^ more
                        if quarter & 1:
                            lo, hi = lo ^ mask, hi ^ (lo & mask)
                        if quarter & 2:
                            hi ^= mask
                    quarter = (die + 1) & 3
                    if quarter:
                        if quarter & 1:
                            lo, hi = lo ^ more, hi ^ (lo & more)
                        if quarter & 2:
                            hi ^= more
                north, east = ALL_TILES & ~lo & ~hi, lo & ~hi
                south, west = hi & ~lo, lo & hi
                pawn = pawns[suit]
                if die == 0:
                    facer_n, facer_e, facer_s, facer_w = FACERS[pawn]
                    candidates = (north & facer_n) | (east & facer_e) | (south & facer_s) | (west & facer_w)
                elif die == 1:
                    key = occupied << 5 | pawn
                    targets = _QUEEN_TARGETS.get(key)
                    if targets is None:
                        targets = _QUEEN_TARGETS[key] = queen_targets(pawn, occupied) or BIT[pawn]
                    candidates = _facers(targets, north, east, south, west)
                else:
                    candidates = (
                        (north & FACES_A_SQUARE[0])
                        | (east & FACES_A_SQUARE[1])
                        | (south & FACES_A_SQUARE[2])
                        | (west & FACES_A_SQUARE[3])
                    ) & ~_facers(occupied & ~BIT[pawn], north, east, south, west)
                candidates &= ~scored
                if candidates:
                    for value, mask in value_masks:
                        if candidates & mask:
                            gained = _CERTAINTY_BY_DIE[die] * (value + timer)
                            break
            total += gained
            reservoir = reservoirs[suit]
            total += RESERVOIR_SUMS[reservoir] + RESERVOIR_SHARES[reservoir] * mean_tile
        out.append(total)
    return out


def _margins(owners: tuple[int, ...], players: int, suits: list[float]) -> tuple[float, ...]:
    """Each player's projected total against its strongest rival's, squashed by ``tanh``."""
    tanh = math.tanh
    if players == 4:  # owners is the identity; the rival of the leader is the second, of the others the leader
        a, b, c, d = suits
        best = max(suits)
        leader = suits.index(best)
        second = max(suits[:leader] + suits[leader + 1 :])
        return (
            tanh((a - (second if leader == 0 else best)) / SCALE),
            tanh((b - (second if leader == 1 else best)) / SCALE),
            tanh((c - (second if leader == 2 else best)) / SCALE),
            tanh((d - (second if leader == 3 else best)) / SCALE),
        )
    totals = [0.0] * players
    for suit, value in enumerate(suits):
        totals[owners[suit]] += value
    if players == 2:
        mine, theirs = totals
        return tanh((mine - theirs) / SCALE), tanh((theirs - mine) / SCALE)
    return tuple(
        tanh((totals[player] - max(totals[q] for q in range(players) if q != player)) / SCALE)
        for player in range(players)
    )


class DesfasesKnowledge(Knowledge):
    """Projected scores for evaluation, one-ply lookahead for ordering (see the module docstring)."""

    calibrations = CALIBRATIONS
    """Win chances fitted on bot games (``calibration.py``, written by benchmarks/calibration/fit.py)."""

    multiplayer_search = True
    """Ask ``level_bot`` for the multi-player search at every player count, two included."""

    level_budgets = {"hard": {"iterations": 3000, "exploration": 0.4}}
    """``hard`` gets ten times the default iterations: an evaluation costs about 10 µs, so 3,000
    take about 0.15 s an action, and with them the search beats the 300-iteration one 16-1-3 in
    20 two-player games; a lower exploration constant lets it follow its best lines deeper.
    Measured in benchmarks/README.md (Desfases)."""

    def key(self, state: "DesfasesState") -> Hashable:
        return (state.lo, state.hi, state.scored, state.pawns, state.dice, state.timers, state.reservoirs,
                state.points, state.live, state.suit, state.feeding)  # fmt: skip

    # -- evaluation ----------------------------------------------------------
    def turnings(self, state: "DesfasesState", suit: int) -> list[int]:
        """How many times each suit's free tiles turn before ``suit``'s next scoring check (its own included)."""
        die = state.dice[suit]
        before = _turn_positions(state.game.num_players, state.suit, state.feeding, state.live)
        if before is None:
            return [0, 0, 0, 0]
        live = state.live
        mine = before[suit]
        return [
            0 if not live >> other & 1 else die + 1 if other == suit else die + (before[other] < mine)
            for other in range(4)
        ]

    def future_planes(self, state: "DesfasesState", suit: int) -> tuple[int, int]:
        """The facing bit-planes (``lo``, ``hi``) at ``suit``'s next scoring check: free tiles wound forward."""
        turns = self.turnings(state, suit)
        lo, hi = state.lo, state.hi
        free = ~(state.scored | state.occupied)
        for other, masks in enumerate(state.suit_masks):
            quarter = turns[other] & 3
            if not quarter:
                continue
            mask = masks & free
            if quarter & 1:
                lo, hi = lo ^ mask, hi ^ (lo & mask)
            if quarter & 2:
                hi ^= mask
        return lo, hi

    def next_scoring(self, state: "DesfasesState", suit: int) -> float:
        """The points ``suit`` is expected to collect at its next scoring (tile + coin), weighted by certainty."""
        timer = state.timers[suit]
        if timer < 0:
            return 0.0
        die = state.dice[suit]
        lo, hi = self.future_planes(state, suit)
        pawn = state.pawns[suit]
        if die == 0:
            candidates = facers_of(pawn, lo, hi)
        elif die == 1:
            targets = queen_targets(pawn, state.occupied) or BIT[pawn]
            candidates = 0
            for sq in TILE_SQUARES:
                if targets >> sq & 1:
                    candidates |= facers_of(sq, lo, hi)
        else:
            candidates = 0
            for facing, mask in enumerate(facing_masks(lo, hi)):
                candidates |= mask & FACES_A_SQUARE[facing]
            for other, sq in enumerate(state.pawns):
                if other != suit:
                    candidates &= ~facers_of(sq, lo, hi)
        candidates &= ~state.scored
        if not candidates:
            return 0.0
        for value, mask in _value_masks(state.tiles):
            if candidates & mask:
                return CERTAINTY[min(die, 2)] * (value + timer)
        return 0.0

    def projected(self, state: "DesfasesState") -> list[float]:
        """Per suit: points + the next scoring + the later ones (module docstring)."""
        unscored = [state.tiles[sq] % 6 for sq in TILE_SQUARES if not state.scored >> sq & 1]
        mean_tile = sum(unscored) / len(unscored) if unscored else 0.0
        out = []
        for suit in range(4):
            total = float(state.points[suit])
            if state.live >> suit & 1:
                reservoir = state.reservoirs[suit]
                coins = [v for v in range(6) if reservoir >> v & 1]
                total += self.next_scoring(state, suit)
                total += sum(coins) + len(coins) * LATER_TILE_SHARE * mean_tile
            out.append(total)
        return out

    def evaluate(self, state: "DesfasesState") -> Sequence[float]:
        if state.over:
            return state.returns()
        # The search evaluates each child once to order the moves and again when it expands it:
        # remembering values by position halves the work (same values, so the same moves). One
        # table per layout (the tiles never move), found by identity while the layout stays.
        memo = self.__dict__.get("_memo")
        if memo is None or memo[0] is not state.tiles:
            memo = self._memo_for(state.tiles)
        key = (state.lo, state.hi, state.scored, state.pawns, state.dice, state.timers, state.reservoirs,
               state.points, state.live, state.suit, state.feeding)  # fmt: skip
        values = memo[1].get(key)
        if values is None:
            if memo[2][0] >= VALUE_CACHE_SIZE:
                self.__dict__["_memos"].clear()
                memo = self._memo_for(state.tiles)
            values = memo[1][key] = self._evaluate(state)
            memo[2][0] += 1
        return values

    def _memo_for(self, tiles: tuple[int, ...]) -> tuple:
        """``(tiles, values by key, [positions remembered over every layout])``, now the current memo."""
        memos = self.__dict__.setdefault("_memos", {})
        if not memos:
            self.__dict__["_memo_count"] = [0]
        table = memos.setdefault(tiles, {})
        memo = self.__dict__["_memo"] = (tiles, table, self.__dict__["_memo_count"])
        return memo

    def _evaluate(self, state: "DesfasesState") -> tuple[float, ...]:
        return _margins(state.game.owners, state.game.num_players, _fused_projection(state))

    def reference_evaluate(self, state: "DesfasesState") -> tuple[float, ...]:
        """``_evaluate`` through the readable ``projected`` (slower; the same floats)."""
        return _margins(state.game.owners, state.game.num_players, self.projected(state))

    # -- ordering --------------------------------------------------------------
    def order(self, state: "DesfasesState", moves: list[str]) -> list[str]:
        if len(moves) <= 1 or state.over:
            return moves
        player = state.player
        scored = [(-self.evaluate(state.play(move))[player], index, move) for index, move in enumerate(moves)]  # type: ignore[index]
        scored.sort()
        return [move for _, _, move in scored]

    def is_noisy(self, state: "DesfasesState", move: str) -> bool:
        return move.startswith("score")


__all__ = ["DesfasesKnowledge"]
