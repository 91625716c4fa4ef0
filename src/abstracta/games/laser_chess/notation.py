"""Position notation (§9), the checks ``parse`` makes (P1-P5), the structured position,
``last_effects`` (§10), JSON (§9.3).

A position is two or three space-separated fields::

    ls3bskbsdse2/2dsw7/.../2DnwBnKBn3Ln b      board (ranks 8..1), side to move
    ls4k4/10/10/10/10/10/10/4K4Ln b 9          ... and the ply count when max_plies is set

Each rank is a run of items: a count of empty squares from 1 to 10, or a piece letter
followed by as many facing letters as its kind takes (King none, Laser and Defender one,
Deflector and Switch two). Runs of 10 are written ``10``: the core helper
``core.board.decode_row`` reads single-letter pieces and single-digit runs only, so this
module reads ranks itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.board import CANONICAL_NUMBER
from abstracta.core.errors import NotationError
from abstracta.core.structure import turn_of
from abstracta.games.laser_chess.board import (
    CODE_OF_PIECE,
    CODE_OF_TOKEN,
    COLOUR,
    COLOUR_NAMES,
    DEFENDER,
    DEFLECTOR,
    DIAG,
    DIR4,
    FACING,
    FILES,
    KIND,
    KIND_NAMES,
    KING,
    LASER,
    LASER_FACINGS,
    LASER_SQUARE,
    OPEN,
    PIECE,
    RANKS,
    SEATS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    STOP_NAMES,
    STOP_REMOVED,
    SWITCH,
    SWITCH_FACINGS,
    TOKEN,
    fire,
    square_of,
)

if TYPE_CHECKING:
    from abstracta.games.laser_chess.rules import LaserChess, LaserChessState

SIDE_LETTERS = ("b", "r")
BOX = {LASER: 1, KING: 1, SWITCH: 2, DEFLECTOR: 7, DEFENDER: 2}  # pieces of each kind in one colour's box (§2.3)
_FACING_LETTERS = {"L": 1, "K": 0, "S": 2, "D": 2, "B": 1}
_FACING_CHOICES = {"L": DIR4, "K": ("",), "S": SWITCH_FACINGS, "D": DIAG, "B": DIR4}
_DIGITS = "0123456789"
_PIECE_LETTERS = "LKSDBlksdb"


# -- writing -----------------------------------------------------------------------------
def format_board(board: tuple[int, ...]) -> str:
    rows = []
    for rank in reversed(range(RANKS)):
        row = []
        run = 0
        for file in range(FILES):
            code = board[square_of(file, rank)]
            if code:
                if run:
                    row.append(str(run))
                    run = 0
                row.append(TOKEN[code])
            else:
                run += 1
        if run:
            row.append(str(run))
        rows.append("".join(row))
    return "/".join(rows)


def position_key(board: tuple[int, ...], turn: int) -> str:
    """The repetition key of a position (§6.2 item 6): board and side fields."""
    return f"{format_board(board)} {SIDE_LETTERS[turn]}"


def format_position(state: "LaserChessState") -> str:
    key = position_key(state.board, state.turn)
    return key if state.game.max_plies is None else f"{key} {state.plies}"


# -- reading -----------------------------------------------------------------------------
def _read_rank(text: str, rank: int) -> list[int]:
    """One rank's 10 piece codes (0 empty), or ``NotationError`` naming the rank and the fault."""
    where = f"P1: rank {rank + 1} {text!r}"
    codes: list[int] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char in _DIGITS:
            j = i
            while j < len(text) and text[j] in _DIGITS:
                j += 1
            run = text[i:j]
            if not CANONICAL_NUMBER.fullmatch(run) or not 1 <= int(run) <= FILES:
                raise NotationError(f"{where}: {run!r} is not a run of 1 to 10 empty squares (one number per run)")
            codes.extend([0] * int(run))
            i = j
            continue
        letter = char.upper()
        if char not in _PIECE_LETTERS:  # not ``letter``: "ſ".upper() is "S"
            raise NotationError(f"{where}: unknown piece letter {char!r} (expected L K S D B, l k s d b or a count)")
        width = _FACING_LETTERS[letter]
        facing = text[i + 1 : i + 1 + width]
        if facing not in _FACING_CHOICES[letter]:
            kind = KIND_NAMES["LKSDB".index(letter)]
            choices = " ".join(_FACING_CHOICES[letter])
            raise NotationError(f"{where}: {kind} {char!r} needs a facing from {choices}, got {facing!r}")
        codes.append(CODE_OF_TOKEN[char + facing])
        i += 1 + width
    if len(codes) != FILES:
        raise NotationError(f"{where} covers {len(codes)} squares, expected {FILES}")
    return codes


def parse_board(text: str) -> tuple[int, ...]:
    """The board field alone (P1), as a file-major tuple of 80 codes."""
    ranks = text.split("/")
    if len(ranks) != RANKS:
        raise NotationError(f"P1: board {text!r} has {len(ranks)} ranks, expected {RANKS} separated by '/'")
    board = [0] * SQUARES
    for row, rank_text in enumerate(ranks):
        rank = RANKS - 1 - row
        for file, code in enumerate(_read_rank(rank_text, rank)):
            board[square_of(file, rank)] = code
    return tuple(board)


def check_board(board: tuple[int, ...]) -> None:
    """The checks P2-P4 of §9.2 on a board; ``NotationError`` names the first that fails."""
    # P2: each Laser on its own corner, pointing one of its two allowed ways.
    for colour in (0, 1):
        corner = LASER_SQUARE[colour]
        code = board[corner]
        allowed = " or ".join(DIR4[f] for f in LASER_FACINGS[colour])
        if KIND[code] != LASER or COLOUR[code] != colour or FACING[code] not in LASER_FACINGS[colour]:
            found = TOKEN[code] or "nothing"
            raise NotationError(
                f"P2: {COLOUR_NAMES[colour]}'s Laser must stand on {SQUARE_NAMES[corner]} facing {allowed}, found {found}"
            )
    # P3: no more pieces of a kind than the box holds, and at least one King.
    counts = [[0] * 5 for _ in (0, 1)]
    for code in board:
        if code:
            counts[COLOUR[code]][KIND[code]] += 1
    for colour in (0, 1):
        for kind, most in BOX.items():
            if counts[colour][kind] > most:
                raise NotationError(
                    f"P3: {COLOUR_NAMES[colour]} has {counts[colour][kind]} {KIND_NAMES[kind]}s, at most {most} allowed"
                )
    if counts[0][KING] + counts[1][KING] == 0:
        raise NotationError("P3: no King on the board; at least one King must be present")
    # P4: nothing stands on a square closed to its colour (the Lasers' corners are their own).
    for square, code in enumerate(board):
        if code and not OPEN[COLOUR[code]][square] and KIND[code] != LASER:
            raise NotationError(
                f"P4: {COLOUR_NAMES[COLOUR[code]]} {KIND_NAMES[KIND[code]]} {TOKEN[code]} on "
                f"{SQUARE_NAMES[square]}, a square {COLOUR_NAMES[COLOUR[code]]} may not enter"
            )


def parse_side(text: str) -> int:
    if text not in SIDE_LETTERS:
        raise NotationError(f"P1: side {text!r} must be 'b' (Blue to move) or 'r' (Red to move)")
    return SIDE_LETTERS.index(text)


def parse_position(game: "LaserChess", text: Any) -> tuple[tuple[int, ...], int, int]:
    """Read a position: ``(board, side to move, plies)``; ``NotationError`` names the failing check.

    P1 syntax (fields, ranks, items), P2 Lasers, P3 piece counts and Kings,
    P4 restricted squares, P5 the ply field against ``max_plies``.
    """
    if not isinstance(text, str):
        raise NotationError(f"P1: a position is a string, got {type(text).__name__}")
    fields = text.split(" ")
    max_plies = game.max_plies
    expected = "2 (board side)" if max_plies is None else "2 or 3 (board side [plies])"
    if len(fields) not in ((2,) if max_plies is None else (2, 3)):
        extra = " (a ply count is written only when max_plies is set)" if max_plies is None and len(fields) == 3 else ""
        raise NotationError(
            f"P1: position {text!r} has {len(fields)} fields, expected {expected} separated by single spaces{extra}"
        )
    board = parse_board(fields[0])
    turn = parse_side(fields[1])
    check_board(board)
    plies = 0
    if len(fields) == 3:
        if not CANONICAL_NUMBER.fullmatch(fields[2]):
            raise NotationError(f"P5: ply count {fields[2]!r} is not a canonical number (digits, no leading zeros)")
        plies = int(fields[2])
        if plies > max_plies:
            raise NotationError(f"P5: ply count {plies} exceeds max_plies={max_plies}")
    return board, turn, plies


# -- the structured position (core/structure.py) ------------------------------------------
def structure(state: "LaserChessState") -> dict[str, Any]:
    """The position in the shared vocabulary, read from the board tuple (no notation involved).

    Nothing is off the board and nothing is hidden. ``extra`` holds what the notation says
    beyond the pieces: ``side`` (the side field, 0 Blue or 1 Red, which flips even on the ply
    that ends the game), ``plies`` played and whether the game ended by a ``draw_claimed``.
    """
    board = state.board
    return {
        "board": {"shape": "grid", "files": FILES, "ranks": RANKS, "cells": list(SQUARE_NAMES)},
        "cells": {SQUARE_NAMES[square]: [{**PIECE[code]}] for square, code in enumerate(board) if code},
        "areas": [],
        "dice": [],
        "scores": state.scores(),
        "turn": turn_of(state),
        "extra": {"side": state.turn, "plies": state.plies, "draw_claimed": state.draw_claimed},
    }


# -- last_effects (§10) ----------------------------------------------------------------
def effects_to_json(state: "LaserChessState") -> list[dict[str, Any]]:
    """Redraw the last shot from the board before it: the current one with the removed piece put back.

    A ``beam`` entry (``from``, ``path``, ``stop``: ``edge``, ``blocked``, ``laser`` or ``removed``),
    then a ``remove`` entry (``cell``, ``piece``, ``cause`` ``"beam"``) when the shot removed a piece.
    """
    shot = state._shot
    if shot is None:
        return []
    mover, removed_square, removed = shot
    board = state.board
    if removed:
        board = board[:removed_square] + (removed,) + board[removed_square + 1 :]
    path, stop, _ = fire(board, mover)
    effects: list[dict[str, Any]] = [
        {
            "kind": "beam",
            "from": SQUARE_NAMES[LASER_SQUARE[mover]],
            "path": [SQUARE_NAMES[square] for square in path],
            "stop": STOP_NAMES.get(stop, "edge"),
        }
    ]
    if removed:
        effects.append(removal(removed_square, removed))
    return effects


def removal(square: int, code: int) -> dict[str, Any]:
    """The ``remove`` effect of the beam taking piece ``code`` off ``square``."""
    return {"kind": "remove", "cell": SQUARE_NAMES[square], "piece": {**PIECE[code]}, "cause": "beam"}


def _removal_of_entry(entry: Any) -> tuple[int, int]:
    """``(square, code)`` of a saved ``remove`` entry; ``KeyError``/``TypeError``/``AttributeError``
    when it is not one. Games saved before effects had the shared schema wrote
    ``{"kind": "removed", "square": ..., "piece": <token>}``; those still load."""
    if entry.get("kind") == "removed" and set(entry) == {"kind", "square", "piece"}:
        return SQUARE_INDEX[entry["square"]], CODE_OF_TOKEN[entry["piece"]]
    if entry.get("kind") != "remove" or set(entry) != {"kind", "cell", "piece", "cause"} or entry["cause"] != "beam":
        raise KeyError(entry.get("kind"))
    piece = entry["piece"]
    code = CODE_OF_PIECE[(piece["kind"], piece["owner"], piece.get("facing"))]
    if {**PIECE[code]} != piece:  # no fields beyond kind, owner and facing
        raise KeyError(piece)
    return SQUARE_INDEX[entry["cell"]], code


# -- JSON (§9.3) ---------------------------------------------------------------------------
def state_to_json(state: "LaserChessState") -> dict[str, Any]:
    return {
        "game": state.game.slug,
        "options": dict(state.game.options),
        "position": state.notation(),
        "history": [position_key(board, turn) for board, turn in state.history()],
        "draw_claimed": state.draw_claimed,
        "last_effects": state.last_effects(),
    }


def state_from_json(game: "LaserChess", data: Any) -> "LaserChessState":
    """The inverse of :func:`state_to_json`; anything inconsistent raises ``NotationError`` (J1-J4)."""
    from abstracta.games.laser_chess.rules import _claimed_draw, new_state

    game, position = game.read_saved(data, check="J1")
    board, turn, plies = parse_position(game, position)
    current = position_key(board, turn)

    # J2: the history is a list of positions, alternating sides, ending with this one.
    history = data.get("history", [current])
    if not isinstance(history, list) or not history or not all(isinstance(h, str) for h in history):
        raise NotationError("J2: history must be a non-empty list of position keys ('<board> <side>')")
    if history[-1] != current:
        raise NotationError(f"J2: history ends with {history[-1]!r}, not the current position {current!r}")
    parents = []
    for index, entry in enumerate(history[:-1]):
        fields = entry.split(" ")
        if len(fields) != 2:
            raise NotationError(f"J2: history entry {index} {entry!r} is not '<board> <side>'")
        parent_board = parse_board(fields[0])
        check_board(parent_board)
        parent_turn = parse_side(fields[1])
        if parent_turn != turn ^ ((len(history) - 1 - index) & 1):
            raise NotationError(f"J2: history entry {index} {entry!r} has the wrong side to move (sides alternate)")
        parents.append((parent_board, parent_turn))
    if game.max_plies is not None and len(parents) > plies:
        raise NotationError(f"J2: history holds {len(parents)} plies, more than the {plies} played (ply count)")
    state = new_state(game, board, turn, plies, parents)

    # J3: a draw claim needs a finished-by-nothing-else position that occurred three times.
    claimed = data.get("draw_claimed", False)
    if not isinstance(claimed, bool):
        raise NotationError(f"J3: draw_claimed must be true or false, got {claimed!r}")
    if claimed:
        if data.get("last_effects", []) != []:
            raise NotationError("J3: a draw claim fires no shot, so last_effects must be []")
        if state.over or "draw" not in state.moves():
            raise NotationError("J3: draw_claimed, but the position has not occurred three times (or the game is over)")
        return _claimed_draw(state)

    # J4: saved effects must be exactly the shot the last ply fired here.
    effects = data.get("last_effects", [])
    if effects != []:
        if len(parents) == 0:
            raise NotationError("J4: last_effects given, but the history holds no previous ply")
        state._shot = _shot_from_effects(state, effects)
    return state


def _shot_from_effects(state: "LaserChessState", effects: Any) -> tuple[int, int, int]:
    """The ``_shot`` that redraws ``effects``, if the last ply can have fired exactly that shot here.

    The board before the shot is this one with the removed piece (if any) put back; it must be
    a valid position, the beam traced on it must stop by removing that very piece (or not
    remove anything when none is named), and a King was removed exactly when one is missing.
    """
    problem = f"J4: last_effects {effects!r} is not the shot the last move fired in this position"
    mover = state.turn ^ 1
    removed_square, removed = -1, 0
    board = state.board
    try:
        if len(effects) == 2:
            removed_square, removed = _removal_of_entry(effects[1])
            if board[removed_square]:
                raise NotationError(problem)
            board = board[:removed_square] + (removed,) + board[removed_square + 1 :]
            check_board(board)
    except (KeyError, TypeError, AttributeError, NotationError):
        raise NotationError(problem) from None
    _, stop, struck = fire(board, mover)
    if (stop == STOP_REMOVED) != bool(removed) or (removed and struck != removed_square):
        raise NotationError(f"{problem}: the beam does not stop there that way")
    king_hit = bool(removed) and KIND[removed] == KING
    if king_hit != (state.winner is not None):
        raise NotationError(f"{problem}: a King is missing exactly when the last shot removed one")
    state._shot = (mover, removed_square, removed)
    expected = effects_to_json(state)
    legacy = expected[:1] + [{"kind": "removed", "square": SQUARE_NAMES[removed_square], "piece": TOKEN[removed]}]
    if effects != expected and not (removed and effects == legacy):
        raise NotationError(problem)
    return state._shot


# -- messages ---------------------------------------------------------------------------------
def why_illegal(state: "LaserChessState", move: object) -> str:
    """Why ``move`` is not in ``state.moves()``, naming the move (not the position: the reader has it)."""
    from abstracta.games.laser_chess.rules import MOVE_INFO

    head = f"illegal move {move!r}"
    if state.over:
        return f"{head}: the game is over"
    if not isinstance(move, str):
        return f"{head}: a move is a string such as 'e4-e5', 'h2+' or 'draw'"
    colour = state.turn
    name = COLOUR_NAMES[colour]
    if move == "draw":
        return f"{head}: a draw may be claimed only when the position has occurred three times (now {state.repetitions()})"
    if move not in MOVE_INFO:
        return f"{head}: expected a step or swap 'x-y', a rotation 'x+' / 'x-' between a1 and j8, or 'draw'"
    source, target, rotation = MOVE_INFO[move]
    code = state.board[source]
    here = SQUARE_NAMES[source]
    if not code:
        return f"{head}: {here} is empty"
    piece = f"{COLOUR_NAMES[COLOUR[code]]} {KIND_NAMES[KIND[code]]} on {here}"
    if COLOUR[code] != colour:
        return f"{head}: the {piece} is not {name}'s ({name} to move)"
    kind = KIND[code]
    if rotation:
        if kind == KING:
            return f"{head}: a King is never rotated"
        if kind == SWITCH:
            return f"{head}: a Switch has one rotation, written {here}+"
        if kind == LASER:
            other_sign = "+" if move[-1] == "-" else "-"
            return f"{head}: the Laser reaches its other direction with {here}{other_sign}"
        return f"{head}: not a legal rotation"
    if kind == LASER:
        return f"{head}: the Laser never moves; it only turns"
    there = SQUARE_NAMES[target]
    if not OPEN[colour][target]:
        return f"{head}: {name} may not enter {there}"
    other = state.board[target]
    if other:
        if kind != SWITCH:
            return f"{head}: {there} is occupied, and only a Switch swaps"
        other_kind = KIND[other]
        if other_kind not in (DEFLECTOR, DEFENDER):
            return f"{head}: a Switch swaps only with a Deflector or a Defender, not a {KIND_NAMES[other_kind]}"
        return f"{head}: the {COLOUR_NAMES[COLOUR[other]]} {KIND_NAMES[other_kind]} would land on {here}, closed to it"
    return f"{head}: not a legal move"


__all__ = [
    "SEATS", "effects_to_json", "format_position", "parse_position", "removal", "state_from_json", "state_to_json",
    "structure",
]
