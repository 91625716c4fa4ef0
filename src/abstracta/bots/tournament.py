"""Round-robin tournaments between bot levels, and Elo ratings fitted to their games.

Every pair of named bots plays ``games_per_pair`` games. Seats rotate so that each bot
of a pair sits in each seat equally often; in games of three or four players one seat
holds one bot and every other seat a copy of its rival, and both the lone bot and its
seat rotate (so a pair needs ``2 * players`` games for a full rotation, two games in a
two-player game). A game is won by the bot whose seat(s) hold the first place alone; a
first place shared between both bots (a full draw included) is a draw.

Everything random in game ``i`` of the pair ``(a, b)`` (the bots' seeds, the start seed,
the chance draws) comes from one generator seeded by ``(seed, a, b, i)``, and results are
collected in that fixed order, so the same seed gives the same games however many worker
processes play them. A game does not depend on which other bots are in the tournament.

Ratings are the Elo scale's logistic model (a 400-point lead means 10:1 odds), fitted by
maximum likelihood over all games with draws as half points (see :func:`abstracta.bots.elo.fit_elo`
and ``docs/tournaments.md``). The games are played in this process, in worker processes or as Ray
tasks (:mod:`abstracta.bots.parallel`); the fit and the backends are re-exported here, where
callers have always imported them.

>>> import abstracta
>>> from abstracta.bots.tournament import run_tournament
>>> result = run_tournament(abstracta.load("strategic-reserve", reserve=1), ["random", "easy"], 2, seed=1, workers=1)
>>> len(result.games), [(pair.a, pair.b, pair.games) for pair in result.pairs]
(2, [('random', 'easy', 2)])
>>> [rating.bot for rating in result.ratings]
['random', 'easy']
>>> result.ratings[0].elo  # the anchor
0.0
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Callable, Sequence

from abstracta.bots.base import Bot, sample_chance
from abstracta.bots.elo import DEFAULT_PRIOR_DRAWS, ELO_SCALE, Rating, fit_elo, fit_elo_first_move
from abstracta.bots.levels import LEVELS, REFERENCE_BOTS, level_bot
from abstracta.bots.match import WILSON_Z_95, termination_counts, wilson_interval
from abstracta.bots.sprt import PENTANOMIAL, TRINOMIAL, SprtSpec, first_verdict, pentanomial
from abstracta.bots.parallel import (
    RAY_IN_FLIGHT,
    default_workers,
    load_game,
    run_in_workers,
    run_on_ray,
    stop_requested,
)
from abstracta.core.api import Game
from abstracta.core.errors import CHANCE

__all__ = [
    "BotMaker",
    "DEFAULT_PRIOR_DRAWS",
    "ELO_SCALE",
    "PairResult",
    "RAY_IN_FLIGHT",
    "Rating",
    "SprtResult",
    "TournamentGame",
    "TournamentResult",
    "default_workers",
    "fit_elo",
    "game_rng",
    "pair_score",
    "run_on_ray",
    "run_tournament",
    "seat_arrangements",
    "stop_requested",
    "summarise",
]

BotMaker = Callable[[str, Game, int], Bot]
"""Makes the bot called ``name`` for ``game`` from a seed; :func:`abstracta.bots.level_bot` by default.
With worker processes it must be picklable (a module-level function)."""


# -- what a tournament produces ------------------------------------------------------
@dataclass(frozen=True)
class TournamentGame:
    """One finished game: which pair and game index, the bot of each seat, every seed, and the outcome.

    ``score`` is the pair's first bot's (``a``'s) result: 1 win, 0.5 draw, 0 loss. ``termination``
    says how the game ended (``state.termination()``: ``normal``, ``turn limit``...); games read
    from JSON written before it was kept say ``unknown``.
    """

    pair: int
    a: str
    b: str
    index: int
    seats: tuple[str, ...]
    start_seed: int
    bot_seeds: tuple[int, ...]
    returns: tuple[float, ...]
    plies: int
    scores: tuple[int, ...]
    score: float
    termination: str = "unknown"
    moves: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """Every ply, chance outcomes included, for game records (left out of ``to_json``)."""

    @property
    def winner(self) -> str | None:
        """The bot that won, or ``None`` for a draw."""
        return self.a if self.score == 1 else self.b if self.score == 0 else None


@dataclass(frozen=True)
class PairResult:
    """Totals of one pair, from ``a``'s side: wins, draws, losses and the score with its Wilson interval."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """``a``'s points: a win counts 1 and a draw 0.5."""
        return self.wins + self.draws / 2

    @property
    def score(self) -> float:
        """``a``'s share of the points (0.5 before any game)."""
        return self.points / self.games if self.games else 0.5

    def score_interval(self, z: float = WILSON_Z_95) -> tuple[float, float]:
        """Wilson interval (95% by default) of ``a``'s score, draws counted as half a win."""
        return wilson_interval(self.points, self.games, z)  # type: ignore[arg-type]  # works with half points


@dataclass
class TournamentResult:
    """Everything :func:`run_tournament` learned: the games in a fixed order, per-pair totals, ratings.

    ``interrupted`` is true when Ctrl-C stopped the run; the games then are those finished by then.
    """

    game: str
    options: dict[str, Any]
    bots: list[str]
    games_per_pair: int
    seed: int
    games: list[TournamentGame]
    pairs: list[PairResult]
    ratings: list[Rating]
    anchor: str | None
    prior_draws: float
    interrupted: bool = False
    sprt: SprtSpec | None = None
    sprt_results: list["SprtResult"] = field(default_factory=list)
    first_move: Rating | None = None
    """The shared first-seat advantage in Elo, fitted jointly with the ratings (:func:`fit_elo_first_move`);
    ``bot`` is ``"first seat"``, ``games`` the games it rests on."""

    @property
    def planned(self) -> int:
        """How many games the full round robin has (at most, with an SPRT that may stop a pair early)."""
        return len(self.pairs) * self.games_per_pair

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the settings, every game, the pair table and the ratings."""
        return {
            "game": self.game,
            "options": self.options,
            "bots": self.bots,
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "games_played": len(self.games),
            "games_planned": self.planned,
            "elo": {"anchor": self.anchor or "mean", "prior_draws": self.prior_draws, "interval": "95%"},
            "pairs": [
                {**asdict(pair), "games": pair.games, "score": pair.score,
                 "score_low": pair.score_interval()[0], "score_high": pair.score_interval()[1]}
                for pair in self.pairs
            ],  # fmt: skip
            "ratings": [asdict(rating) for rating in self.ratings],
            "terminations": termination_counts(self.games),
            "first_move": asdict(self.first_move) if self.first_move else None,
            "sprt": None if self.sprt is None else {
                **asdict(self.sprt), "lower": self.sprt.lower, "upper": self.sprt.upper,
                "pairs": [asdict(r) for r in self.sprt_results]},
            "games": [{k: v for k, v in asdict(game).items() if k != "moves"} for game in self.games],
        }


@dataclass(frozen=True)
class SprtResult:
    """The sequential test of one pair, from ``a``'s side: ``verdict`` ``"H1"`` (``a`` is at least ``elo1``
    stronger), ``"H0"`` (at most ``elo0``) or ``None`` (no verdict within the games allowed), the LLR and
    how many units (games, or game pairs with the seats swapped: ``unit``) it took."""

    a: str
    b: str
    verdict: str | None
    llr: float
    units: int
    unit: str
    games: int


# -- the schedule ----------------------------------------------------------------------
def seat_arrangements(a: str, b: str, num_players: int) -> list[tuple[str, ...]]:
    """The seatings a pair cycles through: ``a`` alone in each seat, then ``b`` alone in each seat.

    In a two-player game "a alone in seat 1" is "b alone in seat 0", so two seatings remain.

    >>> seat_arrangements("x", "y", 2)
    [('x', 'y'), ('y', 'x')]
    >>> seat_arrangements("x", "y", 3)
    [('x', 'y', 'y'), ('y', 'x', 'y'), ('y', 'y', 'x'), ('y', 'x', 'x'), ('x', 'y', 'x'), ('x', 'x', 'y')]
    """
    seatings: list[tuple[str, ...]] = []
    for lone, rest in ((a, b), (b, a)):
        for seat in range(num_players):
            seating = tuple(lone if p == seat else rest for p in range(num_players))
            if seating not in seatings:
                seatings.append(seating)
    return seatings


@dataclass(frozen=True)
class _Task:
    """One game to play, with everything a worker process needs (it loads the game itself)."""

    slug: str
    options: dict[str, Any]
    pair: int
    a: str
    b: str
    index: int
    seats: tuple[str, ...]
    seed: int
    make_bot: BotMaker


def _schedule(game: Game, bots: Sequence[str], games_per_pair: int, seed: int, make_bot: BotMaker) -> list[_Task]:
    tasks = []
    for pair, (a, b) in enumerate(combinations(bots, 2)):
        seatings = seat_arrangements(a, b, game.num_players)
        for index in range(games_per_pair):
            seats = seatings[index % len(seatings)]
            tasks.append(_Task(game.slug, dict(game.options), pair, a, b, index, seats, seed, make_bot))
    return tasks


def game_rng(seed: int, a: str, b: str, index: int) -> random.Random:
    """The generator behind game ``index`` of the pair ``(a, b)`` (string seeding is stable across runs)."""
    return random.Random(f"abstracta.tournament:{seed}:{a}:{b}:{index}")


def pair_score(a: str, seats: Sequence[str], returns: Sequence[float]) -> float:
    """``a``'s result in one game: 1 when only ``a``'s seats share the best return, 0 when only its rival's do,
    0.5 when both bots have a seat among the best.

    >>> pair_score("x", ("x", "y", "y"), (-1.0, 0.5, 0.5)), pair_score("x", ("x", "y"), (0.0, 0.0))
    (0.0, 0.5)
    """
    best = max(returns)
    first = {bot for bot, value in zip(seats, returns) if value == best}
    if len(first) > 1:
        return 0.5
    return 1.0 if a in first else 0.0


# -- playing ---------------------------------------------------------------------------
class _Stopped(Exception):
    """The tournament was stopped while this game was being played."""


def _play(task: _Task, game: Game | None = None) -> TournamentGame:
    """Play one scheduled game; the same task gives the same game in any process."""
    game = game or load_game(task.slug, task.options)
    rng = game_rng(task.seed, task.a, task.b, task.index)
    bot_seeds = tuple(rng.getrandbits(32) for _ in task.seats)
    players = [task.make_bot(name, game, bot_seed) for name, bot_seed in zip(task.seats, bot_seeds)]
    start_seed = rng.getrandbits(32)
    state = game.start(seed=start_seed)
    plies = 0
    moves: list[str] = []
    while not state.over:
        if stop_requested():
            raise _Stopped
        player = state.player
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            move = players[player].choose(state.view(player))
        state = state.play(move)
        moves.append(move)
        plies += 1
    returns = tuple(state.returns())
    return TournamentGame(
        task.pair, task.a, task.b, task.index, task.seats, start_seed, bot_seeds, returns, plies,
        tuple(state.scores()), pair_score(task.a, task.seats, returns), state.termination() or "normal",
        tuple(moves),
    )  # fmt: skip


def _worker_play(task: _Task) -> TournamentGame | None:
    try:
        return _play(task)
    except _Stopped:
        return None


def run_tournament(
    game: Game,
    bots: Sequence[str],
    games_per_pair: int,
    seed: int,
    workers: int | None = None,
    on_game_done: Callable[[TournamentGame], None] | None = None,
    make_bot: BotMaker = level_bot,
    anchor: str | None = "random",
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    ray_address: str | None = None,
    sprt: SprtSpec | None = None,
) -> TournamentResult:
    """Play a round robin of ``games_per_pair`` games for every pair of ``bots`` and fit their Elo.

    ``workers`` worker processes play the games (default: every core; 1 plays them in this
    process; workers load the game again by ``game.slug`` and ``game.options``, and ``make_bot``
    must then be a module-level function, and a script calling this needs the usual
    ``if __name__ == "__main__":`` guard). ``on_game_done`` hears of each finished game as it finishes (for progress; the
    order varies with ``workers``, the result's order does not). ``anchor`` names the bot
    rated 0 (when it plays; otherwise the mean rating is 0). Ctrl-C (``KeyboardInterrupt``)
    stops the workers and returns the games finished so far with ``interrupted`` set.
    ``ray_address`` plays the games as Ray tasks on that cluster instead (``"local"`` starts a
    Ray instance in this process; needs the ``ray`` extra); the games are the same either way.
    ``sprt`` runs a sequential test on every pair (:mod:`abstracta.bots.sprt`): ``games_per_pair`` is
    then the most a pair plays, and a pair stops as soon as the test decides (its games are played
    in order, in batches of the workers' size; the games after the deciding one are dropped, so the
    result does not depend on ``workers``).

    Raises ``ValueError`` for fewer than two bots, a repeated or unknown bot name, or a count below its minimum.
    """
    bots = list(bots)
    if len(bots) < 2:
        raise ValueError(f"a tournament needs at least two bots, got {len(bots)}: {', '.join(bots) or 'none'}")
    repeated = sorted({name for name in bots if bots.count(name) > 1})
    if repeated:
        raise ValueError(f"each bot may be named once, but {', '.join(repeated)} is named more than once")
    for name in bots:  # an unknown name fails now, with the maker's message, not in a worker
        if make_bot is not level_bot:
            make_bot(name, game, 0)
        elif name not in LEVELS + REFERENCE_BOTS:
            level_bot(name, game, 0)  # raises, naming the valid levels; a known level need not be built here
    if games_per_pair < 1:
        raise ValueError(f"games per pair must be at least 1, got {games_per_pair}")
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")

    tasks = _schedule(game, bots, games_per_pair, seed, make_bot)
    if sprt is not None:
        games, results, interrupted = _play_sequentially(game, tasks, workers, on_game_done, ray_address, sprt)
        result = summarise(game, bots, games_per_pair, seed, games, anchor, prior_draws, interrupted)
        result.sprt, result.sprt_results = sprt, results
        return result
    finished, interrupted = _play_tasks(game, tasks, workers, on_game_done, ray_address)
    games = [finished[number] for number in sorted(finished)]
    return summarise(game, bots, games_per_pair, seed, games, anchor, prior_draws, interrupted)


def _play_tasks(game: Game, tasks: Sequence[_Task], workers: int, on_game_done: Callable[[TournamentGame], None] | None,
                ray_address: str | None) -> tuple[dict[int, TournamentGame], bool]:  # fmt: skip
    """Play ``tasks``; the finished games by task number, and whether Ctrl-C stopped them."""
    workers = min(workers, len(tasks))
    finished: dict[int, TournamentGame] = {}
    interrupted = False
    if ray_address is not None:
        interrupted = run_on_ray(tasks, ray_address, finished, on_game_done, work=_play)
    elif workers == 1:
        try:
            for number, task in enumerate(tasks):
                finished[number] = _play(task, game)
                if on_game_done is not None:
                    on_game_done(finished[number])
        except KeyboardInterrupt:
            interrupted = True
    else:
        interrupted = run_in_workers(tasks, workers, finished, on_game_done, work=_worker_play)
    return finished, interrupted


def _play_sequentially(game: Game, tasks: Sequence[_Task], workers: int,
                       on_game_done: Callable[[TournamentGame], None] | None, ray_address: str | None,
                       sprt: SprtSpec) -> tuple[list[TournamentGame], list[SprtResult], bool]:  # fmt: skip
    """Each pair's games in batches until its sequential test decides or its games run out.

    Two-player pairs are tested by game pairs (games 2k and 2k+1 swap the seats: pentanomial),
    others game by game (trinomial). A batch is two games in this process, four per worker with
    worker processes (a pool starts per batch: fewer, larger batches waste less), :data:`RAY_IN_FLIGHT` on Ray."""
    paired = game.num_players == 2
    batch = RAY_IN_FLIGHT if ray_address is not None else 2 if workers <= 1 else 4 * workers
    games: list[TournamentGame] = []
    results: list[SprtResult] = []
    for pair in sorted({task.pair for task in tasks}):
        pair_tasks = [task for task in tasks if task.pair == pair]
        played: list[TournamentGame] = []
        state = first_verdict(sprt, [])
        for start in range(0, len(pair_tasks), batch):
            finished, interrupted = _play_tasks(game, pair_tasks[start:start + batch], workers, on_game_done, ray_address)
            played += [finished[number] for number in sorted(finished)]
            scores = [g.score for g in played]
            units = pentanomial(scores) if paired else scores
            state = first_verdict(sprt, units, PENTANOMIAL if paired else TRINOMIAL)
            if state.verdict is not None:
                played = played[: state.units * (2 if paired else 1)]
            if state.verdict is not None or interrupted:
                break
        games += played
        a, b = pair_tasks[0].a, pair_tasks[0].b
        results.append(SprtResult(a, b, state.verdict, state.llr, state.units, "game pair" if paired else "game",
                                  len(played)))  # fmt: skip
        if interrupted:
            return games, results, True
    return games, results, False


# -- tables and ratings ----------------------------------------------------------------
def summarise(
    game: Game,
    bots: Sequence[str],
    games_per_pair: int,
    seed: int,
    games: Sequence[TournamentGame],
    anchor: str | None = "random",
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    interrupted: bool = False,
) -> TournamentResult:
    """The pair table and the ratings of ``games`` (finished games of a round robin of ``bots``)."""
    pairs = []
    for a, b in combinations(bots, 2):
        scores = [g.score for g in games if g.a == a and g.b == b]
        pairs.append(PairResult(a, b, scores.count(1.0), scores.count(0.5), scores.count(0.0)))
    index = {name: i for i, name in enumerate(bots)}
    outcomes = [(index[g.a], index[g.b], g.score) for g in games]
    ratings = fit_elo(list(bots), outcomes, anchor=anchor, prior_draws=prior_draws)
    # The first seat's advantage comes from a second fit with it; the ratings shown stay those above.
    seated = [(index[g.a], index[g.b], g.score, 1 if g.seats[0] == g.a else -1) for g in games]
    _, first_move = fit_elo_first_move(list(bots), seated, anchor=anchor, prior_draws=prior_draws)
    return TournamentResult(
        game.slug, dict(game.options), list(bots), games_per_pair, seed, list(games), pairs, ratings,
        anchor if anchor in bots else None, prior_draws, interrupted, first_move=first_move,
    )  # fmt: skip
