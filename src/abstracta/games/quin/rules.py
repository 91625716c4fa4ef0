"""Quin, Third Eye Mode: options, setup, turn, moves, effects, end (rules §3-§8).

Read alongside ``docs/rules/quin.md``; sections are cited as §n. The board is this
project's reconstruction (the publisher's is not public), so every geometric fact comes
from the rules file, not from the published game.

A state keeps the board as a tuple of 61 small ints (``pieces.py``), the reserves and
removed pieces as counts per kind, and the turn's flags as ints. ``moves()`` builds,
once per state, a dict from move string to a compact action tuple; ``play()`` looks the
string up and builds the successor directly.

The rules read top to bottom in four files: this one (options, setups, the state, the end of
the game §8), ``movegen.py`` (legal moves, §4 and §6), ``apply.py`` (playing an action, §5 and
§7) and ``explain.py`` (why a move is refused).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from abstracta.core.api import Game, State
from abstracta.core.errors import IllegalMove
from abstracta.core.options import choice_option, int_option
from abstracta.core.rng import make_rng
from abstracta.games.quin import effects as quin_effects
from abstracta.games.quin import notation
from abstracta.games.quin.board import (
    CENTRE,
    NUM_SQUARES,
    SETUP_SQUARES,
    SQUARE_INDEX,
    SQUARE_NAMES,
    ring_of,
    rotate_180,
)
from abstracta.games.quin.movegen import FREE_MEMORY, FREE_RAISE, FREE_TIME  # noqa: F401 (read from here by others)
from abstracta.games.quin.movegen import generate_play, generate_setup, gravity_action
from abstracta.games.quin.notation import E_DRAW, E_WIN
from abstracta.games.quin.pieces import (
    ACCELERATED_AL_RANGE,
    AL,
    KIND_LETTERS,
    LIGHT,
    PIECE_COUNTS,
    RANGES,
    REVEALED,
    SHADOW,
    code,
)

if TYPE_CHECKING:
    from abstracta.games.quin.evaluation import QuinKnowledge
    from abstracta.games.quin.puzzle_goal import FirstSightInTwo
    from abstracta.games.quin.rl import QuinRL
    from abstracta.games.quin.terminal import QuinPicture
    from abstracta.games.quin.view import QuinView

SEATS = ("S", "N")
SETUP, PLAY = 0, 1

QUIET_TURNS = 100  # §8: the quiet-turn draw

WIN_CAPTURE, WIN_FIRST_SIGHT = "capture", "first-sight"
DRAW_TURNS, DRAW_QUIET = "turns", "quiet"

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
    example_options = ({"setup": "standard"}, {"setup": "manual"}, {"setup": "random", "max_turns": 12})
    short_options = {"max_turns": 40}
    description = ("Hidden pieces on a circular board: rivals see only the backs until a flash reveals them.\n"
                   "Bring your Light to the centre or capture the rival's Light, using every power.")
    board_module = "web/board.js"
    rules_text = "rules.md"
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

    def puzzle_goal(self) -> "FirstSightInTwo":
        """Reach First Sight in 2 from the solver's view, standard setup (``puzzle_goal.py``)."""
        from abstracta.games.quin.puzzle_goal import GOAL

        return GOAL

    def make_knowledge(self) -> "QuinKnowledge":
        """Worlds consistent with a view, and position values, for the generic searches (``evaluation.py``)."""
        from abstracta.games.quin.evaluation import QuinKnowledge

        return QuinKnowledge()

    def rl_adapter(self) -> "QuinRL":
        """Action numbering, observation planes and OpenSpiel facts for ``abstracta.rl`` (``rl.py``)."""
        from abstracta.games.quin.rl import QuinRL

        return QuinRL(self)

    def terminal_picture(self) -> "QuinPicture":
        """The six diameters through First Sight and the side panel (``terminal.py``)."""
        from abstracta.games.quin.terminal import PICTURE

        return PICTURE

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
        state._effects = quin_effects.effects_from_json(data.get("last_effects", []), state.board)
        return state


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
            if gravity:  # already in order (see movegen._gravity_moves): splice the block in
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
        return quin_effects.effects_to_json(self._effects)

    def notation(self) -> str:
        return notation.format_position(self)

    def structure(self) -> dict[str, Any]:
        """Every piece with its kind, the reserves, Zero G and the turn's counters (``structure.py``)."""
        from abstracta.games.quin.structure import structure

        return structure(self)

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

    def describe(self, move: str, viewer: int | None = None) -> str:
        from abstracta.games.quin.describe import describe

        return describe(self, move, viewer)

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

    # -- legal actions (§4, §6; generated in movegen.py) ------------------------------
    def _legal(self) -> dict[str, tuple]:
        """Every legal move except the Gravity ones (kept in order in ``self._gravity``), with its action."""
        actions = self._actions
        if actions is None:  # a setup has no Gravity: new_state leaves ``_gravity`` empty
            actions = self._actions = generate_setup(self) if self.phase == SETUP else generate_play(self)
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
                return gravity_action(move)
        return action


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
    """The reason ``move`` is not in ``state.moves()``, quoting the move (not the position)."""
    from abstracta.games.quin.explain import explain

    return f"illegal move {move!r}: {explain(state, move)}"


# Last, because ``apply.py`` builds its successors with ``new_state`` above: the package's
# ``__init__`` imports this module first, so the cycle always resolves in this order.
from abstracta.games.quin.apply import ACTIONS as _ACTIONS  # noqa: E402
