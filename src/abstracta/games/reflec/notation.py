"""Position notation (§9), the checks ``parse`` makes (V1-V8), and saved ``last_effects`` (§10).

A position is nine space-separated fields::

    M*6C*/8/8/8/8/8/8/S*6A* S2:6,M2:6,C2:6,A2:6 S drop 0 0 -/- - -
    board (ranks 8..1)      suits: die:off[flag]  acting phase T turns swaps locked touched
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from abstracta.core.board import CANONICAL_NUMBER
from abstracta.core.errors import NotationError
from abstracta.games.reflec.board import (
    ADJACENT_PAIRS,
    CELL_TOKENS,
    DIRECTIONS,
    LASER_BASE,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    SUIT_LETTERS,
    TOKEN_CELL,
    pair_code,
    pair_name,
)
from abstracta.games.reflec.structure import piece_of

if TYPE_CHECKING:
    from abstracta.games.reflec.rules import Reflec, ReflecState

PHASES = ("drop", "play")
COINS_PER_SUIT = 6
START_DIE = 2
FIELD_NAMES = "board suits acting phase tiles turns swaps locked touched"
_SUIT_ENTRY = re.compile(r"([SMCA])([0-5]):([0-6])([xn]?)")


# -- writing -----------------------------------------------------------------------------------
def format_position(state: "ReflecState") -> str:
    board = state.board
    rows = []
    for rank in reversed(range(SIZE)):
        row, run = [], 0
        for file in range(SIZE):
            cell = board[file * SIZE + rank]
            if cell:
                if run:
                    row.append(str(run))
                    run = 0
                row.append(CELL_TOKENS[cell])
            else:
                run += 1
        if run:
            row.append(str(run))
        rows.append("".join(row))
    game = state.game
    flag = "x" if game.players == 2 else "n"
    suits = ",".join(
        f"{SUIT_LETTERS[y]}{state.dice[y]}:{state.off[y]}{flag if state.destroyed >> y & 1 else ''}"
        for y in range(game.suits)
    )
    swaps = "/".join(",".join(pair_name(code) for code in sorted(record)) or "-" for record in state.swaps)
    return " ".join(
        (
            "/".join(rows),
            suits,
            SUIT_LETTERS[state.acting],
            PHASES[state.phase],
            str(state.tiles),
            str(state.turns),
            swaps,
            _squares_text(state.locked),
            _squares_text(state.touched),
        )
    )


def _squares_text(squares: frozenset[int]) -> str:
    return ",".join(SQUARE_NAMES[s] for s in sorted(squares)) or "-"


# -- reading -----------------------------------------------------------------------------------
def parse_position(game: "Reflec", text: Any) -> dict[str, Any]:
    """Read a position into the keyword arguments of ``Reflec.build``.

    Raises :class:`NotationError` naming the field or the check (V1-V8) that fails.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position is a string, got {type(text).__name__}")
    fields = text.split(" ")
    if len(fields) != 9 or any(not f or f != f.strip() for f in fields):
        raise NotationError(
            f"position {text!r} has {len(text.split())} fields, expected 9 separated by single spaces: {FIELD_NAMES}"
        )
    board_field, suits_field, acting_field, phase_field, tiles_field, turns_field, swaps_field, locked_field, touched_field = fields
    letters = SUIT_LETTERS[: game.suits]
    board = _parse_board(board_field, letters)

    # suits
    entries = suits_field.split(",")
    if len(entries) != game.suits:
        raise NotationError(
            f"suits {suits_field!r} has {len(entries)} entries, expected {game.suits} ({','.join(letters)}) "
            f"with {game.players} players"
        )
    dice, off, destroyed, flags = [], [], 0, []
    for y, entry in enumerate(entries):
        match = _SUIT_ENTRY.fullmatch(entry)
        if not match:
            raise NotationError(f"suit entry {entry!r} must be <suit><die 0-5>:<off 0-6>[x|n], e.g. S3:0 or M2:5x")
        if match.group(1) != letters[y]:
            raise NotationError(f"suit entry {entry!r} is out of place: entry {y + 1} is suit {letters[y]}")
        dice.append(int(match.group(2)))
        off.append(int(match.group(3)))
        flag = match.group(4)
        flags.append(flag)
        if flag:
            destroyed |= 1 << y

    if acting_field not in letters:
        raise NotationError(f"acting suit {acting_field!r} must be one of {', '.join(letters)}")
    acting = letters.index(acting_field)
    if phase_field not in PHASES:
        raise NotationError(f"phase {phase_field!r} must be 'drop' or 'play'")
    phase = PHASES.index(phase_field)
    if not re.fullmatch(r"[0-4]", tiles_field):
        raise NotationError(f"tiles {tiles_field!r} must be one digit from 0 to 4")
    tiles = int(tiles_field)
    if not CANONICAL_NUMBER.fullmatch(turns_field):
        raise NotationError(f"turns {turns_field!r} is not a canonical number (digits only, no leading zeros)")
    turns = int(turns_field)
    swaps = _parse_swaps(swaps_field, game.players)
    locked = _parse_squares(locked_field, "locked")
    touched = _parse_squares(touched_field, "touched")

    # V1: the flag says how the suit was destroyed: x keeps its player's (2 players), n is neutral.
    wrong_flag, right_flag = ("n", "x") if game.players == 2 else ("x", "n")
    for y, flag in enumerate(flags):
        if flag == wrong_flag:
            raise NotationError(
                f"V1 wrong flag: suit {letters[y]} is flagged {wrong_flag!r}, but with {game.players} players "
                f"a destroyed suit is flagged {right_flag!r}"
            )
    # V2: a suit has its laser on the board exactly while it has no flag.
    for y in range(game.suits):
        count = board.count(LASER_BASE + y)
        if destroyed >> y & 1 and count:
            raise NotationError(f"V2 lasers: suit {letters[y]} is flagged destroyed, yet its laser is on the board")
        if not destroyed >> y & 1 and count != 1:
            raise NotationError(f"V2 lasers: suit {letters[y]} has {count} lasers on the board, expected 1")
    # V3: every suit has six coins, on the board or off it.
    for y in range(game.suits):
        on_board = sum(1 for cell in board if 0 < cell < LASER_BASE and (cell - 1) >> 2 == y)
        if on_board + off[y] != COINS_PER_SUIT:
            raise NotationError(
                f"V3 coin counts: suit {letters[y]} has {on_board} coins on the board and {off[y]} off it, "
                f"expected {COINS_PER_SUIT} in all"
            )
    # V4, V5: players left, and the eliminated ones keep no swap record.
    eliminated = [game.is_eliminated(p, destroyed) for p in range(game.players)]
    if all(eliminated):
        raise NotationError("V4 no player left: every player is eliminated")
    for p, out in enumerate(eliminated):
        if out and swaps[p]:
            raise NotationError(f"V5 eliminated player: player {p} is eliminated but its swap list is not empty")
    # V6: the lock sets hold only squares with neutral coins.
    neutral = game.neutral_mask(destroyed)
    for name, squares in (("locked", locked), ("touched", touched)):
        for s in sorted(squares):
            cell = board[s]
            if not (0 < cell < LASER_BASE and neutral >> ((cell - 1) >> 2) & 1):
                raise NotationError(f"V6 lock sets: {name} square {SQUARE_NAMES[s]} does not hold a neutral coin")
    # V7: the drop round is a strict rotation from the start position.
    if phase == 0:
        _check_drop_round(game, board, dice, destroyed, tiles, turns, swaps, locked, touched, acting)
    # V8: in play, the acting suit still has its laser unless the game was just won.
    elif destroyed >> acting & 1 and len(game.players_left(destroyed)) != 1:
        raise NotationError(f"V8 play phase: the acting suit {acting_field} has no laser, and the game is not won")

    return {
        "board": tuple(board),
        "dice": tuple(dice),
        "off": tuple(off),
        "destroyed": destroyed,
        "acting": acting,
        "phase": phase,
        "tiles": tiles,
        "turns": turns,
        "swaps": swaps,
        "locked": locked,
        "touched": touched,
    }


def _parse_board(field: str, letters: str) -> list[int]:
    ranks = field.split("/")
    if len(ranks) != SIZE:
        raise NotationError(f"board {field!r} has {len(ranks)} ranks, expected {SIZE} separated by '/'")
    board = [0] * SQUARES
    for row_index, row in enumerate(ranks):
        rank = SIZE - 1 - row_index
        where = f"board rank {rank + 1} {row!r}"
        file = 0
        previous_digit = False
        i = 0
        while i < len(row):
            char = row[i]
            if char in "12345678":
                if previous_digit:
                    raise NotationError(f"{where}: two digits in a row (write one run of empty squares as one digit)")
                file += int(char)
                previous_digit = True
                i += 1
                continue
            token = row[i : i + 2]
            if len(token) < 2 or token not in TOKEN_CELL:
                raise NotationError(
                    f"{where}: bad token {token!r} (expected a digit 1-8, a coin like Sn or a laser like S*)"
                )
            if token[0] not in letters:
                raise NotationError(f"{where}: suit {token[0]!r} is not in this game (suits {', '.join(letters)})")
            if file < SIZE:
                board[file * SIZE + rank] = TOKEN_CELL[token]
            file += 1
            previous_digit = False
            i += 2
        if file != SIZE:
            raise NotationError(f"{where} covers {file} squares, expected {SIZE}")
    return board


def _parse_squares(field: str, name: str) -> frozenset[int]:
    if field == "-":
        return frozenset()
    names = field.split(",")
    for square in names:
        if square not in SQUARE_INDEX:
            raise NotationError(f"{name} {field!r}: {square!r} is not a square a1-h8")
    if names != sorted(set(names)):
        raise NotationError(f"{name} {field!r} must list distinct squares in ascending order")
    return frozenset(SQUARE_INDEX[s] for s in names)


def _parse_swaps(field: str, players: int) -> tuple[frozenset[int], ...]:
    lists = field.split("/")
    if len(lists) != players:
        raise NotationError(f"swaps {field!r} has {len(lists)} lists, expected one per player ({players})")
    records = []
    for p, text in enumerate(lists):
        if text == "-":
            records.append(frozenset())
            continue
        pairs = text.split(",")
        codes = []
        for pair in pairs:
            a, sep, b = pair.partition("x")
            if not sep or a not in SQUARE_INDEX or b not in SQUARE_INDEX:
                raise NotationError(f"swaps of player {p}: {pair!r} is not a pair <a>x<b> of squares")
            if not a < b or (SQUARE_INDEX[a], SQUARE_INDEX[b]) not in ADJACENT_PAIRS:
                raise NotationError(f"swaps of player {p}: {pair!r} must name two adjacent squares, smaller first")
            codes.append(pair_code(SQUARE_INDEX[a], SQUARE_INDEX[b]))
        if pairs != sorted(set(pairs)):
            raise NotationError(f"swaps of player {p}: {text!r} must list distinct pairs in ascending order")
        records.append(frozenset(codes))
    return tuple(records)


def _check_drop_round(game, board, dice, destroyed, tiles, turns, swaps, locked, touched, acting) -> None:
    problem = None
    coins = [sum(1 for c in board if 0 < c < LASER_BASE and (c - 1) >> 2 == y) for y in range(game.suits)]
    dropped = sum(coins)
    n = game.suits
    if destroyed:
        problem = "a suit is flagged destroyed"
    elif any(d != START_DIE for d in dice):
        problem = f"every die shows {START_DIE} during the drop round"
    elif tiles or turns:
        problem = "tiles and turns are 0 during the drop round"
    elif any(swaps) or locked or touched:
        problem = "swap lists, locked and touched are empty during the drop round"
    elif dropped >= COINS_PER_SUIT * n:
        problem = "every coin is on the board, so the drop round is over"
    elif coins != [dropped // n + (1 if j < dropped % n else 0) for j in range(n)]:
        problem = f"suits drop in strict rotation, so {dropped} coins cannot be split {coins}"
    elif acting != dropped % n:
        problem = f"after {dropped} drops suit {SUIT_LETTERS[dropped % n]} acts"
    if problem:
        raise NotationError(f"V7 drop round: {problem}")


# -- last_effects of a saved state (§10) -----------------------------------------------------
# The shared effect kinds (core/structure.py EFFECT_KINDS) with Reflec's fields; "end" has
# "turns" only at the turn limit.
_EFFECT_KEYS = {
    "beam": {"kind", "suit", "from", "dir", "path", "hits", "stop"},
    "remove": {"kind", "cell", "piece", "cause"},
    "eliminate": {"kind", "player", "suits"},
    "end": {"kind", "reason", "winners"},
}
_END_REASONS = {"last player left": 1, "turn limit": 0}  # reason -> number of winners
_OLD_KINDS = {"removed", "destroyed", "eliminated", "winner", "draw"}


def copy_effect(effect: dict[str, Any]) -> dict[str, Any]:
    """A copy of an effect that shares no list or piece with it (callers may change theirs)."""
    return {k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in effect.items()}


def effects_from_json(game: "Reflec", entries: Any, destroyed: int = 0) -> list[dict[str, Any]]:
    """Check the shape of saved ``last_effects`` entries and return a copy; ``NotationError`` otherwise.

    ``destroyed`` (the saved position's destroyed suits) gives the owner of a piece in an entry
    saved before effects used the shared kinds (``removed``, ``destroyed``, ``eliminated``,
    ``winner``, ``draw``), which are read as today's entries.
    """
    if not isinstance(entries, list):
        raise NotationError(f"last_effects must be a list, got {type(entries).__name__}")
    letters = set(SUIT_LETTERS[: game.suits])
    directions = set(DIRECTIONS)

    def square(value: Any) -> bool:
        return isinstance(value, str) and value in SQUARE_INDEX

    def player(value: Any) -> bool:
        return type(value) is int and 0 <= value < game.players

    checks = {
        "suit": lambda v: isinstance(v, str) and v in letters,
        "from": square,
        "cell": square,
        "dir": lambda v: isinstance(v, str) and v in directions,
        "path": lambda v: isinstance(v, list) and all(square(s) for s in v),
        "hits": lambda v: isinstance(v, list) and all(square(s) for s in v),
        "stop": lambda v: v in ("edge", "laser", "loop"),
        "piece": lambda v: isinstance(v, dict) and _piece_code(game, v) is not None,
        "cause": lambda v: v in ("loop", "beam"),
        "player": player,
        "suits": lambda v: isinstance(v, list) and all(isinstance(s, str) and s in letters for s in v),
        "reason": lambda v: v in _END_REASONS,
        "winners": lambda v: isinstance(v, list) and all(player(p) for p in v),
        "turns": lambda v: type(v) is int and v >= 1,
        "kind": lambda v: True,
    }
    copied = []
    for entry in entries:
        if isinstance(entry, dict) and entry.get("kind") in _OLD_KINDS:
            entry = _upgrade_old_entry(game, entry, destroyed)
        if not isinstance(entry, dict) or entry.get("kind") not in _EFFECT_KEYS:
            raise NotationError(f"last_effects entry {entry!r} is not an object with a known kind")
        keys = _EFFECT_KEYS[entry["kind"]] | ({"turns"} if entry.get("reason") == "turn limit" else set())
        if set(entry) != keys:
            raise NotationError(f"last_effects entry {entry!r} must have exactly the keys {sorted(keys)}")
        for key, value in entry.items():
            if not checks[key](value):
                raise NotationError(f"last_effects entry {entry!r}: bad {key} {value!r}")
        if entry["kind"] == "end" and len(entry["winners"]) != _END_REASONS[entry["reason"]]:
            raise NotationError(f"last_effects entry {entry!r}: bad winners for {entry['reason']!r}")
        if entry["kind"] == "remove" and (entry["piece"]["kind"] == "coin") != (entry["cause"] == "loop"):
            raise NotationError(f"last_effects entry {entry!r}: a loop removes coins, a beam destroys a laser")
        copied.append(copy_effect(entry))
    return copied


def _piece_code(game: "Reflec", piece: dict[str, Any]) -> int | None:
    """The cell code of a saved piece (``board.py``), ``None`` unless it is a coin or laser of this game."""
    suit = piece.get("suit")
    owner = piece.get("owner", -1)
    if suit not in tuple(SUIT_LETTERS[: game.suits]) or not (owner is None or type(owner) is int and 0 <= owner < game.players):
        return None
    y = SUIT_LETTERS.index(suit)
    if piece.keys() == {"kind", "owner", "suit"} and piece["kind"] == "laser":
        return LASER_BASE + y
    if piece.keys() == {"kind", "owner", "suit", "facing"} and piece["kind"] == "coin" and piece["facing"] in DIRECTIONS:
        return 1 + 4 * y + DIRECTIONS.index(piece["facing"])
    return None


def _upgrade_old_entry(game: "Reflec", entry: dict[str, Any], destroyed: int) -> Any:
    """An entry saved in the old per-game kinds as today's entry (left as it is when malformed, to be refused)."""
    kind = entry["kind"]
    try:
        if kind == "removed" and entry.keys() == {"kind", "square", "piece"}:
            return {"kind": "remove", "cell": entry["square"], "piece": piece_of(game, TOKEN_CELL[entry["piece"]], destroyed),
                    "cause": "loop"}
        if kind == "destroyed" and entry.keys() == {"kind", "square", "suit"}:
            laser_code = LASER_BASE + SUIT_LETTERS[: game.suits].index(entry["suit"])
            return {"kind": "remove", "cell": entry["square"], "piece": piece_of(game, laser_code, 0), "cause": "beam"}
    except (IndexError, KeyError, ValueError, TypeError):  # a bad token or suit: refused below
        return entry
    if kind == "eliminated":
        return {**entry, "kind": "eliminate"}
    if kind == "winner" and entry.keys() == {"kind", "player"}:
        return {"kind": "end", "reason": "last player left", "winners": [entry["player"]]}
    if kind == "draw" and entry.keys() == {"kind", "turns"}:
        return {"kind": "end", "reason": "turn limit", "winners": [], "turns": entry["turns"]}
    return entry
