"""How much skill can win at Strategic Reserve? A clairvoyant bot against the greedy and random bots.

The *clairvoyant* bot sees the rival's next roll before it places (the dice
of each game are drawn in advance), places where that roll sends back the
fewest of its checkers, and breaks ties like the greedy bot (the least
expected loss over the 36 rolls). No fair bot can know that roll, so its
margin over greedy is a generous estimate of what any search could gain on
the placement that greedy gets wrong. Games run on bare bitboards (thousands
a minute); seats alternate and game i uses dice seed i in every pair.

    python benchmarks/strategic_reserve_ceiling.py --games 2000
"""

from __future__ import annotations

import argparse
import random
from typing import Callable

import abstracta
from abstracta.bots import wilson_interval
from abstracta.games.strategic_reserve.board import FULL, border, groups_containing
from abstracta.games.strategic_reserve.evaluation import expected_removals

# A policy gets (mine, theirs, legal squares, the rival's next roll target, rng) and returns one legal bit.
Policy = Callable[[int, int, int, int, random.Random], int]


def _bits(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def _loss_to(target: int, mine: int, theirs: int) -> int:
    """Checkers of ``mine`` that a roll onto ``target`` by the owner of ``theirs`` sends back."""
    if target & mine:
        return groups_containing(target, mine).bit_count()
    if target & theirs:
        return groups_containing(border(groups_containing(target, theirs)) & mine, mine).bit_count()
    return 0


def random_policy(mine: int, theirs: int, legal: int, next_target: int, rng: random.Random) -> int:
    squares = _bits(legal)
    return squares[int(rng.random() * len(squares))]


def greedy_policy(mine: int, theirs: int, legal: int, next_target: int, rng: random.Random) -> int:
    scored = [(expected_removals(mine | bit, theirs), bit) for bit in _bits(legal)]
    least = min(score for score, _ in scored)
    ties = [bit for score, bit in scored if score <= least + 1e-12]
    return ties[int(rng.random() * len(ties))]


def clairvoyant_policy(mine: int, theirs: int, legal: int, next_target: int, rng: random.Random) -> int:
    scored = [
        ((_loss_to(next_target, mine | bit, theirs), expected_removals(mine | bit, theirs)), bit)
        for bit in _bits(legal)
    ]
    least = min(score for score, _ in scored)
    ties = [bit for score, bit in scored if score[0] == least[0] and score[1] <= least[1] + 1e-12]
    return ties[int(rng.random() * len(ties))]


def play(policies: list[Policy], dice: random.Random, rng: random.Random) -> int:
    """One game from the start; the winner (0 Red, 1 Blue). Roll i of the game is the i-th draw of ``dice``."""
    start = abstracta.load("strategic-reserve").start()
    mine, theirs, my_reserve, their_reserve = start.red, start.blue, start.red_reserve, start.blue_reserve
    side = 0
    # The 36 rolls hit the 36 squares, one each (rules §7.1), so a roll is a uniformly random square.
    target = 1 << int(dice.random() * 36)
    while True:
        if target & mine:
            legal = border(groups_containing(target, mine))
            removed = groups_containing(legal & theirs, theirs)
        else:
            removed = groups_containing(target, theirs)
            legal = FULL & ~(mine | theirs) | removed
        theirs ^= removed
        their_reserve += removed.bit_count()
        target = 1 << int(dice.random() * 36)  # the rival's next roll, which only the clairvoyant peeks at
        mine |= policies[side](mine, theirs, legal, target, rng)
        my_reserve -= 1
        if my_reserve == 0:
            return side
        mine, theirs, my_reserve, their_reserve = theirs, mine, their_reserve, my_reserve
        side = 1 - side


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pair (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice (default 1)")
    args = parser.parse_args(argv)
    policies = {"clairvoyant": clairvoyant_policy, "greedy": greedy_policy, "random": random_policy}
    for first, second in (("clairvoyant", "greedy"), ("clairvoyant", "random"), ("greedy", "random")):
        wins = 0
        for index in range(args.games):
            seat = index % 2
            pair = [policies[first], policies[second]]
            seated = pair if seat == 0 else pair[::-1]
            dice = random.Random(f"dice:{args.seed}:{index}")
            if play(seated, dice, random.Random(f"ties:{args.seed}:{index}")) == seat:
                wins += 1
        low, high = wilson_interval(wins, args.games)
        print(f"{first}:{second}: {wins}/{args.games} = {wins / args.games:.1%} (Wilson 95% {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
