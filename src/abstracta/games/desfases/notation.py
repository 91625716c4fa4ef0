"""Position notation (§9) and the checks ``parse`` makes (V1-V10); ``structure.py`` holds ``last_effects``.

A position is three space-separated fields, board (rank 5 first), suit records, turn::

    Mae,A3w*A,A2w,C2s,S3n/.../S4n*S,San,Snn,M2e,Anw S:4:4:na235:0:live;M:...;C:...;A:... S

A cell is ``tile[+coin][*pawn]`` (``M4e+S2*C``), except c3: ``#`` and the coins in the hole.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from abstracta.core.errors import NotationError
from abstracta.games.desfases.board import (
    BIT,
    FACING_INDEX,
    FACINGS,
    HOLE,
    PIECE_INDEX,
    PIECE_NAMES,
    SIZE,
    SQUARE_NAMES,
    SUIT_INDEX,
    SUITS,
    VALUE_INDEX,
    VALUES,
    facing_of,
    suit_masks_of,
)

if TYPE_CHECKING:
    from abstracta.games.desfases.rules import DesfasesState

_TILE_CELL = re.compile(r"([SMCA][na2345])([nesw])(?:\+([SMCA][na2345]))?(?:\*([SMCA]))?")
_HOLE_CELL = re.compile(r"#((?:[SMCA][na2345])*)")
_RECORD = re.compile(r"([SMCA]):([na2345]):([na2345]|-):([na2345]+|-):(0|[1-9][0-9]{0,5}):(live|done)")
_TURN = re.compile(r"([SMCA])(:feed)?|-")


def format_position(state: "DesfasesState") -> str:
    tiles, coins, lo, hi = state.tiles, state.coins, state.lo, state.hi
    pawn_on = {sq: suit for suit, sq in enumerate(state.pawns)}
    rows = []
    for rank in reversed(range(SIZE)):
        cells = []
        for sq in range(rank * SIZE, rank * SIZE + SIZE):
            if sq == HOLE:
                cells.append("#" + "".join(PIECE_NAMES[c] for c in range(24) if state.hole >> c & 1))
                continue
            cell = PIECE_NAMES[tiles[sq]] + FACINGS[facing_of(lo, hi, sq)]
            if coins[sq] >= 0:
                cell += "+" + PIECE_NAMES[coins[sq]]
            if sq in pawn_on:
                cell += "*" + SUITS[pawn_on[sq]]
            cells.append(cell)
        rows.append(",".join(cells))
    records = []
    for suit in range(4):
        timer = state.timers[suit]
        reservoir = "".join(VALUES[v] for v in range(6) if state.reservoirs[suit] >> v & 1) or "-"
        status = "live" if state.live >> suit & 1 else "done"
        records.append(
            f"{SUITS[suit]}:{VALUES[state.dice[suit]]}:{VALUES[timer] if timer >= 0 else '-'}:{reservoir}:"
            f"{state.points[suit]}:{status}"
        )
    turn = "-" if state.suit < 0 else SUITS[state.suit] + (":feed" if state.feeding else "")
    return f"{'/'.join(rows)} {';'.join(records)} {turn}"


def parse_position(text: Any) -> tuple:
    """Read a position: ``(tiles, suit_masks, lo, hi, scored, coins, hole, pawns, dice, timers,
    reservoirs, points, live, suit, feeding)``, the fields of ``rules.new_state``.

    Raises :class:`NotationError` naming the broken field or the failed check (V1-V10 are the
    numbered consistency rules of §9). The steps run in the order of the text, so the first
    problem met is the one reported.
    """
    board_field, suits_field, turn_field = _split_fields(text)
    coin_place: dict[int, str] = {}  # where each coin was seen, for V4 across all the fields
    tiles, coins, lo, hi, scored, hole, pawns = _read_board(board_field, coin_place)
    dice, timers, reservoirs, points, live = _read_records(suits_field, coin_place)
    _check_every_coin_placed(coin_place)
    suit, feeding = _read_turn(turn_field, live)
    _check_feed_and_timers(suit, feeding, dice, timers, reservoirs, live)
    _check_points(tiles, coins, points)
    return (
        tuple(tiles), suit_masks_of(tiles), lo, hi, scored, tuple(coins), hole, pawns, tuple(dice), tuple(timers),
        tuple(reservoirs), tuple(points), live, suit, feeding,
    )  # fmt: skip


def _split_fields(text: Any) -> list[str]:
    """The three fields, board suits turn."""
    if not isinstance(text, str):
        raise NotationError(f"a position is a string, got {type(text).__name__}")
    fields = text.split(" ")
    if len(fields) != 3:
        raise NotationError(
            f"position {text!r} has {len(fields)} fields, expected 3 separated by single spaces: board suits turn"
        )
    return fields


def _place_coin(coin_place: dict[int, str], coin: int, where: str) -> None:
    """Note that ``coin`` is ``where``; V4: no coin is in two places."""
    if coin in coin_place:
        raise NotationError(f"V4: coin {PIECE_NAMES[coin]} appears twice ({coin_place[coin]} and {where})")
    coin_place[coin] = where


# -- the board: tiles, facings, scoring coins, pawns, the hole ---------------------------------

def _read_board(board_field: str, coin_place: dict[int, str]) -> tuple:
    """``(tiles, coins, lo, hi, scored, hole, pawns)`` from the board field (V1-V5)."""
    grid = _read_grid(board_field)
    tiles = [-1] * 25
    coins = [-1] * 25
    tile_square: dict[int, int] = {}
    pawn_square: dict[int, int] = {}
    lo = hi = scored = hole = 0
    for row_index, cells in enumerate(grid):
        rank = SIZE - 1 - row_index
        for file, cell in enumerate(cells):
            sq = rank * SIZE + file
            if sq == HOLE:
                hole = _read_hole(cell, coin_place)
                continue
            name = SQUARE_NAMES[sq]
            tile_text, facing_text, coin_text, pawn_text = _match_tile_cell(cell, name)
            tile = PIECE_INDEX[tile_text]
            if tile in tile_square:
                first = SQUARE_NAMES[tile_square[tile]]
                raise NotationError(f"V2: tile {tile_text} appears twice ({first} and {name})")
            tile_square[tile] = sq
            tiles[sq] = tile
            facing = FACING_INDEX[facing_text]
            lo |= (facing & 1) << sq
            hi |= (facing >> 1) << sq
            if coin_text:
                coin = PIECE_INDEX[coin_text]
                _place_coin(coin_place, coin, f"the tile on {name}")
                coins[sq] = coin
                scored |= BIT[sq]
            if pawn_text:
                suit = SUIT_INDEX[pawn_text]
                if suit in pawn_square:
                    first = SQUARE_NAMES[pawn_square[suit]]
                    raise NotationError(f"V3: the {pawn_text} pawn appears twice ({first} and {name})")
                pawn_square[suit] = sq
    if len(tile_square) != 24:  # V1 and the cell count make this unreachable; kept as the check of V2
        missing = [PIECE_NAMES[t] for t in range(24) if t not in tile_square]
        raise NotationError(f"V2: tiles missing: {' '.join(missing)}")
    if len(pawn_square) != 4:
        missing = [SUITS[s] for s in range(4) if s not in pawn_square]
        raise NotationError(f"V3: the pawn of {' '.join(missing)} is missing (every pawn stands on a tile once)")
    pawns = tuple(pawn_square[s] for s in range(4))
    return tiles, coins, lo, hi, scored, hole, pawns


def _read_grid(board_field: str) -> list[list[str]]:
    """The board's cells, rank 5 first, after checking the shape and V1's ``#`` cells."""
    ranks = board_field.split("/")
    if len(ranks) != SIZE:
        raise NotationError(f"board has {len(ranks)} ranks, expected {SIZE} separated by '/' (rank 5 first)")
    grid = []
    for row_index, row in enumerate(ranks):
        cells = row.split(",")
        if len(cells) != SIZE:
            raise NotationError(f"rank {SIZE - row_index} has {len(cells)} cells, expected {SIZE} separated by ','")
        grid.append(cells)
    for row_index, cells in enumerate(grid):  # V1 first: a misplaced hole would confuse every other message
        for file, cell in enumerate(cells):
            sq = (SIZE - 1 - row_index) * SIZE + file
            if cell.startswith("#") and sq != HOLE:
                raise NotationError(f"V1: {SQUARE_NAMES[sq]} is a '#' cell, but only c3 is the hole")
    return grid


def _read_hole(cell: str, coin_place: dict[int, str]) -> int:
    """The bitmask of the coins in the hole, from c3's cell (V1, V5)."""
    hole_match = _HOLE_CELL.fullmatch(cell)
    if not hole_match:
        raise NotationError(f"V1: c3 is the hole: {_hole_problem(cell)}, got {cell!r}")
    hole = 0
    previous = -1
    for k in range(0, len(hole_match.group(1)), 2):
        coin = PIECE_INDEX[hole_match.group(1)[k : k + 2]]
        _place_coin(coin_place, coin, "the hole")
        if coin < previous:
            raise NotationError(
                f"V5: the hole's coins {cell[1:]!r} are not in canonical order (S M C A, then n a 2 3 4 5)"
            )
        previous = coin
        hole |= 1 << coin
    return hole


def _match_tile_cell(cell: str, name: str) -> tuple:
    """``(tile, facing, coin or None, pawn or None)`` texts of a tile cell, or a message saying why not."""
    match = _TILE_CELL.fullmatch(cell)
    if not match:
        for mark, what in (("*", "pawns"), ("+", "scoring coins")):
            if cell.count(mark) > 1:
                count = cell.count(mark)
                raise NotationError(f"cell {name} {cell!r} holds {count} {what}; a tile holds at most one")
        raise NotationError(
            f"cell {name} {cell!r} is not tile[+coin][*pawn], e.g. S4n, M4e+S2 or C3s+A5*M "
            "(suits S M C A, values n a 2 3 4 5, facings n e s w)"
        )
    return match.groups()


# -- the suit records, the turn, and the checks across fields ------------------------------------

def _read_records(suits_field: str, coin_place: dict[int, str]) -> tuple:
    """``(dice, timers, reservoirs, points, live)`` from the suits field (V4-V6)."""
    records = suits_field.split(";")
    if len(records) != 4:
        raise NotationError(f"suits field has {len(records)} records, expected 4 separated by ';' (S, M, C, A)")
    dice, timers, reservoirs, points, live = [], [], [], [], 0
    for suit, record in enumerate(records):
        match = _RECORD.fullmatch(record)
        if not match or match.group(1) != SUITS[suit]:
            raise NotationError(
                f"suit record {suit + 1} {record!r} is not {SUITS[suit]}:die:timer:reservoir:points:live|done, "
                f"e.g. {SUITS[suit]}:3:4:n25:0:live (records in the order S, M, C, A)"
            )
        _, die_text, timer_text, reservoir_text, points_text, status = match.groups()
        die = VALUE_INDEX[die_text]
        timer = -1 if timer_text == "-" else VALUE_INDEX[timer_text]
        reservoir = 0
        if reservoir_text != "-":
            values = [VALUE_INDEX[c] for c in reservoir_text]
            if values != sorted(set(values)):
                raise NotationError(
                    f"V5: {SUITS[suit]} reservoir {reservoir_text!r} is not in strictly increasing value order "
                    "(n a 2 3 4 5)"
                )
            for value in values:
                _place_coin(coin_place, suit * 6 + value, f"{SUITS[suit]}'s reservoir")
                reservoir |= 1 << value
        if timer >= 0:
            _place_coin(coin_place, suit * 6 + timer, f"{SUITS[suit]}'s timer")
        if status == "done":
            if (die, timer, reservoir) != (0, -1, 0):
                raise NotationError(
                    f"V6: {SUITS[suit]} is done, so its record must read n:-:- (die n, no timer, empty reservoir)"
                )
        else:
            live |= 1 << suit
        dice.append(die)
        timers.append(timer)
        reservoirs.append(reservoir)
        points.append(int(points_text))
    return dice, timers, reservoirs, points, live


def _check_every_coin_placed(coin_place: dict[int, str]) -> None:
    """V4: each of the 24 coins is somewhere."""
    if len(coin_place) != 24:
        missing = [PIECE_NAMES[c] for c in range(24) if c not in coin_place]
        raise NotationError(
            f"V4: coins missing: {' '.join(missing)} (every coin is in a reservoir, a timer, on a tile or in the hole)"
        )


def _read_turn(turn_field: str, live: int) -> tuple[int, bool]:
    """``(suit to act or -1, feeding)`` from the turn field (V7)."""
    match = _TURN.fullmatch(turn_field)
    if not match:
        raise NotationError(f"turn {turn_field!r} must be a suit (S M C A), a suit followed by ':feed', or '-'")
    if turn_field == "-":
        if live:
            still = " ".join(SUITS[s] for s in range(4) if live >> s & 1)
            raise NotationError(f"V7: the turn field is '-' (game over), yet {still} are live")
        return -1, False
    suit = SUIT_INDEX[match.group(1)]
    if not live >> suit & 1:
        raise NotationError(f"V7: {SUITS[suit]} is to act, but it is done")
    return suit, bool(match.group(2))


def _check_feed_and_timers(suit: int, feeding: bool, dice: list, timers: list, reservoirs: list, live: int) -> None:
    """V8: a feeding suit shows n, has no timer and something to feed; V9: every other live suit
    has a timer coin no lower than its die."""
    if feeding and (dice[suit], timers[suit]) != (0, -1) or feeding and not reservoirs[suit]:
        raise NotationError(
            f"V8: {SUITS[suit]} is in its feed step, so its die must show n, it has no timer "
            "and its reservoir is not empty"
        )
    for s in range(4):
        if live >> s & 1 and not (feeding and s == suit):
            if timers[s] < 0:
                raise NotationError(f"V9: {SUITS[s]} is live and not feeding, so it needs a timer coin")
            if dice[s] > timers[s]:
                raise NotationError(
                    f"V9: {SUITS[s]}'s die shows {VALUES[dice[s]]}, above its timer coin {VALUES[timers[s]]}"
                )


def _check_points(tiles: list[int], coins: list[int], points: list[int]) -> None:
    """V10: each suit's points are what its scoring coins earned (tile value + coin value)."""
    for s in range(4):
        earned = sum(tiles[sq] % 6 + coins[sq] % 6 for sq in range(25) if coins[sq] >= 0 and coins[sq] // 6 == s)
        if points[s] != earned:
            raise NotationError(f"V10: {SUITS[s]} has {points[s]} points, but its scoring coins earned {earned}")


def _hole_problem(cell: str) -> str:
    """What is wrong with ``cell`` written on c3 (anything but ``#`` and the coins in the hole)."""
    problems = []
    if not cell.startswith("#") and _TILE_CELL.fullmatch(cell):
        problems.append("no tile lies on it")
    if "*" in cell:
        problems.append("no pawn stands on it")
    if not problems:
        problems.append("its cell is '#' followed only by the coins in the hole (e.g. #SnM2)")
    return " and ".join(problems)
