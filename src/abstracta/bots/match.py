"""Matches between bots, and the statistics to read them by.

Seat p is always played by ``bot_factories[p]`` (no rotation), so results are
per seat; run a second match with the factories swapped to see both orders.
Everything random in game i (the start seed, the bots' seeds, the chance
draws) comes from one generator seeded by ``(seed, i)``: the same seed gives
the same games, and game i does not depend on how many games came before it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from abstracta.bots.base import Bot, sample_chance
from abstracta.core.api import Game
from abstracta.core.errors import CHANCE

BotFactory = Callable[[int], Bot]
"""Makes the bot for one seat of one game from that game's seed for it."""

WILSON_Z_95 = 1.96


def wilson_interval(successes: int, n: int, z: float = WILSON_Z_95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` for a success rate of ``successes`` out of ``n``.

    Unlike the normal approximation it stays inside [0, 1] and is sensible at
    0 or n successes. With ``n == 0`` nothing is known: ``(0.0, 1.0)``.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    """
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} successes out of {n}")
    if n == 0:
        return 0.0, 1.0
    rate = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (rate + z2 / (2 * n)) / denominator
    half_width = z / denominator * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    # The interval always holds the rate and lies in [0, 1]; at 0 or n successes rounding can miss by a hair.
    return max(0.0, min(rate, centre - half_width)), min(1.0, max(rate, centre + half_width))


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a match: its index, the seed given to ``game.start``, returns, length in
    plies, the final ``scores()`` (the game's own count, e.g. Desfases points) and how it ended
    (``state.termination()``: ``normal``, ``turn limit``...)."""

    index: int
    start_seed: int
    returns: tuple[float, ...]
    plies: int
    scores: tuple[int, ...] = ()
    termination: str = "normal"


@dataclass
class MatchResult:
    """Totals of :func:`play_match`, per seat.

    ``wins[p]`` counts games where seat p alone has the highest return and it
    is above 0; ``draws`` counts games where every return is equal. A shared
    first place that is not a full draw counts as neither (:attr:`shared_firsts`).
    ``total_returns[p]`` sums seat p's returns (see :meth:`mean_return`), ``total_scores[p]``
    sums seat p's final ``scores()`` (see :meth:`mean_score`), ``lengths`` lists each
    game's plies, chance outcomes included, and ``first_seat_margins`` each game's score
    of seat 0 minus the mean score of the other seats (see :meth:`first_seat_margin`), and
    ``results`` each game's returns.
    """

    num_players: int
    games: int
    wins: list[int]
    draws: int
    plies: int
    lengths: list[int]
    total_returns: list[float]
    total_scores: list[int] = field(default_factory=list)
    first_seat_margins: list[float] = field(default_factory=list)
    results: list[tuple[float, ...]] = field(default_factory=list)
    """Each game's returns, in order: what balance by score (:mod:`abstracta.bots.measures`) reads."""
    first_movers: list[int] = field(default_factory=list)
    """The seat of each game's first decision where the caller knows it (``simulate`` reads it from
    the game's trace; a position suite may let any seat start); empty means seat 0 every time."""

    @classmethod
    def empty(cls, num_players: int) -> "MatchResult":
        """No games yet: the start of a tally for ``num_players`` seats."""
        return cls(num_players, 0, [0] * num_players, 0, 0, [], [0.0] * num_players, [0] * num_players)

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        returns = record.returns
        self.games += 1
        self.plies += record.plies
        self.lengths.append(record.plies)
        self.results.append(tuple(returns))
        for seat, value in enumerate(returns):
            self.total_returns[seat] += value
        if not self.total_scores:
            self.total_scores = [0] * self.num_players
        for seat, score in enumerate(record.scores):
            self.total_scores[seat] += score
        if len(record.scores) > 1:
            others = record.scores[1:]
            self.first_seat_margins.append(record.scores[0] - sum(others) / len(others))
        winner = unique_winner(returns)
        if winner is not None:
            self.wins[winner] += 1
        elif min(returns) == max(returns):
            self.draws += 1

    @property
    def mean_length(self) -> float:
        """Average game length in plies (chance outcomes included)."""
        return self.plies / self.games if self.games else 0.0

    def mean_score(self, seat: int) -> float:
        """Seat's average final ``scores()`` entry over the games played (0.0 before any game)."""
        return self.total_scores[seat] / self.games if self.games and self.total_scores else 0.0

    def mean_return(self, seat: int) -> float:
        """Seat's average return (1 win, -1 loss, shares for shared places; 0.0 before any game)."""
        return self.total_returns[seat] / self.games if self.games else 0.0

    @property
    def shared_firsts(self) -> int:
        """Games whose first place was shared by some seats but not all (neither a win nor a draw)."""
        return self.games - sum(self.wins) - self.draws

    def first_seat_margin(self, z: float = WILSON_Z_95) -> tuple[float, float]:
        """``(mean, half_width)``: how many points seat 0 scored above the other seats' mean, per game,
        with the half-width of its normal-approximation interval (95% by default); ``(0.0, inf)``
        with fewer than two games."""
        margins = self.first_seat_margins
        if len(margins) < 2:
            return (margins[0] if margins else 0.0), math.inf
        mean = sum(margins) / len(margins)
        variance = sum((m - mean) ** 2 for m in margins) / (len(margins) - 1)
        return mean, z * math.sqrt(variance / len(margins))

    def win_rate_interval(self, seat: int, z: float = WILSON_Z_95) -> tuple[float, float, float]:
        """``(rate, low, high)``: seat's win rate and its Wilson interval (95% by default)."""
        rate = self.wins[seat] / self.games if self.games else 0.0
        low, high = wilson_interval(self.wins[seat], self.games, z)
        return rate, low, high


def unique_winner(returns: Sequence[float]) -> int | None:
    """The seat with the single highest return when that return is above 0, else ``None``."""
    best = max(returns)
    if best <= 0 or list(returns).count(best) != 1:
        return None
    return list(returns).index(best)


def termination_counts(games: Iterable[Any]) -> dict[str, int]:
    """How many of ``games`` (records with a ``termination`` field) ended each way, most frequent first.

    >>> termination_counts([GameRecord(0, 0, (0, 0), 9, termination="turn limit"), GameRecord(1, 0, (1, -1), 4)])
    {'turn limit': 1, 'normal': 1}
    """
    counts = Counter(record.termination for record in games)
    return dict(counts.most_common())


def game_rng(seed: int, index: int) -> random.Random:
    """The generator behind game ``index`` of a match with ``seed`` (string seeding is stable across runs)."""
    return random.Random(f"abstracta.match:{seed}:{index}")


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random, index: int = 0) -> GameRecord:
    """Play one game from ``game.start`` to the end: seat p moves with ``bots[p]``, chance draws use ``rng``.

    Each bot is shown ``state.view(p)``, what its player may know.
    """
    start_seed = rng.getrandbits(32)
    state = game.start(seed=start_seed)
    plies = 0
    while not state.over:
        player = state.player
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            move = bots[player].choose(state.view(player))
        state = state.play(move)
        plies += 1
    return GameRecord(index, start_seed, tuple(state.returns()), plies, tuple(state.scores()),
                      state.termination() or "normal")  # fmt: skip


def play_match(
    game: Game,
    bot_factories: Sequence[BotFactory],
    games: int,
    seed: int,
    on_game_done: Callable[[GameRecord], None] | None = None,
) -> MatchResult:
    """Play ``games`` games of ``game``, seat p played by ``bot_factories[p](bot_seed)``; totals per seat.

    Game i draws, from :func:`game_rng` ``(seed, i)``, one seed per seat for
    the factories, then the start seed, then its chance outcomes. Fresh bots per
    game keep games independent. ``on_game_done`` receives each finished
    game's :class:`GameRecord`, e.g. to show progress.
    """
    if len(bot_factories) != game.num_players:
        raise ValueError(
            f"{game.slug} has {game.num_players} players here, but {len(bot_factories)} bot factories were given"
        )
    if games < 0:
        raise ValueError(f"games must be at least 0, got {games!r}")
    result = MatchResult.empty(game.num_players)
    for index in range(games):
        rng = game_rng(seed, index)
        bots = [factory(rng.getrandbits(32)) for factory in bot_factories]
        record = play_game(game, bots, rng, index)
        result.add(record)
        if on_game_done is not None:
            on_game_done(record)
    return result
