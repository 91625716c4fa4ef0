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
from abstracta.core.api import Game, State
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


CAPPED_TERMINATIONS = ("turn limit", "adjudicated")
"""Terminations that a cap gave rather than the rules: the game's turn limit, or adjudication."""


@dataclass(frozen=True)
class Adjudication:
    """End a game once one player's win chance stays above ``threshold`` for ``turns`` of its turns in a row.

    The chances are :func:`abstracta.bots.win_chances.win_chances` after each turn; a turn of
    anyone after which the player's chance is not above ``threshold`` breaks its run. That player
    is then the winner (return 1, every other seat -1), and the game's termination ``adjudicated``.

    >>> Adjudication.parse("win=0.97:4")
    Adjudication(threshold=0.97, turns=4)
    """

    threshold: float = 0.97
    turns: int = 4

    def __str__(self) -> str:
        return f"win={self.threshold:g}:{self.turns}"

    @classmethod
    def parse(cls, text: str) -> "Adjudication":
        """``win=THRESHOLD:TURNS`` (``win=0.97:4``); ``ValueError`` with one line for anything else."""
        kind, _, rest = text.strip().partition("=")
        threshold, _, turns = rest.partition(":")
        try:
            if kind.strip() != "win":
                raise ValueError
            value, count = float(threshold), int(turns)
        except ValueError:
            raise ValueError(f"adjudication {text!r} should read win=CHANCE:TURNS, e.g. win=0.97:4") from None
        if not 0.5 <= value < 1:
            raise ValueError(f"adjudication {text!r}: the win chance must be at least 0.5 and below 1, got {value:g}")
        if count < 1:
            raise ValueError(f"adjudication {text!r}: the number of turns must be at least 1, got {count}")
        return cls(value, count)


@dataclass(frozen=True)
class PlayedGame:
    """What :func:`play_from` played: the last state, every ply, the returns and how it ended.

    ``trace`` holds one :class:`abstracta.bots.measures.PlyTrace` per ply when asked for.
    """

    state: State
    moves: tuple[str, ...]
    returns: tuple[float, ...]
    termination: str
    trace: tuple[Any, ...] | None = None

    @property
    def capped(self) -> bool:
        return self.termination in CAPPED_TERMINATIONS


def play_from(
    state: State,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    trace: bool = False,
    adjudication: Adjudication | None = None,
    quick: bool = False,
    should_stop: Callable[[], bool] | None = None,
) -> PlayedGame | None:
    """Play ``state`` to its end: seat p moves with ``bots[p]`` (shown ``state.view(p)``), chance draws use ``rng``.

    The one game loop of matches, ``simulate``, tournaments and ``report``. ``trace`` records each
    ply's mover and legal-move count, and each seat's win chances after every turn (a turn: the
    plies one player makes in a row; chances are costly, so not after every ply of a multi-ply
    turn nor after a chance outcome); ``quick`` values them without the analysis level's search.
    ``adjudication`` ends the game early (:class:`Adjudication`). ``should_stop`` is asked before
    each ply; ``None`` comes back when it said stop.
    """
    from abstracta.bots.win_chances import win_chances

    measure = trace or adjudication is not None
    plies: list[Any] = []
    moves: list[str] = []
    runs = [0] * len(bots)
    while not state.over:
        if should_stop is not None and should_stop():
            return None
        player = state.player
        if player == CHANCE:
            legal = len(state.chance()) if trace else 0
            move = sample_chance(state, rng)
        else:
            legal = len(state.moves()) if trace else 0
            move = bots[player].choose(state.view(player))
        state = state.play(move)
        moves.append(move)
        chances = None
        if measure and player != CHANCE and (state.over or state.player != player):
            chances = tuple(win_chances(state, seed=len(moves), quick=quick))
        if trace:
            plies.append((player, legal, chances))
        if adjudication is not None and chances is not None and not state.over:
            winner = _adjudicated(runs, player, chances, adjudication)
            if winner is not None:
                returns = tuple(1.0 if seat == winner else -1.0 for seat in range(len(runs)))
                return PlayedGame(state, tuple(moves), returns, "adjudicated", _ply_traces(plies) if trace else None)
    return PlayedGame(state, tuple(moves), tuple(state.returns()), state.termination() or "normal",
                      _ply_traces(plies) if trace else None)  # fmt: skip


def _adjudicated(runs: list[int], mover: int, chances: Sequence[float], rule: Adjudication) -> int | None:
    """Count the runs of turns above the threshold after ``mover``'s turn; the seat whose run is long enough."""
    for seat, chance in enumerate(chances):
        if chance <= rule.threshold:
            runs[seat] = 0
        elif seat == mover:
            runs[seat] += 1
    return mover if runs[mover] >= rule.turns else None


def _ply_traces(plies: list[tuple[int, int, tuple[float, ...] | None]]) -> tuple[Any, ...]:
    from abstracta.bots.measures import PlyTrace  # here: the measures read match's records

    return tuple(PlyTrace(mover, legal, chances) for mover, legal, chances in plies)


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random, index: int = 0) -> GameRecord:
    """Play one game from ``game.start`` to the end: seat p moves with ``bots[p]``, chance draws use ``rng``.

    Each bot is shown ``state.view(p)``, what its player may know.
    """
    start_seed = rng.getrandbits(32)
    played = play_from(game.start(seed=start_seed), bots, rng)
    assert played is not None  # nothing asks it to stop
    return GameRecord(index, start_seed, played.returns, len(played.moves), tuple(played.state.scores()),
                      played.termination)  # fmt: skip


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
