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
maximum likelihood over all games with draws as half points (see :func:`fit_elo` and
``docs/tournaments.md``).

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

import concurrent.futures
import math
import multiprocessing
import os
import random
import signal
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Callable, Iterable, Sequence

import abstracta
from abstracta.bots.base import Bot, sample_chance
from abstracta.bots.levels import LEVELS, REFERENCE_BOTS, level_bot
from abstracta.bots.match import WILSON_Z_95, termination_counts, wilson_interval
from abstracta.core.api import Game
from abstracta.core.errors import CHANCE

BotMaker = Callable[[str, Game, int], Bot]
"""Makes the bot called ``name`` for ``game`` from a seed; :func:`abstracta.bots.level_bot` by default.
With worker processes it must be picklable (a module-level function)."""

ELO_SCALE = 400 / math.log(10)
"""Elo points per unit of log-odds: a lead of 400 points means odds of 10 to 1."""

DEFAULT_PRIOR_DRAWS = 1.0


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


@dataclass(frozen=True)
class Rating:
    """A bot's fitted Elo with its 95% interval, and the games and points behind it."""

    bot: str
    elo: float
    low: float
    high: float
    games: int
    points: float


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

    @property
    def planned(self) -> int:
        """How many games the full round robin has."""
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
            "games": [{k: v for k, v in asdict(game).items() if k != "moves"} for game in self.games],
        }


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


_loaded: dict[tuple[str, str], Game] = {}
_stop_event: Any = None  # set in worker processes: the parent's "stop now" flag


def _load(slug: str, options: dict[str, Any]) -> Game:
    key = (slug, repr(sorted(options.items())))
    if key not in _loaded:
        _loaded[key] = abstracta.load(slug, **options)
    return _loaded[key]


def _play(task: _Task, game: Game | None = None) -> TournamentGame:
    """Play one scheduled game; the same task gives the same game in any process."""
    game = game or _load(task.slug, task.options)
    rng = game_rng(task.seed, task.a, task.b, task.index)
    bot_seeds = tuple(rng.getrandbits(32) for _ in task.seats)
    players = [task.make_bot(name, game, bot_seed) for name, bot_seed in zip(task.seats, bot_seeds)]
    start_seed = rng.getrandbits(32)
    state = game.start(seed=start_seed)
    plies = 0
    moves: list[str] = []
    while not state.over:
        if _stop_event is not None and _stop_event.is_set():
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


def _worker_init(stop_event: Any) -> None:
    # Ctrl-C reaches the whole process group; only the parent decides what it means.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _stop_event
    _stop_event = stop_event


def stop_requested() -> bool:
    """True in a worker process once the parent asked every game in progress to stop (Ctrl-C)."""
    return _stop_event is not None and _stop_event.is_set()


def _worker_play(task: _Task) -> TournamentGame | None:
    try:
        return _play(task)
    except _Stopped:
        return None


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _pool_context() -> Any:
    # forkserver: workers fork from a clean, single-threaded server (the progress bar runs a thread
    # in this process, and forking a threaded process can deadlock); spawn where it does not exist.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


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
        interrupted = _run_in_workers(tasks, workers, finished, on_game_done)

    games = [finished[number] for number in sorted(finished)]
    return summarise(game, bots, games_per_pair, seed, games, anchor, prior_draws, interrupted)


def _run_in_workers(
    tasks: Sequence[Any],
    workers: int,
    finished: dict[int, Any],
    on_game_done: Callable[[Any], None] | None,
    work: Callable[[Any], Any] = _worker_play,
) -> bool:
    """Play ``tasks`` in a pool, filling ``finished`` by task number; True when Ctrl-C stopped it.

    ``work`` plays one task in a worker (a module-level function, so it pickles) and returns
    ``None`` when the stop flag (:func:`stop_requested`) ended it early; ``simulate`` passes its
    own. Only a few games per worker are queued at a time, so a long run starts at once and
    Ctrl-C has little to cancel.
    """
    context = _pool_context()
    stop = context.Event()
    pool = concurrent.futures.ProcessPoolExecutor(workers, context, initializer=_worker_init, initargs=(stop,))
    queue = iter(enumerate(tasks))
    pending: dict[concurrent.futures.Future, int] = {}

    def keep(future: concurrent.futures.Future, number: int) -> None:
        record = future.result()
        if record is not None:  # None: stopped before its end
            finished[number] = record
            if on_game_done is not None:
                on_game_done(record)

    interrupted = False
    try:
        while True:
            for number, task in queue:
                pending[pool.submit(work, task)] = number
                if len(pending) >= 2 * workers:
                    break
            if not pending:
                break
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in sorted(done, key=pending.__getitem__):
                keep(future, pending.pop(future))
    except KeyboardInterrupt:
        interrupted = True
        stop.set()  # games in progress end at their next move
        for future in concurrent.futures.wait(pending).done:
            if not future.cancelled() and future.exception() is None:
                keep(future, pending[future])
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
    return interrupted


RAY_IN_FLIGHT = 256
"""Ray tasks submitted at a time: a long run starts at once and Ctrl-C has little to cancel."""


def run_on_ray(
    tasks: Sequence[Any],
    address: str,
    finished: dict[int, Any],
    on_game_done: Callable[[Any], None] | None,
    work: Callable[[Any], Any],
) -> bool:
    """Play ``tasks`` as Ray tasks running ``work(task)``, filling ``finished`` by task number.

    Returns True when Ctrl-C stopped the run (what is finished is kept). ``address`` is a Ray
    cluster address (``auto``, ``ray://host:10001``) or ``"local"`` for a Ray instance started here.
    """
    import ray

    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    play = ray.remote(work)
    queue = iter(enumerate(tasks))
    pending: dict[Any, int] = {}
    interrupted = False
    try:
        while True:
            for number, task in queue:
                pending[play.remote(task)] = number
                if len(pending) >= RAY_IN_FLIGHT:
                    break
            if not pending:
                break
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                number = pending.pop(ref)
                finished[number] = ray.get(ref)
                if on_game_done is not None:
                    on_game_done(finished[number])
    except KeyboardInterrupt:
        interrupted = True
        for ref in pending:
            ray.cancel(ref, force=True)
    return interrupted


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
    return TournamentResult(
        game.slug, dict(game.options), list(bots), games_per_pair, seed, list(games), pairs, ratings,
        anchor if anchor in bots else None, prior_draws, interrupted,
    )  # fmt: skip


def fit_elo(
    names: Sequence[str],
    outcomes: Iterable[tuple[int, int, float]],
    anchor: str | None = None,
    prior_draws: float = DEFAULT_PRIOR_DRAWS,
    z: float = WILSON_Z_95,
) -> list[Rating]:
    """Elo ratings of ``names`` by maximum likelihood, with intervals (95% by default).

    ``outcomes`` are games ``(i, j, score)``: bot ``names[i]`` met ``names[j]`` and scored 1, 0.5 or 0.
    The model is the logistic Elo curve, ``P(i beats j) = 1 / (1 + 10 ** ((R_j - R_i) / 400))``, with a
    draw counted as half a win and half a loss (Bradley-Terry with ties split). To keep every rating
    finite (an undefeated bot has no maximum otherwise) each pair of bots also gets ``prior_draws``
    virtual drawn games, as BayesElo does. Ratings are relative: ``anchor`` is rated 0 when it is one
    of ``names``, else the mean rating is 0. Intervals are ``elo ± z·sd`` with ``sd`` from the inverse of
    the observed Fisher information (the log-likelihood's curvature at the maximum); the anchor's is 0.

    >>> [round(r.elo) for r in fit_elo(["a", "b"], [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], anchor="a")]
    [0, -147]
    """
    n = len(names)
    if n < 1:
        raise ValueError("fit_elo needs at least one bot")
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be 0 or more, got {prior_draws}")
    games = [[0.0] * n for _ in range(n)]  # games[i][j]: games between i and j (virtual draws included)
    points = [[0.0] * n for _ in range(n)]  # points[i][j]: i's points against j
    played = [0] * n
    scored = [0.0] * n
    for i, j, score in outcomes:
        if i == j or not 0 <= score <= 1:
            raise ValueError(f"a game needs two different bots and a score from 0 to 1, got {(i, j, score)}")
        games[i][j] += 1
        games[j][i] += 1
        points[i][j] += score
        points[j][i] += 1 - score
        played[i] += 1
        played[j] += 1
        scored[i] += score
        scored[j] += 1 - score
    for i, j in combinations(range(n), 2):
        games[i][j] += prior_draws
        games[j][i] += prior_draws
        points[i][j] += prior_draws / 2
        points[j][i] += prior_draws / 2

    strengths = _maximise_likelihood(games, points)  # log-odds units, strengths[0] == 0
    covariance = _covariance(games, strengths)  # of strengths[1:] with strengths[0] fixed
    # Ratings as contrasts: rating = weights · strengths, the weights summing to 0 (so the fixed bot 0
    # does not matter); the variance of a contrast is w C w over the free strengths.
    anchor_index = names.index(anchor) if anchor in names else None
    ratings = []
    for i, name in enumerate(names):
        if anchor_index is None:
            weights = [(1.0 if k == i else 0.0) - 1 / n for k in range(n)]
        else:
            weights = [(1.0 if k == i else 0.0) - (1.0 if k == anchor_index else 0.0) for k in range(n)]
        elo = ELO_SCALE * sum(w * s for w, s in zip(weights, strengths))
        free = weights[1:]
        variance = sum(free[p] * covariance[p][q] * free[q] for p in range(n - 1) for q in range(n - 1))
        half_width = z * ELO_SCALE * math.sqrt(max(variance, 0.0))
        elo = 0.0 if i == anchor_index else elo
        ratings.append(Rating(name, elo, elo - half_width, elo + half_width, played[i], scored[i]))
    return ratings


def _logistic(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _log_likelihood(games: list[list[float]], points: list[list[float]], strengths: list[float]) -> float:
    total = 0.0
    for i, j in combinations(range(len(strengths)), 2):
        if games[i][j]:
            p = min(max(_logistic(strengths[i] - strengths[j]), 1e-300), 1 - 1e-16)
            total += points[i][j] * math.log(p) + points[j][i] * math.log(1 - p)
    return total


def _gradient_and_information(
    games: list[list[float]], points: list[list[float]], strengths: list[float]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its negative Hessian (the observed information), both over all bots."""
    n = len(strengths)
    gradient = [0.0] * n
    information = [[0.0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        if not games[i][j]:
            continue
        p = _logistic(strengths[i] - strengths[j])
        gradient[i] += points[i][j] - games[i][j] * p
        gradient[j] -= points[i][j] - games[i][j] * p
        curvature = games[i][j] * p * (1 - p)
        information[i][i] += curvature
        information[j][j] += curvature
        information[i][j] -= curvature
        information[j][i] -= curvature
    return gradient, information


def _maximise_likelihood(games: list[list[float]], points: list[list[float]]) -> list[float]:
    """Newton's method with step halving on the concave log-likelihood; bot 0 stays at 0."""
    n = len(games)
    strengths = [0.0] * n
    if n == 1:
        return strengths
    current = _log_likelihood(games, points, strengths)
    for _ in range(200):
        gradient, information = _gradient_and_information(games, points, strengths)
        reduced = [row[1:] for row in information[1:]]
        step = _solve(reduced, gradient[1:])
        scale = 1.0
        while True:
            trial = [0.0] + [s + scale * d for s, d in zip(strengths[1:], step)]
            value = _log_likelihood(games, points, trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        strengths, current = trial, value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    return strengths


def _covariance(games: list[list[float]], strengths: list[float]) -> list[list[float]]:
    """Inverse information of the free strengths (all but bot 0), in log-odds units squared."""
    n = len(strengths)
    if n == 1:
        return []
    _, information = _gradient_and_information(games, [[0.0] * n for _ in range(n)], strengths)
    reduced = [row[1:] for row in information[1:]]
    return [_solve(reduced, [1.0 if k == column else 0.0 for k in range(n - 1)]) for column in range(n - 1)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix · x = vector``, by Gaussian elimination with partial pivoting (a few bots only).

    A singular matrix (a bot that met nobody, with ``prior_draws=0``) gives a huge, finite answer.
    """
    size = len(vector)
    rows = [list(row) + [value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if abs(rows[column][column]) < 1e-12:
            rows[column][column] = 1e-12
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return [rows[r][size] / rows[r][r] for r in range(size)]
