"""What Quin tells the generic searches about itself (``core/knowledge.py``), hidden kinds included.

Two parts:

- **Worlds** (:meth:`QuinKnowledge.sample_world`): a full state that a player's view cannot tell
  from the real one. Each hidden rival piece gets a set of kinds it may still be, from the view
  (counts of each kind, what is revealed or in Zero G, the setup's reserve: every setup starts
  the four Artificial Lights in reserve, a ``random`` reserve also the Light (D17b), a
  ``standard`` one nothing else, and nothing ever goes back to a reserve) and, when the caller
  passes the player's earlier views, from the public history (:class:`Beliefs`): a piece on the
  board since the setup is no Artificial Light (in ``random`` no Light either), a piece that came
  in by Reinforcement is whatever that reserve held (in ``random`` the Light or an Artificial
  Light, which no public form tells apart), a piece that went three spaces in one move is no
  one-space kind, a reflected piece is a Light or an Artificial Light. Kinds are then dealt to
  the hidden pieces and the reserve at random within those sets.
- **Values** (:meth:`QuinKnowledge.evaluate`, :meth:`QuinKnowledge.order`): material in each
  Zero G, each Light's distance to First Sight and the rival pieces that could flash it next
  move, and the one-move wins of the side to move, squashed into (-1, 1).
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from abstracta.core.knowledge import Knowledge
from abstracta.games.quin.calibration import CALIBRATIONS
from abstracta.games.quin.board import (
    CENTRE,
    GATEWAYS,
    IS_HORIZON,
    NUM_SQUARES,
    RAYS,
    REFLECT_LANDINGS,
    SQUARE_INDEX,
    line_of,
    ring_of,
    same_diameter,
)
from abstracta.games.quin.notation import hidden_code
from abstracta.games.quin.pieces import (
    ACCELERATED_AL_RANGE,
    AL,
    CAPTURES,
    LIGHT,
    MEMORY,
    PIECE_COUNTS,
    RANGES,
    REFLECTOR,
    TIME,
    VOID,
    code,
)
from abstracta.games.quin.rules import PLAY, SETUP, STANDARD_SOUTH, new_state
from abstracta.games.quin.setup import random_setup

ANY_KIND = 0xFF
NOT_AL = ANY_KIND & ~(1 << AL)
ONLY_AL = 1 << AL
LIGHT_OR_AL = 1 << LIGHT | 1 << AL
DEALT = NOT_AL & ~(1 << LIGHT)  # what a random setup deals onto the board (D17b)
RESERVE_KINDS = {"standard": ONLY_AL, "random": LIGHT_OR_AL, "manual": ANY_KIND}
"""What a player's reserve can hold in play, by setup (§4): the reserve only ever loses pieces."""
START_RESERVE = {"standard": PIECE_COUNTS[AL], "random": PIECE_COUNTS[AL] + 1}
"""How many pieces a reserve starts play with, where the setup fixes it."""
_BEST_RANGES = tuple(ACCELERATED_AL_RANGE if kind == AL else RANGES[kind] for kind in range(8))


def reach_mask(steps: int) -> int:
    """Kinds that can go ``steps`` spaces in one move (an Artificial Light counted accelerated)."""
    return sum(1 << kind for kind in range(8) if _BEST_RANGES[kind] >= steps)


def _steps_table() -> tuple[tuple[int, ...], ...]:
    """``STEPS[a][b]``: the fewest spaces of one straight walk from a to b (0 when none leads there).

    A walk round a ring that crosses a Horizon space may have been a slingshot, which jumps
    that space without a step of its own, so such walks count one step less.
    """
    table = [[0] * NUM_SQUARES for _ in range(NUM_SQUARES)]
    for a in range(NUM_SQUARES):
        for ray, along_ring in RAYS[a]:
            for index, b in enumerate(ray):
                steps = index + 1
                if along_ring and any(IS_HORIZON[t] for t in ray[:index]):
                    steps -= 1
                if not table[a][b] or steps < table[a][b]:
                    table[a][b] = steps
    return tuple(tuple(row) for row in table)


STEPS = _steps_table()
REFLECTED_FROM = tuple(
    tuple(r for r in range(NUM_SQUARES) if sq in REFLECT_LANDINGS[r]) for sq in range(NUM_SQUARES)
)
"""``REFLECTED_FROM[sq]``: the Reflector squares a Reflection may land a piece on ``sq`` from."""

# What a piece is worth while it stays in play; the Light's worth is the game itself.
PIECE_VALUES = (0.0, 6.0, 3.0, 2.0, 2.0, 3.0, 3.0, 3.5)
_TOTAL_MATERIAL = sum(PIECE_VALUES[kind] * PIECE_COUNTS[kind] for kind in range(8))
_LIGHT_TAKERS = sum(1 << kind for kind in range(8) if CAPTURES[kind] >> LIGHT & 1)  # L S A T V


class QuinKnowledge(Knowledge):
    """Quin's worlds and values for the information-set search (``bots/ismcts.py``)."""

    calibrations = CALIBRATIONS
    """Win chances fitted on bot games (``calibration.py``, written by benchmarks/calibration/fit.py)."""

    samples_worlds = True

    def __init__(self) -> None:
        self._beliefs_cache: tuple | None = None

    def random_setup(self, state, rng: random.Random) -> list[str]:
        """The rest of a manual setup at random, in random order (``setup.py``)."""
        return random_setup(state, rng)

    # -- values ---------------------------------------------------------------------------
    def evaluate(self, state) -> Sequence[float]:
        """South's and North's values in (-1, 1) of a full state that is not over."""
        board = state.board
        mover = state.side
        lights = [-1, -1]
        for sq in range(NUM_SQUARES):
            piece = board[sq]
            if piece and piece & 7 == LIGHT:
                lights[(piece >> 3) & 1] = sq
        if state.phase == PLAY and _wins_now(board, mover, lights, state):
            return [0.95, -0.95] if mover == 0 else [-0.95, 0.95]
        # The side that just moved has its Light two steps or less from an open First Sight: unless
        # the mover takes that Light now (a win, seen above), it walks in next turn.
        if state.phase == PLAY and _walks_in(board, 1 - mover, lights[1 - mover], ()):
            return [-0.85, 0.85] if mover == 0 else [0.85, -0.85]
        material = 0.0  # South's lead: the worth of the North pieces in South's Zero G minus the reverse
        for kind in range(8):
            material += PIECE_VALUES[kind] * (state.removed[1][kind] - state.removed[0][kind])
        score = material / 6.0
        for player, sign in ((0, 1.0), (1, -1.0)):
            sq = lights[player]
            # Rings 1..5 count 5..1 steps of progress. A Light in reserve (where a random setup starts
            # it) counts none: no piece can reach it, but it still needs a Reinforcement to come in.
            progress = 0.0 if sq < 0 else 6 - ring_of(sq)
            score += sign * 0.35 * progress
            if sq >= 0:
                attackers = _attackers(board, sq, 1 - player, state)
                if attackers:
                    # The side to move may still run; the side that just moved may not.
                    score -= sign * (0.4 if player == mover else 1.6) * attackers
        value = math.tanh(score / 4.0) * 0.9
        return [value, -value]

    def order(self, state, moves: list[str]) -> list[str]:
        """Wins first, then flashes that take more than they risk, then Light steps inward, then the rest."""
        board = state.board
        mover = state.side

        def rank(move: str) -> float:
            if move[0] == "r" or move[0] == "g" or move[0] == "s" or move[0] == "t" or move[0] == "p":
                return 0.5 if move.startswith("reflect") else 0.0  # powers and pass: keep the game's order
            if "-" not in move:
                return 0.0
            frm = SQUARE_INDEX[move[: move.index("-")]]
            rest = move[move.index("-") + 1 :]
            to = SQUARE_INDEX[rest.split(" ", 1)[0]]
            piece, target = board[frm], board[to]
            kind = piece & 7
            if kind == LIGHT and to == CENTRE:
                return 100.0
            if target and (target >> 3) & 1 != mover:
                defender = target & 7
                if defender == LIGHT and CAPTURES[kind] >> LIGHT & 1:
                    return 90.0
                gain = PIECE_VALUES[defender] if CAPTURES[kind] >> defender & 1 or defender == VOID else 0.0
                loss = PIECE_VALUES[kind] if defender == VOID and kind not in (LIGHT, AL) else 0.0
                if kind == LIGHT and not CAPTURES[kind] >> defender & 1:
                    loss = 5.0
                return 2.0 + gain - loss
            if kind == LIGHT:
                return 1.0 + ring_of(frm) - ring_of(to)
            return 0.1

        return sorted(moves, key=rank, reverse=True)

    # -- worlds -------------------------------------------------------------------------
    def beliefs(self, view, history: Sequence[tuple] = ()) -> "Beliefs":
        """What the public history of ``history`` (the viewer's earlier ``(view, move)`` pairs,
        oldest first, from this game) and ``view`` say about each hidden rival piece."""
        key = (id(view), len(history), id(history[-1][0]) if history else 0)
        cached = self._beliefs_cache
        if cached is not None and cached[0] == key and cached[1] is view:
            return cached[2]
        beliefs = Beliefs.track(view, history)
        self._beliefs_cache = (key, view, beliefs)
        return beliefs

    def continues(self, earlier, later) -> bool:
        """Turns never go back within one game: a view with fewer is from a new game."""
        return later.turns >= earlier.turns

    def sample_world(self, view, rng: random.Random, history: Sequence[tuple] = ()):
        """A full state whose ``view(viewer)`` is ``view``, hidden kinds dealt by ``rng`` within
        what the view and the earlier views in ``history`` allow (see :class:`Beliefs`)."""
        return self.beliefs(view, history).sample(view, rng)


class Beliefs:
    """The kinds each hidden rival piece may be: ``masks[square]`` (bit k set: kind k is possible)
    and ``reserve_mask`` for the pieces in the rival's reserve.

    Built by :meth:`track` from the viewer's sequence of views and own moves: hidden pieces are
    followed square by square, own moves are replayed on them (a flash reveals the defender, a
    Time push carries it), and between two views a hidden piece that left one square while one
    appeared on another is taken to have moved there, with the range that needs.
    """

    __slots__ = ("rival", "masks", "reserve_mask")

    def __init__(self, rival: int, masks: dict[int, int], reserve_mask: int) -> None:
        self.rival, self.masks, self.reserve_mask = rival, masks, reserve_mask

    @classmethod
    def track(cls, view, history: Sequence[tuple] = ()) -> "Beliefs":
        viewer = view.viewer
        if viewer is None:
            raise ValueError("worlds are sampled for a player, not for a spectator's view")
        rival = 1 - viewer
        setup = view.game.options["setup"]
        reserve_mask = RESERVE_KINDS[setup]
        views = [v for v, _ in history if getattr(v, "viewer", None) == viewer] + [view]
        if len(views) != len(history) + 1 or any(b.turns < a.turns for a, b in zip(views, views[1:])):
            history = ()  # not one game's views in order: trust the last view alone
            views = [view]
        if setup == "manual" and any(_setup_left_only_als(v, rival) for v in views):
            reserve_mask = ONLY_AL  # the rival placed every other piece: its reserve holds ALs alone
        masks = _first_masks(views[0], rival, setup)
        for (before, move), after in zip(history, views[1:]):
            masks = _follow(masks, before, move, after, rival, setup)
        hidden = hidden_code(rival)
        masks = {sq: masks.get(sq, ANY_KIND) for sq in range(NUM_SQUARES) if view.board[sq] == hidden}
        return cls(rival, masks, reserve_mask)

    def sample(self, view, rng: random.Random):
        """A full state consistent with ``view`` and these beliefs (the beliefs are relaxed to the
        view's own constraints in the rare case that no deal satisfies them)."""
        rival = self.rival
        missing = unaccounted_kinds(view, rival)
        reserve_count = view.reserve[rival]
        base = view_masks(view, rival)
        for masks, reserve_mask in ((self.masks, self.reserve_mask), ({}, self.reserve_mask), ({}, ANY_KIND)):
            slots = [(sq, base[sq] & masks.get(sq, ANY_KIND)) for sq in base]
            slots += [(-1, reserve_mask if view.phase == PLAY else ANY_KIND)] * reserve_count
            for _ in range(30):
                deal = _deal(slots, missing, rng)
                if deal is not None:
                    return world_of_deal(view, rival, deal)
        raise ValueError(f"no world is consistent with the view {view.notation()}")


def unaccounted_kinds(view, rival: int) -> list[int]:
    """How many of each kind of ``rival``'s pieces the view does not place: its set less the pieces
    on the board and those removed (the hidden ones and its reserve)."""
    missing = list(PIECE_COUNTS)
    for piece in view.board:
        if piece > 0 and (piece >> 3) & 1 == rival:
            missing[piece & 7] -= 1
    for kind, count in enumerate(view.removed[rival]):
        missing[kind] -= count
    return missing


def view_masks(view, rival: int) -> dict[int, int]:
    """What the view alone allows on each hidden rival square."""
    hidden = hidden_code(rival)
    result = {}
    for sq in range(NUM_SQUARES):
        if view.board[sq] != hidden:
            continue
        mask = ANY_KIND
        if sq == CENTRE:
            mask &= ~(1 << LIGHT)  # a Light on First Sight would be shown
        if view.phase == SETUP:
            mask &= NOT_AL
            if sq not in GATEWAYS[rival]:
                mask &= ~(1 << LIGHT)
        result[sq] = mask
    return result


LIGHT_WEIGHTS = (8.0, 8.0, 4.0, 2.0, 1.0, 1.0)
"""How much likelier the rival's Light is, by ring (0 = o, 1 = the Iris, ...), when the view and
history leave it several squares: a player brings its Light inward, and the search must not
wave away a hidden piece next to First Sight as one Light among a dozen guesses."""


def _deal(slots: list[tuple[int, int]], missing: list[int], rng: random.Random) -> list | None:
    """Kinds for ``slots`` (``(square or -1 for the reserve, allowed kinds)``), drawn without
    replacement from ``missing``: the Light first (weighted by ``LIGHT_WEIGHTS`` when it may
    stand on several squares), then the most constrained slots first; ``None`` when stuck."""
    pool = list(missing)
    deal = [None] * len(slots)
    placed = -1
    if pool[LIGHT]:
        candidates = [i for i, (_, mask) in enumerate(slots) if mask >> LIGHT & 1]
        if not candidates:
            return None
        weights = [LIGHT_WEIGHTS[ring_of(slots[i][0])] if slots[i][0] >= 0 else 1.0 for i in candidates]
        placed = rng.choices(candidates, weights)[0]
        deal[placed] = (slots[placed][0], LIGHT)
        pool[LIGHT] -= 1
    order = sorted(
        (i for i in range(len(slots)) if i != placed), key=lambda i: (bin(slots[i][1]).count("1"), rng.random())
    )
    for i in order:
        mask = slots[i][1]
        weights = [pool[kind] if mask >> kind & 1 else 0 for kind in range(8)]
        total = sum(weights)
        if total <= 0:
            return None
        pick = rng.random() * total
        for kind in range(8):
            pick -= weights[kind]
            if pick < 0 and weights[kind]:
                break
        else:
            kind = max(k for k in range(8) if weights[k])
        pool[kind] -= 1
        deal[i] = (slots[i][0], kind)
    return deal


def world_of_deal(view, rival: int, deal: list):
    """The full state of ``view`` with the rival's hidden kinds dealt: ``deal`` lists ``(square, kind)``,
    square -1 for a piece in the rival's reserve."""
    board = list(view.board)
    reserve = [0] * 8
    for sq, kind in deal:
        if sq < 0:
            reserve[kind] += 1
        else:
            board[sq] = code(kind, rival, False)
    reserves = list(view.reserve)
    reserves[rival] = tuple(reserve)
    state = new_state(view.game, tuple(board), view.side, view.phase, tuple(reserves), view.removed, view.memory,
                      view.raised, view.free, view.locked, view.turns, view.quiet, ())  # fmt: skip
    state._effects = ()
    return state


# -- following hidden pieces through the public history ----------------------------------------

def _first_masks(view, rival: int, setup: str) -> dict[int, int]:
    """Beliefs from the first view the viewer had: what the setup says about the rival's pieces."""
    hidden = hidden_code(rival)
    squares = [sq for sq in range(NUM_SQUARES) if view.board[sq] == hidden]
    if view.phase == SETUP:  # placed pieces: never Artificial Lights, and a Light only on a Gateway
        return {sq: NOT_AL if sq in GATEWAYS[rival] else NOT_AL & ~(1 << LIGHT) for sq in squares}
    if view.turns > 1:
        return {}  # met in mid-game: only the view speaks
    start_reserve = START_RESERVE.get(setup)
    reinforced = start_reserve is not None and view.reserve[rival] < start_reserve
    masks = {}
    if setup == "standard":
        kinds = {}
        for letter, name in STANDARD_SOUTH:
            sq = SQUARE_INDEX[name]
            kinds[sq if rival == 0 else _rotate(sq)] = "LSARMTPV".index(letter)
        moved = [sq for sq in kinds if view.board[sq] != hidden]
        swapped = sum(1 << kinds[m] for m in moved) if view.memory[rival] or view.removed[rival][TIME] else 0
        for sq in squares:
            if sq in kinds:
                masks[sq] = 1 << kinds[sq] | swapped
            elif reinforced:  # a Reinforcement ends the turn: nothing else moved
                masks[sq] = ONLY_AL
            else:  # the one piece the rival's first turn moved: one of the kinds that left its square
                masks[sq] = sum(1 << kinds[m] for m in moved) or NOT_AL
        return masks
    if setup == "random":
        # The deal put neither a Light nor an AL on the board; one that came in by the rival's first
        # turn (a Reinforcement ends it, so it still stands where it entered) is on a Gateway.
        return {sq: DEALT | LIGHT_OR_AL if reinforced and sq in GATEWAYS[rival] else DEALT for sq in squares}
    # manual: pieces placed in the setup are never Artificial Lights
    return {sq: (ANY_KIND if reinforced and sq in GATEWAYS[rival] else NOT_AL) for sq in squares}


def _setup_left_only_als(view, rival: int) -> bool:
    """Did the rival end a manual setup with nothing but its four ALs in reserve? Seen by North
    during its own placements (South has finished), and by South at the start of play."""
    finished = view.phase == SETUP and rival == 0 or view.phase == PLAY and view.turns == 0 and rival == 1
    return finished and view.reserve[rival] == PIECE_COUNTS[AL]


def _rotate(sq: int) -> int:
    return (((sq // 5) + 6) % 12) * 5 + sq % 5


def _follow(masks: dict[int, int], before, move: str, after, rival: int, setup: str) -> dict[int, int]:
    """The beliefs of ``before`` carried through the viewer's ``move`` and whatever the rival did
    until ``after``."""
    masks = dict(masks)
    hidden = hidden_code(rival)
    # The viewer's own move: a flash reveals the defender; a Time push carries it along.
    words = move.split(" ")
    if words[0] == "time":
        q, d = SQUARE_INDEX[words[1]], SQUARE_INDEX[words[2]]
        if q in masks:
            masks[d] = masks.pop(q)
    elif words[0] == "reflect":
        masks.pop(SQUARE_INDEX[words[2]], None)
    elif "-" in words[0] and words[0] != "gravity":
        masks.pop(SQUARE_INDEX[words[0].split("-")[1]], None)
    now = {sq for sq in range(NUM_SQUARES) if after.board[sq] == hidden}
    reinforced = isinstance(before.reserve[rival], int) and after.reserve[rival] < before.reserve[rival]
    if after.phase == SETUP or before.phase == SETUP and rival == 1:
        fresh = NOT_AL  # placed in the setup (North places after South)
    else:
        fresh = RESERVE_KINDS[setup]  # a reinforcement is whatever the reserve could hold
    if after.memory[rival] > before.memory[rival]:
        # A swap: the Memory now shows on q, and the piece that stood on q went to where the Memory
        # stood, which the view does not say: any square that may have held the Memory may hold it.
        memory = code(MEMORY, rival, True)
        shown = [sq for sq in masks if sq not in now and after.board[sq] == memory]
        known = [sq for sq in range(NUM_SQUARES) if before.board[sq] == memory and after.board[sq] == hidden]
        if len(shown) == 1 and len(known) == 1:  # a Memory already shown swapped from there
            masks[known[0]] = masks.pop(shown[0])
        elif len(shown) == 1:
            carried = masks.pop(shown[0])
            masks = {sq: mask | carried if mask >> MEMORY & 1 else mask for sq, mask in masks.items()}
        # else the swap moved only revealed pieces: no hidden piece changed squares
    kept = {sq: masks[sq] for sq in now if sq in masks}
    appeared = [sq for sq in now if sq not in masks]
    left = [sq for sq in masks if sq not in now and not _rival_piece(after.board[sq], rival)]
    if after.removed[rival][TIME] > before.removed[rival][TIME]:
        # A used Time left its square; another piece may have moved onto it in the same turn.
        moved = 0
        for sq in left:
            moved |= masks[sq]
        for sq, mask in kept.items():
            if mask >> TIME & 1:  # the Time's square, maybe taken since (a Reinforcement too, on a Gateway)
                kept[sq] = mask | moved | (fresh if reinforced and sq in GATEWAYS[rival] else 0)
        only_time = [sq for sq in left if masks[sq] == 1 << TIME]
        if only_time:
            left.remove(only_time[0])
    if appeared and reinforced:
        for sq in appeared:
            kept[sq] = fresh if after.phase == PLAY or sq in GATEWAYS[rival] else fresh & ~(1 << LIGHT)
        return kept
    if len(appeared) == 1 and len(left) == 1:
        frm, to = left[0], appeared[0]
        reflector = code(REFLECTOR, rival, True)
        # A Reflector revealed where a hidden piece stood was just used: the piece that moved is a Light or an AL.
        reflected = after.memory[rival] == before.memory[rival] and any(
            after.board[sq] == reflector for sq in masks if sq not in now
        )  # (after a Memory swap a Reflector may show there because it was swapped in)
        steps = STEPS[frm][to]
        allowed = LIGHT_OR_AL if reflected else reach_mask(steps) if steps else ANY_KIND
        if any(after.board[r] == reflector and same_diameter(frm, r) for r in REFLECTED_FROM[to]):
            allowed |= LIGHT_OR_AL  # an already revealed Reflector may have sent it
        if after.memory[rival] > before.memory[rival]:
            allowed |= LIGHT_OR_AL  # a swapped-in Reflector may have sent it
        narrowed = masks[frm] & allowed
        kept[to] = narrowed or masks[frm]
    elif appeared:
        union = 0
        for sq in masks:
            if sq not in now:
                union |= masks[sq]
        for sq in appeared:
            kept[sq] = union or ANY_KIND
    return kept


def _rival_piece(piece: int, rival: int) -> bool:
    return piece > 0 and (piece >> 3) & 1 == rival


# -- position features -----------------------------------------------------------------------

def _attackers(board: tuple, target: int, attacker: int, state) -> int:
    """How many of ``attacker``'s pieces could flash-capture the piece on ``target`` with one
    straight move (walking each ray from the target to the first piece on it)."""
    if IS_HORIZON[target]:
        return 0  # only a Peripheral flashes on the Horizon, and it does not take a Light
    count = 0
    for ray, _ in RAYS[target]:
        for steps, sq in enumerate(ray, 1):
            piece = board[sq]
            if not piece:
                continue
            if (piece >> 3) & 1 == attacker and _LIGHT_TAKERS >> (piece & 7) & 1:
                kind = piece & 7
                reach = state.al_range(attacker) if kind == AL else RANGES[kind]
                if steps <= reach:
                    count += 1
            break
    return count


def _walks_in(board: tuple, player: int, light: int, locked: tuple) -> bool:
    """Can ``player``'s Light on ``light`` reach First Sight with one move (a clear inward walk of
    at most its range; whatever rival piece stands on ``o`` it takes)?"""
    if light < 0 or light == CENTRE or light in locked:
        return False
    ring = ring_of(light)
    if ring > RANGES[LIGHT]:
        return False
    first = line_of(light) * 5  # the Iris square of the Light's line
    if any(board[sq] for sq in range(first, first + ring - 1)):
        return False
    centre = board[CENTRE]
    return not centre or (centre >> 3) & 1 != player


def _wins_now(board: tuple, mover: int, lights: list[int], state) -> bool:
    """Can ``mover`` win with one move: its Light onto First Sight, or a flash onto the rival Light?"""
    if _walks_in(board, mover, lights[mover], state.locked):
        return True
    rival_light = lights[1 - mover]
    if rival_light >= 0 and _attackers(board, rival_light, mover, state):
        locked = state.locked
        if not locked:
            return True
        # a locked piece makes no move: count again without the locked squares
        masked = list(board)
        for sq in locked:
            masked[sq] = 0 if (board[sq] >> 3) & 1 == mover else board[sq]
        return _attackers(tuple(masked), rival_light, mover, state) > 0
    return False


__all__ = ["Beliefs", "QuinKnowledge", "STEPS", "reach_mask"]
