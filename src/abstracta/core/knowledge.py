"""What a game may tell the generic bots about itself: the optional knowledge interface.

The searches in ``abstracta.bots`` play every game through the contract alone;
a game that knows more about itself (what a position is worth, which moves to
try first, which moves change the position sharply) says so by returning a
:class:`Knowledge` from ``Game.make_knowledge()`` (``Game.knowledge()`` builds it once per game). Bots never import a game by name
and games never import bots: this module, in ``core``, is all the two share.

Every method has a default, so a game overrides only what it can do well. All
values are on the scale of ``state.returns()``: ``+1`` a sure win for that
player, ``-1`` a sure loss, ``0`` even. One method serves the interfaces rather than the
bots: :meth:`Knowledge.random_setup`, the random completion of a player's setup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Hashable, NamedTuple, Protocol, Sequence

if TYPE_CHECKING:
    import random

    from abstracta.core.calibration import Calibration

    from abstracta.core.api import State, View


class CompiledExpectimaxResult(NamedTuple):
    """What a compiled search found: the move (None at a chance root), its value for the searching
    player, the last finished depth and the positions visited."""

    move: str | None
    value: float
    depth: int
    nodes: int


class CompiledExpectimax(Protocol):
    """A game's compiled copy of ``bots/expectimax.py``'s search, offered by :meth:`Knowledge.compiled_expectimax`.

    It must return what :class:`~abstracta.bots.expectimax.ExpectimaxBot` would find with this
    knowledge: the same move, value, depth and node count at any node budget (only the time cap,
    a wall clock, may cut the two at different nodes). The bot hands it the root, the root's moves
    in the order its first iteration tries them, its settings and its seeded random generator
    (which sampled iterations draw from).
    """

    def search(
        self,
        root: "State",
        root_moves: Sequence[str],
        *,
        me: int,
        max_depth: int,
        exact_depth: int,
        chance_samples: int,
        star2: bool,
        nodes: int | None,
        seconds: float | None,
        rng: "random.Random",
    ) -> CompiledExpectimaxResult: ...

class CompiledSearcher(Protocol):
    """The alpha-beta search of ``bots/alphabeta.py`` run by a game's compiled core, node for node.

    A game offers one through :meth:`Knowledge.compiled_searcher`; ``AlphaBetaBot`` then hands it
    the root position, its root moves in search order and the budget, and reads back what the
    Python search would have found (the same move, score, depth and node count when no time cap
    cuts it). Each searcher keeps its last search's table for :meth:`principal_variation`.
    """

    def search(self, state: "State", root_moves: list[str], *, max_depth: int, min_depth: int,
               max_nodes: int | None, seconds: float | None, spent: float,
               quiescence: int) -> tuple[str, float, int, int, str]:
        """``(move, score, depth, nodes, stopped)``, as ``SearchReport`` holds them, searching ``root_moves``
        in that order; the search stops once ``seconds`` (``None``: no cap) have passed since the
        caller started, ``spent`` of them already used before this call."""
        ...

    def principal_variation(self, state: "State", first: str, plies: int) -> list[str]:
        """``first``, then the best moves the last search's table holds, ``plies`` at most."""
        ...


class Knowledge:
    """A game's hints for search. Subclass it in ``games/<name>/evaluation.py``.

    The base class is the knowledge of a game that knows nothing: every
    position looks even, moves keep the game's own order, none is noisy.
    Optional abilities are declared as class attributes (``samples_worlds``,
    ``multiplayer_search``), never found out by probing for methods.
    """

    samples_worlds: bool = False
    """True when :meth:`sample_world` is implemented: the information-set search (``bots/ismcts.py``)
    then plays the game's two-player hidden-information levels."""

    multiplayer_search: bool = False
    """True to ask for the multi-player MCTS (``bots/multiplayer.py``) at two players too; with
    more than two players a game with knowledge gets it anyway."""

    level_budgets: dict[str, dict[str, float]] = {}
    """Per-level changes to the generic search's budget, e.g. ``{"hard": {"iterations": 3000}}``.

    A game whose evaluation is cheap, or whose search runs on a compiled core, may ask for more
    of it within the same time limit (``bots/levels.py`` says which keys each search reads);
    empty by default.
    """

    calibrations: "dict[tuple, Calibration]" = {}
    """Fitted maps from raw values to win chances, keyed by ``(players, source)`` (``core/calibration.py``);
    ``source`` is ``"search"`` (the analysis level's search) or ``"quick"`` (:meth:`evaluate` alone).
    A key ``(players, source, option_set_key(options))`` holds the map of one option set (its own seat biases;
    ``core/calibration.py``).
    Empty by default: the win chances then map ``[-1, 1]`` onto ``[0, 1]`` and normalise."""

    def calibration(self, players: int, source: str, options: "dict | None" = None) -> "Calibration | None":
        """The fitted map for ``players`` players and value ``source``, or ``None`` when none was fitted.

        With ``options`` (the game's resolved options), the map of an option set whose every
        ``(name, value)`` pair they hold, where one was fitted, else the player count's.
        """
        if options is not None:
            for key, fitted in self.calibrations.items():
                if len(key) == 3 and key[:2] == (players, source) and all(
                    options.get(name) == value for name, value in key[2]
                ):
                    return fitted
        return self.calibrations.get((players, source))

    def compiled_expectimax(self) -> CompiledExpectimax | None:
        """The game's compiled expectimax for this knowledge, or None (the default: the bot searches in Python).

        A game with a compiled core returns it only when the core is built and not turned off
        (``abstracta.core.compiled``), and only for knowledge whose every method it reproduces.
        """
        return None

    def evaluate(self, state: "State") -> Sequence[float]:
        """One value per player in ``[-1, 1]`` for a position that is not over (each from its own side).

        For two-player zero-sum games the two values are opposite. At a
        chance node the value is the expectation the game can cheaply give
        (or the value of the position before the draw).
        """
        return [0.0] * state.game.num_players

    def key(self, state: "State") -> Hashable:
        """A transposition key: equal for positions the search may treat as the same."""
        return state.notation()

    def earlier_keys(self, state: "State") -> Collection[Hashable]:
        """The :meth:`key` of every earlier position of ``state``'s game that could still recur.

        The alpha-beta search scores a position among them as a draw, as it does one that recurs
        in the line it searches (the rules end repeated positions as draws, and either side could
        steer the game back). A game that keeps its history gives the positions since the last
        irreversible change; the default, ``()``, limits repetitions to the searched line.
        """
        return ()

    def compiled_searcher(self) -> CompiledSearcher | None:
        """A new :class:`CompiledSearcher` for this knowledge's game, or ``None`` (the default): the
        alpha-beta search then runs in Python. A game answers only where its core is built and enabled."""
        return None

    def order(self, state: "State", moves: list[str]) -> list[str]:
        """``moves`` with the likeliest best first (kills, captures, threats); the same set of moves."""
        return moves

    def is_noisy(self, state: "State", move: str) -> bool:
        """True when ``move`` changes the position so sharply that quiescence search should look past it."""
        return False

    def random_setup(self, state: "State", rng: "random.Random") -> list[str]:
        """The moves that complete the setup of the side to move at random, for a player who asks.

        In a game whose players place their pieces (Quin's manual setup): one uniformly random
        complete legal placement, in a uniformly random order, so that neither the order nor the
        squares say anything hidden. ``[]`` when there is no setup to complete (the default).
        The server plays them with its own randomness (``POST /api/games/{id}/random-setup``).
        """
        return []

    def sample_world(self, view: "View", rng: "random.Random", history: Sequence[tuple] = ()) -> "State":
        """A full state whose ``view(viewer)`` is ``view``, hidden parts drawn by ``rng``; only when ``samples_worlds``.

        ``history`` is the searching player's earlier ``(view, move)`` pairs in this game, oldest
        first, from which the game may infer what the hidden parts can be.
        """
        raise NotImplementedError(f"{type(self).__name__} does not sample worlds (samples_worlds is False)")

    def continues(self, earlier: "View", later: "View") -> bool:
        """Whether ``later`` may follow ``earlier`` in one game (a searching bot keeps its history of
        views while it does); ``False`` starts a new history. By default every view continues."""
        return True

    def noisy_moves(self, state: "State") -> list[str]:
        """The noisy moves of the side to move, likeliest best first: what quiescence search tries.

        By default the moves of :meth:`order` that :meth:`is_noisy` accepts. A game may
        return fewer (one stand-in for many moves that have the same sharp effect) or
        compute them faster, as long as each is one of ``state.moves()``.
        """
        return [move for move in self.order(state, state.moves()) if self.is_noisy(state, move)]
