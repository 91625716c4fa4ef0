"""Quin for ``abstracta.rl`` (``core/rl_adapter.py``); ``docs/rl.md`` lists the numbers and planes.

Actions: most moves by a static table; Gravity and Reinforcement, whose strings are too varied
for one, relative to the mover's pieces (see :class:`QuinActions`). Observation: 59 planes
over the 61 spaces in square order a1 .. l5, o, read from the structure of the player's view only
(``structure.py``), so a rival's unrevealed piece is one plane, never its kind. The random setup is dealt piece by piece
(:class:`QuinDeal`), so a player's own setup never gives the rival's away. North's frame
(``oriented=True``) turns the board half a turn (six lines), its Gateways onto South's.
"""

from __future__ import annotations

import functools
import re

import numpy as np

from abstracta.core.api import State, View
from abstracta.core.rl_adapter import ActionTable, Frame, RLAdapter, SetupDeal
from abstracta.core.structure import HIDDEN
from abstracta.games.quin.board import (
    GATEWAYS, IS_HORIZON, IS_IRIS, LINES, NEIGHBOURS, NUM_SQUARES, SQUARE_INDEX, SQUARE_NAMES,
)  # fmt: skip
from abstracta.games.quin.pieces import KIND_INDEX, KIND_LETTERS, KIND_OF_WORD, PIECE_COUNTS, code
from abstracta.games.quin.rules import EMPTY_HALF, LIGHT_AND_ALS, PLAY, RANDOM_CELLS, RANDOM_ORDER, new_state

HORIZON = [name for name, horizon in zip(SQUARE_NAMES, IS_HORIZON) if horizon]  # c1..c5, i1..i5
GATEWAY_NAMES = {side: [SQUARE_NAMES[sq] for sq in GATEWAYS[side]] for side in (0, 1)}  # in square order
OTHER_KINDS = "LSRMTPV"  # what may join Artificial Lights in a Reinforcement


def _ring_step(square: str, hours: int) -> str:
    return f"{LINES[(LINES.index(square[0]) + hours) % 12]}{square[1]}"


def neighbour_names(square: str) -> list[str]:
    """The spaces adjacent to ``square`` (rules 2.2), in square order."""
    return [SQUARE_NAMES[sq] for sq in NEIGHBOURS[SQUARE_INDEX[square]]]


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

    N = len(SQUARE_NAMES)  # 61

    def _build(self) -> None:
        sq = SQUARE_NAMES
        names = self.names
        names += [f"{a}-{b}" for a in sq for b in sq]  # steps (a-a never legal)
        self.sling_base = len(names)
        for a in sq:
            for p in HORIZON:
                for side in (1, -1):
                    names.append(f"{a}-{_ring_step(p, side)} over {p}")
        self.time_base = len(names)
        for q in sq:
            for ring in range(1, 6):
                names.append(f"time {q} {q[0]}{ring}" if q != "o" else f"time o o{ring}")
        names += [f"swap {a} {b}" for a in sq for b in sq]
        gateways = GATEWAY_NAMES[0] + GATEWAY_NAMES[1]
        names += [f"raise {k} {g}" for k in KIND_LETTERS for g in sorted(gateways)]
        for r in sq:
            line_options = [r[0], LINES[(LINES.index(r[0]) + 6) % 12]] if r != "o" else ["o", "o"]
            for line in line_options:
                for ring in range(1, 6):
                    s = f"{line}{ring}"
                    for dr in (-1, 1):
                        d = f"{r[0]}{int(r[1]) + dr}" if r != "o" else "o"
                        names.append(f"reflect {s} {d} via {r}")
        names += [f"place {k} {s}" for k in KIND_LETTERS for s in sq]
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
        self.reinforce_size = 32 * (1 + 5 * len(OTHER_KINDS))

    def _size(self) -> int:
        return self.reinforce_base + self.reinforce_size

    # The relative blocks need the mover's Voids / Gateways, read from its own view.
    def _own_voids(self, state: State) -> list[str]:
        player = state.player
        cells = state.view(player).structure()["cells"]  # in square order
        return [cell for cell, [piece] in cells.items() if piece["kind"] == "void" and piece["owner"] == player]

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

    # In a frame (Quin has one: North's half turn, _TURNED_SQUARE) the relative numbers are those
    # of the turned move, counted over the turned Voids and South's Gateways, as if South made it.
    def _encode_framed(self, state: State, move: str, frame: Frame, turned_voids: list[str] | None) -> int:
        action = self.static.get(move)
        if action is not None:
            return frame.action_index[action]
        if move.startswith("gravity "):
            if turned_voids is None:
                turned_voids = self._turned_voids(state)
            return self._encode_gravity(state, move, turned_voids, _TURNED_SQUARE)
        if move.startswith("reinforce "):
            return self._encode_reinforce(0, frame.move(move))
        raise ValueError(f"{move!r} is not a move of quin in this position")

    def _turned_voids(self, state: State) -> list[str]:
        return sorted((_TURNED_SQUARE[v] for v in self._own_voids(state)), key=SQUARE_INDEX.__getitem__)

    def encode_in(self, state: State, move: str, frame: Frame | None) -> int:
        if frame is None:
            return self.encode(state, move)
        return self._encode_framed(state, move, frame, None)

    def legal_in(self, state: State, frame: Frame | None) -> tuple[list[str], list[int]]:
        if frame is None:
            return self.legal(state)
        moves = state.moves()
        static, index = self.static, frame.action_index
        actions: list[int] = []
        turned_voids: list[str] | None = None
        for m in moves:
            a = static.get(m)
            if a is not None:
                actions.append(index[a])
                continue
            if turned_voids is None and m.startswith("gravity "):
                turned_voids = self._turned_voids(state)  # once per position
            actions.append(self._encode_framed(state, m, frame, turned_voids))
        return moves, actions

    def _encode_gravity(self, state: State, move: str, voids: list[str], rename: dict[str, str] | None = None) -> int:
        """The number of ``move`` over ``voids``; with ``rename``, of the move with its squares renamed."""
        head, pairs = move[len("gravity "):].split(": ")
        caster = head if rename is None else rename[head]
        slots = neighbour_names(caster)
        others = [v for v in voids if v != caster]
        digits = [0, 0, 0, 0]
        for pair in pairs.split(", "):
            source, target = pair.split("-")
            if rename is not None:
                source, target = rename[source], rename[target]
            digits[slots.index(target)] = others.index(source) + 1
        code = digits[0] + 4 * digits[1] + 16 * digits[2] + 64 * digits[3]
        return self.gravity_base + SQUARE_INDEX[caster] * 256 + code

    def _encode_reinforce(self, player: int | None, move: str) -> int:
        gateways = GATEWAY_NAMES[player or 0]
        mask, extra = 0, 0
        for entry in move[len("reinforce "):].split(" "):
            kind, gateway = entry.split("@")
            slot = gateways.index(gateway)
            if kind == "A":
                mask |= 1 << slot
            else:
                extra = 1 + slot * len(OTHER_KINDS) + OTHER_KINDS.index(kind)
        return self.reinforce_base + mask * (1 + 5 * len(OTHER_KINDS)) + extra


# ---------------------------------------------------------------------------------------
# observation: (59, 61)

PLANES = (
    *(f"own {k}" for k in KIND_LETTERS), *(f"rival revealed {k}" for k in KIND_LETTERS), "rival unrevealed piece",
    "own piece revealed", "Horizon", "Iris", "own Gateways", "rival Gateways", "locked squares",
    "setup phase", "observer to move",
    *(f"own reserve {k} / count" for k in KIND_LETTERS), "rival reserve size / 17",
    *(f"own removed {k} / count" for k in KIND_LETTERS), *(f"rival removed {k} / count" for k in KIND_LETTERS),
    "own memory swaps / 2", "rival memory swaps / 2", "own resurrection used", "rival resurrection used",
    "Time used this turn", "Memory swap used this turn", "Resurrection used this turn",
    "turns / max_turns", "quiet turns / 100",
)
_HORIZON_PLANE = np.array(IS_HORIZON, dtype=np.float32)
_IRIS_PLANE = np.array(IS_IRIS, dtype=np.float32)
_GATEWAY_PLANES = np.zeros((2, 61), dtype=np.float32)
for _side in (0, 1):
    _GATEWAY_PLANES[_side, list(GATEWAYS[_side])] = 1.0


class QuinDeal(SetupDeal):
    """Quin's random setup (rules §4), one piece per chance node: South's twelve, then North's.

    Node ``i`` puts side ``i // 12``'s piece ``RANDOM_ORDER[i % 12]`` on one of that side's
    setup cells still empty, each equally likely; the action is the cell's index in the side's
    sorted cell list: the 15 spaces of rings 3-5 of the side, its Gateways included.
    ``Quin.start(seed)`` draws ``rng.sample(cells, 12)`` and puts the pieces in that order,
    which is uniform over the same ordered choices: the deal has the engine's distribution.
    Nothing else stands on the board; every piece not dealt (the Light and the four Artificial
    Lights, D17b) starts in its owner's reserve.
    """

    def __init__(self, game) -> None:
        super().__init__(game)
        self.pieces = RANDOM_ORDER
        self.cells = RANDOM_CELLS  # the engine's own cell lists, so the two deals cannot drift apart
        self.max_outcomes = max(len(cells) for cells in self.cells)

    def complete(self, dealt: list[int]) -> bool:
        return len(dealt) == 2 * len(self.pieces)

    def _node(self, dealt: list[int]) -> tuple[int, list[int]]:
        """The side dealt at the next node, and the cells it has used so far."""
        side, placed = divmod(len(dealt), len(self.pieces))
        return side, dealt[len(dealt) - placed:]

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        side, used = self._node(dealt)
        free = [c for c in range(len(self.cells[side])) if c not in used]
        return [(c, 1.0 / len(free)) for c in free]

    def outcome_name(self, dealt: list[int], action: int) -> str:
        side, used = self._node(dealt)
        kind = self.pieces[len(used)]
        return f"deal {self.cells[side][action]}{kind if side == 0 else kind.lower()}"

    def start(self, dealt: list[int]) -> State:
        count = len(self.pieces)
        board = [0] * NUM_SQUARES
        for i, cell in enumerate(dealt):
            side = i // count
            board[SQUARE_INDEX[self.cells[side][cell]]] = code(KIND_INDEX[self.pieces[i % count]], side, False)
        # the rest as Quin.start's random setup leaves it: South to move, the Lights and ALs in reserve
        return new_state(self.game, tuple(board), 0, PLAY, (LIGHT_AND_ALS, LIGHT_AND_ALS), (EMPTY_HALF, EMPTY_HALF),
                         (0, 0), (0, 0), 0, (), 0, 0, ())  # fmt: skip


_SQUARE = re.compile(r"\b([a-l])([1-5])\b")


def _half_turn_square(name: str) -> str:
    return name if name == "o" else f"{LINES[(LINES.index(name[0]) + 6) % 12]}{name[1]}"


_TURNED_SQUARE = {name: _half_turn_square(name) for name in SQUARE_NAMES}


@functools.lru_cache(maxsize=1 << 16)  # the same move strings come back position after position
def _half_turn_move(move: str) -> str:
    """``move`` on the board turned half a turn: every space six lines on (``o`` stays)."""
    return _SQUARE.sub(lambda m: _half_turn_square(m[0]), move)


def _half_turn_entry(plane: int, cell: int) -> tuple[int, int]:
    return plane, SQUARE_INDEX[_half_turn_square(SQUARE_NAMES[cell])]


class QuinRL(RLAdapter):
    actions = QuinActions
    observation_shape = (59, 61)
    plane_names = PLANES

    def observe(self, view: View, player: int) -> np.ndarray:
        structure = view.structure()
        extra = structure["extra"]
        out = np.zeros((59, 61), dtype=np.float32)
        for cell, [piece] in structure["cells"].items():
            i = SQUARE_INDEX[cell]
            kind = piece["kind"]
            if kind == HIDDEN:
                out[16, i] = 1.0
                continue
            mine = piece["owner"] == player
            out[KIND_OF_WORD[kind] + (0 if mine else 8), i] = 1.0
            if mine and piece["revealed"]:
                out[17, i] = 1.0
        out[18] = _HORIZON_PLANE
        out[19] = _IRIS_PLANE
        out[20] = _GATEWAY_PLANES[player]
        out[21] = _GATEWAY_PLANES[1 - player]
        for cell in extra["locked"]:
            out[22, SQUARE_INDEX[cell]] = 1.0
        out[23] = 1.0 if extra["phase"] == "setup" else 0.0
        out[24] = 1.0 if extra["side"] == player else 0.0
        areas = {(area["name"], area["owner"]): area["pieces"] for area in structure["areas"]}
        for piece in areas["reserve", player]:
            kind = KIND_OF_WORD[piece["kind"]]
            out[25 + kind] += piece["count"] / PIECE_COUNTS[kind]
        out[33] = sum(piece["count"] for piece in areas["reserve", 1 - player]) / 17
        # Zero G of a player holds the rival's removed pieces: own removed pieces lie in the rival's
        for base, zero_g in ((34, areas["zero g", 1 - player]), (42, areas["zero g", player])):
            for piece in zero_g:
                kind = KIND_OF_WORD[piece["kind"]]
                out[base + kind] += piece["count"] / PIECE_COUNTS[kind]
        memory, raised = extra["memory_swaps"], extra["resurrections"]
        out[50] = memory[player] / 2
        out[51] = memory[1 - player] / 2
        out[52] = float(raised[player])
        out[53] = float(raised[1 - player])
        for word, plane in (("time", 54), ("memory", 55), ("resurrection", 56)):
            if word in extra["free_used"]:
                out[plane] = 1.0
        out[57] = min(extra["turns"] / self.game.options["max_turns"], 1.0)
        out[58] = min(extra["quiet"] / 100, 1.0)
        return out

    def frame(self, player: int) -> Frame | None:
        """North (player 1) sees the board turned half a turn (line a onto g, ...), its Gateways
        where South's are; the planes already say "own" and "rival"."""
        if player == 0:
            return None
        return Frame.from_maps("half turn", self.observation_shape, _half_turn_entry, QuinActions(self.game),
                               _half_turn_move)

    def owner_grid(self, observation: np.ndarray) -> np.ndarray:
        own = observation[0:8].sum(0)
        rival = observation[8:17].sum(0)
        flat = own * 1 + rival * 2
        rings = flat[:60].reshape(12, 5).T[::-1]  # rows: ring 5 at the top .. ring 1; columns: lines a..l
        centre = np.zeros((1, 12))
        centre[0, 5] = flat[60]
        return np.vstack([rings, centre])

    def max_game_length(self) -> int | None:
        return 40 + 4 * self.game.options["max_turns"]

    def setup_deal(self) -> QuinDeal | None:
        return QuinDeal(self.game)

    def move_recall(self):
        """The plies of the perfect-recall information-state tensor (``recall.py``)."""
        from abstracta.games.quin.recall import QuinRecall

        return QuinRecall(self.game)
