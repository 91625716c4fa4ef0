"""Quin, Third Eye Mode: options, setup, turn, moves, effects, end (rules §3-§8).

Read alongside ``shared/rules/quin.md``; sections are cited as §n. The board is this
project's reconstruction (the publisher's is not public), so every geometric fact comes
from the rules file, not from the published game.

A state keeps the board as a tuple of 61 small ints (``pieces.py``), the reserves and
removed pieces as counts per kind, and the turn's flags as ints. ``moves()`` builds,
once per state, a dict from move string to a compact action tuple; ``play()`` looks the
string up and builds the successor directly.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations, compress
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove, NotationError
from abstracta.core.options import choice_option, int_option
from abstracta.core.rng import make_rng
from abstracta.games.quin import notation
from abstracta.games.quin.notation import E_DRAW, E_FLASH, E_PUSH, E_REMOVED, E_REVEAL, E_SLING, E_WIN
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
    ring_of,
    rotate_180,
)
from abstracta.games.quin.pieces import (
    ACCELERATED_AL_RANGE,
    AL,
    BOTH,
    CAPTURE,
    FLASH,
    KIND_LETTERS,
    LIGHT,
    MEMORY,
    PERIPHERAL,
    PIECE_COUNTS,
    RANGES,
    REFLECTOR,
    REVEALED,
    SHADOW,
    TIME,
    VOID,
    code,
)

if TYPE_CHECKING:
    from abstracta.games.quin.evaluation import QuinKnowledge
    from abstracta.games.quin.rl import QuinRL
    from abstracta.games.quin.view import QuinView

SEATS = ("S", "N")
SETUP, PLAY = 0, 1

# Free actions used this turn (§5), a bitmask written "TMR" in notation.
FREE_TIME, FREE_MEMORY, FREE_RAISE = 1, 2, 4

MAX_SWAPS = 2
QUIET_TURNS = 100  # §8: the quiet-turn draw

# Action tuples (the values of the moves() dict); the first item says which.
(A_STEP, A_DIAGONAL, A_SLING, A_TIME, A_SWAP, A_RAISE, A_REFLECT, A_GRAVITY, A_REINFORCE, A_PASS, A_PLACE,
 A_READY) = range(12)  # fmt: skip

WIN_CAPTURE, WIN_FIRST_SIGHT = "capture", "first-sight"
DRAW_TURNS, DRAW_QUIET = "turns", "quiet"

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

# -- setups (§4) --------------------------------------------------------------------------
STANDARD_SOUTH = (
    ("L", "f5"), ("S", "e3"), ("S", "g3"), ("R", "e4"), ("R", "g4"), ("M", "f4"), ("T", "f3"),
    ("P", "d5"), ("P", "h5"), ("V", "d4"), ("V", "h4"), ("V", "e2"), ("V", "g2"),
)  # fmt: skip
RANDOM_ORDER = "SSRRMTPPVVVV"  # the 12 pieces random setup deals out, in this order
RANDOM_CELLS = tuple(
    tuple(sorted(SQUARE_NAMES[sq] for sq in SETUP_SQUARES[side] if ring_of(sq) >= 3)) for side in (0, 1)
)
"""Per side, the 15 squares random setup deals onto (rings 3-5 of the side, Gateways included), sorted."""
EMPTY_HALF = (0,) * 8
AL_ONLY = (0, 0, PIECE_COUNTS[AL], 0, 0, 0, 0, 0)
LIGHT_AND_ALS = (1, 0, PIECE_COUNTS[AL], 0, 0, 0, 0, 0)  # random setup's reserve: the Light waits there (D17b)


class Quin(Game):
    slug = "quin"
    title = "Quin"
    description = ("Hidden pieces on a circular board: rivals see only the backs until a flash reveals them.\n"
                   "Bring your Light to the centre or capture the rival's Light, using every power.")
    board_module = "web/board.js"
    rules_module = "web/rules.js"
    perfect_information = False
    option_specs = (
        choice_option(
            "setup",
            "random",
            ("standard", "random", "manual"),
            help="starting placement: fixed, dealt from the seed, or placed by the players",
        ),
        int_option("max_turns", 300, 1, help="draw once this many play-phase turns were completed"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.max_turns = self.options["max_turns"]

    def start(self, seed: int | None = None) -> "QuinState":
        setup = self.options["setup"]
        if setup == "manual":
            full = tuple(PIECE_COUNTS)
            return new_state(self, (0,) * NUM_SQUARES, 0, SETUP, (full, full), (EMPTY_HALF, EMPTY_HALF),
                             (0, 0), (0, 0), 0, (), 0, 0, ())  # fmt: skip
        board = [0] * NUM_SQUARES
        if setup == "standard":
            for kind, name in STANDARD_SOUTH:
                sq = SQUARE_INDEX[name]
                board[sq] = code(KIND_LETTERS.index(kind), 0, False)
                board[rotate_180(sq)] = code(KIND_LETTERS.index(kind), 1, False)
            reserves = (AL_ONLY, AL_ONLY)
        else:
            # §4 exactly: South's deal, then North's, from one generator; the Lights stay in reserve.
            rng = make_rng(seed)
            for player in (0, 1):
                for kind, name in zip(RANDOM_ORDER, rng.sample(RANDOM_CELLS[player], len(RANDOM_ORDER))):
                    board[SQUARE_INDEX[name]] = code(KIND_LETTERS.index(kind), player, False)
            reserves = (LIGHT_AND_ALS, LIGHT_AND_ALS)
        return new_state(self, tuple(board), 0, PLAY, reserves, (EMPTY_HALF, EMPTY_HALF),
                         (0, 0), (0, 0), 0, (), 0, 0, ())  # fmt: skip

    def make_knowledge(self) -> "QuinKnowledge":
        """Worlds consistent with a view, and position values, for the generic searches (``evaluation.py``)."""
        from abstracta.games.quin.evaluation import QuinKnowledge

        return QuinKnowledge()

    def rl_adapter(self) -> "QuinRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.quin.rl import QuinRL

        return QuinRL(self)

    def parse(self, text: str) -> "State":
        """A full position (11 fields, §9.1), or a player's view of one (12 fields, §9.3)."""
        fields = notation.parse_fields(text)
        if fields.viewer is not None:
            from abstracta.games.quin.view import QuinView

            return QuinView.from_fields(self, fields)
        state = new_state(self, *fields.state_args(), ())
        state._effects = ()  # a parsed position has no history, even when the game is over
        return state

    def from_json(self, data: Any) -> "State":
        """A saved state: the project's shape ``{"game", "options", "position", "last_effects"}``
        (what ``to_json`` writes), or the rules file's bare ``{"notation": ...}`` (§9.1)."""
        if isinstance(data, dict) and "position" not in data and "notation" in data:
            data = {**data, "position": data["notation"]}
        game, position = self.read_saved(data)
        state = game.parse(position)
        effects = notation.effects_from_json(data.get("last_effects", []))
        state._effects = tuple(_pushed_as_on_board(state.board, e) if e[0] == E_PUSH else e for e in effects)
        return state


def _pushed_as_on_board(board: tuple, effect: tuple) -> tuple:
    """A saved push names the piece by letter only; its revealed flag (which decides whether a view
    may name it) is the one of the piece now standing on the push's destination."""
    kind, frm, to, piece = effect
    there = board[to]
    if there <= 0:  # hidden in the view being restored
        return (kind, frm, to, -1)
    if piece >= 0 and (piece & 15) != (there & 15):
        raise NotationError(
            f"last_effects: the push to {SQUARE_NAMES[to]} names a piece that is not the one standing there"
        )
    return (kind, frm, to, there)


class QuinState(State):
    """One position; see ``pieces.py`` for the piece codes and ``board.py`` for square indices."""

    __slots__ = (
        "game", "board", "side", "phase", "reserve", "removed", "memory", "raised", "free", "locked",
        "turns", "quiet", "player", "seat", "over", "winner", "end", "_effects", "_actions", "_gravity", "_sorted",
    )  # fmt: skip

    # -- the standard set ---------------------------------------------------------------
    def moves(self) -> list[str]:
        if self.over:
            return []
        ordered = self._sorted
        if ordered is None:
            ordered = sorted(self._legal())
            gravity = self._gravity
            if gravity:  # already in order (see _gravity_moves): splice the block in
                at = bisect_left(ordered, "gravity ")
                ordered[at:at] = gravity
            self._sorted = ordered
        return list(ordered)

    def play(self, move: str) -> "QuinState":
        action = None if self.over else self._action(move)
        if action is None:
            raise IllegalMove(why_illegal(self, move))
        return _ACTIONS[action[0]](self, action)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def termination(self) -> str | None:
        return end_word(self.end) if self.over else None

    def scores(self) -> list[int]:
        """Pieces in each player's Zero G: North's removed pieces, then South's (§8)."""
        return [sum(self.removed[1]), sum(self.removed[0])]

    def last_effects(self) -> list[dict[str, Any]]:
        return notation.effects_to_json(self._effects)

    def notation(self) -> str:
        return notation.format_position(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "position": self.notation(),
            "last_effects": self.last_effects(),
        }

    def view(self, player: int | None) -> "QuinView":
        """What ``player`` may know (§9.3); ``None`` is a spectator, who sees neither side's hidden kinds."""
        super().view(player)  # refuses a bad player number
        from abstracta.games.quin.view import QuinView

        return QuinView.of(self, player)

    def public_move(self, move: str) -> str:
        return public_move(move)

    # -- helpers for readers (renderer, tests) -----------------------------------------
    def al_range(self, player: int) -> int:
        """§7.4: 5 while ``player`` has no Shadow on the board or in reserve, else 2."""
        if self.reserve[player][SHADOW]:
            return RANGES[AL]
        shadow = code(SHADOW, player, False) & ~REVEALED
        for piece in self.board:
            if piece & ~REVEALED == shadow:
                return RANGES[AL]
        return ACCELERATED_AL_RANGE

    # -- legal actions (§4, §6) -----------------------------------------------------------
    def _legal(self) -> dict[str, tuple]:
        """Every legal move except the Gravity ones (kept in order in ``self._gravity``), with its action."""
        actions = self._actions
        if actions is None:  # a setup has no Gravity: new_state leaves ``_gravity`` empty
            actions = self._actions = self._generate_setup() if self.phase == SETUP else self._generate_play()
        return actions

    def _action(self, move: object) -> tuple | None:
        """The action ``move`` stands for, or ``None`` when it is not legal here."""
        try:
            action = self._legal().get(move)
        except TypeError:  # an unhashable "move"
            return None
        if action is None and isinstance(move, str) and move.startswith("gravity "):
            gravity = self._gravity
            at = bisect_left(gravity, move)
            if at < len(gravity) and gravity[at] == move:
                return _gravity_action(move)
        return action

    def _generate_setup(self) -> dict[str, tuple]:
        p, board, reserve = self.side, self.board, self.reserve[self.side]
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

    def _generate_play(self) -> dict[str, tuple]:
        p = self.side
        board = self.board
        locked = self.locked
        free = self.free
        actions: dict[str, tuple] = {}
        own: list[int] = []
        rivals: list[int] = []
        time_square = memory_square = -1
        reflectors: list[int] = []
        lights: list[int] = []
        voids: list[int] = []
        has_shadow = self.reserve[p][SHADOW] > 0
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
        self._gravity = gravity

        # Reinforcement (§6.10).
        open_gateways = tuple(g for g in GATEWAYS[p] if not board[g])
        reserve = self.reserve[p]
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
        if memory_square >= 0 and not free & FREE_MEMORY and self.memory[p] < MAX_SWAPS:
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
        if not self.raised[p]:
            removed = self.removed[p]
            gateways = [g for g in GATEWAYS[p] if not board[g]]
            for kind in range(8):
                if removed[kind]:
                    letter = KIND_LETTERS[kind]
                    for g in gateways:
                        actions[f"raise {letter} {_NAMES[g]}"] = (A_RAISE, kind, g)
        return actions


def public_move(move: str) -> str:
    """§6.13: what the rival learns from ``move``: a Reinforcement's and a placement's kinds become ``?``.

    >>> public_move("reinforce A@e5 L@g5"), public_move("place T e3"), public_move("d3-b3 over c3")
    ('reinforce ?@e5 ?@g5', 'place ? e3', 'd3-b3 over c3')
    """
    if not isinstance(move, str):
        return move
    if move.startswith("reinforce "):
        return "reinforce " + " ".join("?" + entry[1:] for entry in move[10:].split(" "))
    if move.startswith("place "):
        return "place ? " + move[8:]
    return move


# -- move generation helpers ----------------------------------------------------------------

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


def _gravity_action(move: str) -> tuple:
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


# -- playing actions (§7.3) ------------------------------------------------------------------

def _flash(board: list[int], removed: list[list[int]], frm: int, to: int, attacker: int, effects: list) -> None:
    """The attacker (already lifted from ``frm``) flashes the defender on ``to`` (§7.1)."""
    defender = board[to]
    attacker |= REVEALED
    defender |= REVEALED
    result = FLASH[attacker & 7][defender & 7]
    effects.append((E_FLASH, to, frm, attacker, defender, result))
    if result == CAPTURE:
        board[to] = attacker
        removed[(defender >> 3) & 1][defender & 7] += 1
        effects.append((E_REMOVED, to, defender))
    elif result == BOTH:
        board[to] = 0
        removed[(defender >> 3) & 1][defender & 7] += 1
        removed[(attacker >> 3) & 1][attacker & 7] += 1
        effects.append((E_REMOVED, to, defender))
        effects.append((E_REMOVED, frm, attacker))
    else:
        board[to] = attacker
        board[frm] = defender


def _reveals(board: tuple[int, ...], squares) -> list:
    """Reveal entries for the unrevealed pieces on ``squares``, in square order (§10)."""
    return [(E_REVEAL, sq, board[sq]) for sq in sorted(squares) if board[sq] and not board[sq] & REVEALED]


def _play_move(state: QuinState, action: tuple) -> QuinState:
    """A straight move, a Peripheral diagonal or a slingshot (§6.2-§6.4)."""
    kind, frm, to = action[0], action[1], action[2]
    old = state.board
    piece = old[frm]
    target = old[to]
    if kind == A_STEP and not target and not (IS_HORIZON[to] and piece & 7 == PERIPHERAL):
        # The plain quiet step, the most common ply: no reveal, no flash.
        board = list(old)
        board[frm] = 0
        board[to] = piece
        return _end_turn(state, tuple(board), state.removed, False, ())
    reveal_squares = []
    if target:
        reveal_squares += [frm, to]
    elif kind != A_SLING:  # a Peripheral diagonal, or a Peripheral stopping on the Horizon
        reveal_squares.append(frm)
    if kind == A_SLING:
        reveal_squares.append(action[3])
    effects = _reveals(old, reveal_squares)
    board = list(old)
    if kind == A_SLING:
        effects.append((E_SLING, action[3]))
        board[action[3]] |= REVEALED
    board[frm] = 0
    if target:
        removed = [list(state.removed[0]), list(state.removed[1])]
        _flash(board, removed, frm, to, piece, effects)
        return _end_turn(state, tuple(board), (tuple(removed[0]), tuple(removed[1])), True, tuple(effects))
    if kind != A_SLING:  # a diagonal, or a Peripheral stopping on the Horizon, shows the Peripheral
        piece |= REVEALED
    board[to] = piece
    return _end_turn(state, tuple(board), state.removed, False, tuple(effects))


def _play_reflect(state: QuinState, action: tuple) -> QuinState:
    _, s, d, r = action
    old = state.board
    effects = _reveals(old, [r, s, d] if old[d] else [r])
    board = list(old)
    board[r] |= REVEALED
    piece = board[s]
    board[s] = 0
    removed = state.removed
    if old[d]:
        lists = [list(removed[0]), list(removed[1])]
        _flash(board, lists, s, d, piece, effects)
        removed = (tuple(lists[0]), tuple(lists[1]))
    else:
        board[d] = piece
    return _end_turn(state, tuple(board), removed, True, tuple(effects))


def _play_gravity(state: QuinState, action: tuple) -> QuinState:
    _, caster, pairs = action
    old = state.board
    effects = _reveals(old, [caster] + [v for v, _ in pairs])
    board = list(old)
    board[caster] |= REVEALED
    moved = [(d, old[v] | REVEALED) for v, d in pairs]
    for v, _ in pairs:
        board[v] = 0
    for d, piece in moved:
        board[d] = piece
    return _end_turn(state, tuple(board), state.removed, True, tuple(effects))


def _play_reinforce(state: QuinState, action: tuple) -> QuinState:
    p = state.side
    board = list(state.board)
    reserve = list(state.reserve[p])
    for kind, g in action[1]:
        board[g] = code(kind, p, False)
        reserve[kind] -= 1
    reserves = (tuple(reserve), state.reserve[1]) if p == 0 else (state.reserve[0], tuple(reserve))
    return _end_turn(state, tuple(board), state.removed, True, (), reserves)


def _play_pass(state: QuinState, action: tuple) -> QuinState:
    return _end_turn(state, state.board, state.removed, False, ())


def _end_turn(
    state: QuinState, board: tuple, removed: tuple, eventful: bool, effects: tuple, reserve: tuple | None = None
) -> QuinState:
    """§5 end of turn: count the turn, update the quiet count, clear the turn's flags, switch sides."""
    quiet = 0 if eventful or state.free else state.quiet + 1
    return new_state(
        state.game, board, 1 - state.side, PLAY, state.reserve if reserve is None else reserve, removed,
        state.memory, state.raised, 0, (), state.turns + 1, quiet, effects,
    )  # fmt: skip


def _play_time(state: QuinState, action: tuple) -> QuinState:
    _, q, d, time_square = action
    p = state.side
    old = state.board
    effects = _reveals(old, [time_square])
    board = list(old)
    pushed = old[q]
    board[q] = 0
    board[d] = pushed
    board[time_square] = 0
    effects.append((E_PUSH, q, d, pushed))
    effects.append((E_REMOVED, time_square, old[time_square] | REVEALED))
    removed = list(state.removed[p])
    removed[TIME] += 1
    removeds = (tuple(removed), state.removed[1]) if p == 0 else (state.removed[0], tuple(removed))
    return _free_action(
        state, tuple(board), removeds, state.memory, state.raised, FREE_TIME, state.locked, tuple(effects)
    )


def _play_swap(state: QuinState, action: tuple) -> QuinState:
    _, m, q = action
    p = state.side
    old = state.board
    effects = _reveals(old, [m])
    board = list(old)
    board[m] = old[q]
    board[q] = old[m] | REVEALED
    memory = (state.memory[0] + 1, state.memory[1]) if p == 0 else (state.memory[0], state.memory[1] + 1)
    locked = (m, q) if m < q else (q, m)
    return _free_action(state, tuple(board), state.removed, memory, state.raised, FREE_MEMORY, locked, tuple(effects))


def _play_raise(state: QuinState, action: tuple) -> QuinState:
    _, kind, g = action
    p = state.side
    board = list(state.board)
    board[g] = code(kind, p, True)
    removed = list(state.removed[p])
    removed[kind] -= 1
    removeds = (tuple(removed), state.removed[1]) if p == 0 else (state.removed[0], tuple(removed))
    raised = (1, state.raised[1]) if p == 0 else (state.raised[0], 1)
    return _free_action(state, tuple(board), removeds, state.memory, raised, FREE_RAISE, state.locked, ())


def _free_action(state, board, removed, memory, raised, flag, locked, effects) -> QuinState:
    """A free action (§5): the same player stays to move and no turn is counted."""
    return new_state(
        state.game, board, state.side, PLAY, state.reserve, removed, memory, raised, state.free | flag,
        locked, state.turns, state.quiet, effects,
    )  # fmt: skip


def _play_place(state: QuinState, action: tuple) -> QuinState:
    _, kind, sq = action
    p = state.side
    board = list(state.board)
    board[sq] = code(kind, p, False)
    reserve = list(state.reserve[p])
    reserve[kind] -= 1
    reserves = (tuple(reserve), state.reserve[1]) if p == 0 else (state.reserve[0], tuple(reserve))
    return new_state(state.game, tuple(board), p, SETUP, reserves, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ())


def _play_ready(state: QuinState, action: tuple) -> QuinState:
    if state.side == 0:
        return new_state(
            state.game, state.board, 1, SETUP, state.reserve, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ()
        )
    return new_state(state.game, state.board, 0, PLAY, state.reserve, state.removed, (0, 0), (0, 0), 0, (), 0, 0, ())


_ACTIONS = {
    A_STEP: _play_move,
    A_DIAGONAL: _play_move,
    A_SLING: _play_move,
    A_TIME: _play_time,
    A_SWAP: _play_swap,
    A_RAISE: _play_raise,
    A_REFLECT: _play_reflect,
    A_GRAVITY: _play_gravity,
    A_REINFORCE: _play_reinforce,
    A_PASS: _play_pass,
    A_PLACE: _play_place,
    A_READY: _play_ready,
}
_ACTIONS = tuple(_ACTIONS[i] for i in range(len(_ACTIONS)))


# -- building states, and the end of the game (§8) --------------------------------------------

def new_state(
    game: Quin,
    board: tuple,
    side: int,
    phase: int,
    reserve: tuple,
    removed: tuple,
    memory: tuple,
    raised: tuple,
    free: int,
    locked: tuple,
    turns: int,
    quiet: int,
    effects: tuple,
) -> QuinState:
    """Build a state directly (no copying) and decide whether the game is over (§8)."""
    state = object.__new__(QuinState)
    state.game = game
    state.board = board
    state.side = side
    state.phase = phase
    state.reserve = reserve
    state.removed = removed
    state.memory = memory
    state.raised = raised
    state.free = free
    state.locked = locked
    state.turns = turns
    state.quiet = quiet
    state._actions = None
    state._gravity = ()
    state._sorted = None
    winner, end = judge(game.max_turns, phase, board, removed, turns, quiet)
    state.winner = winner
    state.end = end
    if end is not None:
        state.over = True
        state.player = None
        state.seat = None
        effects = effects + ((E_WIN, winner, end) if winner is not None else (E_DRAW, end),)
    else:
        state.over = False
        state.player = side
        state.seat = SEATS[side]
    state._effects = effects
    return state


def end_word(end: str | None) -> str:
    """A game end reason of :func:`judge` as a record's termination word."""
    return {DRAW_TURNS: "turn limit", DRAW_QUIET: "quiet turns"}.get(end or "", "normal")


def judge(
    max_turns: int, phase: int, board: tuple, removed: tuple, turns: int, quiet: int
) -> tuple[int | None, str | None]:
    """``(winner, reason)`` by the first condition of §8 that holds, ``(None, None)`` when play goes on."""
    if phase != PLAY:
        return None, None
    if removed[0][LIGHT]:
        return 1, WIN_CAPTURE
    if removed[1][LIGHT]:
        return 0, WIN_CAPTURE
    centre = board[CENTRE]
    if centre and centre & 7 == LIGHT:
        return (centre >> 3) & 1, WIN_FIRST_SIGHT
    if turns >= max_turns:
        return None, DRAW_TURNS
    if quiet >= QUIET_TURNS:
        return None, DRAW_QUIET
    return None, None


# -- why a move is refused ----------------------------------------------------------------------

def why_illegal(state: QuinState, move: object) -> str:
    """The reason ``move`` is not in ``state.moves()``, quoting the move and the position."""
    from abstracta.games.quin.explain import explain

    return f"illegal move {move!r} in {state.notation()}: {explain(state, move)}"
