"""The game contract (``docs/api.md``): two base classes and the :class:`View` protocol.

Every game subclasses :class:`Game` and :class:`State`; ``state.view(player)`` returns a
:class:`View` (the state itself in a perfect-information game). Interfaces (command line,
server, bots, RL) use only what is declared here, so a new game works everywhere the moment
it is registered.

States are values: ``play`` returns a new state and leaves the receiver as it
was, so a bot may keep any state it has seen.
"""

from __future__ import annotations

import sys
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from abstracta.core.errors import NotationError
from abstracta.core.options import Option, resolve_options

if TYPE_CHECKING:
    import random

    from abstracta.core.knowledge import Knowledge
    from abstracta.core.ppn import PPNMapping
    from abstracta.core.puzzle_goal import PuzzleGoal
    from abstracta.core.rl_adapter import RLAdapter
    from abstracta.core.terminal import TerminalPicture


class Game:
    """One game under one set of options; a factory of states.

    Subclasses set the class attributes and implement :meth:`start`,
    :meth:`parse` and :meth:`from_json`.
    """

    slug: ClassVar[str]
    title: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    has_chance: ClassVar[bool] = False
    """True when play contains chance nodes (``state.player == CHANCE``)."""
    perfect_information: ClassVar[bool] = True
    """False when ``state.view(player)`` hides something (Quin)."""
    lower_score_wins: ClassVar[bool] = False
    """True when a lower ``scores()`` entry is the better one (Strategic Reserve counts checkers left to place)."""
    notation_is_complete: ClassVar[bool] = True
    """False when play depends on more than the position notation holds (Laser Chess keeps a
    repetition history and a draw claim in ``to_json`` only), so ``parse(notation())`` may list
    other moves than the state it was written from."""
    description: ClassVar[str] = ""
    """Two lines about the game for the lobby's card, joined by a line break; empty: the first
    two lines of the class docstring."""
    board_module: ClassVar[str | None] = None
    """The game's board for the browser: a JavaScript module (``docs/web.md``, "Board modules"),
    as a path relative to the folder of the module defining the class (``"web/board.js"``); the
    server serves it as ``/static/boards/<slug>.js``. ``None``: the generic board."""
    rules_text: ClassVar[str | None] = None
    """The game's full rules for players: a Markdown file (``docs/web.md``, "Rules pages"), a path
    like :attr:`board_module`'s (``"rules.md"``). The server renders it as ``/rules/<slug>``, the
    game page shows its legend, ``abstracta rules`` prints it. ``None``: the page shows
    :attr:`description`."""

    example_options: ClassVar[tuple[dict[str, Any], ...]] = ()
    """Option sets worth playing besides the defaults (other setups, player counts, a turn
    limit): the generic tests (conformance, RL) run every game under each. ``()``: the defaults only."""
    short_options: ClassVar[dict[str, Any]] = {}
    """Options under which random play ends within a few hundred plies (a turn limit), for tests
    and demonstrations that play whole random games; ``{}``: the defaults already do."""

    num_players: int
    options: dict[str, Any]

    def __init__(self, **options: Any) -> None:
        self.options = resolve_options(self.slug, self.option_specs, options)
        self.num_players = self._num_players()

    def _num_players(self) -> int:
        return 2

    # -- the standard set every game implements ---------------------------
    def start(self, seed: int | None = None) -> "State":
        raise NotImplementedError

    def parse(self, text: str) -> "State":
        raise NotImplementedError

    def from_json(self, data: Any) -> "State":
        raise NotImplementedError

    # -- shared helpers -----------------------------------------------------
    def read_saved(self, data: Any, check: str = "") -> tuple["Game", Any]:
        """``(game, position)`` of a saved state: the checks every ``from_json`` starts with.

        ``data`` must be an object for this game holding a ``position``; its ``options`` (if
        any) give the game. ``check`` names the game's own check in messages (e.g. ``"J1"``).
        """
        prefix = f"{check}: " if check else ""
        if not isinstance(data, dict):
            raise NotationError(f"{prefix}a saved state must be an object, got {type(data).__name__}")
        if data.get("game", self.slug) != self.slug:
            raise NotationError(f"{prefix}saved state is for {data.get('game')!r}, not {self.slug!r}")
        if "position" not in data:
            raise NotationError(f"{prefix}saved state has no 'position' field")
        try:
            game = self.with_options(data.get("options", self.options))
        except NotationError as error:
            raise NotationError(f"{prefix}{error}") from None
        return game, data["position"]

    def knowledge(self) -> "Knowledge | None":
        """The game's hints for the generic bots (``core/knowledge.py``), or ``None`` when it has none.

        Built once per game by :meth:`make_knowledge` and kept: bots and interfaces may ask as
        often as they like, and read its declared capabilities (``samples_worlds``, ...).
        """
        try:
            return self.__dict__["_knowledge"]
        except KeyError:
            knowledge = self.__dict__["_knowledge"] = self.make_knowledge()
            return knowledge

    def make_knowledge(self) -> "Knowledge | None":
        """Override to offer a :class:`~abstracta.core.knowledge.Knowledge`; called once per game by :meth:`knowledge`."""
        return None

    def rl_adapter(self) -> "RLAdapter | None":
        """What ``abstracta.rl`` needs about this game (``core/rl_adapter.py``): action numbering,
        observation planes, OpenSpiel facts; ``None``, the default, when the game has no RL support."""
        return None

    def compiled_perft(self, state: "State", depth: int) -> int | None:
        """``core.perft.perft(state, depth)`` counted by the game's compiled core (docs/compiled.md);
        ``None``, the default, when the game has none or it is not built or is disabled."""
        return None

    def puzzle_goal(self) -> "PuzzleGoal | None":
        """What this game's puzzles ask (``core/puzzle_goal.py``; ``abstracta.bots.puzzles`` proves
        them); ``None``, the default, when the game has no puzzles."""
        return None

    def terminal_picture(self) -> "TerminalPicture":
        """How the terminal draws this game (``core/terminal.py``): the generic picture (notation,
        scores, effects, moves) unless the game brings its own from ``games/<name>/terminal.py``."""
        from abstracta.core.terminal import TerminalPicture

        return TerminalPicture()

    def move_warning(self, state: "State | View", move: str) -> str | None:
        """A caution the interfaces show before ``move`` (legal in ``state``, the mover's view) is sent,
        for a move a player rarely means (it loses at once); they play it only once confirmed.
        ``None``, the default: nothing to confirm. The rules still allow the move."""
        return None

    def ppn_mapping(self) -> "PPNMapping | None":
        """How a piecepack game reads as Portable Piecepack Notation (``core/ppn.py``); ``None``,
        the default: the game has no PPN export."""
        return None

    @classmethod
    def package_file(cls, path: str) -> Path:
        """A file shipped with the game (``board_module``, ``rules_text``): ``path``, a relative
        ``/``-separated path that stays inside the folder of the module defining the class."""
        parts = PurePosixPath(path).parts
        if not parts or PurePosixPath(path).is_absolute() or ".." in parts or "\\" in path:
            raise ValueError(f"{cls.__name__}: {path!r} is not a relative path inside the game's folder")
        return Path(sys.modules[cls.__module__].__file__ or "").parent.joinpath(*parts)

    def __getstate__(self) -> dict[str, Any]:
        # A game travels to worker processes; its knowledge (with the caches it grew) is rebuilt there.
        return {name: value for name, value in self.__dict__.items() if name != "_knowledge"}

    def with_options(self, options: Any) -> "Game":
        """This game under ``options`` (from a saved state), as a ``NotationError`` when they are bad."""
        if not isinstance(options, dict):
            raise NotationError(f"options must be an object, got {type(options).__name__}")
        if options == self.options and all(type(options[k]) is type(v) for k, v in self.options.items()):
            return self  # same values of the same types (6.0 == 6 and True == 1, yet both are invalid)
        try:
            return type(self)(**options)
        except (TypeError, ValueError) as error:
            raise NotationError(f"saved options are not valid: {error}") from None

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"abstracta.load({self.slug!r}{', ' if changed else ''}{changed})"


class State:
    """A position and everything the rules need to continue from it.

    Attributes every state has (plain attributes, read them, never assign):
    ``game``, ``player`` (int, ``CHANCE`` or ``None`` when over), ``seat``
    (the rules file's name of the acting side) and ``over`` (bool).
    """

    __slots__ = ()

    game: Game
    player: int | None
    seat: str | None
    over: bool
    viewer: ClassVar[int | None] = None
    """Whose knowledge this is: ``None`` for a full state (and a spectator's view); a
    hidden-information view sets it to its seat."""

    # -- the standard set every game implements ---------------------------
    def moves(self) -> list[str]:
        raise NotImplementedError

    def chance(self) -> list[tuple[str, float]]:
        return []

    def play(self, move: str) -> "State":
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def last_effects(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def notation(self) -> str:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def structure(self) -> dict[str, Any]:
        """The position as JSON-ready data in the shared vocabulary of ``core/structure.py``:
        board, cells, areas, dice, scores, turn, extra. Interfaces read this, never the notation.

        The default has no board (the generic board and terminal picture show the notation);
        every built-in game overrides it.
        """
        from abstracta.core.structure import unplaced_structure

        return unplaced_structure(self)

    def view(self, player: int | None) -> "View":
        """What ``player`` may know (``None``: a spectator). Perfect information: the state itself."""
        valid = isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.game.num_players
        if player is not None and not valid:
            raise ValueError(f"no player {player!r} in {self.game.slug} (players 0 to {self.game.num_players - 1})")
        return self

    def determinize(self, rng: "random.Random") -> "State":
        """A full state this position could be, hidden parts drawn by ``rng``: a full state is its own.

        A view of a game with hidden information overrides it (Quin's ``QuinView``), so that a
        playout may start from what a seat knows.
        """
        return self

    def public_move(self, move: str) -> str:
        """What the other players learn when ``move`` is played from this state.

        Interfaces show other seats (move lists, web history, spectators) this form, never the
        move itself. Perfect information: the move as written. Quin masks hidden kinds.
        """
        return move

    def describe(self, move: str, viewer: int | None = None) -> str:
        """``move`` (legal here, or a chance outcome) in a short English phrase, for people.

        ``self`` is the state *before* the move. The phrase says who acts, with what piece, from
        and to where, and what follows (a beam's removal, a roll's hits, a flash, a win), naming
        seats and pieces as the game's rules do: ``"Blue turns the Deflector on e4 clockwise; the
        beam removes Red's Defender on e7"``. ``viewer`` is the seat reading it (``None``: a
        spectator): with hidden information the phrase is built from ``self.view(viewer)`` only,
        so it names no kind that seat cannot see, and two states with the same view give the
        same phrase. Not on the hot path (it may play the move to read its effects).
        ``IllegalMove`` for a move not legal here, ``ValueError`` for a bad ``viewer``.

        The default names the actor and the move as ``viewer`` may read it; every built-in game
        overrides it with its own phrasing (``games/<name>/describe.py``).
        """
        from abstracta.core.describe import plain_phrase

        return plain_phrase(self, move, viewer)

    def termination(self) -> str | None:
        """Why the game ended, in a word, for records and simulations; ``None`` while it goes on.

        ``"normal"``: the rules ended it (a win, or a draw the rules call). A game whose options
        can cut it off (``max_turns``, ``max_plies``) says ``"turn limit"`` for such an end, and a
        game may name its own ends (Laser Chess ``"repetition"``, Quin ``"quiet turns"``).
        """
        return "normal" if self.over else None

    # -- values ------------------------------------------------------------
    def __repr__(self) -> str:
        return f"State({self.notation()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.game.options == other.game.options and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.notation()))


@runtime_checkable
class View(Protocol):
    """What ``state.view(player)`` returns in every game: one seat's (or a spectator's) knowledge.

    A perfect-information game returns the state itself (every :class:`State` is a ``View``);
    a game with hidden information returns a lighter object of its own (Quin's ``QuinView``)
    whose notation, effects and JSON show only what that seat may know. Whatever an interface
    or a bot shows or reads for a player comes from a ``View``, never from the full state.
    """

    game: Game
    player: int | None
    """Who decides now, ``CHANCE`` at a chance node (perfect information only), ``None`` once over."""
    seat: str | None
    over: bool
    viewer: int | None
    """The seat whose knowledge this is; ``None`` for a full state or a spectator."""

    def moves(self) -> list[str]:
        """The viewer's legal moves when the viewer is to move; a hidden-information view gives ``[]`` otherwise."""
        ...

    def chance(self) -> list[tuple[str, float]]: ...

    def play(self, move: str) -> State:
        """The next state: in a hidden-information view, in one world consistent with the view (a guess)."""
        ...

    def returns(self) -> list[float]: ...

    def scores(self) -> list[int]: ...

    def last_effects(self) -> list[dict[str, Any]]:
        """The effects of the move that led here, as the viewer may see them."""
        ...

    def notation(self) -> str:
        """The position as the viewer may know it; ``game.parse`` reads it back."""
        ...

    def to_json(self) -> dict[str, Any]: ...

    def structure(self) -> dict[str, Any]:
        """The structured position as the viewer may know it (``core/structure.py``)."""
        ...

    def termination(self) -> str | None: ...

    def public_move(self, move: str) -> str: ...

    def describe(self, move: str, viewer: int | None = None) -> str:
        """``move`` in a short English phrase as ``viewer`` may read it (see :meth:`State.describe`)."""
        ...

    def view(self, player: int | None) -> "View":
        """The view again for its own viewer (bots call ``view`` on what they are given)."""
        ...

    def determinize(self, rng: "random.Random") -> State:
        """A full state the view could be, hidden parts drawn by ``rng`` (a full state: itself)."""
        ...
