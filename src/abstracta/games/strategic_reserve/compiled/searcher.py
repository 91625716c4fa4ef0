"""Strategic Reserve's expectimax on the compiled core (``search.c``): ExpectimaxBot's search, node for node.

:meth:`StrategicReserveKnowledge.compiled_expectimax` hands :class:`CompiledExpectimax` to
:class:`~abstracta.bots.expectimax.ExpectimaxBot`, which then runs its iterative deepening
in C: the same values, moves, node counts and depths as its Python search at any node budget
(tests/games/strategic_reserve/test_compiled_search.py; docs/compiled.md). The bot still
shuffles and orders the root's moves and seeds the random generator; this module packs them,
the position and the rules into one ``sr_search_request``.
"""

from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING, Any, Sequence

from abstracta.core.compiled import load_extension
from abstracta.core.knowledge import CompiledExpectimaxResult
from abstracta.games.strategic_reserve.board import SQUARE_NAMES
from abstracta.games.strategic_reserve.compiled import Engine, available

if TYPE_CHECKING:
    from abstracta.games.strategic_reserve.rules import StrategicReserveState

EXTENSION = "abstracta.games.strategic_reserve.compiled._engine"

_COMPENSATED_SUM = sys.version_info >= (3, 12)
"""Python 3.12's sum() of floats adds with Neumaier's compensation; the C search adds alike to stay equal."""

_SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}


class CompiledExpectimax:
    """ExpectimaxBot's search for Strategic Reserve with a given set of evaluation weights, in C."""

    def __init__(self, module: Any, weights: Sequence[float]) -> None:
        self._ffi = module.ffi
        self._lib = module.lib
        self.weights = tuple(weights)
        self._engines: dict[tuple, Engine] = {}  # the rules of each set of options, built once

    def request(self, root: "StrategicReserveState", me: int) -> Any:
        """An ``sr_search_request`` for ``root`` (the bot's settings left for :meth:`search` to fill)."""
        game = root.game
        options = (game.options["reserve"], game.max_turns, game.board)
        engine = self._engines.get(options)
        if engine is None:
            engine = self._engines[options] = Engine(game)
        request = self._ffi.new("sr_search_request *")
        request.rules = engine.rules
        request.root = engine.position(root)[0]
        request.me = me
        request.weights = list(self.weights)
        request.compensated_sum = _COMPENSATED_SUM
        return request

    def evaluate(self, state: "StrategicReserveState", me: int) -> float:
        """``StrategicReserveKnowledge(weights).evaluate(state)[me]``, computed in C (for the tests)."""
        return self._lib.sr_search_evaluate(self.request(state, me))

    def search(
        self,
        root: "StrategicReserveState",
        root_moves: Sequence[str],
        *,
        me: int,
        max_depth: int,
        exact_depth: int,
        chance_samples: int,
        star2: bool,
        nodes: int | None,
        seconds: float | None,
        rng: random.Random,
    ) -> CompiledExpectimaxResult:
        """ExpectimaxBot's iterative deepening from ``root`` (the protocol: ``core.knowledge.CompiledExpectimax``)."""
        request = self.request(root, me)
        request.max_depth = max_depth
        request.exact_depth = exact_depth
        request.chance_samples = chance_samples
        request.star2 = star2
        request.nodes = -1 if nodes is None else nodes
        request.seconds = 0.0 if seconds is None else max(seconds, 1e-9)
        _, words, _ = rng.getstate()
        request.mt = words[:-1]
        request.mt_index = words[-1]
        request.root_moves = [_SQUARE_INDEX[move] for move in root_moves]
        request.root_move_count = len(root_moves)
        result = self._ffi.new("sr_search_result *")
        if self._lib.sr_expectimax(request, result) != 0 and result.depth == 0:
            raise MemoryError("the compiled expectimax ran out of memory before finishing one iteration")
        move = SQUARE_NAMES[result.best_move] if result.best_move >= 0 else None
        return CompiledExpectimaxResult(move, result.value, result.depth, result.nodes)


_SEARCHES: dict[tuple[float, ...], CompiledExpectimax] = {}


def compiled_expectimax(weights: tuple[float, ...]) -> CompiledExpectimax | None:
    """The compiled search for ``weights``, or None when the core is not built or is turned off (asked each time,
    so that ``ABSTRACTA_PURE_PYTHON`` set while running takes effect)."""
    module = load_extension(EXTENSION)
    if module is None or not available():  # off now, or already off when the engine was imported
        return None
    search = _SEARCHES.get(weights)
    if search is None:
        search = _SEARCHES[weights] = CompiledExpectimax(module, weights)
    return search
