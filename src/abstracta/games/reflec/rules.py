"""Reflec: options, setup, turn, moves, effects, end (``docs/rules/reflec.md``, cited as §n).

A turn is many plays by one suit: each action (move coin, move laser, spin, drop, swap, fire) is
one ``play()``, paid from the tile points ``T`` first and the suit's die second, and the turn
ends only with ``end`` (or when the acting suit destroys its own laser, or the game ends).

Speed: ``moves()`` walks the 64 squares once, extending the list with precomputed string tuples
(``board.py``), already in ``sorted()`` order, and caches it. ``play()`` looks the move up in the
import-time ``MOVE_TABLE`` and checks it against the position in O(1); only ``end`` with tile
points left needs the move list. Successors are built directly from tuples and small ints.

The rules read top to bottom in four files: this one (options, setup, players and suits, the
state, and ``build``, which judges a parsed or new position, §8), ``movegen.py`` (legal moves,
§5.1 and §6), ``apply.py`` (playing a move: the drop round, actions, the shot and the turn's end,
§5-§7; a shot that leaves one player, or a turn limit reached, ends the game there) and
``explain.py`` (why a move is refused).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove
from abstracta.core.options import int_option
from abstracta.games.reflec import notation
from abstracta.games.reflec.board import (
    CELL_CODES,
    MOVE_TABLE,
    SQUARE_INDEX,
    SQUARES,
    SUIT_LETTERS,
    coin,
    laser,
)
from abstracta.games.reflec.structure import position_structure

if TYPE_CHECKING:
    from abstracta.games.reflec.evaluation import ReflecKnowledge
    from abstracta.games.reflec.puzzle_goal import LaserThisTurn
    from abstracta.games.reflec.ppn import ReflecPPN
    from abstracta.games.reflec.rl import ReflecRL
    from abstracta.games.reflec.terminal import ReflecPicture

DROP_PHASE, PLAY_PHASE = 0, 1
COINS_PER_SUIT = 6
START_DIE = 2
MAX_DIE = 5
TILE_POINTS, FULL_DIE_TILE_POINTS = 3, 4

# §2 table: the owner of each suit (S M C A), by number of players.
OWNERS = {2: (0, 1, 0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
LASER_CORNERS = ("a1", "a8", "h8", "h1")  # §4: clockwise in seat order
NO_PLAYER = -1  # the "neutral" controller
EMPTY_SET: frozenset[int] = frozenset()


class Reflec(Game):
    slug = "reflec"
    title = "Reflec"
    example_options = ({"players": 3}, {"players": 4}, {"players": 4, "max_turns": 3})
    short_options = {"max_turns": 12}
    description = ("Coins point a laser's beam around an 8x8 board for two to four players.\n"
                   "Spend action points to move, turn and fire; destroy every rival laser.")
    board_module = "web/board.js"
    rules_text = "rules.md"
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

    def puzzle_goal(self) -> "LaserThisTurn | None":
        """Destroy a laser this turn (``puzzle_goal.py``); two players only."""
        from abstracta.games.reflec.puzzle_goal import GOAL

        return GOAL if self.players == 2 else None

    def ppn_mapping(self) -> "ReflecPPN":
        """Reflec as Portable Piecepack Notation (``ppn.py``)."""
        from abstracta.games.reflec.ppn import MAPPING

        return MAPPING

    def terminal_picture(self) -> "ReflecPicture":
        """The board, suits and last shot on the terminal (``terminal.py``)."""
        from abstracta.games.reflec.terminal import PICTURE

        return PICTURE

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
            swaps=(EMPTY_SET,) * self.players,
            locked=EMPTY_SET,
            touched=EMPTY_SET,
        )

    def parse(self, text: str) -> "ReflecState":
        return self.build(**notation.parse_position(self, text))

    def from_json(self, data: Any) -> "ReflecState":
        game, position = self.read_saved(data)
        state = game.parse(position)
        state._effects = notation.effects_from_json(game, data.get("last_effects", []), state.destroyed)
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
            moves = self._moves = generate_moves(self)
        return list(moves)

    def play(self, move: str) -> "ReflecState":
        try:
            compact = MOVE_TABLE[move]
        except (KeyError, TypeError):  # unknown or unhashable
            compact = None
        if compact is not None and not self.over:
            child = drop_round(self, compact) if self.phase == DROP_PHASE else act(self, compact)
            if child is not None:
                return child
        raise IllegalMove(why_illegal(self, move))

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

    def describe(self, move: str, viewer: int | None = None) -> str:
        from abstracta.games.reflec.describe import describe

        return describe(self, move, viewer)

    def last_effects(self) -> list[dict[str, Any]]:
        return [notation.copy_effect(effect) for effect in self._effects]

    def structure(self) -> dict[str, Any]:
        """The position in the shared vocabulary (``structure.py`` says what each part holds)."""
        return position_structure(self)

    def notation(self) -> str:
        return notation.format_position(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "options": dict(self.game.options),
            "position": self.notation(),
            "last_effects": self.last_effects(),
        }


def why_illegal(state: ReflecState, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, quoting the move and the position (``explain.py``)."""
    from abstracta.games.reflec.explain import why_illegal

    return why_illegal(state, move)


# Last, because move generation and application read this module's constants and build
# ``ReflecState``s: the package's ``__init__`` imports this module first, so the cycle always
# resolves in this order.
from abstracta.games.reflec.apply import act, drop_round  # noqa: E402
from abstracta.games.reflec.movegen import generate_moves  # noqa: E402
