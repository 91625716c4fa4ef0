"""What Laser Chess tells the generic search about itself (``core/knowledge.py``).

Everything here works on the engine's 80-int board and its tables (``board.py``),
never on notation strings, because the search calls it at every node.

The central fact used throughout: **a move changes its own shot only if it
changes a square the beam enters now** (or turns the Laser). The mover's
current beam path is traced once; only moves whose source or target lies on it
are replayed on a scratch board. Every other move fires the unchanged beam, so
it removes whatever the beam removes now. That makes "which moves kill the
King, which capture what" exact and cheap, for the side to move (ordering,
quiescence) and for the rival (the King's exposure in the evaluation).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable, Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.laser_chess.calibration import CALIBRATIONS
from abstracta.games.laser_chess.board import (
    COLOUR,
    DEFENDER,
    DEFLECTOR,
    KIND,
    KING,
    LASER,
    LASER_SQUARE,
    MINUS,
    PLUS,
    RAYS,
    REACTION,
    ROTATED,
    STOP_REMOVED,
    SWITCH,
)
from abstracta.games.laser_chess.rules import _IS_LASER, _IS_SWITCH, _OWNED, ROTATION_MOVES, SWAP_INTO, TARGETS

if TYPE_CHECKING:
    from abstracta.core.knowledge import CompiledSearcher
    from abstracta.games.laser_chess.rules import LaserChessState

KING_VALUE = 100.0
"""Worth of a King in the capture tables: far above any material, so a King shot always comes first."""

PIECE_VALUE = [0.0] * 41
"""``PIECE_VALUE[code]``: material worth of a piece the beam can remove (Switches and Lasers never are)."""
for _code in range(1, 41):
    _kind = KIND[_code]
    if _kind == DEFLECTOR:
        PIECE_VALUE[_code] = 1.0  # mirrors both aim the own beam and bend the rival's: the working pieces
    elif _kind == DEFENDER:
        PIECE_VALUE[_code] = 0.8
    elif _kind == KING:
        PIECE_VALUE[_code] = KING_VALUE

# Weights of the evaluation, in "pieces"; the sum is squashed into (-1, 1) by tanh(SCALE * sum).
SCALE = 0.25
KING_THREAT = 1.5  # the rival could remove our King with one move: we must spend our move parrying it
EXTRA_KING_THREAT = 1.0  # a second, different King shot of the rival: one move rarely parries both
RIVAL_CAPTURE = 0.5  # share of the rival's best capture that we expect to lose (we may still parry it)
OWN_CAPTURE = 0.15  # share of our own best capture (the search looks at it anyway; a small nudge)
MOBILITY = 0.01  # per legal move more than the rival
KING_LINES = 0.15  # per open line from a mirror (or Laser) into the King

VALUE_CACHE_SIZE = 200_000

COMPILED_LEVEL_BUDGETS: dict[str, dict[str, float]] = {"hard": {"max_nodes": 800_000}}
"""``level_budgets`` where the search runs on the compiled core (``compiled/search.c``): ``hard``
visits 800,000 positions instead of 12,000, which completes 5 plies from every setup (at most
423,000 nodes) in well under its 2 s cap (benchmarks/lc_search.py has the figures)."""

def _path_marks(board: Sequence[int], colour: int) -> tuple[bytearray, int]:
    """The squares ``colour``'s beam enters now (marked 1, its Laser square too) and the piece it removes (0: none)."""
    marks = bytearray(80)
    square = LASER_SQUARE[colour]
    marks[square] = 1
    d = (board[square] - 1) & 3
    while True:
        for square in RAYS[square * 4 + d]:
            marks[square] = 1
            code = board[square]
            if code:
                break
        else:
            return marks, 0
        reaction = REACTION[code * 4 + d]
        if reaction >= 0:
            d = reaction
            continue
        return marks, (code if reaction == STOP_REMOVED else 0)


def _removed_by_shot(board: list[int], colour: int) -> int:
    """The code of the piece ``colour``'s beam would remove from ``board`` (0: none)."""
    square = LASER_SQUARE[colour]
    d = (board[square] - 1) & 3
    while True:
        for square in RAYS[square * 4 + d]:
            code = board[square]
            if code:
                break
        else:
            return 0
        reaction = REACTION[code * 4 + d]
        if reaction >= 0:
            d = reaction
            continue
        return code if reaction == STOP_REMOVED else 0


class ShotTable:
    """What each legal action of ``colour`` would remove with its shot, on one board.

    ``changed`` maps each action that alters the beam to the code it removes
    (0: nothing); every other action removes ``static`` (the unchanged beam's
    victim, 0 when none). ``count`` is the number of legal actions (the
    ``draw`` claim aside). One pass over the board, like ``legal_moves``, but
    only the beam-changing actions are named and replayed.
    """

    __slots__ = ("colour", "count", "changed", "static")

    def __init__(self, board: Sequence[int], colour: int) -> None:
        self.colour = colour
        marks, self.static = _path_marks(board, colour)
        owned = _OWNED[colour]
        targets = TARGETS[colour]
        is_laser, is_switch, rotation_moves = _IS_LASER, _IS_SWITCH, ROTATION_MOVES
        changing: list[tuple[str, int, int, int]] = []
        add = changing.append
        count = 0
        for square, code in enumerate(board):
            if not owned[code]:
                continue
            rotations = rotation_moves[code][square]
            count += len(rotations)
            on_path = marks[square]
            if on_path:
                for move in rotations:
                    add((move, square, square, PLUS if move[-1] == "+" else MINUS))
            if is_laser[code]:
                continue
            if is_switch[code]:
                swap_ok = SWAP_INTO[square]
                for target, move in targets[square]:
                    other = board[target]
                    if not other or swap_ok[other]:
                        count += 1
                        if on_path or marks[target]:
                            add((move, square, target, 0))
            elif on_path:
                for target, move in targets[square]:
                    if not board[target]:
                        count += 1
                        add((move, square, target, 0))
            else:
                for target, move in targets[square]:
                    if not board[target]:
                        count += 1
                        if marks[target]:
                            add((move, square, target, 0))
        self.count = count
        changed: dict[str, int] = {}
        scratch = list(board)
        for move, source, target, rotation in changing:
            # Play the action on the scratch board, fire, then put both squares back.
            piece, other = scratch[source], scratch[target]
            if rotation:
                scratch[source] = ROTATED[piece][rotation]
            else:
                scratch[source], scratch[target] = other, piece
            changed[move] = _removed_by_shot(scratch, colour)
            scratch[source], scratch[target] = piece, other
        self.changed = changed

    def gain(self, code: int) -> float:
        """Worth for ``colour`` of removing ``code``: positive for a rival piece, negative for its own."""
        if not code:
            return 0.0
        value = PIECE_VALUE[code]
        return value if COLOUR[code] != self.colour else -value

    def gain_of(self, move: str) -> float:
        """Worth for ``colour`` of what ``move``'s shot removes (a ``draw`` claim fires no shot)."""
        if move == "draw":
            return 0.0
        return self.gain(self.changed.get(move, self.static))

    def king_kills(self, moves: list[str]) -> list[str]:
        """Those of ``moves`` (the legal ones) whose shot removes the rival's King."""
        return [move for move in moves if self.gain_of(move) >= KING_VALUE]

    def best_gain(self) -> float:
        """The best worth any legal action's shot brings (0 when every shot is harmless or hurts)."""
        best = self.gain(self.static) if len(self.changed) < self.count else 0.0
        for code in self.changed.values():
            gain = self.gain(code)
            if gain > best:
                best = gain
        return max(best, 0.0)

    def kill_count(self) -> int:
        """How many different moves remove the rival's King (capped: every move, if the beam already hits it)."""
        if self.gain(self.static) >= KING_VALUE:
            return self.count
        return sum(1 for code in self.changed.values() if self.gain(code) >= KING_VALUE)


def _king_lines(board: Sequence[int], king_square: int) -> int:
    """How many of the King's four lines end at a mirror or Laser that could turn a beam onto it.

    A beam reaches the King only along one of its four orthogonal lines, after the
    first piece there sent it in: a Switch always can, a Deflector when one of its
    mirror faces looks at the King, a Laser when it could face that way.
    """
    count = 0
    for d in range(4):
        for square in RAYS[king_square * 4 + d]:
            code = board[square]
            if code:
                kind = KIND[code]
                # The beam would leave ``square`` travelling back along direction (d + 2) % 4.
                back = (d + 2) % 4
                if kind == DEFLECTOR or kind == SWITCH:
                    # Some arrival direction a is reflected into `back` iff REACTION[code*4+a] == back.
                    if any(REACTION[code * 4 + a] == back for a in range(4)):
                        count += 1
                elif kind == LASER:  # it fires along one of its two allowed directions
                    count += 1
                break
    return count


class LaserChessKnowledge(Knowledge):
    """Material, the King's exposure to both lasers, and mobility; shots first in the move order."""

    calibrations = CALIBRATIONS
    """Win chances fitted on bot games (``calibration.py``, written by benchmarks/calibration/fit.py)."""

    def __init__(self) -> None:
        # The search asks order() and noisy_moves() of the same state in a row: keep the last table,
        # as one (state, table) pair so that bots sharing the game's knowledge never mix two.
        self._last: tuple[object, ShotTable | None] = (None, None)
        self._values: dict[int, float] = {}  # Zobrist key -> value_for_mover: positions recur across the search
        from abstracta.games.laser_chess import compiled

        if compiled.available():  # the same search, 50 times faster: hard may look much further
            self.level_budgets = COMPILED_LEVEL_BUDGETS

    def shots(self, state: "LaserChessState") -> ShotTable:
        """The :class:`ShotTable` of the side to move (cached for the last state asked)."""
        last_state, last_table = self._last
        if state is last_state and last_table is not None:
            return last_table
        table = ShotTable(state.board, state.turn)
        self._last = (state, table)
        return table

    # -- the Knowledge interface ------------------------------------------------------
    def key(self, state: "LaserChessState") -> Hashable:
        return state._key  # the engine's Zobrist key of board and side to move

    def compiled_searcher(self) -> "CompiledSearcher | None":
        """The alpha-beta search on the compiled core (``compiled/search.c``), when the core is available.

        Only for this class itself: the C search evaluates and orders moves exactly as this class
        does, so a subclass that changes either keeps the Python search.
        """
        if type(self) is not LaserChessKnowledge:
            return None
        from abstracta.games.laser_chess import compiled

        if not compiled.available():
            return None
        from abstracta.games.laser_chess.compiled.search import CompiledSearcher

        return CompiledSearcher()

    def earlier_keys(self, state: "LaserChessState") -> frozenset[int]:
        """The keys of the positions since the last removal, this one excluded (§6.2 item 6: earlier
        ones lack a piece, so they can never recur)."""
        keys = []
        node = state._history[2]
        for _ in range(state._quiet):
            keys.append(node[0])
            node = node[2]
        return frozenset(keys)

    def evaluate(self, state: "LaserChessState") -> list[float]:
        if state.over:
            return list(state.returns())
        value = self.value_for_mover(state)
        return [value, -value] if state.turn == 0 else [-value, value]

    def value_for_mover(self, state: "LaserChessState") -> float:
        """The position's worth in ``(-1, 1)`` for the side to move."""
        values = self._values
        value = values.get(state._key)
        if value is None:
            if len(values) >= VALUE_CACHE_SIZE:
                values.clear()
            value = values[state._key] = self._value(state)
        return value

    def _value(self, state: "LaserChessState") -> float:
        board = state.board
        mover = state.turn
        rival = mover ^ 1
        material = 0.0
        kings = [-1, -1]
        for square, code in enumerate(board):
            if code:
                worth = PIECE_VALUE[code]
                if worth >= KING_VALUE:
                    kings[COLOUR[code]] = square
                elif COLOUR[code] == mover:
                    material += worth
                else:
                    material -= worth
        own = self.shots(state)
        theirs = ShotTable(board, rival)
        score = material
        kills = theirs.kill_count()
        if kills:
            score -= KING_THREAT + (EXTRA_KING_THREAT if kills > 1 else 0.0)
        score -= RIVAL_CAPTURE * min(theirs.best_gain(), 2.0)
        score += OWN_CAPTURE * min(own.best_gain(), 2.0)
        score += MOBILITY * (own.count - theirs.count)
        if kings[mover] >= 0 and kings[rival] >= 0:
            score += KING_LINES * (_king_lines(board, kings[rival]) - _king_lines(board, kings[mover]))
        return math.tanh(SCALE * score)

    def order(self, state: "LaserChessState", moves: list[str]) -> list[str]:
        """King shots, then captures by worth, then quiet moves, then moves whose shot hurts the mover."""
        table = self.shots(state)
        gain_of = table.gain_of
        return sorted(moves, key=lambda move: -gain_of(move))

    def is_noisy(self, state: "LaserChessState", move: str) -> bool:
        """A move whose shot removes a rival piece (the King included)."""
        return self.shots(state).gain_of(move) > 0

    def noisy_moves(self, state: "LaserChessState") -> list[str]:
        """The captures, best first; when the unchanged beam already removes a rival piece, only one
        of the many moves that leave it alone stands for them all (they differ only quietly)."""
        table = self.shots(state)
        captures = [(gain, move) for move, code in table.changed.items() if (gain := table.gain(code)) > 0]
        static_gain = table.gain(table.static)
        if static_gain > 0:
            for move in state.moves():
                if move not in table.changed and move != "draw":
                    captures.append((static_gain, move))
                    break
        captures.sort(key=lambda item: -item[0])
        return [move for _, move in captures]


__all__ = ["KING_VALUE", "LaserChessKnowledge", "PIECE_VALUE", "ShotTable"]
