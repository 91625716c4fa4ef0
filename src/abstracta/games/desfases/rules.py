"""Desfases (Antonio Recuenco Muñoz, 2018): options, setup, turn, moves, effects, end.

Read alongside ``docs/rules/desfases.md``; sections are cited as §n.

A suit's turn is one play (its free tiles turn, then its pawn moves or its timer coin
scores), plus a second play ``feed v`` after a scoring turn while the suit still has
coins (§5). There is no chance after the setup: ``start(seed)`` shuffles the tiles and
rolls the dice (§4), and the ``layout`` option fixes them instead.

A state is a handful of ints and tuples (see :class:`DesfasesState`); ``play`` builds the
successor directly, and the legal moves are computed once per state (as a mask of target
squares or coin values, plus their sorted names, §6).

(Over 500 lines: the rules, the move codes and the plays that the search calls most stay together.)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove, NotationError
from abstracta.core.options import Option, choice_option
from abstracta.games.desfases import notation
from abstracta.games.desfases.board import (
    BIT,
    FACERS,
    FULL_RESERVE,
    HOLE,
    SEAT_FACING,
    SQUARE_NAMES,
    SUIT_NAMES,
    SUITS,
    TILE_SQUARES,
    VALUES,
    queen_targets,
    suit_masks_of,
)
from abstracta.games.desfases.structure import (
    FED,
    HOLED,
    MOVED,
    SCORED,
    effect_from_json,
    effects_to_json,
    structure_of,
)

if TYPE_CHECKING:
    from abstracta.games.desfases.evaluation import DesfasesKnowledge
    from abstracta.games.desfases.ppn import DesfasesPPN
    from abstracta.games.desfases.rl import DesfasesRL
    from abstracta.games.desfases.terminal import DesfasesPicture

# -- options and turn order (§3) --------------------------------------------------------------
TURN_ORDER = {4: (0, 1, 2, 3), 2: (0, 3, 1, 2)}  # S M C A; two players: S A M C
OWNERS = {4: (0, 1, 2, 3), 2: (0, 0, 1, 1)}  # suit -> player; two players: S, M -> 0 and C, A -> 1
ALL_LIVE = 0b1111


def _next_suit_table(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``table[x][live]``: the suit acting after ``x`` when ``live`` (a 4-bit mask) are live; -1: over.

    The first live suit after ``x`` in the cyclic order, ``x`` itself checked last (§5).
    """
    table = []
    for x in range(4):
        at = order.index(x)
        after = [order[(at + k) % 4] for k in range(1, 5)]
        table.append(tuple(next((s for s in after if live >> s & 1), -1) for live in range(16)))
    return tuple(table)


NEXT_SUIT = {players: _next_suit_table(order) for players, order in TURN_ORDER.items()}

# -- move codes (§6) ----------------------------------------------------------------------------
# Every move string the game knows, mapped once to a compact code; play() looks the string up
# here and checks the code against the state's legal mask, so validation is one dict lookup.
PAWN, STAY, SCORE, HOLE_MOVE, FEED = range(5)
MOVE_CODES: dict[str, tuple[int, int, int]] = {"stay": (STAY, 0, 0), "hole": (HOLE_MOVE, 0, 0)}
for _a in TILE_SQUARES:
    MOVE_CODES[f"score {SQUARE_NAMES[_a]}"] = (SCORE, _a, 0)
    for _b in TILE_SQUARES:
        if _a != _b:
            MOVE_CODES[f"{SQUARE_NAMES[_a]}-{SQUARE_NAMES[_b]}"] = (PAWN, _a, _b)
for _v, _char in enumerate(VALUES):
    MOVE_CODES[f"feed {_char}"] = (FEED, _v, 0)

PAWN_MOVE_NAMES = tuple(
    tuple(f"{SQUARE_NAMES[a]}-{SQUARE_NAMES[b]}" if b != HOLE else "" for b in range(25)) for a in range(25)
)
FEED_MOVES = tuple(tuple(sorted(f"feed {VALUES[v]}" for v in range(6) if mask >> v & 1)) for mask in range(64))
SCORE_NAMES = tuple(f"score {name}" for name in SQUARE_NAMES)
STAY_MOVES = ("stay",)
HOLE_MOVES = ("hole",)

# The queen moves of the pawn on p among the pawns ``occupied``, keyed ``occupied << 5 | p``: at most
# 4 x C(24, 4) = 42,504 keys, so the cache is bounded; it spares playouts the ray walk and the sort.
_PAWN_CACHE: dict[int, tuple[int, tuple[str, ...]]] = {}


def _pawn_moves(p: int, occupied: int) -> tuple[int, tuple[str, ...]]:
    key = occupied << 5 | p
    entry = _PAWN_CACHE.get(key)
    if entry is None:
        targets = queen_targets(p, occupied)
        names = PAWN_MOVE_NAMES[p]
        entry = (targets, tuple(sorted(names[t] for t in range(25) if targets >> t & 1)) or STAY_MOVES)
        _PAWN_CACHE[key] = entry
    return entry


class Desfases(Game):
    slug = "desfases"
    title = "Desfases"
    example_options = ({"players": 2}, {"players": "4"})
    description = ("Pawns race over a grid of rotating piecepack tiles; dice count down each suit's moves.\n"
                   "When a timer runs out, score the tile your pawn faces. Highest total wins.")
    board_module = "web/board.js"
    rules_text = "rules.md"
    has_chance = False
    option_specs = (
        choice_option("players", 4, (4, 2, "4", "2"), help="4 (one suit each) or 2 (S+M against A+C)"),
        Option(
            "layout",
            None,
            "None or a position string (rules §9)",
            lambda value: True,  # anything but None is read by parse, which names what is wrong (NotationError)
            help="start from this position instead of a seeded shuffle",
        ),
    )

    def __init__(self, **options: Any) -> None:
        if isinstance(options.get("players"), str) and options["players"] in ("2", "4"):
            options["players"] = int(options["players"])
        super().__init__(**options)
        players = self.options["players"]
        self.owners = OWNERS[players]
        self.next_suit = NEXT_SUIT[players]
        layout = self.options["layout"]
        self.layout = None
        if layout is not None:
            try:
                self.layout = self.parse(layout)
            except NotationError as error:  # §3: an invalid layout makes load raise NotationError
                raise NotationError(f"option layout: {error}") from None

    def _num_players(self) -> int:
        return self.options["players"]

    def make_knowledge(self) -> "DesfasesKnowledge":
        """Projected scores (points, the next scoring by timer and turning) for the generic search (``evaluation.py``)."""
        from abstracta.games.desfases.evaluation import DesfasesKnowledge

        return DesfasesKnowledge()

    def rl_adapter(self) -> "DesfasesRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.desfases.rl import DesfasesRL

        return DesfasesRL(self)

    def terminal_picture(self) -> "DesfasesPicture":
        """The 5x5 grid of boxes with arrows, the suits' table and the score (``terminal.py``)."""
        from abstracta.games.desfases.terminal import PICTURE

        return PICTURE

    def ppn_mapping(self) -> "DesfasesPPN":
        """Tiles, coins, pawns and dice as Portable Piecepack Notation (``ppn.py``)."""
        from abstracta.games.desfases.ppn import DesfasesPPN

        return DesfasesPPN()

    def start(self, seed: int | None = None) -> "DesfasesState":
        """The §4 setup, drawn exactly as the rules give it; with a ``layout`` that position."""
        if self.layout is not None:
            return self.layout
        rng = random.Random(seed)
        order = [suit * 6 + value for suit in range(4) for value in range(6)]
        rng.shuffle(order)
        tiles = [-1] * 25
        lo = hi = 0
        for sq, tile in zip(TILE_SQUARES, order):
            tiles[sq] = tile
            facing = SEAT_FACING[tile // 6]
            lo |= (facing & 1) << sq
            hi |= (facing >> 1) << sq
        where = {tile: sq for sq, tile in enumerate(tiles)}
        dice, pawns = [], []
        for suit in range(4):
            roll = rng.randrange(6)
            dice.append(roll)
            pawns.append(where[suit * 6 + roll])
        return new_state(
            self, tuple(tiles), suit_masks_of(tiles), lo, hi, 0, (-1,) * 25, 0, tuple(pawns), tuple(dice), tuple(dice),
            tuple(FULL_RESERVE & ~(1 << d) for d in dice), (0, 0, 0, 0), ALL_LIVE, 0, False, None,
        )  # fmt: skip

    def parse(self, text: str) -> "DesfasesState":
        return new_state(self, *notation.parse_position(text), None)

    def from_json(self, data: Any) -> "DesfasesState":
        game, position = self.read_saved(data)
        state = game.parse(position)
        state._effect = effect_from_json(state, data.get("last_effects", []))
        return state


class DesfasesState(State):
    """One position (§9 holds the same facts as text). Every field is an int or a tuple of ints.

    ``tiles[sq]``: tile id on each square (-1 on the hole); ``lo``/``hi``: facing bit-planes
    (see ``board.py``); ``scored``: mask of tiles carrying a scoring coin, ``coins[sq]`` that
    coin's id (-1 none); ``hole``: mask of coin ids in the hole; ``pawns[suit]``: pawn square,
    ``occupied``: their mask; per suit ``dice``, ``timers`` (-1 none), ``reservoirs`` (6-bit
    masks of values), ``points``; ``live``: 4-bit mask of live suits; ``suit``: the acting suit
    (-1 when over) and ``feeding`` whether it is in its feed step.
    """

    __slots__ = (
        "game", "tiles", "suit_masks", "lo", "hi", "scored", "coins", "hole", "pawns", "occupied", "dice", "timers",
        "reservoirs", "points", "live", "suit", "feeding", "player", "seat", "over", "_legal", "_moves",
        "_effect",
    )  # fmt: skip

    # -- the standard set -------------------------------------------------
    def moves(self) -> list[str]:
        moves = self._moves
        if moves is None:
            moves = self._compute_moves()
        return list(moves)

    def play(self, move: str) -> "DesfasesState":
        try:
            code = MOVE_CODES.get(move)
        except TypeError:  # an unhashable "move"
            code = None
        if code is not None and not self.over:
            if self._moves is None:
                self._compute_moves()
            kind, a, b = code
            x = self.suit
            if self.feeding:
                if kind == FEED and self._legal >> a & 1:
                    return self._feed(a)
            elif self.dice[x]:
                if kind == PAWN:
                    if a == self.pawns[x] and self._legal >> b & 1:
                        return self._move(b)
                elif kind == STAY and not self._legal:
                    return self._move(self.pawns[x])
            elif kind == SCORE:
                if self._legal >> a & 1:
                    return self._score(a)
            elif kind == HOLE_MOVE and not self._legal:
                return self._score(-1)
        raise IllegalMove(self._why_illegal(move))

    def returns(self) -> list[float]:
        players = self.game.num_players
        if not self.over:
            return [0.0] * players
        scores = self.scores()
        best = max(scores)
        share = 1 / scores.count(best)
        result = [share if score == best else -1.0 for score in scores]
        if players == 2:
            shift = sum(result) / 2
            result = [r - shift for r in result]
        return result

    def scores(self) -> list[int]:
        s, m, c, a = self.points
        if self.game.num_players == 2:
            return [s + m, c + a]
        return [s, m, c, a]

    def describe(self, move: str, viewer: int | None = None) -> str:
        from abstracta.games.desfases.describe import describe

        return describe(self, move, viewer)

    def last_effects(self) -> list[dict[str, Any]]:
        return effects_to_json(self, self._effect)

    def structure(self) -> dict[str, Any]:
        """Tiles, coins, pawns and the hole on the grid, timers and reservoirs, dice (``structure.py``)."""
        return structure_of(self)

    def notation(self) -> str:
        return notation.format_position(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "position": self.notation(),
            "last_effects": self.last_effects(),
        }

    # -- legal moves (§6, §7) -----------------------------------------------
    def turning_mask(self) -> int:
        """The acting suit's tiles that turn at the start of its turn: those without a pawn or scoring coin."""
        return self.suit_masks[self.suit] & ~(self.occupied | self.scored)

    def scoring_candidates(self) -> int:
        """The squares the acting suit may score (§7): after its turning, orthogonal, facing the pawn, unscored."""
        turn = self.turning_mask()
        lo, hi = self.lo, self.hi
        lo, hi = lo ^ turn, hi ^ (lo & turn)
        n, e, s, w = FACERS[self.pawns[self.suit]]
        facing = (n & ~lo & ~hi) | (e & lo & ~hi) | (s & hi & ~lo) | (w & lo & hi)
        return facing & ~self.scored

    def _compute_moves(self) -> tuple[str, ...]:
        x = self.suit
        if x < 0:
            self._legal, moves = 0, ()
        elif self.feeding:
            self._legal = self.reservoirs[x]
            moves = FEED_MOVES[self._legal]
        elif self.dice[x]:
            self._legal, moves = _pawn_moves(self.pawns[x], self.occupied)
        else:
            legal = self._legal = self.scoring_candidates()
            moves = tuple(SCORE_NAMES[sq] for sq in _SORTED_TILE_SQUARES if legal >> sq & 1) or HOLE_MOVES
        self._moves = moves
        return moves

    # -- the plays (§5, §7) ---------------------------------------------------
    def _turned(self) -> tuple[int, int, int]:
        turn = self.turning_mask()
        lo = self.lo
        return turn, lo ^ turn, self.hi ^ (lo & turn)

    def _move(self, to: int) -> "DesfasesState":
        """A moving turn: turn the free tiles, move the pawn (``to`` may be its own square: stay), count down.

        The search's hot path (every child of every ordered node), so it builds the successor
        itself, as ``new_state`` would: the turning of ``_turned``, one pawn and one die changed.
        """
        x = self.suit
        pawns = self.pawns
        turn = self.suit_masks[x] & ~(self.occupied | self.scored)
        lo = self.lo
        frm = pawns[x]
        die = self.dice[x] - 1
        live = self.live
        game = self.game
        suit = game.next_suit[x][live]
        state = object.__new__(DesfasesState)
        state.game = game
        state.tiles = self.tiles
        state.suit_masks = self.suit_masks
        state.lo = lo ^ turn
        state.hi = self.hi ^ (lo & turn)
        state.scored = self.scored
        state.coins = self.coins
        state.hole = self.hole
        state.pawns = pawns[:x] + (to,) + pawns[x + 1 :]
        state.occupied = self.occupied & ~BIT[frm] | BIT[to]
        state.dice = self.dice[:x] + (die,) + self.dice[x + 1 :]
        state.timers = self.timers
        state.reservoirs = self.reservoirs
        state.points = self.points
        state.live = live
        state.suit = suit
        state.feeding = False
        state._legal = None
        state._moves = None
        state._effect = (MOVED, x, turn, frm, to, die, False)
        if suit < 0:
            state.over = True
            state.player = None
            state.seat = None
        else:
            state.over = False
            state.player = game.owners[suit]
            state.seat = SUITS[suit]
        return state

    def _score(self, sq: int) -> "DesfasesState":
        """A scoring turn: turn the free tiles, put the timer coin on ``sq`` (-1: into the hole)."""
        x = self.suit
        turn, lo, hi = self._turned()
        value = self.timers[x]
        coin = x * 6 + value
        scored, coins, hole, points = self.scored, self.coins, self.hole, self.points
        if sq >= 0:
            gained = self.tiles[sq] % 6 + value
            scored |= 1 << sq
            coins = _put(coins, sq, coin)
            points = _put(points, x, points[x] + gained)
            kind = SCORED
        else:
            gained = 0
            hole |= 1 << coin
            kind = HOLED
        live = self.live
        if self.reservoirs[x]:
            suit, feeding = x, True
        else:
            live &= ~(1 << x)
            suit, feeding = self.game.next_suit[x][live], False
        effect = (kind, x, turn, sq, value, gained, not feeding)
        return new_state(
            self.game, self.tiles, self.suit_masks, lo, hi, scored, coins, hole, self.pawns, self.dice,
            _put(self.timers, x, -1), self.reservoirs, points, live, suit, feeding, effect,
        )  # fmt: skip

    def _feed(self, value: int) -> "DesfasesState":
        """The feed step: the reservoir coin ``value`` becomes the timer and sets the die; no tile turns."""
        x = self.suit
        live = self.live
        return new_state(
            self.game, self.tiles, self.suit_masks, self.lo, self.hi, self.scored, self.coins, self.hole, self.pawns,
            _put(self.dice, x, value), _put(self.timers, x, value),
            _put(self.reservoirs, x, self.reservoirs[x] & ~(1 << value)), self.points, live,
            self.game.next_suit[x][live], False, (FED, x, 0, -1, value, 0, False),
        )  # fmt: skip

    def _why_illegal(self, move: object) -> str:
        head = f"illegal move {move!r}"  # the reason, not the position: the reader has it
        if self.over:
            return f"{head}: the game is over"
        if not isinstance(move, str):
            return f"{head}: a move is a string such as 'b2-d4', 'score b3' or 'feed 3'"
        return f"{head}: {self._reason(move)}; legal: {', '.join(self.moves())}"

    def _reason(self, move: str) -> str:
        """Why ``move`` (a string, not in ``moves()``) is refused here."""
        x = self.suit
        name = SUIT_NAMES[x]
        code = MOVE_CODES.get(move)
        if code is None:
            if move in _NOWHERE:
                return "a pawn move must leave its square ('stay' is the move of a boxed-in pawn)"
            if move in _INTO_THE_HOLE:
                return "c3 is the hole; no pawn enters it and no tile lies there"
            return "not a move of Desfases (moves look like 'b2-d4', 'stay', 'score b3', 'hole', 'feed 3')"
        kind, a, b = code
        if self.feeding:
            if kind == FEED:
                return f"{name} has no {SUITS[x]}{VALUES[a]} coin in its reservoir"
            return f"{name} must feed its timer from the reservoir"
        pawn = SQUARE_NAMES[self.pawns[x]]
        if self.dice[x]:
            if kind == PAWN and a != self.pawns[x]:
                return f"{name}'s pawn stands on {pawn}, not {SQUARE_NAMES[a]}"
            if kind == PAWN:
                return f"{SQUARE_NAMES[b]} is not a queen move from {pawn} (pawns and the hole block)"
            if kind == STAY:
                return f"{name}'s pawn can move, so it may not stay"
            return f"{name}'s die shows {VALUES[self.dice[x]]}, so its pawn moves"
        if kind == SCORE:
            return (
                f"the tile on {SQUARE_NAMES[a]} is not an unscored orthogonal neighbour of {pawn} "
                "facing it after the turning"
            )
        if kind == HOLE_MOVE:
            return "a tile can be scored, so the coin may not go into the hole"
        return f"{name}'s die shows n, so it scores a tile or drops its coin into the hole"


_INTO_THE_HOLE = {f"{a}-c3" for a in SQUARE_NAMES} | {f"c3-{a}" for a in SQUARE_NAMES} | {"score c3"}
_NOWHERE = {f"{a}-{a}" for a in SQUARE_NAMES}
_SORTED_TILE_SQUARES = tuple(sorted(TILE_SQUARES, key=lambda sq: SQUARE_NAMES[sq]))

def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with ``values[index] = value`` (a new tuple)."""
    return values[:index] + (value,) + values[index + 1 :]


def new_state(
    game: Desfases,
    tiles: tuple[int, ...],
    suit_masks: tuple[int, ...],
    lo: int,
    hi: int,
    scored: int,
    coins: tuple[int, ...],
    hole: int,
    pawns: tuple[int, ...],
    dice: tuple[int, ...],
    timers: tuple[int, ...],
    reservoirs: tuple[int, ...],
    points: tuple[int, ...],
    live: int,
    suit: int,
    feeding: bool,
    effect: tuple | None,
) -> DesfasesState:
    """Build a state directly (no copying); ``suit`` -1 means the game is over (§8)."""
    state = object.__new__(DesfasesState)
    state.game = game
    state.tiles = tiles
    state.suit_masks = suit_masks
    state.lo = lo
    state.hi = hi
    state.scored = scored
    state.coins = coins
    state.hole = hole
    state.pawns = pawns
    state.occupied = BIT[pawns[0]] | BIT[pawns[1]] | BIT[pawns[2]] | BIT[pawns[3]]
    state.dice = dice
    state.timers = timers
    state.reservoirs = reservoirs
    state.points = points
    state.live = live
    state.suit = suit
    state.feeding = feeding
    state._legal = None
    state._moves = None
    state._effect = effect
    if suit < 0:
        state.over = True
        state.player = None
        state.seat = None
    else:
        state.over = False
        state.player = game.owners[suit]
        state.seat = SUITS[suit]
    return state


__all__ = ["Desfases", "DesfasesState"]
