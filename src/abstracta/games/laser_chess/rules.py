"""Laser Chess: options, setups, the turn, moves, the shot, the end (rules §3-§8).

Read alongside ``docs/rules/laser-chess.md``; sections are cited as §n.

A turn is one action (step, Switch swap, rotation or Laser turn) followed by the
mover's automatic shot, or the ``draw`` claim. The hot path is ``moves()`` and
``play()``: both work on the 80-int board tuple of ``board.py`` with precomputed
tables, build no objects per move beyond the strings themselves, and the beam's
full path is recomputed only when ``last_effects()`` asks for it.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove
from abstracta.core.options import choice_option, int_option
from abstracta.games.laser_chess import notation
from abstracta.games.laser_chess.board import (
    BLUE,
    CODES,
    COLOUR,
    DEFENDER,
    DEFLECTOR,
    KIND,
    KING,
    LASER,
    LASER_SQUARE,
    MINUS,
    NEIGHBOURS,
    OPEN,
    PLUS,
    RAYS,
    REACTION,
    RED,
    ROTATED,
    SEATS,
    SQUARE_NAMES,
    SQUARES,
    STOP_REMOVED,
    SWITCH,
    ZOBRIST,
    ZOBRIST_RED_TO_MOVE,
    zobrist,
)

if TYPE_CHECKING:
    from abstracta.games.laser_chess.evaluation import LaserChessKnowledge
    from abstracta.games.laser_chess.puzzle_goal import KingInTwo
    from abstracta.games.laser_chess.rl import LaserChessRL
    from abstracta.games.laser_chess.terminal import LaserChessPicture

# -- setups (§4) ----------------------------------------------------------------------
SETUPS = {
    "ace": "ls3bskbsdse2/2dsw7/3Dnw6/dne1Dsw1snwsne1dse1Dnw/dse1Dnw1SneSnw1dne1Dsw/6dse3/7Dne2/2DnwBnKBn3Ln b",
    "curiosity": "ls3bskbssne2/10/3Dnw2dne3/dneDsw2Dsesne2dseDnw/dseDnw2Snednw2dneDsw/3Dsw2dse3/10/2SneBnKBn3Ln b",
    "grail": "ls3dswbsdse3/5k4/dne3dswbssne3/dse1snw1Dnw1Dse3/3dnw1dse1Snw1Dnw/3SneBnDne3Dsw/4K5/3DnwBnDne3Ln b",
    "mercury": "le3dswkdse2Sne/5bsdse3/dse2sne1bs4/dne3Dnw3Dsw1/1dne3dse3Dsw/4Bn1Sne2Dnw/3DnwBn5/sne2DnwKDne3Lw b",
    "sophie": "ls3kDnwdse3/3bs1be3Dsw/dne3dswdse1Sne1Dnw/7snw2/2Snw7/dse1sne1DnwDne3Dsw/dne3Bw1Bn3/3DnwdseK3Ln b",
}
SETUP_NAMES = tuple(sorted(SETUPS))

# -- moves (§6) -----------------------------------------------------------------------
DRAW = "draw"

MOVE_INFO: dict[str, tuple[int, int, int]] = {}
"""Every move string that can ever be legal -> ``(from square, to square, rotation)``.

``rotation`` is 0 for a step or a swap (both exchange the contents of the two squares;
a step's destination is empty), else PLUS or MINUS with ``to == from``.
"""
ROTATION_MOVES: list[list[tuple[str, ...]]] = [[()] * SQUARES for _ in range(CODES)]
"""``ROTATION_MOVES[code][square]``: the rotation strings of that piece there, sorted ("x+" < "x-")."""
for _code in range(1, CODES):
    for _square in range(SQUARES):
        _name = SQUARE_NAMES[_square]
        _moves = tuple(_name + sign for sign, index in (("+", PLUS), ("-", MINUS)) if ROTATED[_code][index])
        ROTATION_MOVES[_code][_square] = _moves
        for _move in _moves:
            MOVE_INFO[_move] = (_square, _square, PLUS if _move[-1] == "+" else MINUS)

TARGETS = tuple(
    tuple(tuple((t, SQUARE_NAMES[sq] + "-" + SQUARE_NAMES[t]) for t in NEIGHBOURS[sq] if OPEN[colour][t]) for sq in range(SQUARES))
    for colour in (BLUE, RED)
)
"""``TARGETS[colour][square]``: ``(neighbour, "x-y")`` for each neighbour open to that colour, in name order."""
for _colour_targets in TARGETS:
    for _square, _targets in enumerate(_colour_targets):
        for _target, _move in _targets:
            MOVE_INFO[_move] = (_square, _target, 0)

SWAP_INTO = tuple(
    tuple(KIND[code] in (DEFLECTOR, DEFENDER) and OPEN[COLOUR[code]][sq] for code in range(CODES)) for sq in range(SQUARES)
)
"""``SWAP_INTO[x][code]``: may a Switch on ``x`` swap with that piece, which then lands on ``x`` (§6.2 item 2)."""

_IS_SWITCH = tuple(KIND[code] == SWITCH for code in range(CODES))
_IS_LASER = tuple(KIND[code] == LASER for code in range(CODES))
_OWNED = tuple(tuple(COLOUR[code] == colour for code in range(CODES)) for colour in (BLUE, RED))


def legal_moves(board: tuple[int, ...], colour: int) -> list[str]:
    """The actions of ``colour`` (§6.2 items 1-5), sorted as Python sorts ``str`` (``draw`` aside).

    >>> from abstracta.games.laser_chess.notation import parse_board
    >>> legal_moves(parse_board("ls4k4/10/10/10/10/10/10/4K4Ln"), BLUE)
    ['e1-d1', 'e1-d2', 'e1-e2', 'e1-f1', 'e1-f2', 'j1-']
    """
    out: list[str] = []
    extend, append = out.extend, out.append
    owned = _OWNED[colour]
    targets = TARGETS[colour]
    for square in range(SQUARES):
        code = board[square]
        if not owned[code]:
            continue
        extend(ROTATION_MOVES[code][square])
        if _IS_LASER[code]:
            continue
        if _IS_SWITCH[code]:
            swap_ok = SWAP_INTO[square]
            for target, move in targets[square]:
                other = board[target]
                if not other or swap_ok[other]:
                    append(move)
        else:
            for target, move in targets[square]:
                if not board[target]:
                    append(move)
    return out


# -- the game ---------------------------------------------------------------------------
class LaserChess(Game):
    slug = "laser-chess"
    title = "Laser Chess"
    example_options = ({"setup": "curiosity"}, {"setup": "grail"}, {"setup": "mercury", "max_plies": 30}, {"setup": "sophie"})
    short_options = {"max_plies": 80}
    description = ("Step, swap and turn mirrors, then your laser fires across the board on its own.\n"
                   "Hit the enemy King with a beam to win; unshielded pieces in the way are lost.")
    board_module = "web/board.js"
    rules_text = "rules.md"
    notation_is_complete = False  # the repetition history and a draw claim live in to_json only
    option_specs = (
        choice_option("setup", "ace", SETUP_NAMES, help="start position: " + ", ".join(SETUP_NAMES)),
        int_option("max_plies", None, 1, allow_none=True, help="draw once this many plies were played"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.max_plies: int | None = self.options["max_plies"]
        # -1 stands for "no limit" so the end check in play() is one int comparison.
        self._ply_limit = -1 if self.max_plies is None else self.max_plies

    def start(self, seed: int | None = None) -> "LaserChessState":
        """The chosen setup (§4) with Blue to move; there is no randomness, so ``seed`` is ignored."""
        board, turn, _ = notation.parse_position(self, SETUPS[self.options["setup"]])
        return new_state(self, board, turn, 0)

    def parse(self, text: str) -> "LaserChessState":
        board, turn, plies = notation.parse_position(self, text)
        return new_state(self, board, turn, plies)

    def from_json(self, data: Any) -> "LaserChessState":
        return notation.state_from_json(self, data)

    def make_knowledge(self) -> "LaserChessKnowledge":
        """Shots, material, King exposure and mobility for the generic search (``evaluation.py``)."""
        from abstracta.games.laser_chess.evaluation import LaserChessKnowledge

        return LaserChessKnowledge()

    def terminal_picture(self) -> "LaserChessPicture":
        """The 10x8 board with facings, tints and the last beam, and its side panel (``terminal.py``)."""
        from abstracta.games.laser_chess.terminal import PICTURE

        return PICTURE

    def move_warning(self, state: "LaserChessState", move: str) -> str | None:
        """A move whose own shot hits the mover's King (it loses at once) is confirmed first."""
        if move not in state.moves():
            return None
        mover = state.player
        for effect in state.play(move).last_effects():
            piece = effect.get("piece") or {}
            if effect["kind"] == "remove" and piece.get("kind") == "king" and piece.get("owner") == mover:
                return f"{move}: your own Laser's beam hits your King on {effect['cell']}, and you lose at once."
        return None

    def compiled_perft(self, state: "LaserChessState", depth: int) -> int | None:
        """Perft on the compiled core (``compiled/``), or None when it is not available."""
        from abstracta.games.laser_chess import compiled

        return compiled.perft(state, depth) if compiled.available() else None

    def puzzle_goal(self) -> "KingInTwo":
        """Hit the King in 2 (``puzzle_goal.py``)."""
        from abstracta.games.laser_chess.puzzle_goal import GOAL

        return GOAL

    def rl_adapter(self) -> "LaserChessRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.laser_chess.rl import LaserChessRL

        return LaserChessRL(self)


class LaserChessState(State):
    """One position plus its repetition history. ``board`` is a tuple of 80 piece codes."""

    __slots__ = (
        "game",
        "board",
        "turn",
        "plies",
        "player",
        "seat",
        "over",
        "winner",
        "draw_claimed",
        "_key",
        "_history",
        "_quiet",
        "_moves",
        "_shot",
    )

    # board, turn (0 Blue, 1 Red: the side to move, flipped also by the last ply), plies: §9.
    # winner: BLUE or RED once a King was removed, else None.
    # _key: Zobrist key of (board, turn); _history: (key, board, parent node) of this position and every
    #   earlier one (§6.2 item 6); _quiet: plies since the last removal (no earlier position can recur).
    # _moves: moves() once computed; _shot: None, or (mover, removed square or -1, removed code) of the
    #   last ply, enough to redraw its beam in last_effects().

    # -- the standard set -------------------------------------------------
    def moves(self) -> list[str]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._legal()
        return list(moves)

    def play(self, move: str) -> "LaserChessState":
        moves = self._moves
        if moves is None:
            moves = self._moves = self._legal()
        if move not in moves:
            raise IllegalMove(notation.why_illegal(self, move))
        if move == DRAW:
            return _claimed_draw(self)
        source, target, rotation = MOVE_INFO[move]
        board = list(self.board)
        piece = board[source]
        key = self._key ^ ZOBRIST_RED_TO_MOVE
        if rotation:
            turned = ROTATED[piece][rotation]
            board[source] = turned
            key ^= ZOBRIST[source * CODES + piece] ^ ZOBRIST[source * CODES + turned]
        else:  # step or swap: the two squares exchange contents (a step's target is empty)
            other = board[target]
            board[source] = other
            board[target] = piece
            key ^= (
                ZOBRIST[source * CODES + piece] ^ ZOBRIST[source * CODES + other]
                ^ ZOBRIST[target * CODES + other] ^ ZOBRIST[target * CODES + piece]
            )  # fmt: skip

        # The shot (§7), inlined: follow rays to the next piece, then one table lookup decides.
        mover = self.turn
        square = LASER_SQUARE[mover]
        d = (board[square] - 1) & 3  # a Laser's facing is its direction (n e s w = 0..3)
        removed_square = -1
        removed = 0
        while True:
            for square in RAYS[square * 4 + d]:
                code = board[square]
                if code:
                    break
            else:
                break  # off the edge
            reaction = REACTION[code * 4 + d]
            if reaction >= 0:
                d = reaction
                continue
            if reaction == STOP_REMOVED:
                removed_square, removed = square, code
                board[square] = 0
                key ^= ZOBRIST[square * CODES + code]
            break

        game = self.game
        state = object.__new__(LaserChessState)
        state.game = game
        state.board = board = tuple(board)
        turn = state.turn = mover ^ 1
        plies = state.plies = self.plies + 1
        state.draw_claimed = False
        state._key = key
        state._history = (key, board, self._history)
        state._moves = None
        state._shot = (mover, removed_square, removed)
        if removed:
            state._quiet = 0
            if KIND[removed] == KING:
                state.winner = COLOUR[removed] ^ 1
                state.over = True
                state.player = state.seat = None
                return state
        else:
            state._quiet = self._quiet + 1
        state.winner = None
        if plies == game._ply_limit:
            state.over = True
            state.player = state.seat = None
        else:
            state.over = False
            state.player = turn
            state.seat = SEATS[turn]
        return state

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == BLUE else [-1.0, 1.0]

    def termination(self) -> str | None:
        if self.over and self.winner is None:
            return "repetition" if self.draw_claimed else "turn limit"  # a claim, else the max_plies limit
        return super().termination()

    def scores(self) -> list[int]:
        counts = [0, 0]
        for code in self.board:
            if code:
                counts[COLOUR[code]] += 1
        return counts

    def last_effects(self) -> list[dict[str, Any]]:
        return notation.effects_to_json(self)

    def notation(self) -> str:
        return notation.format_position(self)

    def structure(self) -> dict[str, Any]:
        return notation.structure(self)

    def to_json(self) -> dict[str, Any]:
        return notation.state_to_json(self)

    def describe(self, move: str, viewer: int | None = None) -> str:
        from abstracta.games.laser_chess.describe import describe

        return describe(self, move, viewer)

    # -- helpers ------------------------------------------------------------
    def _legal(self) -> list[str]:
        if self.over:
            return []
        moves = legal_moves(self.board, self.turn)
        if self._quiet >= 4 and self.repetitions() >= 3:
            insort(moves, DRAW)
        return moves

    def repetitions(self) -> int:
        """How often this position (board and side to move) occurs in the history, this occurrence included."""
        key, board = self._key, self.board
        count = 1
        node = self._history[2]
        # Only positions with the same side to move (every second entry) and no removal since can match.
        for _ in range(self._quiet // 2):
            node = node[2]
            if node[0] == key and node[1] == board:
                count += 1
            node = node[2]
        return count

    def history(self) -> list[tuple[tuple[int, ...], int]]:
        """``[(board, side to move), ...]`` from the starting position to this one."""
        entries = []
        node = self._history
        turn = self.turn
        while node is not None:
            entries.append((node[1], turn))
            turn ^= 1
            node = node[2]
        entries.reverse()
        return entries


def new_state(
    game: LaserChess,
    board: tuple[int, ...],
    turn: int,
    plies: int,
    parents: list[tuple[tuple[int, ...], int]] = (),
) -> LaserChessState:
    """A state from a parsed position, with ``parents`` (oldest first) before it in the history.

    The game is over when a King is missing (its owner lost, §9.2) or the ply limit is reached.
    """
    state = object.__new__(LaserChessState)
    state.game = game
    state.board = board
    state.turn = turn
    state.plies = plies
    state.draw_claimed = False
    state._moves = None
    state._shot = None
    node = None
    for parent_board, parent_turn in parents:
        node = (zobrist(parent_board, parent_turn), parent_board, node)
    state._key = zobrist(board, turn)
    state._history = (state._key, board, node)
    state._quiet = len(parents)
    kings = [COLOUR[code] for code in board if KIND[code] == KING]
    state.winner = kings[0] if len(kings) == 1 else None
    state.over = state.winner is not None or plies == game._ply_limit
    state.player = None if state.over else turn
    state.seat = None if state.over else SEATS[turn]
    return state


def _claimed_draw(state: LaserChessState) -> LaserChessState:
    """§5 step 2: the same position, over as a draw; no shot, nothing else changes."""
    claimed = object.__new__(LaserChessState)
    for slot in LaserChessState.__slots__:
        setattr(claimed, slot, getattr(state, slot))
    claimed.draw_claimed = True
    claimed.over = True
    claimed.player = claimed.seat = None
    claimed._moves = None
    claimed._shot = None
    return claimed


__all__ = ["DRAW", "LaserChess", "LaserChessState", "SETUPS", "legal_moves", "new_state"]
