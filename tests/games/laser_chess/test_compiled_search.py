"""The Laser Chess search on the compiled core equals the Python search (docs/compiled.md "Search").

Node for node: at a fixed depth, and under a node budget, the core's report (move, score, depth,
nodes, why it stopped) is the Python AlphaBetaBot's with the same knowledge and seed. The
few-hundred-position run is ``benchmarks/lc_search.py --equal``. Skipped, saying why, when the
core is not built or is disabled (``ABSTRACTA_PURE_PYTHON=1``, the second run of ``make test``).
"""

from __future__ import annotations

import random

import pytest

import abstracta
from abstracta.bots import level_bot
from abstracta.bots.alphabeta import AlphaBetaBot
from abstracta.games.laser_chess import compiled
from abstracta.games.laser_chess.rules import SETUP_NAMES

pytestmark = pytest.mark.skipif(not compiled.available(),
                                reason="the Laser Chess compiled core is not built or ABSTRACTA_PURE_PYTHON is set")


def _positions(count: int, seed: int, every: int = 3, max_plies: int | None = None):
    """``count`` positions from seeded games over the five setups: random moves, with a bot's now and then
    (so that captures, King threats and repetitions occur, not only the opening's quiet)."""
    positions = []
    game_number = 0
    while len(positions) < count:
        setup = SETUP_NAMES[game_number % len(SETUP_NAMES)]
        game = abstracta.load("laser-chess", setup=setup, max_plies=max_plies)
        rng = random.Random(seed * 1000 + game_number)
        bot = level_bot("easy", game, seed=game_number)
        state = game.start()
        for ply in range(60):
            if state.over or len(positions) >= count:
                break
            if ply % every == every - 1:
                positions.append(state)
            state = state.play(bot.choose(state) if rng.random() < 0.3 else rng.choice(state.moves()))
        game_number += 1
    return positions


def _report(state, compiled_search: bool, **budget):
    bot = AlphaBetaBot(seed=7, compiled=compiled_search, **budget)
    report = bot.search(state)
    assert bot._searched_compiled == compiled_search
    return report.move, report.score, report.depth, report.nodes, report.stopped


def test_evaluation_order_and_noisy_moves_equal_the_knowledge():
    from abstracta.games.laser_chess.compiled import search

    positions = _positions(120, seed=1, every=1)
    for state in positions:
        knowledge = state.game.knowledge()
        assert search.evaluate(state) == knowledge.value_for_mover(state)  # to the last bit
        assert search.order(state) == knowledge.order(state, state.moves())
        assert search.noisy_moves(state) == knowledge.noisy_moves(state)


@pytest.mark.parametrize(("depth", "count"), [(2, 24), (3, 3)])
def test_a_fixed_depth_search_equals_the_python_search(depth, count):
    for state in _positions(count, seed=depth):
        python = _report(state, False, max_depth=depth, max_nodes=None)
        assert _report(state, True, max_depth=depth, max_nodes=None) == python
        assert python[2] == depth or python[4] == "decided"


def test_a_node_budget_stops_both_searches_at_the_same_node():
    for state in _positions(6, seed=5, max_plies=30):  # near the ply limit too: its draws in the tree
        python = _report(state, False, max_nodes=1_500, quiescence=2)
        assert _report(state, True, max_nodes=1_500, quiescence=2) == python


def test_repetitions_and_the_draw_claim_inside_the_search_are_the_python_ones():
    # Blue and Red turn a mirror there and back twice: the position occurred three times, the
    # claim is legal at the root, and every earlier position scores as a draw below it.
    game = abstracta.load("laser-chess")
    state = game.start()
    for move in ["c1+", "a5-", "c1-", "a5+"] * 2:
        state = state.play(move)
    assert "draw" in state.moves()
    for depth in (1, 2, 3):
        python = _report(state, False, max_depth=depth, max_nodes=None)
        assert _report(state, True, max_depth=depth, max_nodes=None) == python


def test_the_principal_variation_is_the_python_one():
    for state in _positions(4, seed=9):
        lines = [AlphaBetaBot(max_depth=2, max_nodes=None, seed=1, compiled=flag).principal_variation(state, 6)
                 for flag in (False, True)]  # fmt: skip
        assert lines[0] == lines[1] and len(lines[0]) >= 2


def test_the_level_bots_search_on_the_core_and_hard_gets_its_compiled_budget():
    game = abstracta.load("laser-chess")
    hard = level_bot("hard", game, seed=1)
    medium = level_bot("medium", game, seed=1)
    assert hard.max_nodes == game.knowledge().level_budgets["hard"]["max_nodes"] > 100 * medium.max_nodes
    report = medium.search(game.start())
    assert medium._searched_compiled and report.nodes <= medium.max_nodes + 1


def test_hard_completes_five_plies_from_every_setup_within_its_node_budget():
    # Deterministic: the nodes that five full plies take (the clock aside) fit in hard's budget,
    # which it spends in about a second (benchmarks/lc_search.py times it against the 2 s cap).
    for setup in SETUP_NAMES:
        game = abstracta.load("laser-chess", setup=setup)
        hard = level_bot("hard", game, seed=1)
        five_plies = AlphaBetaBot(seed=1, max_depth=5, max_nodes=hard.max_nodes)
        report = five_plies.search(game.start())
        assert report.depth == 5 and report.stopped == "depth" and report.nodes < hard.max_nodes


def test_a_bot_that_searched_on_the_core_copies_and_pickles():
    import copy
    import pickle

    game = abstracta.load("laser-chess")
    bot = level_bot("medium", game, seed=3)
    move = bot.choose(game.start())
    for twin in (copy.deepcopy(bot), pickle.loads(pickle.dumps(bot))):
        twin.rng.seed(3)
        bot.rng.seed(3)
        assert twin.choose(game.start()) == bot.choose(game.start()) == move and twin._searched_compiled
