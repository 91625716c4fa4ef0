"""Strategic Reserve (Mark Steere, 2025): options, setup, turn, moves, effects, end.

Read alongside ``docs/rules/strategic-reserve.md``; sections are cited as §n.

A turn is two plays: the roller's chance node (``player == CHANCE``), whose
outcome ``"p,g"`` hits a square and removes enemy groups at once (§7.2), then
the roller's compulsory placement (§7.3). Only rolls remove; the placement that
empties the mover's reserve wins (§8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import CHANCE, IllegalMove
from abstracta.core.options import choice_option, int_option
from abstracta.games.strategic_reserve import notation
from abstracta.games.strategic_reserve.structure import SEATS, effect_from_json, effects_to_json, structure_of
from abstracta.games.strategic_reserve.board import (
    ROLL_INDEX,
    ROLL_OUTCOMES,
    ROLL_TARGET_BIT,
    SQUARE_BIT,
    SQUARE_NAMES,
    border,
    groups_containing,
    sorted_square_list,
)

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.evaluation import StrategicReserveKnowledge
    from abstracta.games.strategic_reserve.rl import StrategicReserveRL
    from abstracta.games.strategic_reserve.terminal import StrategicReservePicture

RED, BLUE = 0, 1
NO_ROLL = -1  # pending roll index when the next step is the roll

# Checkers on the board at the start (§4): the outline of the central 4x4 block.
START_RED = ("b2", "d2", "e3", "e5", "c5", "b4")
START_BLUE = ("c2", "e2", "e4", "d5", "b5", "b3")

BOARDS = ("6x6", "4x4", "4x2", "2x2")  # files x ranks of the central block played on (a variant below 6x6)


def block_of(board: str) -> tuple[int, tuple[int, ...]]:
    """The central block ``board`` (files x ranks): its bitboard and the roll indices that hit it.

    A die showing a value off the block is rolled again, so each roll on the block is equally
    likely. The block is symmetric about the board's centre, so Blue's rolls hit it too.
    """
    files, ranks = (int(n) for n in board.split("x"))
    file_values = range((6 - files) // 2 + 1, (6 + files) // 2 + 1)
    rank_values = range((6 - ranks) // 2 + 1, (6 + ranks) // 2 + 1)
    block = sum(SQUARE_BIT[f"{'abcdef'[f - 1]}{r}"] for f in file_values for r in rank_values)
    return block, tuple(ROLL_INDEX[f"{p},{g}"] for p in file_values for g in rank_values)

# What a roll hit (§10), stored as a small int on the state and named (structure.HIT_NAMES) only in last_effects().
HIT_EMPTY, HIT_ENEMY, HIT_FRIENDLY = 0, 1, 2


class StrategicReserve(Game):
    slug = "strategic-reserve"
    title = "Strategic Reserve"
    example_options = (
        {"reserve": 1}, {"reserve": 2, "max_turns": 7}, {"reserve": 12, "max_turns": 40}, {"board": "4x2", "reserve": 2},
    )  # fmt: skip
    description = ("Roll two dice to strike a square and send whole groups back to reserve.\n"
                   "Then place a checker; the first to empty their reserve wins.")
    board_module = "web/board.js"
    rules_text = "rules.md"
    has_chance = True
    lower_score_wins = True  # scores() counts checkers still in reserve: fewer is better
    option_specs = (
        int_option("reserve", 6, 1, 12, help="checkers in each reserve at the start (the older edition used 7)"),
        int_option(
            "max_turns", None, 1, allow_none=True, help="draw once this many placements were made with no winner"
        ),
        choice_option(
            "board", "6x6", BOARDS,
            help="variant for exact solvers: play on the central block of this many files x ranks only "
            "(a die showing a value off it is rolled again)", variant=True,
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        board = self.board = self.options.get("board", "6x6")  # a variant option: absent under the default rules
        reserve = self.options["reserve"]
        self.playable, self.rolls = block_of(board)
        self.start_red = sum(SQUARE_BIT[s] for s in START_RED) & self.playable
        self.start_blue = sum(SQUARE_BIT[s] for s in START_BLUE) & self.playable
        on_board = self.start_red.bit_count()
        # §7.4 on the block: before a placement at most 2 * (on_board + reserve - 1) squares are taken,
        # which must leave one empty (6x6: every reserve up to 12 does)
        most = (self.playable.bit_count() + 1) // 2 - on_board
        if reserve > most:
            raise ValueError(
                f"strategic-reserve option 'reserve' must be at most {most} with board={board!r} (got {reserve}): "
                "a larger reserve could fill the block with no square left to place on"
            )
        self.checkers_per_colour = on_board + reserve
        self.max_turns = self.options["max_turns"]
        self.roll_outcomes = tuple(ROLL_OUTCOMES[i] for i in self.rolls)
        self.roll_allowed = tuple(i in self.rolls for i in range(len(ROLL_OUTCOMES)))
        self.chance_outcomes = tuple((outcome, 1 / len(self.rolls)) for outcome in self.roll_outcomes)

    def make_knowledge(self) -> "StrategicReserveKnowledge":
        """Exposure to the next roll, bitboard keys and safest-first ordering (``evaluation.py``)."""
        from abstracta.games.strategic_reserve.evaluation import StrategicReserveKnowledge

        return StrategicReserveKnowledge()

    def rl_adapter(self) -> "StrategicReserveRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.strategic_reserve.rl import StrategicReserveRL

        return StrategicReserveRL(self)

    def compiled_perft(self, state: "StrategicReserveState", depth: int) -> int | None:
        """Perft on the compiled core (``compiled/``), or None when it is not available."""
        from abstracta.games.strategic_reserve import compiled

        if not compiled.available():
            return None
        engine = compiled.Engine(self)
        return engine.perft(engine.position(state), depth)

    def terminal_picture(self) -> "StrategicReservePicture":
        """The board, reserves and dice on the terminal (``terminal.py``)."""
        from abstracta.games.strategic_reserve.terminal import StrategicReservePicture

        return StrategicReservePicture()

    def start(self, seed: int | None = None) -> "StrategicReserveState":
        """The §4 setup (on a smaller ``board``, its checkers on the block); ``seed`` is ignored."""
        reserve = self.options["reserve"]
        return _new_state(self, self.start_red, self.start_blue, reserve, reserve, RED, NO_ROLL, 0, None, None)

    def parse(self, text: str) -> "StrategicReserveState":
        red, blue, red_reserve, blue_reserve, side, pending, count = notation.parse_position(self, text)
        return _new_state(self, red, blue, red_reserve, blue_reserve, side, pending, count, None, None)

    def from_json(self, data: Any) -> "StrategicReserveState":
        game, position = self.read_saved(data)
        state = game.parse(position)
        effect = effect_from_json(data.get("last_effects", []))
        if effect is not None:
            state._effect = effect
        return state


class StrategicReserveState(State):
    """One position. Colours are bitboards (see ``board.py``); every field is an int."""

    __slots__ = (
        "game",
        "red",
        "blue",
        "red_reserve",
        "blue_reserve",
        "side",
        "pending",
        "count",
        "player",
        "seat",
        "over",
        "_legal",
        "_effect",
    )

    # -- the standard set -------------------------------------------------
    def moves(self) -> list[str]:
        if self.over:
            return []
        if self.pending == NO_ROLL:
            return list(self.game.roll_outcomes)
        return sorted_square_list(self._legal_squares())

    def chance(self) -> list[tuple[str, float]]:
        if self.over or self.pending != NO_ROLL:
            return []
        return list(self.game.chance_outcomes)

    def play(self, move: str) -> "StrategicReserveState":
        try:
            if self.pending == NO_ROLL:
                roll = ROLL_INDEX.get(move, -1) if not self.over else -1
                if roll >= 0 and self.game.roll_allowed[roll]:
                    return self._roll(roll)
            else:
                bit = SQUARE_BIT.get(move, 0)
                if bit & self._legal_squares():
                    return self._place(bit)
        except TypeError:  # an unhashable "move"
            pass
        raise IllegalMove(self._why_illegal(move))

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.red_reserve == 0:
            return [1.0, -1.0]
        if self.blue_reserve == 0:
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def termination(self) -> str | None:
        if self.over and self.red_reserve and self.blue_reserve:
            return "turn limit"  # both reserves left: only the max_turns placement limit ends it so
        return super().termination()

    def scores(self) -> list[int]:
        return [self.red_reserve, self.blue_reserve]

    def last_effects(self) -> list[dict[str, Any]]:
        return effects_to_json(self._effect)

    def structure(self) -> dict[str, Any]:
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

    def describe(self, move: str, viewer: int | None = None) -> str:
        from abstracta.games.strategic_reserve.describe import describe

        return describe(self, move, viewer)

    # -- the turn (§5, §7) ------------------------------------------------
    def _roll(self, roll: int) -> "StrategicReserveState":
        """Apply the automatic effects of outcome ``roll`` (§7.2); the roller places next."""
        side = self.side
        target = ROLL_TARGET_BIT[side][roll]
        mine, theirs = (self.red, self.blue) if side == RED else (self.blue, self.red)
        if target & theirs:
            hit = HIT_ENEMY
            removed = groups_containing(target, theirs)
            theirs ^= removed
            legal = self.game.playable & ~(mine | theirs)
        elif target & mine:
            hit = HIT_FRIENDLY
            group_border = border(groups_containing(target, mine))
            removed = groups_containing(group_border & theirs, theirs)
            theirs ^= removed
            legal = group_border & self.game.playable  # every enemy on it was just removed: all empty
        else:
            hit = HIT_EMPTY
            removed = 0
            legal = self.game.playable & ~(mine | theirs)
        returned = removed.bit_count()
        effect = (0, side, roll, target, hit, removed)
        if side == RED:
            return _new_state(
                self.game, mine, theirs, self.red_reserve, self.blue_reserve + returned, side, roll, self.count,
                legal, effect,
            )  # fmt: skip
        return _new_state(
            self.game, theirs, mine, self.red_reserve + returned, self.blue_reserve, side, roll, self.count,
            legal, effect,
        )  # fmt: skip

    def _place(self, bit: int) -> "StrategicReserveState":
        """Put one of the mover's checkers on ``bit``; never removes anything (§7.3)."""
        effect = (1, self.side, bit)
        if self.side == RED:
            return _new_state(
                self.game, self.red | bit, self.blue, self.red_reserve - 1, self.blue_reserve, BLUE, NO_ROLL,
                self.count + 1, None, effect,
            )  # fmt: skip
        return _new_state(
            self.game, self.red, self.blue | bit, self.red_reserve, self.blue_reserve - 1, RED, NO_ROLL,
            self.count + 1, None, effect,
        )  # fmt: skip

    def _legal_squares(self) -> int:
        """Bitboard of legal placements after the pending roll (§7.3), recomputed after ``parse``."""
        legal = self._legal
        if legal is None:
            mine, theirs = (self.red, self.blue) if self.side == RED else (self.blue, self.red)
            target = ROLL_TARGET_BIT[self.side][self.pending]
            if target & mine:
                legal = border(groups_containing(target, mine)) & ~theirs & self.game.playable
            else:
                legal = self.game.playable & ~(mine | theirs)
            self._legal = legal
        return legal

    def _why_illegal(self, move: object) -> str:
        if self.over:
            return f"illegal move {move!r}: the game is over"
        if not isinstance(move, str):
            return f"illegal move {move!r}: a move is a string such as '3,5' or 'c4'"
        if self.pending == NO_ROLL:
            if move in SQUARE_BIT:
                return f"illegal move {move!r}: {SEATS[self.side]} must roll first (an outcome like '3,5')"
            if move in ROLL_INDEX:
                return (f"illegal move {move!r}: on board {self.game.board} the dice show only "
                        f"{self.game.roll_outcomes[0]} to {self.game.roll_outcomes[-1]} (other values are rolled again)")
            return f"illegal move {move!r}: expected a roll outcome 'p,g' with p and g from 1 to 6"
        if move in ROLL_INDEX:
            return f"illegal move {move!r}: the dice were already rolled; place a checker on a square"
        if move not in SQUARE_BIT:
            return f"illegal move {move!r}: expected a square from a1 to f6"
        if SQUARE_BIT[move] & (self.red | self.blue):
            return f"illegal move {move!r}: {move} is occupied"
        if not SQUARE_BIT[move] & self.game.playable:
            return f"illegal move {move!r}: {move} is off the central {self.game.board} block played on"
        target = SQUARE_NAMES[ROLL_TARGET_BIT[self.side][self.pending].bit_length() - 1]
        return f"illegal move {move!r}: the roll hit {SEATS[self.side]}'s group at {target}, so the checker must touch that group"


def _new_state(
    game: StrategicReserve,
    red: int,
    blue: int,
    red_reserve: int,
    blue_reserve: int,
    side: int,
    pending: int,
    count: int,
    legal: int | None,
    effect: tuple | None,
) -> StrategicReserveState:
    """Build a state directly (no copying), deciding the end of the game (§8) on the way."""
    state = object.__new__(StrategicReserveState)
    state.game = game
    state.red = red
    state.blue = blue
    state.red_reserve = red_reserve
    state.blue_reserve = blue_reserve
    state.side = side
    state.pending = pending
    state.count = count
    state._legal = legal
    state._effect = effect
    # A reserve of 0 is a win for that colour; failing that, the placement limit is a draw.
    over = red_reserve == 0 or blue_reserve == 0 or count == game.max_turns
    state.over = over
    if over:
        state.player = None
        state.seat = None
    else:
        state.player = CHANCE if pending == NO_ROLL else side
        state.seat = SEATS[side]
    return state

