"""Reflec: options, setup, turn, moves, effects, end (``shared/rules/reflec.md``, cited as §n).

A turn is many plays by one suit: each action (move coin, move laser, spin, drop, swap, fire) is
one ``play()``, paid from the tile points ``T`` first and the suit's die second, and the turn
ends only with ``end`` (or when the acting suit destroys its own laser, or the game ends).

Speed: ``moves()`` walks the 64 squares once, extending the list with precomputed string tuples
(``board.py``), already in ``sorted()`` order, and caches it. ``play()`` looks the move up in the
import-time ``MOVE_TABLE`` and checks it against the position in O(1); only ``end`` with tile
points left needs the move list. Successors are built directly from tuples and small ints.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove
from abstracta.core.options import int_option
from abstracta.games.reflec import notation
from abstracta.games.reflec.board import (
    CELL_CODES,
    CELL_TOKENS,
    COIN_SEGMENTS,
    DIRECTIONS,
    DROP,
    DROP_MOVES,
    END,
    END_MOVE,
    FIRE,
    FIRE_MOVES,
    LASER_BASE,
    LASER_MOVE,
    LASER_SEGMENTS,
    MOVE_TABLE,
    NEIGHBOUR_BITS,
    SPIN,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    STEP,
    SUIT_LETTERS,
    SWAP,
    SWAP_PARTNERS,
    KIND_NAMES,
    coin,
    laser,
    pair_code,
)

if TYPE_CHECKING:
    from abstracta.games.reflec.evaluation import ReflecKnowledge
    from abstracta.games.reflec.rl import ReflecRL

DROP_PHASE, PLAY_PHASE = 0, 1
COINS_PER_SUIT = 6
START_DIE = 2
MAX_DIE = 5
TILE_POINTS, FULL_DIE_TILE_POINTS = 3, 4

# §2 table: the owner of each suit (S M C A), by number of players.
OWNERS = {2: (0, 1, 0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
LASER_CORNERS = ("a1", "a8", "h8", "h1")  # §4: clockwise in seat order
NO_PLAYER = -1  # the "neutral" controller
_EMPTY_SET: frozenset[int] = frozenset()


class Reflec(Game):
    slug = "reflec"
    title = "Reflec"
    description = ("Coins point a laser's beam around an 8x8 board for two to four players.\n"
                   "Spend action points to move, turn and fire; destroy every rival laser.")
    board_module = "web/board.js"
    rules_module = "web/rules.js"
    option_specs = (
        int_option("players", 2, 2, 4, help="2 (two suits each: S+C against M+A), 3 (S, M, C) or 4 (S, M, C, A)"),
        int_option("max_turns", None, 1, allow_none=True, help="draw once this many regular turns were played"),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        self.players = players
        self.max_turns = self.options["max_turns"]
        self.suits = 3 if players == 3 else 4
        self.owner = OWNERS[players]
        self.player_suits = tuple(
            tuple(y for y in range(self.suits) if self.owner[y] == p) for p in range(players)
        )
        self.player_masks = tuple(sum(1 << y for y in suits) for suits in self.player_suits)
        self._contexts: dict[tuple[int, int], tuple] = {}

    def _num_players(self) -> int:
        return self.options["players"]

    def make_knowledge(self) -> "ReflecKnowledge":
        """Expected lasers and beam-touching actions for the generic search (``evaluation.py``)."""
        from abstracta.games.reflec.evaluation import ReflecKnowledge

        return ReflecKnowledge()

    def rl_adapter(self) -> "ReflecRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.reflec.rl import ReflecRL

        return ReflecRL(self)

    # -- the standard set -------------------------------------------------
    def start(self, seed: int | None = None) -> "ReflecState":
        """The §4 setup. It has no randomness (D24), so ``seed`` is ignored."""
        board = [0] * SQUARES
        for y in range(self.suits):
            board[SQUARE_INDEX[LASER_CORNERS[y]]] = laser(y)
        return self.build(
            board=tuple(board),
            dice=(START_DIE,) * self.suits,
            off=(COINS_PER_SUIT,) * self.suits,
            destroyed=0,
            acting=0,
            phase=DROP_PHASE,
            tiles=0,
            turns=0,
            swaps=(_EMPTY_SET,) * self.players,
            locked=_EMPTY_SET,
            touched=_EMPTY_SET,
        )

    def parse(self, text: str) -> "ReflecState":
        return self.build(**notation.parse_position(self, text))

    def from_json(self, data: Any) -> "ReflecState":
        game, position = self.read_saved(data)
        state = game.parse(position)
        state._effects = notation.effects_from_json(game, data.get("last_effects", []))
        return state

    # -- helpers ----------------------------------------------------------
    def build(self, *, board, dice, off, destroyed, acting, phase, tiles, turns, swaps, locked, touched):
        """A state from its fields (start, parse), deciding ``over`` and the winner (§8)."""
        state = object.__new__(ReflecState)
        state.game = self
        state.board = board
        state.occ = sum(1 << s for s in range(SQUARES) if board[s])
        state.lasers = tuple(board.index(laser(y)) if laser(y) in board else -1 for y in range(self.suits))
        state.dice = dice
        state.off = off
        state.destroyed = destroyed
        state.neutral = self.neutral_mask(destroyed)
        state.acting = acting
        state.phase = phase
        state.tiles = tiles
        state.turns = turns
        state.swaps = swaps
        state.locked = locked
        state.touched = touched
        state._moves = None
        state._effects = ()
        alive = self.players_left(destroyed)
        state.winner = alive[0] if len(alive) == 1 else None
        state.over = state.winner is not None or (self.max_turns is not None and turns >= self.max_turns)
        state.player = None if state.over else self.owner[acting]
        state.seat = None if state.over else SUIT_LETTERS[acting]
        return state

    def neutral_mask(self, destroyed: int) -> int:
        """Suits whose coins are neutral (§2): destroyed suits with 3 or 4 players, none with 2."""
        return 0 if self.players == 2 else destroyed

    def is_eliminated(self, player: int, destroyed: int) -> bool:
        mask = self.player_masks[player]
        return destroyed & mask == mask

    def players_left(self, destroyed: int) -> list[int]:
        return [p for p in range(self.players) if not self.is_eliminated(p, destroyed)]

    def context(self, player: int, neutral: int) -> tuple:
        """Per (acting player, neutral suits): which coins it may handle, swap, drop (§6.2), cached.

        ``handle[cell]``: the coin is the player's or neutral. ``swap_ok[c1 * 21 + c2]``: the swap
        condition holds for coins ``c1``, ``c2`` (False for empty squares and lasers). ``droppable``:
        the suits whose supply the player may drop from, in the sorted order of their letters.
        """
        key = (player, neutral)
        found = self._contexts.get(key)
        if found is not None:
            return found
        controller = [NO_PLAYER if neutral >> y & 1 else self.owner[y] for y in range(self.suits)]
        handle = [False] * CELL_CODES
        for y in range(self.suits):
            for d in range(4):
                handle[coin(y, d)] = controller[y] in (player, NO_PLAYER)
        swap_ok = [False] * (CELL_CODES * CELL_CODES)
        for y1 in range(self.suits):
            for y2 in range(self.suits):
                c1, c2 = controller[y1], controller[y2]
                if c1 == NO_PLAYER and c2 == NO_PLAYER:
                    ok = y1 != y2
                else:
                    ok = c1 != c2 and (player in (c1, c2) or NO_PLAYER in (c1, c2))
                for d1 in range(4):
                    for d2 in range(4):
                        swap_ok[coin(y1, d1) * CELL_CODES + coin(y2, d2)] = ok
        droppable = tuple(
            sorted((y for y in range(self.suits) if controller[y] in (player, NO_PLAYER)), key=SUIT_LETTERS.__getitem__)
        )
        found = self._contexts[key] = (tuple(handle), tuple(swap_ok), droppable)
        return found


class ReflecState(State):
    """One position: a 64-cell tuple board (``board.py``) plus per-suit tuples and small ints."""

    __slots__ = (
        "game",
        "board",  # tuple of 64 cell codes
        "occ",  # bit s set when square s is not empty
        "lasers",  # square of each suit's laser, -1 once destroyed
        "dice",  # per suit
        "off",  # per suit: coins in the supply
        "destroyed",  # bit y set when suit y's laser is destroyed
        "neutral",  # bit y set when suit y is neutral
        "acting",  # acting suit
        "phase",
        "tiles",  # T
        "turns",
        "swaps",  # per player: frozenset of pair codes (its swap record)
        "locked",  # frozenset of squares
        "touched",  # frozenset of squares
        "winner",
        "player",
        "seat",
        "over",
        "_moves",
        "_effects",
    )

    # -- the standard set -------------------------------------------------
    def moves(self) -> list[str]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._generate_moves()
        return list(moves)

    def play(self, move: str) -> "ReflecState":
        try:
            compact = MOVE_TABLE[move]
        except (KeyError, TypeError):  # unknown or unhashable
            compact = None
        if compact is not None and not self.over:
            child = self._drop_round(compact) if self.phase == DROP_PHASE else self._act(compact)
            if child is not None:
                return child
        raise IllegalMove(self._why_illegal(move))

    def returns(self) -> list[float]:
        winner = self.winner
        if winner is None:
            return [0.0] * self.game.players
        return [1.0 if p == winner else -1.0 for p in range(self.game.players)]

    def termination(self) -> str | None:
        if self.over and self.winner is None:
            return "turn limit"  # the only draw: max_turns reached
        return super().termination()

    def scores(self) -> list[int]:
        destroyed = self.destroyed
        return [sum(1 for y in suits if not destroyed >> y & 1) for suits in self.game.player_suits]

    def last_effects(self) -> list[dict[str, Any]]:
        return [{k: list(v) if isinstance(v, list) else v for k, v in effect.items()} for effect in self._effects]

    def notation(self) -> str:
        return notation.format_position(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "position": self.notation(),
            "last_effects": self.last_effects(),
        }

    # -- moves (§6) ---------------------------------------------------------
    def _generate_moves(self) -> tuple[str, ...]:
        if self.over:
            return ()
        board = self.board
        acting = self.acting
        if self.phase == DROP_PHASE:  # §6.1: the acting suit's own coins only
            drops = DROP_MOVES[acting]
            return tuple(text for s in range(SQUARES) if not board[s] for text in drops[s])
        tiles = self.tiles
        budget = tiles + self.dice[acting]
        if budget == 0:
            return (END_MOVE,)
        player = self.game.owner[acting]
        handle, swap_ok, droppable = self.game.context(player, self.neutral)
        out: list[str] = []
        extend = out.extend
        if budget >= 3:
            extend(FIRE_MOVES)
        can_pay_two = budget >= 2
        if can_pay_two:
            off = self.off
            empties = None
            for y in droppable:
                if off[y]:
                    if empties is None:
                        empties = [s for s in range(SQUARES) if not board[s]]
                    drops = DROP_MOVES[y]
                    for s in empties:
                        extend(drops[s])
        occ = self.occ
        locked = self.locked
        record = self.swaps[player]
        own_laser = LASER_BASE + acting
        for s in range(SQUARES):
            cell = board[s]
            if not cell:
                continue
            if cell >= LASER_BASE:
                if cell == own_laser:
                    extend(LASER_SEGMENTS[s][occ & NEIGHBOUR_BITS[s]])
                continue
            if locked and s in locked:
                continue
            if handle[cell]:
                extend(COIN_SEGMENTS[s][occ & NEIGHBOUR_BITS[s]][(cell - 1) & 3])
            if can_pay_two:
                row = cell * CELL_CODES
                for t, text in SWAP_PARTNERS[s]:
                    if (
                        swap_ok[row + board[t]]
                        and not (locked and t in locked)
                        and not (record and s * SQUARES + t in record)
                    ):
                        out.append(text)
        if tiles == 0:
            out.insert(bisect_left(out, END_MOVE), END_MOVE)
        elif not out:  # §5.2 step 3: tile points left but nothing to spend them on
            out.append(END_MOVE)
        return tuple(out)

    # -- the drop round (§5.1) ---------------------------------------------
    def _drop_round(self, compact: tuple) -> "ReflecState | None":
        kind, square, _, facing, suit, _ = compact
        acting = self.acting
        if kind != DROP or suit != acting or self.board[square]:
            return None
        game = self.game
        board = self.board
        child = self._copy(board[:square] + (coin(acting, facing),) + board[square + 1 :], self.tiles, self.dice)
        child.occ = self.occ | 1 << square
        off = self.off
        child.off = off = off[:acting] + (off[acting] - 1,) + off[acting + 1 :]
        if any(off):
            child.acting = (acting + 1) % game.suits
            child.seat = SUIT_LETTERS[child.acting]
            child.player = game.owner[child.acting]
        else:
            child.phase = PLAY_PHASE
            _start_turn(child, 0)
        return child

    # -- regular play (§5.2, §6.2) -----------------------------------------
    def _act(self, compact: tuple) -> "ReflecState | None":
        """The successor after ``compact``, or None when it is not legal here."""
        kind, a, b, facing, suit, cost = compact
        acting = self.acting
        tiles = self.tiles
        die = self.dice[acting]
        if cost > tiles + die:
            return None
        if kind == END:
            if tiles and self.moves() != [END_MOVE]:
                return None
            child = self._copy(self.board, tiles, self.dice)
            _end_turn(child)
            return child
        # Pay tile points first, then die points (§5.2 step 2).
        paid_by_tiles = cost if cost <= tiles else tiles
        dice = self.dice
        if cost > tiles:
            dice = dice[:acting] + (die - cost + tiles,) + dice[acting + 1 :]
        tiles -= paid_by_tiles
        board = self.board
        player = self.game.owner[acting]
        locked = self.locked
        if kind == FIRE:
            return self._fire(facing, tiles, dice)
        if kind == LASER_MOVE:
            if board[a] != LASER_BASE + acting or board[b]:
                return None
            cells = list(board)
            cells[a], cells[b] = 0, cells[a]
            child = self._copy(tuple(cells), tiles, dice)
            child.occ = self.occ ^ (1 << a | 1 << b)
            lasers = self.lasers
            child.lasers = lasers[:acting] + (b,) + lasers[acting + 1 :]
            return child
        handle, swap_ok, droppable = self.game.context(player, self.neutral)
        neutral = self.neutral
        if kind == DROP:
            if suit not in droppable or not self.off[suit] or board[a]:
                return None
            child = self._copy(board[:a] + (coin(suit, facing),) + board[a + 1 :], tiles, dice)
            child.occ = self.occ | 1 << a
            off = self.off
            child.off = off[:suit] + (off[suit] - 1,) + off[suit + 1 :]
            if neutral >> suit & 1:
                child.touched = self.touched | {a}
            return child
        cell = board[a]
        if locked and a in locked:
            return None
        if kind == SWAP:
            other = board[b]
            if not swap_ok[cell * CELL_CODES + other] or b in locked or pair_code(a, b) in self.swaps[player]:
                return None
            # The suits trade squares; each square keeps its facing (§6.2).
            cells = list(board)
            cells[a] = (other - 1) // 4 * 4 + (cell - 1) % 4 + 1
            cells[b] = (cell - 1) // 4 * 4 + (other - 1) % 4 + 1
            child = self._copy(tuple(cells), tiles, dice)
            code = pair_code(a, b)
            game = self.game
            destroyed = self.destroyed
            child.swaps = tuple(
                record if game.is_eliminated(p, destroyed) else record | {code} for p, record in enumerate(self.swaps)
            )
            if neutral or self.touched:
                touched = self.touched - {a, b}
                if neutral >> ((cells[a] - 1) >> 2) & 1:
                    touched |= {a}
                if neutral >> ((cells[b] - 1) >> 2) & 1:
                    touched |= {b}
                child.touched = touched
            return child
        if not handle[cell]:
            return None
        if kind == SPIN:
            if (cell - 1) & 3 == facing:
                return None
            child = self._copy(board[:a] + (cell - (cell - 1) % 4 + facing,) + board[a + 1 :], tiles, dice)
            if neutral >> ((cell - 1) >> 2) & 1:
                child.touched = self.touched | {a}
            return child
        # COIN_MOVE
        if board[b]:
            return None
        cells = list(board)
        cells[a] = 0
        cells[b] = cell - (cell - 1) % 4 + facing
        child = self._copy(tuple(cells), tiles, dice)
        child.occ = self.occ ^ (1 << a | 1 << b)
        if neutral or self.touched:
            touched = self.touched - {a}
            if neutral >> ((cell - 1) >> 2) & 1:
                touched |= {b}
            child.touched = touched
        return child

    # -- fire (§7) ----------------------------------------------------------
    def _fire(self, direction: int, tiles: int, dice: tuple) -> "ReflecState":
        board = self.board
        acting = self.acting
        origin = self.lasers[acting]
        position = origin
        heading = direction
        path: list[int] = []
        hits: list[int] = []
        hit_set: set[int] = set()
        stop = "edge"
        while True:
            position = STEP[heading][position]
            if position < 0:
                break
            path.append(position)
            cell = board[position]
            if not cell:
                continue
            if cell >= LASER_BASE:
                stop = "laser"
                break
            if position in hit_set:
                stop = "loop"
                break
            hits.append(position)
            hit_set.add(position)
            heading = (cell - 1) & 3
        effects: list[dict[str, Any]] = [
            {
                "kind": "beam",
                "suit": SUIT_LETTERS[acting],
                "from": SQUARE_NAMES[origin],
                "dir": DIRECTIONS[direction],
                "path": [SQUARE_NAMES[s] for s in path],
                "hits": [SQUARE_NAMES[s] for s in hits],
                "stop": stop,
            }
        ]
        child = self._copy(board, tiles, dice)
        child._effects = effects
        if stop == "loop":
            _remove_loop(child, hits[hits.index(position) :], effects)
        elif stop == "laser":
            _destroy_laser(child, position, effects)
        return child

    # -- building successors -------------------------------------------------
    def _copy(self, board: tuple, tiles: int, dice: tuple) -> "ReflecState":
        """A successor sharing every field but those given; callers then set what else changed."""
        child = object.__new__(ReflecState)
        child.game = self.game
        child.board = board
        child.occ = self.occ
        child.lasers = self.lasers
        child.dice = dice
        child.off = self.off
        child.destroyed = self.destroyed
        child.neutral = self.neutral
        child.acting = self.acting
        child.phase = self.phase
        child.tiles = tiles
        child.turns = self.turns
        child.swaps = self.swaps
        child.locked = self.locked
        child.touched = self.touched
        child.winner = None
        child.player = self.player
        child.seat = self.seat
        child.over = False
        child._moves = None
        child._effects = ()
        return child

    # -- why a move was refused ------------------------------------------------
    def _why_illegal(self, move: object) -> str:
        where = f"in {self.notation()}"
        if not isinstance(move, str):
            return f"illegal move {move!r} {where}: a move is a string such as 'c3-c4e', '*n' or 'end'"
        if self.over:
            return f"illegal move {move!r} {where}: the game is over"
        compact = MOVE_TABLE.get(move)
        if compact is None:
            return (
                f"illegal move {move!r} {where}: not a Reflec move (move coin c3-c4e, move laser a1-a2, "
                "spin c3=w, drop M@e5s, swap c3xc4, fire *n, end)"
            )
        return f"illegal move {move!r} {where}: {self._reason(compact)}"

    def _reason(self, compact: tuple) -> str:
        kind, a, b, facing, suit, cost = compact
        game = self.game
        acting = self.acting
        letter = SUIT_LETTERS[acting]
        if suit >= game.suits:
            return f"there is no suit {SUIT_LETTERS[suit]} with {game.players} players"
        if self.phase == DROP_PHASE:
            if kind != DROP or suit != acting:
                return f"in the drop round {letter} may only drop its own coins ({letter}@<square><facing>)"
            return f"{SQUARE_NAMES[a]} is not empty"
        budget = self.tiles + self.dice[acting]
        if kind == END:
            return f"{self.tiles} tile point(s) must still be spent this turn"
        if cost > budget:
            return f"a {KIND_NAMES[kind]} costs {cost} and {letter} has {budget} point(s) ({self.tiles} tile + die)"
        board = self.board
        player = game.owner[acting]
        handle, swap_ok, droppable = game.context(player, self.neutral)
        if kind == LASER_MOVE:
            if board[a] != laser(acting):
                return f"{SQUARE_NAMES[a]} does not hold {letter}'s laser"
            return f"{SQUARE_NAMES[b]} is not empty"
        if kind == DROP:
            if suit not in droppable:
                return f"{SUIT_LETTERS[suit]} coins are neither yours nor neutral"
            if not self.off[suit]:
                return f"{SUIT_LETTERS[suit]} has no coin off the board"
            return f"{SQUARE_NAMES[a]} is not empty"
        if not 0 < board[a] < LASER_BASE:
            return f"{SQUARE_NAMES[a]} holds no coin"
        if a in self.locked:
            return f"the neutral coin on {SQUARE_NAMES[a]} was acted on last turn and is locked"
        if kind == SWAP:
            if not 0 < board[b] < LASER_BASE:
                return f"{SQUARE_NAMES[b]} holds no coin"
            if b in self.locked:
                return f"the neutral coin on {SQUARE_NAMES[b]} was acted on last turn and is locked"
            if not swap_ok[board[a] * CELL_CODES + board[b]]:
                return (
                    f"a swap needs coins of different controllers, one of them yours or neutral, or two "
                    f"neutral coins of different suits: {CELL_TOKENS[board[a]]} and {CELL_TOKENS[board[b]]} are not"
                )
            return f"{SQUARE_NAMES[a]} and {SQUARE_NAMES[b]} were swapped since the end of your last turn"
        if not handle[board[a]]:
            return f"the coin on {SQUARE_NAMES[a]} ({CELL_TOKENS[board[a]]}) is neither yours nor neutral"
        if kind == SPIN:
            return f"the coin on {SQUARE_NAMES[a]} already faces {DIRECTIONS[facing]}"
        return f"{SQUARE_NAMES[b]} is not empty"


# -- turn structure (§5.2) ---------------------------------------------------------------------
def _start_turn(state: ReflecState, suit: int) -> None:
    """Step 1: raise the die (or take the fourth tile point at a full die)."""
    state.acting = suit
    state.player = state.game.owner[suit]
    state.seat = SUIT_LETTERS[suit]
    die = state.dice[suit]
    if die < MAX_DIE:
        state.dice = state.dice[:suit] + (die + 1,) + state.dice[suit + 1 :]
        state.tiles = TILE_POINTS
    else:
        state.tiles = FULL_DIE_TILE_POINTS


def _end_turn(state: ReflecState) -> None:
    """Step 4, the end-of-turn procedure, applied to a fresh successor."""
    game = state.game
    state.turns += 1
    player = game.owner[state.acting]
    if state.swaps[player]:
        state.swaps = state.swaps[:player] + (_EMPTY_SET,) + state.swaps[player + 1 :]
    state.locked = state.touched
    state.touched = _EMPTY_SET
    suit = state.acting
    destroyed = state.destroyed
    while True:
        suit = (suit + 1) % game.suits
        if not destroyed >> suit & 1:
            break
    _start_turn(state, suit)
    if game.max_turns is not None and state.turns >= game.max_turns:
        state.over = True
        state.player = state.seat = None
        state._effects = list(state._effects) + [{"kind": "draw", "turns": state.turns}]


# -- effects of a shot (§7.2, §7.3) ------------------------------------------------------------
def _remove_loop(state: ReflecState, loop: list[int], effects: list[dict[str, Any]]) -> None:
    cells = list(state.board)
    off = list(state.off)
    for square in loop:
        cell = cells[square]
        effects.append({"kind": "removed", "square": SQUARE_NAMES[square], "piece": CELL_TOKENS[cell]})
        off[(cell - 1) >> 2] += 1
        cells[square] = 0
        state.occ ^= 1 << square
    state.board = tuple(cells)
    state.off = tuple(off)
    if state.locked:
        state.locked = state.locked.difference(loop)
    if state.touched:
        state.touched = state.touched.difference(loop)


def _destroy_laser(state: ReflecState, square: int, effects: list[dict[str, Any]]) -> None:
    game = state.game
    suit = state.board[square] - LASER_BASE
    state.board = state.board[:square] + (0,) + state.board[square + 1 :]
    state.occ ^= 1 << square
    state.lasers = state.lasers[:suit] + (-1,) + state.lasers[suit + 1 :]
    state.destroyed |= 1 << suit
    state.neutral = game.neutral_mask(state.destroyed)
    effects.append({"kind": "destroyed", "square": SQUARE_NAMES[square], "suit": SUIT_LETTERS[suit]})
    owner = game.owner[suit]
    if game.is_eliminated(owner, state.destroyed):
        state.swaps = state.swaps[:owner] + (_EMPTY_SET,) + state.swaps[owner + 1 :]
        effects.append(
            {"kind": "eliminated", "player": owner, "suits": [SUIT_LETTERS[y] for y in game.player_suits[owner]]}
        )
    alive = game.players_left(state.destroyed)
    if len(alive) == 1:  # §7.3 step 3: the game ends at once, frozen mid-turn
        state.winner = alive[0]
        state.over = True
        state.player = state.seat = None
        effects.append({"kind": "winner", "player": alive[0]})
    elif suit == state.acting:
        _end_turn(state)
