"""Fixed action numberings: every move string a game's grammar allows gets one integer.

Each game has an :class:`ActionTable` built once per game (its size depends only on the
game and its options). Most moves are numbered by a static table (move string -> int)
derived from the board geometry; the two Quin moves whose strings are too varied for a
static table (Gravity and Reinforcement) are numbered relative to the mover's pieces, so
they need the state. ``docs/rl.md`` lists every numbering with examples.

Chance outcomes (Strategic Reserve's dice) are not agent actions: they have their own
numbering, :meth:`ActionTable.chance_outcomes`, used by the environments' chance nodes.

The module reads games only through the contract: ``state.moves()``, ``state.player``,
``state.view(player).notation()`` and the game's options.
"""

from __future__ import annotations

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE

# ---------------------------------------------------------------------------------------
# helpers


def _squares(files: str, ranks: int) -> list[str]:
    """Square names file-major (``a1 a2 ... a<r> b1 ...``), which is Python's string order."""
    return [f"{f}{r}" for f in files for r in range(1, ranks + 1)]


class ActionTable:
    """The action numbering of one game under one option set.

    ``size`` actions numbered ``0 .. size-1``; ``static`` maps move strings to actions for
    every move whose number does not depend on the position.
    """

    slug: str = ""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names: list[str] = []  # action -> move string, where the number is static
        self._build()
        self.static: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.size = self._size()

    def _build(self) -> None:
        raise NotImplementedError

    def _size(self) -> int:
        return len(self.names)

    # -- agent actions ---------------------------------------------------------------------
    def encode(self, state: State, move: str) -> int:
        """The action of ``move`` in ``state``; ``ValueError`` for a string outside the grammar."""
        action = self.static.get(move)
        if action is None:
            raise ValueError(f"{move!r} is not a move of {self.game.slug} in this position")
        return action

    def legal(self, state: State) -> tuple[list[str], list[int]]:
        """``(moves, actions)``: the state's legal moves and their actions, index for index."""
        moves = state.moves()
        static = self.static
        try:
            return moves, [static[m] for m in moves]
        except KeyError:
            return moves, [self.encode(state, m) for m in moves]

    def decode(self, state: State, action: int) -> str:
        """The legal move numbered ``action`` in ``state``; ``ValueError`` when it is not legal."""
        moves, actions = self.legal(state)
        for move, number in zip(moves, actions):
            if number == action:
                return move
        raise ValueError(f"action {action} is not legal in this {self.game.slug} position")

    # -- chance ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[str]:
        """Every outcome a chance node of this game can list, in a fixed order ([] when none)."""
        return []


# ---------------------------------------------------------------------------------------
# Strategic Reserve: 36 placements; the 36 rolls are chance outcomes


class StrategicReserveActions(ActionTable):
    slug = "strategic-reserve"

    def _build(self) -> None:
        self.names = _squares("abcdef", 6)  # a1=0, a2=1, ..., f6=35

    def chance_outcomes(self) -> list[str]:
        return [f"{p},{g}" for p in range(1, 7) for g in range(1, 7)]


# ---------------------------------------------------------------------------------------
# Laser Chess: square x (8 steps/swaps by direction, clockwise, counter-clockwise) + draw

LASER_DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""n ne e se s sw w nw as (file step, rank step)."""


class LaserChessActions(ActionTable):
    slug = "laser-chess"

    def _build(self) -> None:
        files = "abcdefghij"
        for square in _squares(files, 8):
            f, r = files.index(square[0]), int(square[1])
            for k, (df, dr) in enumerate(LASER_DIRECTIONS):
                tf, tr = f + df, r + dr
                on_board = 0 <= tf < 10 and 1 <= tr <= 8
                self.names.append(f"{square}-{files[tf]}{tr}" if on_board else f"{square}-off-{k}")
            self.names += [f"{square}+", f"{square}-"]
        self.names.append("draw")


# ---------------------------------------------------------------------------------------
# Reflec: drops, coin moves, laser moves, spins, swaps, fire, end

REFLEC_SUITS = "SMCA"
ORTHOGONAL = (("n", 0, 1), ("e", 1, 0), ("s", 0, -1), ("w", -1, 0))
FACINGS = "nesw"


class ReflecActions(ActionTable):
    slug = "reflec"

    def _build(self) -> None:
        files = "abcdefgh"
        squares = _squares(files, 8)

        def neighbour(square: str, df: int, dr: int) -> str | None:
            f, r = files.index(square[0]) + df, int(square[1]) + dr
            return f"{files[f]}{r}" if 0 <= f < 8 and 1 <= r <= 8 else None

        names = self.names
        for suit in REFLEC_SUITS:  # drops: 4 x 64 x 4 = 1024
            names += [f"{suit}@{sq}{facing}" for sq in squares for facing in FACINGS]
        for sq in squares:  # coin moves: 64 x 4 directions x 4 facings = 1024
            for name, df, dr in ORTHOGONAL:
                target = neighbour(sq, df, dr) or f"off-{name}"
                names += [f"{sq}-{target}{facing}" for facing in FACINGS]
        for sq in squares:  # laser moves: 64 x 4
            for name, df, dr in ORTHOGONAL:
                target = neighbour(sq, df, dr) or f"off-{name}"
                names.append(f"{sq}-{target}")
        names += [f"{sq}={facing}" for sq in squares for facing in FACINGS]  # spins: 64 x 4
        for sq in squares:  # swaps with the north and the east neighbour: 64 x 2
            for name, df, dr in (("n", 0, 1), ("e", 1, 0)):
                target = neighbour(sq, df, dr)
                names.append(f"{sq}x{target}" if target else f"{sq}x-off-{name}")
        names += [f"*{d}" for d in FACINGS]
        names.append("end")


# ---------------------------------------------------------------------------------------
# Desfases: pawn moves from x to y, stay, score, hole, feed

DESFASES_VALUES = "na2345"


class DesfasesActions(ActionTable):
    slug = "desfases"

    def _build(self) -> None:
        squares = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]  # the rules' square order
        self.names = [f"{a}-{b}" for a in squares for b in squares]  # 625 (a-a never legal)
        self.names.append("stay")
        self.names += [f"score {sq}" for sq in squares]
        self.names.append("hole")
        self.names += [f"feed {v}" for v in DESFASES_VALUES]


# ---------------------------------------------------------------------------------------
# Quin

QUIN_LINES = "abcdefghijkl"
QUIN_SQUARES = sorted([f"{x}{r}" for x in QUIN_LINES for r in range(1, 6)] + ["o"])
QUIN_INDEX = {sq: i for i, sq in enumerate(QUIN_SQUARES)}
QUIN_KINDS = "LSARMTPV"
QUIN_HORIZON = [f"{x}{r}" for x in "ci" for r in range(1, 6)]
QUIN_GATEWAYS = {0: ["d5", "e5", "f5", "g5", "h5"], 1: ["a5", "b5", "j5", "k5", "l5"]}
QUIN_OTHER_KINDS = "LSRMTPV"  # what may join Artificial Lights in a Reinforcement


def _quin_ring_step(square: str, hours: int) -> str:
    x, r = square[0], square[1]
    return f"{QUIN_LINES[(QUIN_LINES.index(x) + hours) % 12]}{r}"


def quin_neighbours(square: str) -> list[str]:
    """The spaces adjacent to ``square`` (rules 2.2), in square order."""
    if square == "o":
        return [f"{x}1" for x in QUIN_LINES]
    x, r = square[0], int(square[1])
    result = [_quin_ring_step(square, 1), _quin_ring_step(square, -1)]
    result.append(f"{x}{r - 1}" if r > 1 else "o")
    if r < 5:
        result.append(f"{x}{r + 1}")
    return sorted(result)


class QuinActions(ActionTable):
    """Quin's numbering; see docs/rl.md for the blocks.

    Static blocks: step ``from-to`` (61 x 61), slingshot ``from-to over p`` (61 from x 10
    Horizon p x 2 sides), time ``time q d`` (61 q x ring of d), swap ``swap m q`` (61 x 61),
    raise ``raise K g`` (8 kinds x 10 Gateways), reflect ``reflect s d via r`` (61 r x s on the
    diameter (2 lines x 5 rings) x d inward/outward), place ``place K sq`` (8 x 61), ``ready``,
    ``pass``. Relative blocks: Gravity (caster x for each of its 4 neighbour slots: nobody or
    the 1st/2nd/3rd other own Void in square order) and Reinforcement (the set of own
    Gateways getting an Artificial Light x nothing else or one other kind on one Gateway).
    """

    slug = "quin"
    N = len(QUIN_SQUARES)  # 61

    def _build(self) -> None:
        sq = QUIN_SQUARES
        names = self.names
        names += [f"{a}-{b}" for a in sq for b in sq]  # steps (a-a never legal)
        self.sling_base = len(names)
        for a in sq:
            for p in QUIN_HORIZON:
                for side in (1, -1):
                    names.append(f"{a}-{_quin_ring_step(p, side)} over {p}")
        self.time_base = len(names)
        for q in sq:
            for ring in range(1, 6):
                names.append(f"time {q} {q[0]}{ring}" if q != "o" else f"time o o{ring}")
        names += [f"swap {a} {b}" for a in sq for b in sq]
        gateways = QUIN_GATEWAYS[0] + QUIN_GATEWAYS[1]
        names += [f"raise {k} {g}" for k in QUIN_KINDS for g in sorted(gateways)]
        for r in sq:
            line_options = [r[0], QUIN_LINES[(QUIN_LINES.index(r[0]) + 6) % 12]] if r != "o" else ["o", "o"]
            for line in line_options:
                for ring in range(1, 6):
                    s = f"{line}{ring}"
                    for dr in (-1, 1):
                        d = f"{r[0]}{int(r[1]) + dr}" if r != "o" else "o"
                        names.append(f"reflect {s} {d} via {r}")
        names += [f"place {k} {s}" for k in QUIN_KINDS for s in sq]
        names += ["ready", "pass"]
        # static names that cannot occur (off-board rings, 'o' placeholders) stay unique but unused
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name in seen:
                names[i] = f"{name} #{i}"
            seen.add(name)
        self.gravity_base = len(names)
        self.gravity_size = self.N * 4**4
        self.reinforce_base = self.gravity_base + self.gravity_size
        self.reinforce_size = 32 * (1 + 5 * len(QUIN_OTHER_KINDS))

    def _size(self) -> int:
        return self.reinforce_base + self.reinforce_size

    # The relative blocks need the mover's Voids / Gateways, read from its own view.
    def _own_voids(self, state: State) -> list[str]:
        player = state.player
        letter = "V" if player == 0 else "v"
        board = state.view(player).notation().split(" ", 1)[0]
        if board == "-":
            return []
        return [_entry_square(entry) for entry in board.split(",") if _entry_kind(entry) == letter]

    def encode(self, state: State, move: str) -> int:
        action = self.static.get(move)
        if action is not None:
            return action
        if move.startswith("gravity "):
            return self._encode_gravity(state, move, self._own_voids(state))
        if move.startswith("reinforce "):
            return self._encode_reinforce(state.player, move)
        raise ValueError(f"{move!r} is not a move of quin in this position")

    def legal(self, state: State) -> tuple[list[str], list[int]]:
        moves = state.moves()
        static = self.static
        actions: list[int] = []
        voids: list[str] | None = None
        for m in moves:
            a = static.get(m)
            if a is None:
                if m.startswith("gravity "):
                    if voids is None:
                        voids = self._own_voids(state)
                    a = self._encode_gravity(state, m, voids)
                elif m.startswith("reinforce "):
                    a = self._encode_reinforce(state.player, m)
                else:
                    raise ValueError(f"{m!r} is not a move of quin in this position")
            actions.append(a)
        return moves, actions

    def _encode_gravity(self, state: State, move: str, voids: list[str]) -> int:
        head, pairs = move[len("gravity "):].split(": ")
        caster = head
        slots = quin_neighbours(caster)
        others = [v for v in voids if v != caster]
        digits = [0, 0, 0, 0]
        for pair in pairs.split(", "):
            source, target = pair.split("-")
            digits[slots.index(target)] = others.index(source) + 1
        code = digits[0] + 4 * digits[1] + 16 * digits[2] + 64 * digits[3]
        return self.gravity_base + QUIN_INDEX[caster] * 256 + code

    def _encode_reinforce(self, player: int | None, move: str) -> int:
        gateways = QUIN_GATEWAYS[player or 0]
        mask, extra = 0, 0
        for entry in move[len("reinforce "):].split(" "):
            kind, gateway = entry.split("@")
            slot = gateways.index(gateway)
            if kind == "A":
                mask |= 1 << slot
            else:
                extra = 1 + slot * len(QUIN_OTHER_KINDS) + QUIN_OTHER_KINDS.index(kind)
        return self.reinforce_base + mask * (1 + 5 * len(QUIN_OTHER_KINDS)) + extra


def _entry_square(entry: str) -> str:
    return "o" if entry[0] == "o" else entry[:2]


def _entry_kind(entry: str) -> str:
    return entry[1] if entry[0] == "o" else entry[2]


# ---------------------------------------------------------------------------------------

TABLES: dict[str, type[ActionTable]] = {
    cls.slug: cls
    for cls in (StrategicReserveActions, LaserChessActions, ReflecActions, DesfasesActions, QuinActions)
}
_CACHE: dict[tuple[str, str], ActionTable] = {}


def action_table(game: Game) -> ActionTable:
    """The (cached) action table of ``game`` under its options."""
    key = (game.slug, repr(sorted(game.options.items(), key=lambda kv: kv[0])))
    table = _CACHE.get(key)
    if table is None:
        cls = TABLES.get(game.slug)
        if cls is None:
            raise ValueError(f"no action numbering for game {game.slug!r}; known: {', '.join(sorted(TABLES))}")
        table = _CACHE[key] = cls(game)
    return table


def action_space_size(game: Game) -> int:
    """Number of actions of ``game`` (fixed for the game and its options)."""
    return action_table(game).size


def move_to_action(state: State, move: str) -> int:
    """The action number of ``move`` (a legal move of ``state``, or one of its chance outcomes)."""
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if move in outcomes:
            return outcomes.index(move)
        raise ValueError(f"{move!r} is not a chance outcome of {state.game.slug}")
    return table.encode(state, move)


def action_to_move(state: State, action: int) -> str:
    """The legal move of ``state`` numbered ``action`` (at a chance node: the outcome numbered so).

    Raises ``ValueError`` when no legal move has that number.
    """
    table = action_table(state.game)
    if state.player == CHANCE:
        outcomes = table.chance_outcomes()
        if 0 <= action < len(outcomes) and outcomes[action] in state.moves():
            return outcomes[action]
        raise ValueError(f"chance outcome {action} is not possible in this {state.game.slug} position")
    return table.decode(state, int(action))


def legal_actions(state: State) -> list[int]:
    """The actions of ``state.moves()``, in the same order."""
    return action_table(state.game).legal(state)[1]

