"""What Reflec tells the generic search about itself (``core/knowledge.py``).

Everything turns on beams, so the core is :func:`trace`: one walk of a beam on the
engine's 64-cell board, returning the laser it would destroy (or none). From it:

- **evaluate**: each player's *expected lasers*: every live laser of the player counts 1,
  minus the chance it is shot before its owner can act. The acting suit shoots what its
  beams reach now (if it can pay the 3 points) almost surely, and a kill it can set up with
  one spin or one laser step before firing (4 points) nearly so; the other suits' direct
  shots count half, since the victim may move first. A player's value is its expected
  lasers against the rivals' mean, squashed by ``tanh``, plus a little for points saved on
  its dice (they pay for combinations later).
- **order**: fires that kill a rival first (most kills first), then actions that touch a
  beam that matters (the acting suit's own four beams, and every rival beam that reaches one
  of the player's lasers): laser steps, spins and moves of coins on those paths, drops and
  coin moves onto their empty squares, swaps there. Those that leave a kill ready go first,
  those that leave the player's own laser in a rival's beam last. Then ``end``, then every
  other action, then fires that hit nothing, and fires that destroy the firer's own laser last.
- **is_noisy**: a fire that destroys a laser.

The order names *which* actions matter; a search that widens progressively by it (the
multi-player MCTS in ``bots/multiplayer.py``) tries them first and rarely needs the rest.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.reflec.calibration import CALIBRATIONS
from abstracta.games.reflec.board import (
    END,
    FIRE,
    LASER_BASE,
    LASER_MOVE,
    MOVE_TABLE,
    NEIGHBOURS,
    STEP,
)

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import ReflecState

FIRE_COST = 3
ACTING_DIRECT = 0.95
"""Chance the acting suit, able to pay a shot, destroys a laser its beam reaches now."""
ACTING_SETUP = 0.75
"""... a laser it can reach after one spin or one laser step (needs 4 points)."""
WAITING_DIRECT = 0.5
"""... a laser the beam of a suit that is not acting reaches now (the victim may move first)."""
SHARPNESS = 1.5
"""``tanh`` slope on the expected-laser margin."""
DIE_WEIGHT = 0.02
"""Value of one saved die point, per suit, on the margin scale."""


def trace(board: tuple, origin: int, direction: int) -> tuple[int, list[int]]:
    """Walk a beam from ``origin`` (a laser square) heading ``direction`` over ``board``.

    Returns ``(target, path)``: the square of the laser it destroys (possibly ``origin``
    itself), or -1 when it leaves the board or closes a loop; ``path`` lists the squares
    entered, in order. Nothing changes on the board (rules §7.1).
    """
    position = origin
    heading = direction
    path: list[int] = []
    hit: set[int] = set()
    step = STEP
    while True:
        position = step[heading][position]
        if position < 0:
            return -1, path
        path.append(position)
        cell = board[position]
        if not cell:
            continue
        if cell >= LASER_BASE:
            return position, path
        if position in hit:
            return -1, path
        hit.add(position)
        heading = (cell - 1) & 3


def _target(board: tuple, origin: int, direction: int) -> int:
    """The laser square a beam destroys, or -1: :func:`trace` without keeping the path."""
    position = origin
    heading = direction
    hit = 0
    step = STEP
    while True:
        position = step[heading][position]
        if position < 0:
            return -1
        cell = board[position]
        if not cell:
            continue
        if cell >= LASER_BASE:
            return position
        bit = 1 << position
        if hit & bit:
            return -1
        hit |= bit
        heading = (cell - 1) & 3


def shot_targets(board: tuple, origin: int) -> list[int]:
    """The laser square each of the four fires from ``origin`` destroys (-1: none), by direction n, e, s, w."""
    return [_target(board, origin, d) for d in range(4)]


def setup_targets(state: "ReflecState", suit: int) -> set[int]:
    """Laser squares ``suit`` could destroy after one spin of a coin in its beams, or one laser step.

    Only coins the suit's player may handle and that are not locked are spun. The set may
    include the suit's own laser (a setup that would be a self-kill); callers filter.
    """
    board = state.board
    origin = state.lasers[suit]
    game = state.game
    handle = game.context(game.owner[suit], state.neutral)[0]
    locked = state.locked
    found: set[int] = set()
    for direction in range(4):
        target, path = trace(board, origin, direction)
        for square in path:
            cell = board[square]
            if not cell or cell >= LASER_BASE or not handle[cell] or square in locked:
                continue
            facing = (cell - 1) & 3
            for new_facing in range(4):
                if new_facing == facing:
                    continue
                spun = board[:square] + (cell - facing + new_facing,) + board[square + 1 :]
                hit = _target(spun, origin, direction)
                if hit >= 0:
                    found.add(hit)
    cells = list(board)
    for to in NEIGHBOURS[origin]:
        if board[to]:
            continue
        cells[origin], cells[to] = 0, board[origin]
        moved = tuple(cells)
        for direction in range(4):
            hit = _target(moved, to, direction)
            if hit >= 0 and hit != to:
                found.add(hit)
        cells[origin], cells[to] = board[origin], 0
    return found


class ReflecKnowledge(Knowledge):
    """Expected lasers for evaluation, beam-touching actions for ordering (see the module docstring)."""

    calibrations = CALIBRATIONS
    """Win chances fitted on bot games (``calibration.py``, written by benchmarks/calibration/fit.py)."""

    multiplayer_search = True
    """Ask ``level_bot`` for the multi-player search at every player count, two included."""

    def key(self, state: "ReflecState") -> Hashable:
        return (state.board, state.dice, state.off, state.destroyed, state.acting, state.phase, state.tiles,
                state.turns, state.swaps, state.locked, state.touched)  # fmt: skip

    # -- evaluation ----------------------------------------------------------
    def kill_chances(self, state: "ReflecState", setups: bool = True) -> list[float]:
        """Per suit: the chance its laser is destroyed before its owner can act (0 for a destroyed suit).

        ``setups=False`` leaves out the acting suit's one-action setups (the costly part).
        """
        game = state.game
        board = state.board
        lasers = state.lasers
        owner = game.owner
        suits = game.suits
        acting = state.acting
        in_play = state.phase != 0
        danger = [0.0] * suits
        suit_at = {square: suit for suit, square in enumerate(lasers) if square >= 0}
        budget = state.tiles + state.dice[acting] if in_play else 0
        for suit in range(suits):
            origin = lasers[suit]
            if origin < 0:
                continue
            if suit == acting and in_play:
                weight = ACTING_DIRECT if budget >= FIRE_COST else WAITING_DIRECT * 0.5
            else:
                weight = WAITING_DIRECT
            for target in shot_targets(board, origin):
                # Only shots at a rival count: nobody fires at its own lasers on purpose.
                if target >= 0:
                    victim = suit_at[target]
                    if owner[victim] != owner[suit] and weight > danger[victim]:
                        danger[victim] = weight
            if setups and suit == acting and in_play and budget >= FIRE_COST + 1:
                for target in setup_targets(state, suit):
                    victim = suit_at[target]
                    if owner[victim] != owner[suit] and ACTING_SETUP > danger[victim]:
                        danger[victim] = ACTING_SETUP
        return danger

    def expected_lasers(self, state: "ReflecState") -> list[float]:
        """Per player: its live lasers, each less the chance it is shot soon (:meth:`kill_chances`)."""
        game = state.game
        danger = self.kill_chances(state)
        destroyed = state.destroyed
        return [
            sum(1.0 - danger[suit] for suit in suits if not destroyed >> suit & 1) for suits in game.player_suits
        ]

    def evaluate(self, state: "ReflecState") -> Sequence[float]:
        if state.over:
            return state.returns()
        game = state.game
        players = game.players
        expected = self.expected_lasers(state)
        dice = state.dice
        destroyed = state.destroyed
        saved = [
            sum(dice[suit] for suit in suits if not destroyed >> suit & 1) * DIE_WEIGHT for suits in game.player_suits
        ]
        values = []
        for player in range(players):
            if game.is_eliminated(player, destroyed):
                values.append(-1.0)
                continue
            rivals = [expected[q] + saved[q] for q in range(players) if q != player]
            margin = expected[player] + saved[player] - sum(rivals) / len(rivals)
            values.append(math.tanh(SHARPNESS * margin))
        return values

    # -- ordering --------------------------------------------------------------
    def fire_outcomes(self, state: "ReflecState") -> dict[str, tuple[int, bool]]:
        """For each fire move: (rival lasers it destroys, whether it destroys one of the firer's own lasers)."""
        game = state.game
        acting = state.acting
        origin = state.lasers[acting]
        suit_at = {square: suit for suit, square in enumerate(state.lasers) if square >= 0}
        player = game.owner[acting]
        out = {}
        for direction, target in enumerate(shot_targets(state.board, origin)):
            move = "*" + "nesw"[direction]
            if target < 0:
                out[move] = (0, False)
            elif game.owner[suit_at[target]] == player:
                out[move] = (0, True)
            else:
                out[move] = (1, False)
        return out

    def is_noisy(self, state: "ReflecState", move: str) -> bool:
        if not move.startswith("*") or state.phase == 0:
            return False
        kills, own = self.fire_outcomes(state)[move]
        return kills > 0 or own

    def order(self, state: "ReflecState", moves: list[str]) -> list[str]:
        if state.over or state.phase == 0 or len(moves) <= 1:
            return self._order_drops(state, moves) if state.phase == 0 else moves
        game = state.game
        acting = state.acting
        player = game.owner[acting]
        board = state.board
        lasers = state.lasers
        origin = lasers[acting]
        fires = self.fire_outcomes(state)
        # Squares of the beams that matter: the acting suit's four, and rival beams reaching our lasers.
        hot: set[int] = set()
        for direction in range(4):
            hot.update(trace(board, origin, direction)[1])
        own_squares = {lasers[suit] for suit in game.player_suits[player] if lasers[suit] >= 0}
        for suit in range(game.suits):
            if lasers[suit] < 0 or game.owner[suit] == player:
                continue
            for direction in range(4):
                target, path = trace(board, lasers[suit], direction)
                if target in own_squares or any(n in own_squares for n in path):
                    hot.update(path)
        ranked: list[tuple[float, int, str]] = []
        for index, move in enumerate(moves):
            kind, a, b = MOVE_TABLE[move][:3]
            if kind == FIRE:
                kills, own = fires[move]
                rank = 0.0 - kills if kills and not own else (9.0 if own else 6.0)
            elif kind == END:
                rank = 4.0
            elif kind == LASER_MOVE:
                rank = 2.0
            elif a in hot or (b >= 0 and b in hot):
                rank = 2.0
            else:
                rank = 5.0
            ranked.append((rank, index, move))
        ranked.sort()
        # Refine the beam-touching actions: play each, and prefer those that leave a kill ready
        # without exposing the player's own lasers.
        refined: list[tuple[float, int, str]] = []
        for rank, index, move in ranked:
            if rank == 2.0:
                child = state.play(move)
                rank = 2.0 + self._after(child, player, acting)
            refined.append((rank, index, move))
        refined.sort()
        return [move for _, _, move in refined]

    def _after(self, child: "ReflecState", player: int, acting: int) -> float:
        """A rank adjustment in (-1, 1) for the position after a beam-touching action: lower is better."""
        if child.over:
            return -1.5 if child.winner == player else 3.0
        if child.acting != acting:  # the move ended the turn (our own laser was destroyed)
            return 3.0
        danger = self.kill_chances(child, setups=False)
        game = child.game
        owner = game.owner
        mine = sum(danger[s] for s in game.player_suits[player])
        theirs = sum(danger[s] for s in range(game.suits) if owner[s] != player)
        return mine - theirs

    def _order_drops(self, state: "ReflecState", moves: list[str]) -> list[str]:
        """Drop round: drops onto the beams of lasers first (they decide the first shots)."""
        hot: set[int] = set()
        for origin in state.lasers:
            if origin >= 0:
                for direction in range(4):
                    hot.update(trace(state.board, origin, direction)[1])
        first = [m for m in moves if MOVE_TABLE[m][1] in hot]
        rest = [m for m in moves if MOVE_TABLE[m][1] not in hot]
        return first + rest


__all__ = ["ReflecKnowledge", "setup_targets", "shot_targets", "trace"]
