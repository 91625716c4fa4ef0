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
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.desfases.board import BIT, FACED, HOLE, TILE_SQUARES, queen_targets

if TYPE_CHECKING:
    from abstracta.games.desfases.rules import DesfasesState

SCALE = 6.0
"""Points of projected margin that make ``tanh`` reach about 0.76."""
CERTAINTY = (1.0, 0.95, 0.8)
"""Weight of the next scoring by die: null (the pawn is in place), 1 (one move left), 2 or more."""
LATER_TILE_SHARE = 0.7
"""A later scoring is expected to collect this share of the unscored tiles' mean value."""
NEIGHBOURS = tuple(
    tuple(FACED[sq][d] for d in range(4) if FACED[sq][d] >= 0 and FACED[sq][d] != HOLE) for sq in range(25)
)
OPPOSITE = (2, 3, 0, 1)


class DesfasesKnowledge(Knowledge):
    """Projected scores for evaluation, one-ply lookahead for ordering (see the module docstring)."""

    multiplayer_search = True
    """Ask ``level_bot`` for the multi-player search at every player count, two included."""

    def key(self, state: "DesfasesState") -> Hashable:
        return (state.lo, state.hi, state.scored, state.pawns, state.dice, state.timers, state.reservoirs,
                state.points, state.live, state.suit, state.feeding)  # fmt: skip

    # -- evaluation ----------------------------------------------------------
    def turnings(self, state: "DesfasesState", suit: int) -> list[int]:
        """How many times each suit's free tiles turn before ``suit``'s next scoring check (its own included)."""
        from abstracta.games.desfases.rules import TURN_ORDER

        order = TURN_ORDER[state.game.num_players]
        live = state.live
        start = state.suit
        if state.feeding:  # the acting suit's turn is over but for the feed
            start = state.game.next_suit[start][live]
        if start < 0:
            return [0, 0, 0, 0]
        begin = order.index(start)
        sequence = [order[(begin + k) % 4] for k in range(4)]
        position = {s: i for i, s in enumerate(sequence)}
        die = state.dice[suit]
        counts = [0, 0, 0, 0]
        for other in range(4):
            if not live >> other & 1:
                continue
            if other == suit:
                counts[other] = die + 1
            else:
                counts[other] = die + (1 if position[other] < position[suit] else 0)
        return counts

    def future_facers(self, state: "DesfasesState", suit: int) -> dict[int, int]:
        """Square -> best unscored tile value facing it at ``suit``'s next scoring check."""
        turns = self.turnings(state, suit)
        tiles = state.tiles
        pinned = state.scored | state.occupied
        lo, hi, scored = state.lo, state.hi, state.scored
        best: dict[int, int] = {}
        for sq in TILE_SQUARES:
            if scored >> sq & 1:
                continue
            tile = tiles[sq]
            facing = (lo >> sq & 1) | (hi >> sq & 1) << 1
            if not pinned >> sq & 1:
                facing = (facing + turns[tile // 6]) & 3
            target = FACED[sq][facing]
            if target < 0 or target == HOLE:
                continue
            value = tile % 6
            if value > best.get(target, -1):
                best[target] = value
        return best

    def next_scoring(self, state: "DesfasesState", suit: int) -> float:
        """The points ``suit`` is expected to collect at its next scoring (tile + coin), weighted by certainty."""
        timer = state.timers[suit]
        if timer < 0:
            return 0.0
        die = state.dice[suit]
        facers = self.future_facers(state, suit)
        pawn = state.pawns[suit]
        if die == 0:
            squares = (pawn,)
        elif die == 1:
            targets = queen_targets(pawn, state.occupied)
            squares = tuple(sq for sq in TILE_SQUARES if targets & BIT[sq]) or (pawn,)
        else:
            others = state.occupied & ~BIT[pawn]
            squares = tuple(sq for sq in TILE_SQUARES if not others & BIT[sq])
        best = max((facers.get(sq, -1) for sq in squares), default=-1)
        if best < 0:
            return 0.0
        return CERTAINTY[min(die, 2)] * (best + timer)

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
        suits = self.projected(state)
        owners = state.game.owners
        players = state.game.num_players
        totals = [0.0] * players
        for suit, value in enumerate(suits):
            totals[owners[suit]] += value
        values = []
        for player in range(players):
            rival = max(totals[q] for q in range(players) if q != player)
            values.append(math.tanh((totals[player] - rival) / SCALE))
        return values

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
