"""Quin move generation (§4, §6): every legal move of a position, with its action tuple.

``rules.py`` calls :func:`generate_setup` or :func:`generate_play` once per state and caches
the dict; ``apply.py`` builds the successor from the action tuple. The walks, diagonals and
move strings are tables made at import, so the generator only reads the board.
"""

from __future__ import annotations

from itertools import combinations, compress
from typing import TYPE_CHECKING

from abstracta.games.quin.board import (
    CENTRE,
    DIAGONALS,
    GATEWAYS,
    GRAVITY_TARGETS,
    IS_HORIZON,
    IS_IRIS,
    MAX_RANGE,
    NUM_SQUARES,
    PUSH_PATHS,
    RAYS_WITHIN,
    REFLECT_LANDINGS,
    SETUP_SQUARES,
    SIDE_OF,
    SQUARE_INDEX,
    SQUARE_NAMES,
    line_of,
)
from abstracta.games.quin.pieces import (
    ACCELERATED_AL_RANGE,
    AL,
    KIND_LETTERS,
    LIGHT,
    MEMORY,
    PERIPHERAL,
    RANGES,
    REFLECTOR,
    SHADOW,
    TIME,
    VOID,
)

if TYPE_CHECKING:
    from abstracta.games.quin.rules import QuinState

# Free actions used this turn (§5), a bitmask written "TMR" in notation.
FREE_TIME, FREE_MEMORY, FREE_RAISE = 1, 2, 4

MAX_SWAPS = 2


# Action tuples (the values of the moves() dict); the first item says which.
(A_STEP, A_DIAGONAL, A_SLING, A_TIME, A_SWAP, A_RAISE, A_REFLECT, A_GRAVITY, A_REINFORCE, A_PASS, A_PLACE,
 A_READY) = range(12)  # fmt: skip

_NAMES = SQUARE_NAMES
_STEP = tuple(tuple(f"{a}-{b}" for b in _NAMES) for a in _NAMES)  # "from-to" strings, made once
_TIME_TEXT = tuple(tuple(f"time {a} {b}" for b in _NAMES) for a in _NAMES)
_SWAP_TEXT = tuple(tuple(f"swap {a} {b}" for b in _NAMES) for a in _NAMES)
_SQUARES = tuple(range(NUM_SQUARES))
_STEP_ACTIONS = tuple(tuple((A_STEP, a, b) for b in range(len(_NAMES))) for a in range(len(_NAMES)))


def _walk_table(sq: int, reach: int, peripheral: bool) -> tuple:
    """The generator's walks from ``sq`` cut to ``reach`` (§6.2, §6.4), one per direction:
    ``(target, may stop, move string, action, rest, slings)`` for the first step, ``rest`` holding
    the later steps as ``(target, may stop, move string, action)``. Only a Peripheral may stop on
    the Horizon. ``slings`` maps each Horizon square of a ring walk to the slingshot over it,
    ``(landing, move string, action)``; it is ``None`` on a line walk."""
    walks = []
    for ray, ring_next in RAYS_WITHIN[sq][reach]:
        if not ray:
            continue
        steps = [(t, peripheral or not IS_HORIZON[t], _STEP[sq][t], _STEP_ACTIONS[sq][t]) for t in ray]
        slings = None
        if ring_next is not None:
            slings = {
                t: (ring_next[t], f"{_STEP[sq][ring_next[t]]} over {_NAMES[t]}", (A_SLING, sq, ring_next[t], t))
                for t in ray
                if IS_HORIZON[t]
            }
        walks.append((*steps[0], tuple(steps[1:]), slings))
    return tuple(walks)


_WALKS = tuple(tuple(_walk_table(sq, reach, False) for reach in range(MAX_RANGE + 1)) for sq in range(NUM_SQUARES))
"""``_WALKS[sq][reach]``: every direction's walk from ``sq`` for a piece of range ``reach``."""
_PERIPHERAL_WALKS = tuple(_walk_table(sq, RANGES[PERIPHERAL], True) for sq in range(NUM_SQUARES))
"""``_PERIPHERAL_WALKS[sq]``: the same for a Peripheral, which may stop on the Horizon."""

_DIAGONAL_STEPS = tuple(
    tuple((t, via_ring, via_line, _STEP[sq][t], (A_DIAGONAL, sq, t)) for t, via_ring, via_line in DIAGONALS[sq])
    for sq in range(NUM_SQUARES)
)
"""``_DIAGONAL_STEPS[sq]``: a Peripheral's diagonals (§6.3), ``(target, intermediates, move string, action)``."""

_GRAVITY_HEAD = tuple(f"gravity {name}: " for name in _NAMES)
_NEXT_PAIR = tuple(tuple(f", {a}-{b}" for b in _NAMES) for a in _NAMES)  # a Gravity's second and third pairs


# -- the generators ------------------------------------------------------------------------

def generate_setup(state: QuinState) -> dict[str, tuple]:
    """The setup phase's placements (§4), and ``ready``."""
    p, board, reserve = state.side, state.board, state.reserve[state.side]
    actions: dict[str, tuple] = {"ready": (A_READY,)}
    empty = [sq for sq in SETUP_SQUARES[p] if not board[sq]]
    for kind in range(8):
        if not reserve[kind] or kind == AL:
            continue
        letter = KIND_LETTERS[kind]
        for sq in empty:
            if kind == LIGHT and sq not in GATEWAYS[p]:
                continue
            actions[f"place {letter} {_NAMES[sq]}"] = (A_PLACE, kind, sq)
    return actions


def generate_play(state: QuinState) -> dict[str, tuple]:
    """Every legal play-phase move except the Gravity ones, which it leaves, in order, in
    ``state._gravity`` (§6)."""
    p = state.side
    board = state.board
    locked = state.locked
    free = state.free
    actions: dict[str, tuple] = {}
    own: list[int] = []
    rivals: list[int] = []
    time_square = memory_square = -1
    reflectors: list[int] = []
    lights: list[int] = []
    voids: list[int] = []
    has_shadow = state.reserve[p][SHADOW] > 0
    for sq in compress(_SQUARES, board):  # the occupied squares
        piece = board[sq]
        if (piece >> 3) & 1 != p:
            rivals.append(sq)
            continue
        own.append(sq)
        kind = piece & 7
        if kind == SHADOW:
            has_shadow = True
        elif kind == TIME:
            time_square = sq
        elif kind == MEMORY:
            memory_square = sq
        elif kind == REFLECTOR:
            reflectors.append(sq)
        elif kind == LIGHT or kind == AL:
            lights.append(sq)
        elif kind == VOID:
            voids.append(sq)
    al_range = RANGES[AL] if has_shadow else ACCELERATED_AL_RANGE

    # Moves (§6.2-§6.4): straight walks, Peripheral diagonals, slingshots.
    mine = p << 3  # the owner bit of the mover's pieces
    for sq in own:
        if locked and sq in locked:
            continue
        kind = board[sq] & 7
        if kind == PERIPHERAL:
            walks = _PERIPHERAL_WALKS[sq]
        else:
            walks = _WALKS[sq][al_range if kind == AL else RANGES[kind]]
        for target, may_stop, name, action, rest, slings in walks:
            piece = board[target]
            if not piece:
                if may_stop:  # others pass empty Horizon spaces but never stop there
                    actions[name] = action
                for target, may_stop, name, action in rest:
                    piece = board[target]
                    if piece:
                        break
                    if may_stop:
                        actions[name] = action
                else:
                    continue  # the walk ran out of range
            # The walk ends at a piece.
            if piece & 8 != mine:
                if may_stop:  # a flash; not on the Horizon, unless a Peripheral moves
                    actions[name] = action
            elif slings and piece & 7 == PERIPHERAL and target in slings:  # a slingshot (§6.4)
                landing, name, action = slings[target]
                piece = board[landing]
                if not piece or piece & 8 != mine:
                    actions[name] = action
        if kind == PERIPHERAL:
            for target, via_ring, via_line, name, action in _DIAGONAL_STEPS[sq]:
                if board[via_ring] and board[via_line]:
                    continue
                piece = board[target]
                if not piece or piece & 8 != mine:
                    actions[name] = action

    # Reflection (§6.8).
    for r in reflectors:
        landings = REFLECT_LANDINGS[r]
        if not landings:
            continue
        line = line_of(r)
        for s in lights:
            if s == CENTRE or IS_IRIS[s] or (line_of(s) - line) % 6:
                continue
            for d in landings:
                if d == s:
                    continue
                piece = board[d]
                if not piece or (piece >> 3) & 1 != p:
                    actions[f"reflect {_NAMES[s]} {_NAMES[d]} via {_NAMES[r]}"] = (A_REFLECT, s, d, r)

    # Gravity (§6.9): a block of strings in order, apart from the dict.
    gravity: tuple[str, ...] = ()
    if len(voids) > 1:
        for caster in voids:
            targets = tuple([t for t in GRAVITY_TARGETS[caster] if not board[t]])  # () for a caster on the Iris
            if targets:
                gravity += _gravity_moves(caster, tuple([v for v in voids if v != caster]), targets)
    state._gravity = gravity

    # Reinforcement (§6.10).
    open_gateways = tuple(g for g in GATEWAYS[p] if not board[g])
    reserve = state.reserve[p]
    if open_gateways and any(reserve):
        actions.update(_reinforcements(open_gateways, reserve))

    if not actions and not gravity:
        actions["pass"] = (A_PASS,)

    # Free actions (§6.5-§6.7).
    if time_square >= 0 and not free & FREE_TIME:
        for q in rivals:
            outward, inward = PUSH_PATHS[q]
            path = outward if SIDE_OF[q] != p else inward
            texts = _TIME_TEXT[q]
            for d in path:
                if board[d]:
                    break
                actions[texts[d]] = (A_TIME, q, d, time_square)
    if memory_square >= 0 and not free & FREE_MEMORY and state.memory[p] < MAX_SWAPS:
        m_side = SIDE_OF[memory_square]
        if memory_square != CENTRE and not IS_IRIS[memory_square]:
            texts = _SWAP_TEXT[memory_square]
            for q in own:
                if q == memory_square or q == CENTRE or IS_IRIS[q]:
                    continue
                q_side = SIDE_OF[q]
                # Same side, or one on a side and the other on the Horizon; never both on the Horizon.
                if (q_side == m_side or q_side < 0) if m_side >= 0 else q_side >= 0:
                    actions[texts[q]] = (A_SWAP, memory_square, q)
    if not state.raised[p]:
        removed = state.removed[p]
        gateways = [g for g in GATEWAYS[p] if not board[g]]
        for kind in range(8):
            if removed[kind]:
                letter = KIND_LETTERS[kind]
                for g in gateways:
                    actions[f"raise {letter} {_NAMES[g]}"] = (A_RAISE, kind, g)
    return actions


# -- Gravity and Reinforcement ----------------------------------------------------------------

def _gravity_moves(caster: int, others: tuple[int, ...], targets: tuple[int, ...]) -> tuple[str, ...]:
    """Every assignment of some of ``others`` (k >= 1, in square order) to distinct ``targets`` (§6.9),
    as move strings in sorted order. Cached by shape: a Void often casts the same Gravity again.

    Each string is followed by the ones that extend it, and ``others`` and ``targets`` are in square
    order, so the strings come out sorted. A player has at most 4 Voids: at most 3 others.
    """
    key = (caster, others, targets)
    cached = _GRAVITY_CACHE.get(key)
    if cached is not None:
        return cached
    head = _GRAVITY_HEAD[caster]
    result = []
    count = len(others)
    for i in range(count):
        first = _STEP[others[i]]
        for d1 in targets:
            one = head + first[d1]
            result.append(one)
            for j in range(i + 1, count):
                second = _NEXT_PAIR[others[j]]
                for d2 in targets:
                    if d2 == d1:
                        continue
                    two = one + second[d2]
                    result.append(two)
                    for k in range(j + 1, count):
                        third = _NEXT_PAIR[others[k]]
                        for d3 in targets:
                            if d3 != d1 and d3 != d2:
                                result.append(two + third[d3])
    cached = tuple(result)
    if len(_GRAVITY_CACHE) >= _GRAVITY_CACHE_LIMIT:
        _GRAVITY_CACHE.clear()
    _GRAVITY_CACHE[key] = cached
    return cached


_GRAVITY_CACHE: dict[tuple, tuple[str, ...]] = {}
_GRAVITY_CACHE_LIMIT = 8192  # entries (tuples of strings, which the garbage collector soon stops tracking)


def gravity_action(move: str) -> tuple:
    """The action of a Gravity move string from moves() (``gravity c: v1-d1, v2-d2``)."""
    head, _, tail = move.partition(": ")
    pairs = tuple(tuple(SQUARE_INDEX[name] for name in pair.split("-")) for pair in tail.split(", "))
    return (A_GRAVITY, SQUARE_INDEX[head[8:]], pairs)


_REINFORCE_CACHE_LIMIT = 20_000  # entries; the cache is cleared when full, so memory stays bounded
_REINFORCE_CACHE: dict[tuple, dict[str, tuple]] = {}


def _reinforcements(open_gateways: tuple[int, ...], reserve: tuple[int, ...]) -> dict[str, tuple]:
    """Every Reinforcement (§6.10): ALs on any gateways, plus at most one other kind. Cached by shape."""
    others = tuple(kind for kind in range(8) if kind != AL and reserve[kind])
    key = (open_gateways, reserve[AL], others)
    cached = _REINFORCE_CACHE.get(key)
    if cached is not None:
        return cached
    result: dict[str, tuple] = {}
    als = reserve[AL]
    for size in range(1, len(open_gateways) + 1):
        for chosen in combinations(open_gateways, size):
            if size <= als:
                entries = tuple((AL, g) for g in chosen)
                result[_reinforce_text(entries)] = (A_REINFORCE, entries)
            if size - 1 <= als:
                for special in others:
                    for index in range(size):
                        entries = tuple((special if i == index else AL, g) for i, g in enumerate(chosen))
                        result[_reinforce_text(entries)] = (A_REINFORCE, entries)
    if len(_REINFORCE_CACHE) >= _REINFORCE_CACHE_LIMIT:
        _REINFORCE_CACHE.clear()
    _REINFORCE_CACHE[key] = result
    return result


def _reinforce_text(entries: tuple[tuple[int, int], ...]) -> str:
    return "reinforce " + " ".join(f"{KIND_LETTERS[kind]}@{_NAMES[g]}" for kind, g in entries)

