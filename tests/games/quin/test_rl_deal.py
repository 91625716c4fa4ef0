"""The chance model of Quin's random setup (``QuinDeal``) against the rules' algorithm (rules §4, D17b).

The deal lives in Quin's RL adapter (``games/quin/rl.py``). These run without OpenSpiel: the deal
is plain Python, and ``tests/rl/test_openspiel.py`` checks it against the engine's
``start(seed)`` and drives it through OpenSpiel.
"""

from __future__ import annotations

import random

import abstracta
from abstracta.games.quin.rl import QuinDeal

# rules §4: the random start with seed=7
SEED_7_START = (
    "a3s,a4s,b3t,b4v,d3M,d4T,d5S,e4V,e5S,f3R,f4V,f5P,g3P,g4R,g5V,h4V,j3r,j4v,j5v,k4p,k5p,l3r,l4m,l5v "
    "S play LAAAA/laaaa -/- 0/0 0/0 - - 0 0"
)
SIDE_LINES = ("defgh", "jklab")


def rules_sample(seed: int) -> list[list[str]]:
    """Each side's chosen cells, in dealing order, by the algorithm of rules §4 written out here."""
    rng = random.Random(seed)
    chosen = []
    for lines in SIDE_LINES:
        cells = sorted(f"{x}{ring}" for x in lines for ring in (3, 4, 5))  # 15 names, Gateways included
        chosen.append(rng.sample(cells, 12))
    return chosen


def outcomes_of(deal: QuinDeal, chosen: list[list[str]]) -> list[int]:
    """The deal's actions that put the pieces on ``chosen``: each cell's index in its side's list."""
    return [deal.cells[side].index(name) for side in (0, 1) for name in chosen[side]]


def test_the_deal_uses_the_fifteen_cells_of_rings_3_to_5_of_each_side():
    deal = QuinDeal(abstracta.load("quin"))
    assert deal.cells == tuple(tuple(sorted(f"{x}{r}" for x in lines for r in (3, 4, 5))) for lines in SIDE_LINES)
    assert deal.max_outcomes == 15 and deal.pieces == "SSRRMTPPVVVV"
    assert [len(deal.outcomes([])), len(deal.outcomes(list(range(11))))] == [15, 4]


def test_the_deal_of_seed_7s_sample_is_the_rules_seed_7_start():
    game = abstracta.load("quin")
    deal = QuinDeal(game)
    outcomes = outcomes_of(deal, rules_sample(7))
    dealt: list[int] = []
    for action in outcomes:  # every step is an outcome of its node, each equally likely
        choices = dict(deal.outcomes(dealt))
        assert action in choices and len(set(choices.values())) == 1
        dealt.append(action)
    assert deal.complete(dealt)
    assert deal.start(dealt).notation() == SEED_7_START


def test_every_dealt_start_keeps_both_lights_in_reserve_and_nothing_else_off_the_board():
    game = abstracta.load("quin")
    deal = QuinDeal(game)
    for seed in range(20):
        start = deal.start(outcomes_of(deal, rules_sample(seed)))
        board, _side, _phase, reserve = start.notation().split(" ")[:4]
        assert reserve == "LAAAA/laaaa"
        entries = board.split(",")
        assert len(entries) == 24 and not any(entry[-1] in "Ll" for entry in entries)
        assert {entry[:2] for entry in entries} <= set(deal.cells[0] + deal.cells[1])
        # the rival sees a count, never the Light
        assert start.view(0).notation().split(" ")[3] == "LAAAA/5"
        assert start.view(1).notation().split(" ")[3] == "5/laaaa"
